"""Query text → weighted terms (index/query.py), on a toy dictionary and a toy book.

Each case states what a judge's query must turn into: the typed words at full weight, the words
inside them, synonyms and English names below them, function words gone, a typo replaced by the
book word it was meant to be. The book here is a few words and their document counts, so each
expectation can be checked by hand (and each mutant of query.py costs milliseconds, not an index
build: issue 9 §8).
"""
from __future__ import annotations

import sys

import pytest

from index import query as Q
from index.query import CHAR_WORD, ENGLISH, SYNONYM, TYPO, Query, parse
from index.vocab import Vocabulary
from search_toys import toy_segmenter as _seg

# The dictionary the book was segmented with (word → frequency).
WORDS = {"坟墓场": 500, "坟墓": 300, "墓场": 20, "生物": 800, "攻击": 900, "被杀": 50, "杀死": 60, "被杀死": 40, "墓地": 30, "受到": 200,
         "消灭": 400, "死循环": 40, "先攻": 100, "横置": 300, "减少": 200, "减少费用": 30, "费用": 600,
         "减免": 5, "增减": 8, "减伤害": 6, "减半": 4, "再调度": 9, "再": 50, "条": 20, "度": 20, "衍生物": 70,
         "衍生": 60, "务": 5, "传纪": 30, "传奇": 300, "还是": 500, "怎么样": 100,
         "的": 1000, "死": 50, "循": 5, "坏": 20, "传": 10, "记": 10, "减": 10, "横": 10}
# In how many of the book's rules each word stands (the book never says 被杀, 坏, 记).
DF = {"坟墓场": 12, "坟墓": 12, "墓场": 12, "生物": 80, "攻击": 40, "消灭": 9, "杀死": 0, "死循环": 2,
      "先攻": 5, "横置": 30, "减少": 7, "减少费用": 3, "费用": 25, "减免": 1, "减伤害": 2, "减半": 1, "再调度": 3, "衍生物": 9,
      "衍生": 2, "传纪": 4, "传奇": 6, "减": 1,
      "死": 1, "循": 2, "横": 0}
TERMS = {"死循环", "先攻", "横置", "传纪", "传奇", "再调度", "衍生物"}          # headings and headwords of the book
TEXT = "坟墓场 生物 攻击 消灭 死循环 先攻 横置 减少费用 减免 减伤害 减半 传纪 传奇 再调度 衍生物"




@pytest.fixture
def seg():
    return _seg(WORDS)


def _vocab(**kw) -> Vocabulary:
    return Vocabulary("mtg", stopwords=frozenset({"的", "吗", "怎么样", "还是", "再", "几"}), **kw)


def known(w: str) -> bool:
    return DF.get(w, 0) > 0


def occurs(s: str) -> bool:
    return s in TEXT.replace(" ", "") or s in TEXT


def df(w: str) -> int:
    return DF.get(w, 0)


def _parse(text, seg, vocab=None, **kw):
    return parse(text, seg, vocab or _vocab(), known, occurs, df, lambda w: w in TERMS, **kw)


def weights(q: Query, concept: int | None = None) -> dict[str, float]:
    return {t.word: t.weight for t in q.terms if concept is None or t.concept == concept}


# --- typed words --------------------------------------------------------------------------------------

def test_a_typed_word_and_the_words_inside_it_weigh_one(seg):
    q = _parse("坟墓场", seg)
    assert [(c.typed, c.kind, c.weight, c.show) for c in q.concepts] == [("坟墓场", "han", 1.0, ["坟墓场"])]
    assert weights(q) == {"坟墓场": 1.0, "坟墓": 1.0, "墓场": 1.0}
    assert {t.concept for t in q.terms} == {0}
    assert q.text == "坟墓场" and q.norm == "坟墓场"


def test_the_query_is_normalised_first(seg):
    q = _parse("墳墓場", seg)
    assert q.norm == "坟墓场" and q.text == "墳墓場" and q.concepts[0].typed == "坟墓场"


def test_a_lone_character_is_half_a_concept(seg):
    q = _parse("生物横", seg)
    assert [(c.typed, c.weight) for c in q.concepts] == [("生物", 1.0), ("横", 0.5)]


def test_function_words_are_dropped_and_split_the_bigrams(seg):
    q = _parse("坟墓场的生物怎么样", seg)
    assert [c.typed for c in q.concepts] == ["坟墓场", "生物"]
    assert "的" not in weights(q) and "怎么样" not in weights(q)
    # character pairs never bridge a dropped word: 场的 / 的生 are not searched
    assert q.bigrams == [("坟墓", 0), ("墓场", 0), ("生物", 1)]


def test_bigrams_run_across_neighbouring_words_and_belong_to_the_word_they_start_in(seg):
    q = _parse("坟墓场生物攻击", seg)
    assert q.bigrams == [("坟墓", 0), ("墓场", 0), ("场生", 0), ("生物", 1), ("物攻", 1), ("攻击", 2)]


def test_a_rule_number_is_a_concept_of_its_own(seg):
    q = _parse("420.5c 的 坟墓场", seg)
    assert [(c.typed, c.kind, c.show) for c in q.concepts] == [("420.5c", "number", ["420.5c"]),
                                                                ("坟墓场", "han", ["坟墓场"])]
    assert weights(q, 0) == {"420.5c": 1.0}


def test_english_numbers_and_chinese_mixed_are_each_a_concept_in_the_order_typed(seg):
    """A query switching script after every word (one English word, then Chinese, then a number glued
    to Chinese) loses none of its parts and gives each the kind it was typed in."""
    q = _parse("graveyard 生物 420.5c攻击 first strike 横置", seg, _vocab(english=ENG))
    assert [(c.typed, c.kind) for c in q.concepts] == [
        ("graveyard", "english"), ("生物", "han"), ("420.5c", "number"), ("攻击", "han"),
        ("first strike", "english"), ("横置", "han")]


def test_a_word_asked_twice_counts_once(seg):
    q = _parse("坟墓场还是坟墓场", seg)
    assert [(c.typed, c.weight) for c in q.concepts] == [("坟墓场", 1.0), ("坟墓场", 0.0)]
    assert weights(q, 1) == {"坟墓场": 1.0, "坟墓": 1.0, "墓场": 1.0}    # its terms are still searched


def test_once_needs_the_same_kind_and_text(seg):
    q = Query("x", "x")
    for typed, kind, w in [("传奇", "han", 1.0), ("传奇", "typo", 1.0), ("传奇", "han", 1.0), ("生物", "han", 0.0),
                           ("生物", "han", 1.0), ("攻", "han", 0.5), ("攻", "han", 0.5)]:
        Q._concept(q, typed, kind, w)
    Q._once(q)
    # a concept already weighing nothing does not hide a later one; a lone character asked twice is once too
    assert [c.weight for c in q.concepts] == [1.0, 1.0, 0.0, 0.0, 1.0, 0.5, 0.0]


def test_a_term_repeated_in_a_concept_keeps_its_highest_weight():
    q = Query("x", "x")
    q.add("坟墓", 0.3, 0)
    q.add("坟墓", 0.5, 0)
    q.add("坟墓", 0.4, 0)
    q.add("坟墓", 1.0, 1)
    assert [(t.word, t.weight, t.concept) for t in q.terms] == [("坟墓", 0.5, 0), ("坟墓", 1.0, 1)]


# --- synonyms ------------------------------------------------------------------------------------------

def test_a_synonym_is_searched_below_the_typed_word_with_the_words_inside_it(seg):
    v = _vocab(synonyms={"墓地": ["坟墓场"]})
    q = _parse("墓地", seg, v)
    assert weights(q) == {"墓地": 1.0, "坟墓场": SYNONYM, "坟墓": SYNONYM, "墓场": SYNONYM}
    assert "坟墓场" in q.concepts[0].show


def test_the_lexicon_weight_of_a_synonym_is_used(seg):
    v = _vocab(synonyms={"攻击": ["坟墓场", "消灭"]}, weights={"攻击": {"消灭": 0.3}})
    w = weights(_parse("攻击", seg, v))
    assert w["攻击"] == 1.0 and w["坟墓场"] == SYNONYM and w["消灭"] == 0.3


def test_a_word_the_book_does_not_use_reaches_the_synonyms_of_the_words_inside_it(seg):
    v = _vocab(synonyms={"杀": ["消灭"], "被": ["受到"]})
    w = weights(_parse("被杀", seg, v))          # 被杀 → 杀 → 消灭 (and 被 → 受到)
    assert w["被杀"] == 1.0 and w["消灭"] == SYNONYM and w["受到"] == SYNONYM


def test_the_longest_words_inside_win(seg):
    v = _vocab(synonyms={"杀死": ["消灭"], "杀": ["攻击"], "死": ["死循环"]})
    # 被杀死 is unknown; 杀死 (two characters) has a synonym, so the one-character words are not tried
    w = weights(_parse("被杀死", seg, v))
    assert w["消灭"] == SYNONYM and "攻击" not in w and "死循环" not in w


def test_the_shorter_words_inside_are_tried_when_no_longer_one_has_a_synonym(seg):
    v = _vocab(synonyms={"死": ["消灭"]})
    assert weights(_parse("被杀死", seg, v))["消灭"] == SYNONYM      # 被杀死 → 死 → 消灭


def test_a_word_the_book_uses_is_not_taken_apart(seg):
    v = _vocab(synonyms={"坟": ["墓地"], "攻": ["进攻"], "杀": ["消灭"]})
    assert "墓地" not in weights(_parse("坟墓场", seg, v))     # the book says 坟墓场
    assert "进攻" not in weights(_parse("攻击", seg, v))


def test_synonyms_found_inside_are_listed_once(seg):
    v = _vocab(synonyms={"被杀": [], "杀": ["消灭"], "被": ["消灭"]})
    assert Q._synonyms_for("被杀", v, known) == []             # a table entry, even if empty, is the answer
    v = _vocab(synonyms={"杀": ["消灭"], "被": ["消灭", "受到"]})
    assert Q._synonyms_for("被杀", v, known) == [("消灭", SYNONYM), ("受到", SYNONYM)]
    v = _vocab(synonyms={"杀": ["消灭"]}, weights={"杀": {"消灭": 0.3}})
    assert Q._synonyms_for("被杀", v, known) == [("消灭", 0.3)]
    assert Q._synonyms_for("杀", v, known) == [("消灭", 0.3)]
    assert Q._synonyms_for("坟墓场", _vocab(synonyms={"坟墓": ["墓地"]}), known) == []
    assert Q._synonyms_for("减", _vocab(synonyms={}), lambda w: False) == []


# --- English ---------------------------------------------------------------------------------------------

ENG = {"graveyard": ["坟墓场"], "first strike": ["先攻"], "destroy": ["消灭"],
       "a b c d e": ["死循环"], "attack": ["攻击", "生物", "横置", "坟墓场"]}


def test_an_english_phrase_finds_its_chinese_names(seg):
    q = _parse("First Strike", seg, _vocab(english=ENG))
    assert [(c.typed, c.kind, c.show) for c in q.concepts] == [("first strike", "english",
                                                                ["first strike", "先攻"])]
    assert weights(q) == {"first": 1.0, "strike": 1.0, "先攻": ENGLISH}


def test_english_phrases_are_matched_longest_first_and_stop_words_dropped(seg):
    q = _parse("the first strike of graveyard", seg, _vocab(english=ENG))
    assert [c.typed for c in q.concepts] == ["first strike", "graveyard"]
    q = _parse("first strike graveyard", seg, _vocab(english=ENG))
    assert [c.typed for c in q.concepts] == ["first strike", "graveyard"]    # every length is tried
    q = _parse("a b c d e", seg, _vocab(english=ENG))
    assert [c.typed for c in q.concepts] == ["a b c d e"]           # five words are one phrase
    assert weights(q)["死循环"] == ENGLISH


def test_english_words_are_stemmed(seg):
    q = _parse("attacking graveyards", seg, _vocab(english=ENG))
    assert [c.typed for c in q.concepts] == ["attacking", "graveyards"]
    assert weights(q, 0)["attack"] == 1.0 and weights(q, 1)["graveyard"] == 1.0
    assert weights(q, 1)["坟墓场"] == ENGLISH


def test_an_english_word_without_a_name_is_still_searched(seg):
    q = _parse("zombie x ap", seg, _vocab(english=ENG))
    # a lone unknown letter is dropped; two letters (ap: active player) are a word
    assert [c.typed for c in q.concepts] == ["zombie", "ap"]
    q = parse("x", seg, _vocab(), lambda w: w == "x")
    assert [c.typed for c in q.concepts] == ["x"]              # unless the book uses it


def test_an_english_word_no_name_table_knows_reaches_the_lexicon(seg):
    """A players' abbreviation the lexicon maps (cmc -> 法术力值 in mtg.tsv) but no English name table
    knows is expanded at its entry's weight, in its own concept; before, it was searched only as typed."""
    v = _vocab(english=ENG, synonyms={"cmc": ["坟墓场", "消灭"], "attack": ["传奇"]}, weights={"cmc": {"消灭": 0.3}})
    q = _parse("cmc 生物", seg, v)
    assert [(c.typed, c.kind) for c in q.concepts][0] == ("cmc", "english")
    assert weights(q, 0) == {"cmc": 1.0, "坟墓场": SYNONYM, "坟墓": SYNONYM, "墓场": SYNONYM, "消灭": 0.3}
    assert "坟墓场" in q.concepts[0].show
    w = weights(_parse("attack", seg, v))           # a name table knows it: its names, not the lexicon's word
    assert w["攻击"] == ENGLISH and "传奇" not in w
    assert weights(_parse("zombie", seg, v)) == {"zombi": 1.0}       # neither knows it: as typed


def test_at_most_three_names_and_four_synonyms_each(seg):
    v = _vocab(english=ENG, synonyms={"攻击": ["消灭", "先攻", "减少", "费用", "传奇"]},
               weights={"攻击": {"消灭": 0.3}})
    w = weights(_parse("attack", seg, v))
    assert w["攻击"] == w["生物"] == w["横置"] == ENGLISH and "坟墓场" not in w
    assert w["消灭"] == pytest.approx(ENGLISH * 0.3)
    assert w["先攻"] == w["减少"] == w["费用"] == pytest.approx(ENGLISH * SYNONYM)
    assert "传奇" not in w


def test_a_chinese_name_with_latin_in_it_keeps_the_latin_word(seg):
    q = Query("x", "x")
    Q._concept(q, "apnap", "english")
    Q._chinese_terms(q, "APNAP顺序", 0.9, 0, seg)
    assert weights(q) == {"apnap": 0.9, "顺": 0.9, "序": 0.9} and q.concepts[0].show == ["APNAP顺序"]
    assert {t.concept for t in q.terms} == {0}


# --- lone characters players use for a longer word --------------------------------------------------------

def test_a_lone_character_the_book_hardly_uses_means_the_book_words_holding_it(seg):
    w = weights(_parse("减", seg))           # 减 stands alone in one rule: players mean 减少 / 减少费用 / 减免
    assert w["减"] == 1.0
    # the words the most rules use first, at most three, two or three characters long (减少费用 is four)
    assert {x: y for x, y in w.items() if y == CHAR_WORD} == {"减少": CHAR_WORD, "减伤害": CHAR_WORD, "减免": CHAR_WORD}
    assert Q._words_with("减", seg, df) == ["减少", "减伤害", "减免"]          # not 减半: three at most
    assert Q._words_with("减", _seg(WORDS), lambda s: 1, k=2) == ["减伤害", "减免"]   # ties: by the word


def test_the_longer_words_belong_to_the_lone_characters_concept(seg):
    q = _parse("生物减攻击", seg)
    assert [c.typed for c in q.concepts] == ["生物", "减", "攻击"]
    assert {t.concept for t in q.terms if t.weight == CHAR_WORD} == {1}


def test_a_lone_character_the_book_uses_often_or_explained_otherwise_stays_alone(seg):
    often = {**DF, "减": Q.RARE_CHAR}
    q = parse("减", seg, _vocab(), known, occurs, lambda w: often.get(w, 0))
    assert weights(q) == {"减": 1.0}
    q = _parse("减", seg, _vocab(synonyms={"减": ["费用"]}))
    assert CHAR_WORD not in weights(q).values()
    rare = {**DF, "减": Q.RARE_CHAR - 1}
    q = parse("减", seg, _vocab(), known, occurs, lambda w: rare.get(w, 0))
    assert CHAR_WORD in weights(q).values()


def test_without_document_counts_a_word_the_book_uses_counts_as_in_one_document(seg):
    """`parse`'s `df` left out: a word the index knows stands for one document, one it does not for none.
    So 减 (known) is rare (1 < RARE_CHAR), and the book words holding it all tie at one document: the
    first three by the word (减伤害, 减免, 减半 before 减少), never 增减, which the book does not use."""
    q = parse("减", seg, _vocab(), known, occurs)
    assert weights(q) == {"减": 1.0, "减伤害": CHAR_WORD, "减免": CHAR_WORD, "减半": CHAR_WORD}


def test_the_words_holding_a_character_are_found_once_per_dictionary(seg):
    calls = []

    def counting(w):
        calls.append(w)
        return df(w)

    assert Q._words_with("减", seg, counting) == ["减少", "减伤害", "减免"]
    n = len(calls)
    assert Q._words_with("减", seg, counting) == ["减少", "减伤害", "减免"] and len(calls) == n


# --- typos ------------------------------------------------------------------------------------------------

def _typos(q: Query) -> dict[str, list[str]]:
    """typed window → the corrections searched for it (each with the words inside it, at `TYPO`)."""
    out = {}
    for i, c in enumerate(q.concepts):
        if c.kind == "typo":
            assert c.show and all(weights(q, i).get(f) == TYPO for f in c.show)
            out[c.typed] = c.show
    return out


@pytest.fixture(params=[True, False], ids=["pypinyin", "no-pypinyin"])
def pinyin(request, monkeypatch):
    if request.param:
        pytest.importorskip("pypinyin")
    else:
        monkeypatch.setitem(sys.modules, "pypinyin", None)
    return request.param


def test_a_broken_word_is_replaced_by_the_book_word_one_character_away(seg, pinyin):
    q = _parse("死循坏", seg)
    assert _typos(q) == {"死循坏": ["死循环"]}
    # the broken characters no longer count as things asked; the correction does
    assert [(c.typed, c.weight) for c in q.concepts] == [("死", 0.0), ("循", 0.0), ("坏", 0.0), ("死循坏", 1.0)]


def test_a_two_character_typo_must_sound_right_and_name_a_term(seg, pinyin):
    assert _typos(_parse("传记", seg)) == ({"传记": ["传纪"]} if pinyin else {})
    assert _typos(_parse("传奇", seg)) == {}                     # a book word is no typo


def test_what_is_no_typo(seg, pinyin):
    assert _typos(_parse("生物攻击", seg)) == {}                 # words the book has
    assert _typos(_parse("的死", seg)) == {}                     # two characters with a stop word
    assert _typos(_parse("坟墓场死循坏生物", seg))["死循坏"] == ["死循环"]


def test_sounds_alike():
    pytest.importorskip("pypinyin")
    assert Q._sounds_alike("卡排", ["卡牌", "卡片"]) == ["卡牌"]        # pai = pai
    assert Q._sounds_alike("死循坏", ["死循环"]) == ["死循环"]         # huai / huan: one letter, three characters
    assert Q._sounds_alike("循坏", ["循环"]) == []                    # …but two characters are too little
    assert Q._sounds_alike("横制", ["横置", "横滚"]) == ["横置"]        # zhi = zhi; gun is far


def test_without_pypinyin_only_a_long_window_with_one_correction(monkeypatch):
    monkeypatch.setitem(sys.modules, "pypinyin", None)
    assert Q._have_pinyin() is False
    assert Q._sounds_alike("死循坏", ["死循环"]) == ["死循环"]
    assert Q._sounds_alike("死循坏", ["死循环", "死循还"]) == []
    assert Q._sounds_alike("卡排", ["卡牌"]) == []


def test_one_edit_and_the_changed_position():
    assert Q._one_edit("huai", "huan") and Q._one_edit("zi", "zhi") and Q._one_edit("zhi", "zi")
    assert Q._one_edit("ning", "nin") and not Q._one_edit("huai", "huai")
    assert not Q._one_edit("ka", "pai") and not Q._one_edit("ab", "ba") and not Q._one_edit("a", "abc")
    assert Q._changed("死循坏", "死循环") == 2 and Q._changed("卡排", "牌排") == 0


def _book(words: dict[str, int], terms=(), text=None):
    """A toy book: its words with their document counts, its terms, its text (the words, by default)."""
    seg = _seg({**{w: 10 for w in words}, "的": 1000})
    body = text if text is not None else " ".join(words)

    def parse_(query, pinyin_ok=True):
        return parse(query, seg, _vocab(), lambda w: words.get(w, 0) > 0, lambda s: s in body,
                     lambda w: words.get(w, 0), lambda w: w in terms)
    return parse_


@pytest.fixture
def no_pinyin(monkeypatch):
    monkeypatch.setitem(sys.modules, "pypinyin", None)


def test_corrections_to_the_books_terms_come_first(no_pinyin):
    # 甲乙丙 → 甲乙庚 (a word in 50 rules) and 乙丙丁 → 乙丙辛 (a term in one) overlap: the term wins
    p = _book({"甲乙庚": 50, "乙丙辛": 1}, terms={"乙丙辛"})
    assert _typos(p("甲乙丙丁")) == {"乙丙丁": ["乙丙辛"]}
    p = _book({"甲乙庚": 1, "乙丙辛": 50}, terms={"甲乙庚"})
    assert _typos(p("甲乙丙丁")) == {"甲乙丙": ["甲乙庚"]}


def test_then_longer_windows_then_the_more_used_correction(no_pinyin):
    p = _book({"甲乙庚": 50, "甲乙丙壬": 1}, terms={"甲乙庚", "甲乙丙壬"})
    assert _typos(p("甲乙丙丁")) == {"甲乙丙丁": ["甲乙丙壬"]}
    p = _book({"甲乙庚": 5, "乙丙辛": 9}, terms={"甲乙庚", "乙丙辛"})
    assert _typos(p("甲乙丙丁")) == {"乙丙丁": ["乙丙辛"]}
    p = _book({"甲乙庚": 9, "乙丙辛": 5}, terms={"甲乙庚", "乙丙辛"})
    assert _typos(p("甲乙丙丁")) == {"甲乙丙": ["甲乙庚"]}


def test_of_two_equally_good_overlapping_windows_the_one_typed_first_is_corrected(no_pinyin):
    # 甲乙丙 → 甲乙庚 and 乙丙丁 → 乙丙辛: both terms, both three characters, both in 5 rules; they share 乙丙
    p = _book({"甲乙庚": 5, "乙丙辛": 5}, terms={"甲乙庚", "乙丙辛"})
    assert _typos(p("甲乙丙丁")) == {"甲乙丙": ["甲乙庚"]}
    p = _book({"乙丙辛": 5, "甲乙庚": 5}, terms={"乙丙辛", "甲乙庚"})      # whatever order the book lists them in
    assert _typos(p("甲乙丙丁")) == {"甲乙丙": ["甲乙庚"]}


def test_a_window_with_two_corrections_competes_with_the_better_one():
    """制 (zhi) may be 置 or 至 mistyped: 横制丙 has two corrections, and competes for 制丙 with 制丙丁 →
    置丙丁 as good as its better correction is — a term of the book first, then the more used."""
    pytest.importorskip("pypinyin")
    # 横置丙 is a term in 1 rule, 横至丙 no term though in 50: the term makes 横制丙 beat 置丙丁 (no term, 60)
    p = _book({"横置丙": 1, "横至丙": 50, "置丙丁": 60}, terms={"横置丙"})
    assert _typos(p("制丙丁")) == {"制丙丁": ["置丙丁"]} and sorted(_typos(p("横制丙"))["横制丙"]) == ["横置丙", "横至丙"]
    assert sorted(_typos(p("横制丙丁"))) == ["横制丙"]
    # both terms, in 1 and 9 rules: the one in 9 makes 横制丙 beat 置丙丁 (a term in 5), whichever is listed first
    for used in [{"横置丙": 1, "横至丙": 9}, {"横置丙": 9, "横至丙": 1}]:
        p = _book({**used, "置丙丁": 5}, terms={"横置丙", "横至丙", "置丙丁"})
        assert sorted(_typos(p("横制丙丁"))) == ["横制丙"]


def test_windows_that_do_not_overlap_are_both_corrected(no_pinyin):
    p = _book({"甲乙庚": 5, "丁戊癸": 5}, terms={"甲乙庚", "丁戊癸"})
    q = p("甲乙丙丁戊己")
    assert _typos(q) == {"甲乙丙": ["甲乙庚"], "丁戊己": ["丁戊癸"]}
    assert [c.weight for c in q.concepts if c.kind == "han"] == [0.0] * 6


def test_a_window_taken_first_leaves_its_neighbours_free(no_pinyin):
    # 丁戊己 → 丁戊癸 is used more, so taken first; 甲乙丙 next to it is still corrected
    p = _book({"甲乙庚": 5, "丁戊癸": 9}, terms={"甲乙庚", "丁戊癸"})
    assert _typos(p("甲乙丙丁戊己")) == {"甲乙丙": ["甲乙庚"], "丁戊己": ["丁戊癸"]}
    # a window that overlaps a taken one is skipped, and the ones after it are still tried
    p = _book({"甲乙庚": 9, "乙丙辛": 5, "丁戊癸": 1}, terms={"甲乙庚", "乙丙辛", "丁戊癸"})
    assert _typos(p("甲乙丙丁戊己")) == {"甲乙丙": ["甲乙庚"], "丁戊己": ["丁戊癸"]}


def test_a_window_is_at_most_four_characters(no_pinyin):
    p = _book({"甲乙丙丁己": 5}, terms={"甲乙丙丁己"})
    assert _typos(p("甲乙丙丁戊")) == {}


def test_text_the_book_has_or_corrections_it_never_uses_are_no_typos(no_pinyin):
    p = _book({"甲乙庚": 5}, terms={"甲乙庚"}, text="甲乙丙 甲乙庚")
    assert _typos(p("甲乙丙")) == {}                      # 甲乙丙 is in the book as typed
    p = _book({"甲乙庚": 0}, terms={"甲乙庚"})
    assert _typos(p("甲乙丙")) == {}                      # the correction is in no rule
    p = _book({"甲乙庚": 5})
    assert _typos(p("甲乙丙")) == {"甲乙丙": ["甲乙庚"]}  # three characters need no term


def test_a_word_around_the_typo_keeps_its_weight(seg, pinyin):
    q = _parse("生物死循坏", seg)
    assert [(c.typed, c.weight) for c in q.concepts][0] == ("生物", 1.0)
    # the characters of the broken word get no longer words of their own either (死 is rare here)
    assert CHAR_WORD not in weights(q).values()


def test_a_stop_word_inside_a_broken_word_is_one_of_its_characters(seg, pinyin):
    assert _typos(_parse("再条度", seg)) == {"再条度": ["再调度"]}


def test_a_word_next_to_an_unusual_character_needs_the_sound(seg, pinyin):
    # 衍生 + 务: with the sound, 务 (wu) is 物 mistyped; without it, 衍生务 looks like any word next to a character
    assert _typos(_parse("衍生务", seg)) == ({"衍生务": ["衍生物"]} if pinyin else {})
    assert _typos(_parse("坏衍生务", seg)) == ({"衍生务": ["衍生物"]} if pinyin else {})


def test_two_corrections_that_sound_right_are_both_kept_three_are_too_many():
    pytest.importorskip("pypinyin")
    p = _book({"横置": 5, "横至": 5}, terms={"横置", "横至"})
    assert sorted(_typos(p("横制"))["横制"]) == ["横置", "横至"]
    p = _book({"横置": 5, "横至": 5, "横治": 5}, terms={"横置", "横至", "横治"})
    assert _typos(p("横制")) == {}


def test_only_the_windows_own_characters_decide_about_stop_words(pinyin):
    p = _book({"传纪": 4, "攻击": 40}, terms={"传纪", "攻击"})
    assert _typos(p("的传记")) == ({"传记": ["传纪"]} if pinyin else {})   # a stop word before it is not in it
    assert _typos(p("攻几")) == {}             # one inside it is, though 几 sounds like 击 (攻击)


def test_a_window_of_function_words_only_is_no_typo_even_after_a_word(pinyin):
    # 再几的 is three function words, one character off the book's 再几个 (的 de / 个 ge): never corrected,
    # alone or after 横置, a word of the book that is no function word
    p = _book({"横置": 5, "再几个": 5}, terms={"横置", "再几个"})
    assert _typos(p("再几的")) == {} and _typos(p("横置再几的")) == {}


def test_a_lone_character_is_never_corrected():
    pytest.importorskip("pypinyin")
    p = _book({"置": 5, "生物": 5}, terms={"置"})
    assert _typos(p("制")) == {} and _typos(p("生物制")) == {}


def test_a_two_character_correction_must_be_a_term_and_a_longer_one_need_not(seg, pinyin):
    p = _book({"传纪": 4})
    assert _typos(p("传记")) == {}
    p = _book({"死循环": 4})
    assert _typos(p("死循坏")) == {"死循坏": ["死循环"]}
