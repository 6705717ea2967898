"""Characteristics of objects: the 2006 layer system (418.5).

`compute(game)` gives every permanent (and spell) its current characteristics:
start from the card, then apply continuous effects layer by layer —
(2) control, (4) type, (5) colour, abilities and other rule flags,
(6) power/toughness in the 2006 sublayers 6a characteristic-defining,
6b other effects in timestamp order, 6c counters, 6d static modifiers,
6e switching. Within a layer characteristic-defining abilities come first,
then timestamp order (418.5d–g). An effect that starts applying in one layer
keeps the same set of objects in its later layers (418.5b). Static abilities
are read from the permanents' *current* abilities, so an effect that removes
abilities also removes the statics it removes (computed to a fixpoint).

Nothing is locked here: locking (418.3b) happened when the resolved effect
recorded which objects it affects. Results are cached per `game.version`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.games.common.chars import characteristics, version_cached
from judge.engine.games.mtg.filters import count, matches
from judge.engine.games.mtg.refs import static_amount
from judge.engine.games.mtg.state import AbilityDef, Card, CEffect, ability_defs, parse_delta, parse_pt
from judge.engine.games.mtg.words import TYPE, say


@dataclass(slots=True)
class Chars:
    name: str
    types: list
    subtypes: list
    supertypes: list
    colors: list
    keywords: list
    abilities: list
    power: int | None
    toughness: int | None
    controller: str
    mana_value: int
    flags: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)     # (sublayer, source name, op, value) for P/T
    layer_notes: list = field(default_factory=list)   # (layer, source name, op, value) for layers 2, 4 and 5

    @property
    def pt(self) -> str | None:
        if self.power is None:
            return None
        return f"{self.power}/{self.toughness}"


def printed(obj: Card) -> Chars:
    c = obj.card
    p, t = c.power, c.toughness
    if p == "*":
        p = 0
    if t == "*":
        t = 0
    creature = TYPE.creature in c.types
    ctrl = obj.base_controller or obj.controller
    return Chars(c.name, list(c.types), list(c.subtypes), list(c.supertypes), list(c.colors), list(c.keywords),
                 list(c.abilities), p if creature else None, t if creature else None, ctrl, c.mana_value)


@dataclass(slots=True)
class _Applier:
    eid: str
    ts: int
    cda: bool
    static: bool
    ops: list
    source: str
    source_name: str
    controller: str
    locked: set | None = None
    filter: dict | None = None
    affects: object = None          # static: "self" | "enchanted" | filter dict


@version_cached
def compute(game) -> dict[str, Chars]:
    objs = [game.objects[i] for i in game.battlefield_ids()] + [s for s in game.stack if isinstance(s, Card)]
    statics_key = None
    out: dict[str, Chars] = {}
    for _ in range(4):
        appliers = _resolved(game) + _statics(game, objs, out or None)
        key = tuple(a.eid for a in appliers if a.static)
        if key == statics_key:
            break
        statics_key = key
        out = _apply(game, objs, appliers)
        if not any(op[1] in ("lose", "lose_all", "grant") for a in appliers for op in a.ops):
            break
    return out


# computed on the battlefield and the stack, printed elsewhere (217.1c)
chars = characteristics(compute, printed, ("battlefield", "stack"))


def _resolved(game) -> list[_Applier]:
    out = []
    for e in game.effects:
        if e.ended or not e.ops:
            continue
        if isinstance(e.until, tuple) and not game.duration_holds(e):
            e.ended = True
            continue
        out.append(_Applier(e.id, e.timestamp, False, False, e.ops, e.source, e.source_name, e.controller,
                            e.locked, e.filter))
    return out


_STATIC_OPS = (
    ("add_types", 4), ("set_color", 5), ("gain", 5), ("lose", 5), ("lose_all_abilities", 5), ("grant", 5),
    ("set_pt", 6), ("pump", 6), ("cda_pt", 6),
)
_FLAGS = ("cant_attack", "cant_block", "cant_attack_alone", "must_attack", "must_block", "min_blockers",
          "untargetable", "protection", "unblockable_if_defender_controls")


def static_ops(spec: dict) -> list:
    ops = []
    for name, layer in _STATIC_OPS:
        v = spec.get(name)
        if not v:
            continue
        if name == "pump":
            ops.append((6, "pump_static", parse_delta(v)))
        elif name == "set_pt":
            ops.append((6, "set_pt", parse_pt(v)))
        elif name == "lose_all_abilities":
            ops.append((5, "lose_all", None))
        elif name == "grant":
            ops.append((5, "grant", ability_defs(v)))
        elif name == "cda_pt":
            ops.append((6, "cda_pt", v))
        else:
            ops.append((layer, name, list(v)))
    for f in _FLAGS:
        v = spec.get(f)
        if v:
            ops.append((5, "flag", (f, v)))
    return ops


def _statics(game, objs, current: dict | None) -> list[_Applier]:
    out = []
    for o in objs:
        if o.zone != "battlefield":
            continue
        abilities = current[o.id].abilities if current and o.id in current else o.card.abilities
        for ab in abilities:
            if ab.kind != "static":
                continue
            ops = game.static_ops_cache.get(id(ab.spec))
            if ops is None:
                ops = game.static_ops_cache[id(ab.spec)] = static_ops(ab.spec)
            if not ops:
                continue
            cda = "cda_pt" in ab.spec
            out.append(_Applier(f"{o.id}.{ab.key}", o.timestamp, cda, True, ops, o.id, o.name, o.controller,
                                affects=ab.spec.get("affects", "self")))
    return out


def _apply(game, objs, appliers: list[_Applier]) -> dict[str, Chars]:
    if not appliers:
        # the common case: nothing modifies anything; reuse printed characteristics (read-only)
        cache = game._printed
        res = {}
        for o in objs:
            if o.counters:
                res[o.id] = printed(o)
                continue
            key = (o.id, o.inc, o.base_controller or o.controller, id(o.card))
            c = cache.get(key)
            if c is None:
                c = cache[key] = printed(o)
            res[o.id] = c
        _counters(objs, res)
        return res
    res = {o.id: printed(o) for o in objs}
    appliers.sort(key=lambda a: (not a.cda, a.ts))
    affected: dict[str, list[str]] = {}

    def targets(a: _Applier) -> list[str]:
        got = affected.get(a.eid)
        if got is None:
            got = affected[a.eid] = _affected(game, a, objs, res)
        return got

    for layer in (2, 4, 5):
        for a in appliers:
            for op in a.ops:
                if op[0] != layer:
                    continue
                for oid in targets(a):
                    _op(res[oid], op, a)
    # 6: P/T sublayers
    for oid, c in res.items():
        if TYPE.creature not in c.types:
            c.power = c.toughness = None
        elif c.power is None:
            c.power, c.toughness = 0, 0
    subs = {"a": [], "b": [], "d": [], "e": []}
    for a in appliers:
        for op in a.ops:
            if op[0] != 6:
                continue
            kind = op[1]
            sub = "a" if kind == "cda_pt" else "d" if kind == "pump_static" else "e" if kind == "switch" else "b"
            subs[sub].append((a, op))
    for sub in ("a", "b"):
        for a, op in subs[sub]:
            for oid in targets(a):
                _pt(game, res[oid], op, a, sub)
    _counters(objs, res)
    for sub in ("d", "e"):
        for a, op in subs[sub]:
            for oid in targets(a):
                _pt(game, res[oid], op, a, sub)
    return res


def _counters(objs, res) -> None:
    for o in objs:
        if not o.counters:
            continue
        c = res[o.id]
        if c.power is None:
            continue
        for name, n in o.counters.items():
            d = _counter_delta(name)
            if d:
                c.power += d[0] * n
                c.toughness += d[1] * n
                c.notes.append(("6c", "counters", name, n))


def _counter_delta(name: str):
    try:
        p, t = name.split("/")
        return int(p), int(t)
    except ValueError:
        return None


def _affected(game, a: _Applier, objs, res) -> list[str]:
    if a.locked is not None:
        return [o.id for o in objs if (o.id, o.inc) in a.locked]
    if not a.static:
        src_ctrl = a.controller
        return [o.id for o in objs if o.zone == "battlefield"
                and matches(game, o, a.filter or {}, controller=src_ctrl, source_id=a.source, ch=res[o.id]) is None]
    aff = a.affects
    if aff in (None, "self"):
        return [a.source] if a.source in res else []
    if aff in ("enchanted", "attached"):
        src = game.objects.get(a.source)
        t = src.attached_to if src else None
        return [t] if t in res and game.objects[t].zone == "battlefield" else []
    ctrl = res[a.source].controller if a.source in res else a.controller
    return [o.id for o in objs if o.zone == "battlefield"
            and matches(game, o, aff, controller=ctrl, source_id=a.source, ch=res[o.id]) is None]


_NOTED = {"control": "controller", "add_types": "types", "set_types": "types", "set_subtypes": "types",
          "set_color": "colors", "gain": "keywords", "lose": "keywords", "lose_all": "keywords"}


def _op(c: Chars, op, a: _Applier) -> None:
    layer, kind, v = op
    if kind in _NOTED:
        c.layer_notes.append((layer, a.source_name, kind, v))
    if kind == "control":
        c.controller = v
    elif kind == "add_types":
        for t in v:
            if t not in c.types:
                c.types.append(t)
    elif kind == "set_types":
        c.types = list(v)
        c.subtypes = []
    elif kind == "set_subtypes":
        c.subtypes = list(v)
    elif kind == "set_color":
        c.colors = list(v)
    elif kind == "gain":
        c.keywords.extend(v)
    elif kind == "lose":
        c.keywords = [k for k in c.keywords if k not in v]          # 407.3: every instance
    elif kind == "lose_all":
        c.keywords = []
        c.abilities = []
        c.flags = {}
    elif kind == "grant":
        c.abilities.extend(v)
    elif kind == "flag":
        name, val = v
        if name == "protection":
            c.flags.setdefault("protection", [])
            c.flags["protection"] = c.flags["protection"] + [x for x in val if x not in c.flags["protection"]]
        else:
            c.flags[name] = val


def _pt(game, c: Chars, op, a: _Applier, sub: str) -> None:
    if c.power is None:
        return
    _, kind, v = op
    if kind == "cda_pt":
        src = game.objects.get(a.source)
        c.power = static_amount(game, src, v.get("power", 0))
        c.toughness = static_amount(game, src, v.get("toughness", 0))
        c.notes.append(("6a", a.source_name, "=", f"{c.power}/{c.toughness}"))
    elif kind == "set_pt":
        c.power, c.toughness = v
        c.notes.append((f"6{sub}", a.source_name, "=", f"{v[0]}/{v[1]}"))
    elif kind == "set_pt_count":
        n = count(game, v, controller=a.controller, source_id=a.source)
        c.power = c.toughness = n
        c.notes.append((f"6{sub}", a.source_name, "=", f"{n}/{n}"))
    elif kind in ("pump", "pump_static"):
        c.power += v[0]
        c.toughness += v[1]
        c.notes.append((f"6{sub}", a.source_name, "+", f"{v[0]:+d}/{v[1]:+d}"))
    elif kind == "switch":
        c.power, c.toughness = c.toughness, c.power
        c.notes.append(("6e", a.source_name, "switch", f"{c.power}/{c.toughness}"))


def describe_layers(c: Chars, attr: str) -> str:
    """'5 染绿 设为绿色' for a firing explaining a colour, type or keyword-ability value."""
    if attr == "pt":
        return describe_notes(c)
    parts = []
    for layer, src, kind, v in c.layer_notes:
        if _NOTED[kind] != attr:
            continue
        value = "、".join(map(str, v)) if isinstance(v, (list, tuple)) else ("" if v is None else str(v))
        parts.append(say(f"layer.{kind}", layer=layer, source=src, value=value))
    return say("layer.sep").join(parts)


def describe_notes(c: Chars) -> str:
    """'6c 指示物 +1/+1 ×1；6b 巨人成长 +4/+4 …' for a firing explaining a P/T value."""
    parts = []
    for sub, src, op, val in c.notes:
        if op == "=":
            parts.append(say("layer.set", sub=sub, source=src, value=val))
        elif op == "switch":
            parts.append(say("layer.switch", sub=sub, source=src, value=val))
        elif sub == "6c":
            parts.append(say("layer.counters", counter=op, n=val))
        else:
            parts.append(say("layer.modify", sub=sub, source=src, value=val))
    return say("layer.sep").join(parts)


__all__ = ["Chars", "compute", "chars", "printed", "describe_notes", "describe_layers", "CEffect", "AbilityDef"]
