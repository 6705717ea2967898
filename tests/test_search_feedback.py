"""Issue 16: pseudo-relevance feedback. The words that set the first ranking's
best documents apart from the book (their share of those documents' text
against their share of the book) are added to the query at a low weight, and
the documents ranked again; a rule that shares the best hit's own words rises.
Hand-written tiny books: the expectations follow from counting words in them."""
from __future__ import annotations

import pytest

import index.search as S
from index.search import open_index, search

WEATHER = """1. 天气

101. 天气现象

101.1. 冰雹，龙卷风，龙卷风，暴风雪，闪电，沙尘暴，雨，如果。

101.2. 龙卷风，彩虹，如果。

101.3. 暴风雪，彩虹。

101.4. 暴风雪，台风。

101.5. 闪电，冰川。
"""

# 101.1 is about hail and tornadoes; 101.3 names hail once and a tornado, 101.2
# names hail once in a shorter text, so without feedback it comes first
STORMS = """1. 天气

101. 天气现象

101.1. 冰雹，龙卷风，冰雹，龙卷风，冰雹。

101.2. 冰雹，台风。

101.3. 冰雹，龙卷风，彩虹。

101.4. 彩虹，台风，闪电。

101.5. 龙卷风，闪电。
"""


def _book(tmp_path, text, name):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return open_index(str(f))


@pytest.fixture
def weather(tmp_path):
    return _book(tmp_path, WEATHER, "weather.txt")


def _q(idx, text):
    return S.parse(text, idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w), idx.is_term)


def _doc(idx, uid):
    return idx.docnum(uid)


def test_the_words_that_set_the_best_document_apart_come_first(weather, monkeypatch):
    """101.1 says 龙卷风 twice, 闪电 and 暴风雪 once; 龙卷风 and 闪电 stand in two
    rules, 暴风雪 in three: 龙卷风 (more of the text), then 闪电 (rarer in the book
    than 暴风雪). Not added: the asked 冰雹, 沙尘暴 (in no other rule), 雨 (one
    character), 如果 (a stop word, though in two rules)."""
    monkeypatch.setattr(S, "FEEDBACK_MAX_SHARE", 1.0)
    monkeypatch.setattr(S, "FEEDBACK_TERMS", 3)
    top = [(_doc(weather, "101.1"), 5.0)]
    words = S._feedback(weather, _q(weather, "冰雹"), top)
    assert list(words) == ["龙卷风", "闪电", "暴风雪"]
    assert words["龙卷风"] == S.FEEDBACK
    assert S.FEEDBACK > words["闪电"] > words["暴风雪"] > 0
    monkeypatch.setattr(S, "FEEDBACK_TERMS", 1)
    assert S._feedback(weather, _q(weather, "冰雹"), top) == {"龙卷风": S.FEEDBACK}
    # a word the query asks is never added back
    assert "龙卷风" not in S._feedback(weather, _q(weather, "冰雹 龙卷风"), top)


def test_a_word_in_too_many_documents_is_not_added(weather, monkeypatch):
    n = weather._stats["n"]
    monkeypatch.setattr(S, "FEEDBACK_TERMS", 3)
    top = [(_doc(weather, "101.1"), 5.0)]
    monkeypatch.setattr(S, "FEEDBACK_MAX_SHARE", 2 / n)      # two rules: still in
    assert list(S._feedback(weather, _q(weather, "冰雹"), top)) == ["龙卷风", "闪电"]
    monkeypatch.setattr(S, "FEEDBACK_MAX_SHARE", 1.99 / n)   # fewer than two: nothing is left
    assert S._feedback(weather, _q(weather, "冰雹"), top) == {}


def test_the_better_document_speaks_louder(weather, monkeypatch):
    """Two feedback documents, each weighed by its share of their summed score:
    the words of the one that scored three times the other lead."""
    monkeypatch.setattr(S, "FEEDBACK_MAX_SHARE", 1.0)
    tornado, blizzard = _doc(weather, "101.2"), _doc(weather, "101.4")   # 龙卷风 彩虹 / 暴风雪 台风
    q = _q(weather, "天气")
    assert next(iter(S._feedback(weather, q, [(tornado, 3.0), (blizzard, 1.0)]))) in ("龙卷风", "彩虹")
    assert next(iter(S._feedback(weather, q, [(tornado, 1.0), (blizzard, 3.0)]))) == "暴风雪"   # 台风: one rule
    assert S._feedback(weather, q, [(tornado, 0.0)]) == {}


def test_shares_add_up_over_the_feedback_documents(weather, monkeypatch):
    """101.2 (龙卷风 彩虹 如果) and 101.3 (暴风雪 彩虹), scored 1 and 3: each word's
    share is the sum over the documents of (score share × its count / the
    document's word count); its worth p × log(p / (df / the book's weighted
    length)). 彩虹 is in both: 1/4 × 1/3 + 3/4 × 1/2."""
    import math

    monkeypatch.setattr(S, "FEEDBACK_MAX_SHARE", 1.0)
    monkeypatch.setattr(S, "FEEDBACK_TERMS", 3)
    tokens = weather._stats["n"] * weather._stats["words"]
    p = {"彩虹": 1 / 4 * 1 / 3 + 3 / 4 * 1 / 2, "龙卷风": 1 / 4 * 1 / 3, "暴风雪": 3 / 4 * 1 / 2}
    df = {"彩虹": 2, "龙卷风": 2, "暴风雪": 3}
    worth = {w: p[w] * math.log(p[w] * tokens / df[w]) for w in p}
    best = max(worth.values())
    expect = {w: S.FEEDBACK * v / best for w, v in worth.items()}
    got = S._feedback(weather, _q(weather, "天气"), [(_doc(weather, "101.2"), 1.0), (_doc(weather, "101.3"), 3.0)])
    assert got == pytest.approx(expect)
    assert list(got) == sorted(expect, key=expect.get, reverse=True)
    # only the shares count, not the scores' size
    small = S._feedback(weather, _q(weather, "天气"), [(_doc(weather, "101.2"), 0.1), (_doc(weather, "101.3"), 0.3)])
    assert small == pytest.approx(expect)


def test_a_rule_sharing_the_best_hits_words_moves_up(tmp_path, monkeypatch):
    """冰雹 stands once in 101.2 and 101.3 and three times in 101.1, the best hit; 101.2
    is shorter than 101.3, so it comes second without feedback. 101.3 also
    says 龙卷风, the word 101.1 is about besides the asked one: with feedback
    it passes 101.2. Votes off: only the feedback differs."""
    idx = _book(tmp_path, STORMS, "storms.txt")
    for name in ("SECTION", "CITED", "ASK_BOOST", "BRIDGE"):
        monkeypatch.setattr(S, name, 0.0)
    monkeypatch.setattr(S, "FEEDBACK_MAX_SHARE", 1.0)
    monkeypatch.setattr(S, "FEEDBACK_DOCS", 0)
    assert [h.uid for h in search(idx, "冰雹", 3)] == ["101.1", "101.2", "101.3"]
    monkeypatch.setattr(S, "FEEDBACK_DOCS", 1)
    assert [h.uid for h in search(idx, "冰雹", 3)] == ["101.1", "101.3", "101.2"]
    # no weight, no feedback: not even 101.5, which only the added 龙卷风 reaches, joins at nothing
    monkeypatch.setattr(S, "FEEDBACK", 0.0)
    assert [h.uid for h in search(idx, "冰雹", 3)] == ["101.1", "101.2", "101.3"]
    q = _q(idx, "冰雹")
    with_zero = S._ranked(idx, q, 100)
    monkeypatch.setattr(S, "FEEDBACK_DOCS", 0)
    assert with_zero == S._ranked(idx, q, 100)
    assert _doc(idx, "101.5") not in dict(with_zero)


def test_off_ranks_as_the_first_pass(weather, monkeypatch):
    monkeypatch.setattr(S, "FEEDBACK_MAX_SHARE", 1.0)
    q = _q(weather, "冰雹 彩虹")
    base = S._first(weather, q)[1]
    first = S._reranked(weather, q, base, dict(base), 10)
    monkeypatch.setattr(S, "FEEDBACK_DOCS", 0)
    assert S._ranked(weather, q, 10) == first
    monkeypatch.setattr(S, "FEEDBACK_DOCS", 1)
    assert S._ranked(weather, q, 10) != first


class _Postings:
    """An index stand-in: fixed postings and priors."""

    def __init__(self, postings, priors):
        self.postings, self.priors = postings, priors

    def scored_blocks(self, field, word, weight):
        docs = self.postings.get(word, {})
        yield list(docs), [s * weight for s in docs.values()]

    def prior(self, doc):
        return self.priors.get(doc, 1.0)


def test_expansion_scores_count_as_the_documents_own():
    """Document 0 summed 2.0 and kept 1.0 after coverage and prior (× 0.5): a
    feedback word's 1.0 adds 0.5. Document 1 matched nothing of the question:
    the floor factor and its prior (2.0 × 0.5 × COVERAGE_FLOOR). Document 2
    is untouched."""
    idx = _Postings({"x": {0: 2.0, 1: 4.0}}, {1: 0.5})
    base = {0: 1.0, 2: 4.0}
    assert sorted(S._expand(idx, [2.0, 0.0, 4.0], base, {"x": 0.5})) == [0, 1]
    assert base == pytest.approx({0: 1.5, 1: 2.0 * 0.5 * S.COVERAGE_FLOOR, 2: 4.0})
    # two words add up
    idx = _Postings({"x": {0: 2.0}, "y": {0: 2.0}}, {})
    base = {0: 1.0}
    assert S._expand(idx, [2.0], base, {"x": 0.5, "y": 1.0}) == [0]
    assert base == pytest.approx({0: 2.5})


def test_document_words_are_the_whole_words_remembered(weather, monkeypatch):
    """Precise-mode words only (沙尘暴, not also 尘暴 or 沙尘), counted; remembered
    until the memo is full, then it starts over."""
    d = _doc(weather, "101.1")
    words = weather.doc_terms(d)
    assert words == {"冰雹": 1, "龙卷风": 2, "暴风雪": 1, "闪电": 1, "沙尘暴": 1, "雨": 1, "如果": 1}
    assert weather.doc_terms(d) is words
    monkeypatch.setattr(S, "DOC_TERMS_MEMO", 2)
    weather._doc_terms.clear()
    weather.doc_terms(0)
    weather.doc_terms(1)
    assert len(weather._doc_terms) == 2
    weather.doc_terms(2)
    assert list(weather._doc_terms) == [2]


def test_the_bridge_reads_the_scores_of_the_documents_pruned_away(monkeypatch):
    """The votes of the re-ranking pass give a cited rule pruned before them its
    own score plus the vote (wow: 收藏 cites 800.2a; the other votes off)."""
    for name in ("SECTION", "CITED", "ASK_BOOST"):
        monkeypatch.setattr(S, name, 0.0)
    idx = open_index("wow")
    g = idx.docnum("glossary:收藏")
    t = idx.docnum("800.2a")
    assert t in idx.cites[g]
    q = _q(idx, "收藏")
    ranked = dict(S._reranked(idx, q, {g: 10.0, t: 5.0}, {g: 10.0}, 10))
    assert ranked[t] == pytest.approx(5.0 + S.BRIDGE * 10.0 * idx.prior(t))
