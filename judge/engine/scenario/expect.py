"""Checking expectations against the replayed game and its trace.

Each mismatch is a `Failure` carrying the file and line of the expectation
that failed, the expected and the actual value, so `judge check` can print a
diff a judge can act on.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.classify import restatements
from judge.engine.scenario.model import Expect, FiredSpec
from judge.engine.scenario.yamlio import line_of


@dataclass
class Failure:
    file: str
    line: int | None
    field: str
    expected: Any
    actual: Any
    message: str

    def text(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}"


def _show(v) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_show(x)}" for k, x in v.items()) + "}"
    return str(v)


@dataclass
class _Check:
    """One expectation being checked: the game, and where to report a mismatch."""

    game: Any
    sf: Any
    base: tuple
    where: str
    out: list

    def fail(self, loc: tuple, expected, actual, msg: str = "") -> None:
        full = self.base + loc
        msg = msg or f"expected {_show(expected)}, got {_show(actual)}"
        self.out.append(Failure(self.sf.path, line_of(self.sf.marks, full), ".".join(str(x) for x in full), expected,
                                actual, f"{msg} (at {self.where})"))

    def obj(self, oid, loc):
        o = self.game.objects.get(oid)
        if o is None:
            like = self.game.ids_like(oid)
            self.fail(loc, oid, "no such object" + (f" ({like})" if like else ""))
        return o


def check_expect(game, sf, e: Expect | None, base: tuple, where: str = "end") -> list[Failure]:
    """Every mismatch between expectation `e` (at `base` in the file) and the game as it is now."""
    if e is None:
        return []
    c = _Check(game, sf, base, where, [])
    for check in CHECKS:
        check(c, e)
    return c.out


def _players(c: _Check, e: Expect) -> None:
    """Life, poison, mana pool and hand size of each player named."""
    g = c.game
    for name, v in e.life.items():
        if g.by_name[name].life != v:
            c.fail(("life", name), v, g.by_name[name].life)
    for name, v in e.poison.items():
        if g.by_name[name].poison != v:
            c.fail(("poison", name), v, g.by_name[name].poison)
    for name, v in e.mana.items():
        want = g.normalize_pool(v)
        got = g.pool_text(name)
        if want != got:
            c.fail(("mana", name), want or "空", got or "空")
    for name, v in e.hand_count.items():
        got = len(g.zone_ids(name, "hand"))
        if got != v:
            c.fail(("hand_count", name), v, got)


def _zones(c: _Check, e: Expect) -> None:
    """What each zone holds (`甲.hand`, `stack`), and where each object named is."""
    g = c.game
    for z, ids in e.zones.items():
        if z == "stack":
            got = g.zone_ids(None, "stack")
        else:
            p, _, zone = z.partition(".")
            got = g.zone_ids(p, zone)
        if sorted(map(str, ids)) != sorted(got):
            c.fail(("zones", z), sorted(map(str, ids)), sorted(got))
    for oid, zone in e.where.items():
        o = c.obj(oid, ("where", oid))
        if o is None:
            continue
        if "." in zone:
            p, _, z = zone.partition(".")
            holder = o.controller if z == "battlefield" else o.owner
            got = f"{holder}.{o.zone}"
        else:
            got = o.zone
        if got != zone:
            c.fail(("where", oid), zone, got)


def _objects(c: _Check, e: Expect) -> None:
    """Each object's state (tapped, damage, counters, attacking) and characteristics as the game sees them."""
    for key in ("tapped", "damage"):
        for oid, v in getattr(e, key).items():
            o = c.obj(oid, (key, oid))
            if o is not None and getattr(o, key) != v:
                c.fail((key, oid), v, getattr(o, key))
    for oid, v in e.counters.items():
        o = c.obj(oid, ("counters", oid))
        if o is not None and {k: n for k, n in o.counters.items() if n} != {k: n for k, n in v.items() if n}:
            c.fail(("counters", oid), v, o.counters)
    for key in ("pt", "colors", "types", "supertypes", "subtypes", "keywords", "controller"):
        for oid, v in getattr(e, key).items():
            o = c.obj(oid, (key, oid))
            if o is None:
                continue
            got = c.game.observe(o).get(key)
            want = v
            if key in ("colors", "types", "supertypes", "subtypes", "keywords"):
                want, got = sorted(v), sorted(got or [])
            if key == "pt":
                want = None if v is None else str(v)
            if got != want:
                c.fail((key, oid), want, got)
    for oid, v in e.attacking.items():
        o = c.obj(oid, ("attacking", oid))
        if o is not None:
            got = getattr(o, "attacking", None)
            ok = bool(got) == v if isinstance(v, bool) or v is None else got == v
            if not ok:
                c.fail(("attacking", oid), v, got)


def _turn(c: _Check, e: Expect) -> None:
    """The stack (top first), who has priority, the step and the turn."""
    g = c.game
    if e.stack is not None:
        got = g.zone_ids(None, "stack")
        if list(map(str, e.stack)) != got:
            c.fail(("stack",), e.stack, got)
    if "priority" in e.model_fields_set:
        want = None if e.priority == "-" else e.priority
        if g.priority != want:
            c.fail(("priority",), want, g.priority)
    if e.step is not None:
        want = g.step_name(e.step)
        if g.step != want:
            c.fail(("step",), want, g.step)
    if e.turn is not None and g.turn != e.turn:
        c.fail(("turn",), e.turn, g.turn)


def _visible(c: _Check, e: Expect) -> None:
    """Exactly the cards whose face each named player may see (the game's `visible_to`)."""
    g = c.game
    for name, ids in e.visible.items():
        if name not in g.by_name:
            c.fail(("visible", name), name, "no such player")
            continue
        got = sorted(o.id for o in g.objects.values() if g.visible_to(o, name))
        if sorted(map(str, ids)) != got:
            c.fail(("visible", name), sorted(map(str, ids)), got)


def _outcome(c: _Check, e: Expect) -> None:
    """The winner, who lost, whether the game is over."""
    g = c.game
    if e.winner is not None:
        got = next((p.name for p in g.players if p.won), None)
        if got != e.winner:
            c.fail(("winner",), e.winner, got)
    if e.lost is not None:
        got = sorted(p.name for p in g.players if p.lost)
        if got != sorted(e.lost):
            c.fail(("lost",), sorted(e.lost), got)
    if e.over is not None and g.over != e.over:
        c.fail(("over",), e.over, g.over)


def _rules(c: _Check, e: Expect) -> None:
    _check_rules(c.game, e, c.fail)


# in the order a failure list reads: players, zones, objects, the turn, the outcome, the rules
CHECKS = (_players, _zones, _objects, _visible, _turn, _outcome, _rules)


def rule_id(game, ref: str) -> str:
    """The namespaced id (`mtg:420.5c`) of a rule as a scenario names it (`420.5c`, `102.4.a`, `mtg:420.5c`)."""
    return game.rid(game.rules.normalize(ref))




def restated(game, ref: str) -> tuple[str, ...]:
    """The rules a restatement repeats, as the game numbers them (`wow:中断` → 711.1, 711.2; the book's
    classification data, `same_as`), else (): a judge naming the restatement names what it repeats."""
    return tuple(game.rules.normalize(r) for r in restatements(game.rules.book).get(game.rules.normalize(ref), ()))


def answering(game, ref: str) -> list[str]:
    """The namespaced ids that answer a rule a scenario names: the rule itself or, for a restatement, the rules
    it repeats (`judge check` and the held-out measure read a named rule the same way)."""
    same = restated(game, ref)
    return [game.rid(n) for n in same] if same else [rule_id(game, ref)]


def _wants(game, r):
    """(namespaced ids that answer the expectation, spec)."""
    spec = r if isinstance(r, FiredSpec) else FiredSpec(rule=str(r))
    return answering(game, spec.rule), spec


def covers(want: str, got: str) -> bool:
    """Whether citing rule `got` cites rule `want`: the same rule, or a rule numbered under it (`420.5c` under
    `420.5`, `420.5` under `420`, `1.0.1a` under `1.0.1`). A judge who names `420.5` as what decides means the
    rule with its subrules; the engine cites the subrule that applied. `420.50` is not under `420.5`."""
    if got == want:
        return True
    if not got or not want or not got.startswith(want):
        return False
    nxt = got[len(want)]
    return nxt == "." or (nxt.isascii() and nxt.isalpha())


def _hit(f, rule: str, spec: FiredSpec, under: bool = True) -> bool:
    """Whether firing (or refusal, or near miss) `f` is what `spec` names: rule `rule` or, with `under`, a rule
    numbered under it (`fired`, `fired_in_order`, `near_miss`). `not_fired` means the rule as numbered when the
    engine applies that very number (a scenario showing 309.2 does not apply while 309.2a does), else none of
    the rules under it."""
    if not (covers(rule, f.rule) if under else f.rule == rule):
        return False
    if spec.reason is not None and f.reason != spec.reason:
        return False
    return all(o in f.objects for o in spec.objects)


def unapplied(game, ref: str) -> str | None:
    """Why an expectation on this rule can never be checked, if the engine never applies it nor any rule under it
    (it is in the book — the loader refused any other id — but no engine code fires, refuses or records a near
    miss by it)."""
    num = game.rules.normalize(ref)
    if any(covers(m, n) for m in (restated(game, ref) or (num,)) for n in game.rules.entries):
        return None
    return (f"rule {game.rid(num)} is in the book, but the engine never applies it, so it can neither be cited "
            f"nor be shown not to apply (`judge coverage --book {game.rules.book} -s not_implemented -s "
            f"not_procedural`)")


def _check_rules(game, e: Expect, fail) -> None:
    firings = list(game.trace.firings())
    rejected = [s.rejected for s in game.trace.steps if s.rejected is not None]
    fired_all = firings + rejected
    near = list(game.trace.near_misses())
    for key in ("fired", "fired_in_order", "not_fired", "near_miss"):
        for i, r in enumerate(getattr(e, key)):
            why = unapplied(game, r.rule if isinstance(r, FiredSpec) else str(r))
            if why is not None:
                fail((key, i), str(r.rule if isinstance(r, FiredSpec) else r), "never applied", why)
    for i, r in enumerate(e.fired):
        rules, spec = _wants(game, r)
        if unapplied(game, spec.rule) is not None:
            continue
        if not any(_hit(f, rule, spec) for rule in rules for f in fired_all):
            rule = _named(game, spec, rules)
            fail(("fired", i), rule, "not fired", f"rule {rule}{_detail(spec)} did not fire; fired: "
                                                  f"{_rules_list(fired_all)}")
    pos = 0
    for i, r in enumerate(e.fired_in_order):
        rules, spec = _wants(game, r)
        rule = _named(game, spec, rules)
        if unapplied(game, spec.rule) is not None:
            continue
        while pos < len(firings) and not any(_hit(firings[pos], x, spec) for x in rules):
            pos += 1
        if pos >= len(firings):
            fail(("fired_in_order", i), rule, "not in order", f"rule {rule}{_detail(spec)} did not fire after "
                                                             f"the previous ones; fired: {_rules_list(firings)}")
            break
        pos += 1
    for i, r in enumerate(e.not_fired):
        rules, spec = _wants(game, r)
        rule = _named(game, spec, rules)
        # the rule as numbered when the engine applies that very number, else none of the rules under it
        hits = [f for x in rules for f in fired_all
                if _hit(f, x, spec, under=game.rules.normalize(x) not in game.rules.entries)]
        if hits:
            by = "" if hits[0].rule == rule else f" as {hits[0].rule}"
            fail(("not_fired", i), "not fired", rule, f"rule {rule}{_detail(spec)} fired{by} (firing {hits[0].id}, "
                                                      f"reason {hits[0].reason}) but must not")
    for i, r in enumerate(e.near_miss):
        rules, spec = _wants(game, r)
        rule = _named(game, spec, rules)
        if unapplied(game, spec.rule) is not None:
            continue
        if not any(_hit(n, x, spec) for x in rules for n in near):
            fail(("near_miss", i), rule, "no near miss", f"no near miss of {rule}{_detail(spec)}; near misses: "
                                                         f"{_rules_list(near)}")


def _named(game, spec: FiredSpec, rules: list[str]) -> str:
    """The rule as the expectation names it; a restatement says which rules it repeats."""
    rule = rule_id(game, spec.rule)
    return rule if rules == [rule] else f"{rule} (restating {', '.join(rules)})"


def _detail(spec: FiredSpec) -> str:
    bits = []
    if spec.reason:
        bits.append(f"reason {spec.reason}")
    if spec.objects:
        bits.append(f"objects {', '.join(spec.objects)}")
    return f" ({'; '.join(bits)})" if bits else ""


def _rules_list(fs) -> str:
    seen = []
    for f in fs:
        if f.rule is not None and f.rule not in seen:
            seen.append(f.rule)
    return ", ".join(seen) or "none"
