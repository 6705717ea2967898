"""The WoW glossary entries the engine applied without citing, now cited where they decide: 角色 (a proposed
defender must be a character), 队伍 (a proposed attacker must be in the proposer's party), 阵营 (a description
naming a faction matches only cards with its icon), 装备 (Hearthstone keeps only equipment). Replayed in process:
each test fails if the rule is no longer cited, or if it is cited where it does not decide."""
from __future__ import annotations

import pytest

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay
from test_wow import scratch_scenario

PROPOSE = """
book: wow
title: 提议的攻击者与防御者
source: ["提议"]
define:
  示例物品:
    type: 物品
  示例持续技能:
    type: 技能
    ongoing: true
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play:
      - {{card: 英雄（战士）, id: a_hero}}
      - {{card: 示例盟军, id: a_ally}}
      - {{card: 示例近战武器, id: a_axe}}
  乙:
    play:
      - {{card: 英雄（法师）, id: b_hero}}
      - {{card: 示例盟军, id: b_ally}}
      - {{card: {kind}, id: b_card}}
actions:
  - {{as: 甲, attack: {{{attacker}: {defender}}}}}
"""


def _run(tmp_path, text):
    out = replay(load_scenario(scratch_scenario(tmp_path, "h.yaml", text)), None)
    assert out.error is None, out.error
    return out


def _refused(out) -> list:
    return [(s.rejected.rule, s.rejected.reason) for s in out.trace.steps if s.rejected is not None]


def _rules(out) -> set:
    return {f.rule for s in out.trace.steps for f in s.firings}


@pytest.mark.parametrize("kind, refused", [
    ("示例防具", [("wow:角色", "not_character")]),
    ("示例近战武器", [("wow:角色", "not_character")]),
    ("示例物品", [("wow:角色", "not_character")]),
    ("示例持续技能", [("wow:角色", "not_character")]),
    ("示例盟军", []),
])
def test_a_proposed_defender_must_be_a_character(tmp_path, kind, refused):
    out = _run(tmp_path, PROPOSE.format(kind=kind, attacker="a_ally", defender="b_card"))
    assert _refused(out) == refused
    assert "wow:角色" not in _rules(out)


@pytest.mark.parametrize("defender", ["b_hero", "b_ally"])
def test_a_character_defender_is_no_citation_of_character(tmp_path, defender):
    out = _run(tmp_path, PROPOSE.format(kind="示例防具", attacker="a_ally", defender=defender))
    assert _refused(out) == []
    assert "wow:提议" in _rules(out)


@pytest.mark.parametrize("attacker, refused", [
    ("a_axe", [("wow:队伍", "not_in_party")]),       # his own, but equipment: not in his party
    ("b_ally", [("wow:队伍", "not_in_party")]),      # a character, but the opponent's
    ("a_ally", []),
    ("a_hero", []),
])
def test_a_proposed_attacker_must_be_in_the_party(tmp_path, attacker, refused):
    out = _run(tmp_path, PROPOSE.format(kind="示例防具", attacker=attacker, defender="b_hero"))
    assert _refused(out) == refused


def test_an_attacker_that_is_not_in_play_is_refused_under_propose_not_party(tmp_path):
    out = _run(tmp_path, PROPOSE.format(kind="示例防具", attacker="nobody", defender="b_hero"))
    assert _refused(out) == [("wow:提议", "cannot_propose")]


FACTION = """
book: wow
title: 阵营
source: ["阵营"]
define:
  示例打击:
    text: "对目标{words}造成1点伤害。"
    type: 技能
    instant: true
    cost: 0
    play:
      targets: [{target}]
      effects: [{{damage: 1, to: target}}]
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（战士）, id: a_hero}}]
    hand: [{{card: 示例打击, id: zap}}]
  乙:
    play:
      - {{card: 英雄（法师）, id: b_hero}}
      - {{card: Brigg, id: horde, with: {{health: 5}}}}
      - {{card: Kryton Barleybeard, id: alliance, with: {{health: 5}}}}
      - {{card: 示例盟军, id: none, with: {{health: 5}}}}
actions:
  - {{as: 甲, cast: zap, targets: [{pick}]}}
"""


@pytest.mark.parametrize("faction, pick, refused, cited", [
    ("部落", "horde", [], True),
    ("部落", "alliance", [("wow:阵营", "wrong_faction")], False),
    ("部落", "none", [("wow:阵营", "wrong_faction")], False),     # no faction icon at all
    ("联盟", "alliance", [], True),
    ("联盟", "horde", [("wow:阵营", "wrong_faction")], False),
    (None, "alliance", [], False),                                 # the description names no faction
])
def test_a_faction_in_a_description_is_the_cards_icon(tmp_path, faction, pick, refused, cited):
    target = f"{{what: 盟军, filter: {{faction: {faction}}}}}" if faction else "盟军"
    out = _run(tmp_path, FACTION.format(words=(faction or "") + "盟军", target=target, pick=pick))
    assert _refused(out) == refused
    fired = [f for s in out.trace.steps for f in s.firings if f.rule == "wow:阵营"]
    assert bool(fired) == cited
    if cited:
        assert fired[0].reason == "faction_matches"
        assert dict(fired[0].fields)["faction"] == faction


def test_an_unknown_faction_word_is_a_loading_error(tmp_path):
    from judge.engine.scenario.load import ScenarioErrors, ScenarioError
    with pytest.raises((ScenarioError, ScenarioErrors)) as e:
        load_scenario(scratch_scenario(tmp_path, "h.yaml", FACTION.format(
            words="盟军", target="{what: 盟军, filter: {faction: 精灵}}", pick="horde")))
    assert "faction" in str(e.value)


HEARTH = """
book: wow
title: 装备
source: ["装备"]
define:
  炉石:
    type: 物品
    abilities:
      - key: hearth
        text: "认输>>>"
        payment: {{cost: {{concede: true}}}}
  示例技能:
    type: 技能
    ongoing: true
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play:
      - {{card: 英雄（战士）, id: a_hero}}
      - {{card: 炉石, id: stone}}
      - {{card: 示例近战武器, id: axe}}
      - {{card: 示例防具, id: armor}}
      - {{card: 示例盟军, id: ally}}
      - {{card: 示例技能, id: skill}}
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}, {{card: 示例盾牌, id: b_shield}}]
actions:
  - {{as: 甲, activate: stone, ability: hearth, choices: {{keep_equipment: {{甲: {keep}, 乙: []}}}}}}
"""


@pytest.mark.parametrize("keep, refused", [
    ("[axe, armor, stone]", []),
    ("[ally]", [("wow:装备", "invalid_choice")]),
    ("[axe, a_hero]", [("wow:装备", "invalid_choice")]),
    ("[skill]", [("wow:装备", "invalid_choice")]),
    ("[b_shield]", [("wow:800.1c", "invalid_choice")]),     # equipment, but not his
    ("[axe, axe]", [("wow:800.1c", "invalid_choice")]),
    ("[nothing]", [("wow:800.1c", "invalid_choice")]),
])
def test_hearthstone_keeps_only_equipment(tmp_path, keep, refused):
    out = _run(tmp_path, HEARTH.format(keep=keep))
    assert _refused(out) == refused
    kept = [f for s in out.trace.steps for f in s.firings if f.rule == "wow:装备"]
    assert bool(kept) == (not refused)
    if kept:
        assert list(kept[0].objects) == ["axe", "armor", "stone"]


def test_keeping_nothing_cites_no_equipment(tmp_path):
    out = _run(tmp_path, HEARTH.format(keep="[]"))
    assert _refused(out) == []
    assert "wow:装备" not in _rules(out)
    assert out.trace.steps[-1].firings     # the hearth happened
