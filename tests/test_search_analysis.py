"""Text → index terms (index/analysis.py) and what a question asks (index/asks.py), unit by unit.

The same analysis runs over the book and over the query, so a term either side produces differently
is a rule that cannot be found. Expectations follow from the text given (issue 9 §8).
"""
from __future__ import annotations

import pytest

from index import analysis as A
from index import asks
from search_toys import toy_segmenter as _seg


@pytest.fixture(autouse=True)
def _fresh_patterns():
    asks._compiled.cache_clear()
    A.stem.cache_clear()
    yield




SEG = _seg({"坟墓场": 500, "坟墓": 300, "生物": 800, "获得": 100})


def test_pieces_keep_numbers_power_and_counters_whole():
    text = "702.19b 生物获得+1/+1指示物，变成2/2或x/x，-1/-1 can't attack 420.5"
    assert list(A.pieces(text)) == [
        ("num", "702.19b"), ("han", "生物获得"), ("num", "+1/+1"), ("han", "指示物"), ("han", "变成"),
        ("num", "2/2"), ("han", "或"), ("num", "x/x"), ("num", "-1/-1"), ("lat", "can't"), ("lat", "attack"),
        ("num", "420.5")]


def test_han_runs_include_the_extension_and_compatibility_blocks():
    assert A.han_runs("a㐀b坟墓场，生物c豈") == ["㐀", "坟墓场", "生物", "豈"]
    assert [k for k, _ in A.pieces("㐀豈")] == ["han"]


def test_latin_words_are_stemmed_and_short_ones_kept():
    assert A.stem("attacking") == "attack" and A.stem("creatures") == "creatur"
    assert A.stem("as") == "as" and A.stem("is") == "is"          # two letters: never stemmed
    assert A.stem("its") == "it"


def test_word_terms_are_the_segmenters_words_with_the_words_inside_them():
    assert A.word_terms("坟墓场的生物 attacking 702.19", SEG) == ["坟墓场", "坟墓", "的", "生物", "attack", "702.19"]


def test_bigram_terms_pair_adjacent_characters_and_keep_a_lone_one():
    assert A.bigram_terms("坟墓场，生 attacking 1/1") == ["坟墓", "墓场", "生", "attack", "1/1"]
    assert A.bigrams_of("生物") == ["生物"] and A.bigrams_of("生") == ["生"]


# --- what a question asks ---------------------------------------------------------------------------

TABLE = {"permission": {"asks": ["能不能", "还能...吗"], "answers": ["不能", "可以"]},
         "order": {"asks": ["谁先"], "answers": ["顺序"]}}


def test_a_gap_holds_up_to_eight_characters():
    bit = 1 << asks.kinds(TABLE).index("permission")
    assert asks.asked("还能" + "把" * asks.GAP + "吗", TABLE) == bit
    assert asks.asked("还能吗", TABLE) == bit
    assert asks.asked("还能" + "把" * (asks.GAP + 1) + "吗", TABLE) == 0
    assert asks.GAP == 8


def test_a_gap_written_as_an_ellipsis_character_is_a_gap_too():
    table = {"permission": {"asks": ["还能…吗"], "answers": []}}
    assert asks.asked("还能攻击吗", table) == 1


def test_a_kind_may_list_only_asks_or_only_answers():
    table = {"order": {"asks": ["谁先"]}, "permission": {"answers": ["可以"]}, "empty": {"asks": ["…", ""]}}
    assert asks.asked("谁先结算", table) == 1 and asks.answered("谁先结算", table) == 0
    assert asks.answered("牌手可以横置", table) == 2 and asks.asked("牌手可以横置", table) == 0
    assert asks.asked("……", table) == 0          # a phrase that is only a gap asks nothing


def test_the_table_decides_the_bits_in_its_order():
    assert asks.kinds(TABLE) == ["permission", "order"]
    flipped = {"order": TABLE["order"], "permission": TABLE["permission"]}
    assert asks.asked("谁先", TABLE) == 2 and asks.asked("谁先", flipped) == 1
    assert asks.answered("依照顺序，不能", TABLE) == 3
