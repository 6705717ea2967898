"""Renamed terms learned from aligned rules (rulebook/editions/terms.py, issue 18), on
hand-made pairs of old and new rule texts.

`text_renames` (its docstring): an old phrase of 2–6 characters that disappears from
at least `min_pairs` aligned rules exactly where a term of the new book appears, paired
by Dice (at least `min_dice`); the phrase must be (nearly) gone from the new book (at
most `max_old_uses` times) and used in the old one; of phrases equally good (within
0.02) the longest is kept; a phrase sharing no character with the term needs twice the
evidence, and may be at most two characters longer than it; a phrase that is only
ever part of a longer one (`fragment`) is not a term.
"""
from __future__ import annotations

from rulebook.editions.terms import fragment, grams, term_vocabulary, text_renames
from rulebook.parse import parse_text

FILL = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳云腾致雨露结为霜金生丽水玉出昆冈剑号巨阙珠称夜光"


def filler(k: int) -> str:
    """Two characters no other pair uses (so they are lost or gained in one pair only)."""
    return FILL[2 * k:2 * k + 2]


def renames(pairs, vocabulary, *, new_extra="", **kw):
    old_text = "".join(a for a, _ in pairs)
    new_text = "".join(b for _, b in pairs) + new_extra
    return text_renames(pairs, vocabulary, old_text, new_text, **kw)


def mana(n: int, start: int = 0):
    """n pairs: 魔法力 in the old rule, 法术力 in its counterpart, between words of their own."""
    return [(f"{filler(k)}魔法力{filler(k + 20)}", f"{filler(k)}法术力{filler(k + 20)}") for k in range(start, start + n)]


def test_a_phrase_lost_where_a_term_is_gained_in_four_pairs_is_a_rename():
    assert renames(mana(4), {"法术力"}) == {("魔法力", "法术力"): (4, 0)}     # the longest of 魔法, 法力, 魔法力
    assert renames(mana(3), {"法术力"}) == {}
    assert renames(mana(4), {"法术力"}, min_pairs=5) == {}
    assert renames(mana(4), set()) == {}                                       # 法术力 is no term of the new book


def test_the_example_is_the_first_pair_showing_the_rename():
    """Pair 0 loses 魔法力 without gaining the term; the example is pair 1, the first that shows both."""
    pairs = [(f"{filler(30)}魔法力{filler(31)}", f"{filler(30)}能量{filler(31)}")] + mana(4)
    assert renames(pairs, {"法术力"}) == {("魔法力", "法术力"): (4, 1)}


def test_an_old_phrase_still_in_the_new_book_is_no_rename():
    assert renames(mana(4), {"法术力"}, new_extra="魔法力，魔法力") == {("魔法力", "法术力"): (4, 0)}   # twice: allowed
    assert renames(mana(4), {"法术力"}, new_extra="魔法力，魔法力，魔法力") == {}
    assert renames(mana(4), {"法术力"}, new_extra="魔法力，魔法力", max_old_uses=1) == {}


def test_a_phrase_sharing_no_character_with_the_term_needs_twice_the_pairs():
    def players(n):
        return [(f"{filler(k)}玩家{filler(k + 20)}", f"{filler(k)}牌手{filler(k + 20)}") for k in range(n)]

    assert renames(players(7), {"牌手"}) == {}
    assert renames(players(8), {"牌手"}) == {("玩家", "牌手"): (8, 0)}


def test_dice_must_reach_half():
    """The term gained in 4 pairs, the phrase lost in those and in 8 (or 9) others: 2·4/(4+12) = 0.5."""
    def lost_only(n):
        return [(f"{filler(k)}魔法力{filler(k + 20)}", f"{filler(k)}能量{filler(k + 20)}") for k in range(4, 4 + n)]

    assert renames(mana(4) + lost_only(8), {"法术力"}) == {("魔法力", "法术力"): (4, 0)}
    assert renames(mana(4) + lost_only(9), {"法术力"}) == {}


def test_a_phrase_at_most_two_characters_longer_than_the_term():
    """场上区域 (4) may rename 战场 (2); 场上区域内 (5) may not, and its pieces are fragments of it."""
    def pairs(old):
        return [(f"{filler(k)}{old}{filler(k + 20)}", f"{filler(k)}战场{filler(k + 20)}") for k in range(4)]

    assert renames(pairs("场上区域"), {"战场"}) == {("场上区域", "战场"): (4, 0)}
    assert renames(pairs("场上区域内"), {"战场"}) == {}


def test_five_character_phrases_are_looked_for():
    pairs = [(f"{filler(k)}大魔法力量{filler(k + 20)}", f"{filler(k)}法术力{filler(k + 20)}") for k in range(4)]
    assert renames(pairs, {"法术力"}) == {("大魔法力量", "法术力"): (4, 0)}


def test_a_term_with_no_rename_does_not_stop_the_others():
    """咒语 is gained in the first four pairs with nothing lost in common; 法术力 after it."""
    first = [(f"{filler(k)}{filler(k + 20)}", f"{filler(k)}咒语{filler(k + 20)}") for k in range(4)]
    assert renames(first + mana(4, start=4), {"咒语", "法术力"}) == {("魔法力", "法术力"): (4, 4)}


def test_renames_are_listed_best_dice_first():
    """魔法力 → 法术力 in 5 pairs (Dice 1); 场上 → 战场 in 6 pairs of the 6 gaining 战场 and
    9 losing 场上 (Dice 0.8): more pairs, but listed second."""
    fields = [(f"{filler(k)}场上{filler(k + 20)}", f"{filler(k)}战场{filler(k + 20)}") for k in range(5, 11)]
    lost = [(f"{filler(k)}场上{filler(k + 20)}", f"{filler(k)}区域{filler(k + 20)}") for k in range(11, 14)]
    got = renames(mana(5) + fields + lost, {"法术力", "战场"})
    assert list(got) == [("魔法力", "法术力"), ("场上", "战场")]
    assert got[("场上", "战场")] == (6, 5)


def test_of_near_best_phrases_the_longest_but_not_one_far_below_the_best():
    """法力 is lost exactly where 法术力 is gained (Dice 1); 魔法力 also in two rules that
    keep 法力 (Dice 0.8, not within 0.02 of the best), so 法力 is chosen — and dropped,
    since in the old book it is always part of 魔法力 (a fragment): nothing is renamed."""
    keep = [(f"{filler(k)}魔法力{filler(k + 20)}", f"{filler(k)}法力{filler(k + 20)}") for k in range(4, 6)]
    assert renames(mana(4) + keep, {"法术力"}) == {}


def test_renames_of_equal_dice_are_listed_by_phrase():
    """Both Dice 1: 场上 (5 pairs) before 魔法力 (4 pairs), by the phrase, not the evidence."""
    fields = [(f"{filler(k)}场上{filler(k + 20)}", f"{filler(k)}战场{filler(k + 20)}") for k in range(4, 9)]
    assert list(renames(mana(4) + fields, {"法术力", "战场"})) == [("场上", "战场"), ("魔法力", "法术力")]


def test_a_term_of_six_characters_is_looked_for():
    pairs = [(f"{filler(k)}魔法力支付费{filler(k + 20)}", f"{filler(k)}法术力支付费{filler(k + 20)}") for k in range(4)]
    assert renames(pairs, {"法术力支付费"}) == {("魔法力支付费", "法术力支付费"): (4, 0)}


# ---------------------------------------------------------------- fragment, grams, vocabulary


def test_fragment_is_a_phrase_almost_always_beside_the_same_chinese_character():
    text = "".join(f"{filler(k)}状态而生的效应" for k in range(10))
    assert fragment("状态而生的效", text)                 # always followed by 应
    assert not fragment("状态而生的效应", text)
    nine = "".join(f"{filler(k)}法力应" for k in range(9)) + "法力乙"
    assert fragment("法力", nine)                         # 9 of 10: exactly the 0.9 it takes
    assert not fragment("法力", nine + "法力丙")            # 9 of 11
    assert not fragment("法力", "法力")                    # alone, nothing beside it
    assert fragment("法力", "甲法力")                       # at the very end of the text, once, after 甲
    assert fragment("法力", "法力一")                       # 一 is the first Han character
    assert not fragment("法力", "法力，法力，")              # punctuation is not a character of a phrase
    assert not fragment("法力", "法力。法力。") and not fragment("法力", "。法力。法力")
    assert fragment("法力", "一法力")                       # before it too
    assert fragment("法力", "\u9fff法力") and fragment("法力", "法力\u9fff")   # the last Han code point
    assert not fragment("甲甲", "甲甲甲乙")                  # overlapping: followed by 甲 once, 乙 once
    assert not fragment("没有", "甲乙丙")


def test_grams_are_the_han_runs_pieces_of_the_given_sizes():
    assert grams("甲乙丙丁，A戊己", sizes=(2, 3)) == {"甲乙", "乙丙", "丙丁", "甲乙丙", "乙丙丁", "戊己"}
    assert grams("甲乙丙丁") == {"甲乙", "乙丙", "丙丁", "甲乙丙", "乙丙丁", "甲乙丙丁"}


def test_the_term_vocabulary_is_glossary_names_and_headings_of_six_characters_at_most():
    book = parse_text("1. 总则\n100. 一般规则\n101. 一二三四五六\n102. 一二三四五六七\n100.1. 甲乙丙。\n\n词汇表\n\n"
                      "增幅，增幅过\n一种异能。\n", book_id="v", dialect="mtg")
    vocab = term_vocabulary(book)
    assert {"一般规则", "一二三四五六", "增幅", "增幅过"} <= vocab
    assert "一二三四五六七" not in vocab


# ---------------------------------------------------------------- units


def test_a_number_printed_twice_keeps_its_key_and_a_citation_goes_to_its_first_rule():
    from rulebook.editions.units import units_of

    book = parse_text("1. 总则\n100. 一般\n100.1. 甲乙丙。\n100.1. 丁戊己。\n100.2. 参见规则100.1。\n",
                      book_id="dup", dialect="mtg")
    us = {u.uid: u for u in units_of(book)}
    twice = [uid for uid in us if uid.startswith("100.1")]
    assert len(twice) == 2 and len({us[uid].key for uid in twice}) == 1      # 100.1 and 100.1#2: one number
    assert [units_of(book)[i].uid for i in us["100.2"].refs] == ["100.1"]


def test_only_examples_are_a_units_examples():
    from rulebook.editions.units import units_of

    book = parse_text("1. 总则\n100. 一般\n100.1. 甲乙丙。\n100.2. 丁戊己。\n", book_id="ex", dialect="mtg")
    book.node("100.1").attached.append("100.2")          # attached, but a rule
    assert next(u for u in units_of(book) if u.uid == "100.1").examples == ""


def test_siblings_know_the_one_before_and_after():
    from rulebook.editions.units import units_of

    book = parse_text("1. 总则\n100. 一般\n100.1. 甲。\n100.2. 乙。\n100.3. 丙。\n", book_id="sib", dialect="mtg")
    us = {u.uid: u for u in units_of(book)}
    uid = {u.index: u.uid for u in us.values()}
    assert (uid.get(us["100.2"].prev), uid.get(us["100.2"].next)) == ("100.1", "100.3")
    assert us["100.1"].prev is None and uid[us["100.1"].next] == "100.2" and us["100.3"].next is None


def test_a_chinese_language_tag_in_any_spelling_is_zh():
    from rulebook.editions.units import language_of

    book = parse_text("1. General\n100. General\n100.1. Rules.\n", book_id="l", dialect="mtg")
    for tag, lang in (("zh-Hans", "zh"), ("zh_CN", "zh"), ("zh", "zh"), ("en-US", "en"), ("ja", "ja")):
        book.language = tag
        assert language_of(book) == lang


def test_more_than_three_tenths_han_among_the_letters_of_the_first_200_rules_is_chinese():
    from rulebook.editions.units import language_of

    def lang(*texts):
        body = "".join(f"100.{k + 1}. {t}\n" for k, t in enumerate(texts))
        book = parse_text("1. 总则\n100. 一般\n" + body, book_id="l", dialect="mtg")
        book.language = ""
        return language_of(book)

    # the heading 一般 is the first rule read: 2 Han characters, then each rule's own
    assert lang("甲乙丙abcdefgh", "丁戊己abcdefgh") == "zh"       # 8 Han of 24 letters: 0.33
    assert lang("甲abcdefgh", "乙abcdefgh") == "en"                # 4 of 20: 0.2
    assert lang("甲乙丙丁abcdefgh", "abcdef") == "en"               # 6 of 20: exactly 0.3 is not more
    assert lang(*(["a"] * 198 + ["甲" * 2000])) == "zh"            # the 200th rule read (after the heading)
    assert lang(*(["a"] * 199 + ["甲" * 2000])) == "en"            # the 201st is not read


def test_a_heading_renamed_is_a_single_name_of_eight_characters_at_most_on_either_side():
    from rulebook.editions.terms import heading_renames

    eight, other = "一二三四五六七八", "子丑寅卯辰巳午未"
    assert heading_renames([(eight, other)]) == [(eight, other)]
    assert heading_renames([(eight + "九", other)]) == [] and heading_renames([(eight, other + "申")]) == []
    assert heading_renames([("巫术", "法术")]) == []                  # they share 术
    assert heading_renames([("增幅，增幅过", "强化，强化过")]) == []      # two names each
    assert heading_renames([(eight, other), (eight, other)]) == [(eight, other)]
