"""Two forms a judge writes from the card text, read as the rules say: "whenever a green creature attacks, destroy
it at end of combat" with the attack's creature as `event_source` (the object the trigger event is about), and
"becomes an artifact" with no word on the old types — a new type replaces them (212.1b) unless the effect keeps
them ("still a land", or "becomes an artifact creature", 212.1c)."""
from __future__ import annotations

from pathlib import Path

import yaml

from judge.engine.core.objects import Event
from judge.engine.games.mtg.effects import keeps_types
from judge.engine.games.mtg.refs import event_source
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ATTACK_CURSE = {
    "book": "mtg",
    "title": "每当一个绿色生物进行攻击时，在战斗结束时消灭该生物",
    "source": ["308.3"],
    "define": {
        "绿林诅咒": {"cost": "{二}{绿}", "types": ["结界"], "text": "每当一个绿色生物进行攻击时，在战斗结束时消灭该生物。",
                  "abilities": [{"key": "curse", "text": "每当一个绿色生物进行攻击时，在战斗结束时消灭该生物。",
                                 "triggered": {"when": {"event": "attacks", "filter": {"colors": ["绿"]}},
                                               "effects": [{"delayed": {"when": {"event": "step", "step": "战斗结束"},
                                                                        "about": "event_source",
                                                                        "effects": [{"destroy": "it"}]}}]}}]}},
    "players": {"甲": {}, "乙": {}},
    "turn": {"active": "甲", "step": "宣告攻击者", "priority": "甲"},
    "board": {"甲": {"battlefield": [{"card": "灰熊", "id": "bear"}]},
              "乙": {"battlefield": [{"card": "绿林诅咒", "id": "curse"}]}},
    "actions": [{"as": "甲", "attack": ["bear"]}, {"pass_until": "stack_empty"}, {"advance": "战斗结束"},
                {"pass_until": "stack_empty"}],
    "expect": {"where": {"bear": "graveyard"}, "life": {"乙": 18}},
}


def test_event_source_of_an_attack_trigger_is_the_attacking_creature(tmp_path):
    p = tmp_path / "curse.yaml"
    p.write_text(yaml.safe_dump(ATTACK_CURSE, allow_unicode=True), encoding="utf-8")
    out = replay(load_scenario(p), None)
    assert out.error is None and out.passed, [f.text() for f in out.failures]


def test_event_source_is_the_damage_source_else_the_object_of_the_event():
    src, obj = object(), object()
    assert event_source(Event("damage", {"source": src, "target": obj})) == [src]
    assert event_source(Event("attack", {"object": obj, "defender": "乙"})) == [obj]
    assert event_source(Event("draw", {"player": "甲"})) == []
    assert event_source(None) == []


def test_a_new_type_replaces_the_old_ones_unless_the_effect_keeps_them():
    assert keeps_types({"types": ["神器"]}) is False                       # 212.1b
    assert keeps_types({"types": ["生物"]}) is False
    assert keeps_types({"types": ["神器", "生物"]}) is True                # 212.1c: "an artifact creature"
    assert keeps_types({"types": ["生物", "神器"], "still": False}) is False
    assert keeps_types({"types": ["生物"], "still": True}) is True         # "… and is still a land"
    assert keeps_types({"types": None}) is False


LOADED = Path(__file__).resolve().parents[1] / "scenarios" / "mtg" / "418.5a-loaded-board-layers.yaml"


def _load_step_firings(variant=None) -> list[tuple[str, str, tuple]]:
    out = replay(load_scenario(LOADED), variant)
    assert out.error is None and out.passed, [f.text() for f in out.failures]
    load = out.trace.steps[0]
    return [(f.rule, f.reason, tuple(getattr(o, "id", o) for o in f.objects)) for f in load.firings]


def test_the_load_step_cites_what_decides_the_loaded_characteristics():
    """Nothing happens at the load, yet a board loaded under Crusade and "all lands are 1/1 creatures and still
    lands" has its characteristics decided by rules: 418.5a per changed characteristic, 212.1c for the kept types."""
    got = _load_step_firings()
    assert ("mtg:418.5a", "loaded_affected", ("knight",)) in got
    assert ("mtg:212.1c", "types_kept", ("mine",)) in got
    assert not any(objs == ("bear",) for _, _, objs in got)          # printed as it is: nothing to cite
    assert not any(r == "mtg:410.2" for r, _, _ in got)               # and still nothing triggers


def test_a_board_as_printed_cites_nothing_at_the_load():
    assert _load_step_firings("没有持续性效应则按印制特征") == []


MTG = Path(__file__).resolve().parents[1] / "scenarios" / "mtg"


def _firings(name: str, variant, rule: str, reason: str) -> list:
    out = replay(load_scenario(MTG / name), variant)
    assert out.error is None and out.passed, [f.text() for f in out.failures]
    return [f for s in out.trace.steps for f in s.firings if f.rule == rule and f.reason == reason]


def test_two_doublers_each_apply_once_cited_once_naming_both():
    """419.6a decides the 8 (not 16, not endless) when two effects modified one event: one firing per event."""
    got = _firings("419.6a-double-damage-once.yaml", None, "mtg:419.6a", "each_applied_once")
    assert len(got) == 1
    assert "怒火熔炉" in got[0].fields["effects"] and "8" in got[0].fields["event"]
    assert _firings("419.6a-double-damage-once.yaml", "一个熔炉", "mtg:419.6a", "each_applied_once") == []


def test_an_attacker_that_turns_green_after_declaration_cites_308_3_at_the_change():
    got = _firings("308.3-attack-trigger-checked-on-declare.yaml", None, "mtg:308.3", "changed_after_declaration")
    assert len(got) == 1 and [getattr(o, "id", o) for o in got[0].objects] == ["judgment", "bird"]
    for variant in ("绿色生物攻击则触发", "攻击前就变成绿色则触发"):      # green as declared: it triggered
        assert _firings("308.3-attack-trigger-checked-on-declare.yaml", variant, "mtg:308.3",
                        "changed_after_declaration") == []


def test_a_choice_made_on_resolution_is_cited_only_when_there_was_a_choice():
    """413.2c: which creature to sacrifice, which card to discard — announced as the effect is carried out."""
    name = "413.2c-choice-announced-on-resolution.yaml"
    got = _firings(name, None, "mtg:413.2c", "chosen_on_resolution")
    assert len(got) == 1 and [getattr(o, "id", o) for o in got[0].objects] == ["乙", "bear"]
    assert got[0].fields["what"] == "牺牲"
    got = _firings(name, "弃哪一张牌也在结算时才选择", "mtg:413.2c", "chosen_on_resolution")
    assert len(got) == 1 and got[0].fields["what"] == "弃掉"
    assert _firings(name, "只有一个生物则没有选择", "mtg:413.2c", "chosen_on_resolution") == []


def test_a_prevented_or_replaced_event_triggers_nothing_and_410_7_says_so():
    got = _firings("410.7-replaced-event-no-trigger.yaml", None, "mtg:410.7", "event_replaced")
    assert len(got) == 1 and [getattr(o, "id", o) for o in got[0].objects] == ["watch"]
    assert _firings("410.7-replaced-event-no-trigger.yaml", "没有替代则置入坟墓场并触发", "mtg:410.7",
                    "event_replaced") == []
    got = _firings("410.7-prevented-damage-no-trigger.yaml", None, "mtg:410.7", "event_prevented")
    assert len(got) == 1 and [getattr(o, "id", o) for o in got[0].objects] == ["vamp"]
    assert _firings("410.7-prevented-damage-no-trigger.yaml", "没有防止则触发", "mtg:410.7", "event_prevented") == []


def _c(**kw):
    from judge.engine.games.mtg.chars import Chars
    base = dict(name="熊", types=["生物"], subtypes=[], supertypes=[], colors=["绿"], keywords=[], abilities=[],
                power=2, toughness=2, controller="甲", mana_value=2)
    base.update(kw)
    return Chars(**base)


def _card(**kw):
    from types import SimpleNamespace
    base = dict(power=2, toughness=2, types=["生物"], colors=["绿"], abilities=[], keywords=[])
    base.update(kw)
    return SimpleNamespace(**base)


def test_printed_diffs_name_each_characteristic_effects_changed():
    from judge.engine.games.mtg.game import printed_diffs
    from judge.engine.games.mtg.words import say
    assert printed_diffs(_c(), _card()) == []                                         # as printed: nothing
    assert printed_diffs(_c(power=3, toughness=3), _card()) == [("pt", "2/2", "3/3")]
    # an artifact printed with no P/T (or with numbers it can't use: not a creature) animated as a 2/2
    assert printed_diffs(_c(types=["神器", "生物"], colors=[]), _card(power=None, toughness=None, types=["神器"],
                                                                       colors=[]))[0] == ("pt", None, "2/2")
    assert printed_diffs(_c(types=["神器", "生物"], colors=[]), _card(power=2, toughness=2, types=["神器"],
                                                                       colors=[]))[0] == ("pt", None, "2/2")
    assert printed_diffs(_c(power=None, toughness=None, types=["神器"]), _card(types=["神器"])) == []
    colorless = say("check.colorless")
    assert printed_diffs(_c(colors=["白"]), _card(colors=[])) == [("colors", colorless, "白")]
    assert printed_diffs(_c(colors=[]), _card(colors=["红", "白"])) == [("colors", "红白", colorless)]
    assert printed_diffs(_c(colors=["红", "白"]), _card(colors=["绿"])) == [("colors", "绿", "红白")]
    assert printed_diffs(_c(types=["地", "生物"]), _card(types=["地"], power=None, toughness=None))[-1] == \
        ("types", "地", "地生物")
    got = printed_diffs(_c(keywords=["飞行", "先攻"], abilities=["a"]), _card(abilities=["a", "b", "c"]))
    assert got == [("abilities", say("char.n_abilities", n=3), say("char.n_abilities", n=3))]
    got = printed_diffs(_c(keywords=["飞行"]), _card())
    assert got == [("abilities", say("char.n_abilities", n=0), say("char.n_abilities", n=1))]
    got = printed_diffs(_c(abilities=[]), _card(abilities=["a"], keywords=["飞行", "先攻"]))
    assert got == [("abilities", say("char.n_abilities", n=3), say("char.n_abilities", n=0))]


def _attack_then_paint(tmp_path, trigger: dict, paint: str, color: str, owner: str = "乙") -> list:
    """甲's blue 1/1s 鸟甲 (a) and 鸟乙 (b) attack; then 甲 makes `paint` `color`: the 308.3 late-change firings."""
    data = {
        "book": "mtg", "title": "攻击之后才改变颜色", "source": ["308.3"],
        "define": {
            "诅咒": {"cost": "{二}{绿}", "types": ["结界"], "text": "攻击触发。",
                   "abilities": [{"key": "t", "text": "攻击触发。", "triggered": trigger}]},
            "鸟甲": {"cost": "{一}{蓝}", "types": ["生物"], "pt": "1/1"},
            "鸟乙": {"cost": "{一}{蓝}", "types": ["生物"], "pt": "1/1"},
            "染色": {"cost": "{绿}", "types": ["瞬间"], "text": "目标生物成为该颜色直到回合结束。",
                   "spell": {"targets": ["生物"], "effects": [{"set_color": [color], "what": "target",
                                                               "until": "end_of_turn"}]}}},
        "players": {"甲": {"mana": "{绿}"}, "乙": {}},
        "turn": {"active": "甲", "step": "宣告攻击者", "priority": "甲"},
        "board": {"甲": {"hand": [{"card": "染色", "id": "paint"}],
                        "battlefield": [{"card": "鸟甲", "id": "a"}, {"card": "鸟乙", "id": "b"}]},
                  "乙": {"battlefield": []}},
        "actions": [{"as": "甲", "attack": ["a", "b"]}, {"as": "甲", "cast": "paint", "targets": [paint]},
                    {"pass_until": "stack_empty"}],
        "expect": {"colors": {paint: [color]}},
    }
    if trigger.get("when", {}).get("self"):        # "whenever this creature attacks": the ability is on 鸟甲
        data["define"]["鸟甲"]["abilities"] = data["define"].pop("诅咒")["abilities"]
    else:
        data["board"][owner]["battlefield"].append({"card": "诅咒", "id": "curse"})
    p = tmp_path / "late.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = replay(load_scenario(p), None)
    assert out.error is None and out.passed, [f.text() for f in out.failures]
    return [[getattr(o, "id", o) for o in f.objects] for s in out.trace.steps for f in s.firings
            if f.rule == "mtg:308.3" and f.reason == "changed_after_declaration"]


GREEN_ATTACKS = {"when": {"event": "attacks", "filter": {"colors": ["绿"]}}, "effects": [{"gain_life": 1}]}


def test_308_3_late_change_only_for_a_change_that_now_meets_the_condition(tmp_path):
    assert _attack_then_paint(tmp_path, GREEN_ATTACKS, "b", "绿") == [["curse", "b"]]
    assert _attack_then_paint(tmp_path, GREEN_ATTACKS, "b", "红") == []          # still not green: nothing to say


def test_308_3_late_change_of_a_self_trigger_is_about_its_own_creature(tmp_path):
    mine = {"when": {"event": "attacks", "self": True, "filter": {"colors": ["绿"]}}, "effects": [{"gain_life": 1}]}
    assert _attack_then_paint(tmp_path, mine, "a", "绿") == [["a", "a"]]
    assert _attack_then_paint(tmp_path, mine, "b", "绿") == []                  # another attacker: not "this"


def test_308_3_late_change_reads_the_condition_from_the_trigger_controller(tmp_path):
    theirs = {"when": {"event": "attacks", "filter": {"colors": ["绿"], "controller": "opponent"}},
              "effects": [{"gain_life": 1}]}
    assert _attack_then_paint(tmp_path, theirs, "b", "绿") == [["curse", "b"]]
    assert _attack_then_paint(tmp_path, theirs, "b", "绿", owner="甲") == []   # 甲's own creature: not an opponent's
