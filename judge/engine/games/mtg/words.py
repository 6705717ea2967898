"""The Chinese phrases MTG puts into reason fields, from `judge/data/templates/<lang>/phrases.yaml`.

Code names a phrase by key (`say("why.tapped")`, `say("event.damage", source=…, target=…, n=3)`);
the words live in data, so a second language is a second file, and
`tests/test_engine_reasons.py` checks that every key used here exists.
"""
from __future__ import annotations

from functools import lru_cache

from judge.engine.reasons import phrase


def say(key: str, **fields) -> str:
    return phrase("mtg", key, **fields)


@lru_cache(maxsize=64)
def zone(z: str) -> str:
    try:
        return phrase("mtg", f"zone.{z}")
    except KeyError:
        return z
