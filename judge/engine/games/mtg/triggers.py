"""Triggered abilities (404, 410): what triggers on an event, and putting triggers on the stack.

A trigger condition is checked against the event as it happened, with the
characteristics objects had then: an attack trigger looks at the attacker as
it was declared (308.3), a leaves-play trigger looks back in time at the
battlefield before the event (410.10d). When the event matched the ability's
kind but a condition failed, a near miss records which check failed — the
"why didn't it trigger?" a player asks.
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine.core.objects import Event, PendingTrigger, Player, StackAbility
from judge.engine.core.trace import Ref
from judge.engine.games.mtg.chars import chars, printed
from judge.engine.games.mtg.effects import adds_mana, mana_text, run
from judge.engine.games.mtg.events import describe
from judge.engine.games.mtg.filters import matches, select, source_matches
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.refs import Ctx, players
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.state import AbilityDef
from judge.engine.games.mtg.targets import choose_targets, target_objects
from judge.engine.games.mtg.words import KEYWORD, STEP, TYPE, say

_KIND_EVENTS = {
    # a discard reaches the triggers as what it is defined as (a move from a hand, reason `discard`): issue 11 §3
    "move": ("enters", "leaves", "dies", "discards"),
    "damage": ("deals_damage", "dealt_damage"),
    "step": ("step",),
    "cast": ("cast",),
    "attack": ("attacks",),
    "unblocked": ("attacks_unblocked",),
    "block": ("blocks", "blocks_creature", "becomes_blocked", "blocked_by"),
    "tap_for_mana": ("tapped_for_mana",),
    "untap": ("untaps",),
    "gain_life": ("gains_life",),
    "draw": ("draws",),
    "discard": ("discards",),
}


@rules.implements("410.2", reasons={"triggered": "ability source event"},
                  near_misses={"trigger_filter_failed": "ability source object check expected actual"})
@rules.implements("410.10d", reasons={"look_back": "ability source event"})
@rules.implements("410.8", near_misses={"intervening_if_false": "ability source condition"})
@rules.implements("404.3", reasons={"intervening_if_checked": "ability condition result"})
@rules.implements("410.10a", reasons={"entered_together": "ability source object"})
@rules.implements("308.3", near_misses={"attack_trigger_checked": "ability source object check expected actual"})
@rules.implements("309.4", near_misses={"block_trigger_checked": "ability source object check expected actual"})
@rules.implements("309.3", near_misses={"blocks_trigger_checked": "ability source object check expected actual"})
@rules.implements("410.9e", near_misses={"block_count_short": "ability source object check expected actual"})
def collect(game, events: list[Event], snapshot) -> None:
    before = len(game.pending)
    entering = {ev.data["object"].id for ev in events if ev.kind == "move" and ev.data.get("to") == "battlefield"}
    for ev, kinds, leaving, found in game.watchers(events, _KIND_EVENTS, snapshot):
        for src, ch, ab in found:
            _try(game, src, ch, ab, ev, leaving, snapshot, entering)
        for src in game.zone_trigger_sources():
            for ab in src.card.abilities:
                if ab.kind == "triggered" and ab.spec.get("zone") == src.zone and ab.spec["when"]["event"] in kinds:
                    _try(game, src, chars(game, src), ab, ev, False, snapshot)
        _delayed(game, ev)
    for ev in events:
        if ev.kind == "block":
            flanking(game, ev)
    once_per_object(game, game.pending[before:])
    _too_late_for_end_step(game, events)
    state_triggers(game)


# 502.3a: "flanking" means "whenever this creature becomes blocked by a creature without flanking, the blocking
# creature gets -1/-1 until end of turn" — the ability each instance of the keyword stands for
FLANKING = AbilityDef("flanking", "triggered", {"when": {"event": "blocked_by"},
                                                "effects": [{"pump": "-1/-1", "what": "it"}]})


@rules.implements("502.3a", reasons={"flanking": "source object"}, near_misses={"flanking_blocker_has_it": "source object"})
@rules.implements("502.3b", reasons={"flanking_each": "source count"})
def flanking(game, ev: Event) -> None:
    """502.3a: an attacker with flanking blocked by a creature without flanking: each instance triggers (502.3b),
    the blocker as it was declared."""
    a, b = ev.data["attacker"], ev.data["object"]
    ca = chars(game, a)
    n = ca.keywords.count(KEYWORD.flanking)
    if not n:
        return
    if KEYWORD.flanking in (ev.data.get("chars") or chars(game, b)).keywords:
        game.near_miss("502.3a", "flanking_blocker_has_it", [a, b], once=(a.id, b.id, ev.id), source=a, object=b)
        return
    for _ in range(n):
        f = game.fire("502.3a", "flanking", [a, b], caused_by=ev.cause, source=a, object=b)
        add_pending(game, a, ca.controller, FLANKING, ev, f)
    if n > 1:
        game.fire("502.3b", "flanking_each", [a], source=a, count=n)


@rules.implements("313.2", near_misses={"end_trigger_waits": "ability source"})
def _too_late_for_end_step(game, events) -> None:
    """313.2: a permanent with an "at end of turn" ability that enters once the end of turn step has begun missed
    this turn's trigger; it waits for the next turn's end of turn step."""
    if game.step != STEP.end_of_turn:
        return
    for ev in events:
        if ev.kind != "move" or ev.data.get("to") != "battlefield":
            continue
        o = ev.data["object"]
        for ab in chars(game, o).abilities:
            w = ab.spec.get("when", {}) if ab.kind == "triggered" else {}
            if w.get("event") == "step" and w.get("step") == STEP.end_of_turn:
                game.near_miss("313.2", "end_trigger_waits", [o], once=(o.id, o.inc, ab.key, game.turn),
                               ability=say("ability_of", source=o.name), source=o)


@rules.implements("410.6", reasons={"triggered_per_object": "ability source count"})
def once_per_object(game, new) -> None:
    """410.6: a trigger event triggers an ability once; an event made of several actions (two cards discarded, a
    wrath destroying three creatures) triggers it once per action. Cited where one ability of one source
    triggered more than once on events that happened together."""
    groups: dict = {}
    for t in new:
        if t.event is not None and not t.data.get("delayed"):
            groups.setdefault((t.source, t.ability.key), []).append(t)
    for ts in groups.values():
        if len({t.event.id for t in ts}) < 2:
            continue
        src = game.objects.get(ts[0].source)
        game.fire("410.6", "triggered_per_object", [src] if src else [], caused_by=ts[0].caused_by,
                  ability=say("ability_of", source=ts[0].source_name), source=src or ts[0].source_name,
                  count=len(ts))


def _try(game, src, ch, ab: AbilityDef, ev: Event, leaving: bool, snapshot, entering=frozenset()) -> None:
    ok, info = match(game, src, ch, ab.spec, ev, snapshot)
    name = say("ability_of", source=src.name)
    if ok is None:
        return
    if not ok:
        check, exp, act, subject = info
        w = ab.spec["when"]["event"]
        rule, code = _NEAR_MISS_RULES.get("count" if check == say("check.block_count") else w,
                                          ("410.2", "trigger_filter_failed"))
        game.near_miss(rule, code, [src, subject] if subject is not None else [src],
                       once=(src.id, ab.key, ev.id), ability=name, source=src, object=subject or "-",
                       check=check, expected=exp, actual=act)
        return
    cond = ab.spec.get("if")
    if cond:
        holds = condition_holds(game, src, ch.controller, cond)
        game.fire("404.3", "intervening_if_checked", [src], ability=name, condition=condition_zh(cond),
                  result=say("answer.yes") if holds else say("answer.no"))
        if not holds:
            game.near_miss("410.8", "intervening_if_false", [src], once=(src.id, ab.key, ev.id), ability=name,
                           source=src, condition=condition_zh(cond))
            return
    if leaving and src.zone != "battlefield":
        f = game.fire("410.10d", "look_back", [src], caused_by=ev.cause, ability=name, source=src,
                      event=_event_zh(ev))
    else:
        f = game.fire("410.2", "triggered", [src], caused_by=ev.cause, ability=name, source=src,
                      event=_event_zh(ev))
    if ev.kind == "step":
        at_beginning_of(game, src, name, ev.data["step"])
    elif ev.kind == "block":
        block_trigger_counted(game, src, name, ab.spec["when"], ev.data)
    elif src.id in entering and ev.data.get("to") == "battlefield" and ev.data["object"] is not src:
        game.fire("410.10a", "entered_together", [src, ev.data["object"]], ability=name, source=src,
                  object=ev.data["object"])
    if ab.spec["when"]["event"] == "enters":
        seen_as_entered(game, src, ch.controller, name, ab.spec["when"].get("filter") or {}, ev.data["object"])
    elif ab.spec["when"]["event"] == "attacks" and ev.kind == "attack" and ab.spec["when"].get("filter"):
        o = ev.data["object"]
        mark = (src.id, name, ch.controller, ab.spec["when"]["filter"], game.turn)
        game.set_quiet(o, "extra", {**o.extra, "attack_triggered": [*o.extra.get("attack_triggered", ()), mark]})
    add_pending(game, src, ch.controller, ab, ev, f, info)


@rules.implements("308.3", reasons={"changed_after_declaration": "ability source object"})
def attack_trigger_too_late(game, o) -> None:
    """308.3: an ability that triggers on a creature attacking triggers only as the creature becomes an attacking
    creature. An attacking creature whose characteristics change afterwards so that it now meets the ability's
    condition — and did not as it was declared — does not trigger it: cited at that change, once per ability and
    creature each combat (the declaration's check is the near miss `attack_trigger_checked`)."""
    for src, ab in met_only_after_declaration(game, o):
        if not game.recorder.first_time(("308.3", src.id, ab.key, o.id, o.inc, game.turn)):
            continue
        game.fire("308.3", "changed_after_declaration", [src, o], ability=say("ability_of", source=src.name),
                  source=src, object=o)


@rules.implements("308.3", reasons={"met_at_declaration": "ability source object"})
def met_at_declaration_only(game, o) -> None:
    """308.3, the other way round: an attack trigger whose condition on the attacker the creature met as it was
    declared triggered then, and it stays triggered when the creature stops meeting the condition later this turn
    (the green land creature that stops being green): cited at that change, once per ability and creature."""
    for src_id, name, ctrl, f, turn in o.extra.get("attack_triggered", ()):
        if turn != game.turn:
            continue
        if matches(game, o, {**f, "zone": o.zone}, controller=ctrl, source_id=src_id) is not None and \
                game.recorder.first_time(("308.3", "met", src_id, name, o.id, o.inc, turn)):
            src = game.objects.get(src_id)
            game.fire("308.3", "met_at_declaration", [src, o] if src else [o], ability=name, source=src or name,
                      object=o)


def met_only_after_declaration(game, o) -> list:
    """(source, ability) of each attack trigger in play with a condition on the attacker that `o` meets now but did
    not meet with the characteristics it was declared with (none when it was not declared an attacker)."""
    declared = o.extra.get("declared_chars")
    if declared is None:
        return []
    out = []
    for src, c, ab in game.abilities_in_play("triggered"):
        w = ab.spec.get("when") or {}
        f = w.get("filter")
        if w.get("event") != "attacks" or not f or (w.get("self") and src is not o):
            continue
        ff = {**f, "zone": o.zone}
        if matches(game, o, ff, controller=c.controller, source_id=src.id) is None and \
                matches(game, o, ff, controller=c.controller, source_id=src.id, ch=declared) is not None:
            out.append((src, ab))
    return out


# the filter words an "enters" trigger checks → the characteristic a continuous effect may have changed
_FILTER_CHARS = {"types": "types", "not_types": "types", "any_types": "types", "subtypes": "types",
                 "colors": "colors", "not_colors": "colors", "colorless": "colors", "power": "pt", "toughness": "pt",
                 "keywords": "keywords", "not_keywords": "keywords"}


def seen_as_entered(game, src, ctrl: str, name: str, f: dict, obj) -> None:
    """410.10b: an "enters" trigger sees the permanent as it is the moment it enters, continuous effects applied —
    cited when that decided it: the trigger's filter checks a characteristic an effect changed as it entered, and
    the card as printed would not have triggered it (a land that enters as a creature under "all lands are
    creatures" triggers "whenever a creature enters"; "whenever a land enters" would trigger anyway)."""
    changed = getattr(obj, "extra", {}).get("entered_affected") or set()
    what = sorted({_FILTER_CHARS[k] for k in f if k in _FILTER_CHARS} & changed)
    if what and matches(game, obj, {**f, "zone": obj.zone}, controller=ctrl, source_id=src.id,
                        ch=printed(obj)) is not None:
        game.fire("410.10b", "seen_as_entered", [obj], ability=name, object=obj,
                  what="、".join(say(f"char.{w}") for w in what))


# a trigger condition that failed → the rule a judge quotes for "why didn't it trigger?"
_NEAR_MISS_RULES = {"attacks": ("308.3", "attack_trigger_checked"),
                    "blocked_by": ("309.4", "block_trigger_checked"),
                    "becomes_blocked": ("309.4", "block_trigger_checked"),
                    "blocks": ("309.3", "blocks_trigger_checked"),
                    "blocks_creature": ("309.3", "blocks_trigger_checked"),
                    "count": ("410.9e", "block_count_short")}

# how often each block trigger event triggers in one combat (410.9a–d)
_BLOCK_COUNT_RULES = {"blocks": ("410.9a", "blocks_once"), "blocks_creature": ("410.9b", "blocks_each"),
                      "becomes_blocked": ("410.9c", "blocked_once"), "blocked_by": ("410.9d", "blocked_each")}


@rules.implements("410.9a", reasons={"blocks_once": "ability source count"})
@rules.implements("410.9b", reasons={"blocks_each": "ability source attacker"})
@rules.implements("410.9c", reasons={"blocked_once": "ability source count"})
@rules.implements("410.9d", reasons={"blocked_each": "ability source blocker"})
@rules.implements("410.9e", reasons={"block_count_met": "ability source count least"})
def block_trigger_counted(game, src, name: str, w: dict, d: dict) -> None:
    """A block trigger triggered as blockers were declared: the rule of 410.9 that says how often its wording
    triggers — once per combat however many creatures it blocks or is blocked by (410.9a, 410.9c), once per
    creature blocked or blocking (410.9b, 410.9d) — and, for "N or more", that the count was met (410.9e)."""
    rule, code = _BLOCK_COUNT_RULES[w["event"]]
    blocker, attacker = d["object"], d["attacker"]
    subject = attacker if w["event"] in ("becomes_blocked", "blocked_by") else blocker
    count = d["blockers_count"] if w["event"] == "becomes_blocked" else d["blocked_count"]
    other = blocker if subject is attacker else attacker
    extra = {"blocks_each": {"attacker": attacker}, "blocked_each": {"blocker": blocker}}.get(code, {"count": count})
    game.fire(rule, code, [subject, other], ability=name, source=src, **extra)
    if w.get("at_least"):
        game.fire("410.9e", "block_count_met", [subject], ability=name, source=src, count=count,
                  least=w["at_least"])


# the step whose own rule says its "at the beginning of" triggers go on the stack then (beside 300.5)
_STEP_RULES = {STEP.upkeep: "303.1", STEP.beginning_of_combat: "307.1", STEP.end_of_combat: "311.1",
               STEP.end_of_turn: "313.1", STEP.main1: "305.3", STEP.main2: "305.3"}


@rules.implements("300.5", reasons={"step_trigger": "ability step"})
@rules.implements("303.1", reasons={"step_trigger": "ability step"})
@rules.implements("307.1", reasons={"step_trigger": "ability step"})
@rules.implements("311.1", reasons={"step_trigger": "ability step"})
@rules.implements("313.1", reasons={"step_trigger": "ability step"})
@rules.implements("305.3", reasons={"step_trigger": "ability step"})
def at_beginning_of(game, src, name: str, step: str) -> None:
    """An "at the beginning of [step]" ability triggered as the step began: 300.5, and the step's own rule (upkeep
    303.1, beginning of combat 307.1, end of combat 311.1, end of turn 313.1) where it has one."""
    game.fire("300.5", "step_trigger", [src], ability=name, step=step)
    number = _STEP_RULES.get(step)
    if number:
        game.fire(number, "step_trigger", [src], ability=name, step=step)


def add_pending(game, src, controller, ab: AbilityDef, ev, f, data=None) -> PendingTrigger:
    t = PendingTrigger(game.new_id(f"{src.id}.{ab.key}"), src.id, src.inc, src.name, controller, ab, ev,
                       dict(data or {}), f.id if f else None)
    if ab.spec.get("mana"):
        resolve_mana_trigger(game, t)
        return t
    if game.resolving is not None:
        game.triggered_during = {**game.triggered_during, t.id: game.resolving.name}
    elif game.step == STEP.untap:                  # nobody gets priority in the untap step (302.3): 410.1
        game.triggered_during = {**game.triggered_during, t.id: None}
    game.pending.append(t)
    return t


@rules.implements("408.1f", reasons={"waited_for_priority": "ability during"})
@rules.implements("410.1", reasons={"triggered_without_priority": "ability step"})
@rules.implements("408.1b", reasons={"sba_then_triggers": "count"})
def waited_for_priority(game, after_sba: bool) -> None:
    """As pending triggers go on the stack: 408.1f for each that triggered while a spell or ability was
    resolving — nothing happened then, it waited until a player would receive priority; 408.1b when state-based
    effects were performed first in the same settling (state-based effects, then triggers, repeated)."""
    if after_sba and game.pending:
        game.fire("408.1b", "sba_then_triggers", [], count=len(game.pending))
    for t in game.pending:
        if t.id not in game.triggered_during:
            continue
        during = game.triggered_during[t.id]
        src = game.objects.get(t.source)
        name = say("ability_of", source=t.source_name)
        if during is not None:
            game.fire("408.1f", "waited_for_priority", [src] if src else [], ability=name, during=during)
        else:
            game.fire("410.1", "triggered_without_priority", [src] if src else [], ability=name, step=game.step)
    game.triggered_during = {}


@rules.implements("411.3", reasons={"triggered_mana": "source mana"})
def resolve_mana_trigger(game, t) -> None:
    """411.3: a triggered mana ability resolves right after the mana ability that triggered it."""
    src = game.objects.get(t.source)
    f = game.fire("411.3", "triggered_mana", [src] if src else [], source=src or t.source_name,
                  mana=mana_text(t.ability.spec))
    with game.under(f):
        ctx = Ctx(None, src, t.source_name, t.controller, event=t.event)
        ev = t.event
        if ev is not None and ev.kind == "tap_for_mana":
            ctx.about = ev.data["object"]
        effects = []
        for e in t.ability.spec.get("effects", []):
            if e.get("add_mana") == "same":
                spec = (ev.data.get("mana") or {}) if ev else {}
                produced = [x.get("add_mana") for x in spec.get("effects", []) if isinstance(x.get("add_mana"), str)]
                effects.append({**e, "add_mana": same_type(game, ctx, t, e, produced)})
            else:
                effects.append(e)
        run(game, ctx, effects)


@rules.implements("411.3a", reasons={"same_type_chosen": "player mana choices"})
def same_type(game, ctx, t, e, produced: list) -> str:
    """The mana "of the same type" a triggered mana ability adds: the type the triggering mana ability produced;
    when it produced mana of several types, the player who gets the mana chooses which (411.3a)."""
    kinds = []
    for text in produced:
        fixed, hybrids, _ = M.parse_added(text if "{" in text else "{" + "}{".join(text) + "}")
        for k in [*fixed, *(c for h in hybrids for c in h)]:
            if k not in kinds:
                kinds.append(k)
    if len(kinds) < 2:
        return produced[0] if produced else "C"
    receiver = players(game, ctx, e.get("who", "you"))[0]
    words = [M.COLOR_ZH.get(k, k) for k in kinds]
    pick = game.choose("color", t.source, by=receiver.name, options=words)
    game.fire("411.3a", "same_type_chosen", [receiver], player=receiver, mana=M.symbol(M.ZH_COLOR.get(pick, pick)),
              choices="、".join(M.symbol(k) for k in kinds))
    return "{" + pick + "}"


NOT_THIS_EVENT = (None, None)


class _Decided(tuple):
    """A trigger event's reader decided on its own: (True, data) or (False, (check, expected, actual, subject))."""


def match(game, src, ch, spec: dict, ev: Event, snapshot):
    """(None, _) the event is not of this kind; (False, (check, expected, actual, subject)); (True, data).

    The trigger event's reader (`_READERS`) says whether the event is of its kind and which object it is about
    (its subject, with the characteristics it had then); the conditions every kind shares — `self`, `haunted`,
    `filter`, a damage `source` — are checked on that subject here."""
    w = spec["when"]
    kind = w["event"]
    read = _READERS.get(kind)
    if read is None:
        return NOT_THIS_EVENT
    got = read(game, src, ch.controller, w, kind, ev.data, snapshot)
    if got is None:
        return NOT_THIS_EVENT
    if isinstance(got, _Decided):
        return tuple(got)
    subj, subj_ch = got
    out = _subject_qualifies(game, src, ch.controller, w, kind, ev.data, subj, subj_ch)
    if out[0] and w.get("caused_by") and not caused_by(game, src, ch.controller, w["caused_by"], ev.data, subj):
        return NOT_THIS_EVENT
    return out


@rules.implements("420.2", near_misses={"no_player_controls": "ability source object rule"})
def caused_by(game, src, ctrl: str, who: str, d: dict, subj) -> bool:
    """"Whenever a spell or ability [an opponent / you] controls causes …": the event must come from a spell or
    ability whose controller is that player (`by`). A state-based effect is always active and no player controls
    it (420.2): what it does — a creature with lethal damage destroyed, an Aura put into the graveyard — is caused
    by no player's spell or ability, even when that spell dealt the damage: a near miss naming the state-based rule."""
    by = d.get("by")
    if by is None:
        if d.get("sba"):
            game.near_miss("420.2", "no_player_controls", [src, subj] if subj is not None else [src],
                           ability=say("ability_of", source=src.name), source=src, object=subj if subj is not None
                           else "-", rule=d["sba"])
        return False
    return cause_matches(who, by, ctrl)


def cause_matches(who: str, by: str, ctrl: str) -> bool:
    """Whether the controller `by` of the spell or ability that caused an event is `who` ("you", "opponent",
    "any") from the point of view of `ctrl`, the controller of the triggered ability."""
    return who == "any" or (who == "you") == (by == ctrl)


def _subject_qualifies(game, src, ctrl, w, kind, d, subj, subj_ch):
    if w.get("self") and subj is not src:
        return NOT_THIS_EVENT
    if w.get("enchanted") and (subj is None or isinstance(subj, Player) or src.attached_to != subj.id):
        return NOT_THIS_EVENT
    if w.get("haunted"):
        if subj is None or src.haunting is None or (subj.id, d.get("old_inc", subj.inc)) != src.haunting:
            return NOT_THIS_EVENT
    f = w.get("filter")
    if f and subj is not None and not isinstance(subj, Player):
        ff = dict(f)
        ff["zone"] = subj.zone if kind in ("leaves", "dies") else ff.get("zone", subj.zone)
        if kind == "cast":
            ff["zone"] = "stack"
        bad = matches(game, subj, ff, controller=ctrl, source_id=src.id, ch=subj_ch)
        if bad:
            return False, (*bad, subj)
    if w.get("source") and kind == "dealt_damage":
        s = d.get("source")
        if s is None or source_matches(game, s, w["source"], controller=ctrl, source_id=src.id,
                                       ch=d.get("source_chars")) is not None:
            return NOT_THIS_EVENT
    return True, {}


def _whose(w, player: str, ctrl: str) -> bool:
    """A `whose:` condition: any player's, yours (`you`) or an opponent's."""
    whose = w.get("whose", "any")
    return whose == "any" or (whose == "you") == (player == ctrl)


def _zone_change(game, src, ctrl, w, kind, d, snapshot):
    """enters / leaves / dies: the object moved (leaving, seen as it was on the battlefield, 410.10d)."""
    subj = d["object"]
    if kind == "enters":
        return (subj, None) if d["to"] == "battlefield" else None
    if d.get("from") != "battlefield":
        return None
    if kind == "dies" and d["to"] != "graveyard":
        return None
    if kind == "leaves" and w.get("to", "any") not in ("any", d["to"]):
        return None
    subj_ch = snapshot[1].get(subj.id) if snapshot is not None else None
    if kind == "dies" and subj_ch is not None and TYPE.creature not in subj_ch.types and not w.get("filter"):
        return None
    return subj, subj_ch


def _damage(game, src, ctrl, w, kind, d, snapshot):
    """deals_damage (the source is the subject, as it was when it dealt it) / dealt_damage (the recipient)."""
    subj = d.get("source") if kind == "deals_damage" else d.get("target")
    if isinstance(subj, Player) and (w.get("self") or w.get("filter")):
        return None
    rec = w.get("recipient", "any")
    if kind == "deals_damage" and rec != "any" and (rec == "player") != isinstance(d.get("target"), Player):
        return None
    if w.get("combat") is not None and bool(d.get("combat")) != w["combat"]:
        return None
    return subj, (d.get("source_chars") if kind == "deals_damage" else None)


def _step(game, src, ctrl, w, kind, d, snapshot):
    """"At the beginning of [step]" (of your turn, or any)."""
    if w.get("step") and w["step"] != d["step"]:
        return None
    return _Decided((True, {})) if _whose(w, game.active, ctrl) else None


def _cast(game, src, ctrl, w, kind, d, snapshot):
    return (d["object"], None) if _whose(w, d["player"], ctrl) else None


def _declared(game, src, ctrl, w, kind, d, snapshot):
    """attacks / attacks_unblocked / blocks: the creature as it was declared (308.3)."""
    return d["object"], d.get("chars")


def _blocks(game, src, ctrl, w, kind, d, snapshot):
    """"Whenever [this] blocks": once per combat, on its first pair of the declaration (410.9a); "blocks N or more
    creatures" only if it does once declared (410.9e). The blocker as it was declared (309.3)."""
    if not d.get("first_of_blocker") or (w.get("self") and d["object"] is not src):
        return None
    return _at_least(w, d, "blocked_count", d["object"]) or (d["object"], d.get("chars"))


def _becomes_blocked(game, src, ctrl, w, kind, d, snapshot):
    """"Whenever [this] becomes blocked": once per combat, on its first blocker, and only if it was not yet
    blocked this combat (410.9c, 309.4); "by N or more creatures" only if it is once declared (410.9e)."""
    attacker = d["attacker"]
    if (w.get("self") and attacker is not src) or not d.get("first_of_attacker"):
        return None
    return _at_least(w, d, "blockers_count", attacker) or (attacker, None)


def _at_least(w, d, key: str, subject):
    n = w.get("at_least")
    if n and d[key] < n:
        return _Decided((False, (say("check.block_count"), f"≥{n}", str(d[key]), subject)))
    return None


def _blocked_by(game, src, ctrl, w, kind, d, snapshot):
    """"Whenever [this] becomes blocked by a [filter]": the blocker as it was declared (309.4)."""
    if w.get("self") and d["attacker"] is not src:
        return None
    blocker = d["object"]
    if w.get("by"):
        bad = matches(game, blocker, w["by"], controller=ctrl, source_id=src.id, ch=d.get("chars"))
        if bad:
            return _Decided((False, (*bad, blocker)))
    return _Decided((True, {"blocker": blocker.id}))


def _object(game, src, ctrl, w, kind, d, snapshot):
    return d["object"], None


def _player_event(game, src, ctrl, w, kind, d, snapshot):
    """gains_life / draws / discards: a player did it (you, or any). A discard is seen as the move it is defined
    as (a card from its owner's hand to the graveyard, reason `discard`): the one who discards owns the hand."""
    player = d.get("player")
    if kind == "discards" and player is None:
        if d.get("reason") != "discard":
            return None
        player = game.by_name[d["object"].owner]
    return _Decided((True, {})) if _whose(w, player.name, ctrl) else None


_READERS = {
    "enters": _zone_change, "leaves": _zone_change, "dies": _zone_change,
    "deals_damage": _damage, "dealt_damage": _damage,
    "step": _step,
    "cast": _cast,
    "attacks": _declared, "attacks_unblocked": _declared, "blocks": _blocks, "blocks_creature": _declared,
    "becomes_blocked": _becomes_blocked,
    "blocked_by": _blocked_by,
    "tapped_for_mana": _object, "untaps": _object,
    "gains_life": _player_event, "draws": _player_event, "discards": _player_event,
}


def condition_holds(game, src, controller: str, cond: dict) -> bool:
    p = game.by_name[controller]
    if cond.get("life_at_most") is not None and p.life > cond["life_at_most"]:
        return False
    if cond.get("hand_empty") is not None and (not game.zone_objects(controller, "hand")) != cond["hand_empty"]:
        return False
    if cond.get("controls") is not None:
        if not select(game, {**cond["controls"], "controller": "you"}, controller=controller):
            return False
    if cond.get("source_tapped") is not None and src.tapped != cond["source_tapped"]:
        return False
    return True


def condition_zh(cond: dict) -> str:
    parts = []
    if cond.get("life_at_most") is not None:
        parts.append(say("cond.life_at_most", n=cond["life_at_most"]))
    if cond.get("hand_empty") is not None:
        parts.append(say("cond.hand_empty") if cond["hand_empty"] else say("cond.hand_not_empty"))
    if cond.get("controls") is not None:
        parts.append(say("cond.controls"))
    if cond.get("source_tapped") is not None:
        parts.append(say("cond.source_tapped") if cond["source_tapped"] else say("cond.source_untapped"))
    return say("cond.and").join(parts) or say("cond.generic")


def _event_zh(ev: Event) -> str:
    d = ev.data
    k = ev.kind
    if k == "move":
        if d["to"] == "battlefield":
            return say("event.enters", object=d["object"].name)
        if d.get("from") == "battlefield":
            return say("event.leaves", object=d["object"].name, what=describe(ev))
    return describe(ev)


# ------------------------------------------------------------------ delayed triggers (404.4)

@rules.implements("404.4b", reasons={"delayed_triggered": "ability object event"})
def _delayed(game, ev: Event) -> None:
    for dl in game.delayed:
        if dl.done:
            continue
        w = dl.spec["when"]
        k = w["event"]
        d = ev.data
        hit = False
        if k == "step" and ev.kind == "step" and d["step"] == w.get("step"):
            hit = True
        elif k in ("leaves", "dies") and ev.kind == "move" and d.get("from") == "battlefield" and dl.about is not None:
            o = d["object"]
            hit = (o.id, d.get("old_inc", o.inc)) == dl.about and (k == "leaves" or d["to"] == "graveyard")
        elif k == "untaps" and ev.kind == "untap" and dl.about is not None:
            o = d["object"]
            hit = o.key == dl.about
        if not hit:
            continue
        if dl.spec.get("once", True):
            dl.done = True
        about = game.objects.get(dl.about[0]) if dl.about else None
        f = game.fire("404.4b", "delayed_triggered", [about] if about else [], caused_by=ev.cause,
                      ability=say("delayed_ability_of", source=dl.source_name), object=about or "-", event=_event_zh(ev))
        ab = AbilityDef("delayed", "triggered", {"when": w, "effects": dl.spec.get("effects", [])})
        dl.triggered += 1
        t = PendingTrigger(dl.id if dl.triggered == 1 else game.new_id(dl.id), dl.source, 0, dl.source_name,
                           dl.controller, ab, ev, {"about": dl.about, "about_types": dl.about_types, "delayed": True},
                           f.id)
        game.pending.append(t)


# ------------------------------------------------------------------ state triggers (410.11)

@rules.implements("410.11", reasons={"state_trigger": "ability source condition"})
@rules.implements("420.1", reasons={"state_trigger_not_sba": "ability"})
def state_triggers(game) -> None:
    cm = game.all_chars()
    for oid in game.battlefield_ids():
        src = game.objects[oid]
        ch = cm[oid]
        for ab in ch.abilities:
            if ab.kind != "triggered" or ab.spec["when"]["event"] != "hand_empty":
                continue
            key = (src.key, ab.key)
            if key in game.live_state_triggers:
                continue
            ctrl = ch.controller
            if game.zone_objects(ctrl, "hand"):
                continue
            game.live_state_triggers.add(key)
            f = game.fire("410.11", "state_trigger", [src], ability=say("ability_of", source=src.name), source=src,
                          condition=say("cond.player_hand_empty", player=ctrl))
            game.fire("420.1", "state_trigger_not_sba", [src], ability=say("ability_of", source=src.name))
            t = add_pending(game, src, ctrl, ab, None, f)
            t.data["state_key"] = key


# ------------------------------------------------------------------ onto the stack (410.3, 410.4)

@dataclass(slots=True, eq=False)
class DelayedAbility(StackAbility):
    """A delayed triggered ability on the stack (404.4): named as such where a judge reads it."""

    @property
    def name(self) -> str:
        return say("delayed_ability_of", source=self.source_name)

    @property
    def ref(self) -> Ref:
        return Ref(self.id, self.name)


@rules.implements("410.3", reasons={"trigger_to_stack": "ability player"})
@rules.implements("410.4", reasons={"trigger_no_target": "ability"})
@rules.implements("408.2a", reasons={"delayed_uses_stack": "ability"})
@rules.implements("415.2", reasons={"ability_has_targets": "ability source targets"})
@rules.implements("406.2", reasons={"mana_trigger_on_stack": "ability"})
def put_on_stack(game, t: PendingTrigger) -> None:
    spec = t.ability.spec
    src_obj = game.objects.get(t.source)
    targets = choose_targets(game, t.id, spec.get("targets", []), controller=t.controller, source=None,
                             source_colors=tuple(chars(game, src_obj).colors) if src_obj else (), rule="410.4")
    name = say("delayed_ability_of" if t.data.get("delayed") else "ability_of", source=t.source_name)
    if targets is None:
        game.fire("410.4", "trigger_no_target", [t.source], caused_by=t.caused_by, ability=name)
        if t.data.get("state_key"):
            game.live_state_triggers.discard(t.data["state_key"])
        return
    cls = DelayedAbility if t.data.get("delayed") else StackAbility
    item = cls(t.id, t.source, t.source_inc, t.source_name, t.controller, t.ability, "triggered",
               targets, {"event": t.event, **t.data})
    f = game.fire("410.3", "trigger_to_stack", [t.source, t.id], caused_by=t.caused_by, ability=name,
                  player=t.controller)
    with game.under(f):
        game.push(item)
    if any(targets):            # its text says "目标": the ability has targets (415.2)
        game.fire("415.2", "ability_has_targets", [t.id, t.source], caused_by=f.id, ability=name,
                  source=src_obj or t.source_name, targets=target_objects(game, targets))
    if t.data.get("delayed"):   # the effect that made it used no stack; the ability it created does (408.2a)
        game.fire("408.2a", "delayed_uses_stack", [t.id], caused_by=f.id, ability=name)
    if adds_mana(spec.get("effects")):      # adds mana, but is no mana ability: it waits on the stack (406.2)
        game.fire("406.2", "mana_trigger_on_stack", [t.id], caused_by=f.id, ability=name)


