"""A decision the rules make alone is still a decision a judge may write out.

"每位玩家各牺牲一个生物" (MTG 103.4) with one creature, "弃两张牌" with two cards in hand (WoW 709.2b's Last Stand,
MTG's discard): nothing is left to choose, so the engine takes the outcome without asking. A scenario that names
that outcome anyway (the player's choice written out) must replay as written — it used to fail with "unused
choice" — and one that names anything else must be refused under the rule for that kind of choice, as any other
illegal answer is (issue 11 §2).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.games.mtg.game import CHOICE_RULES
from judge.engine.scenario.load import load_scenario_text
from judge.engine.scenario.run import replay

LIBRARIES = Path(__file__).resolve().parents[1] / "scenarios"

SACRIFICE = """
book: mtg
title: 每位玩家各牺牲一个生物：只有一个生物的玩家无可选择
source: "103.4"
define:
  献祭仪式:
    cost: "{一}{黑}"
    types: [巫术]
    text: 每位玩家各牺牲一个生物。
    spell: {effects: [{sacrifice: {types: [生物]}, who: each_player}]}
players: {甲: {mana: "{黑}{一}"}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲:
    hand: [{card: 献祭仪式, id: ritual}]
    battlefield: [{card: 灰熊, id: a1}, {card: 灰食人魔, id: a2}]
  乙: {battlefield: [{card: 灰熊, id: b1}]}
actions:
  - {as: 甲, cast: ritual}
  - pass_until: stack_empty
    choices: {sacrifice: %s}%s
expect:
  where: %s
"""

LAST_STAND = """
book: wow
title: 两张手牌弃两张：无可选择
source: ["709.2b"]
players: {甲: {}, 乙: {}}
turn: {active: 乙, step: 回合结束步骤}
board:
  甲:
    play:
      - {card: 英雄（战士）, id: a_hero}
      - {card: Last Stand, id: stand}
    hand: [{card: Charge, id: c1}, {card: Fire Blast, id: c2}]
  乙:
    play: [{card: 英雄（战士）, id: b_hero}]
actions:
  - advance: 回合开始步骤
  - pass_until: stack_empty
    choices: %s%s
expect:
  where: %s
"""


def _run(text: str):
    return replay(load_scenario_text(text, "forced.yaml", LIBRARIES))


def _rejected(out) -> list[str]:
    return [s.rejected.rule for s in out.trace.steps if getattr(s, "rejected", None) is not None]


@pytest.mark.parametrize("answer", ["{甲: a1}", "{甲: a1, 乙: b1}", "{甲: a1, 乙: [b1]}"])
def test_the_only_creature_to_sacrifice_may_be_named_or_not(answer):
    out = _run(SACRIFICE % (answer, "", "{a1: graveyard, a2: battlefield, b1: graveyard}"))
    assert out.error is None, out.error
    assert out.passed, [x.text() for x in out.failures]
    assert _rejected(out) == []


def test_naming_another_creature_for_a_forced_sacrifice_is_refused():
    """乙 names 甲's creature for 乙's own sacrifice: the rules leave 乙 only b1, so the answer is refused and the
    action rewound (nothing is sacrificed); it is not an unused choice and not a script error."""
    rule = CHOICE_RULES["sacrifice"]
    out = _run(SACRIFICE % ("{甲: a1, 乙: a2}", f"\n    rejected: {rule}", "{a1: battlefield, a2: battlefield, b1: battlefield}"))
    assert out.error is None, out.error
    assert _rejected(out) == [f"mtg:{rule}"]
    assert out.passed, [x.text() for x in out.failures]


@pytest.mark.parametrize("answer", ["{unless: {stand.stand: true}, discard: {甲: [c1, c2]}}",
                                    "{unless: {stand.stand: true}, discard: {甲: [c2, c1]}}",
                                    "{unless: {stand.stand: true}}"])
def test_discarding_a_whole_hand_of_two_may_be_written_out_in_any_order(answer):
    out = _run(LAST_STAND % (answer, "", "{stand: play, c1: graveyard, c2: graveyard}"))
    assert out.error is None, out.error
    assert out.passed, [x.text() for x in out.failures]


def test_discarding_cards_not_in_the_forced_outcome_is_refused():
    out = _run(LAST_STAND % ("{unless: {stand.stand: true}, discard: {甲: [c1]}}", "\n    rejected: 709.2b",
                             "{stand: play, c1: hand, c2: hand}"))
    assert out.error is None, out.error
    assert _rejected(out) == ["wow:709.2b"], "one card named where both must go: refused"
    assert out.passed, [x.text() for x in out.failures]
