"""A game's phrase book: `say(key, **fields)` and `zone(name)` over `judge/data/templates/<lang>/phrases.yaml`.

Each game's `words.py` is `say, zone = phrase_book("<game>")`; the tests scan the game's code for
the `say("…")` keys it uses and check that each exists.
"""
from __future__ import annotations

from functools import lru_cache

from judge.engine.reasons import phrase


def phrase_book(game: str):
    def say(key: str, **fields) -> str:
        return phrase(game, key, **fields)

    @lru_cache(maxsize=64)
    def zone(z: str) -> str:
        """A zone's name in the book's words (`graveyard` → 坟墓场); an unknown one as it is."""
        try:
            return phrase(game, f"zone.{z}")
        except KeyError:
            return z

    return say, zone


def step_name(step, steps: tuple, aliases: dict) -> str | None:
    """The step a scenario means (`upkeep`, `维持`, an alias), or None if the game has no such step."""
    if step is None:
        return None
    s = str(step).strip()
    s = aliases.get(s, s)
    return s if s in steps else None
