"""The Chinese phrases MTG puts into reason fields, from `judge/data/templates/<lang>/phrases.yaml`.

Code names a phrase by key (`say("why.tapped")`, `say("event.damage", source=…, target=…, n=3)`);
the words live in data, so a second language is a second file, and
`tests/test_engine_reasons.py` checks that every key used here exists.
"""
from __future__ import annotations

from judge.engine.games.common.words import phrase_book

say, zone = phrase_book("mtg")
