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


# ------------------------------------------------------------------ the bundled scenarios, firing by firing

from judge.engine.scenario.load import load_scenario  # noqa: E402

BUNDLED = Path(__file__).resolve().parents[1] / "scenarios" / "mtg"


def _file(name: str, variant: str | None = None):
    out = replay(load_scenario(BUNDLED / name), variant)
    assert out.error is None, out.error
    assert out.passed, [x.text() for x in out.failures]
    return out


def _rejected(out) -> list[str]:
    return [s.rejected.rule for s in out.trace.steps if s.rejected is not None]


def _near(out, rule: str) -> list:
    return [n for s in out.trace.steps for n in s.near_misses if n.rule == f"mtg:{rule}"]


def test_104_1_half_of_an_odd_number_is_rounded_as_the_card_says_and_cited():
    out = _file("104.1-half-rounded.yaml")
    [f] = _firings(out, "104.1")
    assert f.reason == "fraction_rounded" and f.fields["result"] == 1 and "3" in f.fields["value"]
    even = _file("104.1-half-rounded.yaml", "手牌数为偶数，一半是整数")
    assert not _firings(even, "104.1")


def test_104_1_half_rounds_up_and_down_and_even_is_exact():
    from judge.engine.games.mtg.refs import half

    class G:
        fired: list = []

        def fire(self, *a, **k):
            self.fired.append((a, k))
    g = G()
    assert half(g, None, {"half": 0, "round": "up"}, 5) == 3
    assert half(g, None, {"half": 0, "round": "down"}, 5) == 2
    assert half(g, None, {"half": 0, "round": "up"}, 4) == 2
    assert half(g, None, {"half": 0, "round": "down"}, 4) == 2
    assert half(g, None, {"half": 0, "round": "up"}, 1) == 1
    assert half(g, None, {"half": 0, "round": "down"}, 0) == 0
    assert g.fired == []                              # no resolving effect: nothing to cite


def test_104_1_a_negative_x_is_refused_and_zero_is_not():
    out = _file("104.1-half-rounded.yaml", "X 宣告为负数被拒绝")
    assert _rejected(out) == ["mtg:104.1"]
    assert [s.rejected.reason for s in out.trace.steps if s.rejected is not None] == ["not_whole_number"]


def test_104_1_half_needs_round_up_or_down():
    from judge.engine.games.mtg.vocab import Effect
    import pydantic
    Effect.model_validate({"draw": {"half": {"hand_size": "you"}, "round": "up"}})
    for bad in ({"half": 3}, {"half": 3, "round": "sideways"}, {"half": 3, "round": "up", "x": 1}):
        try:
            Effect.model_validate({"draw": bad})
        except (pydantic.ValidationError, ValueError):
            continue
        raise AssertionError(f"{bad} accepted")


def test_103_4b_several_choices_at_once_in_written_order_only():
    out = _file("103.4b-choices-in-written-order.yaml")
    [f] = _firings(out, "103.4b")
    assert f.objects == ["stone"] and f.fields["order"] == ["颜色", "生物类别"]
    one = _file("103.4b-choices-in-written-order.yaml", "只有一个决定，没有先后可言")
    assert not _firings(one, "103.4b")


def test_200_5_a_permanent_is_not_a_spell_and_200_5a_names_the_caster():
    out = _file("200.5-spell-is-on-the-stack.yaml")
    assert _rejected(out) == ["mtg:200.5"]
    ok = _file("200.5-spell-is-on-the-stack.yaml", "以堆叠上的咒语为目标，其操控者失去生命")
    assert _rejected(ok) == []
    [f] = _firings(ok, "200.5a")
    assert f.objects == ["cub"] and "甲" in str(f.fields["player"])
    perm = _file("200.5-spell-is-on-the-stack.yaml", "永久物的操控者不是咒语的问题")
    assert not _firings(perm, "200.5a") and _rejected(perm) == []


def test_213_3_a_card_word_never_reaches_a_spell_on_the_stack():
    out = _file("213.3-card-is-not-a-spell.yaml")
    assert _rejected(out) == ["mtg:213.3"]
    disc = _file("213.3-card-is-not-a-spell.yaml", "弃牌不能弃掉堆叠上的咒语")
    assert _rejected(disc) == ["mtg:213.3"]
    fine = _file("213.3-card-is-not-a-spell.yaml", "坟墓场中的牌才是牌，不需要213.3")
    assert _rejected(fine) == [] and not _firings(fine, "213.3")


def test_not_spell_or_card_by_zone():
    from judge.engine.games.mtg.targets import not_spell_or_card
    game = _file("213.3-card-is-not-a-spell.yaml").game
    old = game.objects["old"]                             # a card in a graveyard
    spell_word, card_word, creature_word = {"what": "咒语"}, {"what": "坟墓场中的牌"}, {"what": "生物"}
    assert not_spell_or_card(game, spell_word, old) == ("200.5", "target_not_spell")
    assert not_spell_or_card(game, card_word, old) is None
    assert not_spell_or_card(game, creature_word, old) is None
    assert not_spell_or_card(game, spell_word, game.by_name["甲"]) is None


def test_206_3_only_the_printed_symbol_counts():
    out = _file("206.3-expansion-symbol-only.yaml")
    hits = {tuple(f.objects) for f in _firings(out, "206.3")}
    assert hits == {("bomb",), ("bear",)}
    misses = {tuple(n.objects): n.fields["symbol"] for n in _near(out, "206.3")}
    assert misses == {("bomb4",): "第四版"}          # a reprint of the card; other permanents are no question
    same = _file("206.3-expansion-symbol-only.yaml", "第四版重印版本印有原本系列的符号则算")
    assert {tuple(f.objects) for f in _firings(same, "206.3")} == {("bomb",), ("bomb4",), ("bear",)}
    other = _file("206.3-expansion-symbol-only.yaml", "不提系列的效应不看系列符号")
    assert not _firings(other, "206.3") and not _near(other, "206.3")


def test_expansion_placement_wins_then_card_then_none():
    from judge.engine.games.mtg.filters import expansion, matches
    game = _file("206.3-expansion-symbol-only.yaml").game
    assert expansion(game.objects["bomb4"]) == "第四版"          # the copy's own printing
    assert expansion(game.objects["bomb"]) == "古文明之战"       # the card's
    assert expansion(game.objects["forge"]) == "时间漩涡"
    assert matches(game, game.objects["forge"], {"set": "时间漩涡"}) is None
    bad = matches(game, game.objects["forge"], {"set": "古文明之战"})
    assert bad == ("set", "古文明之战", "时间漩涡")


# ------------------------------------------------------------------ 212.2g / 212.4e: attaching by an ability

def test_212_2g_equipment_equips_a_creature_and_not_a_land():
    out = _file("212.2g-equip-creatures-only.yaml")
    [f] = _firings(out, "212.2g")
    assert f.reason == "equipment_equips" and f.objects == ["hammer", "bear"]
    [n] = _near(out, "212.2g")
    assert n.objects == ["hammer", "forest"]
    assert out.game.objects["hammer"].attached_to == "bear"          # it did not move
    moved = _file("212.2g-equip-creatures-only.yaml", "移到另一个生物上")
    assert [f.objects for f in _firings(moved, "212.2g")] == [["hammer", "bear"], ["hammer", "ogre"]]
    assert moved.game.objects["hammer"].attached_to == "ogre" and not _near(moved, "212.2g")
    other = _file("212.2g-equip-creatures-only.yaml", "不是武具也不是灵气的神器，异能不结附它")
    assert not _firings(other, "212.2g") and other.game.objects["rack"].attached_to is None


def test_212_4e_an_aura_moves_only_where_it_can_enchant():
    out = _file("212.4e-aura-moves.yaml")
    assert [n.objects for n in _near(out, "212.4e")] == [["might", "forest"]]
    assert out.game.objects["might"].attached_to == "bear"
    moved = _file("212.4e-aura-moves.yaml", "移到对手的生物上")
    assert [f.reason for f in _firings(moved, "212.4e")] == ["aura_moves"]
    assert moved.game.objects["might"].attached_to == "ogre"


def test_attach_refuses_an_equipment_on_itself_or_an_equipment_creature():
    from judge.engine.games.mtg import zones
    game = _file("212.2g-equip-creatures-only.yaml").game
    hammer = game.objects["hammer"]
    calls = []
    assert zones.attach(game, hammer, hammer, lambda o, h: calls.append((o, h))) is False
    assert calls == [] and hammer.attached_to == "bear"
    rack = game.objects["rack"]                   # neither Equipment nor Aura
    assert zones.attach(game, rack, game.objects["ogre"], lambda o, h: calls.append((o, h))) is False
    assert calls == []


# ------------------------------------------------------------------ 308.2b: an attacking band

def test_308_2b_band_declared_blocked_together_and_the_attacker_assigns():
    out = _file("308.2b-attacking-band.yaml")
    reasons = [f.reason for f in _firings(out, "308.2b")]
    assert reasons == ["band_declared", "band_blocked", "band_assigns"]
    assign = [f for f in _firings(out, "308.2b") if f.reason == "band_assigns"][0]
    assert "甲" in str(assign.fields["player"])
    assert out.game.objects["guard"].damage == 3 and out.game.objects["bear"].damage == 0
    assert not _firings(out, "103.1")             # the band, not the blocker's text, makes it block two


def test_308_2b_no_band_no_citation_and_bad_bands_refused():
    alone = _file("308.2b-attacking-band.yaml", "没有宣告结合，灰熊独自被阻挡而死")
    assert not _firings(alone, "308.2b")
    bad = _file("308.2b-attacking-band.yaml", "两个不具结合异能的生物不能结合")
    assert _rejected(bad) == ["mtg:308.2b"] * 3
    whys = [s.rejected.fields["why"] for s in bad.trace.steps if s.rejected is not None]
    assert whys == ["其中有两个或更多不具结合异能的生物（至多一个）", "其中没有具结合异能的生物",
                    "结合的生物都必须是宣告为攻击的生物"]


def test_bands_only_with_attack():
    import pytest
    from judge.engine.scenario.load import ScenarioErrors, ScenarioError
    text = EACH.format(**DISCARD, b_hand=TWO, b_field="[]", choices="{}").replace(
        "  - {as: 甲, cast: fx}", "  - {as: 甲, cast: fx, bands: [[c1, c2]]}")
    with pytest.raises((ScenarioErrors, ScenarioError)) as e:
        load_scenario_text(text, "c13.yaml", LIBRARIES)
    assert "bands: only with attack" in str(e.value)


def test_set_on_a_board_card_of_a_game_without_printings_is_an_input_error():
    import pytest
    from judge.engine.scenario.load import ScenarioErrors, ScenarioError
    text = """
book: wow
title: 系列符号
source: "709.2b"
players: {甲: {}, 乙: {}}
turn: {active: 乙, step: 回合结束步骤}
board:
  甲: {play: [{card: 英雄（战士）, id: a_hero, set: 核心}]}
  乙: {play: [{card: 英雄（战士）, id: b_hero}]}
actions: []
"""
    with pytest.raises((ScenarioErrors, ScenarioError)) as e:
        load_scenario_text(text, "wow-set.yaml", LIBRARIES)
    assert "set" in str(e.value) and "expansion symbol" in str(e.value)


# ------------------------------------------------------------------ what mutation testing asked for

from types import SimpleNamespace  # noqa: E402


def test_together_cites_103_4_with_the_players_unless_409_2b_put_the_controller_first():
    out = _run(EACH.format(**DISCARD, b_hand=TWO, b_field="[]", choices="{discard: {乙: [b2]}}"))
    [f] = _firings(out, "103.4")
    assert f.fields["players"] == ["甲", "乙"]
    first = _file("409.2b-controller-decides-first.yaml")
    # 409.2b changes only the order: 103.4 is cited for the simultaneous actions, not for an APNAP order
    assert _firings(first, "409.2b") and [f.reason for f in _firings(first, "103.4")] == ["simultaneous_actions"]
    assert [f.objects for f in _firings(first, "103.4a")] == [["甲"]]


def test_halve():
    from judge.engine.games.mtg.refs import halve
    assert halve(7, True) == (4, True) and halve(7, False) == (3, True)
    assert halve(8, True) == (4, False) and halve(8, False) == (4, False)
    assert halve(0, True) == (0, False) and halve(1, False) == (0, True)


def _band_game():
    return _file("308.2b-attacking-band.yaml").game


def test_band_problem_each_reason():
    from judge.engine.games.mtg.combat import band_problem
    g = _band_game()
    guard, bear, bear2 = (g.objects[i] for i in ("guard", "bear", "bear2"))
    att = {o.id: o for o in (guard, bear, bear2)}
    assert band_problem(g, att, [guard, bear], set()) is None
    assert band_problem(g, att, [guard], set()) == "why.band_alone"
    assert band_problem(g, att, [guard, guard], set()) == "why.band_alone"
    assert band_problem(g, att, [guard, bear, bear], set()) == "why.band_twice"
    assert band_problem(g, att, [guard, bear], {"bear"}) == "why.band_twice"
    assert band_problem(g, att, [bear, bear2], set()) == "why.band_no_banding"
    assert band_problem(g, att, [guard, bear, bear2], set()) == "why.band_two_without"
    assert band_problem(g, {"guard": guard}, [guard, bear], set()) == "why.band_not_attacking"
    assert band_problem(g, att, [guard, None], set()) == "why.band_not_attacking"


def test_band_mates_only_other_attacking_members():
    from judge.engine.games.mtg.combat import band_mates
    g = _band_game()
    guard, bear = g.objects["guard"], g.objects["bear"]
    guard.band, guard.attacking, bear.attacking = ["guard", "bear", "nobody"], "乙", "乙"
    assert band_mates(g, guard) == [bear]
    bear.attacking = None
    assert band_mates(g, guard) == []


BAND = open(BUNDLED / "308.2b-attacking-band.yaml", encoding="utf-8").read().split("variants:")[0]


def test_band_assignment_is_the_attacking_players_and_must_add_up():
    rule = "310.2"
    for bad in ("{guard: 2}", "{guard: 4, bear: -1}", "{guard: 2, bear2: 1}", "{乙: {giant: {guard: 3}}}"):
        text = BAND.replace("choices: {assign: {giant: {guard: 3}}}",
                            f"choices: {{assign: {{giant: {bad}}}}}\n    rejected: {rule}"
                            if not bad.startswith("{乙") else f"choices: {{assign: {bad}}}\n    rejected: {rule}")
        text = text.split("expect:")[0] + "expect: {}\n"
        out = replay(load_scenario_text(text, "band.yaml", LIBRARIES))
        assert _rejected(out) == [f"mtg:{rule}"], bad
    split = BAND.replace("{guard: 3}", "{guard: 2, bear: 1}").split("expect:")[0] + "expect: {}\n"
    out = _run(split)
    assert out.game.objects["guard"].damage == 2 and out.game.objects["bear"].damage == 1
    zero = BAND.replace("{guard: 3}", "{guard: 3, bear: 0}").split("expect:")[0] + "expect: {}\n"
    out = _run(zero)
    dealt = [f for s in out.trace.steps for f in s.firings if f.rule == "mtg:310.4"]
    assert dealt and not any("灰熊#1 0" in a or "→灰熊#1 0" in a for a in dealt[0].fields["assignments"])
    [f] = [f for f in _firings(out, "308.2b") if f.reason == "band_assigns"]
    assert "giant" in str(f.fields["object"]) and "guard" in str(f.fields["objects"])


def test_attach_problem_reasons():
    from judge.engine.games.mtg.zones import attach_problem
    g = _file("212.2g-equip-creatures-only.yaml").game
    hammer, bear, forest = g.objects["hammer"], g.objects["bear"], g.objects["forest"]
    eq = SimpleNamespace(subtypes=("武具",), types=("神器",))
    assert attach_problem(g, hammer, bear, eq) is None
    assert attach_problem(g, hammer, forest, eq) == "equipment_not_creature"
    assert attach_problem(g, hammer, hammer, eq) == "why.attached_to_itself"
    assert attach_problem(g, hammer, bear, SimpleNamespace(subtypes=("武具",), types=("神器", "生物"))) == \
        "why.attachment_is_creature"
    assert attach_problem(g, hammer, bear, SimpleNamespace(subtypes=(), types=("神器",))) == "not_attachable"


AURA_YOURS = """
book: mtg
title: 结附于由你操控的生物
source: "212.4e"
define:
  护佑:
    cost: "{白}"
    types: [结界]
    subtypes: [灵气]
    text: 结附于由你操控的生物。受此结界的生物得+1/+1。
    spell: {targets: [{what: 生物, filter: {controller: you}}]}
    abilities: [{static: {affects: enchanted, pump: "+1/+1"}}]
  灵气转移:
    cost: "{蓝}"
    types: [瞬间]
    text: 将目标灵气结附于目标永久物上。
    spell: {targets: [{what: 结界, filter: {subtypes: [灵气]}}, 永久物], effects: [{attach: target1, to: target2}]}
players: {甲: {mana: "{蓝}"}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲:
    hand: [{card: 灵气转移, id: shift}]
    battlefield: [{card: 灰熊, id: bear}, {card: 护佑, id: ward, attached_to: bear}, {card: 灰熊, id: cub}]
  乙: {battlefield: [{card: 灰食人魔, id: ogre}]}
actions:
  - {as: 甲, cast: shift, targets: [ward, %s]}
  - pass_until: stack_empty
"""


def test_an_aura_moves_by_its_enchant_restriction_as_its_controller_reads_it():
    mine = _run(AURA_YOURS % "cub")
    assert mine.game.objects["ward"].attached_to == "cub"
    theirs = _run(AURA_YOURS % "ogre")
    assert theirs.game.objects["ward"].attached_to == "bear" and _near(theirs, "212.4e")


def test_spell_controller_on_the_stack_or_just_countered():
    from judge.engine.games.mtg.refs import Ctx, spell_controller
    text = BAND.split("board:")[0] + """board:
  甲: {hand: [{card: 灰熊, id: cub}]}
actions:
  - {as: 甲, cast: cub}
"""
    text = text.replace("step: 战斗开始", "step: 战斗前的行动阶段").replace(
        "players: {甲: {}, 乙: {}}", 'players: {甲: {mana: "{一}{绿}"}, 乙: {}}')
    g = _run(text).game
    cub = g.objects["cub"]
    assert spell_controller(g, None, cub) == "甲"
    ctx = Ctx(item=None, source=None, source_name="x", controller="乙", spells={"cub": "乙"})
    g.stack.remove(cub)
    assert spell_controller(g, None, cub) is None
    assert spell_controller(g, ctx, cub) == "乙"
    g.stack.append(cub)
    cub.zone = "graveyard"
    assert spell_controller(g, None, cub) is None


def test_not_spell_or_card_on_the_stack():
    from judge.engine.games.mtg.targets import not_spell_or_card
    text = BAND.split("board:")[0].replace("step: 战斗开始", "step: 战斗前的行动阶段").replace(
        "players: {甲: {}, 乙: {}}", 'players: {甲: {mana: "{一}{绿}"}, 乙: {}}') + """board:
  甲: {hand: [{card: 灰熊, id: cub}], graveyard: [{card: 灰熊, id: old}]}
actions:
  - {as: 甲, cast: cub}
"""
    g = _run(text).game
    cub, old = g.objects["cub"], g.objects["old"]
    assert not_spell_or_card(g, {"what": "坟墓场中的牌"}, cub) == ("213.3", "spell_not_card")
    assert not_spell_or_card(g, {"what": "坟墓场中的生物牌"}, cub) == ("213.3", "spell_not_card")
    assert not_spell_or_card(g, {"what": "咒语"}, cub) is None
    assert not_spell_or_card(g, {"what": "生物"}, cub) is None
    assert not_spell_or_card(g, {"what": "永久物"}, cub) is None
    assert not_spell_or_card(g, {"what": "咒语"}, old) == ("200.5", "target_not_spell")
    assert not_spell_or_card(g, {"what": "坟墓场中的牌"}, old) is None


def test_spell_named_answers():
    from judge.engine.games.mtg.effects import spell_named
    text = BAND.split("board:")[0].replace("step: 战斗开始", "step: 战斗前的行动阶段").replace(
        "players: {甲: {}, 乙: {}}", 'players: {甲: {mana: "{一}{绿}"}, 乙: {}}') + """board:
  甲: {hand: [{card: 灰熊, id: cub}, {card: 山脉, id: m1}]}
actions:
  - {as: 甲, cast: cub}
"""
    g = _run(text).game
    assert spell_named(g, "cub")[1] == "213.3" and spell_named(g, ["m1", "cub"])[1] == "213.3"
    assert spell_named(g, ["m1"]) is None and spell_named(g, "m1") is None and spell_named(g, [3]) is None


def test_expansion_and_reprint():
    from judge.engine.games.mtg.filters import expansion, reprint_of
    assert expansion(object()) is None
    assert expansion(SimpleNamespace(extra={}, card=SimpleNamespace(set="第九版"))) == "第九版"
    text = """
book: mtg
title: 重印
source: "206.3"
define:
  铁盒: {cost: "{一}", types: [神器], text: ""}
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲: {battlefield: [{card: 铁盒, id: old, set: 古文明之战}, {card: 铁盒, id: new}, {card: 灰熊, id: bear}]}
actions: []
"""
    g = _run(text).game
    assert reprint_of(g, g.objects["new"], "古文明之战") is True
    assert reprint_of(g, g.objects["bear"], "古文明之战") is False
    assert reprint_of(g, g.objects["new"], "第四版") is False
