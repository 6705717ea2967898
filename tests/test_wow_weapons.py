"""WoW weapons from the glossary: striking with a weapon (705.3, 攻击力, 防御窗口), and the uniqueness check of
weapons (710.1e) with 双持, 双持，远程 and 单手. Replayed in process: each test fails if the rule is removed or is
cited where it does not decide."""
from __future__ import annotations

import pytest

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay
from rulebook import load_book
from rulebook.lookup import lookup
from test_wow import scratch_scenario

CARDS = """
define:
  单手剑:
    type: 武器
    subtypes: [剑]
    atk: 2
    damage_type: 近战
    strike_cost: 0
  双手剑:
    type: 武器
    subtypes: [双手, 剑]
    atk: 4
    damage_type: 近战
    strike_cost: 0
  弓:
    type: 武器
    subtypes: [弓]
    atk: 3
    damage_type: 远程
    strike_cost: 0
  法杖:
    type: 武器
    subtypes: [法杖]
    atk: 1
    damage_type: 奥术
    strike_cost: 0
  副手书:
    type: 物品
    slot: "副手（1）"
  英雄:
    type: 英雄
    class: 战士
    atk: 0
    health: 30
    keywords: {keywords}
"""

ENTER = """
book: wow
title: 武器的唯一性冲突
source: ["710.1e"]
""" + CARDS + """
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄, id: a_hero}}{held}]
    hand: [{{card: {new}, id: new}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}]
actions:
  - {{as: 甲, cast: new}}
  - pass_until: stack_empty
    choices: {choices}
"""


def _run(tmp_path, text):
    n = len(list(tmp_path.iterdir()))
    out = replay(load_scenario(scratch_scenario(tmp_path / str(n), "w.yaml", text)), None)
    assert out.error is None, out.error
    return out


def _fired(out) -> list:
    return [(f.rule.partition(":")[2], f.reason) for s in out.trace.steps for f in s.firings
            if f.rule.partition(":")[2] in ("710.1e", "双持", "双持，远程", "单手")]


def _near(out) -> list:
    return [(n.rule.partition(":")[2], n.reason) for s in out.trace.steps for n in s.near_misses
            if n.rule.partition(":")[2] in ("单手", "双持")]


DW = [("双持", "two_weapons"), ("单手", "one_handed")]
RDW = [("双持，远程", "two_weapons")]
CONFLICT = [("710.1e", "weapon_conflict")]


@pytest.mark.parametrize("keywords, held, new, conflict, fired, near", [
    ("[双持]", ["单手剑"], "单手剑", False, DW, []),
    ("[双持]", ["单手剑"], "双手剑", True, CONFLICT, [("单手", "two_handed")]),
    ("[双持]", ["双手剑"], "单手剑", True, CONFLICT, [("单手", "two_handed")]),
    ("[双持]", ["单手剑"], "弓", True, CONFLICT, []),          # a ranged weapon is no melee weapon
    ("[双持]", ["单手剑"], "法杖", True, CONFLICT, []),
    ("[双持]", ["单手剑", "副手书"], "单手剑", True, [("双持", "off_hand_conflict")] + CONFLICT, []),
    ("[双持]", ["单手剑", "单手剑"], "副手书", True, [("双持", "off_hand_conflict")] + CONFLICT, []),
    ("[双持]", ["单手剑"], "副手书", False, [], []),                 # one weapon and an off-hand: no conflict
    ("[]", ["单手剑"], "单手剑", True, CONFLICT, []),
    ("[]", ["单手剑"], "副手书", False, [], []),
    ("[]", [], "双手剑", False, [], []),
    ("[远程双持]", ["弓"], "弓", False, RDW, []),
    ("[远程双持]", ["弓"], "单手剑", True, CONFLICT, []),
    ("[远程双持]", ["单手剑"], "单手剑", True, CONFLICT, []),
    ("[双持, 远程双持]", ["弓"], "弓", False, RDW, []),
    ("[双持, 远程双持]", ["单手剑"], "单手剑", False, DW, []),
    ("[远程双持]", ["弓", "弓"], "弓", True, CONFLICT + RDW, []),    # three: one destroyed, then two ranged are fine
])
def test_weapon_conflicts(tmp_path, keywords, held, new, conflict, fired, near):
    board = "".join(f", {{card: {c}, id: h{i}}}" for i, c in enumerate(held))
    pick = "h0"
    out = _run(tmp_path, ENTER.format(keywords=keywords, held=board, new=new,
                                      choices="{conflict: {甲: h0}}" if conflict else "{}"))
    assert _fired(out) == fired
    assert _near(out) == near
    where = {o.id: o.zone for o in out.game.objects.values()}
    if conflict:
        assert where[pick] == "graveyard"
    else:
        assert all(where[f"h{i}"] == "play" for i in range(len(held))) and where["new"] == "play"


def test_a_conflict_answer_outside_the_conflict_is_refused(tmp_path):
    out = _run(tmp_path, ENTER.format(keywords="[]", held=", {card: 单手剑, id: h0}", new="单手剑",
                                      choices="{conflict: {甲: b_hero}}"))
    [step] = [s for s in out.trace.steps if s.rejected is not None]
    assert step.rejected.rule == "wow:710.1e" and step.rejected.reason == "invalid_choice"


STRIKE = """
book: wow
title: 以武器进行打击
source: ["攻击力"]
""" + CARDS + """
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄, id: a_hero}}, {{card: {w1}, id: w1}}, {{card: {w2}, id: w2}}, {{card: 示例盟军, id: a_ally}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}, {{card: 示例盟军, id: wall, with: {{health: 20}}}}]
actions:
  - {{as: 甲, attack: {{{attacker}: wall}}}}
  - pass_until: stack_empty
{before}  - {{as: 甲, pass: true}}
  - {{as: 乙, pass: true}}
{strikes}  - advance: 行动阶段
"""


def _strike(tmp_path, keywords="[]", w1="单手剑", w2="单手剑", strikes=("w1",), attacker="a_hero", before=""):
    text = STRIKE.format(keywords=keywords, w1=w1, w2=w2, attacker=attacker, before=before,
                         strikes="".join(f"  - {{as: 甲, strike: {s}}}\n" for s in strikes))
    return _run(tmp_path, text)


def _refused(out) -> list:
    return [(s.rejected.rule.partition(":")[2], s.rejected.reason) for s in out.trace.steps if s.rejected is not None]


@pytest.mark.parametrize("keywords, w1, w2, strikes, damage, dtype, refused", [
    ("[]", "单手剑", "单手剑", ("w1",), 2, "近战", []),
    ("[]", "双手剑", "单手剑", ("w1",), 4, "近战", []),
    ("[]", "法杖", "单手剑", ("w1",), 1, "奥术", []),
    ("[]", "单手剑", "单手剑", ("w1", "w2"), 2, "近战", [("双持", "one_strike")]),
    ("[]", "单手剑", "单手剑", ("w1", "w1"), 2, "近战", [("双持", "one_strike")]),
    ("[双持]", "单手剑", "单手剑", ("w1", "w2"), 4, "近战", []),
    ("[双持]", "单手剑", "单手剑", ("w1", "w1"), 2, "近战", [("双持", "one_strike")]),     # two weapons, not twice one
    ("[双持]", "单手剑", "双手剑", ("w1", "w2"), 2, "近战", [("双持", "one_strike")]),
    ("[远程双持]", "弓", "弓", ("w1", "w2"), 6, "远程", []),
    ("[远程双持]", "单手剑", "单手剑", ("w1", "w2"), 2, "近战", [("双持", "one_strike")]),
])
def test_a_strike_gives_the_hero_the_weapons_atk_and_damage_type(tmp_path, keywords, w1, w2, strikes, damage, dtype,
                                                                 refused):
    out = _strike(tmp_path, keywords, w1, w2, strikes)
    assert _refused(out) == refused
    dmg = [s for s in out.trace.steps for f in s.firings if f.rule == "wow:攻击力" and f.reason == "atk_damage"
           and f.objects[0] == "a_hero"]
    assert dmg
    f = [f for f in dmg[0].firings if f.rule == "wow:攻击力" and f.reason == "atk_damage" and f.objects[0] == "a_hero"][0]
    assert f.fields["amount"] == damage and f.fields["dtype"] == dtype
    assert out.game.objects["wall"].damage == damage
    assert out.game.chars(out.game.objects["a_hero"]).atk == 0          # only for that combat step


def test_a_strike_outside_the_defend_window_or_without_the_hero_in_combat_is_refused(tmp_path):
    early = _strike(tmp_path, strikes=(), before="  - {as: 甲, strike: w1}\n")
    assert _refused(early) == [("防御窗口", "strike_timing")]
    ally = _strike(tmp_path, strikes=("w1",), attacker="a_ally")
    assert _refused(ally) == [("防御窗口", "strike_timing")]
    assert ally.game.objects["wall"].damage == 2                       # the ally's own ATK only


def test_striking_with_what_is_not_his_weapon_is_refused(tmp_path):
    for what in ("a_ally", "wall"):
        out = _strike(tmp_path, strikes=(), before=f"  - {{as: 甲, pass: true}}\n  - {{as: 乙, pass: true}}\n"
                                                    f"  - {{as: 甲, strike: {what}}}\n")
        assert ("705.3", "not_a_weapon") in _refused(out)


def test_striking_with_an_unknown_id_is_a_loading_error_naming_the_line(tmp_path):
    from judge.engine.scenario.load import ScenarioError, ScenarioErrors
    text = STRIKE.format(keywords="[]", w1="单手剑", w2="单手剑", attacker="a_hero", before="",
                         strikes="  - {as: 甲, strike: nothing}\n")
    with pytest.raises((ScenarioError, ScenarioErrors)) as e:
        load_scenario(scratch_scenario(tmp_path, "w.yaml", text))
    assert "strike" in str(e.value) and "unknown id 'nothing'" in str(e.value)


def test_a_headword_printed_with_a_comma_names_one_glossary_entry():
    wow = load_book("wow")
    [hit] = lookup(wow, "双持，远程")
    assert hit.node.title == "双持，远程"
    assert [h.node.title for h in lookup(wow, "双持，激励")] == ["双持", "激励"]     # two headwords still split
