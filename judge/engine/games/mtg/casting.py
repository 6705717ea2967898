"""Playing spells, activating abilities, playing lands (212.6, 403, 408.1d, 409, 411).

Casting follows 409.1a–i in order: announce (the card moves to the stack),
modes and X, targets (409.1c), total cost determined and locked (409.1f),
mana abilities (409.1g), payment (409.1h), then the spell is cast (409.1i)
and "when you cast" abilities trigger. A step that cannot be completed makes
the whole attempt illegal: an `IllegalAction` citing the rule, and the core
rewinds everything the attempt did (422).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.core.errors import MissingChoice
from judge.engine.core.objects import Event, StackAbility
from judge.engine.games.common.costs import cost_changers
from judge.engine.games.common.state import ability_ids, ability_ids_listed, find_ability_by_id
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.chars import chars
from judge.engine.games.mtg.effects import adds_mana, mana_text, run
from judge.engine.games.mtg.filters import matches, select
from judge.engine.games.mtg.refs import Ctx, tag_exiled
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.targets import check_targets, target_objects
from judge.engine.games.mtg.zones import on_stack
from judge.engine.games.mtg.words import KEYWORD, STEP, SUBTYPE, TAP_SYMBOL, TERM, TYPE, ability_text, say
from judge.engine.games.mtg.words import zone as zone_zh

MAIN = (STEP.main1, STEP.main2)

rules.declare("408.1d", reasons={"sorcery_timing": "player object why", "no_priority": "player holder"})
rules.declare("409.1a", reasons={"spell_announced": "player object", "ability_announced": "player source ability",
                                 "not_castable": "player object why"})
rules.declare("409.1b", reasons={"x_chosen": "object x", "mode_chosen": "object mode"})
rules.declare("409.1c", reasons={"targets_chosen": "object targets", "illegal_target": "object target check expected actual",
                                 "same_target_twice": "object target", "not_enough_targets": "object needed given"})
rules.declare("409.1f", reasons={"total_cost": "object cost printed changes"})
rules.declare("416.2", reasons={"affects_spell_on_stack": "object sources"})
rules.declare("409.1h", reasons={"cost_paid": "player object mana other", "cannot_pay": "player object cost pool",
                                 "cannot_pay_other": "player object cost why"})
rules.declare("409.1i", reasons={"spell_cast": "player object"})
rules.declare("411.1", reasons={"mana_ability": "player source mana"})
rules.declare("403.2", reasons={"not_controller": "player object controller"})
rules.declare("403.5", reasons={"activation_timing": "player object why"})
rules.declare("402.8g", reasons={"ability_zone": "object ability zone"})
rules.declare("402.8b", reasons={"works_in_its_zone": "object ability zone"})
rules.declare("104.4", reasons={"already_tapped": "object"})
rules.declare("212.3d", reasons={"summoning_sick_tap": "object", "summoning_sick_attack": "object",
                                 "haste_ignores": "object what", "sickness_ends": "player objects"})
rules.declare("212.6a", reasons={"land_played": "player object", "land_timing": "player object why",
                                 "land_not_cast": "player object types"})
rules.declare("212.6b", reasons={"one_land_per_turn": "player object played limit"})



# ------------------------------------------------------------------ casting a spell

# when a card of each type may be cast (212.2a, 212.3a, 212.4a, 212.7a: sorcery timing; 212.5a: any time with priority)
TIMING = {TYPE.artifact: "212.2a", TYPE.creature: "212.3a", TYPE.enchantment: "212.4a", TYPE.sorcery: "212.7a",
          TYPE.instant: "212.5a"}
for _rule in ("212.2a", "212.3a", "212.4a", "212.7a"):
    rules.declare(_rule, reasons={"sorcery_speed": "player object type", "not_sorcery_speed": "player object type why"})
rules.declare("212.5a", reasons={"instant_speed": "player object"})
rules.declare("212.6g", reasons={"played_as_land": "player object types", "land_not_cast": "player object types"})
rules.declare("212.2f", reasons={"played_as_land": "player object types", "land_not_cast": "player object types"})
rules.declare("213.1a", reasons={"no_mana_cost": "player object"})
rules.declare("401.1", reasons={"becomes_spell": "object zone"})
rules.declare("217.6a", reasons={"ability_no_card": "ability source"})
rules.declare("408.1e", reasons={"on_top": "object below"})
rules.declare("104.3c", reasons={"x_announced": "player object x"})
rules.declare("104.3e", reasons={"zero_cost": "object"})
rules.declare("203.4", reasons={"additional_cost": "object cost mana_value"})
rules.declare("402.4", reasons={"cost_is_ability": "object cost"})
rules.declare("409.1g", reasons={"mana_abilities_first": "player sources"})
rules.declare("401.4", reasons={"cast_from_zone": "player object zone"})
for _rule in ("401.5", "402.8d", "412.4"):
    rules.declare(_rule, reasons={"cast_condition_met": "player object condition",
                                  "cast_condition_unmet": "player object condition"})
rules.declare("409.4", reasons={"cannot_cast": "player object source"})
for _rule in ("401.6", "402.8c", "412.3"):
    rules.declare(_rule, reasons={"own_cost_reduction": "object amount"})
rules.declare("409.1", reasons={"cast_illegal": "player object rule", "activation_illegal": "player object rule"})
rules.declare("408.1a", reasons={"timing_illegal": "player object rule"})
rules.declare("402.8e", reasons={"works_where_cost_paid": "object ability cost zone",
                                "cost_not_payable_here": "player object ability cost zone where"})
rules.declare("212.5e", reasons={"as_instant": "player object"})
rules.declare("212.5e#2", reasons={"as_sorcery": "player object", "as_sorcery_not_now": "player object why"})

# the refusals that are about *when* a spell or ability may be played (408.1a cites them): sorcery timing by card
# type, the general sorcery-timing rule, an ability's own timing, acting without priority
TIMING_RULES = frozenset({"408.1d", "212.2a", "212.3a", "212.4a", "212.7a", "403.5", "212.5e#2"})


def cite_refusal(game, step, rule: str) -> None:
    """A cast or an activation refused: a step of 409.1 could not be completed, so the whole attempt is illegal
    and the game goes back to before it (409.1, beside the rewind rule 422.1); when the step that failed is a
    timing rule, the general rule that spells and abilities are played only when the rules allow (408.1a)."""
    kind = step.what
    if rule == game.PRIORITY_RULE and kind in ("cast", "activate", "play"):
        priority_passed_how(game, step)
    if kind not in ("cast", "activate"):
        return
    oid = step.data.get(kind)
    obj = game.objects.get(oid) if isinstance(oid, str) else None
    actor = step.data.get("actor") or game.priority
    who = game.by_name.get(actor, actor)
    shown = obj if obj is not None else str(oid)
    objs = [obj] if obj is not None else []
    game.fire("409.1", "cast_illegal" if kind == "cast" else "activation_illegal", objs, player=who, object=shown,
              rule=rule)
    if rule in TIMING_RULES:
        game.fire("408.1a", "timing_illegal", objs, player=who, object=shown, rule=rule)


# what last gave the priority holder priority (408.1c), by the kind of the trace step before the refused one
_PRIORITY_BY = {"cast": "took_action", "activate": "took_action", "play": "took_action", "resolve": "resolved",
                "pass": "passed", "step_begins": "step_began"}


@rules.implements("408.1c", reasons={"priority_holder": "player holder why"})
def priority_passed_how(game, step) -> None:
    """A player acted without priority: who holds it, and why, by the way priority moves (408.1c) — a player who
    plays a spell, an ability or a special action gets it again; after the top of the stack resolves, and as a
    step begins, the active player gets it; a player who passes hands it to the opponent."""
    actor = step.data.get("actor")
    holder = game.priority
    if actor is None or holder is None or actor == holder:
        return
    before = [s for s in game.recorder.trace.steps[:step.index] if s.kind in ("action", "event")]
    how = _PRIORITY_BY.get(before[-1].what if before else "", "step_began")
    if how == "took_action" and (before[-1].data.get("actor") or holder) != holder:
        how = "passed"
    game.fire("408.1c", "priority_holder", [game.by_name[holder]], player=game.by_name.get(actor, actor),
              holder=game.by_name[holder], why=say(f"priority.{how}", player=holder, active=game.active))


rules.declare("212.6d", reasons={"intrinsic_mana": "object land_type mana"})
rules.declare("409.1e", reasons={"division_announced": "player object division",
                                 "division_illegal": "player object division why"})


def _division(game, actor, obj, effects, chosen, divide, xv) -> dict | None:
    """409.1e: a spell that divides its damage among its targets: the player announces the division on casting;
    every target gets at least 1 and the parts add up to the whole. {target key: amount}, or None when the spell
    divides nothing."""
    eff = next((e for e in effects if e.get("divided") and "damage" in e), None)
    who = game.by_name.get(actor, actor)
    if eff is None:
        if divide:
            raise game.illegal("409.1e", "division_illegal", f"{obj.name} divides nothing", player=who, object=obj,
                               division=_division_text(game, divide), why=say("why.divides_nothing"))
        return None
    total = eff["damage"] if isinstance(eff["damage"], int) else xv
    keys = [i for slot in chosen for (_, i, _) in slot]
    if divide is None:
        if len(keys) == 1:                       # one target: it gets it all, nothing to announce
            divide = {keys[0]: total}
        else:
            raise MissingChoice("divide", obj.id, keys, actor,
                                "give `divide: {TARGET: N, …}` on the cast action (409.1e)")
    divide = {str(k): v for k, v in divide.items()}
    shown = _division_text(game, divide)
    why = None
    if sorted(divide) != sorted(keys):
        why = say("why.divide_targets", targets="、".join(_label(game, k) for k in keys))
    elif any(not isinstance(n, int) or n < 1 for n in divide.values()):
        why = say("why.divide_at_least_one")
    elif sum(divide.values()) != total:
        why = say("why.divide_total", total=total, given=sum(divide.values()))
    if why:
        raise game.illegal("409.1e", "division_illegal", f"{obj.name}: illegal division {divide}", player=who,
                           object=obj, division=shown, why=why)
    return divide


def _label(game, key: str) -> str:
    o = game.objects.get(key)
    return o.name if o is not None else key


def _division_text(game, divide: dict) -> str:
    return "、".join(say("division_part", target=_label(game, k), n=n) for k, n in divide.items())


@rules.implements("104.1", reasons={"not_whole_number": "player object x"})
def whole_number(game, who, obj, x) -> int:
    """The X a player announces (409.1b): 104.1 — the game uses only whole numbers, so a negative X is refused (a
    fraction can't be written in a scenario: the action's `x` is an integer)."""
    xv = int(x or 0)
    if xv < 0:
        raise game.illegal("104.1", "not_whole_number", f"X = {xv}: the game uses only whole numbers (104.1)",
                           player=who, object=obj, x=xv)
    return xv


def do_cast(game, actor, cast=None, targets=None, x=None, mode=None, costs=None, mana=None, pay=None, divide=None,
            **_):
    actor = game.require_priority(actor)
    who = game.by_name.get(actor, actor)
    obj = game.objects.get(cast)
    if obj is None:
        raise game.illegal("409.1a", "not_castable", f"no object {cast!r}", player=who, object=cast, why=say("not_exists"))
    c = chars(game, obj)
    from_zone = _castable_from(game, actor, obj)
    if TYPE.land in c.types:
        rule = "212.6a" if len(c.types) == 1 else "212.2f" if TYPE.artifact in c.types else "212.6g"
        raise game.illegal(rule, "land_not_cast", f"{obj.name} is a land: play it with `play:` ({rule})",
                           player=who, object=obj, types="".join(c.types))
    if obj.card.cost is None:
        raise game.illegal("213.1a", "no_mana_cost", f"{obj.name} has no mana cost: it can't be cast (213.1a)",
                           player=who, object=obj)
    _cast_restrictions(game, actor, obj, c)
    timing = _timing(game, actor, obj, c)
    spec = obj.card.spell or {}
    # 409.1b modes and X
    effects = spec.get("effects", [])
    chooser = None
    if spec.get("modes"):
        opts = [str(i + 1) for i in range(len(spec["modes"]))]
        chooser = mode_chooser(game, actor, obj, spec, mode)
        if chooser != actor:
            m = str(game.choose("mode", obj.id, by=chooser, options=[int(o) for o in opts], sequence=True,
                                legal=lambda a: None if str(a) in opts else f"one of {', '.join(opts)}"))
        else:
            m = str(mode) if mode is not None else game.choose("mode", obj.id, by=actor, options=opts)
        if m not in opts:
            raise game.illegal("409.1b", "mode_chosen", f"mode {m} is not one of {opts}", object=obj, mode=m)
        effects = spec["modes"][int(m) - 1]
    cost = obj.card.cost
    if "X" in cost and x is None:
        raise MissingChoice("x", obj.id, [], actor, "give `x:` on the cast action (409.1b)")
    xv = whole_number(game, who, obj, x)
    # 409.1c targets (409.1d: a modal spell has the targets of its chosen mode only)
    tspecs = spec.get("targets", [])
    mode_targets = None
    if spec.get("modes") and tspecs:
        mode_targets = names_targets(effects)
        if not mode_targets:
            if targets:
                raise game.illegal("409.1d", "mode_without_targets", f"{obj.name}: mode {m} has no targets",
                                   player=who, object=obj, mode=int(m))
            tspecs = []
    chosen = check_targets(game, obj, tspecs, targets, controller=actor, colors=tuple(c.colors), itself=True)
    division = _division(game, actor, obj, effects, chosen, divide, xv)
    # 409.1f total cost, locked before paying
    total, changes, own, by = total_cost(game, obj, c, actor, xv)
    extra = obj.card.additional_cost or {}
    sac = _sacrifice_cost(game, obj, extra, costs, actor)
    # --- from here on the attempt changes the game; an IllegalAction rewinds it
    below = game.stack[-1] if game.stack else None
    f = game.fire("409.1a", "spell_announced", [obj], player=who, object=obj)
    for t in timing:
        game.fire(t[0], t[1], [obj], **t[2])
    with game.under(f):
        mf = game.fire("401.1", "becomes_spell", [obj], object=obj, zone=zone_zh(from_zone))
        with game.under(mf):
            game.move(obj, "stack", reason="cast", controller=actor)
        obj.cast = {"targets": chosen, "x": xv, "effects": effects, "controller": actor, "divide": division,
                    "mode": int(m) if spec.get("modes") else None}
    if below is not None:
        game.fire("408.1e", "on_top", [obj, below], object=obj, below=below)
    on_stack(game, obj, below)
    if spec.get("modes"):
        game.fire("409.1b", "mode_chosen", [obj], object=obj, mode=int(m))
        if chooser != actor:
            game.fire("409.2", "opponent_chose", [obj, game.by_name[chooser]], player=game.by_name[chooser],
                      object=obj, mode=int(m))
    if "X" in cost:
        game.fire("409.1b", "x_chosen", [obj], object=obj, x=xv)
        game.fire("104.3c", "x_announced", [obj], player=who, object=obj, x=xv)
    if mode_targets:
        game.fire("409.1d", "targets_after_mode", [obj], player=who, object=obj, mode=int(m))
    if any(chosen):
        game.fire("409.1c", "targets_chosen", [obj] + target_objects(game, chosen), object=obj,
                  targets=target_objects(game, chosen))
    spell_targets(game, obj, c, tspecs, chosen)
    if adds_mana(effects):      # 406.2: a spell that adds mana is no mana ability: on the stack like any other
        game.fire("406.2", "mana_spell_on_stack", [obj], object=obj)
    if division and len(division) > 1:
        game.fire("409.1e", "division_announced", [obj], player=who, object=obj,
                  division=_division_text(game, division))
    for n in own:
        for rule in ("402.8c", "401.6", "412.3"):
            game.fire(rule, "own_cost_reduction", [obj], object=obj, amount=M.show_cost((n,)))
    game.fire("409.1f", "total_cost", [obj], object=obj, cost=M.show_cost(total) + (say("cost.plus_sacrifice") if sac else ""),
              printed=M.show_cost(cost), changes="；".join(changes) or say("none"))
    if by:                  # 416.2: an effect on what spells cost affects the spell on the stack, not a permanent
        game.fire("416.2", "affects_spell_on_stack", [obj, *by], object=obj, sources=by)
    if extra:
        what = say("cost.sacrifice") if extra.get("sacrifice") else say("cost.additional")
        game.fire("203.4", "additional_cost", [obj], object=obj, cost=what, mana_value=obj.card.mana_value)
        game.fire("402.4", "cost_is_ability", [obj], object=obj, cost=what)
    if not M.mana_value(cost):
        game.fire("104.3e", "zero_cost", [obj], object=obj)
    activate_mana_sources(game, actor, mana)
    pay_cost(game, actor, obj, total, pay, sacrifice=sac, mana_cost=cost)
    cf = game.fire("409.1i", "spell_cast", [obj], player=who, object=obj)
    with game.under(cf):
        game.happen([Event("cast", {"object": obj, "player": actor}, cf.id, firing=cf)])
    game.took_action(actor)


rules.declare("406.2", reasons={"mana_spell_on_stack": "object", "mana_trigger_on_stack": "ability"})


rules.declare("409.1d", reasons={"targets_after_mode": "player object mode", "mode_without_targets": "player object mode"})
rules.declare("415.1", reasons={"spell_has_targets": "object targets"})
rules.declare("415.3", reasons={"aura_spell_targets": "object targets"})
rules.declare("415.4", reasons={"no_target_chosen": "object"})
rules.declare("415.2", reasons={"ability_has_targets": "ability source targets"})

_TARGET_REFS = frozenset({"target", "targets", "target1", "target2"})


def names_targets(spec) -> bool:
    """Whether these effects refer to what "目标" chose (`target`, `targets`, …) anywhere in their parameters."""
    if isinstance(spec, str):
        return spec in _TARGET_REFS
    if isinstance(spec, dict):
        return any(names_targets(v) for v in spec.values())
    if isinstance(spec, (list, tuple)):
        return any(names_targets(v) for v in spec)
    return False


def spell_targets(game, obj, c, tspecs, chosen) -> None:
    """Whether the spell being cast is a targeted spell, and by which rule: an instant's or a sorcery's text says
    "目标" (415.1), an Aura spell always targets what its enchant ability names (415.3); with "up to N" and none
    chosen it has no targets at all (415.4), so nothing can make it lose them."""
    if not tspecs:
        return
    got = target_objects(game, chosen)
    if not got:
        game.fire("415.4", "no_target_chosen", [obj], object=obj)
        return
    if SUBTYPE.aura in c.subtypes:
        game.fire("415.3", "aura_spell_targets", [obj, *got], object=obj, targets=got)
    elif TYPE.instant in c.types or TYPE.sorcery in c.types:
        game.fire("415.1", "spell_has_targets", [obj, *got], object=obj, targets=got)


@rules.implements("409.2", reasons={"opponent_chose": "player object mode", "opponent_chooses": "player object opponent"})
def mode_chooser(game, actor, obj, spec, mode) -> str:
    """Who chooses the mode: the spell's controller, unless the spell says an opponent does — then the opponent
    does what the controller normally would (409.2), and a mode the caster names himself is refused."""
    if spec.get("mode_by") != "opponent":
        return actor
    opp = next(p for p in game.apnap() if p != actor)
    if mode is not None:
        raise game.illegal("409.2", "opponent_chooses", f"{obj.name}: the opponent chooses the mode",
                           player=game.by_name.get(actor, actor), object=obj, opponent=game.by_name[opp])
    return opp


def _castable_from(game, actor, obj) -> str:
    """The zone the card is cast from: its owner's hand, or a zone one of its own static abilities lets it be cast
    from while it is there (401.4)."""
    who = game.by_name.get(actor, actor)
    if obj.owner == actor and obj.zone == "hand":
        return "hand"
    if obj.owner == actor:
        for ab in obj.card.abilities:
            if ab.kind == "static" and obj.zone in (ab.spec.get("cast_from") or ()):
                game.fire("401.4", "cast_from_zone", [obj], player=who, object=obj, zone=zone_zh(obj.zone))
                return obj.zone
    raise game.illegal("409.1a", "not_castable", f"{obj.name} ({obj.id}) is not in {actor}'s hand", player=who,
                       object=obj, why=say("not_in_hand"))


def _cast_restrictions(game, actor, obj, c) -> None:
    """What may stop a spell before it is even announced: an effect that makes it uncastable (409.4), and the card's
    own "can't be cast unless …", which works in the zone it is cast from (401.5, 402.8d, 412.4)."""
    who = game.by_name.get(actor, actor)
    for src, sc, ab in game.abilities_in_play("static"):
        f = ab.spec.get("cant_cast")
        if f is None:
            continue
        if matches(game, obj, {**f, "zone": obj.zone}, controller=sc.controller, source_id=src.id, ch=c) is None:
            raise game.illegal("409.4", "cannot_cast", f"{src.name} says {obj.name} can't be cast", player=who,
                               object=obj, source=src)
    for ab in obj.card.abilities:
        cond = ab.spec.get("cast_only_if") if ab.kind == "static" else None
        if cond is None:
            continue
        text = ab.text or ability_text(obj, ab)
        ok = all(select(game, {**f, "controller": "you"}, controller=actor) for f in [cond.get("controls")] if f)
        for rule in ("401.5", "402.8d", "412.4"):
            if ok:
                game.fire(rule, "cast_condition_met", [obj], player=who, object=obj, condition=text)
        if not ok:
            game.fire("401.5", "cast_condition_unmet", [obj], player=who, object=obj, condition=text)
            game.fire("412.4", "cast_condition_unmet", [obj], player=who, object=obj, condition=text)
            raise game.illegal("402.8d", "cast_condition_unmet", f"{obj.name} can't be cast: {text}", player=who,
                               object=obj, condition=text)


def _timing(game, actor, obj, c) -> list:
    """When this card may be cast, by its types: an instant whenever its player has priority (212.5a); any other
    card only in its player's main phase with an empty stack (212.2a, 212.3a, 212.4a, 212.7a; the general rule
    408.1d). The firings to record once it is announced, or the refusal."""
    who = game.by_name.get(actor, actor)
    if TYPE.instant in c.types:
        return [("212.5a", "instant_speed", {"player": who, "object": obj})]
    own = [t for t in c.types if t in TIMING and t != TYPE.instant]
    why = sorcery_timing_problem(game, actor)
    if why:
        game.fire("408.1d", "sorcery_timing", [obj], player=who, object=obj, why=why)
        t = own[0] if own else TYPE.sorcery
        raise game.illegal(TIMING[t], "not_sorcery_speed", f"{obj.name} can only be cast {why}", player=who,
                           object=obj, type=t, why=why)
    return [(TIMING[t], "sorcery_speed", {"player": who, "object": obj, "type": t}) for t in own]


def sorcery_timing_problem(game, actor) -> str | None:
    if game.active != actor:
        return say("timing.own_turn")
    if game.step not in MAIN:
        return say("timing.main_phase")
    if game.stack:
        return say("timing.stack_empty")
    return None


def total_cost(game, obj, c, actor, x: int) -> tuple[tuple, list[str], list[int], list]:
    """409.1f: mana cost, plus increases, minus reductions — determined once and locked. A spell's own ability that
    changes its cost works only while it is on the stack, i.e. as it is being cast (401.6, 402.8c, 412.3). Also
    returns the other objects whose effects changed it (416.2: such an effect affects spells, which are only ever
    on the stack)."""
    red = inc = 0
    changes = []
    own = []
    by = []
    for src, s in cost_changers(game, obj, "static", "spells", matches, ch=c):
        if s.get("affects") == "self":           # the spell's own cost change: below, and only as it is cast
            continue
        if s.get("cost_reduction"):
            n = M.mana_value(M.parse_cost(s["cost_reduction"]))
            red += n
            changes.append(say("cost.reduced", source=src.name, n=n))
        if s.get("cost_increase"):
            n = M.mana_value(M.parse_cost(s["cost_increase"]))
            inc += n
            changes.append(say("cost.increased", source=src.name, n=n))
        if (s.get("cost_reduction") or s.get("cost_increase")) and src not in by:
            by.append(src)
    for ab in obj.card.abilities:
        s = ab.spec
        if ab.kind != "static" or s.get("affects") != "self" or not s.get("cost_reduction"):
            continue
        n = M.mana_value(M.parse_cost(s["cost_reduction"]))
        red += n
        changes.append(say("cost.reduced", source=obj.name, n=n))
        own.append(n)
    return M.adjust(obj.card.cost, red, inc, x), changes, own, by


def _sacrifice_cost(game, obj, extra, costs, actor):
    """A cost "sacrifice a [filter]" of a spell (409.1f) or an activated ability: the permanent `costs:` names."""
    if not extra.get("sacrifice"):
        return None
    pick = (costs or {}).get("sacrifice")
    cands = [o for o in game.battlefield() if chars(game, o).controller == actor
             and matches(game, o, extra["sacrifice"], controller=actor) is None]
    if pick is None:
        raise MissingChoice("costs.sacrifice", obj.id, [o.id for o in cands], actor,
                            "give `costs: {sacrifice: ID}` on the action (409.1b, 409.1f)")
    o = game.objects.get(pick)
    if o is None or o not in cands:
        raise game.illegal("409.1h", "cannot_pay_other", f"{pick} cannot be sacrificed to pay for {obj.name}",
                       player=game.by_name.get(actor, actor), object=obj, cost=say("cost.sacrifice"),
                       why=say("why.cannot_sacrifice", object=o.name if o is not None else pick))
    return o


def activate_mana_sources(game, actor, sources) -> None:
    """409.1g: the mana abilities a player activates while casting or activating, before the cost is paid."""
    if not sources:
        return
    objs = [game.objects[i] for i in sources if i in game.objects]
    game.fire("409.1g", "mana_abilities_first", objs, player=game.by_name.get(actor, actor), sources=objs)
    for sid in sources:
        do_activate(game, actor, activate=sid, _paying=True)


rules.declare("203.1", reasons={"mana_cost_paid": "player object cost mana"})
rules.declare("403.1", reasons={"activation_cost_paid": "player ability cost"})
rules.declare("104.3a", reasons={"colored_paid": "object symbols"},
              near_misses={"colored_unpaid": "object symbol pool"})
rules.declare("104.3b", reasons={"generic_paid": "object amount mana"},
              near_misses={"generic_unpaid": "object amount left"})
rules.declare("104.3f", reasons={"hybrid_paid": "object symbols"},
              near_misses={"hybrid_unpaid": "object symbol pool"})


def pay_cost(game, actor, obj, total, pay, *, sacrifice=None, tap_self=False, other=None, mana_cost=None,
             activation=None):
    """409.1h: pay the whole total cost (mana from the pool, then the other parts); the firing that paid it. For a
    spell, its mana cost is paid by 203.1; for an ability, its activation cost by the activating player (403.1);
    how each mana symbol was paid is cited by its own rule (104.3a coloured, 104.3b generic, 104.3f hybrid)."""
    p = game.by_name[actor]
    options = M.payments(total, p.pool)
    pool_text = M.show(p.pool) if p.pool else say("empty")
    if not options:
        _why_unpaid(game, obj, total, p.pool)
        raise game.illegal("409.1h", "cannot_pay",
                           f"{actor} cannot pay {M.show_cost(total)} for {obj.name} from pool {pool_text}",
                           player=p, object=obj, cost=M.show_cost(total), pool=pool_text)
    spend = M.choose_spend(game, actor, obj.id, options, pay, lambda want, keys: game.illegal(
        "409.1h", "cannot_pay", f"cannot pay {M.show_cost(total)} as {want}; possible: {', '.join(keys)}", player=p,
        object=obj, cost=M.show_cost(total), pool=pool_text))
    parts = []
    if other:
        parts.extend(other)
    if sacrifice is not None:
        parts.append(say("cost.sacrifice_of", object=sacrifice.name))
    f = game.fire("409.1h", "cost_paid", [obj] + ([sacrifice] if sacrifice else []), player=p, object=obj,
                  mana=M.show(spend) if spend else say("none"), other="、".join(parts) or say("none"))
    with game.under(f):
        if spend:
            game.set(p, "pool", M.left_after(p.pool, spend))
        if tap_self:
            game.set(obj if not isinstance(obj, StackAbility) else game.objects[obj.source], "tapped", True)
        if sacrifice is not None:
            game.happen([Event("sacrifice", {"object": sacrifice}, f.id, firing=f)])
    _explain_payment(game, p, obj, total, spend, mana_cost, f)
    if activation is not None:
        printed = M.parse_cost(activation.spec.get("cost", ""))
        if printed or parts:
            game.fire("403.1", "activation_cost_paid", [obj], caused_by=f.id, player=p, ability=obj,
                      cost="，".join(([M.show_cost(printed)] if printed else []) + parts))
    return f


def _explain_payment(game, p, obj, total, spend, mana_cost, paid) -> None:
    """The rules that say how the mana paid each symbol of the total cost, beside the 409.1h payment."""
    if mana_cost is not None and M.mana_value(mana_cost):
        game.fire("203.1", "mana_cost_paid", [obj], caused_by=paid.id, player=p, object=obj,
                  cost=M.show_cost(mana_cost), mana=M.show(spend) if spend else say("none"))
    if not spend:
        return
    plan = M.plan(total, spend)
    if plan["colored"]:
        game.fire("104.3a", "colored_paid", [obj], caused_by=paid.id, object=obj,
                  symbols="".join(M.symbol(c) for c, _ in plan["colored"]))
    if plan["hybrid"]:
        game.fire("104.3f", "hybrid_paid", [obj], caused_by=paid.id, object=obj,
                  symbols="、".join(say("cost.hybrid_as", symbol=M.symbol(h), paid=M.symbol(c))
                                   for h, c in plan["hybrid"]))
    n, by = plan["generic"]
    if n:
        game.fire("104.3b", "generic_paid", [obj], caused_by=paid.id, object=obj, amount=M.symbol(n),
                  mana=M.show(by))


def _why_unpaid(game, obj, total, pool) -> None:
    """Why no payment exists, as near misses of the rule for the part that cannot be paid: a coloured symbol with
    no mana of its colour left (104.3a), a hybrid symbol with neither colour (104.3f), or too little mana for the
    generic part (104.3b)."""
    left = dict(pool)
    shown = M.show(pool) if pool else say("empty")
    for s in total:
        if isinstance(s, str) and s in "WUBRG":
            if left.get(s, 0) < 1:
                game.near_miss("104.3a", "colored_unpaid", [obj], object=obj, symbol=M.symbol(s), pool=shown)
                return
            left[s] -= 1
    for s in total:
        if isinstance(s, tuple):
            got = next((c for c in s if left.get(c, 0) > 0), None)
            if got is None:
                game.near_miss("104.3f", "hybrid_unpaid", [obj], object=obj, symbol=M.symbol(s), pool=shown)
                return
            left[got] -= 1
    n = sum(s for s in total if isinstance(s, int))
    if sum(left.values()) < n:
        game.near_miss("104.3b", "generic_unpaid", [obj], object=obj, amount=M.symbol(n), left=sum(left.values()))


# ------------------------------------------------------------------ activated abilities

rules.declare("404.2", reasons={"trigger_not_activated": "player source ability"})
rules.declare("408.1h", reasons={"static_not_activated": "player source ability"})


def find_ability(game, obj, key, actor):
    """The activated ability `key` names on `obj`: its key, or for one another card granted it, also
    `ORIGIN.KEY` (docs/scenarios.md; the same two forms as a WoW power, common.state.find_ability_by_id)."""
    on = obj.zone == "battlefield"
    abil = chars(game, obj).abilities if on else obj.card.abilities
    by = chars(game, obj).granted_by if on else {}
    origin_of = lambda a: by.get(id(a))                                            # noqa: E731
    acts = [a for a in abil if a.kind in ("activated", "mana")]
    if key is not None:
        found = find_ability_by_id(acts, str(key), origin_of)
        if found is not None:
            return found
        _not_activatable(game, obj, [a for a in abil if str(key) in ability_ids(a.key, origin_of(a))], actor)
        printed = next((a for a in obj.card.abilities if a.key == str(key)), None)   # one it lost: its text
        raise game.illegal("409.1a", "ability_announced",
                       f"{obj.name} ({obj.id}) has no activated ability {key!r}; it has: "
                       f"{ability_ids_listed(acts, origin_of) or 'none'}", player=game.by_name.get(actor, actor),
                       source=obj, ability=ability_text(obj, printed) if printed is not None else say("ability.unknown"))
    if len(acts) == 1:
        return acts[0]
    if not acts:
        _not_activatable(game, obj, abil, actor)
        raise game.illegal("409.1a", "ability_announced", f"{obj.name} ({obj.id}) has no activated ability",
                       player=game.by_name.get(actor, actor), source=obj, ability="-")
    raise MissingChoice("ability", obj.id, [a.key for a in acts], actor, "give `ability:` on the action")


def _not_activatable(game, obj, abil, actor) -> None:
    """What a player tries to activate is not an activated ability: nobody plays a triggered ability, it triggers
    by itself when its trigger event happens (404.2); a static ability is never played, it just keeps affecting
    the game and priority has nothing to do with it (408.1h). Refused under that rule."""
    who = game.by_name.get(actor, actor)
    for kind, rule, code in (("triggered", "404.2", "trigger_not_activated"), ("static", "408.1h", "static_not_activated")):
        ab = next((a for a in abil if a.kind == kind), None)
        if ab is not None:
            raise game.illegal(rule, code, f"{obj.name}'s ability {ab.key!r} is {kind}: it cannot be activated ({rule})",
                               player=who, source=obj, ability=ability_text(obj, ab))


@dataclass(slots=True)
class OtherCosts:
    """The parts of an activation cost beyond mana and {横置} (409.1f): checked before anything is paid."""

    sacrifice: object = None                        # the permanent sacrificed
    parts: list = field(default_factory=list)       # how a judge reads each part (弃灵魂之火、移去1个…)
    discards: list = field(default_factory=list)
    top: list = field(default_factory=list)         # the library's top cards removed from the game
    counters: dict = field(default_factory=dict)    # counters removed from the object


def do_activate(game, actor, activate=None, ability=None, targets=None, x=None, costs=None, mana=None, pay=None,
                _paying=False, **_):
    """Activate an ability (403, 409.1): who may, when, what it costs; a mana ability resolves at once (411.1),
    any other goes on the stack."""
    obj = game.objects.get(activate)
    if obj is None:
        raise game.illegal("409.1a", "ability_announced", f"no object {activate!r}", player=game.by_name.get(actor, actor),
                           source=activate, ability=ability or "-")
    ab = find_ability(game, obj, ability, actor)
    is_mana = ab.kind == "mana"
    if not is_mana and not _paying:
        actor = game.require_priority(actor)
    elif actor is None:
        actor = game.priority
    elif is_mana and not _paying and actor != game.priority:
        raise game.illegal("411.2", "mana_ability_not_now", f"{actor} has no priority and is not paying mana: "
                           f"{obj.name}'s mana ability can't be activated now", player=game.by_name.get(actor, actor),
                           source=obj)
    _may_activate(game, actor, obj, ab)
    _limit(game, actor, obj, ab)
    cost = M.parse_cost(ab.spec.get("cost", ""))
    tap = _tap_cost(game, obj, cost)
    total = M.adjust(tuple(s for s in cost if s != "T"), x=whole_number(game, game.by_name.get(actor, actor), obj, x))
    other = _other_costs(game, actor, obj, ab.spec, costs)
    if is_mana:
        _mana_ability(game, actor, obj, ab, total, pay, tap, other, paying=_paying)
    else:
        _to_the_stack(game, actor, obj, ab, targets, x, mana, total, pay, tap, other)


def _may_activate(game, actor, obj, ab) -> None:
    """Where the ability works (402.8g), who may activate it (403.2) and when (403.5)."""
    spec = ab.spec
    who = game.by_name.get(actor, actor)
    zone = spec.get("zone", "battlefield")
    # a cost that can't be paid while the object is in play ("discard this card"): the ability works where it
    # can be paid, its owner's hand (402.8e)
    by_cost = zone == "battlefield" and bool(spec.get("discard_self"))
    if by_cost:
        zone = "hand"
        if obj.zone != zone:
            raise game.illegal("402.8e", "cost_not_payable_here",
                               f"{obj.name}'s ability costs discarding it: it works only in its owner's hand, "
                               f"not in {obj.zone}", player=who, object=obj, ability=ability_text(obj, ab),
                               cost=say("cost.discard_of", objects=[obj.name]), zone=zone_zh(obj.zone),
                               where=zone_zh(zone))
        game.fire("402.8e", "works_where_cost_paid", [obj], object=obj, ability=ability_text(obj, ab),
                  cost=say("cost.discard_of", objects=[obj.name]), zone=zone_zh(obj.zone))
    if obj.zone != zone:
        raise game.illegal("402.8g", "ability_zone",
                           f"{obj.name}'s ability works only while it is in {zone}; it is in {obj.zone}", object=obj,
                           ability=ability_text(obj, ab), zone=zone_zh(obj.zone))
    if zone != "battlefield" and not by_cost:   # an ability that says it works in a zone works only there (402.8b)
        game.fire("402.8b", "works_in_its_zone", [obj], object=obj, ability=ability_text(obj, ab),
                  zone=zone_zh(obj.zone))
    owner = chars(game, obj).controller if obj.zone == "battlefield" else obj.owner
    if owner != actor:
        raise game.illegal("403.2", "not_controller", f"only {owner} can activate {obj.name}'s abilities",
                           player=who, object=obj, controller=owner)
    timing = spec.get("timing", "instant")
    if "timing" in spec and timing == "instant":   # the text says "any time you could play an instant": only
        game.fire("212.5e", "as_instant", [obj], player=who, object=obj)   # priority (required above), no instant
    if timing == "sorcery":          # "only any time you could cast a sorcery": the sorcery timing, no sorcery needed
        why = sorcery_timing_problem(game, actor)
        if why:
            game.fire("403.5", "activation_timing", [obj], player=who, object=obj, why=why)
            raise game.illegal("212.5e#2", "as_sorcery_not_now", f"only {why}", player=who, object=obj, why=why)
        game.fire("212.5e#2", "as_sorcery", [obj], player=who, object=obj)
    if timing == "your_upkeep" and not (game.active == actor and game.step == STEP.upkeep):
        raise game.illegal("403.5", "activation_timing", "only during your upkeep", player=who, object=obj,
                           why=say("timing.your_upkeep"))


rules.declare("411.2", reasons={"mana_ability_not_now": "player source", "mana_ability_timing": "player source why"})
rules.declare("403.3", reasons={"activation_limit": "player source ability limit",
                                "limit_survives_control": "player source ability limit before"})


def _limit(game, actor, obj, ab) -> None:
    """"Activate this ability only once each turn" (403.3): counted for the object, whoever controls it — a new
    controller is bound by the activations of the old one."""
    limit = ab.spec.get("limit")
    if not limit:
        return
    key = (obj.id, obj.inc, ab.key)
    turn, n, by = game.activations.get(key, (game.turn, 0, ()))
    if turn != game.turn:
        n, by = 0, ()
    who = game.by_name.get(actor, actor)
    if n >= 1:
        if any(b != actor for b in by):
            raise game.illegal("403.3", "limit_survives_control", f"{obj.name}'s ability was already activated "
                               f"this turn (by {', '.join(by)}); the limit stays with the object", player=who,
                               source=obj, ability=ability_text(obj, ab), limit=say(f"limit.{limit}"),
                               before=list(by))
        raise game.illegal("403.3", "activation_limit", f"{obj.name}'s ability was already activated this turn",
                           player=who, source=obj, ability=ability_text(obj, ab), limit=say(f"limit.{limit}"))
    game.activations = {**game.activations, key: (game.turn, n + 1, (*by, actor))}


def _tap_cost(game, obj, cost: tuple) -> bool:
    """Whether the cost includes {横置}; if so, the object must be untapped (104.4) and a creature must have been
    controlled since the turn began, unless it has haste (212.3d)."""
    if "T" not in cost:
        return False
    if obj.tapped:
        raise game.illegal("104.4", "already_tapped", f"{obj.name} is tapped: {{{TAP_SYMBOL}}} cannot be paid",
                           object=obj)
    c = chars(game, obj)
    if TYPE.creature not in c.types:
        return True
    if not obj.sick:
        game.fire("403.4", "tap_ability_controlled", [obj], object=obj, player=game.by_name.get(c.controller))
    elif KEYWORD.haste in c.keywords:
        game.fire("212.3d", "haste_ignores", [obj], object=obj, what=say("tap_ability"))
        game.fire("403.4", "tap_ability_haste", [obj], object=obj)
    else:
        game.fire("403.4", "tap_ability_sick", [obj], object=obj)
        raise game.illegal("212.3d", "summoning_sick_tap",
                           f"{obj.name} has not been controlled since the start of the turn "
                           f"({TERM.summoning_sickness})", object=obj)
    return True


rules.declare("403.4", reasons={"tap_ability_controlled": "object player", "tap_ability_haste": "object",
                                "tap_ability_sick": "object"})


def _other_costs(game, actor, obj, spec, costs) -> OtherCosts:
    """A sacrifice (of itself or of a permanent `costs:` names), discards, the library's top cards, counters:
    each one the player can pay (409.1h), or the activation is illegal."""
    out = OtherCosts(obj if spec.get("sacrifice_self") else _sacrifice_cost(game, obj, spec, costs, actor))
    if spec.get("discard_self"):            # "discard this card" (402.8e: only from the hand)
        out.discards.append(obj)
        out.parts.append(say("cost.discard_of", objects=[obj.name]))
    if spec.get("discard"):
        out.discards += _discard_cost(game, actor, obj, int(spec["discard"]), (costs or {}).get("discard"))
        out.parts.append(say("cost.discard_of", objects=[o.name for o in out.discards]))
    if spec.get("exile_top"):
        n = int(spec["exile_top"])
        lib = game.zone_ids(actor, "library")
        if len(lib) < n:
            raise game.illegal("409.1h", "cannot_pay_other", f"{actor}'s library has {len(lib)} card(s), not {n}",
                               player=game.by_name.get(actor, actor), object=obj, cost=say("cost.exile_top", n=n),
                               why=say("library_n", n=len(lib)))
        out.top = [game.objects[i] for i in lib[:n]]
        out.parts.append(say("cost.exile_top", n=n))
    for cname, n in (spec.get("remove_counters") or {}).items():
        if obj.counters.get(cname, 0) < n:
            raise game.illegal("409.1h", "cannot_pay_other", f"{obj.name} has no {cname} counter to remove",
                               player=game.by_name.get(actor, actor), object=obj,
                               cost=say("cost.remove_counters", n=n, counter=cname),
                               why=say("why.counters_n", object=obj.name, n=obj.counters.get(cname, 0), counter=cname))
        out.counters[cname] = n
        out.parts.append(say("cost.remove_counters", n=n, counter=cname))
    return out


def _discard_cost(game, actor, obj, n: int, pick) -> list:
    """The `n` cards of the actor's hand `costs: {discard: [...]}` names."""
    hand = [o.id for o in game.zone_objects(actor, "hand")]
    if pick is None:
        raise MissingChoice("costs.discard", obj.id, hand, actor, f"give `costs: {{discard: [ID]}}` ({n} card(s))")
    pick = pick if isinstance(pick, list) else [pick]
    if len(pick) != n or any(p not in hand for p in pick):
        raise game.illegal("409.1h", "cannot_pay_other", f"cannot discard {pick} (hand: {', '.join(hand) or 'empty'})",
                           player=game.by_name.get(actor, actor), object=obj, cost=say("cost.discard_n", n=n),
                           why=say("why.hand_is", cards=[game.objects[h].name for h in hand]) if hand
                           else say("no_cards_in_hand"))
    return [game.objects[p] for p in pick]


def _to_the_stack(game, actor, obj, ab, targets, x, mana, total, pay, tap, other: OtherCosts) -> None:
    """409.1: announce the ability (its targets), activate mana abilities, pay the total cost; the activating
    player gets priority again."""
    c = chars(game, obj)
    chosen = check_targets(game, obj, ab.spec.get("targets", []), targets, controller=actor, colors=tuple(c.colors))
    item = StackAbility(game.new_id(f"{obj.id}.{ab.key}"), obj.id, obj.inc, obj.name, actor, ab, "activated", chosen,
                        {"x": int(x or 0), "source_colors": tuple(c.colors)})
    who = game.by_name.get(actor, actor)
    below = game.stack[-1] if game.stack else None
    f = game.fire("409.1a", "ability_announced", [obj, item.id], player=who, source=obj,
                  ability=ability_text(obj, ab))
    with game.under(f):
        pf = game.fire("217.6a", "ability_no_card", [item.id, obj], ability=item, source=obj)
        with game.under(pf):
            game.push(item)
    game.fire("200.7a", "ability_controller", [item.id], ability=item, player=who, source=obj)
    if below is not None:
        game.fire("408.1e", "on_top", [item.id, below], object=item, below=below)
    on_stack(game, item, below, obj)
    if "X" in M.parse_cost(ab.spec.get("cost", "")):
        game.fire("104.3c", "x_announced", [item.id], player=who, object=item, x=int(x or 0))
    if any(chosen):
        game.fire("409.1c", "targets_chosen", [item.id] + target_objects(game, chosen), object=item,
                  targets=target_objects(game, chosen))
        game.fire("415.2", "ability_has_targets", [item.id, obj], ability=item, source=obj,
                  targets=target_objects(game, chosen))
    activate_mana_sources(game, actor, mana)
    paid = pay_cost(game, actor, item, total, pay, sacrifice=other.sacrifice, tap_self=tap, other=other.parts,
                    activation=ab)
    _cost_events(game, actor, obj, other, paid, item)
    game.took_action(actor)


def _cost_events(game, actor, obj, other: OtherCosts, paid, item) -> None:
    """The parts of a cost that are events, under the 409.1h firing that paid them: counters removed from the
    object, cards discarded, the top cards of the library removed from the game (which remember the ability
    that removed them, 217.7d)."""
    for cname, n in other.counters.items():
        game.happen([Event("counters", {"object": obj, "name": cname, "n": -n}, paid.id, firing=paid)])
    if other.discards:
        game.happen([Event("discard", {"object": o, "player": game.by_name[actor]}, paid.id, firing=paid)
                     for o in other.discards])
    if other.top:
        done = game.happen([Event("move", {"object": o, "to": "exile", "from": "library", "reason": "cost"}, paid.id,
                                  firing=paid) for o in other.top])
        tag_exiled(game, item, [ev.data["object"] for ev in done if ev.kind == "move"])


def _mana_ability(game, actor, obj, ab, total, pay, tap, other: OtherCosts, paying: bool = False):
    """411.1: a mana ability is paid for and resolves at once, without the stack. Its {横置} is paid as it
    resolves; any other part of its cost (mana, a sacrifice, discards, counters, cards from the library) first,
    under 409.1h, like any activated ability's. Activated by a player holding priority (not while paying a
    cost), it resolves at once and that player still has priority afterwards (408.2e)."""
    p = game.by_name[actor]
    text = ability_text(obj, ab)
    game.fire("406.1", "is_mana_ability", [obj], source=obj, ability=text)
    if total or other.sacrifice is not None or other.parts:
        paid = pay_cost(game, actor, obj, total, pay, sacrifice=other.sacrifice, other=other.parts)
        _cost_events(game, actor, obj, other, paid, None)
    f = game.fire("411.1", "mana_ability", [obj], player=p, source=obj, mana=mana_text(ab.spec))
    if ab.key.startswith("basic."):              # the ability its basic land type gives it, printed or not
        game.fire("212.6d", "intrinsic_mana", [obj], object=obj, land_type=ab.key.partition(".")[2],
                  mana=mana_text(ab.spec))
    game.fire("406.4", "mana_ability_no_stack", [obj], source=obj)
    pool = dict(p.pool)
    pending = len(game.pending)
    with game.under(f):
        if tap:
            game.set(obj, "tapped", True)
        ctx = Ctx(None, obj, obj.name, actor, source_colors=tuple(chars(game, obj).colors))
        run(game, ctx, ab.spec.get("effects", []))
        if tap and TYPE.land in chars(game, obj).types:
            game.happen([Event("tap_for_mana", {"object": obj, "player": actor, "mana": ab.spec}, f.id, firing=f)])
    if p.pool == pool:
        game.fire("406.3", "still_mana_ability", [obj], source=obj, ability=text)
    if not paying and game.priority == actor:
        game.fire("408.2e", "mana_ability_keeps_priority", [obj], player=p, source=obj)
    for t in game.pending[pending:]:
        game.fire("406.5", "triggered_by_mana_ability", [t.source], ability=say("ability_of", source=t.source_name),
                  source=obj)


rules.declare("200.7a", reasons={"ability_controller": "ability player source"})
rules.declare("406.1", reasons={"is_mana_ability": "source ability"})
rules.declare("406.3", reasons={"still_mana_ability": "source ability"})
rules.declare("406.4", reasons={"mana_ability_no_stack": "source"})
rules.declare("406.5", reasons={"triggered_by_mana_ability": "ability source"})
rules.declare("408.2e", reasons={"mana_ability_keeps_priority": "player source"})


# ------------------------------------------------------------------ lands

rules.declare("408.1i", reasons={"special_action_no_stack": "player object"})
rules.declare("408.2d", reasons={"land_keeps_priority": "player object"})


def do_play(game, actor, play=None, **_):
    """Play a land (212.6a): a special action, which never uses the stack (408.1i), in the player's own main
    phase with priority and an empty stack; the player gets priority again afterwards (408.2d)."""
    actor = game.require_priority(actor)
    obj = game.objects.get(play)
    if obj is None or obj.zone != "hand" or obj.owner != actor:
        raise game.illegal("212.6a", "land_timing", f"{play!r} is not in {actor}'s hand", player=game.by_name.get(actor, actor),
                       object=play, why=say("not_in_hand"))
    if TYPE.land not in chars(game, obj).types:
        raise game.illegal("212.6a", "land_timing", f"{obj.name} is not a land; cast it with `cast:`",
                       player=game.by_name.get(actor, actor), object=obj, why=say("not_a_land"))
    why = sorcery_timing_problem(game, actor)
    if why:
        raise game.illegal("212.6a", "land_timing", f"a land can only be played {why}", player=game.by_name.get(actor, actor), object=obj,
                       why=why)
    p = game.by_name[actor]
    if p.lands_played >= p.land_limit:
        raise game.illegal("212.6b", "one_land_per_turn", f"{actor} already played {p.lands_played} land(s) this turn",
                       player=game.by_name.get(actor, actor), object=obj, played=p.lands_played, limit=p.land_limit)
    f = game.fire("212.6a", "land_played", [obj], player=p, object=obj)
    types = chars(game, obj).types
    if len(types) > 1:
        game.fire("212.2f" if TYPE.artifact in types else "212.6g", "played_as_land", [obj], player=p, object=obj,
                  types="".join(types))
    game.fire("408.1i", "special_action_no_stack", [obj], player=p, object=obj)
    with game.under(f):
        game.set(p, "lands_played", p.lands_played + 1)
        game.happen([Event("move", {"object": obj, "to": "battlefield", "from": "hand", "reason": "play",
                                    "controller": actor}, f.id, firing=f)])
    game.fire("408.2d", "land_keeps_priority", [obj], player=p, object=obj)
    game.took_action(actor)


__all__ = ["do_cast", "do_activate", "do_play"]
