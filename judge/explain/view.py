"""A replay's trace as a ruling reads it: every act in the order it happened, and what it changed.

The trace document (`judge replay --json`, docs/scenarios.md) lists, per step,
the rules that fired, the near misses (a rule checked that did not apply) and
an action the engine refused. A ruling asks other questions of it: in which
order did things happen, what caused what (`caused_by`), which act last
changed an object's zone or damage, what was an object's value before the
actions began. `TraceView` answers them from the structure of the firings —
their causes, objects and changes — never from what their reason texts say.
"""
from __future__ import annotations

from dataclasses import dataclass, field

FIRED = "fired"          # a rule applied
NEAR = "near"            # a rule was checked and did not apply (a near miss)
REFUSED = "refused"      # the engine refused an action, citing a rule


@dataclass(frozen=True)
class Change:
    subject: str
    attr: str
    before: object
    after: object


@dataclass(frozen=True)
class Act:
    """One firing, near miss or refusal of the trace."""

    id: str
    kind: str
    rule: str | None             # the engine's namespaced id ("mtg:420.5c"); None: a mechanic the book does not number
    reason: str
    text: str                    # the reason as the engine rendered it
    fields: dict
    objects: tuple[str, ...]
    changes: tuple[Change, ...]
    caused_by: str | None
    step: int                    # index of the trace step
    pos: int                     # position in the whole trace (the order things happened)
    source: dict = field(default_factory=dict, compare=False, hash=False, repr=False)   # the trace's dict
    mechanic: str | None = None  # with no rule: the word of the mechanic (Riftbound's 待命区…)

    def changed(self, subject: str, attr: str | None = None) -> bool:
        return any(c.subject == subject and (attr is None or c.attr == attr) for c in self.changes)

    def subjects(self) -> set[str]:
        """The objects and players it involved or changed."""
        return set(self.objects) | {c.subject for c in self.changes}


def _order(firing_id: str) -> int:
    """Firing and near-miss ids share one counter per step ("6.2", "6.3"): their order in the step."""
    tail = firing_id.rpartition(".")[2]
    return int(tail) if tail.isdigit() else 0


def _act(d: dict, kind: str, step: int, pos: int) -> Act:
    return Act(id=d["id"], kind=kind, rule=d["rule"], reason=d["reason"], text=d.get("text") or "",
               fields=d.get("fields") or {}, objects=tuple(d.get("objects") or ()),
               changes=tuple(Change(c["subject"], c["attr"], c["before"], c["after"]) for c in d.get("changes") or ()),
               caused_by=d.get("caused_by"), step=step, pos=pos, source=d, mechanic=d.get("mechanic"))


class TraceView:
    """The acts of a trace in order, with the look-ups a ruling needs."""

    def __init__(self, trace: dict):
        self.trace = trace
        self.game: str = trace["game"]
        self.objects: dict[str, dict] = trace["objects"]
        self.players: list[str] = list(trace.get("players") or [])
        self.acts: list[Act] = []
        for s in trace["steps"]:
            if s["kind"] == "load":
                continue
            entries = [(_order(f["id"]), FIRED, f) for f in s["firings"]]
            # a "why not" of a mechanic the book does not number answers nothing a judge can cite
            entries += [(_order(m["id"]), NEAR, m) for m in s["near_misses"] if m["rule"] is not None]
            if s.get("rejected"):
                entries.append((10 ** 6, REFUSED, s["rejected"]))
            for _, kind, d in sorted(entries, key=lambda e: e[0]):
                self.acts.append(_act(d, kind, s["index"], len(self.acts)))
        self.by_id = {a.id: a for a in self.acts if a.kind != REFUSED}

    def fired(self) -> list[Act]:
        """The rules that applied (an act of a mechanic the book does not number is no rule)."""
        return [a for a in self.acts if a.kind == FIRED and a.rule is not None]

    def near(self) -> list[Act]:
        return [a for a in self.acts if a.kind == NEAR]

    def refused(self) -> list[Act]:
        return [a for a in self.acts if a.kind == REFUSED]

    def cause(self, act: Act) -> Act | None:
        return self.by_id.get(act.caused_by) if act.caused_by else None

    def changers(self, subject: str, attr: str) -> list[Act]:
        """The firings that changed `attr` of `subject`, in order."""
        return [a for a in self.acts if a.kind == FIRED and a.changed(subject, attr)]

    def initial(self, subject: str, attr: str):
        """The value before the first action changed it (`None` when nothing changed it)."""
        for a in self.acts:
            for c in a.changes:
                if c.subject == subject and c.attr == attr:
                    return c.before
        return None

    def final(self, subject: str, attr: str):
        for a in reversed(self.acts):
            for c in reversed(a.changes):
                if c.subject == subject and c.attr == attr:
                    return c.after
        return None

    def net_changed(self, subject: str, attr: str) -> bool:
        """Whether `attr` of `subject` ended different from how it began."""
        ch = [c for a in self.acts for c in a.changes if c.subject == subject and c.attr == attr]
        return bool(ch) and ch[0].before != ch[-1].after

    def name(self, oid: str) -> str:
        o = self.objects.get(oid)
        return o["name"] if o else oid
