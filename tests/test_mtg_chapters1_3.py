"""MTG chapters 1–3 rules implemented from their text (helper eng7): each test fails if the rule is removed or
fires where it must not.

103.4 / 103.4a: "each player sacrifices / discards …" — the active player decides first, the next one knows that
decision before making his own, then the actions happen at the same time (discard as sacrifice).
"""
from __future__ import annotations

from pathlib import Path

from judge.engine.scenario.load import load_scenario_text
from judge.engine.scenario.run import replay

LIBRARIES = Path(__file__).resolve().parents[1] / "scenarios"


def _run(text: str, variant: str | None = None):
    out = replay(load_scenario_text(text, "c13.yaml", LIBRARIES), variant)
    assert out.error is None, out.error
    return out


def _firings(out, rule: str) -> list:
    return [f for s in out.trace.steps for f in s.firings if f.rule == f"mtg:{rule}"]


def _all(out) -> list:
    return [f for s in out.trace.steps for f in s.firings]


EACH = """
book: mtg
title: 每位玩家各{verb}
source: "103.4"
define:
  效应:
    cost: "{{黑}}"
    types: [巫术]
    text: 每位玩家各{verb}。
    spell: {{effects: [{effect}]}}
players: {{甲: {{mana: "{{黑}}"}}, 乙: {{}}}}
turn: {{active: 甲, step: 战斗前的行动阶段, priority: 甲}}
board:
  甲: {{hand: [{{card: 效应, id: fx}}, {{card: 山脉, id: a1}}], battlefield: [{{card: 灰熊, id: c1}}, {{card: 灰熊, id: c2}}]}}
  乙: {{hand: {b_hand}, battlefield: {b_field}}}
actions:
  - {{as: 甲, cast: fx}}
  - pass_until: stack_empty
    choices: {choices}
"""

DISCARD = dict(verb="弃一张牌", effect="{discard: 1, who: each_player}")
SACRIFICE = dict(verb="牺牲一个生物", effect="{sacrifice: {types: [生物]}, who: each_player}")
TWO = "[{card: 灰熊, id: b1}, {card: 树林, id: b2}]"
ONE = "[{card: 灰熊, id: b1}]"


def test_the_later_player_knows_the_earlier_discard_and_the_discards_are_simultaneous():
    out = _run(EACH.format(**DISCARD, b_hand=TWO, b_field="[]", choices="{discard: {乙: [b2]}}"))
    assert out.passed, [x.text() for x in out.failures]
    [apnap] = _firings(out, "103.4")
    [knows] = _firings(out, "103.4a")
    assert knows.objects == ["乙"] and knows.fields["known"] == ["甲选择了山脉"]
    seq = [(f.rule, f.reason) for f in _all(out)]
    assert seq.index(("mtg:103.4", "apnap_choices")) < seq.index(("mtg:103.4a", "knows_previous"))
    # both players' discards are decided before either card moves (103.4: "then the actions happen simultaneously")
    moves = [i for i, f in enumerate(_all(out)) if f.rule == "mtg:217.4a"]
    discards = [i for i, f in enumerate(_all(out)) if f.reason == "effect_discard"]
    assert len(discards) == 2 and moves and max(discards) < min(moves)


def test_a_forced_discard_knows_nothing_to_decide():
    out = _run(EACH.format(**DISCARD, b_hand=ONE, b_field="[]", choices="{}"))
    assert out.passed, [x.text() for x in out.failures]
    assert _firings(out, "103.4") and not _firings(out, "103.4a")


def test_one_player_deciding_alone_cites_neither():
    out = _run(EACH.format(**DISCARD, b_hand="[]", b_field="[]", choices="{}"))
    assert not _firings(out, "103.4") and not _firings(out, "103.4a")


def test_the_later_player_knows_the_earlier_sacrifice():
    field = "[{card: 灰熊, id: d1}, {card: 灰食人魔, id: d2}]"
    out = _run(EACH.format(**SACRIFICE, b_hand="[]", b_field=field, choices="{sacrifice: {甲: c2, 乙: d1}}"))
    assert out.passed, [x.text() for x in out.failures]
    [knows] = _firings(out, "103.4a")
    assert knows.objects == ["乙"] and knows.fields["known"] == ["甲选择了灰熊#2"]
    one = _run(EACH.format(**SACRIFICE, b_hand="[]", b_field="[{card: 灰熊, id: d1}]",
                           choices="{sacrifice: {甲: c2}}"))
    assert _firings(one, "103.4") and not _firings(one, "103.4a")
