"""Game modules, one per rulebook. `game_for(book)` returns the `Game` subclass for a book id.

Registration is by dotted path so importing this package stays cheap; the
module is imported only when a scenario of that book is loaded.
"""
from __future__ import annotations

from importlib import import_module

GAMES: dict[str, str] = {
    "mtg": "judge.engine.games.mtg.game:MtgGame",
    "wow": "judge.engine.games.wow.game:WowGame",
    "riftbound": "judge.engine.games.riftbound.game:RiftboundGame",
}


def game_for(book: str):
    path = GAMES.get(book)
    if path is None:
        raise KeyError(book)
    mod, _, cls = path.partition(":")
    return getattr(import_module(mod), cls)


def known_books() -> list[str]:
    return sorted(GAMES)
