"""Characteristics of cards in play: printed values, then continuous modifiers (704, 714, 718, 719).

`compute(game)` gives every card in play (and every card on the chain) its
current characteristics. First the modifiers that give or take away powers
(a granted "[横置]>>>…", "loses its powers and can't have powers"), since
which ongoing powers exist decides which other modifiers exist at all; then
every other continuous modifier — from ongoing powers of cards in play (704.1a,
always using the current game state, 714.2) and from resolved links (714.1) —
in timestamp order (718.1, 718.2), except that a modifier that depends on
another (719.1: the other would change which cards it affects) applies after
it (719.2), and a loop of dependencies starts with the earliest timestamp
(719.3). Dependency is found by trial: apply the other modifier alone and see
whether the set of cards this one affects changes.

Conditional modifiers ("+4 ATK while defending", 714.3a) exist for their
whole duration but only apply while the condition holds. Results are cached
per `game.version`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.core.trace import Ref
from judge.engine.games.common.chars import characteristics, version_cached
from judge.engine.games.wow.filters import matches
from judge.engine.games.wow.state import AbilityDef, WCard
from judge.engine.games.wow.words import CHARACTER_TYPES, KEYWORD, RULE, say


@dataclass(slots=True)
class Chars:
    name: str
    type: str
    subtypes: list
    atk: int | None
    health: int | None
    def_: int | None
    damage_type: str | None
    keywords: list
    powers: list
    controller: str
    unique: bool
    instant: bool
    ongoing: bool
    flags: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)     # (rule, source name, what) for ATK/Health/types/control

    def clone(self) -> "Chars":
        return Chars(self.name, self.type, list(self.subtypes), self.atk, self.health, self.def_, self.damage_type,
                     list(self.keywords), list(self.powers), self.controller, self.unique, self.instant, self.ongoing,
                     dict(self.flags), list(self.notes))

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTER_TYPES

    @property
    def pt(self) -> str | None:
        """ATK/Health as an expectation writes it (`pt: 2/2`)."""
        if self.health is None:
            return None
        return f"{self.atk or 0}/{self.health}"


def printed(obj: WCard) -> Chars:
    c = obj.card
    return Chars(c.name, c.type, list(c.subtypes), c.atk if c.atk is not None or not c.is_character else 0,
                 c.health, c.def_, c.damage_type, list(c.keywords), list(c.abilities),
                 obj.base_controller or obj.controller, c.unique, c.instant, c.ongoing)


@dataclass(slots=True)
class Applier:
    eid: str
    ts: int
    rule: str                  # the rule the modifier comes from: 714.2 (ongoing power) or 714.1 (a link's)
    source: str
    source_name: str
    controller: str
    spec: dict
    static: bool
    keys: set | None = None    # link modifiers: the (id, inc) keys they affect
    while_: str | None = None
    ts_rules: tuple = ()       # the rules that give its timestamp (718.2a/b/d/e)

    @property
    def ref(self) -> Ref:
        """A modifier as a reason names it: by its source card (月光祝福), never its id (`moon.moon`)."""
        return Ref(self.source, self.source_name)


@version_cached
def compute(game) -> dict[str, Chars]:
    objs = game.in_play() + [s for s in game.stack if isinstance(s, WCard)]
    res = {o.id: printed(o) for o in objs}
    # powers first: granted and removed powers decide which ongoing modifiers exist
    for m in sorted(game.live_modifiers(), key=lambda m: m.timestamp):
        if m.kind not in ("grant", "lose_powers"):
            continue
        for o in objs:
            if o.key not in m.targets or o.zone != "play":
                continue
            c = res[o.id]
            if m.kind == "lose_powers":
                c.powers = []
                c.flags["no_powers"] = True
                c.notes.append(("710.1a", m.source_name, say("note.lose_powers")))
            elif not c.flags.get("no_powers"):
                c.powers.append(m.data["power"])
                c.flags.setdefault("gained", {})[m.data["power"].key] = m.timestamp     # 718.2e
                c.flags.setdefault("origin", {})[m.data["power"].key] = m.source        # who granted it: ORIGIN.KEY
                c.notes.append(("714.1", m.source_name, say("note.gain_power")))
    appliers = _statics(game, objs, res) + _elsewhere(game) + _links(game)
    ordered, game._order = order(game, appliers, res)
    for a in ordered:
        for oid in select(game, a, res):
            apply(game, a, oid, res)
    for oid, c in res.items():
        forms(game.objects[oid], c)
    return res


def forms(obj, c: Chars) -> None:
    """What the druid forms mean (glossary 熊形态, 猎豹形态): Bear Form — the hero has 护卫; Cat Form — +1 ATK while
    attacking. (Their triggered part is `forms.py`.)"""
    if KEYWORD.bear_form in c.keywords and KEYWORD.protector not in c.keywords:
        c.keywords.append(KEYWORD.protector)
        c.notes.append((RULE.bear_form, KEYWORD.bear_form, KEYWORD.protector))
    if KEYWORD.cat_form in c.keywords and obj.attacking:
        c.atk = (c.atk or 0) + 1
        c.notes.append((RULE.cat_form, KEYWORD.cat_form, say("note.atk", n="+1")))


# computed in play and on the chain, printed elsewhere
chars = characteristics(compute, printed, ("play", "chain"))


def _statics(game, objs, res) -> list[Applier]:
    out = []
    for o in objs:
        if o.zone != "play" or o.area == "resource":
            continue
        gained = res[o.id].flags.get("gained", {})
        for ab in res[o.id].powers:
            if ab.kind != "ongoing":
                continue
            if ab.key in gained:          # 718.2e: a power it gained: when it was gained
                ts, why = gained[ab.key], ("718.2e",)
            else:                         # 718.2e: a printed power: the card's timestamp (718.2a, 718.2b)
                ts, why = o.timestamp, ("718.2e", "718.2b" if o.attached_to else "718.2a")
            out.append(Applier(f"{o.id}.{ab.key}", ts, "714.2", o.id, o.name, res[o.id].controller,
                               ab.spec, True, ts_rules=why))
    return out


def _elsewhere(game) -> list[Applier]:
    """Ongoing powers that say they work in another zone (“while this is in your graveyard, …”, 704.1a): their
    modifiers' timestamp is when the card entered that zone (718.2c)."""
    out = []
    for o in game.objects.values():
        if o.zone in ("play", "chain", "gone", "deck"):
            continue
        for ab in o.card.abilities:
            if ab.kind == "ongoing" and ab.spec.get("works_in") == o.zone:
                out.append(Applier(f"{o.id}.{ab.key}", o.timestamp, "714.2", o.id, o.name, o.owner, ab.spec, True,
                                   ts_rules=("718.2c",)))
    return out


def _links(game) -> list[Applier]:
    out = []
    for m in game.live_modifiers():
        if m.kind in ("grant", "lose_powers"):
            continue
        out.append(Applier(m.id, m.timestamp, "714.1", m.source, m.source_name, m.controller,
                           {"kind": m.kind, **m.data}, False, m.targets, m.while_,
                           ts_rules=("718.2f",) if m.kind == "counter" else ("718.2d",)))
    return out


def select(game, a: Applier, res: dict) -> list[str]:
    """The ids of the cards modifier `a` affects, judged on the characteristics in `res`."""
    if not a.static:
        group = a.spec.get("group")
        if group is not None:           # 714.3e: a link's modifier for a description marks no card: recheck
            return [oid for oid, c in res.items() if game.objects[oid].zone == "play"
                    and matches(game, game.objects[oid], group, controller=a.controller, source_id=a.source,
                                ch=c) is None]
        return [oid for oid in res if game.objects[oid].key in a.keys and game.objects[oid].zone == "play"]
    aff = a.spec.get("affects", "self")
    src = game.objects.get(a.source)
    if aff == "self":
        return [a.source] if a.source in res else []
    if aff == "attached":
        host = src.attached_to if src is not None else None
        return [host] if host in res else []
    if aff == "your_hero":
        h = game.hero_of(a.controller)
        return [h.id] if h is not None and h.id in res else []
    return [oid for oid, c in res.items() if game.objects[oid].zone == "play"
            and matches(game, game.objects[oid], aff, controller=a.controller, source_id=a.source, ch=c) is None]


def apply(game, a: Applier, oid: str, res: dict) -> None:
    """Modifier `a` applied to the characteristics of card `oid` in `res`."""
    s = a.spec
    c = res[oid]
    if not a.static:
        kind = s["kind"]
        if kind in ("modify", "counter"):
            if a.while_ and not _while_holds(game.objects[oid], a.while_):
                return
            if s.get("set_atk") is not None:
                c.atk = s["set_atk"]
            if s.get("atk"):
                c.atk = (c.atk or 0) + s["atk"]
            if s.get("health"):
                c.health = (c.health or 0) + s["health"]
            if s.get("damage_type"):          # a weapon strike gives its damage type too (glossary 攻击力)
                c.damage_type = s["damage_type"]
            rule = "714.3a" if a.while_ else "714.1"
            c.notes.append((rule, a.source_name, delta_zh(s)))
        elif kind == "control":
            c.controller = a.controller
            c.notes.append(("714.3b", a.source_name, say("note.control", player=a.controller)))
        return
    if s.get("set_atk") is not None:
        c.atk = s["set_atk"]
        c.notes.append(("714.2", a.source_name, delta_zh(s)))
    if s.get("atk"):
        c.atk = (c.atk or 0) + s["atk"]
    if s.get("health") and c.health is not None:
        c.health += s["health"]
    if s.get("atk_per"):
        n = sum(1 for oid, x in res.items() if game.objects[oid].zone == "play" and
                matches(game, game.objects[oid], s["atk_per"], controller=a.controller, source_id=a.source,
                        ch=x) is None)
        c.atk = (c.atk or 0) + n
        c.notes.append(("714.2", a.source_name, say("note.atk_per", n=n)))
    elif s.get("atk") or s.get("health"):
        c.notes.append(("714.2", a.source_name, delta_zh(s)))
    add = s.get("add_types")
    if add:
        src = game.objects.get(a.source)
        types = [src.chosen.get("type")] if add == "chosen" and src is not None and src.chosen.get("type") else \
            (list(add) if isinstance(add, list) else [])
        for t in types:
            if t not in c.subtypes:
                c.subtypes.append(t)
                c.notes.append(("714.2", a.source_name, say("note.add_type", type=t)))
    for k in s.get("keywords") or ():
        if k not in c.keywords:
            c.keywords.append(k)
            c.notes.append(("714.2", a.source_name, say("note.keyword", keyword=k)))
    if s.get("untargetable"):
        c.flags["untargetable"] = a.source_name
    if s.get("indestructible"):
        c.flags["indestructible"] = a.source_name


def _while_holds(obj, cond: str) -> bool:
    if cond == "defending":
        return bool(obj.defending)
    if cond == "attacking":
        return bool(obj.attacking)
    return False


def delta_zh(s: dict) -> str:
    """'+4攻击力、+1总生命' for an ATK/Health change (an ongoing power's or a link's modifier)."""
    parts = []
    if s.get("set_atk") is not None:
        parts.append(say("note.set_atk", n=s["set_atk"]))
    if s.get("atk"):
        parts.append(say("note.atk", n=f"{s['atk']:+d}"))
    if s.get("health"):
        parts.append(say("note.health", n=f"{s['health']:+d}"))
    return "、".join(parts) or say("none")


def order(game, appliers: list[Applier], res: dict) -> tuple[list[Applier], dict]:
    """718.1/719.2: timestamp order — equal timestamps (cards in play since the game began) with the turn player's
    first, then clockwise (718.3) —, dependents after what they depend on (719.1, 719.2); a loop of dependencies
    starts with its earliest timestamp (719.3). Also what the rules decided, for the trace: `deps` (every
    dependency), `later` (a dependent moved after a later timestamp), `loops` (where a loop started),
    `conflicts` (cards on which the order changes the result: a value set by one modifier and changed by
    another) and `appliers` (each modifier by its id, so the trace names it by its source)."""
    seat = {n: i for i, n in enumerate(game.apnap())}
    by_ts = sorted(appliers, key=lambda a: (a.ts, seat.get(a.controller, 99), a.eid))
    notes = {"deps": [], "later": [], "loops": [], "conflicts": [], "appliers": {a.eid: a for a in by_ts}}
    if len(by_ts) < 2:
        return by_ts, notes
    base_sel = {a.eid: set(select(game, a, res)) for a in by_ts}
    deps: dict[str, set] = {a.eid: set() for a in by_ts}
    for b in by_ts:
        if b.spec.get("kind") not in ("control",) and not b.spec.get("add_types"):
            continue                     # only changes of type or control can change what another affects
        trial = {k: v.clone() for k, v in res.items()}
        for oid in select(game, b, trial):
            apply(game, b, oid, trial)
        for a in by_ts:
            if a is not b and set(select(game, a, trial)) != base_sel[a.eid]:
                deps[a.eid].add(b.eid)
                notes["deps"].append((a.eid, b.eid))
    out: list[Applier] = []
    left = list(by_ts)
    while left:
        ready = [a for a in left if not (deps[a.eid] & {x.eid for x in left})]
        pick = ready[0] if ready else left[0]
        if not ready:
            notes["loops"].append((pick.eid, tuple(x.eid for x in left if deps[x.eid] & {y.eid for y in left})))
        out.append(pick)
        left.remove(pick)
    pos = {a.eid: i for i, a in enumerate(by_ts)}
    for a in out:
        for d in deps[a.eid]:
            if pos[d] > pos[a.eid]:
                notes["later"].append((a.eid, d))
    for oid in res:
        on = [a for a in out if oid in base_sel[a.eid] and (a.spec.get("set_atk") is not None or a.spec.get("atk")
                                                         or a.spec.get("atk_per"))]
        if len(on) > 1 and any(a.spec.get("set_atk") is not None for a in on):    # setting a value: order matters
            notes["conflicts"].append((oid, tuple(on)))
    return out, notes


__all__ = ["Chars", "AbilityDef", "compute", "chars", "printed", "delta_zh"]
