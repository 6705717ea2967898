"""Issue 16 (speed): the ranking's list accumulation, the coverage factor, the
pruning before the votes and the document-frequency memo must rank exactly as
the plain computation does."""
from __future__ import annotations

import pytest

import index.search as S
from index.search import open_index, search
from search_toys import bm25_written_out

QUESTIONS = ["被杀的生物去哪里", "战斗伤害 防止", "横置的生物能不能攻击", "传奇 同名", "衍生物离开战场会怎样",
             "先攻和连击有什么区别", "法术力 费用 减少", "死循坏",
             # a word typed in one concept and an expansion of a later one (消灭; 死 → 消灭), a bigram twice
             "消灭 死", "进坟墓场还是进坟墓场"]


def ranked(idx, q):
    return [(h.uid, h.score) for h in search(idx, q, 10)]


@pytest.mark.parametrize("book", ["mtg", "wow", "2026 CR"])
def test_pruning_before_the_votes_ranks_exactly_as_without(book, monkeypatch, request):
    """Candidates below KEEP keep their own score when a vote lifts them
    (`base`): pruned to the 5 best before the votes (which read the 3 best),
    the 5 best after them are the same, scores and all, as without pruning."""
    if book == "2026 CR":   # a large book: votes lift rules from far down
        book = str(request.getfixturevalue("shared") / "corpora" / "mtg-cr-20260417-zh-hans.txt")
    idx = open_index(book)

    def top5(text):
        q = S.parse(text, idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w), idx.is_term)
        return S._ranked(idx, q, 5)

    for name in ("ASK_FROM", "VOTE_FROM", "BRIDGE_FROM"):   # what the votes read: within the 5 kept
        monkeypatch.setattr(S, name, 3)
    monkeypatch.setattr(S, "KEEP", 10 ** 6)
    whole = [top5(q) for q in QUESTIONS]
    monkeypatch.setattr(S, "KEEP", 1)
    pruned = [top5(q) for q in QUESTIONS]
    assert [[d for d, _ in r] for r in pruned] == [[d for d, _ in r] for r in whole]
    assert all(a == pytest.approx(b, rel=1e-12) for r, w in zip(pruned, whole) for (_, a), (_, b) in zip(r, w))
    # the first page of a search is as before too, with the shipped ASK_FROM
    monkeypatch.undo()
    monkeypatch.setattr(S, "KEEP", 10 ** 6)
    page = [ranked(idx, q) for q in QUESTIONS]
    monkeypatch.setattr(S, "KEEP", 3)
    assert [ranked(idx, q) for q in QUESTIONS] == page


@pytest.mark.parametrize("reader", ["ASK_FROM", "VOTE_FROM", "BRIDGE_FROM"])
def test_the_candidates_kept_are_never_fewer_than_a_vote_reads(reader, monkeypatch):
    """With KEEP below what the question kinds or a vote read (and one hit
    asked for), the candidates kept are as many as they read: the best hit is
    the one ranking everything gives."""
    idx = open_index("wow")
    for name in ("ASK_FROM", "VOTE_FROM", "BRIDGE_FROM"):
        monkeypatch.setattr(S, name, 1)
    monkeypatch.setattr(S, reader, 40)
    for text in QUESTIONS + ["优先权 连锁", "英雄 攻击 横置", "收藏 卡牌", "谁先攻击"]:   # the last: asks lift its best hit
        q = S.parse(text, idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w), idx.is_term)
        monkeypatch.setattr(S, "KEEP", 10 ** 6)
        whole = S._ranked(idx, q, 1)
        monkeypatch.setattr(S, "KEEP", 1)
        assert S._ranked(idx, q, 1) == whole, text


def test_a_pruned_candidate_voted_up_keeps_its_own_score():
    idx = open_index("mtg")
    low = next(d for d, p in idx._priors.items() if p < 1)    # a heading-only rule: prior 0.7
    final = {}
    S._add(idx, final, {low: 2.0}, {low: 1.0})
    assert final[low] == pytest.approx(2.0 + idx.prior(low)) and idx.prior(low) < 1
    final = {1: 10.0}
    base = {1: 10.0, 2: 4.0}
    S._add(idx, final, base, {2: 1.0, 3: 0.5})
    assert final[1] == 10.0
    assert final[2] == pytest.approx(4.0 + 1.0 * idx.prior(2))
    assert final[3] == pytest.approx(0.5 * idx.prior(3))   # never scored: the vote alone
    final = {}
    S._add(idx, final, None, {2: 1.0})
    assert final[2] == pytest.approx(idx.prior(2))


def test_a_pruned_sibling_gets_the_section_vote_on_its_own_score(monkeypatch):
    """The section vote lifts candidates under the same heading as the best
    ones, those pruned away before the votes included (`base`)."""
    idx = open_index("mtg")
    parent = next(p for p, kids in idx.children_of.items() if len(kids) >= 3)
    a, b, c = idx.children_of[parent][:3]
    monkeypatch.setattr(S, "CITED", 0.0)
    base = {a: 10.0, b: 8.0, c: 1.0}
    final = {a: 10.0, b: 8.0}                  # c pruned
    S._vote(idx, final, base)
    assert final[c] == pytest.approx(1.0 + S.SECTION * 18.0 * idx.prior(c))
    assert final[a] == pytest.approx(10.0 + S.SECTION * 8.0 * idx.prior(a))


def test_the_bridge_reads_the_scores_of_the_documents_pruned_away():
    """A glossary entry among the best passes its share to the rule it cites,
    pruned before the votes or not: the rule keeps its own score plus the share
    (wow: 收藏 cites 800.2a)."""
    idx = open_index("wow")
    g, t = idx.docnum("glossary:收藏"), idx.docnum("800.2a")
    assert t in idx.cites[g]
    final = {g: 10.0}                          # 800.2a pruned
    S._bridge(idx, final, {g: 10.0, t: 5.0})
    assert final[t] == pytest.approx(5.0 + S.BRIDGE * 10.0 * idx.prior(t))


def test_best_is_the_top_n_best_first_ties_in_order():
    assert S._best({5: 1.0, 2: 3.0, 9: 3.0, 1: 2.0}, 3) == [(2, 3.0), (9, 3.0), (1, 2.0)]
    assert S._best({}, 3) == []
    assert S._best({4: 1.0}, 0) == []


def test_coverage_counts_word_matches_fully_and_bigrams_by_share():
    weights, need = [1.0, 2.0, 1.0], {1: 4, 2: 1}
    total = sum(weights)
    floor, rest = 0.45, 0.55 / total
    cov = lambda full, part: S._coverage(full, part, weights, need, total, floor, rest)  # noqa: E731
    assert cov(0, 0) == floor
    assert cov(0b111, 0) == 1.0
    assert cov(0b001, 0) == pytest.approx(floor + rest * 1.0)
    # concept 1: 1 of its 4 bigrams → 1/8 of it; concept 2: its only bigram → half of it, never more
    one = 1 << S._SLOT
    assert cov(0, one) == pytest.approx(floor + rest * 2.0 * 0.125)
    assert cov(0, 3 * one) == pytest.approx(floor + rest * 2.0 * 0.375)
    assert cov(0, 9 * one) == pytest.approx(floor + rest * 2.0 * 0.5)
    two = 1 << (2 * S._SLOT)
    assert cov(0, two) == pytest.approx(floor + rest * 0.5)
    # a word match wins over bigram matches of the same concept
    assert cov(0b010, one) == pytest.approx(floor + rest * 2.0)


@pytest.mark.parametrize("book", ["mtg", "wow"])   # wow has a glossary: the bridge counts
def test_coverage_matches_the_per_document_sums(book):
    """The list accumulation gives every document the score and coverage of a
    plain per-document computation from `Index.scored`."""
    idx = open_index(book)
    for text in QUESTIONS + ["优先权 连锁", "英雄 攻击 横置"]:
        q = S.parse(text, idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w), idx.is_term)
        got = dict(S._ranked(idx, q, 10 ** 6))
        expect = _plain(idx, q)
        assert got.keys() == expect.keys()
        assert all(got[d] == pytest.approx(expect[d], rel=1e-9) for d in got)


def _plain(idx, q):
    """The ranking written the obvious way: dicts per document, then the same votes."""
    absent = S._absent_concepts(idx, q)
    terms, concepts = {}, {}
    for t in q.terms:
        w = min(S.ABSENT_BOOST_CAP, t.weight * S.ABSENT_BOOST) if t.concept in absent and t.weight < 1 else t.weight
        terms[t.word] = max(terms.get(t.word, 0.0), w)
        concepts.setdefault(t.word, set()).add(t.concept)
    scores, hits = {}, {}
    for word, weight in terms.items():
        for doc, s in idx.scored("words", word, weight):
            scores[doc] = scores.get(doc, 0.0) + s
            for c in concepts[word]:
                hits.setdefault(doc, {})[c] = 1.0
    need = {}
    for _, c in q.bigrams:
        need[c] = need.get(c, 0) + 1
    for b, c in q.bigrams:
        for doc, s in idx.scored("bigram", b, S.BIGRAM):
            scores[doc] = scores.get(doc, 0.0) + s
            h = hits.setdefault(doc, {})
            if h.get(c, 0.0) < 1.0:
                h[c] = min(0.5, h.get(c, 0.0) + 0.5 / need[c])
    weights = S._concept_weights(idx, q)
    total = sum(weights) or 1.0
    final = {}
    for doc, s in scores.items():
        cover = sum(weights[c] * share for c, share in hits[doc].items())
        factor = S.COVERAGE_FLOOR + (1 - S.COVERAGE_FLOOR) * cover / total if cover < total else 1.0
        final[doc] = s * factor * idx.prior(doc)
        t = idx.topic[doc] if idx.topic else -1
        if t >= 0 and not any(x.word in idx.topic_words[t] for x in q.terms):   # a named topic not asked about
            final[doc] *= S.TOPIC
    S._bridge(idx, final)
    S._vote(idx, final)
    S._asks(idx, q, final)
    return final


@pytest.mark.parametrize("field, term", [("words", "生物"), ("words", "阻挡"), ("bigram", "生物"), ("bigram", "坟墓")])
def test_scores_are_bm25_of_the_term(field, term):
    """BM25 (k1 1.2, b 0.75) with the weight on the idf, written out from whoosh's
    public statistics: term frequency, document frequency, field lengths."""
    idx = open_index("mtg")
    expect = bm25_written_out(idx, field, term, 0.7)
    got = dict(idx.scored(field, term, 0.7))
    assert got.keys() == expect.keys() and len(got) > 3
    assert all(got[d] == pytest.approx(expect[d], rel=1e-9) for d in got)


def test_document_frequencies_are_remembered_and_stay_right(monkeypatch):
    idx = open_index("mtg")
    idx._df.clear()
    words = ["生物", "阻挡", "无此词", "坟墓场"]
    assert [idx.df("words", w) for w in words] == [idx.reader.doc_frequency("words", w) for w in words]
    assert idx.df("bigram", "生物") == idx.reader.doc_frequency("bigram", "生物")
    assert ("words", "生物") in idx._df and ("bigram", "生物") in idx._df
    idx._df[("words", "生物")] = 12345           # remembered: not asked again
    assert idx.df("words", "生物") == 12345
    monkeypatch.setattr(S, "DF_MEMO", 2)
    idx._df.clear()
    got = [idx.df("words", w) for w in words[:3]]
    assert got == [idx.reader.doc_frequency("words", w) for w in words[:3]]
    assert len(idx._df) == 1                     # full at 2: the memo started over for the third


def test_bigram_lengths_are_read_once_per_document():
    idx = open_index("mtg")
    lengths = idx._bigram_lengths
    assert len(lengths) == idx._stats["n"]
    idx.scored("bigram", "生物", 1.0)
    doc = next(d for d, _ in idx.scored("bigram", "生物", 1.0))
    assert lengths[doc] == idx.reader.doc_field_length(doc, "bigram", 1) > 0
