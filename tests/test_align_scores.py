"""The aligner's scores, pinned on tiny hand-made trees (issue 18).

rulebook/editions/align.py documents what each score reads: across languages the
first pass compares rules by shape alone (size of the subtree, length of the
text against the books' typical ratio, the numbers in it, examples, number of
children; a chapter is never a rule); the context rounds add the parent, the
neighbours, the children and the cited rules matched into each other; matching
is greedy, best pair first, one to one; confidence grows with the score and the
margin. The expectations below follow from those definitions and the inputs,
not from running the code.
"""
from __future__ import annotations

import math

import pytest

from rulebook.editions.align import Weights, _Content, _greedy, confidence, order_pairs
from rulebook.editions.units import Unit
from rulebook.model import CHAPTER, RULE


def units(specs) -> list[Unit]:
    """Units from (text, parent index or None, examples[, kind]) in reading order."""
    out = []
    for i, spec in enumerate(specs):
        text, parent, examples = spec[:3]
        kind = spec[3] if len(spec) > 3 else RULE
        depth = 0 if kind == CHAPTER else out[parent].depth + 1 if parent is not None else 1
        out.append(Unit(index=i, uid=str(i), key=str(i), kind=kind, depth=depth,
                        text=text, examples=examples, parent=parent))
    for u in out:
        if u.parent is not None:
            out[u.parent].children.append(u.index)
    return out


def shapes(a_specs, b_specs) -> _Content:
    """The across-language content of an English and a Chinese tree (shape only: no lexicon yet)."""
    return _Content(units(a_specs), units(b_specs), "en", "zh")


EN = "20 " + "a" * 27     # 30 characters, the number 20
ZH = "20" + "甲" * 8      # 10 characters, the number 20


# ---------------------------------------------------------------- shape (across languages)


def test_a_pair_of_the_same_shape_scores_one():
    """Same subtree size, lengths in the books' typical ratio, the same numbers, examples on
    both sides, as many children: every feature agrees, so the score is its maximum, 1."""
    c = shapes([(EN, None, "e.g.")], [(ZH, None, "例")])
    assert c.shape_score(0, 0) == pytest.approx(1.0)


def test_the_typical_length_ratio_of_books_of_unequal_size_is_the_ratio_of_their_totals():
    """Three English rules of 30 characters against two Chinese rules of 10 and 20: the
    typical ratio is 90 / 30 = 3, so a 30-character rule and a 10-character one are
    exactly typical, and with all else equal the pair scores 1."""
    c = shapes([(EN, None, "x"), (EN, None, "x"), (EN, None, "x")],
               [(ZH, None, "y"), (ZH + "甲" * 10, None, "y")])
    assert c.shape_score(0, 0) == pytest.approx(1.0)
    assert c.shape_score(0, 1) < 0.99               # 30 / 20 is half the typical ratio


def test_a_length_off_the_typical_ratio_costs_the_same_either_way():
    """Twice as long and half as long as typical are equally far (the log of the ratio)."""
    typical = [(EN, None, ""), ("20 " + "a" * 57, None, ""), ("20 " + "a" * 12, None, "")]
    c = shapes(typical, [(ZH, None, ""), (ZH, None, ""), (ZH, None, "")])
    # the median ratio of the equal-size books is 30/10: rule 1 is twice that, rule 2 half
    assert c.shape_score(0, 0) == pytest.approx(1.0)
    assert c.shape_score(1, 1) == pytest.approx(c.shape_score(2, 2))
    assert c.shape_score(1, 1) < 0.99


def test_a_number_on_one_side_only_counts_against_a_pair():
    """The same numbers agree, numbers on neither side say nothing (between the two), and a
    number printed in one rule and not in the other is evidence against the pair."""
    both = shapes([(EN, None, "")], [(ZH, None, "")]).shape_score(0, 0)
    neither = shapes([("b" * 30, None, "")], [("乙" * 10, None, "")]).shape_score(0, 0)
    one_side = shapes([(EN, None, "")], [("乙" * 10, None, "")]).shape_score(0, 0)
    other_side = shapes([("b" * 30, None, "")], [(ZH, None, "")]).shape_score(0, 0)
    assert both > neither > one_side
    assert one_side == pytest.approx(other_side)
    other_number = shapes([("30 " + "a" * 27, None, "")], [(ZH, None, "")]).shape_score(0, 0)
    assert other_number == pytest.approx(one_side)          # 30 is not 20: nothing shared


def test_examples_on_one_side_only_count_against_a_pair():
    assert shapes([(EN, None, "e.g.")], [(ZH, None, "")]).shape_score(0, 0) < \
        shapes([(EN, None, "")], [(ZH, None, "")]).shape_score(0, 0)
    assert shapes([(EN, None, "")], [(ZH, None, "")]).shape_score(0, 0) == pytest.approx(1.0)


def test_a_different_number_of_children_counts_against_a_pair():
    """Two leaves under the rule, or one child with a child of its own: the same subtree
    size (3), but not as many children."""
    wide = [(EN, None, "x"), (EN, 0, "x"), (EN, 0, "x")]
    deep = [(ZH, None, "y"), (ZH, 0, "y"), (ZH, 1, "y")]
    same = [(ZH, None, "y"), (ZH, 0, "y"), (ZH, 0, "y")]
    assert shapes(wide, same).shape_score(0, 0) == pytest.approx(1.0)
    assert shapes(wide, deep).shape_score(0, 0) < 0.99


def test_a_smaller_subtree_counts_against_a_pair_either_way_round():
    big = [(EN, None, ""), (EN, 0, ""), (EN, 0, ""), (EN, 0, "")]
    small = [(ZH, None, ""), (ZH, 0, ""), (ZH, 0, ""), (ZH, None, "")]   # the same number of units
    c = shapes(big, small)
    assert c.shape_score(0, 0) < 0.99
    d = shapes([(EN, None, ""), (EN, 0, ""), (EN, 0, ""), (EN, None, "")],
               [(ZH, None, ""), (ZH, 0, ""), (ZH, 0, ""), (ZH, 0, "")])
    assert d.shape_score(0, 0) == pytest.approx(c.shape_score(0, 0))


def test_a_chapter_is_never_a_rule_by_shape():
    c = shapes([(EN, None, "", CHAPTER), (EN, None, "")], [(ZH, None, "", CHAPTER), (ZH, None, "")])
    assert c.shape_score(0, 1) == 0.0 and c.shape_score(1, 0) == 0.0
    assert c.shape_score(0, 0) > 0.9 and c.shape_score(1, 1) > 0.9


def test_empty_books_have_a_typical_ratio_without_dividing_by_zero():
    c = shapes([], [])
    assert c.len_ratio == 1


# ---------------------------------------------------------------- order_pairs, greedy, confidence


def test_order_pairs_takes_the_best_sum_not_the_first_good_pair():
    """(0,11) alone is worth 0.8 − 0.35; (0,10) and (1,11) together are worth more, and
    pairing in order forbids (0,11) with (1,10)."""
    score = {(0, 10): 0.6, (1, 11): 0.6, (0, 11): 0.8}
    assert order_pairs([0, 1], [10, 11], lambda i, j: score.get((i, j), 0.0)) == [(0, 10), (1, 11)]
    score = {(0, 10): 0.4, (1, 11): 0.4, (0, 11): 0.9}    # 0.05 + 0.05 < 0.55
    assert order_pairs([0, 1], [10, 11], lambda i, j: score.get((i, j), 0.0)) == [(0, 11)]


def test_order_pairs_floor_is_exclusive_and_settable():
    assert order_pairs([0], [1], lambda i, j: 0.35) == []
    assert order_pairs([0], [1], lambda i, j: 0.36) == [(0, 1)]
    assert order_pairs([0], [1], lambda i, j: 0.36, floor=0.5) == []
    assert order_pairs([], [1], lambda i, j: 1.0) == [] and order_pairs([0], [], lambda i, j: 1.0) == []


def test_greedy_takes_the_best_pair_first_one_to_one_ties_to_the_lower_indices():
    assert _greedy([(0.5, 0, 0), (0.9, 0, 1), (0.8, 1, 1)]) == {0: 1}
    assert _greedy([(0.5, 1, 0), (0.5, 0, 0)]) == {0: 0}
    assert _greedy([(0.5, 0, 1), (0.5, 0, 0)]) == {0: 0}
    assert _greedy([(0.4, 1, 1), (0.9, 0, 0)]) == {0: 0, 1: 1}


def test_confidence_is_the_logistic_of_score_and_margin():
    w = Weights()
    z = w.c0 + w.c_score * 0.7 + w.c_margin * 0.2
    assert confidence(0.7, 0.2, w) == round(1 / (1 + math.exp(-z)), 3)
    assert confidence(0.7, 0.3, w) > confidence(0.7, 0.2, w) > confidence(0.6, 0.2, w)
    assert confidence(2 / 3, 0.0, w) == 0.5                  # z = 0


# ---------------------------------------------------------------- context (pair_score)


def tree(texts=("总则甲", "规则乙", "规则丙", "规则丁")) -> list[Unit]:
    """A heading (0) over three rules (1, 2, 3); rule 2 cites rules 1 and 3."""
    us = units([(texts[0], None, "")] + [(t, 0, "") for t in texts[1:]])
    us[2].refs = [1, 3]
    for k in (1, 2, 3):
        us[k].prev = k - 1 if k > 1 else None
        us[k].next = k + 1 if k < 3 else None
    return us


def context_only(**kw) -> Weights:
    """No content, no context: each test switches on the evidence it reads."""
    base = dict(text=0.0, subtree=0.0, parent=0.0, neighbours=0.0, children=0.0, refs=0.0, same_id=0.0, depth=0.0)
    return Weights(**{**base, **kw})


def score(w, match, i, j, *, use_ids=False, a=None, b=None):
    from rulebook.editions.align import pair_score

    ua, ub = a or tree(), b or tree()
    return pair_score(ua, ub, _Content(ua, ub, "zh", "zh"), w, match, i, j, use_ids)


ALL = {0: 0, 1: 1, 2: 2, 3: 3}


def test_each_neighbour_matched_beside_counts_half_the_neighbours_weight():
    w = context_only(neighbours=0.2)
    assert score(w, ALL, 2, 2) == pytest.approx(0.2)                    # previous and next agree
    assert score(w, {1: 1}, 2, 2) == pytest.approx(0.1)                  # only the previous one
    assert score(w, {3: 3}, 2, 2) == pytest.approx(0.1)                  # only the next one
    assert score(w, {1: 3, 3: 1}, 2, 2) == 0.0                           # matched, but not beside
    assert score(w, ALL, 1, 1) == pytest.approx(0.1)                     # the first rule has no previous


def test_cited_rules_count_by_the_share_matched_into_each_other():
    w = context_only(refs=0.2)
    assert score(w, ALL, 2, 2) == pytest.approx(0.2)                     # both cited rules agree
    assert score(w, {1: 1}, 2, 2) == pytest.approx(0.1)                  # one of two
    assert score(w, {1: 3, 3: 1}, 2, 2) == pytest.approx(0.2)            # crossed: each is still cited by both
    other = tree()
    other[2].refs = [1]
    assert score(w, ALL, 2, 2, b=other) == pytest.approx(0.1)            # of max(2, 1) citations, one agrees
    assert score(w, ALL, 1, 1) == 0.0                                    # neither cites anything


def test_matched_parents_children_and_depth_add_their_weights():
    assert score(context_only(parent=0.25), ALL, 2, 2) == pytest.approx(0.25)
    assert score(context_only(parent=0.25), {1: 1}, 2, 2) == 0.0         # the parents are not matched
    assert score(context_only(children=0.3), ALL, 0, 0) == pytest.approx(0.3)
    assert score(context_only(children=0.3), {0: 0, 1: 1}, 0, 0) == pytest.approx(0.1)   # one child of three
    assert score(context_only(depth=0.05), {}, 0, 2) == 0.0              # a heading and a rule under it
    assert score(context_only(depth=0.05), {}, 1, 2) == pytest.approx(0.05)


def test_the_same_number_counts_only_when_asked_to_read_numbers():
    w = context_only(same_id=0.3)
    assert score(w, {}, 2, 2, use_ids=True) == pytest.approx(0.3)
    assert score(w, {}, 2, 1, use_ids=True) == 0.0
    assert score(w, {}, 2, 2, use_ids=False) == 0.0


def test_content_adds_the_text_and_subtree_cosines():
    """Identical books: a rule's text is most like its own copy (cosine 1)."""
    w = context_only(text=1.0)
    assert score(w, {}, 2, 2) == pytest.approx(1.0)
    assert score(context_only(subtree=0.35), {}, 2, 2) == pytest.approx(0.35)
    assert score(w, {}, 2, 1) < 0.6


# ---------------------------------------------------------------- the ablation switch (seed_only)


MOVED_OLD = """1. 总则
100. 一般规则
100.1. 每位玩家的起始生命为二十点。
100.2. 若玩家的生命为零或更少，则该玩家输掉这盘游戏。
2. 战斗
200. 战斗
200.1. 攻击的生物对防御玩家造成等同于其力量的战斗伤害。
"""
MOVED_NEW = """1. 总则
100. 一般规则
100.1. 每位牌手的起始生命为二十点。
2. 状态动作
200. 状态动作
200.1. 若牌手的生命为零或更少，则该牌手输掉这盘游戏。
3. 战斗
300. 战斗
300.1. 攻击的生物对防御牌手造成等同于其力量的战斗伤害。
"""


def test_seed_only_in_one_language_is_the_first_content_round():
    """The benchmark's ablation: `seed_only` stops after one content round, which is what
    `rounds=1` asks for."""
    from rulebook.editions.align import align
    from rulebook.parse import parse_text

    old = parse_text(MOVED_OLD, book_id="old", dialect="mtg")
    new = parse_text(MOVED_NEW, book_id="new", dialect="mtg")
    seed = align(old, new, seed_only=True)
    one_round = align(old, new, weights=Weights(rounds=1))
    assert [(m.old, m.new, m.role) for m in seed.matches] == [(m.old, m.new, m.role) for m in one_round.matches]
    assert ("100.2", "200.1") in {(m.old, m.new) for m in seed.matches}      # found by its words alone


def test_seed_only_across_languages_is_the_structural_seed():
    """A translation keeps the tree: the seed alone pairs each rule with the rule of the same
    number (which it never reads)."""
    from pathlib import Path

    from rulebook import load_book
    from rulebook.editions.align import align

    fix = Path(__file__).parent / "fixtures" / "editions"
    zh, en = load_book(str(fix / "mtg-2022-zh-704.txt")), load_book(str(fix / "mtg-2022-en-704.txt"))
    al = align(zh, en, seed_only=True)
    assert al.matches and all(m.old == m.new for m in al.matches)
    assert al.removed == [] and al.added == []


# ---------------------------------------------------------------- what an alignment records


def test_an_alignment_names_both_books_their_languages_and_its_time():
    import time
    from pathlib import Path

    from rulebook import load_book
    from rulebook.editions.align import align

    fix = Path(__file__).parent / "fixtures" / "editions"
    zh, en = load_book(str(fix / "mtg-2022-zh-704.txt")), load_book(str(fix / "mtg-2022-en-704.txt"))
    t0 = time.perf_counter()
    al = align(en, zh)
    took = time.perf_counter() - t0
    assert (al.old_book, al.new_book, al.old_sha256, al.new_sha256) == (en.id, zh.id, en.sha256, zh.sha256)
    assert (al.old_language, al.new_language) == ("en", "zh")
    assert 0.0 < al.seconds <= took
    assert al.renames is None                     # no renamed terms across languages


def test_a_translation_aligns_either_way_round():
    """English old and Chinese new learns the lexicon the other way round: the same pairs."""
    from pathlib import Path

    from rulebook import load_book
    from rulebook.editions.align import align

    fix = Path(__file__).parent / "fixtures" / "editions"
    zh, en = load_book(str(fix / "mtg-2022-zh-704.txt")), load_book(str(fix / "mtg-2022-en-704.txt"))
    text = {}
    for old, new in ((en, zh), (zh, en)):
        al = align(old, new)
        assert al.matches and all(m.old == m.new for m in al.matches)
        text[old.id] = {m.old: m.text for m in al.matches}
    # the lexicon is always learned from English to Chinese, so a pair reads as alike either way round
    assert text[en.id] == pytest.approx(text[zh.id], abs=1e-3)
    assert text[en.id]["704.5a"] > 0.2


def test_the_lexicon_maps_english_stems_to_chinese_bigrams_whichever_book_is_old():
    import re
    from pathlib import Path

    from rulebook import load_book
    from rulebook.editions.align import tree_seed
    from rulebook.editions.units import units_of

    fix = Path(__file__).parent / "fixtures" / "editions"
    zh, en = load_book(str(fix / "mtg-2022-zh-704.txt")), load_book(str(fix / "mtg-2022-en-704.txt"))
    for (old, lo), (new, ln) in (((zh, "zh"), (en, "en")), ((en, "en"), (zh, "zh"))):
        c = _Content(units_of(old), units_of(new), lo, ln)
        c.learn(tree_seed(c.ua, c.ub, c.shape_score))
        table = c.lexicon.table
        assert table and all(re.fullmatch(r"[a-z']+|#\d+", e) for e in table)     # numbers are shared tokens
        assert all(re.fullmatch(r"[\u4e00-\u9fff]{1,2}|#\d+", z) for v in table.values() for _, z in v)
        assert "永久" in {z for _, z in table["permanent"]}                             # permanent: 永久物


# ---------------------------------------------------------------- candidates


def zh_content(a_texts, b_texts, parents_a=None, parents_b=None) -> _Content:
    pa = parents_a or [None] * len(a_texts)
    pb = parents_b or [None] * len(b_texts)
    return _Content(units([(t, p, "") for t, p in zip(a_texts, pa)]), units([(t, p, "") for t, p in zip(b_texts, pb)]),
                    "zh", "zh")


def test_content_candidates_are_the_best_of_each_rule_in_both_directions():
    """k = 1: old 0 and old 1 both read most like new 0; new 1 reads most like old 1 (they share
    庚壬), so old 1 has new 1 as a candidate too — from the new rule's side."""
    from rulebook.editions.align import _content_candidates

    c = zh_content(["甲乙丙丁戊己庚辛", "甲乙丙丁戊己庚壬"], ["甲乙丙丁戊己庚辛", "庚壬子丑寅卯"])
    assert _content_candidates(c, 1) == {0: {0}, 1: {0, 1}}
    assert c.top == {0: {0}, 1: {0, 1}}                          # computed once, kept


def test_content_candidates_of_a_book_against_an_empty_one_are_empty():
    from rulebook.editions.align import _content_candidates

    assert _content_candidates(zh_content(["甲乙丙丁"], []), 8) == {0: set()}
    assert _content_candidates(zh_content([], ["甲乙丙丁"]), 8) == {}


def test_with_use_ids_the_rule_of_the_same_number_is_a_candidate():
    """k = 1 and the new book prints rules 1 and 3 the other way round: by content old 1 only
    has new 3; reading numbers adds new 1."""
    from rulebook.editions.align import _candidates

    ua = tree()
    ub = tree(("总则甲", "规则丁", "规则丙", "规则乙"))
    c = _Content(ua, ub, "zh", "zh")
    w = Weights(candidates=1)
    assert _candidates(ua, ub, c, w, {}, False)[1] == {3}
    assert _candidates(ua, ub, c, w, {}, True)[1] == {1, 3}


def test_structural_candidates_come_from_where_the_parent_and_neighbours_went():
    from rulebook.editions.align import _candidates

    ua = tree()
    ub = tree(("子丑寅", "卯辰巳", "午未申", "酉戌亥"))              # nothing alike
    c = _Content(ua, ub, "zh", "zh")
    w = Weights(candidates=1)
    assert _candidates(ua, ub, c, w, {}, False) == {0: {0, 1, 2, 3}, 1: {0}, 2: {0}, 3: {0}}   # by content
    assert _candidates(ua, ub, c, w, {0: 0}, False)[2] == {0, 1, 2, 3}   # the children of the parent's match
    got = _candidates(ua, ub, c, w, {1: 1}, False)
    assert got[1] == {0, 1} and got[2] == {0, 2}                        # its own match; beside the previous one's
    assert _candidates(ua, ub, c, w, {3: 3}, False)[2] == {0, 2}         # beside where the next one went
    assert _candidates(ua, ub, c, w, {3: 1}, False)[2] == {0}            # new 1 has nothing before it


# ---------------------------------------------------------------- the final scores


def test_a_final_match_keeps_its_pair_score_and_its_margin_over_either_rules_rivals():
    """Old 0 and old 1 read alike; only old 0 is matched, to new 0. Old 0 has no other
    candidate, new 0 has old 1: the margin is over old 1's score with new 0."""
    from rulebook.editions.align import _final, pair_score

    c = zh_content(["甲乙丙丁戊己庚辛", "甲乙丙丁戊己庚壬"], ["甲乙丙丁戊己庚辛"])
    w = Weights()
    [m] = _final(c.ua, c.ub, c, w, {0: 0}, False)
    s = pair_score(c.ua, c.ub, c, w, {0: 0}, 0, 0, False)
    rival = pair_score(c.ua, c.ub, c, w, {0: 0}, 1, 0, False)
    assert 0 < rival < s
    assert (m.old, m.new, m.score, m.text) == ("0", "0", round(s, 4), 1.0)
    assert m.score != round(m.score)                              # kept to four places, not to a whole number
    assert m.confidence == confidence(s, s - rival, w)


def test_a_final_match_with_no_rival_has_its_whole_score_as_margin():
    from rulebook.editions.align import _final, pair_score

    c = zh_content(["甲乙丙丁戊己庚辛"], ["甲乙丙丁戊己庚辛"])
    w = Weights()
    [m] = _final(c.ua, c.ub, c, w, {0: 0}, False)
    s = pair_score(c.ua, c.ub, c, w, {0: 0}, 0, 0, False)
    assert m.confidence == confidence(s, s, w)


CHAPTER_OLD = "1. 战斗伤害的规则\n100. 一般\n100.1. 甲乙丙丁戊己。\n"
CHAPTER_NEW = "1. 总论\n100. 战斗伤害的规则\n100.1. 甲乙丙丁戊己。\n"


def test_a_chapter_is_never_matched_to_a_rule_that_reads_like_it():
    from rulebook.editions.align import align
    from rulebook.parse import parse_text

    old = parse_text(CHAPTER_OLD, book_id="old", dialect="mtg")
    new = parse_text(CHAPTER_NEW, book_id="new", dialect="mtg")
    al = align(old, new)
    kinds = {n.uid: n.kind for n in old.nodes} | {("new", n.uid): n.kind for n in new.nodes}
    assert al.matches and all(kinds[m.old] == kinds[("new", m.new)] for m in al.matches)
    # the chapters are matched to each other by what they hold, as are the headings and the rules
    assert {(m.old, m.new) for m in al.matches} == {("1", "1"), ("100", "100"), ("100.1", "100.1")}


def test_only_rules_of_the_same_kind_are_rivals_in_the_margin():
    """A chapter printed with a rule's words is no rival of that rule: the rule's margin is over
    the other rule only, and the chapter's over nothing."""
    from rulebook.editions.align import _final, pair_score

    text = "甲乙丙丁戊己庚辛"
    ua = units([(text, None, "", CHAPTER), (text, None, "")])
    ub = units([(text, None, "", CHAPTER), (text, None, ""), ("甲乙丙丁戊己庚壬", None, "")])
    c, w, match = _Content(ua, ub, "zh", "zh"), Weights(), {0: 0, 1: 1}
    chapter, rule = _final(ua, ub, c, w, match, False)
    s0, s1 = (pair_score(ua, ub, c, w, match, i, i, False) for i in (0, 1))
    rival = pair_score(ua, ub, c, w, match, 1, 2, False)
    assert 0 < rival < s1
    assert rule.confidence == confidence(s1, s1 - rival, w)
    assert chapter.confidence == confidence(s0, s0, w)


# ---------------------------------------------------------------- splits through the aligner


MANA_OLD = """1. 游戏概念
106. 法术力
106.1. 法术力是游戏中的主要资源。一般当施放咒语和起动异能时，牌手用法术力支付费用。
3. 回合结构
300. 一般规则
300.1. 一个回合依序分为五个阶段：开始阶段、战斗前的行动阶段、战斗阶段、战斗后的行动阶段，以及结束阶段。每个回合都会经过这些阶段，即使在某阶段中没有发生任何事也是一样。并且开始、战斗及结束阶段之中还包含了依序排列的步骤。
300.2. 若双方连续让过且堆叠空着，则阶段或步骤便结束。阶段或步骤不会因为堆叠清空而立即结束；其必要条件是堆叠空着，且两位牌手依序让过。所以，在目前的阶段或步骤结束前，每位牌手都会轮流得到可以把东西加入堆叠的机会。
300.3. 当阶段结束时，留在牌手法术力池中尚未使用的法术力便消失。此游戏动作不用到堆叠。
"""


def test_the_aligner_splits_a_sentence_into_the_rule_the_glossary_cites_for_its_term():
    """docs/editions.md: 2006 300.3 (unused mana empties at the end of a phase; no stack) is
    500.5, and split off 703.4q (the turn-based action) and 106.4 (the mana pool, which the
    new glossary's 法术力池 cites). The old book here is written in the new edition's words
    (牌手, 法术力), so no renamed term is needed."""
    from pathlib import Path

    from rulebook import load_book
    from rulebook.editions.align import align
    from rulebook.parse import parse_text

    old = parse_text(MANA_OLD, book_id="old", dialect="mtg")
    new = load_book(str(Path(__file__).parent / "fixtures" / "editions" / "mana-pool-2026.txt"))
    roles = {(m.new, m.role) for m in align(old, new).for_old("300.3")}
    assert roles == {("500.5", "one"), ("703.4q", "split"), ("106.4", "split")}
