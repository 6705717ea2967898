"""Building a WoW game from a scenario file: what loading a player and a card means in WoW.

The board's zones are `deck` (top first), `hand`, `graveyard`, `removed`, `play`
(hero, allies, equipment, ongoing abilities — each goes to its area by type) and
`resources` (the resource row, part of play). Placement fields: `tapped` is
exhausted, `sick` means the ally has not been in the party since the start of
its controller's turn (glossary 激活), `attached_to` attaches an ability,
`counters: {chosen_type: 暗夜精灵}` records a choice made when the card
resolved (PX-238 Winter Wondervolt).

The rest (card libraries, inline cards, variants, the load step) is the card games'
common loading, `judge.engine.games.common.setup`.
"""
from __future__ import annotations

from judge.engine.games.common.setup import CardSource
from judge.engine.games.wow.state import card_def
from judge.engine.games.wow.vocab import Card, Library
from judge.engine.games.wow.words import TYPE

CARDS = CardSource("cards/wow.yaml", Library, Card, card_def)

__all__ = ["CARDS", "load_player", "load_card", "shown"]


def load_player(g, name: str, ps) -> None:
    g.add_player(name, team=ps.team)


def load_card(g, pname: str, zname: str, pl, card) -> None:
    zone = "play" if zname == "resources" else zname
    chosen = {"type": pl.counters["chosen_type"]} if "chosen_type" in (pl.counters or {}) else None
    counters = {k: n for k, n in (pl.counters or {}).items() if k != "chosen_type"}
    g.add_card(pl.id, card, pname, zone, controller=pl.controller or pname, tapped=pl.tapped,
               fresh=pl.sick, damage=pl.damage, counters=counters, attached_to=pl.attached_to,
               face_down=pl.face_down or (zname == "resources" and card.type != TYPE.quest),
               token=pl.token,
               area="resource" if zname == "resources" else None, chosen=chosen,
               attacking=pl.attacking if isinstance(pl.attacking, str) else None)


def shown(g, p) -> dict:
    """A player's 生命 is his hero's Health minus its damage (WoW has no life total)."""
    h = g.hero_of(p.name)
    return {"life": "-" if h is None else (h.card.health or 0) - h.damage, "poison": 0, "mana": "",
            "team": p.team}
