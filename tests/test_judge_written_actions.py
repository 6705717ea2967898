"""Actions as a judge writes them: the format takes what a judge naturally says, and records what it means.

- `pass_until: stack_empty` on an empty stack: "until the stack is empty" already holds — nobody passes and the step
  does not end (recorded on the action's step, not an error), in every game that uses the core's priority loop.
- a board loaded at 宣告攻击者 / 宣告阻挡者 before the declaration (nobody attacking / blocking): the scenario's first
  action may be that declaration — the step's start happens then (308.1, 309.1); anything else first, and the
  declaration is past.
- `advance:` through a declaration nobody made: doing nothing is declaring no attackers (308.4) or no blockers
  (309.2e), recorded; but not when advancing to a step only declared attackers reach, nor when the empty
  declaration is illegal (a requirement): then the scenario must declare.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.core.errors import EngineError
from judge.engine.scenario.load import load_scenario, load_scenario_text
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ROOT / "scenarios"
EMPTY = ROOT / "scenarios" / "mtg" / "410.2-nothing-triggered-stack-already-empty.yaml"
LOADED_ATTACK = ROOT / "scenarios" / "mtg" / "308.1-board-loaded-as-declare-attackers-begins.yaml"
LOADED_BLOCK = ROOT / "scenarios" / "mtg" / "309.1-board-loaded-as-declare-blockers-begins.yaml"
ADVANCE = ROOT / "scenarios" / "mtg" / "308.4-advancing-declares-no-attackers.yaml"


def _text(text: str, variant=None):
    return replay(load_scenario_text(text, "judge.yaml", LIBRARIES), variant)


def _firings(out, rule, reason=None):
    return [f for s in out.trace.steps for f in s.firings if f.rule == rule and (reason is None or f.reason == reason)]


# ---------------------------------------------------------------- pass_until on an empty stack

def test_the_bundled_variant_reuses_the_base_actions_when_nothing_triggered():
    sf = load_scenario(EMPTY)
    base, variant = replay(sf), replay(sf, "没有图腾则不触发，让过什么也不做")
    assert base.passed and variant.passed, [f.text() for f in base.failures + variant.failures]
    last = variant.trace.steps[-1]
    assert last.what == "pass_until" and last.data.get("already") is True
    assert not last.firings and last.after["step"] == "战斗前的行动阶段"
    # with a trigger on the stack the same action passes until it resolved: nothing marked
    assert all(not s.data.get("already") for s in base.trace.steps)


EMPTY_STACK = {
    "mtg": """
book: mtg
title: t
source: "410.2"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board: {甲: {battlefield: [{card: 灰熊, id: bear}]}}
actions:
  - pass_until: stack_empty
  - pass_until: stack_empty
expect: {step: 战斗前的行动阶段, stack: []}
""",
    "wow": """
book: wow
title: t
source: "704.1"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 行动阶段}
board: {甲: {play: [{card: 英雄（战士）, id: a_hero}]}, 乙: {play: [{card: 英雄（战士）, id: b_hero}]}}
actions:
  - pass_until: stack_empty
expect: {step: 行动阶段, stack: []}
""",
    "riftbound": """
book: riftbound
title: t
source: "108.2.d"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 行动阶段}
board: {甲: {hand: [{card: 示例单位, id: h}]}}
actions:
  - pass_until: stack_empty
expect: {step: 行动阶段}
""",
}


@pytest.mark.parametrize("game", sorted(EMPTY_STACK))
def test_pass_until_stack_empty_on_an_empty_stack_is_a_recorded_no_op_in_every_game(game):
    out = _text(EMPTY_STACK[game])
    assert out.error is None, out.error.located()
    assert out.passed, [f.text() for f in out.failures]
    steps = [s for s in out.trace.steps if s.what == "pass_until"]
    assert steps and all(s.data.get("already") is True and not s.firings for s in steps)
    assert out.game.priority is not None and out.game.passes == 0


def test_the_text_trace_says_nothing_happened():
    from judge.engine import reasons

    assert reasons.render_step("pass_until", {"until": "stack_empty", "already": True}, {}) == \
        "堆叠已为空：无人需要让过，什么也没有发生"
    assert "直到堆叠为空" in reasons.render_step("pass_until", {"until": "stack_empty"}, {})


# ---------------------------------------------------------------- a board loaded at a declaration step

def _passes(out):
    assert out.error is None, out.error.located()
    assert out.passed, [f.text() for f in out.failures]
    return out


def test_the_first_action_on_a_board_loaded_at_declare_attackers_declares_them():
    out = _passes(replay(load_scenario(LOADED_ATTACK)))
    acts = [s for s in out.trace.steps if s.kind == "action"]
    # the refused attempt does not use the opening up: the next declaration opens the step again
    assert acts[0].rejected is not None and acts[0].rejected.rule == "mtg:308.2a"
    assert acts[1].data.get("opens_step") == "宣告攻击者" and acts[1].rejected is None
    assert "mtg:308.2g" in {f.rule for f in acts[1].firings}
    assert [s.data.get("opens_step") for s in acts[2:]] == [None] * len(acts[2:])
    from judge.engine import reasons
    assert "局面布置于宣告攻击者开始之时" in reasons.render_step(acts[1].what, acts[1].data, {})


def test_another_action_first_means_the_declaration_is_past():
    out = _passes(replay(load_scenario(LOADED_ATTACK), "先使用瞬间，则宣告已经过去"))
    assert all(not s.data.get("opens_step") for s in out.trace.steps)


def test_the_first_action_on_a_board_loaded_at_declare_blockers_declares_them():
    out = _passes(replay(load_scenario(LOADED_BLOCK)))
    first = next(s for s in out.trace.steps if s.kind == "action")
    assert first.data.get("opens_step") == "宣告阻挡者"
    assert _firings(out, "mtg:309.2e", "blockers_declared")
    # blocks already on the board: the declaration is past, a new one is refused
    _passes(replay(load_scenario(LOADED_BLOCK), "局面已写明阻挡，则宣告已经过去"))


MULTI = """
book: mtg
title: t
source: "308.1"
players: {甲: {}, 乙: {}, 丙: {}}
turn: {active: 甲, step: 宣告攻击者, priority: 甲}
board:
  甲: {battlefield: [{card: 灰熊, id: a}, {card: 灰熊, id: b}], library: [{card: 山脉, id: l1}]}
  乙: {library: [{card: 山脉, id: l2}]}
  丙: {library: [{card: 山脉, id: l3}]}
actions:
  - {as: 甲, attack: {a: 乙, b: 丙}}
  - advance: 战斗后的行动阶段
expect: {life: {乙: 18, 丙: 18}}
"""


def test_a_multiplayer_board_loaded_at_declare_attackers_and_the_other_turns_declare_nothing():
    out = _passes(_text(MULTI))
    assert out.game.step == "战斗后的行动阶段"
    out = _passes(_text(MULTI.replace("  - advance: 战斗后的行动阶段\n", "  - advance: 战斗前的行动阶段\n    turn: 3\n")
                        .replace("expect: {life: {乙: 18, 丙: 18}}", "expect: {life: {乙: 18, 丙: 18}, step: 战斗前的行动阶段}")))
    # 乙's turn (2): 乙 could attack with nothing, so nothing is declared automatically — no error either way
    assert out.game.turn == 3


def test_the_wrong_player_declaring_first_is_refused_by_the_rule_that_says_who_attacks():
    out = _text(MULTI.replace("{as: 甲, attack: {a: 乙, b: 丙}}", "{as: 乙, attack: [], rejected: 306.3}")
                .replace("expect: {life: {乙: 18, 丙: 18}}", "expect: {life: {乙: 20, 丙: 20}}"))
    _passes(out)


NOBODY_BLOCKS = """
book: mtg
title: t
source: "309.1"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 宣告攻击者, priority: 甲}
board:
  甲: {battlefield: [{card: 灰熊, id: a}]}
  乙: {battlefield: [{card: 海岛, id: i}]}
actions:
  - {as: 甲, attack: [a]}
  - advance: 宣告阻挡者
  - {as: 乙, block: {}}
  - advance: 战斗后的行动阶段
expect: {life: {乙: 18}}
"""


def test_declaring_no_blockers_when_nobody_could_block_agrees_with_the_engine():
    _passes(_text(NOBODY_BLOCKS))
    out = _text(NOBODY_BLOCKS.replace("{as: 乙, block: {}}", "{as: 乙, block: {i: a}, rejected: 309.2a}"))
    _passes(out)
    # after the step, a late "no blockers" is no declaration at all: refused
    late = NOBODY_BLOCKS.replace("  - {as: 乙, block: {}}\n  - advance: 战斗后的行动阶段\n",
                                 "  - advance: 战斗后的行动阶段\n  - {as: 乙, block: {}, rejected: 309.2a}\n")
    _passes(_text(late))


# ---------------------------------------------------------------- advance through an undeclared declaration

def test_advancing_past_combat_declares_no_attackers_and_no_blockers():
    out = _passes(replay(load_scenario(ADVANCE)))
    # made by the advance, under the declare attackers step that began in it
    [f] = _firings(out, "mtg:308.4")
    where = out.trace.steps[int(f.id.split(".")[0])]
    assert where.what == "step_begins" and where.data["step"] == "宣告攻击者" and where.line == 17
    assert [x.rule for x in where.firings if x.rule in ("mtg:308.4", "mtg:306.1")] == ["mtg:308.4", "mtg:306.1"]
    out = _passes(replay(load_scenario(ADVANCE), "宣告了攻击者则不略过，防御玩家什么也不做即不阻挡"))
    [f] = _firings(out, "mtg:309.2e")
    assert f.reason == "no_block_declared" and out.trace.steps[int(f.id.split(".")[0])].data["step"] == "宣告阻挡者"


ADVANCE_TO = """
book: mtg
title: t
source: "308.4"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲: {battlefield: [{card: CREATURE, id: a}], library: [{card: 山脉, id: l1}]}
  乙: {library: [{card: 山脉, id: l2}]}
actions:
  - advance: TARGET
expect: {}
"""


@pytest.mark.parametrize("target", ["宣告阻挡者", "战斗伤害"])
def test_advancing_to_a_step_only_declared_attackers_reach_still_asks_for_the_declaration(target):
    out = _text(ADVANCE_TO.replace("CREATURE", "灰熊").replace("TARGET", target))
    assert out.error is not None and "must declare attackers first" in str(out.error)


def test_advancing_to_next_turns_combat_damage_declares_nothing_this_turn():
    text = ADVANCE_TO.replace("CREATURE", "灰熊").replace("TARGET", "战斗伤害").replace(
        "  - advance: 战斗伤害\n", "  - advance: 战斗伤害\n    turn: 3\n")
    out = _text(text)
    # this turn and 乙's: nothing declared; turn 3 stops at its declaration, which the scenario must make
    assert out.error is not None and "must declare attackers first" in str(out.error)
    assert out.game.turn == 3 and _firings(out, "mtg:308.4", "no_attackers")


def test_an_illegal_empty_declaration_is_the_scenarios_to_make():
    text = ADVANCE_TO.replace("TARGET", "战斗后的行动阶段").replace("CREATURE", "狂战士").replace(
        "actions:", "define:\n  狂战士: {cost: \"{一}{红}\", types: [生物], pt: 2/1, text: 狂战士每回合若能攻击则必须攻击。, "
        "abilities: [{static: {must_attack: true}}]}\nactions:")
    out = _text(text)
    assert out.error is not None and "must declare attackers first" in str(out.error)
    assert not _firings(out, "mtg:308.4")


def test_a_single_pass_still_needs_the_declaration():
    out = _text(ADVANCE_TO.replace("CREATURE", "灰熊").replace("  - advance: TARGET\n",
                                                              "  - advance: 宣告攻击者\n  - pass: true\n"))
    assert out.error is not None and "must declare attackers first" in str(out.error)


def test_the_core_default_declares_nothing():
    from judge.engine.core.game import Game

    assert Game.declare_nothing(object(), "x", "A", "s", None) is False


# ---------------------------------------------------------------- a pool that could pay a cost in several ways

PAYING = ROOT / "scenarios" / "mtg" / "104.3b-generic-paid-leaving-the-most.yaml"


def test_the_dominant_payment_leaves_at_least_as_much_of_every_colour():
    from judge.engine.games.mtg.mana import dominant

    pool = {"B": 1, "R": 1, "C": 1}
    assert dominant([{"B": 1, "R": 1}, {"B": 1, "C": 1}], pool) == {"B": 1, "C": 1}
    assert dominant([{"B": 1, "C": 1}, {"B": 1, "R": 1}], pool) == {"B": 1, "C": 1}     # not by position
    # {1} paid with red or with green: another colour left each way — none is dominant
    assert dominant([{"B": 1, "R": 1}, {"B": 1, "G": 1}], {"B": 1, "R": 1, "G": 1}) is None
    # more colourless than needed: the payment spending the most colourless wins over each mix
    pool = {"G": 2, "R": 1, "C": 3}
    opts = [{"G": 1, "R": 1}, {"G": 2}, {"G": 1, "C": 1}]
    assert dominant(opts, pool) == {"G": 1, "C": 1}
    # two colourless-free payments leaving equal pools: either is dominant (the first such one)
    assert dominant([{"W": 1}, {"W": 1}], {"W": 2}) == {"W": 1}
    # a colour left less in one and more in another: none
    assert dominant([{"U": 2}, {"U": 1, "G": 1}], {"U": 2, "G": 1}) is None


def test_default_payment_names_what_is_paid_and_what_is_left():
    from judge.engine.games.mtg.mana import default_payment

    kw = default_payment([{"B": 1, "R": 1}, {"B": 1, "C": 1}], {"B": 1, "R": 1, "C": 1})
    assert kw["default"] == "{1}{黑}"
    assert "以{1}{黑}支付" in kw["why"] and "剩下{红}" in kw["why"]
    assert default_payment([{"R": 1}, {"C": 1}], {"C": 1, "R": 1})["default"] == "{1}"
    assert "剩下{零}" in default_payment([{"C": 1}, {"C": 1}], {"C": 1})["why"]     # nothing left
    assert default_payment([{"B": 1, "R": 1}, {"B": 1, "G": 1}], {"B": 1, "R": 1, "G": 1}) == {}


def test_an_unspecified_payment_is_taken_only_when_dominant_and_shown_in_the_trace():
    out = _passes(replay(load_scenario(PAYING)))
    cast = next(s for s in out.trace.steps if s.what == "cast")
    [c] = [c for c in cast.choices if c.choice == "pay"]
    assert c.answer == "{1}{黑}" and c.auto is True and c.subject == "drain" and c.by == "甲"
    assert c.why and "剩下{红}" in c.why
    doc = out.trace.to_dict()
    [d] = [d for s in doc["steps"] if s["what"] == "cast" for d in s["choices"] if d["choice"] == "pay"]
    assert d["why"] == c.why
    # a choice without a reason keeps the old JSON shape
    assert all("why" not in d for s in doc["steps"] for d in s["choices"] if d["choice"] != "pay")
    _passes(replay(load_scenario(PAYING), "剩下的颜色不同则须写明支付方式"))


def test_no_dominant_payment_still_asks_for_pay():
    text = PAYING.read_text(encoding="utf-8").replace('mana: "{1}{黑}{红}"', 'mana: "{黑}{红}{绿}"')
    out = _text(text)
    assert out.error is not None and "missing choice `pay`" in str(out.error)


def test_an_answer_the_scenario_gives_is_taken_over_the_default():
    text = PAYING.read_text(encoding="utf-8").replace(
        '    targets: [乙]\n    expect: {mana: {甲: "{红}"}}', '    targets: [乙]\n    pay: "{黑}{红}"\n    expect: {mana: {甲: "{1}"}}')
    text = text.replace("  - {as: 甲, cast: bolt, targets: [乙]}\n  - pass_until: stack_empty\nexpect:\n  life: {乙: 15}\n  mana: {甲: \"\"}",
                        "expect:\n  life: {乙: 18}\n  mana: {甲: \"{1}\"}")
    out = _passes(_text(text))
    cast = next(s for s in out.trace.steps if s.what == "cast")
    assert not [c for c in cast.choices if c.choice == "pay" and c.why]
    text2 = PAYING.read_text(encoding="utf-8").replace(
        '    targets: [乙]\n    expect: {mana: {甲: "{红}"}}',
        '    targets: [乙]\n    choices: {pay: {drain: "{黑}{红}"}}\n    expect: {mana: {甲: "{1}"}}')
    out = _text(text2)
    cast = next(s for s in out.trace.steps if s.what == "cast")
    [c] = [c for c in cast.choices if c.choice == "pay"]
    assert c.answer == "{黑}{红}" and c.auto is False and c.why is None


ATTACK_COST = """
book: mtg
title: t
source: "308.2f"
define:
  收费墙:
    cost: "{二}"
    types: [结界]
    text: 生物不能攻击你，除非其操控者为每个生物支付{一}。
    abilities: [{static: {attack_cost: "{一}"}}]
players: {甲: {mana: "{1}{红}"}, 乙: {}}
turn: {active: 甲, step: 宣告攻击者, priority: 甲}
board:
  甲: {battlefield: [{card: 灰熊, id: a}]}
  乙: {battlefield: [{card: 收费墙, id: w}]}
actions:
  - {as: 甲, attack: [a]}
expect: {mana: {甲: "{红}"}}
"""


def test_a_cost_to_attack_is_paid_the_dominant_way_too():
    out = _passes(_text(ATTACK_COST))
    att = next(s for s in out.trace.steps if s.what == "attack")
    [c] = [c for c in att.choices if c.choice == "pay"]
    assert c.answer == "{1}" and c.why
    out = _text(ATTACK_COST.replace('mana: "{1}{红}"', 'mana: "{绿}{红}"'))
    assert out.error is not None and "missing choice `pay`" in str(out.error)


# ---------------------------------------------------------------- a rule is cited when what its text says happens

LETHAL = ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml"
OPTIONAL = ROOT / "scenarios" / "mtg" / "410.5-optional-trigger.yaml"
MAY = ROOT / "scenarios" / "mtg" / "413.2c-may-sacrifice-or-lose-life.yaml"
PARTLY = ROOT / "scenarios" / "mtg" / "413.2a-plague-spores-partly.yaml"


def _near(out, rule, reason=None):
    return [n for s in out.trace.steps for n in s.near_misses if n.rule == rule and (reason is None or n.reason == reason)]


def test_413_2a_is_not_cited_when_every_target_is_still_legal():
    out = _passes(replay(load_scenario(LETHAL)))
    assert not _firings(out, "mtg:413.2a") and not _near(out, "mtg:413.2a")
    # asked about (not_fired): a near miss says why it was not countered
    text = LETHAL.read_text(encoding="utf-8").replace("  not_fired: [420.5b]\n", "  not_fired: [420.5b, 413.2a]\n", 1)
    out = _passes(_text(text))
    [n] = _near(out, "mtg:413.2a", "targets_still_legal")
    assert n.objects == ["bolt", "bear"]


def test_413_2a_is_cited_when_a_target_became_illegal():
    out = replay(load_scenario(PARTLY))
    assert out.passed, [f.text() for f in out.failures]
    some = [f for f in _firings(out, "mtg:413.2a", "targets_legal") if f.fields.get("some_illegal")]
    assert some, "a spell resolving for its remaining legal targets cites 413.2a"
    assert _near(out, "mtg:413.2a", "target_illegal")


def test_413_2c_is_cited_only_for_an_impossible_option():
    out = _passes(replay(load_scenario(OPTIONAL)))
    assert not _firings(out, "mtg:413.2c") and _firings(out, "mtg:410.5")
    out = _passes(replay(load_scenario(OPTIONAL), "咒语的「可以」不是触发式异能"))
    assert not _firings(out, "mtg:413.2c")
    [n] = _near(out, "mtg:413.2c", "option_possible")
    assert n.fields["choice"] == "是"
    out = _passes(replay(load_scenario(MAY)))
    assert [f.reason for f in _firings(out, "mtg:413.2c")] == ["cannot_choose"]


# ---------------------------------------------------------------- one effect in several layers (418.5b)

MONGREL = ROOT / "scenarios" / "mtg" / "418.5b-wild-mongrel.yaml"


def test_consecutive_instructions_on_the_same_objects_for_as_long_are_one_effect():
    from judge.engine.games.mtg.effects import one_effect

    keys = (("dog", 1),)
    prev = ("dog.discard.effect", keys, "end_of_turn", 2)
    assert one_effect(prev, 3, keys, "end_of_turn") == "dog.discard.effect"
    assert one_effect(None, 3, keys, "end_of_turn") is None
    assert one_effect(prev, 4, keys, "end_of_turn") is None                  # an instruction in between
    assert one_effect(prev, 3, (("bear", 1),), "end_of_turn") is None        # other objects
    assert one_effect(prev, 3, keys, "permanent") is None                    # another duration
    assert one_effect(("e", (), "end_of_turn", 2), 3, (), "end_of_turn") is None   # no objects: a rule change


def test_the_mongrels_effect_is_cited_under_418_5b_and_a_one_layer_effect_is_not():
    out = _passes(replay(load_scenario(MONGREL)))
    [f] = _firings(out, "mtg:418.5b", "multi_layer")
    assert f.objects == ["dog"] and "5" in f.fields["layers"] and "6b" in f.fields["layers"]
    _passes(replay(load_scenario(MONGREL), "只在一个分类层生效的效应不引用"))


SPLIT = """
book: mtg
title: t
source: "418.5b"
define:
  分开的咒语:
    cost: "{绿}"
    types: [瞬间]
    text: 目标生物得+2/+2直到回合结束。你获得1点生命。目标生物获得飞行直到回合结束。
    spell: {targets: [生物], effects: [PUMP, GAIN]}
players: {甲: {mana: "{绿}"}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲: {hand: [{card: 分开的咒语, id: s}], battlefield: [{card: 灰熊, id: bear}]}
actions:
  - {as: 甲, cast: s, targets: [bear]}
  - pass_until: stack_empty
expect: {pt: {bear: 4/4}, keywords: {bear: [飞行]}}
"""


@pytest.mark.parametrize("between, cited", [("", True), ("{gain_life: 1}, ", False)])
def test_an_instruction_in_between_makes_two_effects(between, cited):
    text = SPLIT.replace("PUMP, GAIN", '{pump: "+2/+2", what: target}, ' + between + "{gain: [飞行], what: target}")
    out = _passes(_text(text))
    assert bool(_firings(out, "mtg:418.5b", "multi_layer")) is cited


# ---------------------------------------------------------------- identical replacement effects need no order

IDENTICAL = ROOT / "scenarios" / "mtg" / "419.9a-identical-replacements-no-order.yaml"


def test_identical_replacement_effects_are_applied_unasked_and_shown():
    out = _passes(replay(load_scenario(IDENTICAL)))
    [c] = [c for s in out.trace.steps for c in s.choices if c.choice == "replacement"]
    assert c.answer == "d1.double" and c.auto and c.by == "乙" and "相同的替代性效应" in c.why
    out = _passes(replay(load_scenario(IDENTICAL), "不同的牌则须写出顺序"))
    [c] = [c for s in out.trace.steps for c in s.choices if c.choice == "replacement"]
    assert c.answer == "d2.double" and not c.auto and c.why is None
    # without the answer the other card's effect is a decision the scenario must make
    text = IDENTICAL.read_text(encoding="utf-8").replace("        choices: {replacement: {乙: [d2.double]}}\n", "")
    out = _text(text, "不同的牌则须写出顺序")
    assert out.error is not None and "missing choice `replacement`" in str(out.error)


def test_interchangeable_needs_the_same_text_card_and_controller():
    from types import SimpleNamespace as NS

    from judge.engine.games.mtg.events import Rep, interchangeable

    def rep(i, card="双倍之怒", spec=None, controller="甲", kind="static", own=False, shield=None, source=True):
        src = NS(card=NS(name=card)) if source else None
        return Rep(f"d{i}.double", kind, f"{card}#{i}", controller, shield=shield, spec=spec or {"double": True},
                   source=src, own=own)

    assert interchangeable([rep(1), rep(2)]) and interchangeable([rep(1), rep(2), rep(3)])
    assert not interchangeable([rep(1)])
    assert not interchangeable([rep(1), rep(2, card="熔炉之怒")])
    assert not interchangeable([rep(1), rep(2, spec={"double": True, "x": 1})])
    assert not interchangeable([rep(1), rep(2, controller="乙")])
    assert not interchangeable([rep(1), rep(2, kind="prevent")])
    assert not interchangeable([rep(1), rep(2, own=True)])
    assert not interchangeable([rep(1), rep(2, shield=object())])
    assert not interchangeable([rep(1, source=False), rep(2, source=False)])


# ---------------------------------------------------------------- what mutation testing asked for

BEGIN_TRIGGER = """
book: mtg
title: t
source: "308.1"
define:
  战鼓:
    cost: "{二}"
    types: [神器]
    text: 在宣告攻击者步骤开始时，你获得1点生命。
    abilities:
      - triggered: {when: {event: step, step: 宣告攻击者}, effects: [{gain_life: 1}]}
players: {甲: {life: 20}, 乙: {life: 20}}
turn: {active: 甲, step: 宣告攻击者, priority: 甲}
board:
  甲: {battlefield: [{card: 灰熊, id: a, TAPPED}, {card: 战鼓, id: drum}], library: [{card: 山脉, id: l1}]}
  乙: {library: [{card: 山脉, id: l2}]}
actions:
  - {as: 甲, attack: ATTACK}
  - pass_until: stack_empty
expect: {life: {甲: 21}}
"""


def test_the_loaded_step_begins_with_its_beginning_triggers():
    out = _passes(_text(BEGIN_TRIGGER.replace(", TAPPED", "").replace("ATTACK", "[a]")))
    assert _firings(out, "mtg:308.2g")


def test_a_loaded_step_where_nothing_can_attack_declares_none_at_once():
    out = _passes(_text(BEGIN_TRIGGER.replace("TAPPED", "tapped: true").replace("ATTACK", "[]")))
    [f] = _firings(out, "mtg:308.4", "no_attackers")
    assert f.fields["player"][0] == "甲"
    [g] = _firings(out, "mtg:306.1", "combat_steps_skipped")
    assert g.fields["player"][0] == "甲"
    assert out.game.auto_declared == (out.game.turn, "宣告攻击者")
    assert out.game.step == "战斗结束"


def test_a_refused_action_of_another_kind_first_means_the_declaration_is_past():
    text = BEGIN_TRIGGER.replace(", TAPPED", "").replace("  - {as: 甲, attack: ATTACK}\n",
                                                       "  - {as: 甲, play: l1, rejected: 212.6a}\n"
                                                       "  - {as: 甲, attack: [a], rejected: 308.2a}\n")
    text = text.replace("  - pass_until: stack_empty\n", "").replace("expect: {life: {甲: 21}}", "expect: {life: {甲: 20}}")
    out = _text(text)
    assert out.error is None, out.error.located()
    assert not any(s.data.get("opens_step") for s in out.trace.steps)


def test_advancing_first_from_a_loaded_step_never_reopens_a_later_one():
    text = BEGIN_TRIGGER.replace(", TAPPED", "").replace(
        "  - {as: 甲, attack: ATTACK}\n  - pass_until: stack_empty\n", "  - advance: 战斗后的行动阶段\n    turn: 3\n").replace(
        "expect: {life: {甲: 21}}", "expect: {}")
    out = _text(text)
    assert not any(s.data.get("opens_step") for s in out.trace.steps)
    assert out.game.turn == 3


def test_a_declaration_that_is_neither_attackers_nor_blockers_is_not_made_empty():
    from judge.engine.games.mtg import combat

    assert combat.declare_nothing(object(), "mulligan", "甲", "维持", None) is False
