"""Issue 16: names the book itself gives (被称为“…”, 旧译…, a translator's note's older wording)
count as the heading of the rule or glossary entry that states them; a headword's note that is
not a name (已废止, 动作) is not part of any name."""
from __future__ import annotations

import pytest

from index.documents import headword_names, informal_names
from index.search import open_index, search

BOOK = """万智牌完整规则

1. 游戏概念

101. 总则

101.4. 如果多位牌手需要同时作出选择，主动牌手先按照顺序选择，然后每位非主动牌手依次选择。这个规则经常被称为“主动牌手先决定（APNAP）”规则。

101.5. 多年以来，战场被称为“场上区”。牌的文字栏印有“在场”的牌已得到勘误。

101.6. 一个永久物在战场上。如果一个永久物在战场上，则它是战场上的物件。

101.7. 传奇永久物有传奇超类别。如果一位牌手操控两个或更多同名的传奇永久物，则选择其中之一，其余置入坟墓场。

词汇表

鹏洛客（旧译旅法师）
一种牌张类别。鹏洛客是永久物。参见规则101.6。

传奇（已废止）
一个被废止的生物类别。参见规则101.7。

传奇
一种超类别。参见规则101.7。
"""


@pytest.mark.parametrize("text, names", [
    ("这个规则经常被称为“主动牌手先决定（APNAP）”规则。", ["主动牌手先决定", "APNAP"]),
    ("多年以来，战场被称为“场上区”。牌的文字栏印有“在场”", ["场上区"]),
    ("该规则也被称作“传奇规则”（参见规则704.5j）。", ["传奇规则"]),
    ("（译注：一些较旧版本的简体中文牌译为“受此结界”，现已改译为“所结附”）", ["受此结界", "所结附"]),
    ("此规则被称为“以‘若’开头的子句”。", ["以‘若’开头的子句"]),
    ("它称为房间异能。", []),                       # not quoted: the name's extent is not the book's
    ("牌上印有“在场”一词。", []),                   # quoted, but not said to be a name
    ("", []),
])
def test_informal_names_are_the_quoted_names_the_book_states(text, names):
    assert informal_names(text) == names


@pytest.mark.parametrize("head, bare, aliases", [
    ("鹏洛客（旧译旅法师）", "鹏洛客", ["旅法师"]),
    ("鹏洛客(旧称:旅法师、PW)", "鹏洛客", ["旅法师", "PW"]),
    ("鹏洛客（旧译旅法师）（又称PW）", "鹏洛客", ["旅法师", "PW"]),
    ("传奇（已废止）", "传奇", []),
    ("蛮化（动作）", "蛮化", []),
    ("放置（译注：place和put中文都译为放置。）", "放置", []),
    ("先攻", "先攻", []),
    ("（已废止）", "（已废止）", []),
])
def test_a_headword_note_gives_a_name_only_when_it_says_one(head, bare, aliases):
    assert headword_names(head) == (bare, aliases)


@pytest.fixture
def idx(tmp_path):
    """Per test (built once: the session cache finds the same content again), so that each test runs
    the opened index's code for mutation testing."""
    book = tmp_path / "names.txt"
    book.write_text(BOOK, encoding="utf-8")
    return open_index(str(book))


def test_a_name_the_book_states_finds_its_rule_first(idx):
    assert search(idx, "APNAP", 3)[0].uid == "101.4"
    assert search(idx, "主动牌手先决定", 3)[0].uid == "101.4"
    assert search(idx, "场上区", 3)[0].uid == "101.5"


def test_an_old_translation_in_a_headword_names_the_entry(idx):
    hits = search(idx, "旅法师", 3)
    assert hits[0].uid == "glossary:鹏洛客（旧译旅法师）" and hits[0].match == "headword"


def test_an_obsolete_entry_does_not_answer_for_its_bare_headword(idx):
    hits = search(idx, "传奇", 3)
    assert hits[0].uid == "glossary:传奇" and hits[0].match == "headword"
    assert search(idx, "已废止", 3)[0].match == "text"


def test_the_names_count_in_the_heading_field(tmp_path):
    from index.build import _fields
    from index.documents import documents
    from rulebook import load_book

    f = tmp_path / "names.txt"
    f.write_text(BOOK, encoding="utf-8")
    docs = {d.uid: d for d in documents(load_book(str(f)))}
    assert docs["101.4"].aka == ["主动牌手先决定", "APNAP"]
    assert _fields(docs["101.4"]) == {"text": docs["101.4"].text, "title": "主动牌手先决定 APNAP",
                                      "section": docs["101.4"].section, "examples": ""}
    assert _fields(docs["101"])["text"] == "" and _fields(docs["101"])["title"] == "总则"  # a heading only
    assert docs["101.6"].aka == [] and _fields(docs["101.6"])["title"] == ""
    gloss = docs["glossary:鹏洛客（旧译旅法师）"]
    assert gloss.aka == ["旅法师"] and {"旅法师", "鹏洛客"} <= set(gloss.names)
    assert _fields(gloss) == {"title": "鹏洛客（旧译旅法师） 旅法师", "gloss": gloss.text}
    assert "传奇" not in docs["glossary:传奇（已废止）"].names
    assert search(open_index(str(f)), "鹏洛客", 1)[0].uid == "glossary:鹏洛客（旧译旅法师）"


def test_a_word_asked_twice_is_one_concept():
    from index.query import parse

    idx = open_index("mtg")
    q = parse("是进我的坟场还是进他的坟场", idx.seg, idx.vocab, idx.known, idx.occurs,
              lambda w: idx.df("words", w), idx.is_term)
    graves = [c for c in q.concepts if c.typed == "坟场"]
    assert len(graves) == 2 and sorted(c.weight for c in graves) == [0.0, 1.0]
    assert {t.concept for t in q.terms if t.word == "坟墓场"} == {q.concepts.index(c) for c in graves}
    once = parse("进他的坟场", idx.seg, idx.vocab, idx.known, idx.occurs, lambda w: idx.df("words", w), idx.is_term)
    assert [c.weight for c in once.concepts if c.typed == "坟场"] == [1.0]


def test_a_name_most_of_the_book_uses_is_not_a_heading():
    """使用 is the old wording of 施放 (被称为“使用”) and stands in hundreds of rules: as a
    heading of the rules that say so it would lift them for any question with 使用."""
    from index.documents import NAME_SHARE, Doc, _distinctive_names

    docs = [Doc(uid=str(i), kind="rule", label=str(i), key=str(i), crumb="", text=f"使用 {i}") for i in range(500)]
    docs[0].aka, docs[1].aka = ["使用", "场上区"], ["使用"]
    for d in docs[2:6]:
        d.text = "场上区"
    _distinctive_names(docs)
    assert docs[0].aka == ["场上区"] and docs[1].aka == []
    assert NAME_SHARE * len(docs) == 5           # 场上区 in 4 documents: kept; 使用 in 496: dropped
    few = [Doc(uid=str(i), kind="rule", label=str(i), key=str(i), crumb="", text="场上区") for i in range(3)]
    few[0].aka = ["场上区"]
    _distinctive_names(few)                      # a small book: a name in up to 2 documents is kept ...
    assert few[0].aka == []                      # ... one in all 3 is not
    few[0].aka = ["场上区"]
    few[2].text = ""
    _distinctive_names(few)
    assert few[0].aka == ["场上区"]


def test_a_word_replaced_by_a_typo_fix_does_not_hide_its_repeat():
    from index.query import Concept, Query, _once

    q = Query("卡排 卡", "卡排 卡", [Concept("卡", "han", 0.0), Concept("排", "han", 0.0), Concept("卡排", "typo", 1.0),
                                  Concept("卡", "han", 0.5), Concept("卡排", "typo", 1.0)])
    _once(q)
    assert [c.weight for c in q.concepts] == [0.0, 0.0, 1.0, 0.5, 0.0]
