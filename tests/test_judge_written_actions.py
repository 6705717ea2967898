"""Actions as a judge writes them: the format takes what a judge naturally says, and records what it means.

- `pass_until: stack_empty` on an empty stack: "until the stack is empty" already holds — nobody passes and the step
  does not end (recorded on the action's step, not an error), in every game that uses the core's priority loop.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.scenario.load import load_scenario, load_scenario_text
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ROOT / "scenarios"
EMPTY = ROOT / "scenarios" / "mtg" / "410.2-nothing-triggered-stack-already-empty.yaml"


def _text(text: str, variant=None):
    return replay(load_scenario_text(text, "judge.yaml", LIBRARIES), variant)


def _firings(out, rule, reason=None):
    return [f for s in out.trace.steps for f in s.firings if f.rule == rule and (reason is None or f.reason == reason)]


# ---------------------------------------------------------------- pass_until on an empty stack

def test_the_bundled_variant_reuses_the_base_actions_when_nothing_triggered():
    sf = load_scenario(EMPTY)
    base, variant = replay(sf), replay(sf, "没有图腾则不触发，让过什么也不做")
    assert base.passed and variant.passed, [f.text() for f in base.failures + variant.failures]
    last = variant.trace.steps[-1]
    assert last.what == "pass_until" and last.data.get("already") is True
    assert not last.firings and last.after["step"] == "战斗前的行动阶段"
    # with a trigger on the stack the same action passes until it resolved: nothing marked
    assert all(not s.data.get("already") for s in base.trace.steps)


EMPTY_STACK = {
    "mtg": """
book: mtg
title: t
source: "410.2"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board: {甲: {battlefield: [{card: 灰熊, id: bear}]}}
actions:
  - pass_until: stack_empty
  - pass_until: stack_empty
expect: {step: 战斗前的行动阶段, stack: []}
""",
    "wow": """
book: wow
title: t
source: "704.1"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 行动阶段}
board: {甲: {play: [{card: 英雄（战士）, id: a_hero}]}, 乙: {play: [{card: 英雄（战士）, id: b_hero}]}}
actions:
  - pass_until: stack_empty
expect: {step: 行动阶段, stack: []}
""",
    "riftbound": """
book: riftbound
title: t
source: "108.2.d"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 行动阶段}
board: {甲: {hand: [{card: 示例单位, id: h}]}}
actions:
  - pass_until: stack_empty
expect: {step: 行动阶段}
""",
}


@pytest.mark.parametrize("game", sorted(EMPTY_STACK))
def test_pass_until_stack_empty_on_an_empty_stack_is_a_recorded_no_op_in_every_game(game):
    out = _text(EMPTY_STACK[game])
    assert out.error is None, out.error.located()
    assert out.passed, [f.text() for f in out.failures]
    steps = [s for s in out.trace.steps if s.what == "pass_until"]
    assert steps and all(s.data.get("already") is True and not s.firings for s in steps)
    assert out.game.priority is not None and out.game.passes == 0


def test_the_text_trace_says_nothing_happened():
    from judge.engine import reasons

    assert reasons.render_step("pass_until", {"until": "stack_empty", "already": True}, {}) == \
        "堆叠已为空：无人需要让过，什么也没有发生"
    assert "直到堆叠为空" in reasons.render_step("pass_until", {"until": "stack_empty"}, {})
