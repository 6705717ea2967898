"""Rules cited from their text (fixm4):

- 404.4d: a delayed ability about a permanent that has left play *does nothing* — that is what the rule's text says
  happens, so the rule fires (it decides the outcome), rather than being a check that "did not pass"; it does not fire
  when the permanent stayed, nor when another permanent left.
- 308.1: in a game where the active player may attack several other players, he announces whom each creature
  attacks, and "the defending player" of its effects is that player alone — fired per player attacked; with a single
  opponent nothing is announced. A block on a creature that can't be blocked because *its* defending player controls
  an artifact land breaks a blocking restriction: refused under 500.3 (the rule that makes such a block illegal)."""
from __future__ import annotations

from pathlib import Path

from judge.engine.scenario.load import load_scenario_text
from judge.engine.scenario.run import replay

LIBRARIES = Path(__file__).resolve().parents[1] / "scenarios"

DELAYED = """
book: mtg
title: t
source: "404.4d"
define:
  虚空之力:
    cost: "{红}"
    types: [瞬间]
    spell:
      targets: [生物]
      effects:
        - {delayed: {when: {event: step, step: 回合结束}, about: target, effects: [{destroy: it}]}}
  弹回:
    cost: "{蓝}"
    types: [瞬间]
    spell: {targets: [生物], effects: [{bounce: target}]}
players: {甲: {mana: "{红}{蓝}"}, 乙: {}}
turn: {active: 甲, step: 战斗后的行动阶段, priority: 甲}
board:
  甲:
    hand: [{card: 虚空之力, id: rift}, {card: 弹回, id: bounce}]
    battlefield: [{card: 灰熊, id: bear}, {card: 灰熊, id: other}]
actions:
  - {as: 甲, cast: rift, targets: [bear], pay: "{红}"}
  - pass_until: stack_empty
  - {as: 甲, cast: bounce, targets: [BOUNCED], pay: "{蓝}"}
  - pass_until: stack_empty
  - advance: 回合结束
  - pass_until: stack_empty
"""

TANGLE = """
book: mtg
title: t
source: "308.1"
define:
  神器地:
    types: [神器, 地]
players: PLAYERS
turn: {active: 甲, step: 战斗开始, priority: 甲}
board:
  甲: {battlefield: [{card: 铬铜林行者, id: walker}, {card: 灰熊, id: bear}]}
  乙: {battlefield: [{card: 神器地, id: al}, {card: 灰熊, id: wall}]}
actions:
  - advance: 宣告攻击者
  - {as: 甲, attack: ATTACK}
  - advance: 宣告阻挡者
  - {as: 乙, block: {wall: bear}}
"""


def _run(text: str):
    return replay(load_scenario_text(text, "t.yaml", LIBRARIES))


def _firings(out, rule):
    return [f for s in out.trace.steps for f in s.firings if f.rule == rule]


def _near(out, rule):
    return [n for s in out.trace.steps for n in s.near_misses if n.rule == rule]


def test_a_delayed_ability_whose_permanent_left_play_is_404_4d_firing():
    out = _run(DELAYED.replace("BOUNCED", "bear"))
    fired = _firings(out, "mtg:404.4d")
    assert [(f.reason, f.objects) for f in fired] == [("delayed_object_left", ["bear"])]
    assert not _near(out, "mtg:404.4d")
    assert out.game.objects["bear"].zone == "hand"


def test_404_4d_does_not_fire_when_another_permanent_left():
    out = _run(DELAYED.replace("BOUNCED", "other"))
    assert not _firings(out, "mtg:404.4d") and not _near(out, "mtg:404.4d")
    assert out.game.objects["bear"].zone == "graveyard"


def test_308_1_fires_per_player_attacked_in_a_multiplayer_game():
    text = (TANGLE.replace("PLAYERS", "{甲: {}, 乙: {}, 丙: {}}").replace("ATTACK", "{walker: 丙, bear: 乙}"))
    out = _run(text)
    got = sorted((f.reason, tuple(f.objects), f.fields["player"].name) for f in _firings(out, "mtg:308.1"))
    assert got == [("attacks_player", ("bear",), "乙"), ("attacks_player", ("walker",), "丙")]
    assert sorted(r.id for f in _firings(out, "mtg:308.1") for r in f.fields["objects"]) == ["bear", "walker"]


def test_308_1_does_not_fire_with_a_single_opponent():
    out = _run(TANGLE.replace("PLAYERS", "{甲: {}, 乙: {}}").replace("ATTACK", "[walker, bear]"))
    assert not _firings(out, "mtg:308.1")


def test_a_block_on_a_creature_unblockable_for_its_defending_player_is_refused_under_500_3():
    out = _run(TANGLE.replace("PLAYERS", "{甲: {}, 乙: {}, 丙: {}}").replace("ATTACK", "{walker: 丙, bear: 乙}"))
    refused = [s.rejected for s in out.trace.steps if s.rejected is not None]
    assert [(f.rule, f.reason, [r.id for r in f.fields["objects"]]) for f in refused] == [
        ("mtg:500.3", "block_restriction", ["wall", "bear"])]
    assert refused[0].fields["why"] == "灰熊#1攻击的防御玩家乙操控符合条件的永久物，它不能被阻挡"


def test_the_same_block_is_legal_when_the_creature_attacks_the_player_without_an_artifact_land():
    out = _run(TANGLE.replace("PLAYERS", "{甲: {}, 乙: {}, 丙: {}}").replace("ATTACK", "{walker: 乙, bear: 乙}")
               .replace("{card: 神器地, id: al}, ", "").replace("甲: {battlefield", "丙: {battlefield: [{card: 神器地, id: al}]}\n  甲: {battlefield"))
    assert not [s for s in out.trace.steps if s.rejected is not None]
    assert out.game.objects["wall"].blocking


def test_the_whole_delayed_ability_does_nothing_and_404_4d_names_the_permanent():
    text = (DELAYED.replace("BOUNCED", "bear")
            .replace("effects: [{destroy: it}]}}", "effects: [{destroy: it}, {gain_life: 3}]}}"))
    out = _run(text)
    assert out.game.by_name["甲"].life == 20          # "does nothing": not even the part that is not about it
    (f,) = _firings(out, "mtg:404.4d")
    assert f.fields["object"].id == "bear"


def test_the_same_ability_resolves_when_its_permanent_stayed():
    text = (DELAYED.replace("BOUNCED", "other")
            .replace("effects: [{destroy: it}]}}", "effects: [{destroy: it}, {gain_life: 3}]}}"))
    out = _run(text)
    assert out.game.by_name["甲"].life == 23 and out.game.objects["bear"].zone == "graveyard"


LEAVES = """
book: mtg
title: t
source: "404.4d"
define:
  遗愿:
    cost: "{白}"
    types: [瞬间]
    spell:
      targets: [生物]
      effects:
        - {delayed: {when: {event: EVENT}, about: target, effects: [{draw: 1, who: you}]}}
players: {甲: {mana: "{白}{红}"}, 乙: {}}
turn: {active: 甲, step: 战斗后的行动阶段, priority: 甲}
board:
  甲:
    hand: [{card: 遗愿, id: will}, {card: 闪电击, id: bolt}]
    battlefield: [{card: 灰熊, id: bear}]
    library: [{card: 山脉, id: l1}, {card: 山脉, id: l2}]
actions:
  - {as: 甲, cast: will, targets: [bear], pay: "{白}"}
  - pass_until: stack_empty
  - {as: 甲, cast: bolt, targets: [bear], pay: "{红}"}
  - pass_until: stack_empty
"""


def test_a_delayed_ability_that_waits_for_its_permanent_to_leave_or_die_is_not_404_4d():
    for event in ("leaves", "dies"):
        out = _run(LEAVES.replace("EVENT", event))
        assert out.game.objects["l1"].zone == "hand", event
        assert not _firings(out, "mtg:404.4d"), event


def test_a_block_with_no_restriction_in_play_is_legal():
    out = _run(TANGLE.replace("PLAYERS", "{甲: {}, 乙: {}}").replace("ATTACK", "[bear]")
               .replace("{card: 铬铜林行者, id: walker}, ", ""))
    assert not [s for s in out.trace.steps if s.rejected is not None]
    assert out.game.objects["wall"].blocking
