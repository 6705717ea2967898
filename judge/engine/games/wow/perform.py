"""Carrying WoW events out (`WowGame.perform`), and the events defined as other events (`expand`).

Damage and healing are packets (`packets.py`); a card entering play goes through 710.1 (`enter.py`); any
other zone change is a move (`events.move`). "Destroy" is defined as putting a card from play into its
owner's graveyard (glossary 消灭) — unless it can't be destroyed — and "discard" as revealing a card from
hand and putting it into its owner's graveyard (glossary 弃牌), so `expand()` rewrites them into moves.
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.common.events import into_graveyard
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.enter import enter_play
from judge.engine.games.wow.events import move
from judge.engine.games.wow.packets import deal, heal
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import RULE

rules.declare(RULE.destroy, reasons={"destroyed": "object owner", "not_in_play": "object zone"})
rules.declare(RULE.discard, reasons={"discarded": "object owner"})
rules.declare(RULE.cannot, reasons={"cannot_be_destroyed": "object"},
              near_misses={"uniqueness_first": "object"})


def perform(game, ev: Event) -> bool:
    k = ev.kind
    d = ev.data
    if k == "damage":
        return deal(game, ev)
    if k == "heal":
        return heal(game, ev)
    if k == "move":
        o = d["object"]
        if d.get("from") == "play" and o.zone != "play":
            return False
        if d["to"] == "play":
            return enter_play(game, o, d)
        d["old_inc"] = o.inc
        return move(game, o, d["to"], controller=d.get("controller"), top=d.get("top", True))
    if k in ("exhaust", "ready"):
        o = d["object"]
        if not game.set_tapped(o, k == "exhaust", "play"):
            return False
        if k == "exhaust":
            game.set_quiet(o, "exhausted_at", game.tick())
        return True
    if k == "draw":
        p = d["player"]
        deck = game.zones.get((p.name, "deck"))
        if not deck:
            return False
        card = game.objects[deck[0]]
        game.relocate(card, "hand", controller=p.name)
        return True
    if k in ("step", "attack", "prevented", "play", "strike"):
        return True          # pure trigger events: they happened by being announced
    return False


def expand(game, ev: Event) -> list[Event] | None:
    if ev.kind == "destroy":
        o = ev.data["object"]
        if o.zone != "play":
            return []                   # only a card in play can be destroyed (a link's own check names it)
        if chars(game, o).flags.get("indestructible"):
            if not ev.data.get("uniqueness"):
                game.fire(RULE.cannot, "cannot_be_destroyed", [o], object=o)
                return []
            game.near_miss(RULE.cannot, "uniqueness_first", [o], object=o)
        game.fire(RULE.destroy, "destroyed", [o], object=o, owner=game.by_name[o.owner])
        return into_graveyard(ev, "play")
    if ev.kind == "discard":
        o = ev.data["object"]
        if o.zone != "hand":
            return []                   # only a card in hand can be discarded
        game.fire(RULE.discard, "discarded", [o], object=o, owner=game.by_name[o.owner])
        return into_graveyard(ev, "hand")
    return None
