"""A restatement (class `restatement` in the book's coverage data: a rule or glossary entry that only repeats
others, `same_as`) is cited through the rules it repeats: a judge naming WoW glossary 中断 (= 711.1–711.2) names
the interrupt. Before, `fired: [中断]` failed as "the engine never applies it" although 711.1 fired."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook import load_book
from rulebook.lookup import resolve_one

from judge.engine import classify
from judge.engine.scenario.expect import restated, unapplied
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]
BASH = ROOT / "scenarios" / "wow" / "709.2b-shield-bash-interrupt-on-resolution.yaml"

BOARD = """book: wow
title: t
source: "711.1"
players: {甲: {}, 乙: {}}
turn: {active: 乙, step: 行动阶段}
board:
  甲:
    play:
      - {card: 英雄（战士）, id: a_hero}
      - {card: 示例盟军, id: a_ally}
    resources: [{card: 资源, id: a_r1}, {card: 资源, id: a_r2}, {card: 资源, id: a_r3}]
    hand: [{card: Shield Bash, id: bash}]
  乙:
    play:
      - {card: 英雄（法师）, id: b_hero}
      - {card: 示例盟军, id: b_ally}
    resources: [{card: 资源, id: b_r1}]
    hand: [{card: Fire Blast, id: blast}]
actions:
  - {as: 乙, cast: blast, targets: [a_ally]}
  - {as: 乙, pass: true}
  - {as: 甲, cast: bash, targets: [b_hero]}
  - pass_until: stack_empty
    choices: {interrupt: {bash: INTERRUPT}}
expect:
  EXPECT
"""


def _run(tmp_path, interrupt: str, expect: str):
    p = tmp_path / "t.yaml"
    p.write_text(BOARD.replace("INTERRUPT", interrupt).replace("EXPECT", expect), encoding="utf-8")
    return replay(load_scenario(p), None)


def test_bundled_scenario_names_the_restatement():
    sf = load_scenario(BASH)
    for v in [None] + [v.name for v in sf.model.variants]:
        out = replay(sf, v)
        assert out.error is None and out.passed, (v, out.error, [f.text() for f in out.failures])


def test_fired_restatement_met_by_the_rule_it_repeats(tmp_path):
    out = _run(tmp_path, "blast", "fired: [中断]")
    assert out.passed, [f.text() for f in out.failures]


def test_fired_restatement_fails_when_nothing_it_repeats_fires(tmp_path):
    out = _run(tmp_path, "false", "fired: [中断]")
    [f] = out.failures
    assert "wow:中断 (restating wow:711.1, wow:711.2) did not fire" in f.text(), f.text()


def test_not_fired_restatement_fails_when_it_applies(tmp_path):
    out = _run(tmp_path, "blast", "not_fired: [中断]")
    [f] = out.failures
    assert "restating wow:711.1, wow:711.2" in f.text() and "fired as wow:711.1" in f.text(), f.text()


def test_not_fired_restatement_holds_when_nothing_is_interrupted(tmp_path):
    out = _run(tmp_path, "false", "not_fired: [中断]")
    assert out.passed, [f.text() for f in out.failures]


def test_fired_in_order_through_a_restatement(tmp_path):
    out = _run(tmp_path, "blast", "fired_in_order: [{rule: 709.2b, reason: effect_interrupt}, 中断, 709.2g]")
    assert out.passed, [f.text() for f in out.failures]
    out = _run(tmp_path, "blast", "fired_in_order: [709.2g, 中断]")
    assert out.failures and "restating" in out.failures[0].text()


def test_restated_and_unapplied(tmp_path):
    out = _run(tmp_path, "blast", "fired: [中断]")
    g = out.game
    assert restated(g, "中断") == ("711.1", "711.2")
    assert restated(g, "wow:中断") == ("711.1", "711.2")
    assert restated(g, "711.1") == ()
    assert unapplied(g, "中断") is None
    assert unapplied(g, "711.1") is None


def test_restatements_data():
    wow = classify.restatements("wow")
    assert wow["中断"] == ("711.1", "711.2")
    assert wow["护卫#2"] == ("护卫",)
    assert "711.1" not in wow and "关键字" not in wow      # a rule that decides; a class other than restatement
    assert classify.restatements("riftbound") == {}


def test_restatements_without_data(monkeypatch, tmp_path):
    monkeypatch.setattr(classify, "DATA_DIR", tmp_path)
    classify.restatements.cache_clear()
    try:
        assert classify.restatements("wow") == {}
    finally:
        classify.restatements.cache_clear()


@pytest.mark.parametrize("book", ["wow", "mtg"])
def test_every_restatement_repeats_rules_of_the_book(book):
    b = load_book(book)
    for key, same in classify.restatements(book).items():
        assert same, key
        assert all(resolve_one(b, r) is not None for r in same), (key, same)
