"""MTG special actions (408.2h turning face up, 408.2i ending an effect / stopping a delayed ability, 408.2j ignoring a
static effect), mana abilities while paying on resolution (413.2e) and an Aura's leaves-play trigger following the
Aura and the permanent (410.10f), from the rules' text: each cited where it decides and never where it does not."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.scenario.load import ScenarioError, ScenarioErrors, load_scenario, load_scenario_text
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]
MTG = ROOT / "scenarios" / "mtg"
LIBRARIES = ROOT / "scenarios"


def _run(name, variant=None):
    out = replay(load_scenario(MTG / name), variant)
    assert out.error is None, out.error
    assert out.passed, [x.text() for x in out.failures]
    return out


def _fired(out, rule, reason=None, near=False):
    return [f for s in out.trace.steps for f in (s.near_misses if near else s.firings)
            if f.rule == f"mtg:{rule}" and (reason is None or f.reason == reason)]


def _refused(out):
    return [(s.rejected.rule, s.rejected.reason) for s in out.trace.steps if s.rejected is not None]


# ------------------------------------------------------------------ 408.2h

def test_turning_face_up_is_a_special_action_and_keeps_priority():
    out = _run("408.2h-turn-face-up.yaml")
    assert out.game.objects["fd"].face_down is False
    assert out.game.priority == "甲" and not out.game.stack
    assert [f.objects for f in _fired(out, "408.2h", "turned_face_up")] == [["fd"]]
    assert _fired(out, "408.1i", "special_action")


@pytest.mark.parametrize("variant, code", [("对手不是它的操控者，不能将它翻回正面", "face_up_not_controller"),
                                           ("没有优先权时不能翻面", "needs_priority"),
                                           ("牌面朝上的永久物不能翻面", "not_face_down")])
def test_turning_face_up_refused(variant, code):
    out = _run("408.2h-turn-face-up.yaml", variant)
    assert _refused(out) == [("mtg:408.2h", code)]
    assert out.game.objects["fd"].face_down is True


# ------------------------------------------------------------------ 408.2i

def test_ending_an_effect_that_allows_it():
    out = _run("408.2i-end-an-effect.yaml")
    assert out.game.observe(out.game.objects["bear"])["pt"] == "2/2"
    assert _fired(out, "408.2i", "effect_ended") and out.game.priority == "甲"


@pytest.mark.parametrize("variant, code", [("对手不能结束此效应", "end_not_allowed"),
                                           ("没有优先权时不能结束", "needs_priority"),
                                           ("巨人成长的效应没有允许结束", "end_not_allowed")])
def test_ending_an_effect_refused(variant, code):
    out = _run("408.2i-end-an-effect.yaml", variant)
    assert _refused(out) == [("mtg:408.2i", code)]
    assert out.game.observe(out.game.objects["bear"])["pt"] == "5/5"


def test_stopping_a_delayed_trigger():
    stopped = _run("408.2i-end-an-effect.yaml", "阻止延迟触发式异能：回合结束时不受伤害")
    assert stopped.game.by_name["甲"].life == 20 and _fired(stopped, "408.2i", "delayed_stopped")
    kept = _run("408.2i-end-an-effect.yaml", "不阻止：延迟触发式异能在回合结束时触发")
    assert kept.game.by_name["甲"].life == 17 and not _fired(kept, "408.2i")


# ------------------------------------------------------------------ 408.2j

def test_ignoring_a_static_effect_lets_the_bear_attack_this_turn_only():
    out = _run("408.2j-ignore-a-static-effect.yaml")
    assert out.game.by_name["甲"].life == 18
    assert [f.objects for f in _fired(out, "408.2j", "effect_ignored")] == [["totem"]]
    later = _run("408.2j-ignore-a-static-effect.yaml", "忽略只到回合结束：下一个回合灰熊又不能攻击")
    assert ("mtg:308.2a", ) == tuple(r for r, _ in _refused(later))[:1]


@pytest.mark.parametrize("variant, code", [("图腾的操控者不是对手，不能忽略", "ignore_not_allowed"),
                                           ("付不出{二}", "cannot_pay_ignore")])
def test_ignoring_refused(variant, code):
    out = _run("408.2j-ignore-a-static-effect.yaml", variant)
    assert _refused(out) == [("mtg:408.2j", code)]
    assert not out.game.ignoring


def test_without_ignoring_the_bear_cannot_attack():
    out = _run("408.2j-ignore-a-static-effect.yaml", "不忽略效应：灰熊不能攻击")
    assert not _fired(out, "408.2j") and out.game.by_name["甲"].life == 20


# ------------------------------------------------------------------ 413.2e

def test_mana_abilities_while_paying_on_resolution():
    out = _run("413.2e-mana-abilities-while-paying.yaml")
    [f] = _fired(out, "413.2e", "mana_while_resolving")
    assert f.objects == ["m1", "m2", "m3"]
    assert out.game.objects["bear"].zone == "battlefield"


def test_paying_from_the_pool_or_declining_cites_nothing():
    for v in ("不支付：灰熊被反击，山脉未横置", "魔法力池中已有{三}：不必使用魔法力异能"):
        assert not _fired(_run("413.2e-mana-abilities-while-paying.yaml", v), "413.2e")


def test_no_other_ability_while_resolving_and_no_unpayable_choice():
    out = _run("413.2e-mana-abilities-while-paying.yaml", "结算中不能使用刺击者的非魔法力异能：拒绝，改用山脉")
    assert _refused(out) == [("mtg:413.2e", "not_mana_ability")]
    assert out.game.objects["pinger"].tapped is False
    short = _run("413.2e-mana-abilities-while-paying.yaml", "只横置两个山脉付不出{三}：不可能的选择被拒绝")
    assert _refused(short) == [("mtg:413.2c", "cannot_choose")]


# ------------------------------------------------------------------ 410.10f

def test_an_aura_trigger_follows_the_aura_and_the_creature():
    out = _run("410.10f-aura-trigger-follows.yaml")
    assert [f.objects for f in _fired(out, "410.10f", "aura_followed")] == [["ring"]]
    assert _fired(out, "410.10f", "host_followed")
    assert out.game.objects["ring"].zone == "hand" and out.game.objects["bear"].zone == "hand"


def test_an_aura_removed_from_the_graveyard_is_not_followed():
    out = _run("410.10f-aura-trigger-follows.yaml", "回应触发，灵气在坟墓场中被移出游戏：影响灵气的部分不起作用，生物仍被移回")
    assert _fired(out, "410.10f", "aura_not_followed", near=True)
    assert not _fired(out, "410.10f", "aura_followed")
    assert out.game.objects["ring"].zone == "exile" and out.game.objects["bear"].zone == "hand"


def test_an_unenchanted_creature_does_not_trigger_the_aura():
    out = _run("410.10f-aura-trigger-follows.yaml", "死去的是另一只未被结附的灰熊：灵气的异能不触发")
    assert not _fired(out, "410.10f") and out.game.objects["ring"].zone == "battlefield"


def test_bad_special_vocabulary_is_a_load_error():
    text = (MTG / "408.2j-ignore-a-static-effect.yaml").read_text(encoding="utf-8").replace(
        'who: opponent}', 'who: everybody}')
    with pytest.raises((ScenarioError, ScenarioErrors)) as e:
        load_scenario_text(text, "bad.yaml", LIBRARIES)
    assert "bad.yaml:" in str(e.value)


def test_a_refusal_for_want_of_priority_names_the_player_and_who_holds_it():
    out = _run("408.2h-turn-face-up.yaml", "没有优先权时不能翻面")
    [r] = [s.rejected for s in out.trace.steps if s.rejected is not None]
    assert r.reason == "needs_priority"
    assert "甲" in str(r.fields["player"]) and "乙" in str(r.fields["holder"])


# ------------------------------------------------------------------ paying these costs (mana.choose_spend)

def _text_of(name, old, new):
    text = (MTG / name).read_text(encoding="utf-8")
    assert old in text
    return replay(load_scenario_text(text.replace(old, new), name, LIBRARIES), None)


def test_ignoring_with_a_pay_that_names_no_payment_is_refused():
    # 乙's pool is {红}{红}: `pay: "{绿}{绿}"` names no way to pay {二}; refused under 408.2j, not silently ignored
    out = _text_of("408.2j-ignore-a-static-effect.yaml", "  - {as: 乙, ignore_effect: totem}\n",
                   "  - {as: 乙, ignore_effect: totem, pay: \"{绿}{绿}\", rejected: 408.2j}\n")
    assert out.error is None
    assert [(r, c) for r, c in _refused(out)][:1] == [("mtg:408.2j", "cannot_pay_ignore")]
    assert not out.game.ignoring


def _auto_pay(out):
    return [c for s in out.trace.steps for c in s.choices if c.choice == "pay" and c.auto and c.why]


def test_a_dominant_payment_is_taken_unasked_for_a_special_action_and_on_resolution():
    # {二} from {1}{1}{红}: paying with the colourless mana leaves {红}, which pays whatever {1} could
    out = _text_of("408.2j-ignore-a-static-effect.yaml", '乙: {mana: "{红}{红}"}', '乙: {mana: "{1}{1}{红}"}')
    assert out.error is None and out.game.ignoring
    [c] = _auto_pay(out)
    assert c.answer == "{2}" and "剩下{红}" in c.why
    # 力量泄漏's {三} paid on resolution, no mana ability activated: 灰熊 took one {1} (dominant too), and of
    # {1}{1}{1}{红}{绿} paying {三} with the colourless mana leaves both colours
    text = (MTG / "413.2e-mana-abilities-while-paying.yaml").read_text(encoding="utf-8")
    text = text.replace("players: {甲: {}, ", 'players: {甲: {mana: "{1}{1}{1}{1}{红}"}, ').replace(
        "    choices: {may: {leak: true}, mana: {leak: [m1, m2, m3]}}\n", "    choices: {may: {leak: true}}\n", 1)
    out = replay(load_scenario_text(text, "t.yaml", LIBRARIES), None)
    assert out.error is None and out.game.objects["bear"].zone == "battlefield"
    assert [c.answer for c in _auto_pay(out)] == ["{1}{绿}", "{3}"]
    assert out.game.pool_text("甲") == "{红}{绿}"
