"""An opened index (index/search.py: `Index`, `search`, `open_index`) on a small generated book whose
word counts are known from its text: 牌 stands as a word in each of the 70 rules 100.1–100.70 and
nowhere else, 展示 in 4 of the book's 80 documents (exactly 5 %), 卡片 in 3, 费用 in 3.

The index is built once per test session (the session's private cache finds it again by content) and
opened per test, so every test runs the opened index's code itself (mutation testing maps a mutant to
the tests that ran it; issue 9 §8).
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from index import search as S
from search_toys import bm25_written_out

DRAWS = [f"100.{i}. 第{i}号牌手在这个回合抓一张牌。" for i in range(1, 71)]
BOOK = "\n".join(["1. 游戏概念", "100. 抓牌", *DRAWS,
                  "101. 牌库", "101.1. 从牌库顶起展示卡片。", "101.2. 展示的卡片放回牌库。",
                  "101.3. 展示卡片之后洗牌库。", "101.4. 牌手可以展示手上的任何卡。",
                  "102. 费用", "102.1. 某些效果会减少费用。", "102.2. 费用不能少于零。"]) + "\n"
DOCUMENTS = 80          # 1 chapter, 3 headings, 76 rules
DRAW_RULES = {f"100.{i}" for i in range(1, 71)}


@pytest.fixture
def idx(tmp_path):
    p = tmp_path / "draws.txt"
    p.write_text(BOOK, encoding="utf-8")
    i = S.open_index(str(p))
    yield i
    i.close()


def uids(idx, text, limit=10):
    return [h.uid for h in S.search(idx, text, limit)]


def test_a_character_the_book_uses_as_a_word_means_itself(idx):
    """牌 stands alone in 70 rules (≥ RARE_CHAR): it is not widened to the words that contain it
    (牌库, 抓牌), so the rules about the library do not answer a question about a card."""
    assert idx.df("words", "牌") == 70
    assert set(uids(idx, "牌", 100)) == DRAW_RULES


def test_a_character_the_book_never_uses_alone_finds_its_words(idx):
    """减 is no word of the book: the book's words holding it (减少) stand in for it."""
    assert idx.df("words", "减") == 0
    assert uids(idx, "减")[:1] == ["102.1"]


def test_a_long_page_holds_every_hit_up_to_the_limit(idx):
    """More hits than the 60 candidates a page usually ranks: a page of 100 holds all 70, one of
    65 holds 65, all distinct."""
    assert len(uids(idx, "牌", 100)) == 70
    assert len(S.search(idx, "牌")) == 10                                # a page unless asked otherwise
    page = uids(idx, "牌", 65)
    assert len(page) == len(set(page)) == 65 and set(page) <= DRAW_RULES


@pytest.mark.parametrize("typed, meant, rules", [
    ("牌酷", "牌库", {"101", "101.1", "101.2", "101.3", "101.4"}),     # a heading of the book
    ("费永", "费用", {"102", "102.1", "102.2"}),
    ("展式", "展示", {"101.1", "101.2", "101.3", "101.4"}),            # in 5 % of the documents: a term too
])
def test_a_typo_is_corrected_to_a_term_of_the_book(idx, typed, meant, rules):
    assert set(uids(idx, typed)[:len(rules)]) == rules       # the corrected word's rules first
    q = S.parse(typed, idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w), idx.is_term)
    assert [c.show for c in q.concepts if c.kind == "typo"] == [[meant]]


def test_which_words_are_the_books_terms(idx):
    """A term: a heading or headword of the book, or a word in at least 5 % of its documents."""
    assert idx.reader.doc_count_all() == DOCUMENTS
    assert idx.df("words", "展示") == 4 and idx.is_term("展示")            # 4 of 80: exactly 5 %
    assert idx.df("words", "卡片") == 3 and not idx.is_term("卡片")
    assert idx.df("words", "费用") == 3 and idx.is_term("费用")            # a heading
    assert not idx.is_term("零钱") and not idx.known("零钱") and idx.known("卡片")
    assert idx.df("words", "减少") == 1 and idx.known("减少")              # one document is enough to be known


def test_document_frequencies_are_remembered_up_to_a_bound(idx, monkeypatch):
    assert idx.df("words", "展示") == 4 and ("words", "展示") in idx._df
    idx._df[("words", "展示")] = 99                   # remembered: the reader is not asked again
    assert idx.df("words", "展示") == 99
    monkeypatch.setattr(S, "DF_MEMO", 2)
    idx._df.clear()
    assert [idx.df("words", w) for w in ("展示", "卡片", "费用")] == [4, 3, 3]
    assert len(idx._df) == 1                          # full at 2: started over for the third


def test_a_string_occurs_when_every_pair_of_its_characters_does(idx):
    assert idx.occurs("展示卡片") and idx.occurs("牌库")
    assert not idx.occurs("卡片展示") and not idx.occurs("库牌")


def test_priors_of_headings_chapters_and_rules(idx):
    prior = {idx.stored(d)["uid"]: idx.prior(d) for d in range(DOCUMENTS)}
    assert prior["100"] == prior["101"] == prior["102"] == 0.7        # a rule that is only a heading
    assert prior["1"] == 0.5                                            # a chapter
    assert prior["100.1"] == prior["102.2"] == 1.0


def test_idf_and_scores_follow_bm25(idx):
    n, df = DOCUMENTS, 4
    assert idx.idf("words", "展示") == pytest.approx(math.log(1 + (n - df + 0.5) / (df + 0.5)))
    assert idx.idf("words", "零钱") == 0.0 and list(idx.scored("words", "零钱", 1.0)) == []
    pairs = idx.scored("words", "展示", 2.0)
    assert sorted(idx.stored(d)["uid"] for d, _ in pairs) == ["101.1", "101.2", "101.3", "101.4"]
    blocks = [(d, s) for ids, ss in idx.scored_blocks("words", "展示", 2.0) for d, s in zip(ids, ss)]
    assert pairs == blocks and all(s > 0 for _, s in pairs)
    half = dict(idx.scored("words", "展示", 1.0))
    assert all(s == pytest.approx(2 * half[d]) for d, s in pairs)      # the weight scales the score


@pytest.mark.parametrize("field, term", [("words", "展示"), ("words", "牌"), ("words", "牌库"), ("bigram", "卡片"), ("bigram", "牌库")])
def test_scores_are_bm25_written_out(idx, field, term):
    """BM25 (k1 1.2, b 0.75) with the weight on the idf, from whoosh's public statistics (term
    frequency, document frequency, field lengths; the words field by its weighted length)."""
    assert idx.reader.doc_count_all() == DOCUMENTS
    expect = bm25_written_out(idx, field, term, 0.7)
    got = dict(idx.scored(field, term, 0.7))
    assert got.keys() == expect.keys() and len(got) >= 2
    assert all(got[d] == pytest.approx(expect[d], rel=1e-9) for d in got)


def test_closing_releases_the_reader_and_a_later_search_opens_it_again(idx):
    first = idx.reader
    assert idx.reader is first                       # one reader while open
    idx.close()
    assert idx._reader is None and first.is_closed
    assert uids(idx, "费用")[:1] and idx.reader is not first
    idx.close()
    idx.close()                                      # closing twice is harmless


def test_the_postings_of_any_matcher_are_read_the_public_way():
    """`_blocks` reads whoosh's leaf matcher a block at a time; any other matcher one posting a call."""
    class Plain:
        def __init__(self, postings):
            self.p = list(postings)

        def is_active(self):
            return bool(self.p)

        def id(self):
            return self.p[0][0]

        def weight(self):
            return self.p[0][1]

        def next(self):
            self.p.pop(0)

    assert list(S._blocks(Plain([(3, 1.0), (7, 2.5)]))) == [((3,), (1.0,)), ((7,), (2.5,))]
    assert list(S._blocks(Plain([]))) == []

    class Leaf(SimpleNamespace):
        def is_active(self):
            return bool(self.blocks) or self._ids is not None

        def _read_ids(self):
            self._ids = self.blocks[0][0]

        def _read_weights(self):
            self._weights = self.blocks[0][1]

        def _next_block(self):
            self.blocks.pop(0)
            self._ids = self._weights = None
            self._i = 0

    leaf = Leaf(blocks=[([1, 2, 3], [1.0, 1.0, 2.0]), ([9], [4.0])], _ids=None, _weights=None, _i=1)
    assert list(S._blocks(leaf)) == [([2, 3], [1.0, 2.0]), ([9], [4.0])]   # from the matcher's position on


# --- the ranking's helpers on tables written here -----------------------------------------------------

from index.query import ENGLISH, Concept, Query, Term  # noqa: E402

ASKS = {"permission": {"asks": ["能不能"], "answers": ["可以"]}, "order": {"asks": ["谁先"], "answers": ["顺序"]}}


def _asking(answers):
    idx = SimpleNamespace(vocab=SimpleNamespace(asks=ASKS), answers=answers)
    idx.answer_rarity = S.Index.answer_rarity.func(idx)
    return idx


def test_a_kind_of_question_is_rarer_the_fewer_documents_answer_it():
    assert _asking([0b01, 0b00, 0b10, 0b01]).answer_rarity == [0.5, 0.75]
    assert _asking([]).answer_rarity == [1.0, 1.0]          # no documents: nothing answers


def test_a_rule_worded_to_answer_the_question_moves_up_by_its_rarity(monkeypatch):
    idx = _asking([0b01, 0b00, 0b10, 0b01])
    final = {0: 1.0, 1: 1.0, 2: 1.0, 3: 2.0, 4: 1.0}          # 4: no answers recorded (a newer document)
    S._asks(idx, Query("能不能攻击", "能不能攻击"), final)
    boost = 1 + S.ASK_BOOST * 0.5                             # half the documents answer a permission
    assert final == {0: pytest.approx(boost), 1: 1.0, 2: 1.0, 3: pytest.approx(2 * boost), 4: 1.0}
    final = {0: 1.0, 2: 1.0, 3: 1.0}
    S._asks(idx, Query("谁先能不能", "谁先能不能"), final)      # two kinds: the rarer one a rule answers
    assert final == {0: pytest.approx(boost), 2: pytest.approx(1 + S.ASK_BOOST * 0.75), 3: pytest.approx(boost)}
    final = {0: 1.0, 3: 1.0}
    S._asks(idx, Query("攻击", "攻击"), final)                 # no kind asked: nothing moves
    assert final == {0: 1.0, 3: 1.0}
    monkeypatch.setattr(S, "ASK_FROM", 1)                     # only the best candidates are re-ranked
    final = {0: 1.0, 3: 2.0}
    S._asks(idx, Query("能不能", "能不能"), final)
    assert final == {0: 1.0, 3: pytest.approx(2 * boost)}
    monkeypatch.setattr(S, "ASK_BOOST", 0.0)
    final = {0: 1.0}
    S._asks(SimpleNamespace(), Query("能不能", "能不能"), final)  # switched off: the index is not even read
    assert final == {0: 1.0}


def test_a_concept_the_book_lacks_is_one_none_of_whose_typed_words_it_knows():
    idx = SimpleNamespace(known={"生物", "攻击"}.__contains__)
    q = Query("x", "x", concepts=[Concept("生物", "han"), Concept("回手", "han"), Concept("攻", "han", 0.5),
                                 Concept("忍述", "han")],
              terms=[Term("生物", 1.0, 0), Term("回手", 1.0, 1), Term("返回", 0.5, 1), Term("攻", 1.0, 2),
                     Term("攻击", 0.3, 2), Term("忍述", 1.0, 3), Term("生物", 0.5, 3)])
    # 生物 is known; 回手 is not (its synonym 返回 does not count); 攻 is a single character;
    # 忍述's only known word is an expansion, not what was typed
    assert S._absent_concepts(idx, q) == {1, 3}


def test_a_concept_counts_by_how_rare_its_best_typed_word_is():
    idf = {("words", "牌"): 0.3, ("words", "践踏"): 4.5, ("words", "生物"): 1.5, ("words", "异能"): 2.0,
           ("words", "trample"): 0.0, ("bigram", "阻挡"): 2.4, ("bigram", "挡者"): 1.0}
    idx = SimpleNamespace(idf=lambda f, w: idf.get((f, w), 0.0))
    q = Query("x", "x",
              concepts=[Concept("牌", "han", 0.5), Concept("践踏", "han"), Concept("生物", "han"),
                        Concept("trample", "english"), Concept("阻挡者", "han")],
              terms=[Term("牌", 1.0, 0), Term("践踏", 1.0, 1), Term("生物", 1.0, 2), Term("异能", 0.5, 2),
                     Term("trample", 1.0, 3), Term("践踏", ENGLISH, 3)],
              bigrams=[("阻挡", 4), ("挡者", 4)])
    full = S.IDF_FULL
    assert S._concept_weights(idx, q) == pytest.approx([
        0.5 * 0.5 / full,        # a common word: its idf, but never under 0.5
        1.0,                     # rarer than IDF_FULL: counts fully
        1.5 / full,              # 异能 is only an expansion: the typed word decides
        1.0,                     # an English word by its Chinese name, typed
        0.5 * 2.4 / full,        # only bigrams: half their best idf
    ])


def test_votes_on_a_table_a_cited_rule_gets_the_larger_share_and_adds_its_section_vote():
    """`_vote` on tables written here: rules 0 (score 4) and 1 (score 3) both cite rule 3 and sit under
    heading 5 with it; rules 3 and 4 cite rule 0. A cited rule gets CITED × the larger of its citers'
    scores (not one after the other), the vote to citing rules is off (CITING 0: rule 4 keeps its own
    score), and a sibling's section vote (SECTION × the other siblings' scores) adds to its citation vote."""
    assert S.CITING == 0.0
    idx = SimpleNamespace(links={0: [3], 1: [3]}, linked_from={0: [3, 4]}, parents=[5, 5, -1, 5, -1, -1],
                          children_of={5: [0, 1, 3]}, prior=lambda doc: 1.0)
    final = {0: 4.0, 1: 3.0, 2: 1.0}
    base = {**final, 3: 0.5, 4: 0.25}                 # 3 and 4 were pruned before the votes
    S._vote(idx, final, base)
    cited, section = S.CITED, S.SECTION
    assert final == pytest.approx({0: 4.0 + section * 3.0, 1: 3.0 + section * 4.0, 2: 1.0,
                                   3: 0.5 + cited * 4.0 + section * 7.0, 4: 0.25})


def test_the_glossary_bridge_on_a_table_every_citing_entry_counts_and_the_larger_share_wins():
    """`_bridge` on tables written here: entry 0 (the best, score 5) cites nothing, entries 2 (score 4) and 1
    (score 3) both cite rule 3, pruned before the votes (score 0.5 in `base`). An entry that cites nothing does not
    stop the ones after it, and rule 3 gets BRIDGE × the larger citer's score, not the last one's."""
    idx = SimpleNamespace(cites={0: [], 1: [3], 2: [3]}, prior=lambda doc: 1.0)
    final = {0: 5.0, 1: 3.0, 2: 4.0}
    S._bridge(idx, final, {**final, 3: 0.5})
    assert final == pytest.approx({0: 5.0, 1: 3.0, 2: 4.0, 3: 0.5 + S.BRIDGE * 4.0})


def test_a_section_vote_reaches_the_rules_under_the_first_document():
    """A heading can be document 0: its rules 1 and 2 vote for each other like those of any other heading."""
    idx = SimpleNamespace(links={}, linked_from={}, parents=[-1, 0, 0], children_of={0: [1, 2]}, prior=lambda doc: 1.0)
    final = {1: 2.0, 2: 1.0}
    S._vote(idx, final, dict(final))
    assert final == pytest.approx({1: 2.0 + S.SECTION * 1.0, 2: 1.0 + S.SECTION * 2.0})
