"""Building a Riftbound game from a scenario file: what loading a player and a card means here.

The board's zones are the book's non-board zones — `deck` (主牌堆区域, top first), `runes` (符文牌堆区域, top
first), `hand`, `champion` (英雄区域: a card loaded there is its player's chosen champion), `trash`,
`banishment` — and the board: each player's `base` (基地) and the `battlefield` (战场, shared). Placement
fields: `controller` (a card on the board controlled by another player than its owner), `face_down`,
`tapped` (exhausted), `damage`. A player's `mana: {法力: 2}` is his rune pool.

The rest (card libraries, inline cards, variants, the load step) is the card games' common loading,
`judge.engine.games.common.setup`.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError
from judge.engine.games.common.setup import CardSource
from judge.engine.games.riftbound.state import card_def, pool_text
from judge.engine.games.riftbound.vocab import Card, Library
from judge.engine.games.riftbound.words import RESOURCE, say

CARDS = CardSource("cards/riftbound.yaml", Library, Card, card_def)

__all__ = ["CARDS", "load_player", "load_card", "shown", "parse_pool"]


def parse_pool(value) -> dict:
    """A scenario's `mana:` ({法力: 2, 符能: 1}) as a rune pool keyed by resource identifier."""
    if not value:
        return {}
    if not isinstance(value, dict):
        raise EngineError(f"mana: give the rune pool as {{{RESOURCE.energy}: 2, {RESOURCE.power}: 1}}, not {value!r}")
    out = {}
    for word, n in value.items():
        key = RESOURCE.id_of(str(word)) or (word if word in RESOURCE.ids() else None)
        if key is None:
            raise EngineError(f"mana: unknown resource {word!r}; resources: {', '.join(RESOURCE.words())}")
        out[key] = out.get(key, 0) + int(n)
    return {k: n for k, n in out.items() if n}


def load_player(g, name: str, ps) -> None:
    g.add_player(name, pool=parse_pool(ps.mana))


def load_card(g, pname: str, zname: str, pl, card) -> None:
    g.add_card(pl.id, card, pname, zname, controller=pl.controller or pname, tapped=pl.tapped, damage=pl.damage,
               face_down=pl.face_down, token=pl.token, chosen_champion=zname == "champion")


def shown(g, p) -> dict:
    """Riftbound has no life total (points are not in this book): the load step shows the rune pool."""
    return {"mana": pool_text(p.pool) or say("none")}
