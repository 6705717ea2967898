"""Activating an ability of a card on the board (not in this book: 174.8 says only that legends may have
active abilities, and rule 376 is not in the excerpt). Paying its cost; an ability whose instructions only
gain 法力 or 符能 is carried out at once — its gain is 168 —, another goes onto the chain.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError
from judge.engine.core.objects import Event
from judge.engine.games.riftbound.effects import Ctx, run
from judge.engine.games.riftbound.state import RAbility
from judge.engine.games.riftbound.words import ON_BOARD, say
from judge.engine.games.riftbound.rules import mechanic

mechanic("activated", reasons={"activated": "player object ability", "cannot_activate": "player object why"})


def activate(game, actor, activate=None, ability=None, targets=None, **_) -> None:
    """The `activate` action: an ability of a card `actor` controls on the board. One whose instructions
    only gain 法力/符能 is carried out at once (not in this book); another goes onto the chain."""
    actor = game.require_priority(actor)
    p = game.by_name[actor]
    obj = game.objects.get(str(activate))
    if obj is None or obj.zone not in ON_BOARD or obj.controller != actor:
        raise game.illegal_unnumbered("activated", "cannot_activate", f"{actor} controls no {activate} on the board",
                                      player=p, object=obj or str(activate), why=say("why.not_controlled"))
    abilities = [a for a in obj.card.abilities if a.kind == "activated" and (ability is None or a.key == ability)]
    if not abilities:
        raise EngineError(f"{activate} has no activated ability" + (f" {ability!r}" if ability else ""))
    ab = abilities[0]
    cost = ab.spec.get("cost") or {}
    if cost.get("exhaust") and obj.tapped:
        raise game.illegal_unnumbered("activated", "cannot_activate", f"{activate} is exhausted", player=p,
                                      object=obj, why=say("why.exhausted"))
    f = game.unnumbered("activated", "activated", [obj], player=p, object=obj, ability=ab.text or ab.key)
    with game.under(f):
        if cost.get("exhaust"):
            game.happen([Event("exhaust", {"object": obj})])
        if cost.get("energy"):
            pool = dict(p.pool)
            if pool.get("energy", 0) < cost["energy"]:
                raise game.illegal_unnumbered("cost", "cannot_pay", "cannot pay", player=p, object=obj,
                                              cost=str(cost["energy"]), pool=str(pool.get("energy", 0)))
            pool["energy"] -= cost["energy"]
            game.set(p, "pool", {k: n for k, n in pool.items() if n})
        effects = ab.spec.get("effects", [])
        if all("gain" in e for e in effects):
            run(game, Ctx(obj, obj, obj.name, actor), effects)
        else:
            item = RAbility(game.new_id(f"{obj.id}.{ab.key}"), obj.id, obj.inc, obj.name, actor, ab, "activated")
            game.push(item)
    game.took_action(actor)
