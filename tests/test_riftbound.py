"""Riftbound on the engine (issue 14): the rules of the bundled excerpt, what each player can see, and the
mechanics the excerpt does not number (never cited with a rule id).

The scenarios in scenarios/riftbound/ are replayed by tests/test_scenarios.py and explained by
tests/test_explain_golden.py; here: the game's data and templates, the privacy model on its own, and what
a trace and a ruling show for a mechanic that is not in the book.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.engine import reasons
from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.core.trace import Ref
from judge.engine.games.riftbound import privacy
from judge.engine.games.riftbound.game import RiftboundGame
from judge.engine.games.riftbound.rules import rules
from judge.engine.games.riftbound.state import card_def
from judge.engine.games.riftbound.words import MECHANIC, ON_BOARD, STEP, ZONE_SPEC
from judge.engine.scenario.load import load_scenario, load_scenario_text
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]
SCEN = ROOT / "scenarios" / "riftbound"


# ---------------------------------------------------------------- data and templates

def test_every_reason_code_has_a_chinese_template_using_only_its_fields():
    assert reasons.missing(rules) == []
    assert reasons.bad_fields(rules) == []
    extra = sorted(set(reasons.templates("riftbound")) - set(rules.codes))
    assert extra == [], f"templates for codes the engine never declares: {extra}"
    for code, r in rules.codes.items():
        text = reasons.render("riftbound", code, {f: Ref(f"id_{f}", f"名{f}") for f in r.fields})
        assert "{" not in text and not text.startswith("[riftbound:"), (code, text)
        assert re.search(r"[\u4e00-\u9fff]", text), code


def test_every_phrase_the_code_uses_exists():
    src = ROOT / "judge" / "engine" / "games" / "riftbound"
    have = reasons.phrases("riftbound")
    used = set()
    for f in src.glob("*.py"):
        used.update(re.findall(r'say\(\s*"([^"{}]+)"', f.read_text("utf-8")))
    dynamic = {f"why.{w}" for w in ("destroyed", "discarded", "resolved", "banished", "returned")} | \
              {f"state.{s}" for s in ("face_down", "revealed")} | {f"event.{e}" for e in ("damage", "move", "played")} | \
              {f"check.{c}" for c in ("type", "tag", "name", "champion", "controller", "other", "exists", "zone", "kind")} | \
              {"controller.you", "controller.opponent", "answer.yes", "answer.no", "zone.gone"}
    assert used and not sorted((used | dynamic) - set(have)), sorted((used | dynamic) - set(have))


def test_every_registered_number_is_a_rule_of_the_book_and_mechanics_are_not():
    rules.verify()                                   # a number the book lacks raises
    assert set(rules.mechanics).isdisjoint(rules.entries)
    for key, entry in rules.mechanics.items():
        assert entry.word == getattr(MECHANIC, key) and entry.reasons, key
    assert not any(re.match(r"\d", k) for k in rules.mechanics)      # a mechanic never has a number


def test_the_vocabulary_names_every_zone_the_engine_uses():
    assert set(RiftboundGame.ZONES) == {"deck", "runes", "hand", "champion", "trash", "banishment", "base",
                                        "battlefield"}
    assert ON_BOARD == ("base", "battlefield")
    assert RiftboundGame.ZONE_SPECS["deck"].visibility == "hidden" and RiftboundGame.ZONE_SPECS["deck"].top_first
    assert RiftboundGame.ZONE_SPECS["hand"].visibility == "owner"
    assert RiftboundGame.ZONE_SPECS["battlefield"].shared and RiftboundGame.ZONE_SPECS["chain"].shared
    for z, spec in ZONE_SPEC.items():             # each non-board zone's privacy is a rule of the book
        if not spec.get("on_board"):
            assert rules.entries.get(spec["privacy"]), z
    assert RiftboundGame.step_name("行动") == STEP.action == "行动阶段"
    assert reasons.zone_words("riftbound")["battlefield"] == "战场"       # not MTG's 场上
    assert reasons.zone_words("mtg")["battlefield"] == "场上"


# ---------------------------------------------------------------- the privacy model

def game_with(*cards) -> RiftboundGame:
    """A bare game with players 甲 and 乙 and cards (id, owner, zone, controller, face_down)."""
    g = RiftboundGame()
    g.add_player("甲")
    g.add_player("乙")
    unit = card_def("单位卡", {"type": "单位", "might": 2})
    gear = card_def("装备卡", {"type": "装备"})
    for oid, owner, zone, *more in cards:
        controller = more[0] if more else owner
        face_down = bool(more[1]) if len(more) > 1 else False
        g.add_card(oid, gear if oid.startswith("g") else unit, owner, zone, controller=controller,
                   face_down=face_down)
    g.begin_step("action", "look")
    return g


@pytest.mark.parametrize("zone, level, rule", [
    ("hand", "owner", "108.7.c"), ("deck", "hidden", "108.4.e"), ("runes", "hidden", "108.5.d"),
    ("trash", "public", "108.2.d"), ("banishment", "public", "108.6.e"), ("champion", "public", "108.3.e"),
])
def test_a_card_has_its_zones_privacy(zone, level, rule):
    g = game_with(("c", "甲", zone))
    p = privacy.privacy(g, g.objects["c"])
    assert (p.level, p.rule, p.state) == (level, rule, None)
    assert privacy.visible_to(g, g.objects["c"], "甲") == (level != "hidden")
    assert privacy.visible_to(g, g.objects["c"], "乙") == (level == "public")


def test_on_the_board_a_face_down_card_is_seen_by_its_controller_only():
    g = game_with(("fd", "甲", "battlefield", "乙", True), ("up", "甲", "base"), ("g1", "乙", "base"))
    fd = g.objects["fd"]
    assert privacy.privacy(g, fd) == privacy.Privacy("owner", "128.2.a", "face_down")
    assert [privacy.visible_to(g, fd, p) for p in ("甲", "乙")] == [False, True]
    assert privacy.who_may_see(fd) == "乙"
    assert privacy.privacy(g, g.objects["up"]) == privacy.Privacy("public", None)
    assert privacy.privacy(g, g.objects["g1"]) == privacy.Privacy("public", "148.1.a.2")
    assert g.visible_to(fd, "乙") and not g.visible_to(fd, "甲")         # the core's hook is the game's


def test_a_card_shown_to_one_player_is_seen_by_him_and_revealed_to_all_is_public():
    g = game_with(("h", "甲", "hand"), ("d", "甲", "deck"))
    h, d = g.objects["h"], g.objects["d"]
    h.shown_to = frozenset({"甲", "乙"})
    assert privacy.privacy(g, h) == privacy.Privacy("public", "128.2.a", "revealed")
    d.shown_to = frozenset({"甲"})
    assert privacy.privacy(g, d).level == "hidden"
    assert privacy.visible_to(g, d, "甲") and not privacy.visible_to(g, d, "乙")


def test_looking_is_refused_under_the_privacy_level_with_the_zone_named():
    g = game_with(("h", "甲", "hand"), ("d", "甲", "deck"), ("t", "甲", "trash"))
    with pytest.raises(IllegalAction) as e:
        privacy.look(g, "乙", "h")
    assert (e.value.rule, e.value.reason) == ("riftbound:128.4", "private_refused")
    assert e.value.fields["who"].name == "甲" and e.value.fields["zone"] == "甲的手牌"
    with pytest.raises(IllegalAction) as e:
        privacy.look(g, "甲", "d")
    assert (e.value.rule, e.value.reason) == ("riftbound:128.3", "secret_refused")
    privacy.look(g, "乙", "t")
    fired = [(f.rule, f.reason) for f in g.trace.steps[-1].firings][-4:]    # no rewind outside an action
    assert fired == [("riftbound:128.1", "in_one_zone"), ("riftbound:128.2.a", "zone_level"),
                     ("riftbound:108.2.d", "trash_public"), ("riftbound:128.5", "public_may_look")]


def test_looking_at_a_zone_counts_what_is_public_and_shows_what_he_may_see():
    g = game_with(("h1", "甲", "hand"), ("h2", "甲", "hand"), ("d1", "甲", "deck"))
    privacy.look(g, "乙", "甲.hand")
    privacy.look(g, "甲", "甲.手牌")
    privacy.look(g, "乙", "甲.deck")
    fs = g.trace.steps[-1].firings
    assert [(f.rule, f.reason) for f in fs] == [
        ("riftbound:108.7.e", "hand_count"), ("riftbound:108.7.c", "hand_looked"),
        ("riftbound:108.7.e", "hand_count"), ("riftbound:108.7.c", "hand_looked"),
        ("riftbound:108.4.d", "deck_count"), ("riftbound:108.4.e", "deck_looked")]
    assert fs[0].fields["count"] == 2 and fs[1].fields["objects"] == [] and len(fs[3].fields["objects"]) == 2
    assert fs[4].fields["count"] == 1 and fs[5].fields["objects"] == []


def test_look_and_arrange_name_what_they_act_on():
    g = game_with(("t1", "甲", "trash"), ("t2", "甲", "trash"), ("b", "甲", "base"))
    for bad, says in (("nobody", "no card 'nobody'"), ("甲.nowhere", "no zone 'nowhere'")):
        with pytest.raises(EngineError, match=says):
            privacy.look(g, "乙", bad)
    with pytest.raises(EngineError, match="say who looks"):
        privacy.look(g, None, "t1")
    with pytest.raises(EngineError, match="must list each card"):
        privacy.arrange(g, "甲", "甲.trash", ["t1"])
    with pytest.raises(EngineError, match="is not a zone"):
        privacy.arrange(g, "甲", "t1", ["t1"])
    with pytest.raises(IllegalAction) as e:
        privacy.arrange(g, "甲", "甲.base", ["b"])
    assert e.value.rule is None and e.value.mechanic == MECHANIC.zone_order
    privacy.arrange(g, "甲", "甲.trash", ["t2", "t1"])
    assert g.zones[("甲", "trash")] == ["t2", "t1"]
    assert privacy.parse_zone(g, "chain") == (None, "chain") and privacy.parse_zone(g, "结算链") == (None, "chain")
    assert privacy.parse_zone(g, "乙.战场") == (None, "battlefield") and privacy.parse_zone(g, "t1") == (None, None)


# ---------------------------------------------------------------- mechanics not in this book

def test_a_trace_marks_mechanics_not_in_the_book_and_never_invents_a_rule_id():
    out = replay(load_scenario(SCEN / "158.2-legion-destroys-now.yaml"), "没有先打出另一张牌，[鼓舞]不满足，单位要等下次受到伤害才被摧毁")
    assert out.passed
    firings = list(out.trace.firings())
    outside = [f for f in firings if f.rule is None]
    assert {f.mechanic for f in outside} >= {MECHANIC.cost, MECHANIC.delayed, MECHANIC.triggered}
    assert all(f.mechanic in MECHANIC for f in outside)
    book_ids = {f.rule.partition(":")[2] for f in firings if f.rule}
    assert book_ids and all(n in rules.entries for n in book_ids)
    from judge.engine.scenario.render import to_json, to_text

    sf = load_scenario(SCEN / "158.2-legion-destroys-now.yaml")
    text = to_text(out, sf)
    assert f"▸ {MECHANIC.cost}（本书未收录，无规则编号）" in text
    assert "riftbound:费用" not in text and "riftbound:cost" not in text
    doc = to_json(out, sf)
    assert '"rule": null' in doc and f'"mechanic": "{MECHANIC.delayed}"' in doc


def test_a_ruling_shows_mechanics_not_in_the_book_without_citing_them():
    from judge.explain.output import to_string
    from judge.explain.trace import explain_scenario

    doc = explain_scenario("scenarios/riftbound/158.3-trigger-waits-for-the-spell.yaml", root=ROOT)
    details = [d for s in doc["steps"] for d in s["details"]]
    outside = [d for d in details if d["rule"] is None]
    assert outside and all("本书未收录" in d["quote"] for d in outside)
    assert all(r for s in doc["steps"] for r in s["rules"])
    text = to_string(doc, "text")
    assert "（触发式技能：本书未收录，无规则编号）" in text and "规则 158.3.a" in text


def test_acting_without_priority_is_refused_by_a_mechanic_not_a_rule():
    sf = load_scenario_text(
        "book: riftbound\ntitle: t\nsource: '108.1.a'\nplayers: {甲: {}, 乙: {}}\n"
        "turn: {active: 甲, step: 行动阶段}\nboard: {乙: {hand: [{card: 速攻, id: q}]}}\n"
        "actions:\n  - {as: 乙, cast: q}\n", "inline.yaml", ROOT / "scenarios")
    out = replay(sf)        # an unexpected refusal is a failure on its line and the replay goes on (issue 11 §2)
    assert out.error is None
    [f] = out.failures
    assert "乙 does not have priority" in f.message and "(not in this book)" in f.message
    assert out.trace.steps[-1].rejected.rule is None and out.trace.steps[-1].rejected.mechanic


def test_the_excerpts_rules_are_all_implemented_and_exercised():
    from judge.engine.coverage import report
    from judge.engine.scenario.files import scenario_files

    rep = report("riftbound", scenario_files(SCEN))
    t = rep["total"]
    assert t["rules"] == 63 and t["not_procedural"] == 12 and t["not_implemented"] == 0 and t["unexercised"] == 0
    assert t["exercised"] == t["procedural"] == 51


def test_a_riftbound_trace_has_no_life_totals():
    """Riftbound has no life total in this book: the trace's result names none (not a life of 0)."""
    out = replay(load_scenario(SCEN / "128.5-public.yaml"))
    assert out.passed and all(p.life is None for p in out.game.players)
    from judge.engine.scenario.render import to_doc

    assert to_doc(out, load_scenario(SCEN / "128.5-public.yaml"))["result"]["life"] == {}


def test_every_riftbound_catalogue_example_is_reproduced_with_a_variant():
    """R1–R5 (A: R5, B: R3, C: R1, R2, R4 — checkable because visibility is game state): one scenario each,
    citing the example's rule, passing, with variants."""
    from conftest import SHARED

    from judge.engine.scenario.load import instances

    catalogue = SHARED / "seed-examples.md"
    if not catalogue.exists():
        pytest.skip("../shared/seed-examples.md is not available")
    cat = {m.group(1): m.group(2) for m in re.finditer(r"^\|\s*(R\d+)\s*\|\s*([^|]+?)\s*\|\s*[ABC]\s*\|",
                                                     catalogue.read_text("utf-8"), re.M)}
    assert sorted(cat) == ["R1", "R2", "R3", "R4", "R5"]
    covered = {}
    for p in sorted(SCEN.glob("*.yaml")):
        sf = load_scenario(p)
        ex = sf.model.example
        if ex is None:
            continue
        rule = cat[ex]
        sources = sf.model.source if isinstance(sf.model.source, list) else [sf.model.source]
        assert rule in sources, (p.name, ex, rule, sources)
        runs = instances(sf)
        assert len(runs) >= 2 and all(replay(sf, v).passed for v in runs), p.name
        covered[ex] = p.name
    assert sorted(covered) == sorted(cat)


# ---------------------------------------------------------------- what mutation testing found unpinned

def test_a_filter_names_the_first_check_a_card_fails_with_what_it_wanted_and_what_it_has():
    from judge.engine.games.riftbound import filters

    g = game_with(("u", "甲", "base"), ("h", "甲", "hand"))
    u, h = g.objects["u"], g.objects["h"]
    u.card = card_def("卡莎", {"type": "单位", "might": 4, "tags": ["卡莎"], "champion": True})
    both = card_def("双类", {"types": ["单位", "装备"], "might": 1})
    assert filters.problem(g, u, None) is None and filters.problem(g, u, {}) is None
    assert filters.problem(g, u, {"type": "装备"}) == ("type", "装备", "单位")
    assert filters.problem(g, u, {"types": ["法术", "装备"]}) == ("type", "法术、装备", "单位")
    assert filters.problem(g, u, {"types": ["法术", "单位"]}) is None
    assert filters.problem(g, h, {"tag": "卡莎"}) == ("tag", "卡莎", "无")
    assert filters.problem(g, u, {"tag": "伊泽"}) == ("tag", "伊泽", "卡莎")
    assert filters.problem(g, u, {"name": "别人"}) == ("name", "别人", "卡莎")
    assert filters.problem(g, u, {"champion": False}) == ("champion", "否", "是")
    assert filters.problem(g, h, {"champion": True}) == ("champion", "是", "否")
    assert filters.problem(g, u, {"controller": "opponent"}, controller="甲") == ("controller", "对手", "甲")
    assert filters.problem(g, u, {"controller": "you"}, controller="乙") == ("controller", "你", "甲")
    assert filters.problem(g, u, {"controller": "you"}, controller="甲") is None
    assert filters.problem(g, u, {"other": True}, source=u) == ("other", "另一张", "单位卡")   # the object's name
    assert filters.problem(g, u, {"other": True}, source=h) is None
    h.card = both
    assert filters.problem(g, h, {"type": "装备"}) is None and filters.types_of({"types": ["装备"]}) == ("装备",)


@pytest.mark.parametrize("flt, names", [
    ({}, False), (None, False), ({"controller": "you"}, False), ({"other": True}, False),
    ({"type": "单位"}, True), ({"types": ["装备"]}, True), ({"tag": "卡莎"}, True), ({"name": "小兵"}, True),
    ({"champion": True}, True),
])
def test_an_instruction_names_a_characteristic_by_type_tag_name_or_champion(flt, names):
    """128.6: only such an instruction on private cards may be declined."""
    from judge.engine.games.riftbound import filters

    assert filters.names_a_characteristic(flt) is names


def test_several_types_are_cited_only_for_an_object_that_has_them_and_flavour_only_when_it_names_the_tag():
    from judge.engine.games.riftbound import filters

    g = game_with(("u", "甲", "base"), ("v", "甲", "base"))
    u, v = g.objects["u"], g.objects["v"]
    filters.multi(g, u, "单位")
    assert not g.trace.steps[-1].firings                           # one type: 178.1 says nothing
    v.card = card_def("双类", {"types": ["单位", "装备"], "might": 1})
    filters.multi(g, v, "装备")
    f = g.trace.steps[-1].firings[-1]
    assert (f.rule, f.reason, f.objects) == ("riftbound:178.1", "all_types", ["v"])
    assert f.fields["types"] == "单位、装备" and f.fields["as_type"] == "装备" and f.fields["object"].id == "v"
    u.card = card_def("虚空", {"type": "法术", "flavour": "「……」——卡莎"})
    filters.flavour_miss(g, u, {"tag": "伊泽"})                    # the flavour names another champion
    filters.flavour_miss(g, v, {"tag": "卡莎"})                    # no flavour text at all
    assert not g.trace.steps[-1].near_misses
    filters.flavour_miss(g, u, {"tag": "卡莎"})
    n = g.trace.steps[-1].near_misses[-1]
    assert (n.rule, n.reason, n.fields["tag"], n.fields["object"].id) == ("riftbound:138.1", "flavour_no_meaning",
                                                                         "卡莎", "u")


def test_a_refused_look_names_the_zone_as_a_judge_would():
    """On the shared battlefield the zone has no owner; in a base, a hand, a deck it is the holder's."""
    g = game_with(("fd", "甲", "battlefield", "乙", True), ("fb", "甲", "base", "甲", True))
    for card, looker, where in (("fd", "甲", "战场"), ("fb", "乙", "甲的基地")):
        with pytest.raises(IllegalAction) as e:
            privacy.look(g, looker, card)
        assert e.value.fields["zone"] == where


def test_a_filter_on_controller_reads_the_controller_on_the_board_and_the_owner_elsewhere():
    from judge.engine.games.riftbound import filters

    g = game_with(("b", "甲", "battlefield", "乙"), ("h", "甲", "hand"))
    b, h = g.objects["b"], g.objects["h"]
    assert filters.problem(g, b, {"controller": "you"}, controller="乙") is None          # 乙 controls it
    assert filters.problem(g, b, {"controller": "you"}, controller="甲") == ("controller", "你", "乙")
    assert filters.problem(g, h, {"controller": "you"}, controller="甲") is None          # 甲 owns it
    b.card = card_def("双类", {"types": ["单位", "装备"], "might": 1, "tags": ["卡莎", "虚空"]})
    assert filters.problem(g, b, {"type": "法术"}) == ("type", "法术", "单位、装备")
    assert filters.problem(g, b, {"tag": "伊泽"}) == ("tag", "伊泽", "卡莎、虚空")


def test_a_look_names_a_card_on_the_board_by_its_controller_and_a_shared_zone_by_its_name():
    g = game_with(("fc", "甲", "base", "乙", True), ("c1", "甲", "trash"))
    with pytest.raises(IllegalAction) as e:
        privacy.look(g, "甲", "fc")
    assert e.value.fields["zone"] == "乙的基地"
    privacy.look(g, "乙", "甲.trash")
    assert g.trace.steps[-1].firings[-1].fields["zone"] == "甲的废牌堆"
    assert privacy._zone_name(None, "chain") == "结算链" and privacy._zone_name("乙", "hand") == "乙的手牌"


# ---------------------------------------------------------------- the scenario vocabulary: `from:`, carried choices

def _inline(body: str):
    head = "book: riftbound\ntitle: t\nsource: '158.1'\nplayers: {甲: {}, 乙: {}}\nturn: {active: 甲, step: 行动阶段}\n"
    return load_scenario_text(head + body, "inline.yaml", ROOT / "scenarios")


@pytest.mark.parametrize("effect", ["{to_hand: {zone: trash, filter: {type: 单位}}}", "{look: {zone: deck, count: 1}}",
                                    "{discard: {zone: hand}}", "{reveal: {zone: hand}}"],
                         ids=["to_hand", "look", "discard", "reveal"])
def test_an_instruction_names_its_zone_with_from_and_zone_is_a_located_error(effect):
    body = (f"define:\n  回收:\n    type: 法术\n    cost: 0\n    effects:\n      - {effect}\n"
            "board: {甲: {hand: [{card: 回收, id: r}]}}\nactions:\n  - {as: 甲, cast: r}\n")
    with pytest.raises(EngineError) as e:
        _inline(body)
    msg = e.value.located() if hasattr(e.value, "located") else str(e.value)
    assert "inline.yaml:11: define.回收.effects.0" in msg
    assert "`from:`" in msg and "from: " + re.search(r"zone: (\w+)", effect).group(1) in msg
    ok = _inline(body.replace("zone:", "from:"))
    assert replay(ok).error is None


BOARD = ("board:\n  甲:\n    hand: [{card: 交易, id: trade}, {card: 小兵, id: u}, {card: 弃牌, id: loot}]\n"
         "    deck: [{card: 示例单位, id: d1}, {card: 示例单位, id: d2}]\n")


def test_a_choice_written_on_cast_is_made_at_resolution_and_recorded_there():
    out = replay(_inline(BOARD + "actions:\n  - {as: 甲, cast: trade, choices: {choose: {trade.1: u}}}\n"
                                 "  - pass_until: stack_empty\n"))
    assert out.error is None and not out.failures
    made = [(s.kind, c.choice, c.subject, c.answer, c.by) for s in out.trace.steps for c in s.choices]
    assert made == [("event", "choose", "trade.1", "u", "甲")]      # made as the spell resolves, not on the cast
    assert out.game.objects["u"].zone == "trash"


def test_a_choice_on_cast_for_another_card_or_never_asked_is_still_unused():
    other = replay(_inline(BOARD + "actions:\n  - {as: 甲, cast: trade, choices: {choose: {loot.1: u}}}\n"))
    assert other.error is not None and "unused choice(s): choose.loot.1" in str(other.error)
    never = replay(_inline(BOARD.replace("{card: 小兵, id: u}, ", "") +
                           "actions:\n  - {as: 甲, cast: trade, choices: {choose: {trade.1: none}}}\n"
                           "  - pass_until: stack_empty\n"))
    assert never.error is not None and "unused choice(s): choose.trade.1" in str(never.error)
    assert never.error.line == 12     # the resolving action, where it was carried to and never asked


def test_an_answer_written_on_the_resolving_action_wins_over_the_carried_one():
    out = replay(_inline(BOARD + "actions:\n  - {as: 甲, cast: trade, choices: {choose: {trade.1: none}}}\n"
                                 "  - {pass_until: stack_empty, choices: {choose: {trade.1: u}}}\n"))
    assert out.error is None and not out.failures
    assert out.game.objects["u"].zone == "trash" and out.game.objects["d1"].zone == "hand"
