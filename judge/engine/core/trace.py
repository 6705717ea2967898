"""What a replay produces: steps, and under each step the rule firings.

A `Firing` is one application of one numbered rule: which rule, a reason code
plus the fields its Chinese template needs, the objects involved, every state
change it made (before → after) and what caused it (an earlier firing's id).
A `NearMiss` is the "why not" a judge gets asked: a target that became
illegal and which check failed, a trigger whose condition was false, a
replacement skipped because it already applied to this event.
An `Attempt` is what an action the rules refused had done before it was
refused (MTG 422.1, WoW 707.2): the game is rewound, the trace keeps it,
marked undone, so a judge sees what was tried.

These are plain slotted dataclasses: building them is on the replay hot path.
`Trace.to_dict()` is the documented JSON form (docs/scenarios.md); rendering
reason text from templates happens only when output is produced.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Ref(NamedTuple):
    """A reference to a game object or player inside firing fields."""

    id: str
    name: str


@dataclass(slots=True)
class Change:
    subject: str        # object id or player name
    attr: str           # "damage", "zone", "life", "tapped", ...
    before: Any
    after: Any


@dataclass(slots=True)
class Firing:
    id: str
    rule: str | None                # namespaced: "mtg:420.5c"; None for a mechanic the book does not number
    reason: str                     # reason code, has a template in judge/data/templates/<lang>/reasons.yaml
    fields: dict
    objects: list[str]
    changes: list[Change] = field(default_factory=list)
    caused_by: str | None = None
    mechanic: str | None = None     # with no rule: the word of the mechanic applied (not in this book)


@dataclass(slots=True)
class NearMiss:
    id: str
    rule: str | None
    reason: str
    fields: dict
    objects: list[str]
    caused_by: str | None = None
    mechanic: str | None = None


@dataclass(slots=True)
class ChoiceMade:
    choice: str
    subject: str
    answer: Any
    by: str | None
    auto: bool = False
    why: str | None = None      # an automatic answer that was not the only legal one: why the engine took it


@dataclass(slots=True)
class Attempt:
    """What a refused action did before the refusal, undone: its own firings, near misses and choices, and the
    steps it began (a resolution, a new step…) as they were. Ids are renamed `STEP~ID` (`5~6.2`: firing 6.2 of
    the attempt made at step 5) so they never collide with the steps written after the rewind."""

    firings: list = field(default_factory=list)
    near_misses: list = field(default_factory=list)
    choices: list = field(default_factory=list)
    steps: list = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.firings or self.near_misses or self.choices or self.steps)

    def all_firings(self):
        yield from self.firings
        for s in self.steps:
            yield from s.firings


@dataclass(slots=True)
class Step:
    index: int
    kind: str                  # "load" | "action" | "event" | "checkpoint"
    what: str                  # step code: "cast", "pass", "resolve", "step_begins", ...
    data: dict
    line: int | None = None    # scenario line of the action this step belongs to
    firings: list[Firing] = field(default_factory=list)
    near_misses: list[NearMiss] = field(default_factory=list)
    choices: list[ChoiceMade] = field(default_factory=list)
    rejected: Firing | None = None     # the refusal (an IllegalAction): the rule that forbids the action
    after: dict = field(default_factory=dict)   # turn / step / priority / stack after the step
    undone: Attempt | None = None      # what the refused action had done, rewound (kept, marked undone)


@dataclass(slots=True)
class Trace:
    game: str
    book: str
    steps: list[Step] = field(default_factory=list)
    objects: dict[str, dict] = field(default_factory=dict)   # id → {name, owner, card}
    players: list[str] = field(default_factory=list)
    result: dict = field(default_factory=dict)

    def firings(self):
        for s in self.steps:
            yield from s.firings

    def near_misses(self):
        for s in self.steps:
            yield from s.near_misses

    # ---- JSON form ----------------------------------------------------------
    def to_dict(self, rule_text=None, render=None) -> dict:
        """The documented trace document. `rule_text(rule_id)` and `render(firing)` are optional."""
        def fval(v):
            if isinstance(v, Ref):
                return {"id": v.id, "name": v.name}
            if isinstance(v, (list, tuple)):
                return [fval(x) for x in v]
            if isinstance(v, (set, frozenset)):
                return sorted(fval(x) for x in v)
            if isinstance(v, dict):
                return {str(k): fval(x) for k, x in v.items()}
            return v

        def firing(f, near=False):
            d = {"id": f.id, "rule": f.rule}
            if f.mechanic is not None:
                d["mechanic"] = f.mechanic
            if rule_text:
                d["rule_text"] = rule_text(f.rule) if f.rule is not None else ""
            d["reason"] = f.reason
            if render:
                d["text"] = render(f)
            d["fields"] = {k: fval(v) for k, v in f.fields.items()}
            d["objects"] = list(f.objects)
            if not near:
                d["changes"] = [{"subject": c.subject, "attr": c.attr, "before": fval(c.before),
                                 "after": fval(c.after)} for c in f.changes]
            d["caused_by"] = f.caused_by
            return d

        def choices(cs):
            return [{"choice": c.choice, "subject": c.subject, "answer": fval(c.answer), "by": c.by,
                     "auto": c.auto, **({"why": c.why} if c.why else {})} for c in cs]

        def step(s):
            sd = {"index": s.index, "kind": s.kind, "what": s.what, "data": fval(s.data), "line": s.line,
                  "firings": [firing(f) for f in s.firings],
                  "near_misses": [firing(n, True) for n in s.near_misses],
                  "choices": choices(s.choices)}
            if s.rejected is not None:
                sd["rejected"] = firing(s.rejected)
            if s.undone:
                u = s.undone
                sd["undone"] = {"firings": [firing(f) for f in u.firings],
                                "near_misses": [firing(n, True) for n in u.near_misses],
                                "choices": choices(u.choices), "steps": [step(x) for x in u.steps]}
            sd["after"] = fval(s.after)
            return sd

        steps = [step(s) for s in self.steps]
        return {"schema": "rules-judge/trace/1", "game": self.game, "book": self.book, "players": list(self.players),
                "objects": self.objects, "steps": steps, "result": fval(self.result)}
