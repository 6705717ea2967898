"""Shared by the fast scenario subsets (tests/test_mtg_*.py), which mutation testing of one engine module runs
instead of the whole of tests/test_scenarios.py: the runs of some scenario files, and the two checks each run
gets there — it replays with every expectation met, and its ruling equals the reviewed golden."""
from __future__ import annotations

from pathlib import Path

from judge.engine.scenario.load import instances, load_scenario
from judge.engine.scenario.run import replay
from judge.explain.bless import golden_path, render_golden


def runs_of(paths) -> list[tuple[Path, str | None]]:
    """Each file's base run and its variants' runs."""
    return [(p, v) for p in paths for v in instances(load_scenario(p))]


def run_id(run: tuple[Path, str | None]) -> str:
    path, variant = run
    return f"{path.name}#{variant}" if variant else path.name


def assert_replays(path: Path, variant: str | None) -> None:
    out = replay(load_scenario(path), variant)
    problems = ([out.error.located()] if out.error else []) + [f.text() for f in out.failures]
    assert out.passed, "\n".join(problems)


def assert_ruling_is_golden(path: Path, variant: str | None) -> None:
    txt, _ = render_golden(path, variant)
    assert txt == golden_path(path, variant).read_text(encoding="utf-8")
