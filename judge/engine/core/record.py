"""`Recorder`: writing the trace as the game is played — steps, rule firings, near misses, state changes.

Every rule application is one `fire()`: the rule must be declared with that reason code (a firing the
registry does not know is an engine bug, never a silent wrong citation). A mechanic the book does not
number is applied with `unnumbered()` (refused with `illegal_unnumbered()`): the firing has no rule id,
only the mechanic's word, so a trace marks it as not in this book. A firing is "being applied"
inside `under(firing)`: the state changes made there (`change()`) are attached to it, and what it
causes (events, further firings) names it as the cause. `near_miss()` records a "why not". The
recorder also remembers, per object and player, the last firing that involved it (`cause_of`): what
a state-based check or a pre-priority check was caused by.

It owns only the trace; the game's state and its version live on the game.
"""
from __future__ import annotations

from contextlib import contextmanager

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.core.objects import Obj, Player
from judge.engine.core.trace import Attempt, Change, Firing, NearMiss, Ref, Step, Trace


def ref_of(v):
    """A firing field as stored: objects and players become `Ref`s (id and name at that moment), lists item by item."""
    if isinstance(v, Ref):
        return v
    if isinstance(v, (Obj, Player)) or hasattr(v, "ref"):
        return v.ref
    if isinstance(v, (list, tuple)):
        return [ref_of(x) for x in v]
    if isinstance(v, dict):          # a phrase record ({"phrase": key, …}): its objects too
        return {k: ref_of(x) for k, x in v.items()}
    return v


WOULD = "_would"     # reason-code suffix: the wording of a firing whose event was replaced before it happened


class Recorder:
    __slots__ = ("game", "trace", "step", "applying_now", "touched", "seen", "line", "_rids")

    def __init__(self, game):
        self.game = game
        self.trace = Trace(game.game, game.book)
        self.step: Step | None = None          # the step being written
        self.applying_now: list[Firing] = []   # the firings whose changes are being made, innermost last
        self.touched: dict[str, str] = {}      # object id / player → id of the last firing that involved it
        self.seen: set = set()                 # keys of near misses already recorded (`once=`)
        self.line: int | None = None           # the scenario line of the action being performed
        self._rids: dict[str, str] = {}

    # ------------------------------------------------------------------ steps
    def begin_step(self, kind: str, what: str, data: dict | None = None) -> Step:
        prev = self.step
        if prev is not None and not prev.after and prev.kind == "event":
            prev.after = self.game.end_of_step_state()
        step = Step(len(self.trace.steps), kind, what, data or {}, self.line)
        self.trace.steps.append(step)
        self.step = step
        return step

    def close_step(self) -> None:
        """Every step still without its "after" state gets the state as it is now."""
        steps = self.trace.steps
        for i in range(len(steps) - 1, -1, -1):
            if steps[i].after:
                break
            steps[i].after = self.game.end_of_step_state()

    def mark(self) -> tuple:
        """What a rewind restores of the recorder's own memory (who was last involved, near misses seen)."""
        return dict(self.touched), set(self.seen)

    def restart(self, step: Step, mark: tuple | None = None) -> None:
        """A rewound action: what was written since `step` began is kept on the step as an undone `Attempt`
        (its ids renamed `STEP~ID`), the step is empty again, and the recorder's memory is as at `mark`."""
        later = self.trace.steps[step.index + 1:]
        del self.trace.steps[step.index + 1:]
        attempt = Attempt(list(step.firings), list(step.near_misses), list(step.choices), later)
        step.firings.clear()
        step.near_misses.clear()
        step.choices.clear()
        if attempt:
            _rename(attempt, f"{step.index}~")
            step.undone = attempt
        self.step = step
        self.applying_now.clear()
        if mark is not None:
            self.touched, self.seen = mark

    # ------------------------------------------------------------------ firings
    def rid(self, number: str) -> str:
        r = self._rids.get(number)
        if r is None:
            r = self._rids[number] = f"{self.game.game}:{number}"
        return r

    def _next_id(self) -> str:
        s = self.step
        return f"{s.index}.{len(s.firings) + len(s.near_misses) + 1}"

    def _declared(self, number: str, reason: str, what: str, table: str = "entries"):
        entry = getattr(self.game.rules, table).get(number)
        if entry is None or reason not in entry.reasons:
            raise EngineError(f"engine bug: {self.game.game}:{number} {what} with undeclared reason {reason!r}")
        return entry

    def fire(self, number: str, reason: str, _objs=(), caused_by: str | None = "", **fields) -> Firing:
        """Record one application of rule `number`; changes made `under()` it are attached to it."""
        self._declared(number, reason, "fired")
        if caused_by == "":
            caused_by = self.applying_now[-1].id if self.applying_now else None
        f = Firing(self._next_id(), self.rid(number), reason, {k: ref_of(v) for k, v in fields.items()},
                   [o if isinstance(o, str) else o.id for o in _objs], [], caused_by)
        self.step.firings.append(f)
        for o in f.objects:
            self.touched[o] = f.id
        return f

    def first_time(self, key) -> bool:
        """True the first time `key` is asked (then remembered, and rewound with the game): a rule cited once
        for a state that lasts (a creature staying in combat), not at every check of it."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def unnumbered(self, key: str, reason: str, _objs=(), caused_by: str | None = "", **fields) -> Firing:
        """Record one application of a mechanic the book does not number (`RuleRegistry.mechanic`): like
        `fire`, but the firing cites no rule, only the mechanic's word."""
        entry = self._declared(key, reason, "applied", "mechanics")
        if caused_by == "":
            caused_by = self.applying_now[-1].id if self.applying_now else None
        f = Firing(self._next_id(), None, reason, {k: ref_of(v) for k, v in fields.items()},
                   [o if isinstance(o, str) else o.id for o in _objs], [], caused_by, entry.word)
        self.step.firings.append(f)
        for o in f.objects:
            self.touched[o] = f.id
        return f

    def near_miss(self, number: str, reason: str, _objs=(), caused_by: str | None = "", once=None,
                  **fields) -> NearMiss | None:
        """Record a "why not": the rule that was checked and what failed. `once` dedupes."""
        if once is not None:
            if once in self.seen:
                return None
            self.seen.add(once)
        self._declared(number, reason, "near miss")
        if caused_by == "":
            caused_by = self.applying_now[-1].id if self.applying_now else None
        n = NearMiss(self._next_id(), self.rid(number), reason, {k: ref_of(v) for k, v in fields.items()},
                     [o if isinstance(o, str) else o.id for o in _objs], caused_by)
        self.step.near_misses.append(n)
        return n

    @contextmanager
    def under(self, firing: Firing):
        """Attribute the state changes made inside to `firing`."""
        self.applying_now.append(firing)
        try:
            yield firing
        finally:
            self.applying_now.pop()

    def applying(self, number: str, reason: str, _objs=(), **fields):
        """`with game.applying("420.5c", "lethal_damage", ...):` = fire + under."""
        return self.under(self.fire(number, reason, _objs, **fields))

    def illegal(self, number: str, reason: str, message: str, **fields) -> IllegalAction:
        """The engine refusing an action under rule `number` (raise it): the action is rewound, and the
        refusal is explained like a firing (a scenario may expect it: `rejected: RULE`)."""
        return IllegalAction(self.rid(number), reason, fields, message)

    def illegal_unnumbered(self, key: str, reason: str, message: str, **fields) -> IllegalAction:
        """The engine refusing an action by a mechanic the book does not number: no rule, its word."""
        entry = self._declared(key, reason, "refused", "mechanics")
        return IllegalAction(None, reason, fields, message, mechanic=entry.word)

    def would(self, f: Firing) -> None:
        """The event `f` produced was replaced or prevented before it happened: `f` says what would have
        happened (将造成, not 造成) when its game declares that wording, `<reason>_would` under the same rule."""
        if f.rule is None:
            return          # a mechanic the book does not number declares no such wording
        code = f.reason + WOULD
        entry = self.game.rules.entries.get(f.rule.split(":", 1)[-1])
        if entry is not None and code in entry.reasons:
            f.reason = code

    def current_firing(self) -> Firing | None:
        return self.applying_now[-1] if self.applying_now else None

    # ------------------------------------------------------------------ changes and causes
    def change(self, subject: str, attr: str, before, after) -> None:
        """A state change, attached to the firing being applied (if any)."""
        if self.applying_now:
            f = self.applying_now[-1]
            f.changes.append(Change(subject, attr, before, after))
            self.touched[subject] = f.id

    def cause_of(self, subject) -> str | None:
        """The last firing that changed or involved this object or player: what a state check was caused by."""
        return self.touched.get(subject if isinstance(subject, str) else subject.id)


def _rename(attempt: Attempt, prefix: str) -> None:
    """Ids inside an undone attempt get `prefix` (causes inside it follow; causes outside it stay)."""
    items = [*attempt.firings, *attempt.near_misses]
    for st in attempt.steps:
        items += [*st.firings, *st.near_misses]
    ids = {x.id for x in items}
    for x in items:
        x.id = prefix + x.id
        if x.caused_by in ids:
            x.caused_by = prefix + x.caused_by
