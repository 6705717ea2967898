"""A `start:` game waits for each player to keep or mulligan: acting first is a clear error naming the book's rule
(MTG 101.4, WoW 名词解释 再调度), from the one message the card games share (common.game.CardGame)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game, source, step, rule", [
    ("mtg", "101.4-start-of-game-mulligan.yaml", "战斗前的行动阶段", "(101.4)"),
    ("wow", "再调度-one-mulligan-before-the-first-turn.yaml", "行动阶段", "(glossary 再调度)"),
])
def test_acting_before_the_opening_hands_are_decided(tmp_path, game, source, step, rule):
    root = tmp_path / "scenarios"
    (root / "cards").mkdir(parents=True)
    (root / game).mkdir()
    shutil.copy(ROOT / "scenarios" / "cards" / f"{game}.yaml", root / "cards" / f"{game}.yaml")
    text = (ROOT / "scenarios" / game / source).read_text("utf-8")
    text = text[: text.index("\nactions:")] + f"\nactions:\n  - advance: {step}\n"
    p = root / game / "t.yaml"
    p.write_text(text, "utf-8")
    out = replay(load_scenario(p), None)
    assert out.error is not None
    msg = str(out.error)
    assert "must first decide on his opening hand" in msg and "keep: true" in msg and rule in msg
