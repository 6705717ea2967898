"""Triggered powers and triggered effects (703.5, 705.4, 708).

A trigger condition is judged on the game as it was before the event (the
Brigg example before 703.5: "when Brigg deals combat damage to a damaged
ally" looks at whether the ally was damaged *before* the damage), and a
"becomes [state]" trigger fires only on a transition (703.5): an exhaust
event on a card already exhausted changes nothing and triggers nothing. The
triggered effect's controller is whoever controlled its source when it
triggered (705.4). Pending effects go on the chain at pre-priority
processing, the turn player's first in the order he chooses, then each next
player clockwise on top (708.1, 708.1a), and nobody gets priority until all
are on (708.1b). Adding one follows the steps of adding a link (708.2): one
that needs a target and has none vanishes. Optional parts are decided on
resolution, not when added (708.3, see `effects.py`).
"""
from __future__ import annotations

from judge.engine.core.objects import Event, PendingTrigger
from judge.engine.games.wow.events import describe
from judge.engine.games.wow.filters import legal_targets, matches
from judge.engine.games.wow import forms
from judge.engine.games.wow.loops import check_loop
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import AbilityDef, WEffect
from judge.engine.games.wow.words import RULE, canonical, say, zone

_KIND_EVENTS = {
    "move": ("enters", "destroyed"),
    "damage": ("deals_damage", "dealt_damage"),
    "step": ("step",),
    "attack": ("attacks",),
    "exhaust": ("becomes_exhausted",),
    "prevented": ("damage_prevented",),
}


@rules.implements("705.4", reasons={"triggered": "ability source event controller"})
@rules.implements("703.5", reasons={"before_event_unmet": "ability source object check expected actual after",
                                     "before_event_met": "ability source object check expected actual after",
                                     "before_event_held": "ability source object expected actual after",
                                     "no_transition": "ability source object state"},
                  near_misses={"judged_before_event": "ability source object check expected actual"})
@rules.implements("710.1d", reasons={"enters_trigger": "ability object"})
def collect(game, events: list[Event], snapshot) -> None:
    for ev, _kinds, leaving, found in game.watchers(events, _KIND_EVENTS, snapshot, lambda ch: ch.powers):
        for src, ch, ab in found:
            _try(game, src, ch, ab, ev, snapshot if leaving else None)
        _delayed(game, ev)
    forms.collect(game, events, add_pending)
    outside_play(game, events, snapshot)


#: the zones whose cards every player may see: a power there that would have triggered is worth saying why not
SEEN_ZONES = ("hand", "graveyard", "removed")


@rules.implements(RULE.power, reasons={"power_not_in_play": "ability source zone event"})
def outside_play(game, events: list[Event], snapshot) -> None:
    """能力: unless it says otherwise, a power works only while its card is in play — a triggered power of a card in
    a hand, graveyard or removed from the game does not trigger, though the event is one it names (the rule decides
    "no", so it fires).
    A card that left play in these very events is judged as it was in play (`collect`), not here."""
    was_in_play = set(snapshot[0]) if snapshot is not None else set()
    for o in list(game.objects.values()):
        if o.zone not in SEEN_ZONES or o.id in was_in_play:
            continue
        powers = [ab for ab in o.card.abilities if ab.kind == "triggered"]
        if not powers:
            continue
        ch = game.chars(o)
        for ev in events:
            for ab in powers:
                if ab.spec["when"]["event"] not in _KIND_EVENTS.get(ev.kind, ()):
                    continue
                ok, _ = match(game, o, ch, ab.spec, ev, snapshot)
                if ok:
                    game.fire(RULE.power, "power_not_in_play", [o], caused_by=ev.cause,
                              ability=say("name.power_of", source=o.name), source=o, zone=zone(o.zone),
                              event=_event_zh(ev))


def _try(game, src, ch, ab: AbilityDef, ev: Event, snapshot=None) -> None:
    ok, info = match(game, src, ch, ab.spec, ev, snapshot)
    name = say("name.power_of", source=src.name)
    if ok is None:
        return
    if not ok:
        check, exp, act, subject, *after = info
        if after and after[0] is not None and game.recorder.first_time(("703.5", src.id, ab.key, ev.id)):
            # the state before the event decided it: judged after it, the condition would have been met
            game.fire("703.5", "before_event_unmet", [src, subject], ability=name, source=src, object=subject,
                      check=check, expected=exp, actual=act, after=after[0])
        elif not after or after[0] is None:
            game.near_miss("703.5", "judged_before_event", [src, subject], once=(src.id, ab.key, ev.id),
                           ability=name, source=src, object=subject, check=check, expected=exp, actual=act)
        return
    decided = info.pop("before_decided", None)
    if decided is not None:         # met before the event, no longer after it: the state before decided
        check, exp, act, subject, after = decided
        game.fire("703.5", "before_event_met", [src, subject], ability=name, source=src, object=subject,
                  check=check, expected=exp, actual=act, after=after)
    held = info.pop("before_held", None)
    if held is not None:            # met before the event and after it, the state read changed: judged before
        exp, act, subject, after = held
        game.fire("703.5", "before_event_held", [src, subject], ability=name, source=src, object=subject,
                  expected=exp, actual=act, after=after)
    if check_loop(game, src, ab, ch.controller):
        return
    event = ab.spec["when"]["event"]
    cause = ev.cause
    if event == "enters":           # the rule that decides it triggers, then 705.4 (who controls it)
        cause = game.fire("710.1d", "enters_trigger", [src], caused_by=cause, ability=name, object=src).id
    elif event == "damage_prevented":
        cause = game.fire("717.2e", "prevention_triggers", [src], caused_by=cause, ability=name,
                          event=_event_zh(ev)).id
    f = game.fire("705.4", "triggered", [src], caused_by=cause, ability=name, source=src, event=_event_zh(ev),
                  controller=game.by_name[ch.controller])
    add_pending(game, src, ch.controller, ab, ev, f, info)


@rules.implements("709.2", reasons={"trigger_waits": "ability object"})
def add_pending(game, src, controller, ab: AbilityDef, ev, f, data=None) -> PendingTrigger:
    """The triggered effect waits to be added to the chain. Triggered while a link resolves, it waits for the
    pre-priority processing after it: nobody gets priority during the steps of resolving (709.2)."""
    t = PendingTrigger(game.new_id(f"{src.id}.{ab.key}"), src.id, src.inc, src.name, controller, ab, ev,
                       dict(data or {}), f.id if f else None)
    game.pending.append(t)
    if game.resolving is not None:
        game.fire("709.2", "trigger_waits", list(dict.fromkeys([src.id, game.resolving.id])), caused_by=t.caused_by,
                  ability=say("name.power_of", source=src.name), object=game.resolving)
    return t


NOT_THIS_EVENT = (None, None)


def match(game, src, ch, spec: dict, ev: Event, snapshot=None):
    """(None, _): not this kind of event; (False, (check, expected, actual, subject)); (True, data).

    Each trigger event has its reader (`_READERS`), which judges the event against the power's `when:`."""
    w = spec["when"]
    read = _READERS.get(w["event"])
    if read is None:
        return NOT_THIS_EVENT
    return read(game, src, ch.controller, w, ev.data, snapshot)


def _is_self(w, subj, src) -> bool:
    """A `self:` condition holds: the event is about the power's own card (or no such condition)."""
    return not w.get("self") or subj is src


def _enters(game, src, ctrl, w, d, snapshot):
    if d["to"] != "play" or not _is_self(w, d["object"], src):
        return NOT_THIS_EVENT
    return True, {}


def _destroyed(game, src, ctrl, w, d, snapshot):
    """"When [a card] is destroyed": judged on the card as it was in play (its controller then, 703.5)."""
    if d.get("reason") != "destroy" or d.get("from") != "play":
        return NOT_THIS_EVENT
    subj = d["object"]
    if not _is_self(w, subj, src):
        return NOT_THIS_EVENT
    f = w.get("filter")
    if f:
        was = snapshot[1].get(subj.id) if snapshot is not None else None
        bad = _match_was(game, subj, f, ctrl, src, was)
        if bad:
            return False, (*bad, subj)
    return True, {"it": subj.id}


def _step(game, src, ctrl, w, d, snapshot):
    if w.get("step") and canonical(w["step"]) != d["step"]:
        return NOT_THIS_EVENT
    if w.get("whose", "any") == "you" and game.active != ctrl:
        return NOT_THIS_EVENT
    return True, {}


def _about(game, w, obj, src, ctrl) -> bool:
    """The event is about a card the trigger names: itself when it says `self`, one passing its `filter`."""
    f = w.get("filter")
    return _is_self(w, obj, src) and not (f and matches(game, obj, f, controller=ctrl, source_id=src.id))


def _attacks(game, src, ctrl, w, d, snapshot):
    subj = d["object"]
    return (True, {"it": subj.id}) if _about(game, w, subj, src, ctrl) else NOT_THIS_EVENT


def _becomes_exhausted(game, src, ctrl, w, d, snapshot):
    return (True, {}) if _is_self(w, d["object"], src) else NOT_THIS_EVENT


def _deals_damage(game, src, ctrl, w, d, snapshot):
    """The recipient is judged on the state before the packet (the Brigg example: "a damaged ally")."""
    if w.get("combat") is not None and bool(d.get("combat")) != w["combat"]:
        return NOT_THIS_EVENT
    target = d["target"]
    if not _is_self(w, d.get("source"), src):
        return NOT_THIS_EVENT
    rf = w.get("recipient")
    data = {"event_target": target.id}
    if rf:
        bad = _judged_before(game, target, rf, ctrl, src, d, data)
        if bad:
            return False, bad
    return True, data


def _dealt_damage(game, src, ctrl, w, d, snapshot):
    if w.get("combat") is not None and bool(d.get("combat")) != w["combat"]:
        return NOT_THIS_EVENT
    source, target = d.get("source"), d["target"]
    if w.get("your_hero") and target is not game.hero_of(ctrl):
        return NOT_THIS_EVENT
    if not _is_self(w, target, src):
        return NOT_THIS_EVENT            # "when this is dealt damage": the packet's target is the power's card
    data = {"event_source": source.id if source is not None else None}
    rf = w.get("filter")
    if rf:
        bad = _judged_before(game, target, rf, ctrl, src, d, data)
        if bad:
            return False, bad
    sf = w.get("source")
    if sf and (source is None or matches(game, source, sf, controller=ctrl, source_id=src.id)):
        return NOT_THIS_EVENT
    return True, data


@rules.implements("717.2e", reasons={"prevention_triggers": "ability event"})
def _damage_prevented(game, src, ctrl, w, d, snapshot):
    """717.2e: a packet prevented in part or in full triggers "whenever damage is prevented" powers."""
    target = d["target"]
    if w.get("your_hero") and target is not game.hero_of(ctrl):
        return NOT_THIS_EVENT
    return (True, {"event_target": target.id}) if _about(game, w, target, src, ctrl) else NOT_THIS_EVENT


_READERS = {"enters": _enters, "destroyed": _destroyed, "step": _step, "attacks": _attacks,
            "becomes_exhausted": _becomes_exhausted, "deals_damage": _deals_damage, "dealt_damage": _dealt_damage,
            "damage_prevented": _damage_prevented}


def _judged_before(game, target, rf: dict, ctrl, src, d: dict, data: dict):
    """703.5 (the Brigg example): the packet's recipient judged as it was before the packet. Not met: (check,
    expected, before, target, after) — `after` is what the state after the packet shows when judged on it the
    condition would have been met (the state before decided), else None. Met, but no longer after the packet
    (“an undamaged ally”): noted in `data` as `before_decided`, for 703.5 to say so."""
    before = _recipient_before(game, target, rf, ctrl, src, {"damage": d.get("damage_before", target.damage)})
    after = _recipient_before(game, target, rf, ctrl, src, {"damage": target.damage})
    shown = say("filter.damage_n", n=target.damage) if target.damage else say("filter.undamaged")
    if before:
        return (*before, target, shown if after is None else None)
    if after:
        data["before_decided"] = (*after[:2], say("before.damage_n", n=d.get("damage_before", 0))
                                  if d.get("damage_before") else say("before.undamaged"), target, shown)
    elif state_read_changed(rf, d.get("damage_before", target.damage), target.damage):
        data["before_held"] = (say("before.damaged" if rf["damaged"] else "before.undamaged"),
                               say("before.damage_n", n=d["damage_before"]) if d.get("damage_before")
                               else say("before.undamaged"), target, shown)
    return None


def state_read_changed(rf: dict, before: int, after: int) -> bool:
    """Whether the packet changed the state a "damaged / undamaged" recipient condition reads (its damage), so the
    rule judging it on the state before the event is what is applied — met before and after alike (the ally was
    already damaged when Brigg hit it again)."""
    return rf.get("damaged") is not None and before != after


def _recipient_before(game, target, f: dict, ctrl, src, was: dict):
    """A recipient filter, with "damaged" judged on the damage before the packet (the Brigg example)."""
    f2 = dict(f)
    dm = f2.pop("damaged", None)
    f2.setdefault("zone", target.zone)
    bad = matches(game, target, f2, controller=ctrl, source_id=src.id)
    if bad:
        return bad
    if dm is not None and (was["damage"] > 0) != dm:
        return ("damaged", say("before.damaged" if dm else "before.undamaged"),
                say("before.damage_n", n=was["damage"]) if was["damage"] else say("before.undamaged"))
    return None


def _match_was(game, subj, f: dict, ctrl, src, was):
    f2 = dict(f)
    f2["zone"] = subj.zone
    controller_ok = f2.pop("controller", "any")
    bad = matches(game, subj, f2, controller=ctrl, source_id=src.id, ch=was)
    if bad:
        return bad
    if controller_ok != "any" and was is not None:
        if controller_ok == "you" and was.controller != ctrl:
            return ("controller", say("filter.you"), was.controller)
    return None


def would_trigger(game, ev: Event) -> list:
    """Triggered powers a packet would have triggered had it been dealt (for 717.2c near misses)."""
    out = []
    if ev.kind != "damage":
        return out
    fake = Event(ev.kind, dict(ev.data), ev.cause)
    fake.data.setdefault("damage_before", ev.data["target"].damage)
    cm = game.all_chars()
    for i in game.play_ids():
        src = game.objects[i]
        ch = cm.get(i)
        if ch is None:
            continue
        for ab in ch.powers:
            if ab.kind == "triggered" and ab.spec["when"]["event"] in ("deals_damage", "dealt_damage"):
                ok, _ = match(game, src, ch, ab.spec, fake)
                if ok:
                    out.append((src, ab))
    return out


def becomes_near_miss(game, obj, state: str) -> None:
    """703.5: "becomes exhausted" did not happen because it already was — the rule decides that the powers do
    not trigger: it fires, naming each."""
    cm = game.all_chars()
    for i in game.play_ids():
        src = game.objects[i]
        for ab in cm[i].powers:
            if ab.kind == "triggered" and ab.spec["when"]["event"] == "becomes_exhausted" and \
                    (not ab.spec["when"].get("self") or src is obj):
                if game.recorder.first_time(("703.5", src.id, ab.key, game.version)):
                    game.fire("703.5", "no_transition", [src, obj], ability=say("name.power_of", source=src.name),
                              source=src, object=obj, state=state)


def _event_zh(ev: Event) -> str:
    return describe(ev)


# ------------------------------------------------------------------ delayed triggered effects

def _delayed(game, ev: Event) -> None:
    for dl in game.delayed:
        if dl.done:
            continue
        w = dl.spec["when"]
        if w["event"] != "step" or ev.kind != "step" or ev.data["step"] != canonical(w.get("step")):
            continue
        if w.get("whose") == "you" and game.active != dl.controller:
            continue
        if game.turn <= dl.created_turn:
            continue
        game.set(dl, "done", True)
        about = game.objects.get(dl.about[0]) if dl.about else None
        f = game.fire("705.4", "triggered", [about] if about else [], caused_by=ev.cause,
                      ability=say("name.delayed_effect_of", source=dl.source_name), source=dl.source_name,
                      event=_event_zh(ev),
                      controller=game.by_name[dl.controller])
        ab = AbilityDef("delayed", "triggered", {"when": w, "effects": dl.spec.get("effects", [])},
                        dl.spec.get("text", ""))
        t = PendingTrigger(game.new_id(f"{dl.source or dl.id}.delayed"), dl.source, dl.source_inc, dl.source_name,
                           dl.controller, ab, ev,
                           {"about": dl.about}, f.id)
        game.pending.append(t)


# ------------------------------------------------------------------ onto the chain (708.1a, 708.2)

@rules.implements("708.1a", reasons={"trigger_to_chain": "ability player targets"})
@rules.implements("708.2", reasons={"no_legal_target": "ability"})
def put_on_chain(game, t: PendingTrigger) -> None:
    game.triggered_count += 1
    spec = t.ability.spec
    name = say("name.power_of" if t.ability.key != "delayed" else "name.delayed_effect_of", source=t.source_name)
    targets = []
    for i, ts in enumerate(spec.get("targets", [])):
        legal = legal_targets(game, ts, controller=t.controller, source=None)
        sub = t.id if len(spec["targets"]) == 1 else f"{t.id}[{i + 1}]"
        if not legal:
            game.chooser.none_legal("targets", sub, by=t.controller, rule="708.2")   # a target named anyway: refused
            game.fire("708.2", "no_legal_target", [t.source], caused_by=t.caused_by, ability=name)
            return
        ans = game.choose("targets", sub, by=t.controller, options=[o.id for o in legal], rule="708.2")
        pick = ans[0] if isinstance(ans, list) else ans
        o = game.objects[pick]
        targets.append([("obj", o.id, o.inc)])
    item = WEffect(t.id, t.source, t.source_inc, t.source_name, t.controller, t.ability, "triggered",
                   targets, {"event": t.event, **t.data},
                   label=say("name.delayed_effect_of" if t.ability.key == "delayed" else "name.triggered_effect_of",
                             source=t.source_name))
    # 708.1a orders several pending triggered effects; one alone is simply added (708.1)
    rule, code = ("708.1a", "trigger_to_chain") if getattr(game, "several_pending", False) else \
        ("708.1", "one_trigger_to_chain")
    f = game.fire(rule, code, [t.source, t.id], caused_by=t.caused_by, ability=name,
                  player=game.by_name[t.controller],
                  targets=[game.objects[s[0][1]] for s in targets] if targets else say("none"))
    with game.under(f):
        game.push(item)


@rules.implements("708.1", reasons={"pending_to_chain": "count effects",
                                    "one_trigger_to_chain": "ability player targets"})
def pending_to_chain(game) -> None:
    """708.1: a player is about to receive priority — in pre-priority processing the triggered effects created
    but not yet on the chain are added to it (one or several: 708.1a orders several)."""
    pending = game.pending
    if not pending or game.over:
        return
    srcs = []
    for t in pending:
        o = game.objects.get(t.source)
        if o is not None and o not in srcs:
            srcs.append(o)
    game.fire("708.1", "pending_to_chain", srcs, caused_by=pending[0].caused_by, count=len(pending),
              effects=[say("name.power_of" if t.ability.key != "delayed" else "name.delayed_effect_of",
                           source=t.source_name) for t in pending])


@rules.implements("708.1b", reasons={"all_added": "count player"})
def all_added(game, n: int) -> None:
    if n > 1 and not game.over:
        game.fire("708.1b", "all_added", [], count=n, player=game.by_name[game.active])
