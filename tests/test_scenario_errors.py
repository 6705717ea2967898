"""Bad input gets a clear error naming file, line and what was expected — never a traceback.

And strict choices: a missing choice fails listing the legal options; an
unused choice fails; loading a board fires nothing.
"""
from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from judge.engine.core.errors import MissingChoice, UnusedChoice
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay
from judge.engine.scenario.yamlio import ScenarioError

ROOT = Path(__file__).resolve().parents[1]

BASE = """\
book: mtg
title: 测试
source: "420.5c"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 战斗后的行动阶段, priority: 甲}
board:
  甲: {battlefield: [{card: 灰熊, id: bear}]}
  乙: {hand: [{card: 闪电击, id: bolt}], battlefield: [{card: 山脉, id: m1}]}
actions:
  - {as: 甲, pass: true}
  - {as: 乙, cast: bolt, targets: [bear], mana: [m1]}
  - pass_until: stack_empty
expect:
  where: {bear: graveyard}
"""


@pytest.fixture
def write(tmp_path):
    root = tmp_path / "scenarios"
    (root / "cards").mkdir(parents=True)
    (root / "mtg").mkdir()
    shutil.copy(ROOT / "scenarios" / "cards" / "mtg.yaml", root / "cards" / "mtg.yaml")

    def _write(text: str, name: str = "t.yaml") -> Path:
        p = root / "mtg" / name
        p.write_text(textwrap.dedent(text), "utf-8")
        return p

    return _write


def error_of(path) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    return e.value


def test_base_is_valid(write):
    out = replay(load_scenario(write(BASE)))
    assert out.passed, out.failures


def test_yaml_syntax_error_names_the_line(write):
    p = write(BASE.replace("  甲: {battlefield: [{card: 灰熊, id: bear}]}", "  甲: {battlefield: [{card: 灰熊, id: bear}]"))
    e = error_of(p)
    assert e.file == str(p) and e.line in (7, 8) and "YAML" in e.message


def test_unknown_field_names_file_line_and_field(write):
    p = write(BASE.replace("players: {甲: {}, 乙: {}}", "players: {甲: {lief: 3}, 乙: {}}"))
    e = error_of(p)
    text = e.located()
    assert f"{p}:4:" in text and "players.甲.lief" in text and "unknown field" in text


def test_wrong_type(write):
    p = write(BASE.replace("players: {甲: {}, 乙: {}}", "players: {甲: {life: lots}, 乙: {}}"))
    text = error_of(p).located()
    assert ":4:" in text and "players.甲.life" in text


def test_unknown_card_suggests_names(write):
    p = write(BASE.replace("{card: 灰熊, id: bear}", "{card: 灰熊熊, id: bear}"))
    e = error_of(p)
    assert e.line == 7 and "unknown card '灰熊熊'" in e.message and "灰熊" in e.message
    assert "board.甲.battlefield.0.card" in e.located()


def test_unknown_rule_id(write):
    p = write(BASE + "  fired: [999.9z]\n")
    e = error_of(p)
    assert e.line == 15 and "book 'mtg' has no rule 999.9z" in e.message


def test_a_rule_the_engine_never_applies_fails_that_expectation_only(write):
    # 100.1 is in the book but no engine code applies it: the file loads, the board is still checked, and each
    # expectation on 100.1 fails on its own line saying why (a judge's file naming every deciding rule keeps
    # the rest of its answer; an expectation that could never fail is never a silent pass)
    p = write(BASE + "  fired: [420.5c, 100.1]\n  not_fired: [100.1]\n")
    out = replay(load_scenario(p), None)
    assert out.error is None
    assert [(f.field, f.line) for f in out.failures] == [("expect.fired.1", 15), ("expect.not_fired.0", 16)]
    assert all("never applies it" in f.message and "mtg:100.1" in f.message for f in out.failures)
    wrong = replay(load_scenario(write(BASE.replace("where: {bear: graveyard}", "where: {bear: hand}")
                                       + "  fired: [100.1]\n")), None)
    assert [f.field for f in wrong.failures] == ["expect.where.bear", "expect.fired.0"]


def test_rejected_by_a_rule_the_engine_never_applies_says_so(write):
    p = write(BASE.replace("  - {as: 甲, pass: true}\n", "  - {as: 甲, pass: true, rejected: 100.1}\n"))
    out = replay(load_scenario(p), None)
    assert len(out.failures) == 1 and "never applies it" in out.failures[0].message


def test_unknown_step_player_and_id(write):
    p = write(BASE.replace("step: 战斗后的行动阶段", "step: 喝茶阶段").replace("{as: 甲, pass: true}", "{as: 丙, pass: true}")
              .replace("cast: bolt", "cast: bolt2"))
    e = error_of(p)
    text = e.located()
    assert "unknown step '喝茶阶段'" in text and "unknown player '丙'" in text and "unknown id 'bolt2'" in text
    assert ":5:" in text and ":10:" in text and ":11:" in text


def test_card_library_errors_name_the_library_line(write, tmp_path):
    lib = tmp_path / "scenarios" / "cards" / "mtg.yaml"
    lib.write_text(lib.read_text("utf-8").replace("    types: [瞬间]\n    text: 闪电击", "    types: [瞬发]\n    text: 闪电击"),
                   "utf-8")
    e = error_of(write(BASE))
    assert str(lib) in e.located() and "unknown card type" in e.located()


def test_paying_life_is_not_a_cost_the_vocabulary_accepts(write):
    """The bundled 2006 book states no rule for paying life (who can pay how much), so an activated ability's
    `pay_life` cost is refused rather than accepted and never paid."""
    card = ('define: {献祭者: {types: [生物], pt: 1/1, text: "支付2点生命：抓一张牌。", abilities: [{activated: '
            '{pay_life: 2, effects: [{draw: 1}]}, text: "支付2点生命：抓一张牌。"}]}}\n')
    text = error_of(write(BASE.replace("players:", card + "players:"))).located()
    assert ":4:" in text and "pay_life" in text and "unknown field" in text


def test_chosen_is_not_a_reference_word(write):
    """Nothing ever filled the objects `chosen` named, so an effect on `chosen` silently did nothing; a colour or
    a creature type chosen on resolution is still read where the docs say (`set_color: [chosen]`, a filter's
    `subtypes: [chosen]`), but `chosen` as an object reference stops the replay at the action that resolves it."""
    card = 'define: {鼓舞: {types: [瞬间], cost: "{红}", text: 测试, spell: {effects: [{pump: "+1/+1", what: chosen}]}}}\n'
    p = write(BASE.replace("players:", card + "players:").replace("{card: 闪电击, id: bolt}", "{card: 鼓舞, id: bolt}")
              .replace("cast: bolt, targets: [bear]", "cast: bolt"))
    out = replay(load_scenario(p))
    assert not out.passed and out.error is not None
    assert f"{p}:13: unknown reference 'chosen'" in out.error.located()


def test_every_card_vocabulary_field_is_read_by_its_game():
    """A field the vocabulary accepts but no engine module reads is a stub: a card using it would be replayed as
    if it did not say it. (A name check: the field's key must be read as a string somewhere in the game's or the
    common modules.)"""
    import inspect

    from pydantic import BaseModel

    offenders = []
    for game in ("mtg", "wow"):
        vocab = __import__(f"judge.engine.games.{game}.vocab", fromlist=["vocab"])
        code = "\n".join(p.read_text("utf-8") for d in (game, "common")
                         for p in sorted((ROOT / "judge" / "engine" / "games" / d).glob("*.py")) if p.name != "vocab.py")
        for name, cls in vars(vocab).items():
            if not (inspect.isclass(cls) and issubclass(cls, BaseModel) and cls.__module__ == vocab.__name__):
                continue
            for field, info in cls.model_fields.items():
                key = info.alias or field
                if (name, key) != ("Library", "game") and f'"{key}"' not in code and f"'{key}'" not in code:
                    offenders.append(f"{game} {name}.{key}")
    assert offenders == []


def test_an_action_needs_exactly_one_verb(write):
    p = write(BASE.replace("- {as: 甲, pass: true}", "- {as: 甲, pass: true, cast: bolt}"))
    text = error_of(p).located()
    assert ":10:" in text and "exactly one of" in text


def test_missing_choice_lists_the_legal_options(write):
    text = BASE.replace("hand: [{card: 闪电击, id: bolt}]",
                        "hand: [{card: 闪电击, id: bolt}], library: []").replace(
        "expect:\n  where: {bear: graveyard}\n", "expect: {}\n")
    text = text.replace("  - {as: 乙, cast: bolt, targets: [bear], mana: [m1]}",
                        "  - {as: 乙, cast: bolt, mana: [m1]}")
    text = text.replace("  甲: {battlefield: [{card: 灰熊, id: bear}]}",
                        "  甲: {battlefield: [{card: 灰熊, id: bear}, {card: 灰熊, id: bear2}]}")
    out = replay(load_scenario(write(text)))
    assert isinstance(out.error, MissingChoice)
    assert out.error.line == 11
    assert "legal options: 甲, 乙, bear, bear2" in out.error.message


def test_unused_choice_fails(write):
    p = write(BASE.replace("  - pass_until: stack_empty", "  - pass_until: stack_empty\n    choices: {may: {bolt: true}}"))
    out = replay(load_scenario(p))
    assert isinstance(out.error, UnusedChoice) and "may.bolt" in out.error.message and out.error.line == 12


def test_an_unexpected_refusal_is_a_failure_and_the_replay_goes_on(write):
    """Issue 11 §2: a refusal the scenario did not expect is reported on its line with the rule, the game is
    rewound (422.1 cited) and the next actions still run."""
    p = write(BASE.replace("{as: 乙, cast: bolt, targets: [bear], mana: [m1]}", "{as: 乙, cast: bolt, targets: [bear]}")
              .replace("  - pass_until: stack_empty\n", "  - {as: 乙, pass: true}\n")
              .replace("where: {bear: graveyard}", "where: {bear: battlefield, bolt: hand}"))
    out = replay(load_scenario(p))
    assert out.error is None
    [f] = out.failures
    assert f.line == 11 and "refused this action by mtg:409.1h" in f.message and "`rejected: 409.1h`" in f.message
    refused = out.trace.steps[2]
    assert refused.rejected.rule == "mtg:409.1h"
    assert [x.rule for x in refused.firings] == ["mtg:409.1", "mtg:422.1", "mtg:422.2"]   # 409.1: a cast step failed
    assert [x.rule for x in refused.undone.firings][:1] == ["mtg:409.1a"]
    assert out.trace.steps[3].what == "pass" and out.trace.steps[3].rejected is None


def test_rejected_by_the_wrong_rule_is_a_failure(write):
    p = write(BASE.replace("{as: 乙, cast: bolt, targets: [bear], mana: [m1]}",
                           "{as: 乙, cast: bolt, targets: [bear], rejected: 408.1d}\n  - {as: 乙, pass: true}")
              .replace("  - pass_until: stack_empty\n", "").replace("where: {bear: graveyard}", "where: {bear: battlefield}"))
    out = replay(load_scenario(p))
    assert not out.passed and out.error is None
    assert any("not mtg:408.1d" in f.message for f in out.failures)


def test_accepted_action_expected_to_be_rejected_is_a_failure(write):
    p = write(BASE.replace("{as: 乙, cast: bolt, targets: [bear], mana: [m1]}",
                           "{as: 乙, cast: bolt, targets: [bear], mana: [m1], rejected: 409.1h}"))
    out = replay(load_scenario(p))
    assert any("but it was accepted" in f.message for f in out.failures)


def test_failures_name_the_expectation_line(write):
    p = write(BASE.replace("where: {bear: graveyard}", "where: {bear: battlefield}\n  life: {甲: 19}"))
    out = replay(load_scenario(p))
    texts = [f.text() for f in out.failures]
    assert f"{p}:14: expect.where.bear: expected battlefield, got graveyard (at end)" in texts
    assert any(t.startswith(f"{p}:15: expect.life.甲: expected 19, got 20") for t in texts)


def test_loading_fires_nothing(write):
    text = BASE.replace("{card: 灰熊, id: bear}", "{card: 灰熊, id: bear, damage: 5}")
    text = text.split("actions:")[0] + "actions:\n  - {as: 甲, pass: true}\nexpect: {where: {bear: graveyard}}\n"
    out = replay(load_scenario(write(text)))
    assert out.passed
    load = out.trace.steps[0]
    assert load.kind == "load" and load.firings == [] and load.near_misses == []
    assert [f.rule for f in out.trace.steps[1].firings] == ["mtg:420.3", "mtg:408.2c", "mtg:420.5c", "mtg:217.4a"]  # round (408.2c beside), finding, where


def test_change_toughness_and_it_survives(write):
    """An outcome is computed from the board, never looked up: 2/4 survives the same bolt."""
    p = write(BASE.replace("{card: 灰熊, id: bear}", "{card: 灰熊, id: bear, with: {pt: 2/4}}")
              .replace("where: {bear: graveyard}", "where: {bear: battlefield}\n  damage: {bear: 3}"))
    assert replay(load_scenario(p)).passed


def test_a_variant_may_add_an_inline_card(write):
    """An inline card in a variant's `add:` is read like one on the board (it used to be a KeyError in MTG),
    and its errors name the variant's line."""
    variant = """\
variants:
  - name: 加入一个内联生物
    add: {乙: {battlefield: [{card: {name: 测试生物, types: [生物], pt: 1/1}, id: t1, damage: 1}]}}
    expect: {where: {t1: graveyard, bear: graveyard}}
"""
    sf = load_scenario(write(BASE + variant))
    assert replay(sf, "加入一个内联生物").passed
    err = error_of(write(BASE + variant.replace("types: [生物]", "types: [生物x]"), "bad.yaml"))
    assert err.line == 17 and "variants.0.add.乙.battlefield.0.card.types: unknown card type" in str(err)


LOOP = """\
book: mtg
title: 循环
source: "421.3"
define:
  鸟: {cost: "{蓝}", types: [生物], pt: 1/1, abilities: [{key: fly, text: "{零}：获得飞行", activated: {cost: "{零}", effects: [{gain: [飞行], what: self, until: permanent}]}}]}
  妖: {cost: "{黑}", types: [生物], pt: 1/1, abilities: [{key: ground, text: "{零}：失去飞行", activated: {cost: "{零}", targets: [生物], effects: [{lose: [飞行], what: target, until: permanent}]}}]}
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲: {battlefield: [{card: 鸟, id: bird}]}
  乙: {battlefield: [{card: 妖, id: imp}]}
actions:
  - loop:
      - {as: 甲, activate: bird, ability: fly}
      - pass_until: stack_empty
      - {as: 甲, pass: true}
      - {as: 乙, activate: imp, ability: ground, targets: [bird]}
      - pass_until: stack_empty
    choices: {loop: {甲: 5}}
"""


def test_a_loop_needs_both_numbers_and_lists_who_must_answer(write):
    out = replay(load_scenario(write(LOOP)))
    assert isinstance(out.error, MissingChoice) and out.error.choice == "loop" and out.error.subject == "乙"
    assert "smaller than 5" in out.error.message and out.error.line == 13


def test_a_loop_turn_may_not_attack_or_expect(write):
    p = write(LOOP.replace("      - pass_until: stack_empty\n    choices",
                           "      - {advance: 宣告攻击者}\n    choices"))
    text = error_of(p).located()
    assert ":13:" in text and "a loop's actions are" in text


def test_unused_choice_inside_a_loop_fails(write):
    p = write(LOOP.replace("{as: 甲, activate: bird, ability: fly}",
                           "{as: 甲, activate: bird, ability: fly, choices: {may: {bird.fly: true}}}")
              .replace("{loop: {甲: 5}}", "{loop: {甲: 5, 乙: agree}}"))
    out = replay(load_scenario(p))
    assert isinstance(out.error, UnusedChoice) and "may.bird.fly" in out.error.message


def test_a_variants_turn_players_and_objects_are_checked_like_the_base(write):
    """A variant changes the base's turn, players and objects: what it changes them to is checked before the
    replay like the base (an unknown step in a variant's turn was silently replayed with no step at all)."""
    good = BASE + "variants:\n  - name: 乙的回合\n    turn: {active: 乙, priority: 乙}\n    expect: {where: {bear: graveyard}}\n"
    load_scenario(write(good))
    cases = [
        ("    turn: {step: 喝茶阶段}\n", "variants.0.turn.step: unknown step '喝茶阶段'"),
        ("    turn: {active: 丙}\n", "variants.0.turn.active: unknown player '丙'"),
        ("    turn: {priority: 丙}\n", "variants.0.turn.priority: unknown player '丙'"),
        ("    turn: {number: 两}\n", "variants.0.turn.number: Input should be a valid integer"),
        ("    players: {甲: {life: 多}}\n", "variants.0.players.甲.life: Input should be a valid integer"),
        ("    objects: {bear: {card: 灰熊x}}\n", "variants.0.objects.bear.card: unknown card '灰熊x'"),
        ("    objects: {bear: {controller: 丙}}\n", "variants.0.objects.bear.controller: unknown player '丙'"),
    ]
    for change, message in cases:
        text = BASE + "variants:\n  - name: 坏\n" + change + "    expect: {where: {bear: graveyard}}\n"
        e = error_of(write(text, "bad.yaml"))
        assert message in e.located() and ":17:" in e.located(), (change, e.located())


def test_a_variant_may_give_an_object_an_inline_card(write):
    """`objects: {ID: {card: {name: …}}}` in a variant replaces that object's card with one written inline (it was
    a KeyError on `@ID` while loading); the base keeps its own card, and a bad inline card is a located error."""
    text = BASE + """\
variants:
  - name: 防御力4的熊
    objects: {bear: {card: {name: 巨熊, cost: "{三}{绿}", types: [生物], pt: 2/4, text: ""}}}
    expect: {where: {bear: battlefield}}
"""
    sf = load_scenario(write(text))
    assert replay(sf).passed
    out = replay(sf, "防御力4的熊")
    assert out.passed, out.failures
    assert out.game.objects["bear"].card.name == "巨熊"
    bad = text.replace("pt: 2/4", "pt: 2/4, colour: 绿")
    e = error_of(write(bad, "bad.yaml"))
    assert "colour" in str(e)


def test_a_rule_named_covers_the_rules_numbered_under_it(write):
    # 420.5c fires when the bear dies: a judge naming 420.5 (state-based effects) names what decided
    out = replay(load_scenario(write(BASE + "  fired: [420.5, '420', 420.5c]\n")), None)
    assert out.failures == []
    # a sibling is not named by it (420.5b: toughness 0, not this bear)
    out = replay(load_scenario(write(BASE + "  fired: [420.5b]\n")), None)
    assert [f.field for f in out.failures] == ["expect.fired.0"]


def test_not_fired_on_a_parent_the_engine_applies_means_that_number(write):
    # 420.5 itself is never fired, only its subrules: `not_fired: [420.5]` means none of them
    p = write(BASE + "  not_fired: [420.5]\n")
    out = replay(load_scenario(p), None)
    assert [f.field for f in out.failures] == ["expect.not_fired.0"]
    assert "as mtg:420.5c" in out.failures[0].message


def test_covers():
    from judge.engine.scenario.expect import covers
    assert covers("mtg:420.5", "mtg:420.5c") and covers("mtg:420", "mtg:420.5") and covers("x:1.0.1", "x:1.0.1a")
    assert covers("mtg:108.3", "mtg:108.3.c") and covers("mtg:420.5c", "mtg:420.5c")
    assert not covers("mtg:420.5", "mtg:420.50") and not covers("mtg:42", "mtg:420")
    assert not covers("mtg:420.5c", "mtg:420.5") and not covers("", "mtg:1") and not covers("mtg:1", "")
    assert not covers("wow:双持", "wow:双持，远程") and not covers("mtg:420.5", None)


def test_rejected_by_a_rule_numbered_under_the_one_named(write):
    # paying nothing for 闪电击 is refused under 409.1h: `rejected: 409.1` (casting a spell) names it too,
    # `rejected: 409.2` (a sibling) does not
    unpaid = "  - {as: 乙, cast: bolt, targets: [bear], mana: [], rejected: RULE}\n"
    text = BASE.replace("  - {as: 乙, cast: bolt", unpaid + "  - {as: 乙, cast: bolt")
    assert replay(load_scenario(write(text.replace("RULE", "409.1"))), None).failures == []
    out = replay(load_scenario(write(text.replace("RULE", "409.2"))), None)
    assert len(out.failures) == 1 and "not mtg:409.2" in out.failures[0].message


@pytest.mark.parametrize("action, field, says", [
    ("{as: 甲, pass: true, targets: [bear]}", "targets", "`targets:` means nothing on a `pass` action in mtg"),
    ("{as: 甲, pass: true, bands: [[bear]]}", "", "bands: only with attack"),
    ("{as: 甲, play: m1, x: 2}", "x", "`x:` means nothing on a `play` action in mtg"),
    ("{as: 甲, strike: bear}", "strike", "'strike' is not an action of mtg"),
    ("{pass_until: stack_empty, turn: 2}", "turn", "`turn:` goes with `advance:` or `pass_until: STEP`"),
])
def test_a_key_the_action_does_not_take_is_refused_not_ignored(write, action, field, says):
    e = error_of(write(BASE.replace("  - {as: 甲, pass: true}\n", f"  - {action}\n")))
    assert says in e.message and e.line == 10
    assert not field or e.located().endswith(f"actions.0.{field}") or f"actions.0.{field}" in e.located()


def test_a_wow_attack_takes_no_bands():
    from judge.engine.scenario.actions import ignored_fields
    from judge.engine.scenario.model import Action
    from judge.engine.games.wow.game import WowGame
    from judge.engine.games.mtg.game import MtgGame
    a = Action.model_validate({"as": "甲", "attack": {"a": "b"}, "bands": [["a", "c"]]})
    assert ignored_fields(a, WowGame.ACTIONS["attack"]) == ["bands"]
    assert ignored_fields(a, MtgGame.ACTIONS["attack"]) == []
    c = Action.model_validate({"as": "甲", "cast": "x", "divide": {"a": 1}, "mode": 1})
    assert ignored_fields(c, WowGame.ACTIONS["cast"]) == ["divide"]
    assert ignored_fields(c, MtgGame.ACTIONS["cast"]) == []


def test_pass_until_a_step_of_a_later_turn(write):
    # `turn:` with `pass_until: STEP` (documented beside advance:) used to be dropped: from turn 1's untap step the
    # game stopped at turn 1's upkeep instead of turn 2's
    text = """\
        book: mtg
        title: 测试
        source: "420.5c"
        players: {甲: {}, 乙: {}}
        turn: {active: 甲, step: 重置}
        board:
          甲: {library: [{card: 山脉, id: l1}, {card: 山脉, id: l2}]}
          乙: {library: [{card: 山脉, id: l3}, {card: 山脉, id: l4}]}
        actions:
          - {pass_until: 维持, turn: 2}
        expect:
          turn: 2
          step: 维持
        """
    out = replay(load_scenario(write(text)), None)
    assert out.error is None and out.failures == []


def test_not_fired_on_a_rule_the_engine_applies_means_that_very_number(write):
    # 409.1 is applied by the engine (it fires in other boards) but here only 409.1a… fire: not_fired: [409.1]
    # holds; fired: [409.1] is met by them
    out = replay(load_scenario(write(BASE + "  not_fired: [409.1]\n  fired: [409.1]\n")), None)
    assert out.failures == []


def test_fired_with_a_reason_or_objects(write):
    ok = BASE + "  fired: [{rule: 420.5c, objects: [bear]}, {rule: 420.5c, reason: lethal_damage}]\n"
    assert replay(load_scenario(write(ok)), None).failures == []
    bad = BASE + "  fired: [{rule: 420.5c, objects: [m1]}, {rule: 420.5c, reason: no_such_reason}]\n"
    assert [f.field for f in replay(load_scenario(write(bad)), None).failures] == ["expect.fired.0", "expect.fired.1"]


def test_keys_a_verb_passes_on_are_not_ignored():
    from judge.engine.scenario.actions import ignored_fields
    from judge.engine.scenario.model import Action
    from judge.engine.games.mtg.game import MtgGame
    for data in ({"pass_until": "维持", "turn": 2}, {"advance": "维持", "turn": 2}, {"pass": True},
                 {"as": "甲", "attack": ["a"], "bands": [["a", "b"]], "note": "x", "choices": {}}):
        a = Action.model_validate(data)
        perform = MtgGame.ACTIONS[a.verb]
        perform = getattr(MtgGame, perform) if isinstance(perform, str) else perform
        assert ignored_fields(a, perform) == [], data
    a = Action.model_validate({"advance": "维持", "targets": ["x"], "x": 1})
    assert ignored_fields(a, MtgGame.do_advance) == ["targets", "x"]
