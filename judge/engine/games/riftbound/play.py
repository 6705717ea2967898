"""Playing a card: onto the chain as part of playing it (108.1.a), from the hand or — the chosen champion —
from the champion zone by the normal rules (108.3.d); where a unit or equipment will go (equipment only to
its player's base unless its text says otherwise, 148.1.a.1); what a spell chooses (equipment on the
board can be chosen by what names equipment, 148.1.a.3; equipment in the trash cannot, 148.1.b.2, except by
what names equipment in the trash, 148.1.b.3).

Timing, priority, paying the cost and what makes a target legal beyond those rules are not in this book:
their firings and refusals carry no rule id. Every refusal rewinds the whole attempt (the core's journal).
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError
from judge.engine.core.objects import Event
from judge.engine.games.riftbound import filters, moves
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.state import pool_text
from judge.engine.games.riftbound.words import (
    KEYWORD, ON_BOARD, RESOURCE, STEP, TARGET_IDS, TARGETS, TYPE, say, zone, zone_of_word,
)

mechanic("play", reasons={"not_playable": "player object why"})
mechanic("timing", reasons={"not_now": "player object why"})
mechanic("priority", reasons={"no_priority": "player holder"})
mechanic("cost", reasons={"paid": "player object cost", "cost_ignored": "player object",
                          "cannot_pay": "player object cost pool"})
mechanic("target", reasons={"illegal_target": "object target check expected actual",
                            "wrong_number": "object needed given"})

rules.declare("108.1.a", reasons={"to_chain": "player object"})
rules.declare("108.3.d", reasons={"champion_played": "player object",
                                  "champion_cannot_pay": "player object cost pool"})
rules.declare("148.1.a.1", reasons={"gear_to_base": "object location", "gear_base_only": "object location",
                                    "gear_played_elsewhere": "object location"})
rules.declare("148.1.a.3", reasons={"gear_targeted": "object target"})
rules.declare("148.1.b.2", reasons={"trash_gear_untargetable": "object target"})
rules.declare("148.1.b.3", reasons={"trash_gear_targeted": "object target"})
rules.declare("138.1", reasons={"flavour_not_tag": "object target tag"})
rules.declare("133.8.a", reasons={"tag_missing": "object target tag"})
rules.declare("158.3", reasons={"waits": "object resolving"})


def cast(game, actor, cast=None, targets=None, **_) -> None:
    """The `cast` action: `actor` plays a card from his hand (or his chosen champion from its zone)."""
    actor = game.require_priority(actor)
    p = game.by_name[actor]
    obj = game.objects.get(str(cast)) if cast is not None else None
    if obj is None or obj.owner != actor or obj.zone not in ("hand", "champion"):
        raise game.illegal_unnumbered("play", "not_playable", f"{cast} is not in {actor}'s hand or champion zone",
                                      player=p, object=obj or str(cast), why=say("why.not_in_hand"))
    if KEYWORD.reaction not in obj.card.keywords:
        why = None
        if game.active != actor:
            why = say("why.own_turn")
        elif game.step != STEP.action:
            why = say("why.action_phase")
        elif game.stack:
            why = say("why.chain_open")
        if why:
            raise game.illegal_unnumbered("timing", "not_now", f"{actor} cannot play {obj.id} now", player=p,
                                          object=obj, why=why)
    put_on_chain(game, actor, obj, targets=targets)
    carried = game.chooser.sheet.carry(f"{obj.id}.")
    if carried:         # what the spell will ask as it resolves (158.1), answered as it was played
        game.set_quiet(obj, "item", {**obj.item, "answers": carried})
    game.took_action(actor)


def put_on_chain(game, actor: str, obj, *, targets=None, ignore_cost: bool = False, during=None) -> None:
    """The steps of playing `obj` that this book and the engine know, in order: onto the chain (108.1.a),
    where it will go, what it chooses, its cost; then it is played (triggers), and if a spell is resolving
    it waits until that has finished (158.3)."""
    p = game.by_name[actor]
    from_zone = obj.zone
    f = game.fire("108.1.a", "to_chain", [obj], player=p, object=obj)
    if from_zone == "champion":
        game.fire("108.3.d", "champion_played", [obj], player=p, object=obj)
    item = {"controller": actor, "from": from_zone}
    with game.under(f):
        moves.relocate(game, obj, "chain", None, controller=actor)
    item["location"] = _location(game, actor, obj)
    item["specs"], item["targets"] = _targets(game, obj, targets or [])
    _pay(game, p, obj, from_zone, ignore_cost)
    game.set_quiet(obj, "item", item)
    game.stack.append(obj)
    game.set_quiet(p, "played", p.played + 1)
    game.happen([Event("played", {"object": obj, "player": p})])
    if during is not None:
        game.fire("158.3", "waits", [obj], object=obj, resolving=during.item)
        during.added.append(obj)


def _location(game, actor: str, obj) -> str | None:
    """Where a unit or equipment will be placed (`choices: {location: {ID: 战场}}`; its base if not said)."""
    card = obj.card
    if not any(t in card.types for t in (TYPE.unit, TYPE.gear)):
        return None
    given = game.chooser.sheet.given.get("location", {})
    where = "base"
    if obj.id in given:
        ans = game.choose("location", obj.id, by=actor, options=[zone("base"), zone("battlefield")],
                          legal=lambda a: None if zone_of_word(str(a)) in ON_BOARD else say("why.location"))
        where = zone_of_word(str(ans))
    if TYPE.gear in card.types:
        filters.multi(game, obj, TYPE.gear)
        if where == "base":
            game.fire("148.1.a.1", "gear_to_base", [obj], object=obj, location=zone(where))
        elif "battlefield" in [zone_of_word(z) for z in card.play_to]:
            game.fire("148.1.a.1", "gear_played_elsewhere", [obj], object=obj, location=zone(where))
        else:
            raise game.illegal("148.1.a.1", "gear_base_only", f"{obj.id} is equipment: only to its player's base",
                               object=obj, location=zone(where))
    return where


def _targets(game, obj, given: list) -> tuple[list, list]:
    """Check what the spell chooses as it is played; (specs, [(kind, id, incarnation)] per target word)."""
    specs = [s if isinstance(s, dict) else {"what": s} for s in obj.card.targets]
    given = [str(g) for g in given]
    if len(given) != len(specs):
        raise game.illegal_unnumbered("target", "wrong_number", f"{obj.id} chooses {len(specs)}, given {len(given)}",
                                      object=obj, needed=len(specs), given=len(given))
    slots = []
    for spec, tid in zip(specs, given):
        slots.append([check_target(game, obj, spec, tid)])
    return specs, slots


def check_target(game, obj, spec: dict, tid: str) -> tuple:
    """One chosen target, checked: ("player" | "obj", id, incarnation), or an `IllegalAction`."""
    word = spec.get("what", TARGETS["unit"]["word"])
    tw = TARGETS[TARGET_IDS[word]]
    if tw.get("player"):
        if tid not in game.by_name:
            raise _bad(game, obj, tid, "kind", word, tid)
        return ("player", tid, 0)
    t = game.objects.get(tid)
    if t is None or t is obj:
        raise _bad(game, obj, t or tid, "exists", word, say("zone.gone"))
    want = tuple(TYPE[x] for x in (tw.get("types") or ([tw["type"]] if tw.get("type") else ())))
    where = tw.get("zone", "board")
    on_board = t.zone in ON_BOARD
    if where == "board" and not on_board:
        if TYPE.gear in want and TYPE.gear in t.card.types and t.zone == "trash":
            raise game.illegal("148.1.b.2", "trash_gear_untargetable", f"{tid} is equipment in a trash",
                               object=obj, target=t)
        raise _bad(game, obj, t, "zone", zone("base") + "/" + zone("battlefield"), zone(t.zone))
    if where != "board" and t.zone != where:
        raise _bad(game, obj, t, "zone", zone(where), zone(t.zone))
    if want and not any(x in t.card.types for x in want):
        raise _bad(game, obj, t, "type", "、".join(want), "、".join(t.card.types))
    flt = spec.get("filter")
    bad = filters.problem(game, t, flt, source=obj, controller=obj.controller)
    if bad is not None:
        tag = (flt or {}).get("tag")
        if bad[0] == "tag" and tag in (t.card.flavour or ""):
            raise game.illegal("138.1", "flavour_not_tag", f"{tid}'s flavour text names {tag}; it has no such tag",
                               object=obj, target=t, tag=tag)
        if bad[0] == "tag":
            raise game.illegal("133.8.a", "tag_missing", f"{tid} has no tag {tag}", object=obj, target=t, tag=tag)
        raise _bad(game, obj, t, *bad)
    if TYPE.gear in want and TYPE.gear in t.card.types:
        if on_board:
            game.fire("148.1.a.3", "gear_targeted", [obj, t], object=obj, target=t)
        else:
            game.fire("148.1.b.3", "trash_gear_targeted", [obj, t], object=obj, target=t)
    for x in want:
        if x in t.card.types:
            filters.multi(game, t, x)
            break
    if flt and flt.get("tag"):
        game.fire("133.8.a", "tag_referred", [t], object=t, tag=flt["tag"])
    return ("obj", t.id, t.inc)


def _bad(game, obj, target, check: str, expected, actual):
    return game.illegal_unnumbered("target", "illegal_target", f"{getattr(target, 'id', target)} cannot be chosen",
                                   object=obj, target=target, check=say(f"check.{check}"), expected=expected,
                                   actual=actual)


def _pay(game, p, obj, from_zone: str, ignore_cost: bool) -> None:
    """Pay the card's cost from its player's rune pool, or ignore it when an instruction says so (not in
    this book); the chosen champion from its zone pays by the normal rules (108.3.d)."""
    card = obj.card
    cost = {"energy": card.cost, "power": card.power}
    cost_text = "、".join(f"{RESOURCE[k]}{n}" for k, n in cost.items() if n) or "0"
    if ignore_cost:
        game.unnumbered("cost", "cost_ignored", [obj], player=p, object=obj)
        return
    pool = dict(p.pool)
    if any(pool.get(k, 0) < n for k, n in cost.items() if n):
        have = pool_text(pool) or say("none")
        if from_zone == "champion":
            raise game.illegal("108.3.d", "champion_cannot_pay", f"{p.name} cannot pay {cost_text}",
                               player=p, object=obj, cost=cost_text, pool=have)
        raise game.illegal_unnumbered("cost", "cannot_pay", f"{p.name} cannot pay {cost_text}", player=p,
                                      object=obj, cost=cost_text, pool=have)
    if not any(cost.values()):
        return
    for k, n in cost.items():
        pool[k] = pool.get(k, 0) - n
    f = game.unnumbered("cost", "paid", [obj], player=p, object=obj, cost=cost_text)
    with game.under(f):
        game.set(p, "pool", {k: n for k, n in pool.items() if n})
