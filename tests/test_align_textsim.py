"""The aligner's text measures (rulebook/editions/textsim.py), exactly: the stemmer, the tokens, TF-IDF
vectors and the bilingual lexicon, each checked against its definition on inputs small enough to work
out by hand (the alignment tests see them only through which rules end up paired)."""
from __future__ import annotations

import math

import numpy as np

from rulebook.editions.textsim import Lexicon, Vectors, cosine, normalize_rows, stem, tokens, translated_vectors


def test_stem_strips_plural_past_and_ing_keeping_three_letters():
    assert stem("creatures") == "creatur" and stem("creature") == "creature"   # -es first: crude (see stem)
    assert stem("boxes") == "box" and stem("matches") == "match"
    assert stem("abilities") == "ability"      # -ies → -y, tried before -es and -s
    assert stem("attacking") == "attack"
    assert stem("blocked") == "block"
    assert stem("passes") == "pass"
    assert stem("dies") == "die"               # -ies and -es would leave fewer than 3 letters; -s leaves 3
    assert stem("axes") == "axe"
    assert stem("seeing") == "see"             # exactly 3 left is enough
    assert stem("its") == "its" and stem("bled") == "bled" and stem("ring") == "ring"
    assert stem("glass") == "glass" and stem("boss") == "boss"   # -ss is no plural
    assert stem("card") == "card"


def test_tokens_are_chinese_bigrams_english_stems_and_numbers():
    assert tokens("魔法力") == ["魔法", "法力"]
    assert tokens("力") == ["力"]                                   # a lone character stands for itself
    assert tokens("㐀") == ["㐀"] and tokens("鿿") == ["鿿"]          # the first and last of the Han range
    assert tokens("The creatures attack a player 20 times") == ["creatur", "attack", "player", "#20", "tim"]
    assert tokens("参见规则704.5a") == ["参见", "见规", "规则"]          # rule numbers are masked, not compared
    assert tokens("x y") == []                                      # one-letter words carry nothing
    assert tokens("go up") == ["go"]                                # two letters do ("up" is a stop word)
    assert tokens("player’s") == tokens("player's") == [stem("player's")]   # a typographic apostrophe is plain


def test_vectors_are_sublinear_tf_idf_over_both_books_rows_normalised():
    v = Vectors([["x", "x", "y"]], [["x"], ["z"]])
    assert v.vocab == {"x": 0, "y": 1, "z": 2}
    n = 3                                                            # documents in both lists
    idf = [math.log((1 + n) / (1 + 2)) + 1, math.log((1 + n) / (1 + 1)) + 1, math.log((1 + n) / (1 + 1)) + 1]
    assert np.allclose(v.idf, idf)
    row = np.array([(1 + math.log(2)) * idf[0], 1 * idf[1], 0.0])
    assert np.allclose(v.a.toarray(), [row / np.linalg.norm(row)])
    assert np.allclose(v.b.toarray(), [[1, 0, 0], [0, 0, 1]])
    sim = cosine(v.a, v.b)
    assert sim.dtype == np.float32 and sim.shape == (1, 2)
    assert np.allclose(sim, [[row[0] / np.linalg.norm(row), 0.0]])


def test_a_row_of_zeros_stays_zeros():
    assert np.allclose(normalize_rows(np.array([[0.0, 0.0], [3.0, 4.0]])).toarray(), [[0, 0], [0.6, 0.8]])


PAIRS = [(["creature", "attack"], ["生物", "攻击"]), (["creature"], ["生物"]), (["attack"], ["攻击"]),
         (["creature", "rare"], ["生物", "稀有"])]


def test_lexicon_keeps_associations_seen_twice_by_dice():
    # creature/生物: together in 3 pairs, each in 3 → Dice 1.0; attack/攻击 likewise (2, 2, 2);
    # every other association is seen once
    assert Lexicon(PAIRS).table == {"creature": [(1.0, "生物")], "attack": [(1.0, "攻击")]}


def test_lexicon_keeps_the_best_few_above_the_floor():
    every = Lexicon(PAIRS, min_count=1).table
    assert every["creature"] == [(1.0, "生物"), (0.5, "稀有"), (0.4, "攻击")]     # 2·1/(3+1), 2·1/(3+2)
    assert every["rare"] == [(1.0, "稀有"), (0.5, "生物")]
    assert Lexicon(PAIRS, min_count=1, keep=2).table["creature"] == [(1.0, "生物"), (0.5, "稀有")]
    assert Lexicon(PAIRS, min_count=1, min_dice=0.45).table["creature"] == [(1.0, "生物"), (0.5, "稀有")]
    assert Lexicon(PAIRS, min_count=1, min_dice=0.4).table["creature"][-1] == (0.4, "攻击")   # the floor itself is kept
    assert Lexicon(PAIRS, min_count=3).table == {"creature": [(1.0, "生物")]}
    assert Lexicon([]).table == {} and Lexicon([([], ["生物"])]).table == {}
    # a pair with words on one side only still counts: creature in 4 pairs, 生物 in 3, together in 3 → 6/7
    assert Lexicon(PAIRS + [(["creature"], [])]).table["creature"] == [(6 / 7, "生物")]
    assert Lexicon(PAIRS + [([], ["生物"])]).table["creature"] == [(6 / 7, "生物")]


def test_translate_sums_what_each_stem_predicts_sublinearly():
    lex = Lexicon(PAIRS)
    got = dict(lex.translate(["creature", "creature", "attack", "unknown"]))
    assert got == {"生物": 1.0 * (1 + math.log(2)), "攻击": 1.0}
    both = dict(Lexicon(PAIRS, min_count=1).translate(["creature", "attack"]))
    assert math.isclose(both["攻击"], 0.4 + 1.0)                   # two stems predicting one bigram add up
    assert lex.translate([]) == []


def test_translated_vectors_weigh_predicted_bigrams_by_the_chinese_idf():
    lex = Lexicon(PAIRS)
    m = translated_vectors(lex, [["creature", "attack"], ["rare"]], {"生物": 0, "攻击": 1}, np.array([2.0, 3.0]))
    assert m.shape == (2, 2)
    assert np.allclose(m.toarray(), [[2 / math.sqrt(13), 3 / math.sqrt(13)], [0, 0]])   # 稀有 not in the vocabulary
