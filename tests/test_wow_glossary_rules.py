"""The WoW glossary rules at their boundaries (治愈, 致命伤害, 攻击力, 长程, 处于战斗中), replayed in process.

The bundled scenarios show each rule firing and not firing; these check the edges a scenario rarely
reaches and the numbers a reason reads out (how much healing is wasted, the damage and Health that made
damage lethal).
"""
from __future__ import annotations

import pytest

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay
from test_wow import scratch_scenario

HEAL = """
book: wow
title: 治愈的边界
source: ["治愈"]
define:
  示例治疗:
    text: "你的英雄为目标英雄或盟军治愈{n}点伤害。"
    cost: 0
    type: 技能
    instant: true
    play:
      targets: [英雄或盟军]
      effects: [{{heal: {n}, to: target}}]
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play:
      - {{card: 英雄（牧师）, id: a_hero}}
      - {{card: 示例盟军, id: ally, damage: {damage}}}
    hand: [{{card: 示例治疗, id: mend}}]
  乙:
    play: [{{card: 英雄（战士）, id: b_hero}}]
actions:
  - {{as: 甲, cast: mend, targets: [ally]}}
  - pass_until: stack_empty
"""

DEAL = """
book: wow
title: 致命伤害的边界
source: ["致命伤害"]
define:
  示例连击:
    text: "你的英雄对目标盟军造成{first}点伤害，然后再造成{second}点伤害。"
    cost: 0
    type: 技能
    instant: true
    play:
      targets: [盟军]
      effects: [{{damage: {first}, to: target}}, {{damage: {second}, to: target}}]
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（法师）, id: a_hero}}]
    hand: [{{card: 示例连击, id: combo}}]
  乙:
    play:
      - {{card: 英雄（战士）, id: b_hero}}
      - {{card: 示例盟军, id: ally, damage: {damage}}}
actions:
  - {{as: 甲, cast: combo, targets: [ally]}}
  - pass_until: stack_empty
"""


def _firings(tmp_path, text: str, rule: str):
    out = replay(load_scenario(scratch_scenario(tmp_path, "edge.yaml", text)), None)
    assert out.error is None, out.error
    fired = [f for s in out.trace.steps for f in s.firings if f.rule == f"wow:{rule}"]
    missed = [n for s in out.trace.steps for n in s.near_misses if n.rule == f"wow:{rule}"]
    return out, fired, missed


def _fields(f) -> dict:
    return {k: (v.id if hasattr(v, "id") else v) for k, v in f.fields.items()}


@pytest.mark.parametrize("n, damage, removed, wasted, left", [
    (1, 1, 1, 0, 0),       # exactly the damage it has: nothing wasted
    (3, 1, 1, 2, 0),       # more than it has: the rest is wasted
    (1, 2, 1, 0, 1),       # less than it has: damage is left
    (2, 2, 2, 0, 0),
])
def test_healing_removes_at_most_the_damage_and_says_what_is_wasted(tmp_path, n, damage, removed, wasted, left):
    out, fired, missed = _firings(tmp_path, HEAL.format(n=n, damage=damage), "治愈")
    assert [(f.reason, _fields(f)) for f in fired] == [
        ("healed", {"object": "ally", "amount": n, "removed": removed, "wasted": wasted})]
    assert missed == []
    assert out.game.objects["ally"].damage == left


def test_healing_an_undamaged_character_fails(tmp_path):
    # the glossary decides it ("该更动会失效"): cited as firing, not as a near miss
    out, fired, missed = _firings(tmp_path, HEAL.format(n=2, damage=0), "治愈")
    assert missed == []
    assert [(f.reason, _fields(f)) for f in fired] == [("heal_fails", {"object": "ally", "amount": 2})]
    assert out.game.objects["ally"].damage == 0


@pytest.mark.parametrize("first, second, damage, lethal", [
    (2, 0, 0, []),                 # 2 of Health 3: not lethal
    (3, 0, 0, [(3, 3)]),           # exactly its Health: lethal
    (2, 0, 1, [(3, 3)]),           # from 1 to 3
    (3, 1, 0, [(3, 3)]),           # the second packet finds it already lethal: cited once, on the first
    (1, 1, 1, [(3, 3)]),           # 1 → 2 (not lethal), 2 → 3 (lethal)
])
def test_lethal_damage_is_cited_on_the_packet_that_reaches_health(tmp_path, first, second, damage, lethal):
    _, fired, _ = _firings(tmp_path, DEAL.format(first=first, second=second, damage=damage), "致命伤害")
    assert [(f.reason, f.fields["object"].id) for f in fired] == [("dealt_lethal", "ally")] * len(lethal)
    assert [(f.fields["damage"], f.fields["health"]) for f in fired] == lethal


COMBAT = """
book: wow
title: 攻击力与长程的边界
source: ["攻击力"]
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 乙, step: 行动阶段}}
board:
  甲:
    play:
      - {{card: 英雄（战士）, id: a_hero}}
      - {{card: 示例盟军, id: wall, with: {{atk: {d_atk}, health: 9}}}}
  乙:
    play:
      - {{card: 英雄（战士）, id: b_hero}}
      - {{card: 示例盟军, id: raider, with: {{atk: {a_atk}, health: 9, keywords: {kw}}}}}
actions:
  - {{as: 乙, attack: {{raider: wall}}}}
  - pass_until: stack_empty
  - advance: 行动阶段
"""


@pytest.mark.parametrize("a_atk, d_atk, kw, wall, raider, zero", [
    (2, 1, "[]", 2, 1, []),
    (0, 1, "[]", 0, 1, ["raider"]),        # an attacker with ATK 0 deals no combat damage
    (2, 0, "[]", 2, 0, ["wall"]),
    (2, 3, "[长程]", 2, 0, []),             # long range: the defender deals it none (and is no ATK-0 near miss)
    (0, 3, "[长程]", 0, 0, ["raider"]),
])
def test_combat_damage_is_each_characters_atk(tmp_path, a_atk, d_atk, kw, wall, raider, zero):
    out, fired, missed = _firings(tmp_path, COMBAT.format(a_atk=a_atk, d_atk=d_atk, kw=kw), "攻击力")
    g = out.game
    assert (g.objects["wall"].damage, g.objects["raider"].damage) == (wall, raider)
    assert sorted(m.fields["object"].id for m in missed) == zero
    assert sorted((f.fields["object"].id, f.fields["amount"]) for f in fired) == sorted(
        x for x in (("raider", a_atk), ("wall", d_atk if kw == "[]" else 0)) if x[1] > 0)
    combat = [f for s in out.trace.steps for f in s.firings if f.rule == "wow:战斗伤害"]
    assert [(f.fields["a_amount"], f.fields["d_amount"]) for f in combat] == [(a_atk, d_atk if kw == "[]" else 0)]
    lr = [f for s in out.trace.steps for f in s.firings if f.rule == "wow:长程"]
    assert [f.fields["object"].id for f in lr] == (["raider"] if kw != "[]" else [])
