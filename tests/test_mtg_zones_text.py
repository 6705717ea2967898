"""Package A of issue 11, session 3: zone moves (217.x, 214.3, 200.6a), abilities on the stack (217.6b/c, 402.7),
phasing (217.8a-d, 418.5e), cost changes too late (409.3), text changes (418.6a-d) — replayed from the scenarios
written for them, each with its must-not-fire variants, and their rulings compared with the reviewed goldens. A
fast subset of tests/test_scenarios.py, so mutation testing of judge/engine/games/mtg/{zones,text}.py can run it."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.games.mtg.text import changed_ability, mentions, replaced
from judge.engine.games.mtg.state import ability_defs
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay
from scenario_runs import assert_replays, assert_ruling_is_golden, run_id, runs_of

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "mtg"
FILES = ("217.1a-", "217.1c-", "217.1d-", "217.3b-", "217.4a-", "217.5c-", "217.5d-", "217.6c-", "217.7a-",
         "217.8-", "418.6-", "402.7-", "409.3-", "200.6a-", "200.4a-", "419.1b-")
RUNS = runs_of(p for p in sorted(ROOT.glob("*.yaml")) if p.name.startswith(FILES))


def test_the_subset_is_the_right_one():
    names = {p.name for p, _ in RUNS}
    for must in ("217.8-phasing.yaml", "418.6-text-change.yaml", "217.6c-controller-on-the-stack.yaml",
                 "409.3-cost-change-too-late.yaml", "217.1d-mover-chooses.yaml"):
        assert must in names


@pytest.mark.parametrize("path,variant", RUNS, ids=[run_id(r) for r in RUNS])
def test_scenario(path, variant):
    assert_replays(path, variant)


@pytest.mark.parametrize("path,variant", RUNS, ids=[run_id(r) for r in RUNS])
def test_ruling_names_what_decided(path, variant):
    """Which object, which owner, which state a judge reads: each run's explanation equals its reviewed golden."""
    assert_ruling_is_golden(path, variant)


def test_replaced_changes_whole_words_only():
    spec = {"affects": "self", "protection": ["红"], "filter": {"colors": ["红", "绿"]}, "n": 1, "t": ("红",)}
    assert replaced(spec, "红", "蓝") == {"affects": "self", "protection": ["蓝"], "filter": {"colors": ["蓝", "绿"]},
                                          "n": 1, "t": ("蓝",)}
    assert replaced("红焰", "红", "蓝") == "红焰"          # part of a word (a name) is never a colour word
    assert mentions(spec, "绿") and not mentions(spec, "黑") and not mentions({"n": 1}, "1")


def test_changed_ability_keeps_the_name_and_is_stable():
    ab = ability_defs([{"key": "pro", "text": "红焰卫士具有反红保护。", "static": {"affects": "self", "protection": ["红"]}}])[0]
    new = changed_ability(ab, "红", "蓝", "红焰卫士")
    assert new.text == "红焰卫士具有反蓝保护。" and new.spec["protection"] == ["蓝"] and new.key == "pro"
    assert changed_ability(ab, "红", "蓝", "红焰卫士") is new          # the same object: caches keyed by it hold
    assert ab.spec["protection"] == ["红"]                              # the printed ability is untouched
    other = ability_defs([{"key": "x", "text": "飞行", "static": {"affects": "self", "gain": ["飞行"]}}])[0]
    assert changed_ability(other, "红", "蓝", "灰熊") is other         # nothing to change: the ability itself
    unnamed = changed_ability(ab, "红", "蓝", "")
    assert unnamed.text == "蓝焰卫士具有反蓝保护。"


def test_phasing_in_is_the_same_object_with_its_old_timestamp():
    """217.8c / 418.5e: a permanent that phases out and back in is not a new object (no new incarnation, the same
    timestamp) and keeps no phasing bookkeeping once it is back."""
    sf = load_scenario(ROOT / "217.8-phasing.yaml")
    still = replay(sf, "没有跃离").game.objects["bear"]
    back = replay(sf).game.objects["bear"]
    assert back.zone == "battlefield" and back.inc == still.inc and back.timestamp == still.timestamp
    assert "phased" not in back.extra and "phased" not in replay(sf).game.objects["aura"].extra
