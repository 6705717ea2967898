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
from judge.engine.games.wow.chars import compute
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import RULE, TYPE, say


def snapshot(game) -> dict:
    cm = compute(game)
    return {i: _key(c) for i, c in cm.items() if game.objects[i].zone == "play"}


def _key(c):
    return ((c.atk, c.health, tuple(c.subtypes), c.controller), tuple((r, s, w) for r, s, w in c.notes))


_CHANGED = ("atk", "health", "types")     # the trace's names for the characteristics note_characteristics compares


@rules.implements("714.2", reasons={"recounted": "object what before after detail"})
@rules.implements("714.3a", reasons={"while_condition": "object what before after detail"})
@rules.implements("714.3b", reasons={"control_changes": "object before after detail"},
                  near_misses={"did_not_remain": "source object why"})
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
    for dep, on in game._deps:
        if (dep, on) not in game._deps_noted:
            game._deps_noted.add((dep, on))
            game.fire("719.2", "dependent_applies_later", [], effect=dep, depends_on=on)


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
