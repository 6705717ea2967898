"""WoW 717.3b: an armor named among the modifiers by a player other than the affected hero's controller
(`replacement: {丙: [helm]}` when the hero and helm are 乙's) is refused under 717.3b naming who chooses —
before, it was left unread and the replay ended in a missing `armor` choice."""
from __future__ import annotations

from pathlib import Path

import yaml

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "wow" / "717.3b-team-intervene-helm-stance.yaml"
VARIANT = "没有Intervene：你（丙）代朋友在修改者中写出Helm"


def _only(tmp_path, answers: dict) -> Path:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    [v] = [v for v in data["variants"] if v["name"].startswith(VARIANT)]
    v["actions"] = [{"as": "甲", "cast": "blast", "targets": ["b_hero"]},
                    {"pass_until": "stack_empty", "choices": {"replacement": answers}}]
    v["expect"] = {"damage": {"b_hero": 3}}
    data["variants"] = [v]
    p = tmp_path / "t.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return p


def test_armor_named_by_another_player_is_refused_under_717_3b(tmp_path):
    p = _only(tmp_path, {"甲": ["stance.dealt"], "丙": ["helm"]})
    out = replay(load_scenario(p), yaml.safe_load(p.read_text(encoding="utf-8"))["variants"][0]["name"])
    assert out.error is None or "missing choice" not in str(out.error), out.error
    [step] = [s for s in out.trace.steps if s.rejected is not None]
    r = step.rejected
    assert r.rule == "wow:717.3b" and r.reason == "wrong_chooser", r
    text = "\n".join(f.text() for f in out.failures)
    assert "this choice is 乙's to make, not 丙's" in text, text


def test_armor_named_by_its_controller_is_used(tmp_path):
    p = _only(tmp_path, {"甲": ["stance.dealt"], "乙": ["helm"]})
    out = replay(load_scenario(p), yaml.safe_load(p.read_text(encoding="utf-8"))["variants"][0]["name"])
    assert out.error is None and out.passed, [f.text() for f in out.failures]
    assert not [s for s in out.trace.steps if s.rejected is not None]


def test_bundled_variant_refuses_then_replays():
    out = replay(load_scenario(SCENARIO), next(v.name for v in load_scenario(SCENARIO).model.variants
                                               if v.name.startswith(VARIANT)))
    assert out.passed, [f.text() for f in out.failures]
