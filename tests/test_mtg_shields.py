"""MTG regeneration shields (419.6b), from the rule's text: "the next time" — a shield replaces one destruction,
then it is used up; the 419.6b firing names the creature and carries what regeneration changed."""
from __future__ import annotations

from pathlib import Path

from judge.engine.scenario.load import load_scenario_text
from judge.engine.scenario.run import replay

LIBRARIES = Path(__file__).resolve().parents[1] / "scenarios"     # holds cards/mtg.yaml

SCENARIO = """
book: mtg
title: 重生护盾只替代下一次消灭
source: ["419.6b"]
define:
  恐惧:
    cost: "{黑}"
    types: [瞬间]
    text: 消灭目标生物。
    spell: {targets: [生物], effects: [{destroy: target}]}
  再生者:
    cost: "{一}{绿}"
    types: [生物]
    pt: 2/2
    text: "{绿}：重生再生者。"
    abilities:
      - {key: regen, text: "{绿}：重生再生者。", activated: {cost: "{绿}", effects: [{regenerate: self}]}}
players: {甲: {mana: "{黑}{黑}"}, 乙: {mana: "{绿}"}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲: {hand: [{card: 恐惧, id: t1}, {card: 恐惧, id: t2}]}
  乙: {battlefield: [{card: 再生者, id: regen, damage: 1}]}
actions:
  - {as: 甲, cast: t1, targets: [regen]}
  - {as: 甲, pass: true}
  - {as: 乙, activate: regen, ability: regen}
  - pass_until: stack_empty
  - {as: 甲, cast: t2, targets: [regen]}
  - pass_until: stack_empty
expect:
  where: {regen: graveyard}
"""


def _outcome():
    sf = load_scenario_text(SCENARIO, "shields.yaml", LIBRARIES)
    out = replay(sf)
    assert out.error is None, out.error
    return out


def _firings(out, reason):
    return [f for s in out.trace.steps for f in s.firings if f.reason == reason]


def test_a_regeneration_shield_replaces_only_the_next_destruction():
    out = _outcome()
    assert out.passed, [x.text() for x in out.failures]
    assert len(_firings(out, "regenerated")) == 1          # the second 恐惧 destroys it: the shield was used


def test_the_regeneration_firing_names_the_creature_and_holds_its_changes():
    out = _outcome()
    f, = _firings(out, "regenerated")
    assert f.rule == "mtg:419.6b" and f.objects == ["regen"]
    changed = {(c.subject, c.attr, c.after) for c in f.changes}
    assert ("regen", "tapped", True) in changed and ("regen", "damage", 0) in changed
