"""MTG 420.2 from its text: state-based effects are always active and no player controls them — what they do is
caused by no player's spell or ability, so "whenever a spell or ability an opponent controls causes …" does not
trigger on it (a near miss naming the state-based rule), while the same card put there by an opponent's spell
triggers it. Also the small helpers of the chapter-4 rules, one behaviour each."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from judge.engine.games.mtg.effects import went_straight_to_graveyard
from judge.engine.games.mtg.sba import copies_off_the_stack
from judge.engine.games.mtg.special import _may_ignore, endable
from judge.engine.games.mtg.triggers import cause_matches
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "mtg" / "420.2-no-player-controls-sba.yaml"


def _run(variant=None):
    out = replay(load_scenario(SCENARIO), variant)
    assert out.error is None and out.passed, [x.text() for x in out.failures]
    return out


def _cited(out, rule, near):
    return [f for s in out.trace.steps for f in (s.near_misses if near else s.firings) if f.rule == f"mtg:{rule}"]


def test_lethal_damage_from_an_opponents_spell_is_no_players_doing():
    out = _run()
    [n] = _cited(out, "420.2", near=True)
    assert n.reason == "no_player_controls" and n.objects == ["ground", "dryad"]
    assert n.fields["rule"] == "420.5c"
    assert out.game.objects["dryad"].zone == "graveyard"
    assert not [f for f in _cited(out, "410.2", near=False) if "ground" in f.objects]


def test_an_opponents_destroy_spell_triggers_and_420_2_is_not_cited():
    out = _run("对手的石雨消灭它：由对手操控的咒语使地进入坟墓场，神圣土地触发")
    assert not _cited(out, "420.2", near=True) and not _cited(out, "420.2", near=False)
    assert out.game.objects["dryad"].zone == "battlefield"


@pytest.mark.parametrize("who, by, ctrl, ok", [
    ("any", "甲", "甲", True), ("any", "乙", "甲", True),
    ("you", "甲", "甲", True), ("you", "乙", "甲", False),
    ("opponent", "乙", "甲", True), ("opponent", "甲", "甲", False)])
def test_cause_matches(who, by, ctrl, ok):
    assert cause_matches(who, by, ctrl) is ok


def _obj(zone, inc=1, **extra):
    return NS(zone=zone, inc=inc, extra=dict(extra))


def test_copies_off_the_stack():
    on = _obj("stack", copy_of="bolt")
    off = _obj("graveyard", copy_of="bolt")
    gone = _obj("gone", copy_of="bolt", gone=True)
    card = _obj("graveyard")
    assert copies_off_the_stack([on, off, gone, card]) == [off]


def test_went_straight_to_graveyard():
    assert went_straight_to_graveyard(_obj("graveyard", 2, lki={1: None}))
    assert not went_straight_to_graveyard(_obj("graveyard", 3, lki={1: None}))     # left and came back
    assert not went_straight_to_graveyard(_obj("exile", 2, lki={1: None}))
    assert not went_straight_to_graveyard(_obj("graveyard", 2))                    # never in play


def test_endable():
    e1 = NS(source="rage", ended=False, may_end="甲")
    e2 = NS(source="rage", ended=True, may_end="甲")
    e3 = NS(source="growth", ended=False, may_end=None)
    d1 = NS(source="t", done=False, spec={"may_stop": True}, controller="甲")
    d2 = NS(source="u", done=False, spec={}, controller="甲")
    assert endable([e1, e2, e3], [d1, d2], "rage", "甲") == ([e1], [], [e1])
    assert endable([e1, e2, e3], [d1, d2], "rage", "乙") == ([e1], [], [])
    assert endable([e1, e2, e3], [d1, d2], "growth", "甲") == ([e3], [], [])
    assert endable([e1], [d1, d2], "t", "甲") == ([], [d1], [d1])
    assert endable([e1], [d1, d2], "u", "甲") == ([], [d2], [])
    assert endable([e1], [d1], "t", "乙") == ([], [d1], [])


@pytest.mark.parametrize("who, actor, ctrl, ok", [
    ("any", "甲", "甲", True), ("opponent", "乙", "甲", True), ("opponent", "甲", "甲", False),
    ("you", "甲", "甲", True), ("you", "乙", "甲", False)])
def test_may_ignore(who, actor, ctrl, ok):
    assert _may_ignore(who, actor, ctrl) is ok
