"""`judge explain SCENARIO.yaml`: a ruling in Chinese from the engine's trace.

Placeholder until the engine's replay entry point lands (issue 4): reading
the file is checked here so bad input already gets a clear error.
"""
from __future__ import annotations

from pathlib import Path

from judge.explain.errors import ExplainError


def explain_scenario(path: str, lang: str = "zh") -> dict:
    p = Path(path)
    if not p.is_file():
        raise ExplainError(f"{path}: no such scenario file")
    raise ExplainError(f"{path}: the scenario engine is not available yet (issue 4)")
