"""What the engine says must be true of the board: each wording the rulings issue (13) found false, shown on a
scenario where it applies and on a variant where the other wording is right."""
from __future__ import annotations

import pytest

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.render import to_doc
from judge.engine.scenario.run import replay

from conftest import ROOT


def acts(path: str, variant: str | None = None) -> list[dict]:
    sf = load_scenario(ROOT / "scenarios" / path)
    sf.path = path
    out = replay(sf, variant)
    assert out.passed, [f.text() for f in out.failures] or out.error
    doc = to_doc(out, sf)
    found = []
    for s in doc["steps"]:
        for f in s["firings"]:
            found.append(("fired", f))
        for m in s["near_misses"]:
            found.append(("near", m))
        if s.get("rejected"):
            found.append(("refused", s["rejected"]))
    return found


def reasons(found, kind=None) -> list[str]:
    return [f["reason"] for k, f in found if kind in (None, k)]


def text_of(found, reason) -> str:
    return next(f["text"] for _, f in found if f["reason"] == reason)


ARMOR = "wow/717.2c-green-whelp-armor-fully-prevented.yaml"


def test_armor_wastes_defence_only_when_the_packet_is_smaller():
    exact = acts(ARMOR)                                                # DEF 1, packet 1
    assert "armor_prevents" in reasons(exact) and "被浪费" not in text_of(exact, "armor_prevents")
    bigger = acts(ARMOR, "攻击的盟军有2攻击力：防具只防止1点，余下1点造成伤害，能力触发")
    assert "囊包余下 1 点" in text_of(bigger, "armor_prevents")
    wasted = acts(ARMOR, "防具有3防御力而囊包只有1点：防止全部伤害，多出的2点防御力被浪费，不会留给下一个囊包")
    assert "多出的 2 点防御力被浪费" in text_of(wasted, "armor_prevents")
    assert "防止 1 点伤害，囊包余下 0 点" in text_of(wasted, "armor_prevents")      # the packet's 1, not the DEF 3


def test_a_declined_armor_did_not_replace_the_packet():
    declined = acts(ARMOR, "不横置防具则受到1点伤害，防具的能力触发，支付（2）将该盟军移回手上")
    assert "armor_not_used" in reasons(declined, "near")
    assert "already_replaced" not in reasons(declined, "near")     # it replaced nothing
    twice = acts("wow/716.1d-two-world-in-flames.yaml")             # one that did replace it: said
    assert "already_replaced" in reasons(twice, "near")


def test_a_refused_loop_number_says_why():
    refused = acts("wow/801.3-tyrande-wisp-loop.yaml", "选择的次数不大于一百万被拒绝")
    (why,) = [f for k, f in refused if k == "refused"]
    assert why["reason"] == "loop_number_too_small" and "不大于一百万" in why["text"]
    accepted = acts("wow/801.3-tyrande-wisp-loop.yaml")
    assert "mandatory_loop" in reasons(accepted, "fired") and "loop_number_too_small" not in reasons(accepted)


REGEN = "mtg/419.4-regenerate-in-response.yaml"


def test_regeneration_removes_from_combat_only_a_creature_in_combat():
    outside = acts(REGEN)
    assert "regenerated" in reasons(outside) and "移出战斗" not in text_of(outside, "regenerated")
    inside = acts(REGEN, "进行攻击的再生者重生，并被移出战斗")
    assert "并移出战斗" in text_of(inside, "regenerated_in_combat")


def test_why_a_creature_was_not_regenerated():
    assert "no_regeneration_shield" in reasons(acts(REGEN, "没有响应则被消灭"), "near")
    assert "regeneration_forbidden" in reasons(acts(REGEN, "不能重生的消灭"), "near")
    assert not {"no_regeneration_shield", "regeneration_forbidden"} & set(reasons(acts(REGEN), "near"))


def test_a_countered_spell_leaves_the_stack_under_413_2a():
    found = acts("mtg/413.2a-aura-blast-countered.yaml")
    (countered,) = [f for k, f in found if f["reason"] == "all_targets_illegal"]
    assert {"subject": "blast", "attr": "zone", "before": "stack", "after": "graveyard"} in countered["changes"]
    resolves = [f for k, f in found if f["reason"] == "resolves" and "blast" in f["objects"]]
    assert all(not any(c["subject"] == "blast" and c["attr"] == "zone" for c in f["changes"]) for f in resolves)


def test_damage_that_is_prevented_or_replaced_reads_as_would_be_dealt():
    prevented = acts("mtg/410.7-prevented-damage-no-trigger.yaml")
    assert "effect_damage_would" in reasons(prevented) and "effect_damage" not in reasons(prevented)
    assert text_of(prevented, "effect_damage_would").startswith("吸血术士 将对 乙 造成 1 点伤害")
    dealt = acts("mtg/410.7-prevented-damage-no-trigger.yaml", "没有防止则触发")
    assert "effect_damage" in reasons(dealt) and "effect_damage_would" not in reasons(dealt)
    doubled = acts("wow/716.1d-two-world-in-flames.yaml")
    assert "将对" in text_of(doubled, "effect_damage_would")


def test_replacement_wording_says_what_happens_instead():
    exiled = acts("mtg/419.9a-choose-replacement.yaml", "选择移出游戏")
    assert "改为将永生之兽移出游戏" in text_of(exiled, "replacement_applied")
    shuffled = acts("mtg/419.9a-choose-replacement.yaml", "没有放逐之门")
    assert "改为将永生之兽洗入其拥有者的牌库" in text_of(shuffled, "replacement_applied")
    redirected = acts("wow/717.3b-team-intervene-helm-stance.yaml")
    assert not any("改为 改为" in f["text"] for _, f in redirected)


def test_keywords_by_name_and_layers_by_timestamp():
    lost = acts("mtg/418.5h-gain-and-lose-flying.yaml")
    text = text_of(lost, "keyword_lost")
    assert text.startswith("灰熊 不再具有飞行") and "依时间印记先后生效" in text
    single = acts("mtg/418.5b-wild-mongrel.yaml", "选择蓝色")           # one effect per layer: no order to explain
    assert not any("时间印记" in f["text"] for _, f in single)


@pytest.mark.parametrize("path", ["mtg/413.2a-plague-spores-partly.yaml", "wow/716.1d-two-world-in-flames.yaml"])
def test_legal_targets_are_said_without_a_yes_no_field(path):
    text = text_of(acts(path), "targets_legal")
    assert "仍是合法目标" in text and "：否" not in text and "：是" not in text


def test_a_destroyed_hero_is_named_once():
    found = acts("wow/716.1d-two-world-in-flames.yaml", "英雄受到致命伤害被消灭，其操控者输去此盘游戏")
    assert text_of(found, "hero_destroyed").count("英雄（战士）") == 1


def test_one_shield_is_not_each():
    one = acts("mtg/410.7-prevented-damage-no-trigger.yaml")
    assert "各产生" not in text_of(one, "effect_prevent")
    several = acts("mtg/419.7c-apothecary-shields.yaml")
    assert "各产生一个护盾" in text_of(several, "effect_prevent")


def test_a_replay_shows_no_python_literal_and_names_every_zone():
    from judge.engine.scenario.render import to_text

    for path in ("wow/719.2-dependency-on-added-type.yaml", "wow/717.1-chromatic-cloak-mind-spike.yaml"):
        sf = load_scenario(ROOT / "scenarios" / path)
        sf.path = path
        text = to_text(replay(sf, None), sf)
        assert "{'" not in text and "resources：" not in text, path
    assert "所作选择: 无 → 暗夜精灵" in to_text(replay(load_scenario(ROOT / "scenarios/wow/719.2-dependency-on-added-type.yaml"), None),
                                         load_scenario(ROOT / "scenarios/wow/719.2-dependency-on-added-type.yaml"))


def test_a_refused_answer_is_told_by_its_structure_never_its_literal():
    # a damage assignment names who would take how much
    (assign,) = [f for k, f in acts("mtg/310.2-assign-among-blockers.yaml") if k == "refused"]
    assert "「灰熊#1 承受 3 点、灰熊#2 承受 3 点」" in assign["text"] and "{" not in assign["text"]
    assert [e["phrase"] for e in assign["fields"]["answer"]] == ["answer.assign", "answer.assign"]
    assert [e["who"]["id"] for e in assign["fields"]["answer"]] == ["b1", "b2"]
    # a yes/no answer is 是/否, not True
    (may,) = [f for k, f in acts("mtg/413.2c-may-sacrifice-or-lose-life.yaml", "不能牺牲时选择牺牲被拒绝")
              if k == "refused"]
    assert "「是」不合法" in may["text"] and "True" not in may["text"]
    # an effect's id is its source card (gate.a1 → 放逐之门)
    (who,) = [f for k, f in acts("mtg/419.9a-choose-replacement.yaml", "另一位玩家代为选择被拒绝") if k == "refused"]
    assert "「放逐之门」" in who["text"] and "gate" not in who["text"]


def test_an_entry_without_a_phrase_of_its_own_is_who_and_how_much():
    from judge.engine import reasons as r

    entry = {"phrase": "answer.entry", "who": {"id": "b1", "name": "灰熊"}, "amount": 2}
    assert r.show([entry], game="mtg") == "灰熊：2"
    assert r.show({**entry, "phrase": "answer.assign"}, game="mtg") == "灰熊 承受 2 点"
    assert r.show({**entry, "phrase": "answer.nowhere"}, game="wow") == "灰熊、2"     # no phrase: the values, no literal


def test_modifiers_are_named_by_their_source_cards():
    dep = acts("wow/719.2-dependency-on-added-type.yaml")
    (text,) = [f["text"] for k, f in dep if f["reason"] == "dependent_applies_later"]
    assert text.startswith("月光祝福 的更动从属于 PX-238 Winter Wondervolt 的更动") and "." not in text
    loop = acts("wow/719.1-dependency-and-loops.yaml", "两个更动互相从属：由时间印记最早的同化甲开始生效")
    (text,) = [f["text"] for k, f in loop if f["reason"] == "loop_starts"]
    assert "assim" not in text and "示例同化甲" in text
