"""WoW 703.5 (the Brigg example, recorded under 703.5): a trigger condition is judged on the state before the event —
also when it holds before and after, if the event changed the state it reads (Brigg hits an ally that was already
damaged: "the state before the event decides", the book says, and it decides "yes"). Before, nothing was cited."""
from __future__ import annotations

from pathlib import Path

from judge.engine.games.wow.triggers import state_read_changed
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

BRIGG = Path(__file__).resolve().parents[1] / "scenarios" / "wow" / "703-brigg-judged-before-damage.yaml"


def _out(prefix: str):
    sf = load_scenario(BRIGG)
    return replay(sf, next(v.name for v in sf.model.variants if v.name.startswith(prefix)))


def _703(out) -> list[str]:
    return [f.reason for f in out.trace.firings() if f.rule == "wow:703.5"]


def test_already_damaged_ally_cites_703_5_held():
    out = _out("盟军在Brigg的攻击之前已负伤则触发")
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert _703(out) == ["before_event_held"]
    [f] = [f for f in out.trace.firings() if f.rule == "wow:703.5"]
    assert {o for o in f.objects} >= {"brigg", "ally"}, f.objects


def test_unmet_before_and_after_is_a_near_miss_only():
    out = _out("条件为“未负伤”而盟军事件前已负伤")
    assert out.passed, [f.text() for f in out.failures]
    assert _703(out) == []


def test_undamaged_before_still_before_event_unmet():
    out = replay(load_scenario(BRIGG), None)
    assert out.passed, [f.text() for f in out.failures]
    assert "before_event_held" not in _703(out)


def test_state_read_changed():
    assert state_read_changed({"damaged": True}, 2, 3)
    assert state_read_changed({"damaged": False}, 0, 1)
    assert not state_read_changed({"damaged": True}, 2, 2)        # nothing changed: nothing to judge before
    assert not state_read_changed({"type": "盟军"}, 2, 3)          # the condition does not read damage
    assert not state_read_changed({}, 0, 1)
