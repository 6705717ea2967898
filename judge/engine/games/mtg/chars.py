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

from dataclasses import dataclass, field, replace

from judge.engine.games.common.chars import characteristics, version_cached
from judge.engine.games.mtg.filters import count, matches
from judge.engine.games.mtg.refs import static_amount
from judge.engine.games.mtg.text import changed_ability
from judge.engine.games.mtg.state import AbilityDef, Card, CEffect, ability_defs, parse_delta, parse_pt
from judge.engine.games.mtg.words import BASIC_LAND_MANA, MANA_SYMBOLS, TAP_SYMBOL, TYPE, say


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
    applied: list = field(default_factory=list)   # Applied: every effect application, in the order applied
    deps: list = field(default_factory=list)      # (layer, dependent source, source it depends on): 418.5c-d
    via: list = field(default_factory=list)       # Via: a filtered effect reaching (or missing) it because of another
    granted_ts: dict = field(default_factory=dict)   # id(AbilityDef) of a granted ability → the grant's timestamp
    granted_by: dict = field(default_factory=dict)   # id(AbilityDef) of a granted ability → the granting card's id
    text_changes: list = field(default_factory=list)   # (old word, new word) of the text-changing effects (418.6)

    @property
    def pt(self) -> str | None:
        if self.power is None:
            return None
        return f"{self.power}/{self.toughness}"


@dataclass(slots=True, frozen=True)
class Applied:
    """One continuous effect applied to one object, in application order: what the layer rules (418.5b-i,
    407.1, 418.4) read to say why a value came out as it did."""

    layer: str           # "2", "4", "5", "6a", "6b", "6d", "6e"
    eid: str             # the effect (resolved) or "object.ability" (static)
    source: str          # the source's id
    source_name: str
    kind: str            # the op: set_pt, pump, switch, gain, lose, set_color, add_types, set_types, ...
    value: object
    static: bool
    ts: int
    before: object = None   # the P/T before a switch (418.5i)
    attached: bool = False  # a static of an aura or equipment reaching the object it is attached to (412.2)


@dataclass(slots=True, frozen=True)
class Via:
    """A filtered effect whose reach on this object was decided by another effect's result (418.5h, 418.4a):
    it would (not) match the object's printed characteristics, but does (not) match its current ones."""

    eid: str
    source: str
    source_name: str
    reached: bool
    static: bool




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
        key = tuple((a.eid, id(a.ops)) for a in appliers if a.static)   # a text change gives new ops (418.6)
        if key == statics_key:
            break
        statics_key = key
        out = _apply(game, objs, appliers)
        if not any(op[1] in ("lose", "lose_all", "grant", "change_text") for a in appliers for op in a.ops):
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
          "untargetable", "protection", "unblockable_if_defender_controls", "extra_blocks", "doesnt_untap",
          "may_not_untap", "assign_as_unblocked", "top_revealed")


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
        now = current.get(o.id) if current else None
        abilities = now.abilities if now is not None else o.card.abilities
        for ab in abilities:
            if ab.kind != "static":
                continue
            ops = game.static_ops_cache.get(id(ab.spec))
            if ops is None:
                ops = game.static_ops_cache[id(ab.spec)] = static_ops(ab.spec)
            if not ops:
                continue
            cda = "cda_pt" in ab.spec
            # 418.5f: the later of its object's timestamp and (for a granted ability) the grant's
            ts = max(o.timestamp, now.granted_ts.get(id(ab), 0)) if now is not None else o.timestamp
            out.append(_Applier(f"{o.id}.{ab.key}", ts, cda, True, ops, o.id, o.name, o.controller,
                                affects=_with_choice(ab.spec.get("affects", "self"), o)))
    return out


def _with_choice(affects, o):
    """A static's filter naming `chosen` (a colour or creature type chosen as its object came into play, 419.1b)
    reads its object's choice; nothing chosen matches nothing."""
    if not isinstance(affects, dict):
        return affects
    chosen = o.extra.get("chosen") or {}
    out = affects
    for key, kind in (("colors", "color"), ("not_colors", "color"), ("subtypes", "type")):
        if "chosen" in affects.get(key, ()):
            out = {**out, key: [chosen.get(kind, "?") if v == "chosen" else v for v in affects[key]]}
    return out


def _apply(game, objs, appliers: list[_Applier]) -> dict[str, Chars]:
    if not appliers:
        # the common case: nothing modifies anything; reuse printed characteristics (read-only)
        cache = game._printed
        res = {}
        for o in objs:
            if o.counters:
                res[o.id] = printed(o)
                intrinsic_mana(res[o.id])
                continue
            key = (o.id, o.inc, o.base_controller or o.controller, id(o.card))
            c = cache.get(key)
            if c is None:
                c = cache[key] = printed(o)
                intrinsic_mana(c)
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

    for layer in (2, 3, 4, 5):
        for a in _in_dependency_order(game, objs, res, affected, layer,
                                      [a for a in appliers if any(op[0] == layer for op in a.ops)]):
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
    for c in res.values():
        intrinsic_mana(c)
    return res


_INTRINSIC: dict = {}


def intrinsic_ability(land_type: str):
    """The ability a basic land type gives a land (212.6d): "{横置}: add [its colour]", keyed `basic.<type>`."""
    ab = _INTRINSIC.get(land_type)
    if ab is None:
        sym = BASIC_LAND_MANA[land_type]
        text = say("intrinsic_mana", tap=TAP_SYMBOL, mana=MANA_SYMBOLS[sym])
        ab = _INTRINSIC[land_type] = ability_defs([{"key": f"basic.{land_type}", "text": text, "mana": {
            "cost": "{" + TAP_SYMBOL + "}", "effects": [{"add_mana": "{" + MANA_SYMBOLS[sym] + "}"}]}}])[0]
    return ab


def intrinsic_mana(c: Chars) -> None:
    """A land with a basic land type has that type's mana ability even if its text does not say so (212.6d)."""
    if TYPE.land not in c.types:
        return
    for t in c.subtypes:
        if t in BASIC_LAND_MANA:
            ab = intrinsic_ability(t)
            # printed as its text (the card library's basic lands): that is the same ability, not a second one
            if not any(x.key == ab.key or (x.kind == "mana" and x.spec.get("effects") == ab.spec["effects"])
                       for x in c.abilities):
                c.abilities = [*c.abilities, ab]


def _in_dependency_order(game, objs, res, affected, layer: int, group: list) -> list:
    """The effects of one layer in the order 418.5c-d applies them: an effect that depends on another (applying
    the other would change which objects it applies to) waits until what it depends on has applied;
    independent effects, and effects that depend on each other in a loop, apply in timestamp order (`group`
    comes sorted: characteristic-defining first, then by timestamp). Each dependency that changes the order is
    noted on the objects it decides about (`Chars.deps`)."""
    if len(group) < 2:
        return group
    open_ = [a for a in group if a.eid not in affected and a.locked is None and a.affects not in (None, "self",
                                                                                                   "enchanted",
                                                                                                   "attached")]
    if not open_:
        return group
    on: dict[str, list] = {}
    for a in open_:
        for b in group:
            if b is not a and _depends(game, objs, res, a, b, layer):
                on.setdefault(a.eid, []).append(b)
    if not on:
        return group
    order, pending = [], list(group)
    while pending:
        ready = next((a for a in pending if not any(b in pending for b in on.get(a.eid, ()))), pending[0])
        pending.remove(ready)
        order.append(ready)
    for a in order:
        for b in on.get(a.eid, ()):
            if group.index(b) > group.index(a):          # the dependency moved `b` (later timestamp) before `a`
                for oid in _affected_after(game, a, b, objs, res, layer):
                    res[oid].deps.append((layer, a.source_name, b.source_name))
    return order


def _depends(game, objs, res, a: _Applier, b: _Applier, layer: int) -> bool:
    """418.5c: `a` depends on `b` when both apply in this layer and applying `b` would change the set of objects
    `a` applies to."""
    return set(_affected(game, a, objs, res, record=False)) != set(_affected_after(game, a, b, objs, res, layer))


def _affected_after(game, a: _Applier, b: _Applier, objs, res, layer: int) -> list[str]:
    """The objects `a` would apply to once `b`'s effects of this layer had applied (a trial on copies)."""
    trial = dict(res)
    for oid in _affected(game, b, objs, res, record=False):
        trial[oid] = _copy(res[oid])
        for op in b.ops:
            if op[0] == layer:
                _op(trial[oid], op, b)
    return _affected(game, a, objs, trial, record=False)


def _copy(c: Chars) -> Chars:
    return replace(c, types=list(c.types), subtypes=list(c.subtypes), supertypes=list(c.supertypes),
                   colors=list(c.colors), keywords=list(c.keywords), abilities=list(c.abilities), flags=dict(c.flags),
                   notes=list(c.notes), layer_notes=list(c.layer_notes), applied=list(c.applied), deps=list(c.deps),
                   via=list(c.via), granted_ts=dict(c.granted_ts),
                   granted_by=dict(c.granted_by))


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


def _affected(game, a: _Applier, objs, res, record: bool = True) -> list[str]:
    out = _affected_now(game, a, objs, res, record)
    if a.static and game.ignoring:        # players ignoring this effect this turn, and what they control (408.2j)
        src = game.objects.get(a.source)
        away = {p for e, i, p, t in game.ignoring if e == a.eid and src is not None and i == src.inc
                and t == game.turn}
        if away:
            out = [i for i in out if res[i].controller not in away]
    return out


def _affected_now(game, a: _Applier, objs, res, record: bool = True) -> list[str]:
    if a.locked is not None:
        return [o.id for o in objs if (o.id, o.inc) in a.locked]
    if not a.static:
        return _filtered(game, a, objs, res, a.filter or {}, a.controller, record)
    aff = a.affects
    if aff in (None, "self"):
        return [a.source] if a.source in res else []
    if aff in ("enchanted", "attached"):
        src = game.objects.get(a.source)
        t = src.attached_to if src else None
        return [t] if t in res and game.objects[t].zone == "battlefield" else []
    ctrl = res[a.source].controller if a.source in res else a.controller
    return _filtered(game, a, objs, res, aff, ctrl, record)


def _filtered(game, a: _Applier, objs, res, f: dict, controller: str, record: bool) -> list[str]:
    """The objects on the battlefield a filtered effect applies to, judged on their characteristics as the layers
    have made them so far (418.4a: a static is never locked). Where the printed characteristics would have
    decided otherwise, another effect's result decided it (418.5h): noted on the object (`Chars.via`)."""
    out = []
    for o in objs:
        if o.zone != "battlefield":
            continue
        now = matches(game, o, f, controller=controller, source_id=a.source, ch=res[o.id]) is None
        if now:
            out.append(o.id)
        if record and _characteristic_filter(f):
            was = matches(game, o, f, controller=controller, source_id=a.source, ch=printed(o)) is None
            if was != now:
                res[o.id].via.append(Via(a.eid, a.source, a.source_name, now, a.static))
    return out


_CHARACTERISTIC_KEYS = ("types", "any_types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors",
                        "not_colors", "colorless", "keywords", "not_keywords", "name", "power", "toughness")


def _characteristic_filter(f: dict) -> bool:
    return any(f.get(k) not in (None, [], ()) for k in _CHARACTERISTIC_KEYS)


_NOTED = {"control": "controller", "add_types": "types", "set_types": "types", "set_subtypes": "types",
          "set_color": "colors", "gain": "keywords", "lose": "keywords", "lose_all": "keywords"}


def _op(c: Chars, op, a: _Applier) -> None:
    layer, kind, v = op
    if kind in _NOTED:
        c.layer_notes.append((layer, a.source_name, kind, v))
    c.applied.append(Applied(str(layer), a.eid, a.source, a.source_name, kind, v, a.static, a.ts,
                             attached=a.affects in ("enchanted", "attached")))
    if kind == "control":
        c.controller = v
    elif kind == "add_types":
        for t in v:
            if t not in c.types:
                c.types.append(t)
    elif kind == "set_types":
        c.types = list(v)
        c.subtypes = []
    elif kind == "change_text":                      # layer 3: the rules text's words, not its name (418.6a)
        old, new = v
        c.abilities = [changed_ability(ab, old, new, c.name) if id(ab) not in c.granted_ts else ab
                       for ab in c.abilities]
        c.text_changes = [*c.text_changes, (old, new)]
    elif kind == "set_subtypes":
        if TYPE.land in c.types and any(t in BASIC_LAND_MANA for t in v):
            # a land becoming a basic land type loses its old land types and its printed rules text (212.6e);
            # abilities other effects gave it stay, and its new type's mana ability comes with 212.6d
            c.abilities = [ab for ab in c.abilities if id(ab) in c.granted_ts]
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
        for ab in v:
            c.granted_ts[id(ab)] = a.ts                  # 418.5f: a granted static's own timestamp
            if not ab.scope:                             # ORIGIN.KEY names it too (a copied one is keyed so already)
                c.granted_by[id(ab)] = a.source
    elif kind == "flag":
        name, val = v
        if name == "protection":
            c.flags.setdefault("protection", [])
            c.flags["protection"] = c.flags["protection"] + [x for x in val if x not in c.flags["protection"]]
        else:
            c.flags[name] = val


def _pt(game, c: Chars, op, a: _Applier, sub: str) -> None:
    _, kind, v = op
    c.applied.append(Applied(f"6{sub}", a.eid, a.source, a.source_name, kind, v, a.static, a.ts,
                             f"{c.power}/{c.toughness}" if kind == "switch" else None,
                             attached=a.affects in ("enchanted", "attached")))
    if c.power is None:         # it applies to the object, but a non-creature has no P/T to change (208.3)
        return
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


def snapshot(c: Chars) -> Chars:
    """A copy of an object's characteristics as they are now: what is remembered when it leaves play (402.6)."""
    return _copy(c)


def last_known(game, obj, inc: int | None = None) -> tuple[Chars, bool]:
    """(characteristics, whether they are last known information). An object still in play as the same object
    (incarnation `inc`, if given) has its current characteristics; one that has left play has those it last had
    there (402.6), remembered by `MtgGame.move`; an object never in play has its printed ones."""
    same = inc is None or obj.inc == inc
    if obj.zone in ("battlefield", "stack") and same:
        return chars(game, obj), False
    lki = obj.extra.get("lki") or {}
    if inc is not None and inc in lki:
        return lki[inc], True
    if inc is None and lki:
        return lki[max(lki)], True
    return chars(game, obj), False


def describe_layers(c: Chars, attr: str) -> str:
    """'5 染绿 设为绿色' for a firing explaining a colour, type or keyword-ability value."""
    if attr == "pt":
        return describe_notes(c)
    parts, layers = [], []
    for layer, src, kind, v in c.layer_notes:
        if _NOTED[kind] != attr:
            continue
        value = "、".join(map(str, v)) if isinstance(v, (list, tuple)) else ("" if v is None else str(v))
        parts.append(say(f"layer.{kind}", layer=layer, source=src, value=value))
        layers.append(layer)
    return _in_order(parts, layers)


def _in_order(parts: list[str], layers: list) -> str:
    """The notes in the order they applied; when one layer holds several, say why that order (418.5d–g: the
    effects of one layer apply in timestamp order, so the later one has the last word)."""
    text = say("layer.sep").join(parts)
    return text + say("layer.by_timestamp") if len(set(layers)) < len(layers) else text


def describe_notes(c: Chars) -> str:
    """'6c 指示物 +1/+1 ×1；6b 巨人成长 +4/+4 …' for a firing explaining a P/T value."""
    parts, subs = [], []
    for sub, src, op, val in c.notes:
        subs.append(sub if sub in ("6a", "6b") else None)
        if op == "=":
            parts.append(say("layer.set", sub=sub, source=src, value=val))
        elif op == "switch":
            parts.append(say("layer.switch", sub=sub, source=src, value=val))
        elif sub == "6c":
            parts.append(say("layer.counters", counter=op, n=val))
        else:
            parts.append(say("layer.modify", sub=sub, source=src, value=val))
    stamped = [s for s in subs if s]         # 6c-6e sum or switch: their order does not decide
    return _in_order(parts, stamped) if len(set(stamped)) < len(stamped) else say("layer.sep").join(parts)


__all__ = ["Chars", "compute", "chars", "printed", "snapshot", "last_known", "describe_notes", "describe_layers", "CEffect", "AbilityDef"]
