"""MTG copies of spells (401.1a, 420.5j) and self-replacement effects (419.6d), from the rules' text.

A copy of a spell is a spell with no card: on the stack, with the original's characteristics and choices, under
the copying effect's controller; it is not cast, and once it is anywhere but the stack it ceases to exist. An
instruction's own "… instead" applies to its own event before any other replacement effect, with no choice."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.core.errors import EngineError
from judge.engine.games.mtg.events import Rep, first_tier
from judge.engine.scenario.load import ScenarioError, ScenarioErrors, load_scenario, load_scenario_text
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ROOT / "scenarios"
COPY = ROOT / "scenarios" / "mtg" / "401.1a-copy-of-a-spell.yaml"
CEASE = ROOT / "scenarios" / "mtg" / "420.5j-copy-ceases-to-exist.yaml"
LAPSE = ROOT / "scenarios" / "mtg" / "419.6d-self-replacement-first.yaml"


def _run(path, variant=None):
    out = replay(load_scenario(path), variant)
    assert out.error is None, out.error
    return out


def _firings(out, rule, reason=None, near=False):
    return [f for s in out.trace.steps for f in (s.near_misses if near else s.firings)
            if f.rule == f"mtg:{rule}" and (reason is None or f.reason == reason)]


def test_a_copy_is_a_spell_on_the_stack_with_the_originals_choices():
    out = _run(COPY)
    assert out.passed, [x.text() for x in out.failures]
    [copied] = _firings(out, "401.1a", "spell_copied")
    assert copied.objects == ["bolt.copy", "bolt"]
    assert "甲" in copied.fields["player"]
    assert _firings(out, "401.1a", "copy_same_targets")
    # both bolts dealt 3: the copy kept the original's target
    assert out.game.by_name["乙"].life == 14


def test_a_copy_is_not_cast_nothing_triggers_on_casting_it():
    out = _run(COPY)
    assert out.game.by_name["甲"].life == 22                 # the original and Twincast triggered, the copy did not
    [near] = _firings(out, "401.1a", "copy_not_cast", near=True)
    assert near.objects == ["fount", "bolt.copy"]


def test_a_new_target_for_the_copy():
    out = _run(COPY, "为复制品选择新的目标：灰熊")
    assert out.passed
    [new] = _firings(out, "401.1a", "copy_new_target")
    assert "bear" in new.fields["after"]
    assert not _firings(out, "401.1a", "copy_same_targets")


def test_without_a_copy_nothing_is_cited_and_nothing_ceases():
    out = _run(COPY, "没有复制：只有一个闪电击，施放时的触发照常")
    assert out.passed
    assert not _firings(out, "401.1a") and not _firings(out, "420.5j")
    assert not _firings(out, "401.1a", near=True)


def test_a_resolved_copy_ceases_to_exist_but_the_card_stays_in_the_graveyard():
    out = _run(COPY)
    [gone] = _firings(out, "420.5j", "copy_gone")
    assert gone.objects == ["bolt.copy"]
    assert out.game.objects["bolt.copy"].zone == "gone"
    assert out.game.objects["bolt"].zone == "graveyard"


def test_a_countered_copy_ceases_a_countered_card_does_not():
    out = _run(CEASE)
    assert out.passed
    assert [f.objects for f in _firings(out, "420.5j")] == [["bolt.copy"]]
    card = _run(CEASE, "反击的是原本的闪电击（一张牌）：它留在坟墓场，没有东西消失")
    assert card.passed and not _firings(card, "420.5j")
    assert card.game.objects["bolt"].zone == "graveyard"


PERMANENT_COPY = """
book: mtg
title: 复制永久物咒语
source: "401.1a"
define:
  复制术:
    cost: "{蓝}"
    types: [瞬间]
    text: 复制目标咒语。
    spell: {targets: [咒语], effects: [{copy_spell: target}]}
players: {甲: {mana: "{一}{绿}{蓝}"}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲: {hand: [{card: 灰熊, id: bear}, {card: 复制术, id: cp}]}
actions:
  - {as: 甲, cast: bear, pay: "{一}{绿}"}
  - {as: 甲, cast: cp, targets: [bear]}
  - pass_until: stack_empty
"""


def test_copying_a_permanent_spell_is_a_clear_error_not_a_traceback():
    sf = load_scenario_text(PERMANENT_COPY, "perm.yaml", LIBRARIES)
    out = replay(sf)
    assert out.error is not None and "503" in str(out.error)


def test_self_replacement_first_no_choice_asked():
    out = _run(LAPSE)
    assert out.passed, [x.text() for x in out.failures]
    [first] = _firings(out, "419.6d", "self_replacement_first")
    assert first.fields["others"] == "放逐之门"
    assert not _firings(out, "419.9a")
    assert out.game.objects["bear"].zone == "library"


def test_a_self_replacement_alone_is_cited_but_not_as_first():
    out = _run(LAPSE, "没有放逐之门：自我替代性效应单独生效，没有其它效应要排在后面")
    assert out.passed
    assert _firings(out, "419.6d", "self_replacement")
    assert not _firings(out, "419.6d", "self_replacement_first")
    assert not _firings(out, "401.7")              # it did not go to a graveyard, so 401.7 is not cited


def test_an_ordinary_counter_has_no_self_replacement():
    out = _run(LAPSE, "普通的反击术没有自我替代性效应：灰熊被放逐之门移出游戏")
    assert out.passed
    assert not _firings(out, "419.6d")
    assert out.game.objects["bear"].zone == "exile"


def _rep(rid, own):
    return Rep(rid, "static", rid, "甲", spec={}, own=own)


def test_first_tier_keeps_only_self_replacements_when_there_are_some():
    a, b, c = _rep("a", False), _rep("b", True), _rep("c", False)
    assert first_tier(None, None, [a, b, c]) == [b]
    assert first_tier(None, None, [a, c]) == [a, c]
    assert first_tier(None, None, [b]) == [b]


def test_a_bad_self_replacement_is_a_load_error_naming_the_line():
    text = LAPSE.read_text(encoding="utf-8").replace("instead: put_on_library", "instead: to_the_moon")
    with pytest.raises((ScenarioError, ScenarioErrors)) as e:
        load_scenario_text(text, "bad.yaml", LIBRARIES)
    assert "bad.yaml:" in str(e.value) and "instead" in str(e.value)


# ------------------------------------------------------------------ what the mutation run asked for

def test_self_replacement_first_names_the_effect_the_others_and_the_event():
    out = _run(LAPSE)
    [first] = _firings(out, "419.6d", "self_replacement_first")
    assert first.objects == ["lapse"]
    assert first.fields["effect"] == "记忆失误" and first.fields["others"] == "放逐之门"
    assert first.fields["event"] == "灰熊置入坟墓场"


def test_own_replacement_is_the_instructions_own_static_effect():
    from types import SimpleNamespace as NS

    from judge.engine.games.mtg.events import own_replacement
    out = _run(LAPSE)
    card = out.game.objects["lapse"]
    ctx = NS(subject="lapse", source_name="记忆失误", controller="乙", source=card)
    rep = own_replacement(out.game, ctx, {"event": "to_graveyard"}, 0)
    assert (rep.id, rep.kind, rep.name, rep.controller, rep.source, rep.own) == \
        ("lapse.replace1", "static", "记忆失误", "乙", card, True)
    assert own_replacement(out.game, ctx, {}, 2).id == "lapse.replace3"
    assert own_replacement(out.game, NS(subject="x.a1", source_name="x", controller="甲", source="x"), {}, 0).source \
        is None                                   # an ability's instruction: no card to name as the effect's source


def test_the_copys_new_target_and_kept_target_are_named():
    out = _run(COPY, "为复制品选择新的目标：灰熊")
    [new] = _firings(out, "401.1a", "copy_new_target")
    assert new.objects == ["bolt.copy", "bear"]
    assert "bolt.copy" in new.fields["object"] and "乙" in new.fields["before"] and "bear" in new.fields["after"]
    kept = _run(COPY)
    [same] = _firings(kept, "401.1a", "copy_same_targets")
    assert same.objects == ["bolt.copy"] and "bolt.copy" in same.fields["object"]
    assert any("乙" in str(t) for t in same.fields["targets"])


def _copy_with(choices: str):
    text = COPY.read_text(encoding="utf-8").replace("choices: {retarget: {bolt.copy: 乙}}", choices, 1)
    return replay(load_scenario_text(text, "copy.yaml", LIBRARIES))


def test_an_illegal_new_target_is_refused_under_401_1a():
    out = _copy_with("choices: {retarget: {bolt.copy: fount}}")     # an artifact: not a creature or a player
    assert any(s.rejected is not None and s.rejected.rule == "mtg:401.1a" for s in out.trace.steps)


def test_the_new_target_is_the_copys_controllers_choice():
    out = _copy_with("choices: {retarget: {乙: {bolt.copy: bear}}}")  # keyed by the other player
    assert any(s.rejected is not None and s.rejected.rule == "mtg:401.1a" and s.rejected.reason == "wrong_chooser"
               for s in out.trace.steps)


def test_the_copys_targets_are_never_chosen_automatically():
    out = _copy_with("note: 没有回答")
    assert out.error is not None and "retarget" in str(out.error)
