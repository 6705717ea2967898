"""Replaying a scenario: build the board, perform the actions, check the expectations.

The outcome holds the trace (always, even when the replay stopped on an
error), the expectation failures with the file and line of each expectation,
and the error that stopped the replay if any. An action marked
`rejected: RULE` must be refused by the engine citing that rule (a class-B
"this is not legal" example, or an illegal answer to a choice); the engine
records the refusal and what the attempt had done (undone) in the trace, and
the replay goes on from the state before the attempt. A refusal the scenario
did not expect is a failure, and the replay goes on all the same.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.core.trace import Trace
from judge.engine.scenario.expect import Failure, check_expect, covers, rule_id, unapplied
from judge.engine.scenario.load import ScenarioFile, variant as get_variant
from judge.engine.scenario.actions import action_args
from judge.engine.scenario.yamlio import line_of


@dataclass
class Outcome:
    path: str
    variant: str | None
    title: str
    trace: Trace
    failures: list[Failure] = field(default_factory=list)
    error: EngineError | None = None
    checked: int = 0
    game: object = None           # the game as the replay left it (for further checks)

    @property
    def passed(self) -> bool:
        return self.error is None and not self.failures

    @property
    def label(self) -> str:
        return f"{self.path}#{self.variant}" if self.variant else self.path


def replay(sf: ScenarioFile, variant: str | None = None) -> Outcome:
    m = sf.model
    v, vi = get_variant(sf, variant)
    title = (v.title if v is not None and v.title else m.title)
    try:
        game = sf.game_cls.build(sf, v)
    except EngineError:
        raise
    except Exception as e:        # an engine bug while loading: still a located error, never a traceback
        if os.environ.get("JUDGE_DEBUG"):
            raise
        raise EngineError(f"internal engine error while loading the board ({type(e).__name__}: {e}); "
                          f"set JUDGE_DEBUG=1 for the traceback", file=sf.path) from None
    out = Outcome(sf.path, variant, title, game.trace, game=game)
    if v is not None and v.actions is not None:
        actions, abase = v.actions, ("variants", vi, "actions")
    else:
        actions, abase = m.actions, ("actions",)
    expect, ebase = (v.expect, ("variants", vi, "expect")) if v is not None else (m.expect, ("expect",))
    marks = sf.marks
    line = None
    try:
        for i, a in enumerate(actions):
            line = line_of(marks, abase + (i,))
            if a.verb == "checkpoint":
                step = game.begin_step("checkpoint", "checkpoint", {"name": a.checkpoint})
                step.line = line
                game.close_step()
                out.failures += check_expect(game, sf, a.expect, abase + (i, "expect"), where=a.checkpoint)
                out.checked += 1
                continue
            kind, args = action_args(a)
            try:
                game.act(kind, a.as_, args, a.choices, line)
            except IllegalAction as e:
                out.checked += 1
                where = line_of(marks, abase + (i, "rejected")) if a.rejected is not None else line
                path = ".".join(map(str, abase + (i, "rejected" if a.rejected is not None else "")))
                by = e.rule or f"{e.mechanic} (not in this book)"
                if a.rejected is None:
                    hint = (f"add `rejected: {e.rule.partition(':')[2] or e.rule}`" if e.rule else
                            "the book numbers no rule for it, so `rejected:` cannot name one")
                    out.failures.append(Failure(sf.path, where, path.rstrip("."), "accepted", by,
                                                f"the engine refused this action by {by} ({e.message}); the game was "
                                                f"rewound and the replay went on — if the refusal is what the "
                                                f"scenario shows, {hint}"))
                elif not covers(rule_id(game, a.rejected), e.rule or ""):     # by that rule or one under it
                    want = rule_id(game, a.rejected)
                    out.failures.append(Failure(sf.path, where, path, want, by,
                                                f"the engine refused the action, but by {by} ({e.message}), "
                                                f"not {want}{_why_not(game, a.rejected)}"))
            else:
                if a.rejected is not None:
                    out.checked += 1
                    want = rule_id(game, a.rejected)
                    out.failures.append(Failure(sf.path, line_of(marks, abase + (i, "rejected")),
                                                ".".join(map(str, abase + (i, "rejected"))), want, "accepted",
                                                f"expected the engine to refuse this action by {want}, but it was "
                                                f"accepted{_why_not(game, a.rejected)}"))
            if a.expect is not None:
                out.failures += check_expect(game, sf, a.expect, abase + (i, "expect"), where=f"after action {i + 1}")
                out.checked += 1
        out.failures += check_expect(game, sf, expect, ebase, where="end")
        out.checked += 1
    except EngineError as e:
        if e.file is None:
            e.file = sf.path
        if e.line is None:
            e.line = line
        out.error = e
    except Exception as e:     # an engine bug: report it on the scenario, keep checking the others
        if os.environ.get("JUDGE_DEBUG"):
            raise
        out.error = EngineError(f"internal engine error while replaying this action ({type(e).__name__}: {e}); "
                                f"set JUDGE_DEBUG=1 for the traceback", file=sf.path, line=line)
    finish_trace(game, out)
    return out


def finish_trace(game, out: Outcome) -> None:
    t = game.trace
    objs: dict[str, Any] = {}
    for oid, o in game.objects.items():
        objs[oid] = {"name": o.name, "owner": o.owner, "card": getattr(o.card, "name", o.name),
                     "zone": o.zone}
    for iid, name in game.item_names.items():
        objs.setdefault(iid, {"name": name, "owner": None, "card": None, "zone": "stack-item"})
    t.objects = objs
    t.players = [p.name for p in game.players]
    t.result = {
        "passed": out.passed,
        "error": out.error.located() if out.error else None,
        "failures": [f.text() for f in out.failures],
        "life": {p.name: p.life for p in game.players if p.life is not None},   # a game without life totals
        "winner": next((p.name for p in game.players if p.won), None),
        "lost": [p.name for p in game.players if p.lost],
    }


def _why_not(game, ref: str) -> str:
    """`; ` and why, when the rule a `rejected:` names is one the engine never applies (the loader accepts it)."""
    why = unapplied(game, ref)
    return f"; {why}" if why else ""
