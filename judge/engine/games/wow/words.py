"""The Chinese phrases WoW puts into reason fields, from `judge/data/templates/<lang>/phrases.yaml` (`wow:`).

Code names a phrase by key (`say("why.chain_empty")`, `say("name.effect_of", source=…)`); the words
live in data, so a second language is a second file, and `tests/test_wow.py` checks that every
key used here exists. Identifiers of the book (card types, step names, damage types, glossary
headwords used as rule ids) may appear in code; sentences may not.
"""
from __future__ import annotations

from judge.engine.games.common.words import phrase_book

say, zone = phrase_book("wow")
