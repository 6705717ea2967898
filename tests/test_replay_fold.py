"""Folding routine steps in `judge replay` (issue 17): a mana ability and priority passes with the stack
empty read as one line in text output, `--full` shows every step, `--json` keeps everything; nothing the
scenario is about, chosen, rejected or nearly happened is ever folded."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.cli import app
from judge.engine.core.trace import ChoiceMade, Firing, NearMiss, Step
from judge.engine.scenario.fold import bare, is_routine, routine_firing, runs

EMPTY = {"step": "战斗后的行动阶段", "stack": []}
BUSY = {"step": "战斗后的行动阶段", "stack": ["bolt"]}


def firing(rule: str, reason: str) -> Firing:
    return Firing(id="1.1", rule=rule, reason=reason, fields={}, objects=[])


def step(what: str, firings=(), after=EMPTY, kind: str = "action", **kw) -> Step:
    return Step(index=1, kind=kind, what=what, data={}, firings=list(firings), after=dict(after), **kw)


MANA = [firing("mtg:411.1", "mana_ability"), firing("mtg:413.2b", "effect_add_mana")]


def test_a_pass_with_the_stack_empty_is_routine_only_then():
    assert is_routine(step("pass"), EMPTY, "mtg", set())
    assert not is_routine(step("pass"), BUSY, "mtg", set())                 # something was on the stack
    assert not is_routine(step("pass", after=BUSY), EMPTY, "mtg", set())    # something is now
    assert not is_routine(step("pass"), None, "mtg", set())                 # nothing known before it
    ends = step("advance", [firing("mtg:300.2", "step_ends")])
    assert is_routine(ends, EMPTY, "mtg", set())                            # everyone passed, the step ended
    begins = step("step_begins", kind="event")
    assert is_routine(begins, EMPTY, "mtg", set())
    assert not is_routine(step("step_begins", [firing("mtg:309.1", "no_blockers")], kind="event"), EMPTY, "mtg", set())


def test_a_mana_ability_on_its_own_is_routine_unless_the_scenario_is_about_it():
    assert is_routine(step("activate", MANA, after=BUSY), BUSY, "mtg", set())   # even with a spell waiting
    assert not is_routine(step("activate", MANA), EMPTY, "mtg", {"411.1"})
    assert not is_routine(step("activate", MANA), EMPTY, "wow", set())          # mtg's reason codes, not wow's
    assert not is_routine(step("activate", [*MANA, firing("mtg:409.1h", "cost_paid")]), EMPTY, "mtg", set())
    assert not is_routine(step("activate"), EMPTY, "mtg", set())                # no firing: not a pass either


@pytest.mark.parametrize("extra", [
    {"choices": [ChoiceMade(subject="x", choice="target", answer="bear", by="甲")]},
    {"near_misses": [NearMiss(id="1.2", rule="mtg:420.5c", reason="r", fields={}, objects=[])]},
    {"rejected": firing("mtg:212.6b", "illegal")},
])
def test_a_step_with_a_choice_a_near_miss_or_a_rejection_is_never_routine(extra):
    assert not is_routine(step("pass", **extra), EMPTY, "mtg", set())


def test_load_and_checkpoint_are_never_routine():
    assert not is_routine(step("load", kind="load"), EMPTY, "mtg", set())
    assert not is_routine(step("checkpoint", kind="checkpoint"), EMPTY, "mtg", set())


def test_runs_group_consecutive_routine_steps():
    load = step("load", kind="load")
    steps = [load, step("pass"), step("activate", MANA), step("cast", [firing("mtg:409.1a", "spell_announced")], after=BUSY),
             step("pass", after=BUSY), step("pass")]
    groups = runs(steps, "mtg", set())
    assert [(r, len(g)) for r, g in groups] == [(False, 1), (True, 2), (False, 1), (False, 1), (False, 1)]


def test_routine_firing_and_bare():
    assert routine_firing(MANA[0], "mtg", set()) and not routine_firing(MANA[0], "mtg", {"411.1"})
    assert not routine_firing(firing("mtg:409.1a", "spell_announced"), "mtg", set())
    assert bare("mtg:411.1") == "411.1" and bare("411.1") == "411.1"


def replay(*args):
    res = CliRunner().invoke(app, ["replay", *args])
    assert res.exit_code == 0, res.output
    return res.stdout


def test_replay_text_folds_and_full_expands():
    folded = replay("420.5c-lethal-damage").splitlines()
    assert "[1–2] 例行：甲 让过优先权；乙 起动 山脉(m1) 的异能（406.1、411.1、406.4、413.2b、408.2e）" in folded
    assert not any(x.startswith(("[1] ", "[2] ")) for x in folded)
    assert "（6 处例行步骤已折叠；judge replay --full 全部显示）" in folded
    full = replay("420.5c-lethal-damage", "--full").splitlines()
    assert any(x.startswith("[1] 甲 让过优先权") for x in full) and any(x.startswith("[2] 乙 起动 山脉(m1) 的异能") for x in full)
    assert not any("例行" in x for x in full)
    assert len(full) > len(folded)
    doc = json.loads(replay("420.5c-lethal-damage", "--json"))
    assert [s["index"] for s in doc["steps"]] == list(range(len(doc["steps"])))    # JSON keeps every step
    assert [f["rule"] for f in doc["steps"][2]["firings"]] == ["mtg:406.1", "mtg:411.1", "mtg:406.4", "mtg:413.2b", "mtg:408.2e"]


def test_routine_firings_inside_a_step_fold_to_one_line():
    text = replay("413.2a-aura-blast-countered").splitlines()
    cast = text.index(next(x for x in text if x.startswith("[1] 甲 使用 灵气冲击波(blast)")))
    assert text[cast + 1].startswith("    ⋯ 406.1、411.1、406.4、413.2b  例行：")      # 406.1/406.4: what a mana ability is
    assert "甲 使用 平原#1 的魔法力异能，产生 {白}；" in text[cast + 1] and "甲 使用 平原#2 的魔法力异能" in text[cast + 1]
    assert text[cast + 2].startswith("    ▸ mtg:409.1a")
    full = replay("413.2a-aura-blast-countered", "--full")
    assert full.count("▸ mtg:411.1") == 4 and "⋯" not in full


def test_the_scenario_about_a_mana_ability_keeps_it():
    out = replay("411.1-mana-ability-sacrifice-cost")
    assert "▸ mtg:411.1" in out and "例行：" not in out.split("[1]")[1].split("\n")[0]


@pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX only")
def test_replay_in_a_terminal_shows_the_book_and_the_folded_line():
    from rich.cells import cell_len

    from test_terminal_headline import run_in_pty

    out = run_in_pty("replay", "420.5c-lethal-damage", columns=60)
    lines = [x.rstrip() for x in out.replace("\r\n", "\n").split("\n")]
    assert all(cell_len(x) <= 60 for x in lines), [x for x in lines if cell_len(x) > 60]
    assert any(x.startswith("  规则书：mtg · Magic: The Gathering") for x in lines[:5])   # the book, at the top
    joined = "".join(x.strip() for x in lines)
    assert "[1–2]例行：甲 让过优先权；乙 起动 山脉(m1) 的异能（406.1、411.1、406.4、413.2b、408.2e）".replace(" ", "") in joined.replace(" ", "")
