"""Special actions a player takes while holding priority, without the stack (408.1i, 408.2h–408.2j).

Playing a land (408.2d) lives with casting; here are the others the 2006 book numbers: turning a face-down
permanent face up (408.2h), ending a continuous effect or stopping a delayed triggered ability that allows it
(408.2i), and ignoring a static ability's effect for a while when the ability allows it (408.2j). Each one
needs priority — a player without it is refused under the action's own rule —, is allowed only where the
object, the effect or the ability says so, and leaves the acting player with priority again.
"""
from __future__ import annotations

from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.chars import chars
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import ability_text, say


def _holding_priority(game, actor, rule: str, what: str) -> str:
    """The acting player, who must hold priority to take the special action (refused under `rule`)."""
    if actor is not None and actor != game.priority and not game.awaiting:
        raise game.illegal(rule, "needs_priority", f"{actor} does not have priority ({game.priority} has): "
                           f"{what} only with priority ({rule})", player=game.by_name.get(actor, actor),
                           holder=game.by_name.get(game.priority, game.priority or "-"))
    return game.require_priority(actor)


def _done(game, actor, rule: str, code: str, objs, **fields):
    """The special action is taken: cited under its rule, without the stack (408.1i); its player gets priority
    again (`keeps_priority`)."""
    p = game.by_name[actor]
    f = game.fire(rule, code, objs, player=p, **fields)
    game.fire("408.1i", "special_action", objs[:1], player=p, action=say(f"special.{rule}"))
    game.fire(rule, "keeps_priority", objs[:1], player=p)
    return f


@rules.implements("408.2h", reasons={"turned_face_up": "player object", "keeps_priority": "player",
                                     "needs_priority": "player holder", "not_face_down": "player object",
                                     "face_up_not_controller": "player object controller"})
def do_turn_face_up(game, actor, turn_face_up=None, **_):
    """408.2h: the controller of a face-down permanent may turn it face up while he has priority."""
    actor = _holding_priority(game, actor, "408.2h", "turning a permanent face up")
    who = game.by_name[actor]
    o = game.objects.get(str(turn_face_up))
    if o is None or o.zone != "battlefield" or not o.face_down:
        raise game.illegal("408.2h", "not_face_down", f"{turn_face_up!r} is not a face-down permanent",
                           player=who, object=o if o is not None else str(turn_face_up))
    ctrl = chars(game, o).controller
    if ctrl != actor:
        raise game.illegal("408.2h", "face_up_not_controller", f"only {ctrl}, who controls {o.name}, may turn it face up",
                           player=who, object=o, controller=game.by_name[ctrl])
    f = _done(game, actor, "408.2h", "turned_face_up", [o], object=o)
    with game.under(f):
        game.set(o, "face_down", False)
    game.took_action(actor)


@rules.implements("408.2i", reasons={"effect_ended": "player source", "delayed_stopped": "player ability",
                                     "keeps_priority": "player", "needs_priority": "player holder",
                                     "nothing_to_end": "player what", "end_not_allowed": "player source"})
def do_end_effect(game, actor, end_effect=None, **_):
    """408.2i: a player ends a continuous effect or stops a delayed triggered ability that object SOURCE's resolution
    created (`end_effect: SOURCE`; made with `may_end: true`, `may_stop: true`), only while he has priority and only
    if the effect or ability allows him: the controller of the spell or ability that created it."""
    actor = _holding_priority(game, actor, "408.2i", "ending an effect")
    who = game.by_name[actor]
    key = str(end_effect)
    live, delayed, mine = endable(game.effects, game.delayed, key, actor)
    if not live and not delayed:
        raise game.illegal("408.2i", "nothing_to_end", f"no continuous effect or delayed ability {key!r} is waiting",
                           player=who, what=key)
    if not mine:
        name = live[0].source_name if live else delayed[0].source_name
        raise game.illegal("408.2i", "end_not_allowed", f"{name}'s effect does not let {actor} end it",
                           player=who, source=name)
    src = game.objects.get(key)
    objs = [src] if src is not None else []
    if live:
        f = _done(game, actor, "408.2i", "effect_ended", objs, source=mine[0].source_name)
    else:
        f = _done(game, actor, "408.2i", "delayed_stopped", objs,
                  ability=say("delayed_ability_of", source=mine[0].source_name))
    with game.under(f):
        for x in mine:
            game.set_quiet(x, "done" if x in delayed else "ended", True)
    game.took_action(actor)


@rules.implements("408.2j", reasons={"effect_ignored": "player source ability cost", "keeps_priority": "player",
                                     "needs_priority": "player holder", "ignore_not_allowed": "player source",
                                     "cannot_pay_ignore": "player source cost pool"})
def do_ignore_effect(game, actor, ignore_effect=None, mana=None, pay=None, **_):
    """408.2j: a static ability that lets a player take an action to ignore its effect (`may_ignore: {cost, who}`):
    while he has priority, he pays (mana abilities first, `mana:`), and until the end of the turn the effect no
    longer applies to him and what he controls."""
    actor = _holding_priority(game, actor, "408.2j", "ignoring an effect")
    who = game.by_name[actor]
    o = game.objects.get(str(ignore_effect))
    abilities = [a for a in chars(game, o).abilities if a.kind == "static" and a.spec.get("may_ignore")] \
        if o is not None and o.zone == "battlefield" else []
    ctrl = chars(game, o).controller if abilities else None
    allowed = [a for a in abilities if _may_ignore(a.spec["may_ignore"].get("who", "any"), actor, ctrl)]
    if not allowed:
        raise game.illegal("408.2j", "ignore_not_allowed", f"{ignore_effect!r} has no effect {actor} may ignore",
                           player=who, source=o if o is not None else str(ignore_effect))
    ab = allowed[0]
    for sid in mana or []:                     # mana abilities activated to pay, first
        src = game.objects.get(sid)
        if src is None or not any(a.kind == "mana" for a in chars(game, src).abilities):
            raise game.illegal("408.2j", "cannot_pay_ignore", f"{sid!r} has no mana ability", player=who, source=o,
                               cost=str(ab.spec["may_ignore"].get("cost", "")), pool="-")
        game.mana_ability_now(actor, src)
    total = M.parse_cost(str(ab.spec["may_ignore"].get("cost", "")))
    options = M.payments(total, who.pool) if total else [{}]
    shown = M.show_cost(total) if total else say("none")
    if not options:
        raise game.illegal("408.2j", "cannot_pay_ignore", f"{actor} cannot pay {shown}", player=who, source=o,
                           cost=shown, pool=M.show(who.pool) if who.pool else say("empty"))
    spend = M.choose_spend(game, actor, o.id, options, pay, lambda want, keys: game.illegal(
        "408.2j", "cannot_pay_ignore", f"cannot pay {shown} as {want}; possible: {', '.join(keys)}", player=who,
        source=o, cost=shown, pool=M.show(who.pool) if who.pool else say("empty")))
    f = _done(game, actor, "408.2j", "effect_ignored", [o], source=o, ability=ability_text(o, ab), cost=shown)
    with game.under(f):
        if spend:
            game.set(who, "pool", M.left_after(who.pool, spend))
        game.set_quiet(game, "ignoring", (*game.ignoring, (f"{o.id}.{ab.key}", o.inc, actor, game.turn)))
    game.took_action(actor)


def endable(effects, delayed, key: str, actor: str) -> tuple[list, list, list]:
    """The continuous effects object `key` created still applying, the delayed triggered abilities it created still
    waiting, and of those the ones that let `actor` end or stop them (408.2i)."""
    live = [e for e in effects if e.source == key and not e.ended]
    waiting = [d for d in delayed if d.source == key and not d.done]
    mine = [e for e in live if e.may_end == actor] + [d for d in waiting if d.spec.get("may_stop")
                                                      and d.controller == actor]
    return live, waiting, mine


def _may_ignore(who: str, actor: str, controller: str) -> bool:
    return who == "any" or (who == "you") == (actor == controller)


rules.declare("408.1i", reasons={"special_action": "player action"})
