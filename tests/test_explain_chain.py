"""The parts a ruling is built from, each on small traces made for it (the goldens show them on real ones)."""
from __future__ import annotations

import pytest

from rulebook import load_book

from judge.explain import answer, chain, misses, result
from judge.explain.citing import Cites, cites_text, label, name, number_of, quote_text
from judge.explain.focus import Fact, Spec, focus_of, matches, spec
from judge.explain.mechanisms import defined_terms, heading_only, mechanisms
from judge.explain.names import Names
from judge.explain.quote import deciding_sentence, sentences
from judge.explain.templates import load
from judge.explain.view import FIRED, NEAR, REFUSED, TraceView

T = load("zh")
FRAME = frozenset({"resolves", "to_graveyard", "targets_legal"})


@pytest.fixture(scope="module")
def mtg():
    return load_book("mtg")


def firing(fid, rule, reason, text, objects=(), changes=(), caused_by=None, fields=None):
    return {"id": fid, "rule": f"mtg:{rule}", "reason": reason, "text": text, "fields": fields or {},
            "objects": list(objects), "changes": [dict(zip(("subject", "attr", "before", "after"), c)) for c in changes],
            "caused_by": caused_by}


def trace(*steps, objects=None, players=("甲", "乙"), result=None, zones=None):
    out = [{"index": 0, "kind": "load", "what": "load", "data": {"zones": zones or {}}, "firings": [],
            "near_misses": []}]
    for i, (firings, near) in enumerate(steps, 1):
        out.append({"index": i, "kind": "event", "what": "resolve", "data": {"object": "bolt"}, "line": None,
                    "firings": firings, "near_misses": near})
    objs = objects or {"bear": {"name": "灰熊", "owner": "乙", "card": "灰熊", "zone": "graveyard"},
                       "bolt": {"name": "闪电击", "owner": "甲", "card": "闪电击", "zone": "graveyard"}}
    return {"game": "mtg", "book": "mtg", "players": list(players), "objects": objs, "steps": out,
            "result": result or {"life": {"甲": 20, "乙": 20}, "winner": None, "lost": []}}


LETHAL = trace((
    [firing("1.1", "413.1", "resolves", "闪电击开始结算", ["bolt"]),
     firing("1.2", "413.2b", "effect_damage", "闪电击 对 灰熊 造成 3 点伤害", ["bolt", "bear"],
            [("bear", "damage", 0, 3)], "1.1"),
     firing("1.3", "413.2h", "to_graveyard", "闪电击 置入坟墓场", ["bolt"], [("bolt", "zone", "stack", "graveyard")],
            "1.1"),
     firing("1.5", "420.5c", "lethal_damage", "灰熊 被消灭", ["bear"],
            [("bear", "damage", 3, 0), ("bear", "zone", "battlefield", "graveyard")], "1.2")],
    [firing("1.4", "420.5c", "below_lethal", "灰熊#2 受到伤害，小于防御力", ["other"])]))


def focus(t, mtg, **expect):
    view = TraceView(t)
    return view, focus_of({"expect": expect, "source": expect.pop("source", [])}, mtg, view.objects, view.players)


# ------------------------------------------------------------------ the view

def test_view_orders_firings_near_misses_and_refusals_as_they_happened():
    view = TraceView(LETHAL)
    assert [a.id for a in view.acts] == ["1.1", "1.2", "1.3", "1.4", "1.5"]     # "1.4" is the near miss
    assert [a.kind for a in view.acts] == [FIRED, FIRED, FIRED, NEAR, FIRED]
    assert view.initial("bear", "damage") == 0 and view.final("bear", "damage") == 0
    assert not view.net_changed("bear", "damage") and view.net_changed("bear", "zone")
    assert [a.id for a in view.changers("bear", "damage")] == ["1.2", "1.5"]
    assert view.cause(view.by_id["1.5"]).id == "1.2" and view.cause(view.by_id["1.1"]) is None


# ------------------------------------------------------------------ the decisive chain

def test_chain_is_the_decider_and_its_cause_not_the_frame(mtg):
    view, f = focus(LETHAL, mtg, where={"bear": "graveyard", "bolt": "graveyard"})
    got = chain.decisive(view, f, Cites(mtg, "t"), FRAME)
    # the lethal-damage check decided the bear's zone, its cause is the damage; the bolt only went where
    # every resolved spell goes (a frame act), so it is no part of the reason
    assert [a.id for a in got] == ["1.2", "1.5"]


def test_a_fact_that_did_not_change_decides_nothing(mtg):
    view, f = focus(LETHAL, mtg, damage={"bear": 0})
    assert chain.decider(view, "bear", "damage") is None
    assert chain.deciders(view, "bear", "zone")[0].id == "1.5"


def test_additive_facts_are_decided_by_every_change(mtg):
    t = trace(([firing("1.1", "413.2b", "effect_gain_life", "甲 获得 1 点生命", ["甲"], [("甲", "life", 20, 21)]),
                firing("1.2", "413.2b", "effect_gain_life", "甲 获得 1 点生命", ["甲"], [("甲", "life", 21, 22)])],
               []))
    view = TraceView(t)
    assert [a.id for a in chain.deciders(view, "甲", "life")] == ["1.1", "1.2"]
    view, f = focus(t, mtg, life={"甲": 22})
    got = chain.decisive(view, f, Cites(mtg, "t"), FRAME)
    text, cites = answer.compose(got, [], [], t, Names(view, T, "zh"), Cites(mtg, "t"), T, [])
    assert text == "裁定：甲 获得 1 点生命（共 2 次）（规则 413.2b）。" and cites == ["413.2b"]


def test_a_replaced_event_comes_with_what_replaced_it(mtg):
    t = trace(([firing("1.1", "413.1", "resolves", "恐惧开始结算", ["terror"]),
                firing("1.2", "413.2a", "targets_legal", "目标合法", ["terror", "regen"], (), "1.1"),
                firing("1.3", "413.2b", "effect_destroy_would", "恐惧 将消灭 再生者", ["regen"], (), "1.1"),
                firing("1.4", "419.6b", "regenerated", "改为重生", ["regen"], [("regen", "tapped", False, True)],
                       "1.1")], []),
              objects={"regen": {"name": "再生者", "owner": "乙", "card": "再生者", "zone": "battlefield"},
                       "terror": {"name": "恐惧", "owner": "甲", "card": "恐惧", "zone": "graveyard"}})
    view, f = focus(t, mtg, tapped={"regen": True})
    # the destroy that changed nothing is what was replaced; the target check (a frame act) is not
    assert [a.id for a in chain.decisive(view, f, Cites(mtg, "t"), FRAME)] == ["1.3", "1.4"]


def test_a_state_noticed_without_cause_brings_the_effects_of_its_step(mtg):
    t = trace(([firing("1.1", "413.2b", "effect_pump", "得 +1/+1", ["dog"], [("dog.e", "effect", None, "x")], "1.0"),
                firing("1.2", "413.2b", "effect_chosen", "甲 选择颜色：白", [], (), "1.0"),
                firing("1.3", "418.5a", "characteristics_changed", "2/2 变为 3/3", ["dog"],
                       [("dog", "pt", "2/2", "3/3")])], []),
              objects={"dog": {"name": "野杂种狗", "owner": "甲", "card": "野杂种狗", "zone": "battlefield"}})
    view, f = focus(t, mtg, pt={"dog": "3/3"})
    assert [a.id for a in chain.decisive(view, f, Cites(mtg, "t"), FRAME)] == ["1.1", "1.3"]


def test_expectations_choose_and_bare_ones_take_what_touches_the_question(mtg):
    view, f = focus(LETHAL, mtg, where={"bear": "graveyard"}, fired=["413.2b"], near_miss=["420.5c"])
    seeds = chain.seeds(view, f, Cites(mtg, "t"), FRAME)
    assert [a.id for a in seeds][:2] == ["1.2", "1.4"]
    assert spec("413.2a").bare and not spec({"rule": "413.2a", "reason": "x"}).bare
    assert matches(view.by_id["1.5"], Spec("420.5c", "lethal_damage", ("bear",)), Cites(mtg, "t"))
    assert not matches(view.by_id["1.5"], Spec("420.5c", "lethal_damage", ("bolt",)), Cites(mtg, "t"))
    assert not matches(view.by_id["1.5"], Spec("420.5c", "below_lethal"), Cites(mtg, "t"))


def test_a_refusal_is_always_part_of_the_answer(mtg):
    t = trace(([], []))
    t["steps"][1]["rejected"] = firing("1.0", "409.1h", "cannot_pay", "甲 无法支付", ["bolt"])
    view, f = focus(t, mtg, where={"bolt": "hand"})
    got = chain.decisive(view, f, Cites(mtg, "t"), FRAME)
    assert [a.kind for a in got] == [REFUSED]
    text, _ = answer.compose(got, [], ["闪电击仍在手牌"], t, Names(view, T, "zh"), Cites(mtg, "t"), T, [])
    assert text == "裁定：闪电击仍在手牌。理由：被拒绝：甲 无法支付（规则 409.1h）。"


# ------------------------------------------------------------------ near misses, result, answer

def test_near_misses_only_where_a_player_would_ask(mtg):
    view, f = focus(LETHAL, mtg, where={"bear": "graveyard"})
    cites = Cites(mtg, "t")
    got = chain.decisive(view, f, cites, FRAME)
    # 420.5c is in the chain, but this near miss is about another creature nobody asked about
    assert misses.relevant(view, f, got, cites, {"bear"}) == []
    view, f = focus(LETHAL, mtg, where={"bear": "graveyard"}, not_fired=["420.5c"])
    assert [m.id for m in misses.relevant(view, f, got, cites, {"bear"})] == ["1.4"]     # a named rule


def test_result_says_what_changed_and_is_silent_on_routine(mtg):
    view, f = focus(LETHAL, mtg, where={"bear": "graveyard", "bolt": "graveyard"})
    names = Names(view, T, "zh")
    got = chain.decisive(view, f, Cites(mtg, "t"), FRAME)
    items = result.items(view, f, got, {"where": {"bear": "graveyard", "bolt": "graveyard"}}, names, T,
                         {"graveyard": "坟墓场"}, FRAME)
    assert items == ["灰熊在坟墓场"]
    # nothing checked changed: the unchanged facts are the result, said as unchanged
    view, f = focus(trace(([], [])), mtg, where={"bear": "battlefield"}, life={"乙": 20})
    items = result.items(view, f, [], {"where": {"bear": "battlefield"}, "life": {"乙": 20}}, names, T,
                         {"graveyard": "坟墓场"}, FRAME)
    assert items == ["灰熊仍在坟墓场", "乙的生命仍为 20"]


def test_answer_states_not_applied_only_with_a_reason_and_always_cites(mtg):
    view = TraceView(trace(([], [])))
    names = Names(view, T, "zh")
    text, cites = answer.compose([], [("420.5b", None), ("420.5c", "灰熊 受到 3 点伤害，小于防御力 4")], [], view.trace,
                                 names, Cites(mtg, "t"), T, ["420.5c"])
    assert text == "裁定：规则 420.5c没有适用：灰熊 受到 3 点伤害，小于防御力 4。"
    assert "420.5b" not in text and cites == ["420.5c"]
    text, cites = answer.compose([], [], ["灰熊仍在场上"], view.trace, names, Cites(mtg, "t"), T, ["420.5c"])
    assert text == "裁定：灰熊仍在场上（规则 420.5c）。" and cites == ["420.5c"]
    text, _ = answer.compose([], [], [], view.trace, names, Cites(mtg, "t"), T, ["420.5c"])
    assert text.startswith("裁定：没有任何规则改变") and "（规则 420.5c）" in text


def test_the_verdict_leads_even_when_the_chain_says_it(mtg):
    # a judge announces who won first; the chain, in the engine's words, is the reason (it may say it again)
    t = trace(([firing("1.1", "102.2a", "winner", "甲 的对手都已输掉这盘游戏，甲 赢得这盘游戏", ["甲"],
                       [("甲", "won", False, True)])], []),
              result={"life": {}, "winner": "甲", "lost": ["乙"]})
    view = TraceView(t)
    text, _ = answer.compose(view.fired(), [], [], t, Names(view, T, "zh"), Cites(mtg, "t"), T, [])
    assert text == "裁定：甲 赢得这盘游戏。理由：甲 的对手都已输掉这盘游戏，甲 赢得这盘游戏（规则 102.2a）。"
    text, _ = answer.compose([], [], ["x"], t, Names(view, T, "zh"), Cites(mtg, "t"), T, [])
    assert text == "裁定：甲 赢得这盘游戏。x。"


def test_who_lost_leads_and_a_draw_is_called_a_draw(mtg):
    # two of three players lost, nobody won yet: they are named first, then the checked facts, then the reason
    t = trace(([firing("1.1", "420.5a", "zero_life", "乙 的生命为 0，输掉这盘游戏", ["乙"], [("乙", "lost", False, True)])],
               []), result={"life": {"乙": 0}, "winner": None, "lost": ["乙", "丙"]}, players=("甲", "乙", "丙"))
    view = TraceView(t)
    text, _ = answer.compose(view.fired(), [], ["乙的生命为 0"], t, Names(view, T, "zh"), Cites(mtg, "t"), T, [])
    assert text == "裁定：乙、丙 输掉这盘游戏。乙的生命为 0。理由：乙 的生命为 0，输掉这盘游戏（规则 420.5a）。"
    # every player lost at once and nobody won: a draw (102.4), not a list of losers
    t = trace(([], []), result={"life": {}, "winner": None, "lost": ["甲", "乙", "丙"]}, players=("甲", "乙", "丙"))
    text, _ = answer.compose([], [], [], t, Names(TraceView(t), T, "zh"), Cites(mtg, "t"), T, ["102.4"])
    assert text == "裁定：这盘游戏平手：甲、乙、丙 同时输掉（规则 102.4）。"
    # two players both losing is a draw too; the only player of a one-player game losing is not
    t = trace(([], []), result={"life": {}, "winner": None, "lost": ["甲", "乙"]})
    text, _ = answer.compose([], [], [], t, Names(TraceView(t), T, "zh"), Cites(mtg, "t"), T, ["102.4"])
    assert text == "裁定：这盘游戏平手：甲、乙 同时输掉（规则 102.4）。"
    t = trace(([], []), result={"life": {}, "winner": None, "lost": ["甲"]}, players=("甲",))
    text, _ = answer.compose([], [], [], t, Names(TraceView(t), T, "zh"), Cites(mtg, "t"), T, ["102.4"])
    assert text == "裁定：甲 输掉这盘游戏（规则 102.4）。"

# the answer first, then its reason: what a judge says at the table ("灰熊在坟墓场。理由：…（规则 …）")

def _lethal_answer(mtg, not_applied=(), final=("灰熊在坟墓场",), fallback=("420.5c",), t=T):
    view, f = focus(LETHAL, mtg, where={"bear": "graveyard"})
    cites = Cites(mtg, "t")
    got = chain.decisive(view, f, cites, FRAME)
    text, ids = answer.compose(got, list(not_applied), list(final), LETHAL, Names(view, t, "zh"), cites, t,
                               list(fallback))
    return text, ids, list(cites.order)


def test_answer_first_then_the_chain_with_its_rules_then_what_did_not_apply(mtg):
    text, ids, order = _lethal_answer(mtg, not_applied=[("420.5a", "乙 的生命为 20"), ("420.5b", None)])
    assert text == ("裁定：灰熊在坟墓场。理由：闪电击 对 灰熊 造成 3 点伤害；灰熊 被消灭（规则 413.2b、420.5c）。"
                    "规则 420.5a没有适用：乙 的生命为 20。")
    # cited in the order read, the rules the chain rests on first: the 引用的规则 section keeps its order
    assert ids == order == ["413.2b", "420.5c", "420.5a"]


def test_answer_first_with_who_won_before_the_reason(mtg):
    view = TraceView(LETHAL)
    won = dict(LETHAL, result={"life": {}, "winner": "甲", "lost": ["乙"]})
    got = [view.by_id["1.2"], view.by_id["1.5"]]
    text, ids = answer.compose(got, [], ["灰熊在坟墓场", "乙的生命为 0"], won, Names(view, T, "zh"), Cites(mtg, "t"),
                               T, ["420.5c"])
    assert text == ("裁定：甲 赢得这盘游戏。灰熊在坟墓场；乙的生命为 0。"
                    "理由：闪电击 对 灰熊 造成 3 点伤害；灰熊 被消灭（规则 413.2b、420.5c）。")
    # who lost, when nobody won: also before the reason
    lost = dict(LETHAL, result={"life": {}, "winner": None, "lost": ["乙"]})
    text, _ = answer.compose(got, [], [], lost, Names(view, T, "zh"), Cites(mtg, "t"), T, [])
    assert text == "裁定：乙 输掉这盘游戏。理由：闪电击 对 灰熊 造成 3 点伤害；灰熊 被消灭（规则 413.2b、420.5c）。"


def test_answer_without_a_result_is_the_chain_itself_unlabelled(mtg):
    text, ids, _ = _lethal_answer(mtg, final=())
    assert text == "裁定：闪电击 对 灰熊 造成 3 点伤害；灰熊 被消灭（规则 413.2b、420.5c）。"
    text, _, _ = _lethal_answer(mtg, final=(), not_applied=[("420.5a", "乙 的生命为 20")])
    assert text == "裁定：闪电击 对 灰熊 造成 3 点伤害；灰熊 被消灭（规则 413.2b、420.5c）。规则 420.5a没有适用：乙 的生命为 20。"


def test_answer_with_only_a_result_cites_the_scenarios_rules_after_it(mtg):
    view = TraceView(trace(([], [])))
    names = Names(view, T, "zh")
    cites = Cites(mtg, "t")
    text, ids = answer.compose([], [], ["灰熊仍在场上", "乙的生命仍为 20"], view.trace, names, cites, T,
                               ["420.5c", "420.5a"])
    assert text == "裁定：灰熊仍在场上；乙的生命仍为 20（规则 420.5c、420.5a）。"
    assert ids == list(cites.order) == ["420.5c", "420.5a"]
    # a result with a rule that did not apply: that rule is the citation, said after the answer
    text, ids = answer.compose([], [("420.5c", "灰熊 受到 3 点伤害，小于防御力 4")], ["灰熊仍在场上"], view.trace,
                               names, Cites(mtg, "t"), T, ["420.5a"])
    assert text == "裁定：灰熊仍在场上。规则 420.5c没有适用：灰熊 受到 3 点伤害，小于防御力 4。" and ids == ["420.5c"]
    # who won and nothing else: still cites the scenario's rule (every 裁定 cites one)
    won = trace(([], []), result={"life": {}, "winner": "甲", "lost": ["乙"]})
    text, ids = answer.compose([], [], [], won, names, Cites(mtg, "t"), T, ["102.2a"])
    assert text == "裁定：甲 赢得这盘游戏（规则 102.2a）。" and ids == ["102.2a"]


def test_answer_words_are_template_data(mtg):
    from judge.explain.templates import Templates
    data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in T.data.items()}
    data["answer"].update(lead="RULING: {text}", reason="BECAUSE {text}", part_sep=". ", end=".")
    text, _, _ = _lethal_answer(mtg, not_applied=[("420.5a", "乙 的生命为 20")], t=Templates("xx", data, "test"))
    assert text.startswith("RULING: 灰熊在坟墓场. BECAUSE 闪电击") and text.endswith("乙 的生命为 20.")


# ------------------------------------------------------------------ names

def test_objects_sharing_a_name_by_owner_id_or_number():
    objects = {"h1": {"name": "英雄（战士）", "owner": "甲", "card": "英雄（战士）", "zone": "play"},
               "h2": {"name": "英雄（战士）", "owner": "乙", "card": "英雄（战士）", "zone": "play"},
               "c1": {"name": "Charge", "owner": "甲", "card": "Charge", "zone": "hand"},
               "c2": {"name": "Charge", "owner": "甲", "card": "Charge", "zone": "hand"},
               "c2.copy": {"name": "Charge", "owner": "甲", "card": "Charge", "zone": "gone"},
               "x.ab": {"name": "X的异能", "owner": None, "card": None, "zone": "stack-item"},
               "y.ab": {"name": "X的异能", "owner": None, "card": None, "zone": "stack-item"},
               "solo": {"name": "Fire Blast", "owner": "甲", "card": "Fire Blast", "zone": "hand"}}
    t = trace(([], []), objects=objects, zones={"甲.play": ["h1"], "乙.play": ["h2"], "甲.hand": ["c1", "c2", "solo"]})
    names = Names(TraceView(t), T, "zh")
    assert [names.show(i) for i in ("h1", "h2", "c1", "c2", "c2.copy", "x.ab", "solo", "甲")] == [
        "甲的英雄（战士）", "乙的英雄（战士）", "Charge（c1）", "Charge（c2）", "Charge#3", "X的异能", "Fire Blast", "甲"]
    step = {"what": "cast", "data": {"actor": "甲", "cast": "c1", "targets": ["h2", "甲"]}}
    assert names.step(step) == "甲 使用 Charge（c1）"
    step = {"what": "attack", "data": {"actor": "甲", "attack": {"solo": "h2"}}}
    assert "Fire Blast→乙的英雄（战士）" in names.step(step)


# ------------------------------------------------------------------ citing

def test_citations_read_as_the_book_names_them():
    assert cites_text(["420.5c", "413.2b"], T) == "（规则 420.5c、413.2b）"
    assert cites_text(["703.5", "glossary:战斗伤害", "glossary:总生命"], T) == "（规则 703.5；术语「战斗伤害」、「总生命」）"
    assert cites_text([], T) == ""
    assert label("glossary:提议", T) == "「提议」" and label("709.2a", T) == "709.2a"
    assert name("glossary:提议", T) == "术语「提议」" and name("709.2a", T) == "规则 709.2a"
    assert quote_text("glossary:提议", "玩家…", T) == "（术语「提议」：「玩家…」）"
    assert quote_text("420.5c", "防御力大于0…", T) == "（规则 420.5c：「防御力大于0…」）"
    assert number_of("mtg:420.5c") == "420.5c" and number_of("420.5c") == "420.5c"


# ------------------------------------------------------------------ quotes

def test_sentences_never_end_on_a_colon_nor_split_a_quoted_example():
    assert sentences("若X替代：", ["·数量减少Y。若少于1，便消失。", "·另一项。"]) == [
        "若X替代：数量减少Y。", "若少于1，便消失。", "另一项。"]
    assert sentences("比如（「甲。」或「乙。」）这样。丙。") == ["比如（「甲。」或「乙。」）这样。", "丙。"]


def test_the_quote_is_the_sentence_that_decides(mtg):
    from judge.ruledoc import rule_doc
    from rulebook.lookup import ALONE

    def q(uid, decided, limit=72):
        d = rule_doc(mtg, mtg.node(uid), ALONE)
        return deciding_sentence(d["text"], d["items"], decided, limit)

    pt = q("418.5a", "野杂种狗 的力量/防御力由 2/2 变为 4/4（分类层：6b 野杂种狗 +1/+1；6d 十字军 +1/+1）")
    assert "(6b)" in pt and "(6d)" in pt and pt.startswith("…")          # the sublayers, not the opening
    assert q("413.2a", "灵气冲击波 的所有目标都不合法，灵气冲击波 被反击") == "若所有目标皆不合法，此咒语或异能便被反击"
    # nothing distinctive in what it did (or a word only an example in parentheses uses): the opening
    assert q("413.2b", "再生者 为 再生者 产生重生护盾") == "咒语或异能的操控者依序执行其上的指示"
    assert q("420.5c", "") == "防御力大于0且受到致命伤害的生物会被消灭。"
    short = q("418.5a", "6b 6d", limit=20)
    assert len(short) <= 20 and short.endswith("…")
    assert deciding_sentence("", [], "x") == ""


# ------------------------------------------------------------------ mechanisms

def test_a_rule_points_to_the_rules_of_the_mechanisms_it_names(mtg):
    assert mechanisms(mtg, "420.5c", mtg.node("420.5c").text) == ["419.6b"]       # 重生
    assert mechanisms(mtg, "310.5", mtg.node("310.5").text) == ["502.2"]          # 先攻: a heading rule
    assert "419.6b" not in mechanisms(mtg, "419.6b", mtg.node("419.6b").text)      # not itself
    terms = defined_terms(mtg)
    assert terms["重生"] == ["419.6b"] and terms["先攻"] == ["502.2"] and terms["致命伤害"] == ["420.5c"]
    assert "生物" not in terms and "异能可以" not in terms                          # vocabulary; no definition
    assert heading_only("先攻First Strike") and not heading_only("重生是针对消灭的替代性效应。")
    assert not heading_only("")


def test_focus_reads_every_checked_fact_once(mtg):
    view = TraceView(LETHAL)
    f = focus_of({"expect": {"where": {"bear": "graveyard"}, "zones": {"乙.graveyard": ["bear"]},
                             "mana": {"甲": ""}, "pt": {"nobody": "1/1"}, "fired": ["420.5c"]},
                  "source": "420.5c"}, mtg, view.objects, view.players)
    assert f.facts == [Fact("bear", "zone", "where"), Fact("甲", "pool", "mana")]
    assert [s.rule for s in f.sources] == ["420.5c"] and f.rules(Cites(mtg, "t")) == {"420.5c"}


# ------------------------------------------------------------------ every kind of result

def _items(t, mtg, expect, frame=FRAME):
    view = TraceView(t)
    f = focus_of({"expect": dict(expect)}, mtg, view.objects, view.players)
    got = chain.decisive(view, f, Cites(mtg, "t"), frame)
    return result.items(view, f, got, expect, Names(view, T, "zh"), T, {"battlefield": "场上", "hand": "手牌", "graveyard": "坟墓场"}, frame)


BEAR_ON_FIELD = {"bear": {"name": "灰熊", "owner": "乙", "card": "灰熊", "zone": "battlefield"},
                 "bird": {"name": "飞鸟", "owner": "乙", "card": "飞鸟", "zone": "battlefield"}}


def test_results_of_each_kind_when_they_changed(mtg):
    t = trace(([firing("1.1", "413.2b", "x", "x", ["bear"],
                       [("bear", "damage", 0, 3), ("bear", "tapped", False, True), ("bear", "controller", "乙", "甲"),
                        ("乙", "poison", 0, 2), ("bear", "pt", "2/2", "3/3"), ("bear", "colors", "绿", "白"),
                        ("bird", "keywords", "飞行", ""), ("bear", "types", "生物", "神器生物"),
                        ("甲", "pool", {}, {"R": 1})])], []),
              objects=BEAR_ON_FIELD)
    expect = {"damage": {"bear": 3}, "tapped": {"bear": True}, "controller": {"bear": "甲"}, "poison": {"乙": 2},
              "pt": {"bear": "3/3"}, "colors": {"bear": ["白"]}, "keywords": {"bird": []},
              "types": {"bear": ["神器", "生物"]}, "mana": {"甲": "{红}"}}
    assert _items(t, mtg, expect) == [
        "灰熊负有 3 点伤害", "灰熊由甲操控", "乙有 2 个中毒指示物", "灰熊为 3/3", "灰熊的颜色为白", "飞鸟没有飞行",
        "灰熊的类别为神器、生物", "甲的魔法力池中有 {红}", "灰熊已横置"]


def test_results_of_each_kind_that_did_not_change_are_said_only_when_nothing_else_is(mtg):
    t = trace(([], []), objects=BEAR_ON_FIELD)
    expect = {"damage": {"bear": 0}, "tapped": {"bear": False}, "pt": {"bear": None}, "colors": {"bear": []},
              "keywords": {"bird": ["飞行"], "bear": []}, "mana": {"甲": ""}, "hand_count": {"甲": 2},
              "where": {"bear": "battlefield"}}
    assert _items(t, mtg, expect) == [
        "灰熊仍在场上", "灰熊上没有伤害", "灰熊没有力量与防御力（不是生物）", "灰熊为无色", "飞鸟具有飞行",
        "灰熊没有关键词异能", "甲的魔法力池是空的", "甲的手牌为 2 张", "灰熊未横置"]
    moved = trace(([firing("1.1", "413.2b", "x", "x", ["bird"], [("bird", "zone", "hand", "battlefield")])], []),
                  objects=BEAR_ON_FIELD)
    expect["where"] = {"bird": "battlefield", "bear": "battlefield"}
    assert _items(moved, mtg, expect) == ["飞鸟在场上"]          # one fact changed: only it is the result


def test_a_fact_only_a_frame_act_changed_is_no_result(mtg):
    t = trace(([firing("1.1", "413.1", "resolves", "x", ["bird"], [("bird", "zone", "stack", "battlefield")]),
                firing("1.2", "413.2b", "effect_tap", "x", ["bear"], [("bear", "tapped", False, True)], "1.1")], []),
              objects=BEAR_ON_FIELD)
    assert _items(t, mtg, {"where": {"bird": "battlefield"}, "tapped": {"bear": True}}) == ["灰熊已横置"]


def test_life_and_damage_the_chain_changed_are_results_even_unchecked(mtg):
    t = trace(([firing("1.1", "413.2b", "effect_damage", "x", ["bear"],
                       [("bear", "zone", "hand", "battlefield"), ("乙", "life", 20, 17)])], []),
              objects=BEAR_ON_FIELD, result={"life": {"甲": 20, "乙": 17}, "winner": None, "lost": []})
    assert _items(t, mtg, {"where": {"bear": "battlefield"}}) == ["灰熊在场上", "乙的生命为 17"]


def test_nothing_checked_changed_the_last_act_about_it_is_the_answer(mtg):
    t = trace(([firing("1.1", "413.2b", "effect_chosen", "甲 选择生物类别：人类", ["bird"]),
                firing("1.2", "413.1", "resolves", "x", ["bird"]),
                firing("1.3", "413.2b", "effect_no_objects", "族群号令 没有影响任何生物", ["甲"])], []),
              objects=BEAR_ON_FIELD)
    view, f = focus(t, mtg, pt={"bird": "1/1"})
    assert [a.id for a in chain.decisive(view, f, Cites(mtg, "t"), FRAME)] == ["1.1"]
    view, f = focus(t, mtg, pt={"bear": "2/2"})
    assert chain.decisive(view, f, Cites(mtg, "t"), FRAME) == []


def test_the_mechanisms_the_mtg_book_defines(mtg):
    # read as a judge: each is a keyword ability (502.x, a heading rule), a zone, a card type or a mechanism the
    # book defines in a sentence ("重生是…", "致命伤害是指…", "「反击某个咒语」意指…"); section titles (一般规则, 衍生物)
    # and the words most rules use (生物, 玩家) are not among them
    assert defined_terms(mtg) == {
        "侧面攻击": ["502.3", "502.3a"], "先攻": ["502.2"], "双人游戏": ["100.1a"], "反击某个咒语": ["414.1"],
        "反击某个异能": ["414.1"], "坟墓场": ["217.4", "217.4a"], "多人游戏": ["100.1b"], "巫术": ["212.7"],
        "手牌": ["217.3"], "改变目标": ["415.7"], "敏捷": ["502.5"], "时序": ["408.1"],
        "替代性效应": ["419.6", "419.6d"], "永久物类别": ["214.2"], "牌库": ["217.2"], "略过": ["419.6e"],
        "瞬间": ["212.5"], "神器": ["212.2"], "移出战斗": ["306.2"], "移出游戏": ["217.7"], "结界": ["212.4"],
        "致命伤害": ["420.5c"], "赌注": ["217.9"], "超类别": ["205.4"], "跃离区": ["217.8"], "重生": ["419.6b"],
        "防止性效应": ["419.7"], "飞行": ["502.4"]}


def test_one_sentence_two_acts_share_because_it_names_both_is_said_once(mtg):
    both = ["l1", "l2"]
    t = trace(([firing("1.1", "420.5e", "legend_rule", "传奇规则：两个传奇之地均置入坟墓场", both,
                       [("l1", "zone", "battlefield", "graveyard")]),
                firing("1.2", "420.5e", "legend_rule", "传奇规则：两个传奇之地均置入坟墓场", both,
                       [("l2", "zone", "battlefield", "graveyard")])], []))
    view = TraceView(t)
    text, _ = answer.compose(view.fired(), [], [], t, Names(view, T, "zh"), Cites(mtg, "t"), T, [])
    assert text == "裁定：传奇规则：两个传奇之地均置入坟墓场（规则 420.5e）。"


def test_what_leaving_play_cleared_is_no_result_but_what_a_move_set_is(mtg):
    gone = {"bear": {"name": "灰熊", "owner": "乙", "card": "灰熊", "zone": "graveyard"},
            "bird": {"name": "飞鸟", "owner": "乙", "card": "飞鸟", "zone": "battlefield"}}
    t = trace(([firing("1.1", "413.2b", "effect_destroy", "x", ["bear"],
                       [("bear", "damage", 1, 0), ("bear", "tapped", True, False),
                        ("bear", "zone", "battlefield", "graveyard")]),
                firing("1.2", "413.2b", "effect_put", "x", ["bird"],
                       [("bird", "zone", "hand", "battlefield"), ("bird", "controller", "乙", "甲")])], []),
              objects=gone, zones={"乙.hand": ["bird"]})
    expect = {"where": {"bear": "graveyard", "bird": "battlefield"}, "damage": {"bear": 0},
              "tapped": {"bear": False}, "controller": {"bird": "甲"}}
    # the graveyard says the damage and the tap went with it; the battlefield does not say who controls the bird
    assert _items(t, mtg, expect) == ["灰熊在坟墓场", "飞鸟在场上", "飞鸟由甲操控"]
    stays = trace(([firing("1.1", "413.2b", "effect_regen", "x", ["bear"], [("bear", "damage", 1, 0)])], []),
                  objects=BEAR_ON_FIELD)
    assert _items(stays, mtg, {"damage": {"bear": 0}}) == ["灰熊上没有伤害"]    # no move: the cleared damage is the point


def test_a_pool_in_the_games_words_never_a_literal(mtg):
    t = trace(([firing("1.1", "413.2b", "x", "x", ["bear"], [("甲", "pool", {"R": 1}, {})])], []),
              objects=BEAR_ON_FIELD)
    assert _items(t, mtg, {"mana": {"甲": ""}}) == ["甲的魔法力池是空的"]
    rift = dict(t, game="riftbound")
    view = TraceView(rift)
    f = focus_of({"expect": {"mana": {"甲": {"法力": 2, "符能": 0}}}}, mtg, view.objects, view.players)
    assert result.items(view, f, [], {"mana": {"甲": {"法力": 2, "符能": 0}}}, Names(view, T, "zh"), T, {},
                        FRAME) == ["甲的符文池中有 法力2"]


def test_an_act_of_a_mechanic_the_book_does_not_number_is_told_never_cited(mtg):
    """Riftbound's engine applies mechanics its excerpt does not number (a unit entering the board): the act
    is part of what happened, marked as not in the book, and never cited; its near misses answer nothing."""
    t = trace(([dict(firing("1.1", "413.2b", "effect_damage", "闪电击 对 灰熊 造成 3 点伤害", ["bolt", "bear"],
                             [("bear", "damage", 0, 3)])),
                dict(firing("1.2", "x", "enters_board", "灰熊 进入场地", ["bear"],
                            [("bear", "zone", "hand", "battlefield")], "1.1"), rule=None, mechanic="进入场地")],
               [dict(firing("1.3", "x", "not_now", "不能打出", ["bear"]), rule=None, mechanic="打出时机")]),
              objects=BEAR_ON_FIELD)
    view = TraceView(t)
    assert [a.id for a in view.acts] == ["1.1", "1.2"] and [a.id for a in view.fired()] == ["1.1"]
    cites = Cites(mtg, "t")
    assert cites.uid(None) is None and cites.cite(None) is None and list(cites.order) == []
    f = focus_of({"expect": {"where": {"bear": "battlefield"}}}, mtg, view.objects, view.players)
    got = chain.decisive(view, f, cites, FRAME)
    assert [a.id for a in got] == ["1.1", "1.2"]
    text, ids = answer.compose(got, [], ["灰熊在场上"], t, Names(view, T, "zh"), cites, T, [])
    assert ids == ["413.2b"] and "灰熊 进入场地" in text and "（规则 413.2b）" in text
    from judge.explain import steps
    built = steps.build(view, Names(view, T, "zh"), cites, steps.Quotes(mtg, T), T, quiet=frozenset(),
                        keep_rules=set(), keep_acts=set())
    detail = built[0]["details"][1]
    assert detail["rule"] is None and detail["quote"] == "（进入场地：本书未收录，无规则编号）"
    assert built[0]["rules"] == ["413.2b"]


def test_a_chain_of_unnumbered_mechanics_rests_on_the_numbered_rule_before_it(mtg):
    t = trace(([firing("1.1", "413.1", "resolves", "闪电击开始结算", ["bolt"]),
                firing("1.2", "413.2b", "effect_put", "闪电击 将 灰熊 放到手上", ["bolt", "bear"], [], "1.1")], []),
              ([dict(firing("2.1", "x", "enters_board", "灰熊 进入场地", ["bear"],
                            [("bear", "zone", "hand", "battlefield")]), rule=None, mechanic="进入场地")], []),
              objects=BEAR_ON_FIELD)
    view = TraceView(t)
    f = focus_of({"expect": {"where": {"bear": "battlefield"}}}, mtg, view.objects, view.players)
    assert [a.id for a in chain.decisive(view, f, Cites(mtg, "t"), FRAME)] == ["1.2", "2.1"]
    t2 = trace(([firing("1.1", "413.2b", "effect_damage", "x", ["bird"], [("bird", "damage", 0, 1)])], []),
               ([dict(firing("2.1", "x", "enters_board", "灰熊 进入场地", ["bear"],
                             [("bear", "zone", "hand", "battlefield")]), rule=None, mechanic="进入场地")], []),
               objects=BEAR_ON_FIELD)
    view2 = TraceView(t2)
    f2 = focus_of({"expect": {"where": {"bear": "battlefield"}}}, mtg, view2.objects, view2.players)
    assert [a.id for a in chain.decisive(view2, f2, Cites(mtg, "t"), FRAME)] == ["2.1"]   # nothing about the bear


def test_a_bare_expectation_takes_the_acts_touching_the_question_else_the_last(mtg):
    """`fired: [413.2b]` names no objects: of several firings of 413.2b, those about what is checked — none,
    then the last; an expectation naming a reason or objects takes every act it matches."""
    def t_of(*acts):
        return trace((list(acts), []), objects=BEAR_ON_FIELD)
    a = firing("1.1", "413.2b", "effect_x", "x", ["bird"])
    b = firing("1.2", "413.2b", "effect_x", "x", ["bear"])
    c = firing("1.3", "413.2b", "effect_y", "x", ["甲"])
    cases = [((a, b, c), ["413.2b"], ["1.2"]), ((a, b), ["413.2b"], ["1.2"]), ((a, c), ["413.2b"], ["1.3"]),
             ((a,), ["413.2b"], ["1.1"]), ((a, b, c), [{"rule": "413.2b", "reason": "effect_x"}], ["1.1", "1.2"])]
    for acts, fired, want in cases:
        view, f = focus(t_of(*acts), mtg, tapped={"bear": False}, fired=fired)
        got = [x.id for x in chain.seeds(view, f, Cites(mtg, "t"), FRAME)]
        assert got[:len(want)] == want, (fired, [x["id"] for x in acts], got)


def test_nothing_changed_only_the_last_act_about_it(mtg):
    t = trace(([firing("1.1", "413.2b", "effect_x", "x", ["bear"])], []),
              ([firing("2.1", "413.2b", "effect_y", "y", ["bear"])], []), objects=BEAR_ON_FIELD)
    view, f = focus(t, mtg, tapped={"bear": False})
    assert [a.id for a in chain.decisive(view, f, Cites(mtg, "t"), FRAME)] == ["2.1"]


def test_a_frame_act_moved_it_because_a_deciding_act_made_it_so(mtg):
    """A card that went to the graveyard by a frame act (413.2h) caused by an act that decides (a sacrifice as
    the spell's instruction) is a result; one only frame acts moved is not."""
    t = trace(([firing("1.1", "413.2b", "effect_sacrifice", "x", ["bird"]),
                firing("1.2", "413.2h", "to_graveyard", "x", ["bird"], [("bird", "zone", "battlefield", "graveyard")],
                       "1.1")], []), objects=BEAR_ON_FIELD)
    assert _items(t, mtg, {"where": {"bird": "graveyard"}}) == ["飞鸟在场上"]     # the trace's final zone, named
    framed = trace(([firing("1.1", "413.1", "resolves", "x", ["bird"]),
                     firing("1.2", "413.2h", "to_graveyard", "x", ["bird"], [("bird", "zone", "battlefield", "graveyard")],
                            "1.1")], []), objects=BEAR_ON_FIELD)
    assert _items(framed, mtg, {"where": {"bird": "graveyard"}}) == []


def test_a_fact_with_no_value_says_nothing(mtg):
    t = trace(([], []), objects=BEAR_ON_FIELD, result={"life": {}, "winner": None, "lost": []})
    expect = {"poison": {"甲": None}, "controller": {"bear": None}, "hand_count": {"甲": None}, "life": {"乙": 20},
              "damage": {"bear": None}}
    assert _items(t, mtg, expect) == []


def test_who_won_is_decided_by_the_losses_that_left_one_player(mtg):
    # the bolt's damage → 乙 loses → 甲 wins: a winner is a fact like any other, and so is every other player's loss
    t = trace(([firing("1.1", "413.2b", "effect_damage", "闪电击 对 乙 造成 3 点伤害", ["bolt", "乙"],
                       [("乙", "life", 3, 0)]),
                firing("1.2", "420.5a", "life_zero", "乙 的生命为 0，输掉这盘游戏", ["乙"], [("乙", "lost", False, True)],
                       "1.1"),
                firing("1.3", "102.2a", "winner", "甲 赢得这盘游戏", ["甲"], [("甲", "won", False, True)])], []))
    view, f = focus(t, mtg, winner="甲")
    assert Fact("甲", "won", "winner") in f.facts and Fact("乙", "lost", "lost") in f.facts
    assert [a.id for a in chain.decisive(view, f, Cites(mtg, "t"), FRAME)] == ["1.1", "1.2", "1.3"]
    view, f = focus(t, mtg, lost=["乙"])
    assert f.facts == [Fact("乙", "lost", "lost")]
    view, f = focus(t, mtg, winner="nobody")          # not a player of this game: no fact
    assert f.facts == []


def test_a_step_names_every_object_of_a_mapping_even_in_a_list():
    # a blocker blocking two attackers ({wall: [bear1, bear2]}): each attacker by its ruling name, never its id
    objs = {"wall": {"name": "木墙", "owner": "乙", "card": "木墙", "zone": "battlefield"},
            "bear1": {"name": "灰熊", "owner": "甲", "card": "灰熊", "zone": "battlefield"},
            "bear2": {"name": "灰熊", "owner": "甲", "card": "灰熊", "zone": "battlefield"}}
    view = TraceView(trace(([], []), objects=objs, zones={"甲.battlefield": ["bear1", "bear2"]}))
    text = Names(view, T, "zh").step({"what": "block", "data": {"as": "乙", "block": {"wall": ["bear1", "bear2"]}}})
    assert text.endswith("宣告阻挡：木墙→灰熊（bear1）、灰熊（bear2）")        # the suffix tells the two bears apart


def test_a_refused_answer_names_same_named_objects_apart():
    # the engine rendered 「灰熊 承受 3 点、灰熊 承受 3 点」; the ruling re-renders the phrase records with its own names
    objs = {"bear1": {"name": "灰熊", "owner": "乙", "card": "灰熊", "zone": "battlefield"},
            "bear2": {"name": "灰熊", "owner": "乙", "card": "灰熊", "zone": "battlefield"},
            "rhino": {"name": "巨犀", "owner": "甲", "card": "巨犀", "zone": "battlefield"}}
    answer_ = [{"phrase": "answer.assign", "who": {"id": b, "name": "灰熊"}, "amount": 3} for b in ("bear1", "bear2")]
    refused = firing("1.1", "310.2", "invalid_choice", "甲 的选择（战斗伤害的分配）「灰熊 承受 3 点、灰熊 承受 3 点」不合法",
                     fields={"player": {"id": "甲", "name": "甲"}, "choice": "战斗伤害的分配", "answer": answer_})
    view = TraceView(trace(([refused], []), objects=objs, zones={"乙.battlefield": ["bear1", "bear2"]}))
    names = Names(view, T, "zh")
    (act,) = view.fired()
    text = names.text(act)
    assert "「灰熊（bear1） 承受 3 点、灰熊（bear2） 承受 3 点」" in text
    # nothing shared: the engine's own text stands
    alone = firing("1.1", "310.2", "invalid_choice", "引擎的原文", fields={"answer": [{"phrase": "answer.assign",
                   "who": {"id": "rhino", "name": "巨犀"}, "amount": 3}]})
    view = TraceView(trace(([alone], []), objects=objs))
    assert Names(view, T, "zh").text(view.fired()[0]) == "引擎的原文"


# ------------------------------------------------------------------ what a scenario asks (focus_of)
def test_focus_zones_lists_each_known_object_as_a_zone_fact(mtg):
    """`zones: {甲.graveyard: [ids]}` asks where each listed object is; an id the trace never had asks nothing."""
    _, f = focus(LETHAL, mtg, zones={"乙.graveyard": ["bear", "ghost"], "甲.graveyard": ["bolt"], "甲.hand": None})
    assert sorted((x.subject, x.attr, x.key) for x in f.facts) == [("bear", "zone", "zones"), ("bolt", "zone", "zones")]


def test_focus_one_fact_per_subject_and_attribute_whatever_checks_it(mtg):
    _, f = focus(LETHAL, mtg, where={"bear": "graveyard"}, zones={"乙.graveyard": ["bear"]})
    assert [(x.subject, x.attr) for x in f.facts] == [("bear", "zone")]
    assert f.facts[0].key == "where"     # the first key that asked keeps it


def test_focus_ignores_keys_that_check_no_state_and_unknown_subjects(mtg):
    _, f = focus(LETHAL, mtg, damage={"bear": 3, "nobody": 1}, notes={"bear": "x"}, where="graveyard")
    assert [(x.subject, x.attr) for x in f.facts] == [("bear", "damage")]


def test_focus_fired_in_order_counts_as_fired_and_keeps_its_order(mtg):
    _, f = focus(LETHAL, mtg, fired=["413.2b"], fired_in_order=["413.1", {"rule": "420.5c", "reason": "lethal_damage"}])
    assert [s.rule for s in f.fired] == ["413.2b", "413.1", "420.5c"]
    assert f.fired[2] == Spec("420.5c", "lethal_damage")


def test_focus_winner_makes_every_other_player_a_loss_to_explain(mtg):
    _, f = focus(LETHAL, mtg, winner="甲")
    assert {(x.subject, x.attr) for x in f.facts} == {("甲", "won"), ("乙", "lost")}
    _, f = focus(LETHAL, mtg, winner="丙")                 # not a player of this game: asks nothing
    assert f.facts == []
    _, f = focus(LETHAL, mtg, lost=["乙"])
    assert [(x.subject, x.attr) for x in f.facts] == [("乙", "lost")]


def test_focus_sources_keep_only_rules_the_book_has(mtg):
    _, f = focus(LETHAL, mtg, source=["420.5c", "999.9z"])
    assert [s.rule for s in f.sources] == ["420.5c"]
    _, f = focus(LETHAL, mtg, source="413.2b")              # a single source as a string
    assert [s.rule for s in f.sources] == ["413.2b"]
