"""Tests the mutation run on fixw3's functions asked for (packets.written_out, expect._named / unapplied): an armor
left alone takes its own answer, a character-keyed order names the modifiers too, nothing is recorded for a
modifier applied with nothing to choose and no answer, and the failure texts name what was expected."""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from judge.engine.scenario.expect import unapplied
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "wow"
ORDER = ROOT / "717.3a-packet-controller-writes-whole-order.yaml"
TEAM = ROOT / "717.3b-team-intervene-helm-stance.yaml"


def _write(tmp_path, data: dict) -> Path:
    p = tmp_path / "t.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return p


def _order(tmp_path, variant: dict) -> Path:
    data = yaml.safe_load(ORDER.read_text(encoding="utf-8"))
    data["variants"] = [dict(variant, name="t")]
    return _write(tmp_path, data)


def _replacements(out) -> list:
    return [(c.answer, c.auto) for s in out.trace.steps for c in s.choices if c.choice == "replacement"]


def test_character_keyed_order_names_the_last_and_identical_modifiers(tmp_path):
    p = _order(tmp_path, {"actions": [{"as": "甲", "cast": "blast", "targets": ["b_hero"]},
                                      {"pass_until": "stack_empty",
                                       "choices": {"replacement": {"b_hero": ["cloak.plus", "wif2.double",
                                                                             "wif1.double"]}}}],
                          "expect": {"damage": {"b_hero": 12}}})
    out = replay(load_scenario(p), "t")
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert [a for a, _ in _replacements(out)] == ["cloak.plus", "wif2.double", "wif1.double"]


def test_no_answer_for_a_lone_modifier_records_no_choice(tmp_path):
    p = _order(tmp_path, {"remove": ["wif2", "cloak"],
                          "actions": [{"as": "甲", "cast": "blast", "targets": ["b_hero"]},
                                      {"pass_until": "stack_empty"}],
                          "expect": {"damage": {"b_hero": 4}}})
    out = replay(load_scenario(p), "t")
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert _replacements(out) == []


def test_armor_left_alone_takes_its_controllers_named_answer(tmp_path):
    """W23 without Intervene: after the increases only the helm is left; 乙 naming it exhausts it (717.2d)."""
    data = yaml.safe_load(TEAM.read_text(encoding="utf-8"))
    data["variants"] = [{"name": "t", "remove": ["intervene"],
                         "actions": [{"as": "甲", "cast": "blast", "targets": ["b_hero"]},
                                     {"pass_until": "stack_empty",
                                      "choices": {"replacement": {"甲": ["stance.dealt", "wif.double"],
                                                                  "乙": ["helm"]}}}],
                         "expect": {"damage": {"b_hero": 3}, "tapped": {"helm": True},
                                    "fired": [{"rule": "717.2d", "reason": "armor_prevents"}]}}]
    out = replay(load_scenario(_write(tmp_path, copy.deepcopy(data))), "t")
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert [a for a, _ in _replacements(out)] == ["stance.dealt", "wif.double", "helm"]


def test_failure_text_of_a_plain_rule_does_not_say_restating(tmp_path):
    p = _order(tmp_path, {"remove": ["wif2", "cloak"],
                          "actions": [{"as": "甲", "cast": "blast", "targets": ["b_hero"]},
                                      {"pass_until": "stack_empty"}],
                          "expect": {"fired": ["717.3a"]}})
    out = replay(load_scenario(p), "t")
    [f] = out.failures
    assert "rule wow:717.3a did not fire" in f.text() and "restating" not in f.text(), f.text()


def test_unapplied_names_the_rule(tmp_path):
    out = replay(load_scenario(ORDER), None)
    why = unapplied(out.game, "关键字")          # class physical: the engine never applies it
    assert why is not None and why.startswith("rule wow:关键字 is in the book"), why
    assert unapplied(out.game, "中断") is None   # a restatement of rules the engine applies
