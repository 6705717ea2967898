"""The Chinese phrases MTG puts into reason fields, from `judge/data/templates/<lang>/phrases.yaml`.

Code names a phrase by key (`say("why.tapped")`, `say("event.damage", source=…, target=…, n=3)`);
the words live in data, so a second language is a second file, and
`tests/test_engine_reasons.py` checks that every key used here exists.
"""
from __future__ import annotations

from judge.engine.games.common.words import phrase_book

say, zone = phrase_book("mtg")


def ability_text(obj, ab) -> str:
    """How a judge reads an ability: its printed text; else the card's text when that is its only ability;
    else its position on the card (never the scenario's internal key)."""
    if ab.text:
        return ab.text
    card = obj.card
    if len(card.abilities) == 1 and card.text:
        return card.text
    for i, a in enumerate(card.abilities, 1):
        if a.key == ab.key:
            return say("ability_n", n=i)
    return say("ability_n", n="?")
