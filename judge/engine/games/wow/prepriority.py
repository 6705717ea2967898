"""Pre-priority processing: what happens each time a player would receive priority (708.1).

First the checks: every character with lethal damage — damage equal to or
greater than its Health, which includes a character whose Health dropped to 0
— is destroyed, all at once (glossary 总生命, 致命伤害); a player whose hero is
destroyed loses (glossary 总生命). Control changed by a modifier takes effect
(714.3b). Then the core puts the pending triggered effects on the chain in
turn order (708.1a) and repeats until nothing is left to do (708.1b).

Continuous modifiers are always computed from the current state (714.2); when
a character's ATK, Health, types or controller changed since the last check,
the change is recorded under the rule of the modifier that made it (a
recount, a "while" condition, "for as long as"), so a judge sees why.
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.wow.chars import compute, delta_zh
from judge.engine.games.wow.filters import matches
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import RULE, TYPE, say, zone


def snapshot(game) -> dict:
    cm = compute(game)
    return {i: _key(c) for i, c in cm.items() if game.objects[i].zone == "play"}


def _key(c):
    return ((c.atk, c.health, tuple(c.subtypes), c.controller), tuple((r, s, w) for r, s, w in c.notes))


_CHANGED = ("atk", "health", "types")     # the trace's names for the characteristics note_characteristics compares


@rules.implements("714.2", reasons={"recounted": "object what before after detail"})
@rules.implements("714.3a", reasons={"while_condition": "object what before after detail"})
@rules.implements("714.3b", reasons={"control_changes": "object before after detail",
                                     "did_not_remain": "source object why"})
@rules.implements("714.1", reasons={"characteristics_changed": "object what before after detail"})
@rules.implements("719.2", reasons={"dependent_applies_later": "effect depends_on"})
def note_characteristics(game) -> None:
    cm = compute(game)
    now = {}
    for i, c in cm.items():
        o = game.objects[i]
        if o.zone != "play":
            continue
        k = _key(c)
        now[i] = k
        old = game._seen.get(i)
        if old is None or old == k:
            continue
        (ovals, onotes), (nvals, nnotes) = old, k
        changed = set(onotes) ^ set(nnotes)
        rules_changed = [n[0] for n in list(nnotes) + list(onotes) if n in changed]
        rule = rules_changed[0] if rules_changed else None
        detail = "；".join(f"{s}：{w}" for _, s, w in nnotes) or say("none")
        labels = (say("label.atk"), say("label.health"), say("label.types"), say("label.controller"))
        for idx, label in enumerate(labels):
            b, a = ovals[idx], nvals[idx]
            if b == a:
                continue
            if idx == 2:
                b, a = "、".join(b) or say("none"), "、".join(a) or say("none")
            if idx == 3:
                if o.controller != a:
                    _sync_control(game, o, b, a, detail)
                continue
            r = rule if rule in ("714.2", "714.3a") else "714.1"
            code = {"714.2": "recounted", "714.3a": "while_condition"}.get(r, "characteristics_changed")
            f = game.fire(r, code, [o], object=o, what=label, before=b if b is not None else say("none"),
                          after=a if a is not None else say("none"), detail=detail)
            with game.under(f):     # a characteristic that changed is a change of the card, like any other
                game.recorder.change(o.id, _CHANGED[idx], b, a)
    game._seen = now
    rechecked(game, cm)
    interactions(game)


@rules.implements("718.1", reasons={"timestamp_order": "object order"})
@rules.implements("718.2a", reasons={"card_timestamp": "effect source when"})
@rules.implements("718.2b", reasons={"attached_timestamp": "effect source"})
@rules.implements("718.2c", reasons={"zone_timestamp": "effect source zone when"})
@rules.implements("718.2d", reasons={"link_timestamp": "effect"})
@rules.implements("718.2e", reasons={"power_timestamp": "effect source how"})
@rules.implements("718.2f", reasons={"counter_timestamp": "effect what"})
@rules.implements("718.3", reasons={"same_time": "effects players"})
@rules.implements("719.1", reasons={"depends": "effect depends_on"})
@rules.implements("719.3", reasons={"loop_starts": "effect loop"})
def interactions(game) -> None:
    """What decided the order of the ongoing modifiers (chars.order), said once each: a dependency (719.1) and a
    dependent applied after a later timestamp (719.2), where a loop of dependencies started (719.3), and — on a
    card where the order changes the result — the timestamp order (718.1), what gives each its timestamp (718.2)
    and equal timestamps ordered turn player first (718.3)."""
    notes = game._order or {}
    by_id = notes.get("appliers") or {}

    def mod(eid):       # a modifier in a reason: its applier, which the trace names by its source card
        return by_id.get(eid, eid)

    for dep, on in notes.get("deps", ()):
        if _first(game, ("719.1", dep, on)):
            game.fire("719.1", "depends", [], effect=mod(dep), depends_on=mod(on))
    for dep, on in notes.get("later", ()):
        if _first(game, (dep, on)):
            game.fire("719.2", "dependent_applies_later", [], effect=mod(dep), depends_on=mod(on))
    for start, loop in notes.get("loops", ()):
        if _first(game, ("719.3", loop)):
            game.fire("719.3", "loop_starts", [], effect=mod(start), loop=[mod(e) for e in loop])
    for oid, appliers in notes.get("conflicts", ()):
        if not _first(game, ("718.1", oid, tuple(a.eid for a in appliers))):
            continue
        o = game.objects[oid]
        f = game.fire("718.1", "timestamp_order", [o], object=o,
                      order=[f"{a.source_name}（{delta_zh(a.spec)}）" for a in appliers])
        with game.under(f):
            for a in appliers:
                _timestamp(game, a)
            ties = {}
            for a in appliers:
                ties.setdefault(a.ts, []).append(a)
            for same in ties.values():
                if len({a.controller for a in same}) > 1:
                    game.fire("718.3", "same_time", [], effects=[a.source_name for a in same],
                              players=list(dict.fromkeys(a.controller for a in same)))


def _timestamp(game, a) -> None:
    """718.2: what gives modifier `a` its timestamp."""
    src = game.objects.get(a.source)
    for r in a.ts_rules:
        if r == "718.2d":
            game.fire(r, "link_timestamp", [], effect=a.source_name)
        elif r == "718.2c":
            game.fire(r, "zone_timestamp", [src] if src else [], effect=a, source=a.source_name,
                      zone=zone(src.zone) if src else say("none"),
                      when=say("timestamp.game_start" if a.ts == 0 else "timestamp.entered_zone"))
        elif r == "718.2f":
            game.fire(r, "counter_timestamp", [], effect=a.source_name, what=delta_zh(a.spec))
        elif r == "718.2e":
            game.fire(r, "power_timestamp", [src] if src else [], effect=a, source=a.source_name,
                      how=say("timestamp.gained" if len(a.ts_rules) == 1 else "timestamp.printed"))
        elif r == "718.2b":
            game.fire(r, "attached_timestamp", [src] if src else [], effect=a, source=a.source_name)
        else:
            game.fire(r, "card_timestamp", [src] if src else [], effect=a, source=a.source_name,
                      when=say("timestamp.game_start" if a.ts == 0 else "timestamp.entered"))


def _first(game, key) -> bool:
    """True the first time `key` is seen (each interaction is said once)."""
    if key in game._deps_noted:
        return False
    game._deps_noted.add(key)
    return True


@rules.implements("714.3e", reasons={"rechecks": "effect source added dropped"})
def rechecked(game, cm: dict) -> None:
    """714.3e: a link's ongoing modifier for a description marks no card — it keeps checking which cards it
    affects, so a card that now fits gets it and one that no longer fits loses it. Said when that set changed."""
    for m in game.live_modifiers():
        f = m.data.get("group") if m.kind == "modify" else None
        if f is None:
            continue
        now = tuple(i for i, c in cm.items() if game.objects[i].zone == "play"
                    and matches(game, game.objects[i], f, controller=m.controller, source_id=m.source, ch=c) is None)
        seen = m.data.get("seen", ())
        if set(now) == set(seen):
            continue
        added = [game.objects[i] for i in now if i not in seen]
        dropped = [game.objects[i] for i in seen if i not in now and i in game.objects]
        game.set(m, "data", {**m.data, "seen": now})
        game.fire("714.3e", "rechecks", added + dropped, effect=m.id, source=m.source_name,
                  added=added or say("none"), dropped=dropped or say("none"))


def _sync_control(game, o, before, after, detail) -> None:
    f = game.fire("714.3b", "control_changes", [o], object=o, before=before, after=after, detail=detail)
    with game.under(f):
        game.set(o, "controller", after)
        game.set(o, "fresh", True)
        if o.attacking or o.defending:
            game.set(o, "attacking", None)
            game.set(o, "defending", False)


@rules.implements(RULE.total_health, reasons={"lethal_damage": "object damage health", "hero_destroyed": "player hero",
                                    "winner": "player"})
def check(game) -> bool:
    """One round of the pre-priority checks. True if anything happened."""
    for o in game.in_play():
        c = compute(game).get(o.id)
        if c is not None and c.controller != o.controller and o.zone == "play":
            _sync_control(game, o, o.controller, c.controller,
                          "；".join(f"{src}：{w}" for r, src, w in c.notes if r == "714.3b")
                          or say("note.control_ended"))
    note_characteristics(game)
    cm = compute(game)
    dying = []
    for o in game.in_play():
        c = cm.get(o.id)
        if c is None or not c.is_character or c.health is None or o.area == "resource":
            continue
        if o.damage >= c.health:
            dying.append((o, c))
    if not dying:
        return False
    events = []
    losers = []
    for o, c in dying:
        f = game.fire(RULE.total_health, "lethal_damage", [o], caused_by=game.cause_of(o), object=o, damage=o.damage,
                      health=c.health)
        events.append(Event("destroy", {"object": o}, f.id, firing=f))
        if c.type == TYPE.hero:
            losers.append((game.by_name[c.controller], o, f))
    game.happen(events)
    game.players_lose([(p, game.fire(RULE.total_health, "hero_destroyed", [p, hero], caused_by=f.id, player=p, hero=hero))
                       for p, hero, f in losers])
    return True
