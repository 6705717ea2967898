"""Characteristics: computed for the objects continuous effects can change, printed for the others.

A game's `chars.compute(game)` works out every computed object's characteristics at once (its own
layers or timestamps and dependencies); `version_cached` keeps the result until the game's `version`
changes (every recorded state change bumps it). `characteristics(compute, printed, zones)` is the
game's `chars(game, obj)`: computed in `zones` (the battlefield and the stack; play and the chain),
printed elsewhere (an object in a library or a hand is its card).
"""
from __future__ import annotations

from functools import wraps


def version_cached(compute):
    """`compute(game)` once per game version (kept on `game._chars`, `game._chars_version`)."""
    @wraps(compute)
    def cached(game):
        cache = game._chars
        if cache is not None and game._chars_version == game.version:
            return cache
        out = compute(game)
        game._chars = out
        game._chars_version = game.version
        return out

    return cached


def characteristics(compute, printed, zones: tuple):
    def chars(game, obj):
        """Characteristics of any object: computed where effects apply to it, printed elsewhere."""
        if obj.zone in zones:
            c = compute(game).get(obj.id)
            if c is not None:
                return c
        return printed(obj)

    return chars
