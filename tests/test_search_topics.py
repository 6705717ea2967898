"""Issue 16: a rule of a named topic (a keyword ability in its catalogue) that the query never names is held
a little below the general rules (`index.build._topics`, `index.search._off_topic`)."""
from __future__ import annotations

import marshal

import pytest

import index.build as B
import index.search as S
from index.documents import documents
from search_toys import parsed_book

BOOK = """\
1. 游戏概念
100. 总则
100.1. 被放逐的生物没有死去。
100.2. 生物死去时触发的异能只在它进入坟墓场时触发。
7. 附加规则
702. 关键词异能
702.1. 关键词异能是印在牌上的异能。
702.2. 发掘
702.2a 发掘是一种起动式异能。以发掘方式回到战场的生物在回合结束时被放逐。
702.2b 若以发掘方式回到战场的生物将离开战场，则改为将它放逐。
702.3. 践踏
702.3a 践踏是一种静止式异能，会改变生物分配战斗伤害的方式。
"""


@pytest.fixture
def book(tmp_path):
    return parsed_book(tmp_path, BOOK)      # per test: see search_toys


def at(docs, uid):
    return [d.uid for d in docs].index(uid)


def test_a_named_topic_is_a_heading_only_rule_below_a_rule(book):
    from index.segment import Segmenter

    docs = documents(book)
    topic, words = B._topics(docs, B._parents(book, docs), Segmenter.full({"发掘", "践踏"}))
    excavate, trample = at(docs, "702.2"), at(docs, "702.3")
    assert sorted(words) == [excavate, trample]                      # 702 and 100 sit under chapters: no topic
    assert words[excavate] == ["发掘"] and words[trample] == ["践踏"]
    assert [topic[at(docs, u)] for u in ("702.2", "702.2a", "702.2b", "702.3a")] == [excavate, excavate, excavate, trample]
    for uid in ("1", "100", "100.1", "7", "702", "702.1"):          # general rules, the catalogue's own heading
        assert topic[at(docs, uid)] == -1, uid


def test_a_book_without_headings_below_rules_has_no_topics(tmp_path):
    bk = parsed_book(tmp_path, "1. 游戏概念\n100. 总则\n100.1. 生物可以攻击。\n100.2. 地不是生物。\n")
    docs = documents(bk)
    topic, words = B._topics(docs, B._parents(bk, docs), None)
    assert topic == [-1] * len(docs) and words == {}


def test_the_index_stores_the_topics(book, tmp_path):
    dest = tmp_path / "ix"
    B.build(book, dest, jieba_cache=tmp_path / "jieba")
    rk = marshal.loads((dest / "ranking.marshal").read_bytes())
    docs = documents(book)
    assert rk["topic"][at(docs, "702.2b")] == at(docs, "702.2") and rk["topic"][at(docs, "100.1")] == -1
    assert rk["topic_words"] == {at(docs, "702.2"): ["发掘"], at(docs, "702.3"): ["践踏"]}


def scored_after(idx, text):
    q = S.parse(text, idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w), idx.is_term)
    final = {d: 1.0 for d in range(idx._stats["n"])}
    S._off_topic(idx, q, final)
    return {idx.stored(d)["uid"]: s for d, s in final.items()}


def test_a_topic_the_query_does_not_name_is_held_down(book):
    idx = S.open_index(book.path)
    s = scored_after(idx, "被放逐的生物算不算死去")
    for uid in ("702.2", "702.2a", "702.2b", "702.3", "702.3a"):
        assert s[uid] == pytest.approx(S.TOPIC), uid
    for uid in ("100.1", "100.2", "702", "702.1"):
        assert s[uid] == 1.0, uid


def test_a_topic_the_query_names_keeps_its_score(book):
    idx = S.open_index(book.path)
    s = scored_after(idx, "发掘的生物被放逐算不算死去")
    assert s["702.2"] == s["702.2a"] == s["702.2b"] == 1.0
    assert s["702.3a"] == pytest.approx(S.TOPIC)                   # 践踏 is still not asked about


def test_an_index_built_before_topics_ranks_as_before(book, monkeypatch):
    idx = S.open_index(book.path)
    monkeypatch.setitem(idx.__dict__, "_ranking", {k: v for k, v in idx._ranking.items()
                                                   if k not in ("topic", "topic_words")})
    assert set(scored_after(idx, "被放逐的生物算不算死去").values()) == {1.0}


def test_held_down_is_what_the_ranking_applies(book, monkeypatch):
    """The whole ranking: with TOPIC at 1 nothing changes; below 1 a catalogue rule the query does not name
    drops, and 100.1 moves ahead of it."""
    idx = S.open_index(book.path)
    q = S.parse("被放逐的生物算不算死去", idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w),
                idx.is_term)
    uid = lambda d: idx.stored(d)["uid"]                                             # noqa: E731
    monkeypatch.setattr(S, "TOPIC", 1.0)
    plain = {uid(d): s for d, s in S._ranked(idx, q, 20)}
    monkeypatch.setattr(S, "TOPIC", 0.01)
    held = {uid(d): s for d, s in S._ranked(idx, q, 20)}
    assert held["100.1"] == pytest.approx(plain["100.1"])
    assert held["702.2b"] < plain["702.2b"] and held["702.2b"] < held["100.1"]


def test_the_first_document_can_hold_the_catalogue(tmp_path):
    """A book with no chapter line: the catalogue rule is document 0, and its headings are still topics."""
    bk = parsed_book(tmp_path, "702. 关键词异能\n702.1. 发掘\n702.1a 发掘是一种起动式异能。\n"
                               "702.2. 践踏\n702.2a 践踏是一种静止式异能。\n")
    docs = documents(bk)
    parents = B._parents(bk, docs)
    assert at(docs, "702") == 0 and parents[at(docs, "702.1")] == 0
    from index.segment import Segmenter

    topic, words = B._topics(docs, parents, Segmenter.full({"发掘", "践踏"}))
    assert sorted(words) == [at(docs, "702.1"), at(docs, "702.2")]
    assert topic[at(docs, "702.1a")] == at(docs, "702.1") and topic[at(docs, "702")] == -1
