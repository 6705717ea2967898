"""Which steps and firings of a trace are routine, so `judge replay` can fold them.

`judge replay` prints every step; most of a judge's reading time goes to what
decides nothing (a land tapped for mana, a priority pass with the stack empty).
This module marks those — judge/data/templates/replay-fold.yaml says which, per
game — so the text output can fold each run of routine steps, and the routine
firings inside another step, into one line; `--full` and `--json` keep everything.
Plain functions over the trace; nothing here changes it.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from rulebook import safe_yaml


@lru_cache(maxsize=1)
def _table() -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """(the step codes that are passes, game → routine reason codes), from replay-fold.yaml."""

    data = safe_yaml.read(Path(str(resources.files("judge") / "data" / "templates" / "replay-fold.yaml"))) or {}
    return (frozenset(data.get("passes") or []),
            {game: frozenset(codes or []) for game, codes in (data.get("routine") or {}).items()})


def bare(rule_id: str | None) -> str:
    """`mtg:411.1` → `411.1` (a scenario's `source` names rules without the game); "" for a mechanic the book
    does not number (a firing with no rule)."""
    rule_id = rule_id or ""
    return rule_id.partition(":")[2] or rule_id


def routine_firing(f, game: str, about: set[str]) -> bool:
    """A firing a judge need not read: its reason is routine for the game and its rule is not what the scenario
    is about."""
    return f.reason in _table()[1].get(game, frozenset()) and bare(f.rule) not in about


def is_routine(step, before: dict | None, game: str, about: set[str]) -> bool:
    """A step a judge need not read: a pass (or the game moving on by itself) with the stack empty before and
    after and nothing but routine firings, or any action whose every firing is routine (a mana ability on its
    own). Never the set-up, a checkpoint, or a step with a choice, a rejected action or a near miss."""
    if step.kind not in ("action", "event") or step.choices or step.near_misses or step.rejected is not None:
        return False
    if not all(routine_firing(f, game, about) for f in step.firings):
        return False
    if step.what in _table()[0]:
        return before is not None and not before.get("stack") and not (step.after or {}).get("stack")
    return bool(step.firings)


def runs(steps, game: str, about: set[str]) -> list[tuple[bool, list]]:
    """The steps in order, grouped: (True, [routine steps…]) for each run of routine steps,
    (False, [step]) for every other step."""
    out: list[tuple[bool, list]] = []
    before = None
    for s in steps:
        if is_routine(s, before, game, about):
            if out and out[-1][0]:
                out[-1][1].append(s)
            else:
                out.append((True, [s]))
        else:
            out.append((False, [s]))
        before = s.after or before
    return out
