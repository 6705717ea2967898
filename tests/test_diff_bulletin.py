"""The update bulletin read from a given alignment (rulebook/editions/changes.py, issue 18).

The alignments here are written by hand, so each test pins how `bulletin`,
`glossary_changes` and `term_changes` classify what they are given (the kinds
and counts docs/editions.md "The bulletin" defines), not what the aligner finds.
"""
from __future__ import annotations

import pytest

from rulebook.editions.align import Alignment, Match
from rulebook.editions.changes import KINDS, Change, bulletin, glossary_changes, in_scope, term_changes
from rulebook.parse import parse_text

OLD = """1. 总则
100. 一般规则
100.1. 牌手的起始生命为二十点。参见规则100.2。
100.2. 牌手在游戏开始时抓七张牌。
100.3. 这条规则说明魔法力灼伤。
100.4. 地牌每回合只能使用一张。
100.5. 生物在进入战场的回合不能攻击。
100.6. 法术在堆叠上结算。
"""
NEW = """1. 总则
100. 一般规则
100.1. 牌手的起始生命为二十点。参见规则100.3。
100.2. 一条全新的规则，讲述指挥官玩法。
100.3. 牌手在游戏开始时抓七张牌。
100.4. 地牌每回合只能下一张。
100.7. 生物在进入战场的回合不能攻击或横置。
100.8. 法术在堆叠上结算，
100.9. 然后进入坟墓场。
"""


def books(old=OLD, new=NEW):
    return parse_text(old, book_id="old", dialect="mtg"), parse_text(new, book_id="new", dialect="mtg")


def alignment(old, new, matches) -> Alignment:
    al = Alignment(old.id, new.id, old.sha256, new.sha256, "zh", "zh")
    al.matches = [Match(o, n, c, c, c, role) for o, n, c, role in matches]
    return al


ONES = [("1", "1", 0.99, "one"), ("100", "100", 0.99, "one"), ("100.1", "100.1", 0.95, "one"),
        ("100.2", "100.3", 0.9, "one"), ("100.4", "100.4", 0.8, "one"), ("100.5", "100.7", 0.7, "one"),
        ("100.6", "100.8", 0.85, "one"), ("100.6", "100.9", 0.6, "split")]


@pytest.fixture(scope="module")
def pair():
    old, new = books()
    return old, new, bulletin(alignment(old, new, ONES), old, new, terms=False)


def kinds(b):
    return {(tuple(c.old), tuple(c.new)): c for c in b.changes}


def test_each_rule_gets_the_kind_its_numbers_and_words_say(pair):
    _, _, b = pair
    k = kinds(b)
    assert k[(("100",), ("100",))].kind == "unchanged"
    assert k[(("100.1",), ("100.1",))].kind == "references"          # only the cited number differs
    assert k[(("100.1",), ("100.1",))].reworded is False
    assert k[(("100.2",), ("100.3",))].kind == "renumbered" and not k[(("100.2",), ("100.3",))].reworded
    assert k[(("100.4",), ("100.4",))].kind == "reworded" and k[(("100.4",), ("100.4",))].reworded
    assert k[(("100.5",), ("100.7",))].kind == "renumbered" and k[(("100.5",), ("100.7",))].reworded
    assert k[(("100.3",), ())].kind == "removed" and k[(("100.3",), ())].old_text == "这条规则说明魔法力灼伤。"
    assert k[((), ("100.2",))].kind == "added" and k[((), ("100.2",))].new_text.startswith("一条全新的规则")
    assert k[(("100.5",), ("100.7",))].confidence == 0.7
    assert (k[(("100.4",), ("100.4",))].old_text, k[(("100.4",), ("100.4",))].new_text) == \
        ("地牌每回合只能使用一张。", "地牌每回合只能下一张。")


def test_a_split_lists_its_counterpart_first_with_the_lowest_confidence_of_its_parts(pair):
    _, _, b = pair
    split = kinds(b)[(("100.6",), ("100.8", "100.9"))]
    assert split.kind == "split" and split.reworded and split.confidence == 0.6
    assert split.old_text == "法术在堆叠上结算。" and split.new_text == "法术在堆叠上结算，\n然后进入坟墓场。"
    assert not any(c.kind == "added" and c.new in (["100.8"], ["100.9"]) for c in b.changes)


def test_parts_are_ordered_one_first_then_by_confidence():
    old, new = books()
    ms = [("100.6", "100.9", 0.9, "split"), ("100.6", "100.8", 0.5, "one"), ("100.6", "100.2", 0.95, "split")]
    b = bulletin(alignment(old, new, ms), old, new, terms=False)
    split = next(c for c in b.changes if c.kind == "split")
    assert split.new == ["100.8", "100.2", "100.9"] and split.confidence == 0.5


def test_a_merge_is_listed_once_with_its_counterpart_first():
    old, new = books()
    ms = [("100.5", "100.7", 0.8, "merge"), ("100.6", "100.7", 0.6, "one"), ("100.4", "100.7", 0.9, "merge")]
    b = bulletin(alignment(old, new, ms), old, new, terms=False)
    merged = [c for c in b.changes if c.kind == "merged"]
    assert len(merged) == 1
    m = merged[0]
    assert m.old == ["100.6", "100.4", "100.5"] and m.new == ["100.7"] and m.confidence == 0.6 and m.reworded
    assert m.old_text == "法术在堆叠上结算。\n地牌每回合只能使用一张。\n生物在进入战场的回合不能攻击。"
    assert m.new_text == "生物在进入战场的回合不能攻击或横置。"
    assert "100.7" not in {u for c in b.changes if c.kind == "added" for u in c.new}


def test_a_shared_split_part_is_reported_as_itself_too():
    """100.6 split into 100.8 and, shared, 100.4 (which is 100.4's own counterpart): 100.4
    is reworded, not merged with 100.6."""
    old, new = books()
    ms = [("100.4", "100.4", 0.8, "one"), ("100.6", "100.8", 0.9, "one"), ("100.6", "100.4", 0.7, "split")]
    b = bulletin(alignment(old, new, ms), old, new, terms=False)
    k = kinds(b)
    assert k[(("100.4",), ("100.4",))].kind == "reworded"
    assert k[(("100.6",), ("100.8", "100.4"))].kind == "split"
    assert not [c for c in b.changes if c.kind == "merged"]


def test_counts_are_rules_by_kind(pair):
    """Chapters are listed but not counted as rules; a split counts its old rule once,
    a merge each of its old rules."""
    _, _, b = pair
    c = b.counts
    assert (c["old_rules"], c["new_rules"]) == (7, 8)        # 100 and its subrules
    assert (c["unchanged"], c["references"], c["reworded"], c["renumbered"], c["split"]) == (1, 1, 1, 2, 1)
    assert (c["renumbered_and_reworded"], c["reworded_all"]) == (1, 2)
    assert (c["removed"], c["added"], c["merged"]) == (1, 1, 0)
    assert c["matched"] == 6
    assert set(KINDS) <= set(c)


def test_counts_of_a_merge_count_each_old_rule():
    old, new = books()
    ms = [("100.5", "100.7", 0.8, "merge"), ("100.6", "100.7", 0.6, "one")]
    c = bulletin(alignment(old, new, ms), old, new, terms=False).counts
    assert (c["merged"], c["matched"], c["removed"], c["added"]) == (2, 2, 5, 7)


def test_a_chapter_and_a_bare_heading_are_shown_by_their_titles():
    old, new = books("1. 总则\n100. 一般规则\n100.1. 甲乙丙。\n", "1. 通则\n100. 一般规则\n100.1. 甲乙丙。\n")
    b = bulletin(alignment(old, new, [("1", "1", 0.9, "one")]), old, new, terms=False)
    k = kinds(b)
    assert (k[(("1",), ("1",))].old_text, k[(("1",), ("1",))].new_text) == ("总则", "通则")
    assert k[(("1",), ("1",))].kind == "reworded"
    assert k[(("100",), ())].old_text == "一般规则"


def test_in_scope_reads_either_book_and_whole_components():
    ch = Change("renumbered", ["100.2"], ["100.3"])
    assert in_scope(ch, "100.2") and in_scope(ch, "100.3") and in_scope(ch, "100")
    assert not in_scope(ch, "100.1") and not in_scope(ch, "10")
    assert in_scope(Change("added", [], ["704.5j"]), "704.5") and not in_scope(Change("added", [], ["704.50"]), "704.5")


# ---------------------------------------------------------------- glossary


def glossary_book(entries, book_id):
    text = "1. 总则\n100. 一般规则\n100.1. 规则。\n词汇表\n\n" + "\n\n".join(f"{h}\n{d}" for h, d in entries) + "\n"
    return parse_text(text, book_id=book_id, dialect="mtg")


def gchanges(old_entries, new_entries, **kw):
    old, new = glossary_book(old_entries, "a"), glossary_book(new_entries, "b")
    if not list(old.glossary()):
        pytest.skip("the parser does not read this glossary layout")
    return {(g.kind, g.old, g.new): g for g in glossary_changes(old, new, **kw)}


def test_a_renamed_entry_with_a_two_character_definition_is_still_paired():
    """Its only bigram is the whole definition; the same definition is wholly alike."""
    g = gchanges([("阴谋", "计谋")], [("邪计", "计谋")])
    assert set(g) == {("renamed", "阴谋", "邪计")} and g[("renamed", "阴谋", "邪计")].alike == 1.0


def test_renamed_entries_need_half_their_bigrams_alike_best_pair_first():
    # 甲乙丙丁戊 has 4 bigrams; 甲乙丙丁己 shares 3 of the 5 in the union (0.6);
    # 甲乙庚辛壬 shares 1 of 7 (0.14): not alike enough
    g = gchanges([("旧名", "甲乙丙丁戊")], [("新名", "甲乙丙丁己"), ("别名", "甲乙庚辛壬")])
    assert ("renamed", "旧名", "新名") in g and g[("renamed", "旧名", "新名")].alike == 0.6
    assert (g[("renamed", "旧名", "新名")].old_text, g[("renamed", "旧名", "新名")].new_text) == ("甲乙丙丁戊", "甲乙丙丁己")
    assert ("added", None, "别名") in g
    g = gchanges([("旧名", "甲乙丙丁戊")], [("新名", "甲乙丙丁己")], min_alike=0.61)
    assert set(g) == {("removed", "旧名", None), ("added", None, "新名")}
    g = gchanges([("旧名", "甲乙丙丁戊")], [("新名", "甲乙丙丁己")], min_alike=0.6)
    assert set(g) == {("renamed", "旧名", "新名")}


def test_each_entry_is_renamed_at_most_once():
    g = gchanges([("旧甲", "甲乙丙丁戊"), ("旧乙", "甲乙丙丁己")], [("新名", "甲乙丙丁戊")])
    assert ("renamed", "旧甲", "新名") in g and ("removed", "旧乙", None) in g
    assert len([k for k in g if k[0] == "renamed"]) == 1


def test_entries_are_paired_by_headword_ignoring_case_and_reworded_when_the_words_differ():
    g = gchanges([("Deathtouch", "甲乙丙丁"), ("共鸣", "子丑寅卯")], [("deathtouch", "甲乙丙丁"), ("共鸣", "子丑寅辰")])
    assert set(g) == {("reworded", "共鸣", "共鸣")}
    assert (g[("reworded", "共鸣", "共鸣")].old_text, g[("reworded", "共鸣", "共鸣")].new_text) == ("子丑寅卯", "子丑寅辰")


# ---------------------------------------------------------------- term changes


TERMS_OLD = """1. 总则
100. 魔法
100.1. 规则。
词汇表

阴谋
一种非传统的大尺寸卡牌，只用于魔王休闲玩法。

增幅，增幅过
一种异能，让咒语更强。
"""
TERMS_NEW = """1. 总则
100. 咒语
100.1. 规则。
词汇表

邪计
一种非传统的大尺寸卡牌，只用于魔王休闲玩法。

强化，强化过
一种异能，让咒语更强。
"""


def term_pair(old_text=TERMS_OLD, new_text=TERMS_NEW):
    old, new = books(old_text, new_text)
    if not list(old.glossary()):
        pytest.skip("the parser does not read this glossary layout")
    return old, new


def test_renamed_glossary_entries_and_sure_headings_are_renamed_terms():
    old, new = term_pair()
    al = alignment(old, new, [("1", "1", 0.99, "one"), ("100", "100", 0.9, "one"), ("100.1", "100.1", 0.99, "one")])
    al.renames = []
    got = [(t.old, t.new, t.source, t.evidence, t.example) for t in term_changes(al, old, new)]
    assert got == [("增幅", "强化", "glossary", 1, "glossary:增幅，增幅过"),
                   ("增幅过", "强化过", "glossary", 1, "glossary:增幅，增幅过"),
                   ("阴谋", "邪计", "glossary", 1, "glossary:阴谋"),
                   ("魔法", "咒语", "heading", 1, "100")]


def test_a_heading_matched_below_confidence_0_9_renames_nothing():
    old, new = term_pair()
    al = alignment(old, new, [("100", "100", 0.89, "one")])
    al.renames = []
    assert [t.source for t in term_changes(al, old, new)] == ["glossary"] * 3


def test_a_headword_whose_names_do_not_correspond_one_to_one_renames_nothing():
    old, new = term_pair(TERMS_OLD, TERMS_NEW.replace("强化，强化过", "强化"))
    al = alignment(old, new, [])
    al.renames = []
    assert [(t.old, t.new) for t in term_changes(al, old, new)] == [("阴谋", "邪计")]


def test_an_old_term_the_new_book_still_uses_is_not_renamed():
    """阴谋 printed three times in the new book was not renamed (持续 → 长效 renamed one
    entry, but 持续 is still everywhere); twice is allowed (a note mentioning the old name)."""
    old, new = term_pair()
    al = alignment(old, new, [])
    al.renames = []
    thrice = TERMS_NEW.replace("100.1. 规则。", "100.1. 阴谋阴谋阴谋。")
    twice = TERMS_NEW.replace("100.1. 规则。", "100.1. 阴谋阴谋。")
    old, new3 = term_pair(TERMS_OLD, thrice)
    assert ("阴谋", "邪计") not in {(t.old, t.new) for t in term_changes(al, old, new3)}
    old, new2 = term_pair(TERMS_OLD, twice)
    assert ("阴谋", "邪计") in {(t.old, t.new) for t in term_changes(al, old, new2)}
    assert ("阴谋", "邪计") not in {(t.old, t.new) for t in term_changes(al, old, new2, max_old_uses=1)}


def test_text_renames_the_aligner_learned_are_listed_most_evidence_first_once_each():
    old, new = term_pair()
    al = alignment(old, new, [])
    al.renames = [("玩家", "牌手", 3, "100.1"), ("场上", "战场", 7, "100.2"), ("玩家", "牌手", 5, "100.3"),
                  ("甲乙", "甲乙", 9, "100.4"), ("", "空", 9, "100.5")]
    got = [(t.old, t.new, t.source, t.evidence, t.example) for t in term_changes(al, old, new, glossary=[])]
    assert got == [("场上", "战场", "text", 7, "100.2"), ("玩家", "牌手", "text", 3, "100.1")]


def test_same_words_ignores_whitespace_on_either_side():
    from rulebook.editions.changes import same_words

    assert same_words("甲乙丙", "甲 乙\n丙") and same_words("甲 乙", "甲乙") and not same_words("甲乙", "甲 丙")


def test_counts_add_up_every_renumbered_and_reworded_rule():
    old, new = books()
    ms = [("100.5", "100.7", 0.7, "one"), ("100.4", "100.2", 0.6, "one"), ("100.2", "100.3", 0.9, "one")]
    c = bulletin(alignment(old, new, ms), old, new, terms=False).counts
    assert (c["renumbered"], c["renumbered_and_reworded"], c["reworded"], c["reworded_all"]) == (3, 2, 0, 2)


def test_the_bulletin_shows_a_rule_by_its_text_and_a_heading_or_chapter_by_its_title():
    """As docs/editions.md shows them: 420. 依状态而生的效应 by its heading, 420.5e by its text."""
    old, new = books("1. 总则\n100. 一般规则\n100.1. 甲乙丙。\n", "1. 总则\n100. 一般规则\n100.1. 甲乙丙。\n")
    old.node("100.1").title = "标题"                 # a rule printed with a heading of its own
    old.node("100").text = ""                        # a heading printed without text
    old.node("1").text = "第一章 总则"                 # a chapter whose line says more than its title
    b = bulletin(alignment(old, new, []), old, new, terms=False)
    removed = {c.old[0]: c.old_text for c in b.changes if c.kind == "removed"}
    assert removed == {"1": "总则", "100": "一般规则", "100.1": "甲乙丙。"}


def test_terms_the_alignment_carries_are_the_bulletins():
    from rulebook.editions.changes import TermChange

    old, new = term_pair()
    al = alignment(old, new, [])
    al.renames = []
    al.terms = [TermChange("甲", "乙", "text", 9, "100.1")]
    assert bulletin(al, old, new).terms == al.terms
    al.terms = []
    assert ("阴谋", "邪计", "glossary") in {(t.old, t.new, t.source) for t in bulletin(al, old, new).terms}
    assert bulletin(al, old, new, terms=False).terms == []


def test_a_rule_whose_only_counterpart_is_a_part_of_another_rules_counterpart_is_merged_with_it():
    """Old 100.6 has no one-to-one counterpart; its sentence went into 100.7, old 100.5's
    counterpart: 100.5 and 100.6 are listed as merged into 100.7."""
    old, new = books()
    ms = [("100.5", "100.7", 0.8, "one"), ("100.6", "100.7", 0.6, "split")]
    b = bulletin(alignment(old, new, ms), old, new, terms=False)
    merged = [(c.old, c.new) for c in b.changes if c.kind == "merged"]
    assert merged == [(["100.5", "100.6"], ["100.7"])]
