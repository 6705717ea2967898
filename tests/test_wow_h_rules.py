"""WoW glossary rules of the druid forms (熊形态, 猎豹形态), hero flips (翻转, 翻转式能力), the start of a game
(再调度, 800.1e), 展示 and 能力, replayed in process at their edges: each test fails if the rule is removed or fires
where it must not."""
from __future__ import annotations

import pytest

from judge.engine.scenario.load import ScenarioError, ScenarioErrors, load_scenario
from judge.engine.scenario.run import replay
from test_wow import scratch_scenario


def _run(tmp_path, text, variant=None):
    d = tmp_path / str(len(list(tmp_path.iterdir())))
    out = replay(load_scenario(scratch_scenario(d, "h.yaml", text)), variant)
    assert out.error is None, out.error
    return out


def _fired(out, rule) -> list:
    return [f.reason for s in out.trace.steps for f in s.firings if f.rule == f"wow:{rule}"]


def _near(out, rule) -> list:
    return [n.reason for s in out.trace.steps for n in s.near_misses if n.rule == f"wow:{rule}"]


def _refused(out) -> list:
    return [(s.rejected.rule.partition(":")[2], s.rejected.reason) for s in out.trace.steps if s.rejected is not None]


FORM = """
book: wow
title: 形态
source: ["熊形态"]
define:
  形态:
    type: 技能
    subtypes: [野性系]
    ongoing: true
    abilities: [{{ongoing: {{affects: your_hero, keywords: [{form}]}}}}]
  技能卡:
    type: {kind}
    subtypes: {subtypes}
    instant: true
    cost: 0
    play: {{effects: [{{draw: 0}}]}}
  武器卡:
    type: 武器
    cost: 0
    atk: 1
    damage_type: 近战
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（德鲁伊）, id: a_hero}}, {{card: 形态, id: form}}]
    hand: [{{card: 技能卡, id: a_card}}, {{card: 武器卡, id: a_weapon}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}]
    hand: [{{card: 技能卡, id: b_card}}]
actions:
{actions}
"""


@pytest.mark.parametrize("form", ["熊形态", "猎豹形态"])
@pytest.mark.parametrize("kind, subtypes, who, ends, near", [
    ("技能", "[平衡系]", "甲", True, []),
    ("技能", "[]", "甲", True, []),
    ("技能", "[野性系]", "甲", False, ["feral_ability"]),
    ("技能", "[野性系, 平衡系]", "甲", False, ["feral_ability"]),
    ("技能", "[平衡系]", "乙", False, []),            # not "when you play"
])
def test_a_form_ends_when_its_controller_plays_a_non_feral_ability(tmp_path, form, kind, subtypes, who, ends, near):
    card = "a_card" if who == "甲" else "b_card"
    actions = ("  - {as: 甲, pass: true}\n" if who == "乙" else "") + \
        f"  - {{as: {who}, cast: {card}}}\n  - pass_until: stack_empty\n"
    out = _run(tmp_path, FORM.format(form=form, kind=kind, subtypes=subtypes, actions=actions))
    assert (out.game.objects["form"].zone == "graveyard") == ends
    assert _fired(out, form) == (["form_ends"] if ends else [])
    assert _near(out, form) == near


def test_playing_a_weapon_is_not_playing_an_ability(tmp_path):
    out = _run(tmp_path, FORM.format(form="熊形态", kind="技能", subtypes="[]",
                                     actions="  - {as: 甲, cast: a_weapon}\n  - pass_until: stack_empty\n"))
    assert out.game.objects["form"].zone == "play"
    assert _fired(out, "熊形态") == [] and _near(out, "熊形态") == []


@pytest.mark.parametrize("form, protector", [("熊形态", True), ("猎豹形态", False)])
def test_bear_form_means_protector(tmp_path, form, protector):
    out = _run(tmp_path, FORM.format(form=form, kind="技能", subtypes="[]", actions="  - {as: 甲, pass: true}\n"))
    kws = out.game.chars(out.game.objects["a_hero"]).keywords
    assert form in kws and ("护卫" in kws) == protector


CAT = """
book: wow
title: 猎豹形态
source: ["猎豹形态"]
define:
  形态:
    type: 技能
    ongoing: true
    abilities: [{{ongoing: {{affects: your_hero, keywords: [猎豹形态]}}}}]
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: {active}, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（德鲁伊）, id: a_hero}}, {{card: 形态, id: form}}, {{card: 示例盟军, id: a_ally}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}, {{card: 示例盟军, id: b_ally, with: {{health: 9}}}}]
actions:
  - {{as: {active}, attack: {{{attacker}: {defender}}}}}
  - advance: 行动阶段
"""


@pytest.mark.parametrize("active, attacker, defender, hit, damage, cited", [
    ("甲", "a_hero", "b_ally", "b_ally", 1, True),     # 0 ATK +1 while attacking
    ("乙", "b_ally", "a_hero", "b_ally", 0, False),    # defending: no +1
    ("甲", "a_ally", "b_ally", "b_ally", 2, False),    # an ally attacking: not the hero in Cat Form
])
def test_cat_form_adds_one_atk_only_while_the_hero_attacks(tmp_path, active, attacker, defender, hit, damage, cited):
    out = _run(tmp_path, CAT.format(active=active, attacker=attacker, defender=defender))
    assert out.game.objects[hit].damage == damage
    assert bool(_fired(out, "猎豹形态")) == cited
    assert out.game.chars(out.game.objects["a_hero"]).atk == 0         # after combat: no longer attacking


FLIP = """
book: wow
title: 翻转
source: ["翻转"]
define:
  英雄:
    type: {kind}
    class: 法师
    atk: 0
    health: 30
    abilities:
      - key: p
        text: "翻转>>>"
        payment: {{cost: {cost}}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄, id: a_hero, tapped: {tapped}, face_down: {down}}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}]
actions:
  - {{as: 甲, activate: a_hero, ability: p}}
"""


@pytest.mark.parametrize("tapped", ["false", "true"])
@pytest.mark.parametrize("down", ["false", "true"])
def test_a_flip_turns_the_hero_over_and_keeps_its_exhaustion(tmp_path, tapped, down):
    out = _run(tmp_path, FLIP.format(kind="英雄", cost="{flip: true}", tapped=tapped, down=down))
    hero = out.game.objects["a_hero"]
    assert hero.face_down == (down == "false") and hero.tapped == (tapped == "true")
    assert _fired(out, "翻转式能力") == ["flip_power"] and _fired(out, "翻转") == ["flipped"]


def test_a_payment_power_without_flip_flips_nothing(tmp_path):
    out = _run(tmp_path, FLIP.format(kind="英雄", cost="{resources: 0}", tapped="false", down="false"))
    assert not out.game.objects["a_hero"].face_down
    assert _fired(out, "翻转式能力") == [] and _fired(out, "翻转") == []


def test_only_a_hero_has_a_flip_power(tmp_path):
    text = FLIP.format(kind="盟军", cost="{flip: true}", tapped="false", down="false")
    with pytest.raises((ScenarioError, ScenarioErrors)) as e:
        load_scenario(scratch_scenario(tmp_path, "h.yaml", text))
    assert "flip" in str(e.value)


START = """
book: wow
title: 再调度
source: ["再调度"]
seed: {seed}
define:
  唯一饰品: {{type: 物品, unique: true}}
players: {{甲: {{}}, 乙: {{}}}}
start: {{first: 甲}}
board:
  甲:
    play: [{{card: 英雄（战士）, id: a_hero}}{kept}]
    deck: [{deck}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}]
    deck: [{deck_b}]
actions:
{actions}
"""


def _deck(p, n):
    return ", ".join(f"{{card: 示例盟军, id: {p}{i}}}" for i in range(n))


def _start(tmp_path, actions, n=10, kept="", seed=0):
    return _run(tmp_path, START.format(seed=seed, kept=kept, deck=_deck("a", n), deck_b=_deck("b", 10),
                                       actions=actions))


@pytest.mark.parametrize("n, hand", [(10, 7), (7, 7), (5, 5), (0, 0)])
def test_the_opening_hand_and_a_mulligan_are_seven_cards(tmp_path, n, hand):
    out = _start(tmp_path, "  - {as: 甲, mulligan: true}\n  - {as: 乙, keep: true}\n", n=n)
    assert len(out.game.zone_objects("甲", "hand")) == hand
    assert len(out.game.zone_objects("甲", "deck")) == n - hand
    assert _fired(out, "再调度") == ["mulligan"] and _near(out, "再调度") == ["kept"]
    assert out.game.turn == 1


def test_a_mulligan_shuffles_the_hand_back(tmp_path):
    before = _start(tmp_path, "  - {as: 甲, keep: true}\n  - {as: 乙, keep: true}\n", seed=1)
    after = _start(tmp_path, "  - {as: 甲, mulligan: true}\n  - {as: 乙, keep: true}\n", seed=1)
    assert {o.id for o in before.game.zone_objects("甲", "hand")} != {o.id for o in after.game.zone_objects("甲", "hand")}


@pytest.mark.parametrize("actions, refused", [
    ("  - {as: 甲, mulligan: true}\n  - {as: 甲, mulligan: true, rejected: 再调度}\n  - {as: 乙, keep: true}\n",
     [("再调度", "once_per_game")]),
    ("  - {as: 甲, keep: true}\n  - {as: 甲, mulligan: true, rejected: 再调度}\n  - {as: 乙, keep: true}\n",
     [("再调度", "once_per_game")]),
    ("  - {as: 甲, keep: true}\n  - {as: 乙, keep: true}\n  - {as: 乙, mulligan: true, rejected: 再调度}\n",
     [("再调度", "not_now")]),
    ("  - {as: 乙, mulligan: true}\n  - {as: 甲, mulligan: true}\n", []),      # no order between the players
])
def test_one_mulligan_a_game_before_the_first_turn(tmp_path, actions, refused):
    out = _start(tmp_path, actions)
    assert _refused(out) == refused
    assert out.game.turn == 1


@pytest.mark.parametrize("kept, conflict, answer", [
    (", {card: 示例近战武器, id: k1}, {card: 示例近战武器, id: k2}", True, "{conflict: {甲: k1}}"),
    (", {card: 唯一饰品, id: k1}, {card: 唯一饰品, id: k2}", True, "{unique: {甲: k2}}"),
    (", {card: 唯一饰品, id: k1}, {card: 示例近战武器, id: k2}", False, "{}"),
    (", {card: 示例近战武器, id: k1}, {card: 示例盾牌, id: k2}", False, "{}"),
    (", {card: 示例近战武器, id: k1}", False, "{}"),
])
def test_kept_equipment_conflicts_are_fixed_after_the_mulligans(tmp_path, kept, conflict, answer):
    out = _start(tmp_path, f"  - {{as: 甲, keep: true}}\n  - as: 乙\n    keep: true\n    choices: {answer}\n",
                 kept=kept)
    assert bool(_fired(out, "800.1e")) == conflict
    assert (out.game.objects["k1"].zone == "graveyard") == conflict


REVEAL = """
book: wow
title: 展示
source: ["展示"]
define:
  展示卡:
    type: 技能
    instant: true
    cost: 0
    play: {{effects: [{{if_you_do: [{{reveal: {{type: 盟军}}}}], then: [{{draw: 1}}]}}]}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（战士）, id: a_hero}}]
    hand: [{{card: 展示卡, id: r}}{hand}]
    deck: [{{card: 示例盟军, id: d1}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}]
    hand: [{{card: 示例盟军, id: b_ally}}]
actions:
  - {{as: 甲, cast: r}}
  - pass_until: stack_empty
    choices: {choices}
"""


@pytest.mark.parametrize("hand, choices, revealed", [
    (", {card: 示例盟军, id: x}", "{}", "x"),                            # one candidate: taken
    (", {card: 示例盟军, id: x}, {card: 示例盟军, id: y}", "{reveal: {r: y}}", "y"),
    (", {card: 示例防具, id: x}", "{}", None),                            # nothing of that kind: nothing revealed
    ("", "{}", None),                                                       # the opponent's ally is not his
])
def test_a_revealed_card_stays_in_its_zone(tmp_path, hand, choices, revealed):
    out = _run(tmp_path, REVEAL.format(hand=hand, choices=choices))
    fired = [f for s in out.trace.steps for f in s.firings if f.rule == "wow:展示"]
    assert [f.objects[0] for f in fired] == ([revealed] if revealed else [])
    if revealed:
        assert out.game.objects[revealed].zone == "hand"
    assert out.game.objects["d1"].zone == ("hand" if revealed else "deck")


POWER = """
book: wow
title: 能力
source: ["能力"]
define:
  精灵: {{type: 盟军, subtypes: [暗夜精灵], atk: 1, health: 1}}
  消灭: {{type: 技能, instant: true, cost: 0, play: {{targets: [盟军], effects: [{{destroy: target}}]}}}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 乙, step: 行动阶段}}
board:
  甲:
    play: [{{card: 英雄（牧师）, id: a_hero}}, {{card: 精灵, id: elf}}{in_play}]
    {zone}: [{{card: High Priestess Tyrande Whisperwind, id: tyrande}}]
  乙:
    play: [{{card: 英雄（法师）, id: b_hero}}]
    hand: [{{card: 消灭, id: kill}}]
actions:
  - {{as: 乙, cast: kill, targets: [elf]}}
  - pass_until: stack_empty
"""


@pytest.mark.parametrize("zone, cited, triggers", [
    ("graveyard", ["power_not_in_play"], False),
    ("hand", ["power_not_in_play"], False),
    ("removed", ["power_not_in_play"], False),
    ("deck", [], False),                 # a hidden zone: nothing to say
    ("play", [], True),
])
def test_a_triggered_power_works_only_in_play(tmp_path, zone, cited, triggers):
    tyrande = ", {card: High Priestess Tyrande Whisperwind, id: tyrande}"
    text = POWER.format(zone=zone, in_play="") if zone != "play" else \
        POWER.format(zone="graveyard", in_play=tyrande).replace(
            "    graveyard: [{card: High Priestess Tyrande Whisperwind, id: tyrande}]\n", "")
    out = _run(tmp_path, text)
    assert _fired(out, "能力") == cited and _near(out, "能力") == []
    assert bool(_fired(out, "705.4")) == triggers
