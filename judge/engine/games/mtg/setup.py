"""Building an MTG game from a scenario file: what loading a player and a card means in MTG.

The rest (card libraries, inline cards, variants, the load step) is the card games' common
loading, `judge.engine.games.common.setup`.
"""
from __future__ import annotations

from judge.engine.games.common.setup import CardSource
from judge.engine.games.mtg.state import card_def
from judge.engine.games.mtg.vocab import Card, Library

CARDS = CardSource("cards/mtg.yaml", Library, Card, card_def)

__all__ = ["CARDS", "load_player", "load_card", "shown"]


def load_player(g, name: str, ps) -> None:
    g.add_player(name, ps.life, ps.poison, ps.mana, ps.hand_limit, ps.lands_played)


def load_card(g, pname: str, zname: str, pl, card) -> None:
    attacking = pl.attacking
    if attacking is True:                      # the only opponent
        attacking = next(p.name for p in g.players if p.name != (pl.controller or pname))
    blocking = pl.blocking if isinstance(pl.blocking, list) else ([pl.blocking] if pl.blocking else [])
    g.add_card(pl.id, card, pname, zname, controller=pl.controller or pname, tapped=pl.tapped,
               sick=pl.sick, damage=pl.damage, counters=pl.counters, attached_to=pl.attached_to,
               face_down=pl.face_down, token=pl.token or card.token, attacking=attacking or None,
               blocking=blocking)
    if pl.set:                                  # this copy's printing (206.3)
        g.objects[pl.id].extra["set"] = pl.set


def shown(g, p) -> dict:
    return {"life": p.life, "poison": p.poison, "mana": g.pool_text(p.name)}
