"""What a mutation run (mutmut 3.8.1) on the WoW weapons, forms, Hearthstone-keep and start-of-game functions
asked for: the cases the first tests left open. Each fails on a mutant that survived them."""
from __future__ import annotations

import pytest

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay
from test_wow import scratch_scenario


def _run(tmp_path, text):
    d = tmp_path / str(len(list(tmp_path.iterdir())))
    out = replay(load_scenario(scratch_scenario(d, "m.yaml", text)), None)
    assert out.error is None, out.error
    return out


def _refused(out) -> list:
    return [(s.rejected.rule.partition(":")[2], s.rejected.reason, dict(s.rejected.fields))
            for s in out.trace.steps if s.rejected is not None]


def _fired(out, rule) -> list:
    return [f for s in out.trace.steps for f in s.firings if f.rule == f"wow:{rule}"]


# ------------------------------------------------------------------ striking: who is in combat

STRIKE = """
book: wow
title: 打击
source: ["防御窗口"]
define:
  剑: {{type: 武器, atk: 2, damage_type: 近战, strike_cost: 0}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: {active}, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（战士）, id: a_hero}}, {{card: 剑, id: sword}}, {{card: 示例盟军, id: a_ally}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}, {{card: 示例盟军, id: raider, with: {{health: 9}}}}]
actions:
{actions}
"""


def test_a_defending_hero_strikes_in_the_defend_window(tmp_path):
    out = _run(tmp_path, STRIKE.format(active="乙", actions="""  - {as: 乙, attack: {raider: a_hero}}
  - pass_until: stack_empty
  - {as: 乙, pass: true}
  - {as: 甲, pass: true}
  - {as: 乙, pass: true}
  - {as: 甲, strike: sword}
  - advance: 行动阶段
"""))
    assert _refused(out) == []
    assert out.game.objects["raider"].damage == 2


@pytest.mark.parametrize("actions, why", [
    ("  - {as: 甲, strike: sword}\n", "why.hero_not_in_combat"),                         # no combat at all
    ("  - {as: 甲, attack: {a_ally: raider}}\n  - pass_until: stack_empty\n  - {as: 甲, pass: true}\n"
     "  - {as: 乙, pass: true}\n  - {as: 甲, strike: sword}\n", "why.hero_not_in_combat"),   # his ally fights
    ("  - {as: 甲, attack: {a_hero: raider}}\n  - pass_until: stack_empty\n  - {as: 甲, strike: sword}\n",
     "why.defend_window_only"),                                                        # the attack window
])
def test_a_strike_outside_the_defend_window_of_his_heros_combat_is_refused_saying_why(tmp_path, actions, why):
    from judge.engine.games.wow.words import say
    out = _run(tmp_path, STRIKE.format(active="甲", actions=actions))
    [(rule, reason, fields)] = _refused(out)
    assert (rule, reason) == ("防御窗口", "strike_timing")
    assert fields["why"] == say(why)


# ------------------------------------------------------------------ weapon conflicts at the edges

ENTER = """
book: wow
title: 冲突
source: ["710.1e"]
define:
  剑: {{type: 武器, cost: 0, atk: 2, damage_type: 近战, strike_cost: 0}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{hero}{{card: 剑, id: s1}}]
    resources: [{{card: 剑, id: res}}]
    hand: [{{card: 剑, id: s2}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}, {{card: 剑, id: b_sword}}]
actions:
  - {{as: 甲, cast: s2}}
  - pass_until: stack_empty
    choices: {choices}
"""


def test_a_weapon_in_the_resource_row_or_an_opponents_is_no_conflict(tmp_path):
    """Face down in his resource row a weapon card is a resource; the opponent's sword is his own business."""
    out = _run(tmp_path, ENTER.format(hero="{card: 英雄（战士）, id: a_hero, with: {keywords: [双持]}}, ",
                                      choices="{}"))
    assert [f.reason for f in _fired(out, "双持")] == ["two_weapons"]
    assert out.game.objects["s1"].zone == "play" and out.game.objects["s2"].zone == "play"


def test_a_player_without_a_hero_holds_one_weapon(tmp_path):
    out = _run(tmp_path, ENTER.format(hero="", choices="{conflict: {甲: s1}}"))
    assert out.game.objects["s1"].zone == "graveyard"


# ------------------------------------------------------------------ kept equipment (800.1e) with 双持

START = """
book: wow
title: 800.1e
source: ["800.1e"]
define:
  剑: {{type: 武器, atk: 2, damage_type: 近战}}
  盾: {{type: 防具, slot: "副手（1）"}}
players: {{甲: {{}}, 乙: {{}}}}
start: {{first: {first}}}
board:
  甲:
    play: [{{card: 英雄（战士）, id: a_hero, with: {{keywords: [{kw}]}}}}{kept}]
    resources: [{{card: 剑, id: res}}]
    deck: [{{card: 示例盟军, id: a1}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}, {{card: 剑, id: b1}}]
    deck: [{{card: 示例盟军, id: b2}}]
actions:
  - {{as: 甲, keep: true}}
  - as: 乙
    keep: true
    choices: {choices}
"""


@pytest.mark.parametrize("kw, kept, conflict", [
    ("双持", ", {card: 剑, id: k1}, {card: 剑, id: k2}", False),
    ("双持", ", {card: 剑, id: k1}, {card: 剑, id: k2}, {card: 盾, id: k3}", True),
    ("双持", ", {card: 剑, id: k1}, {card: 剑, id: k2}, {card: 剑, id: k3}", True),
    ("双持", ", {card: 剑, id: k1}", False),           # with the resource-row sword and the opponent's: still one
    ("远程双持", ", {card: 剑, id: k1}, {card: 剑, id: k2}", True),
])
def test_kept_weapons_conflict_as_the_hero_allows(tmp_path, kw, kept, conflict):
    out = _run(tmp_path, START.format(first="甲", kw=kw, kept=kept,
                                      choices="{conflict: {甲: k1}}" if conflict else "{}"))
    assert bool(_fired(out, "800.1e")) == conflict
    assert (out.game.objects["k1"].zone == "graveyard") == conflict


@pytest.mark.parametrize("first", ["甲", "乙"])
def test_after_the_mulligans_the_first_players_first_turn_begins(tmp_path, first):
    out = _run(tmp_path, START.format(first=first, kw="双持", kept="", choices="{}"))
    assert (out.game.turn, out.game.active, out.game.step) == (1, first, "回合开始步骤")
    assert out.game.awaiting is None


# ------------------------------------------------------------------ which powers make a form

FORM = """
book: wow
title: 形态
source: ["熊形态"]
define:
  形态:
    type: 技能
    ongoing: true
    abilities:
      - {{key: pay, text: "(1)>>>", payment: {{cost: {{resources: 1}}}}}}
      - ongoing: {ongoing}
  平衡: {{type: 技能, instant: true, cost: 0, subtypes: [平衡系], play: {{effects: [{{draw: 0}}]}}}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}, {{card: 形态, id: b_form}}]
  甲:
    play: [{{card: 英雄（德鲁伊）, id: a_hero}}, {{card: 形态, id: form}}]
    resources: [{{card: 形态, id: res}}]
    hand: [{{card: 平衡, id: moon}}]
actions:
  - {{as: 甲, cast: moon}}
  - pass_until: stack_empty
"""


@pytest.mark.parametrize("ongoing, ends", [
    ("{affects: your_hero, keywords: [熊形态]}", True),
    ("{affects: your_hero, keywords: [护卫]}", False),      # a keyword, but no form
    ("{keywords: [熊形态]}", False),                        # the card itself, not your hero
])
def test_only_a_power_putting_your_hero_in_a_form_ends(tmp_path, ongoing, ends):
    out = _run(tmp_path, FORM.format(ongoing=ongoing))
    assert (out.game.objects["form"].zone == "graveyard") == ends
    assert out.game.objects["b_form"].zone == "play"           # the opponent's form: not "you"
    assert out.game.objects["res"].zone == "play"              # a resource has no powers
    assert len(_fired(out, "熊形态")) == (1 if ends else 0)


def test_striking_with_a_weapon_ends_a_form(tmp_path):
    text = """
book: wow
title: 形态
source: ["熊形态"]
define:
  形态: {type: 技能, ongoing: true, abilities: [{ongoing: {affects: your_hero, keywords: [猎豹形态]}}]}
  剑: {type: 武器, atk: 2, damage_type: 近战, strike_cost: 0}
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 行动阶段}
board:
  甲:
    play: [{card: 英雄（德鲁伊）, id: a_hero}, {card: 形态, id: form}, {card: 剑, id: sword}]
  乙:
    play: [{card: 英雄（法师）, id: b_hero}, {card: 示例盟军, id: wall, with: {health: 9}}]
actions:
  - {as: 甲, attack: {a_hero: wall}}
  - pass_until: stack_empty
  - {as: 甲, pass: true}
  - {as: 乙, pass: true}
  - {as: 甲, strike: sword}
  - {checkpoint: 打击之后, expect: {pt: {a_hero: 1/30}}}
  - advance: 行动阶段
"""
    out = _run(tmp_path, text)
    assert out.game.objects["form"].zone == "graveyard"
    assert [f.reason for f in _fired(out, "猎豹形态")] == ["form_ends"]
    assert out.game.objects["wall"].damage == 2            # the sword's 2, the +1 gone with the form


def test_cat_form_adds_one_to_the_atk_the_hero_has(tmp_path):
    from judge.engine.games.wow.chars import Chars, forms
    from judge.engine.games.wow.words import say

    class O:
        attacking = "x"
    c = Chars("h", "英雄", [], 2, 30, None, None, ["猎豹形态"], [], "甲", False, False, False)
    forms(O(), c)
    assert c.atk == 3
    assert c.notes[-1][2] == say("note.atk", n="+1")


# ------------------------------------------------------------------ Hearthstone's answer

HEARTH = """
book: wow
title: 装备
source: ["装备"]
define:
  炉石: {{type: 物品, abilities: [{{key: hearth, text: "认输>>>", payment: {{cost: {{concede: true}}}}}}]}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（战士）, id: a_hero}}, {{card: 炉石, id: stone}}, {{card: 示例盟军, id: ally}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}]
actions:
  - {{as: 甲, activate: stone, ability: hearth, choices: {{keep_equipment: {{甲: {keep}}}}}}}
"""


def test_a_refused_keep_says_what_the_card_is_and_what_may_be_kept(tmp_path):
    from judge.engine.games.wow.words import say
    out = _run(tmp_path, HEARTH.format(keep="[ally]"))
    [(rule, _, fields)] = _refused(out)
    assert rule == "装备"
    assert say("hearth.not_equipment", card="示例盟军", kind="盟军") in str(out.trace.steps[-1].data)
    out = _run(tmp_path, HEARTH.format(keep="[[stone]]"))           # not a list of ids: refused, no crash
    [(rule, _, _)] = _refused(out)
    assert rule == "800.1c"
    assert say("hearth.keep_legal", ids="stone") in str(out.trace.steps[-1].data)
