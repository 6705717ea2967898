"""A parsed book → the documents of its search index (index/documents.py), on a small book.

What a judge relies on: every rule and glossary entry is findable as itself, a subrule carries the
headings above it, examples and bullets are folded into their rule, a glossary headword's old name
finds it, a name the book says a rule is also called finds that rule. Each case follows from the
book text below (issue 9 §8: these were only reached through whole index builds before).
"""
from __future__ import annotations

import pytest

from index import documents as D
from rulebook.model import GLOSSARY, RULE, Node
from search_toys import parsed_book

BOOK = """\
3. 牌张类别
302. 生物
302.1. 生物可以攻击和阻挡。
例：一个生物被称为“灰熊”。
302.2. 生物的力量和防御力可以被效应改变，参见规则702.19。
• 力量
• 防御力
7. 附加规则
702. 关键字异能
702.19. 践踏
702.19a 此异能允许攻击生物将多余的伤害分配给防御牌手。这个规则经常被称为“践踏规则”，简称“TR”。
702.19b 同一个生物上的多个此异能并无意义。

词汇表

践踏
一种关键字异能。参见规则702.19。

鹏洛客（旧译旅法师）
一种牌的类别，参见规则306。

传奇（已废止）, Legend
过去的一种类别。
"""


@pytest.fixture
def book(tmp_path):
    return parsed_book(tmp_path, BOOK)      # per test: see search_toys


@pytest.fixture
def docs(book):
    return {d.uid: d for d in D.documents(book)}


def test_every_rule_and_glossary_entry_is_a_document(book, docs):
    rules = [n.uid for n in book.nodes if n.kind == RULE]
    glossary = [n.uid for n in book.nodes if n.kind == GLOSSARY]
    assert rules == ["302", "302.1", "302.2", "702", "702.19", "702.19a", "702.19b"]
    assert set(rules + glossary) <= set(docs)
    assert [docs[u].kind for u in rules] == [RULE] * 7 and all(docs[u].kind == GLOSSARY for u in glossary)
    # the chapters are findable too, but answer less often than a rule
    assert docs["3"].text == "牌张类别" and docs["3"].prior == D.LOOSE_PRIOR


def test_a_subrule_carries_the_headings_above_it(docs):
    d = docs["702.19a"]
    assert d.section.split() == ["附加规则", "关键字异能", "践踏"]
    assert d.crumb == "7 附加规则 › 702 关键字异能 › 702.19 践踏"
    assert d.label == "702.19a" and d.key == "702.19.a" and d.title == ""


def test_a_heading_rule_is_its_heading_and_answers_less(docs):
    d = docs["702.19"]
    assert (d.title, d.text, d.prior) == ("践踏", "践踏", 0.7)
    assert docs["702.19a"].prior == 1.0


def test_examples_and_bullets_are_folded_into_their_rule(docs):
    assert docs["302.1"].text == "生物可以攻击和阻挡。"
    assert docs["302.1"].examples == "例：一个生物被称为“灰熊”。"
    assert docs["302.2"].text.split("\n") == ["生物的力量和防御力可以被效应改变，参见规则702.19。", "• 力量", "• 防御力"]
    assert not any(d.kind in ("example", "bullet") for d in docs.values())


def test_a_name_the_book_says_a_rule_is_called_is_a_name_of_that_rule(docs):
    assert docs["702.19a"].aka == ["践踏规则", "TR"]
    assert docs["302.1"].aka == []      # the example's 灰熊 is a card's name, not the rule's


def test_glossary_entries_answer_to_their_headword_and_its_old_names(docs):
    pw = docs["glossary:鹏洛客（旧译旅法师）"]
    assert {"鹏洛客", "旅法师"} <= set(pw.names) and pw.aka == ["旅法师"] and pw.crumb == "词汇表"
    legend = docs["glossary:传奇（已废止）, Legend"]
    # 已废止 is a note, not another name: the entry must not answer for 传奇 alone
    assert "传奇" not in legend.names and "Legend" in legend.names and legend.aka == []
    assert legend.label == "传奇（已废止）, Legend"


def test_a_glossary_entry_that_only_points_elsewhere_answers_less(docs):
    assert docs["glossary:践踏"].prior == 0.85          # 参见规则702.19, nothing else
    assert docs["glossary:传奇（已废止）, Legend"].prior == 1.0


@pytest.mark.parametrize("kind, text, heading_only, prior", [
    (RULE, "践踏", True, 0.7),
    (GLOSSARY, "一种关键字异能。参见规则702.19。", False, 0.85),
    (GLOSSARY, "参见规则702.19。" + "很长的定义" * 8, False, 1.0),   # a real definition that also cites
    (GLOSSARY, "一种关键字异能。", False, 1.0),
    (RULE, "短的规则，参见规则702.19。", False, 1.0),                  # only a glossary entry is a pointer
    (GLOSSARY, "参见规则702.19。" + "定" * 28, False, 0.85),           # 39 characters: still a pointer
    (GLOSSARY, "参见规则702.19。" + "定" * 29, False, 1.0),            # 40: a definition
])
def test_prior_of(kind, text, heading_only, prior):
    assert D.prior_of(kind, text, heading_only) == prior


@pytest.mark.parametrize("text, heading", [
    ("践踏", "践踏"),
    ("地", "地"),                             # MTG's 305. 地 (land): one character is a heading too
    ("宣告攻击者步骤", "宣告攻击者步骤"),
    ("生物可以攻击。", ""),                   # a sentence, not a heading
    ("下列规则适用：", ""),
    ("下列规则适用:", ""),                    # a colon or full stop of either width ends a sentence
    ("这是一条规则.", ""),
    ("一二三四五六七八九十一二三四五六七八九十一二三四", "一二三四五六七八九十一二三四五六七八九十一二三四"),  # 24 characters
    ("一二三四五六七八九十一二三四五六七八九十一二三四五", ""),
    ("两行\n文字", ""),
    ("", ""),
])
def test_the_heading_a_rule_gives_its_subrules(text, heading):
    assert D.heading_of(_node(uid="1.1", kind=RULE, number="1.1", text=text)) == heading


def test_a_title_is_the_heading_and_glossary_text_never_is():
    assert D.heading_of(_node(uid="1", kind=RULE, number="1", title=" 游戏概念 ", text="任何文字")) == "游戏概念"
    assert D.heading_of(_node(uid="glossary:x", kind=GLOSSARY, text="短")) == ""
    assert D.label_of(_node(uid="glossary:践踏", kind=GLOSSARY, title="践踏")) == "践踏"
    assert D.label_of(_node(uid="702.19", kind=RULE, number="702.19")) == "702.19"
    assert D.label_of(_node(uid="heading:3", kind="heading")) == "heading:3"


@pytest.mark.parametrize("text, names", [
    ("这个规则经常被称为“主动牌手先决定（APNAP）”规则", ["主动牌手先决定", "APNAP"]),
    ("多年以来，战场被称为“场上区”。", ["场上区"]),
    ("该规则也被称作“传奇规则”", ["传奇规则"]),
    ("一些较旧版本的简体中文牌译为“受此结界”", ["受此结界"]),
    ("旧译「旅法师」，俗称『鹏洛客』、简称“PW”", ["旅法师", "鹏洛客", "PW"]),
    ("称为“甲，乙、丙/甲”", ["甲", "乙", "丙"]),
    ("它叫“熊”。", []),                          # no naming word
    ("", []),
])
def test_informal_names(text, names):
    assert D.informal_names(text) == names


@pytest.mark.parametrize("head, bare, aliases", [
    ("鹏洛客（旧译旅法师）", "鹏洛客", ["旅法师"]),
    ("鹏洛客(旧称：旅法师、PW)", "鹏洛客", ["旅法师", "PW"]),
    ("传奇（已废止）", "传奇", []),
    ("（已废止）", "（已废止）", []),          # nothing left without the note: the headword as printed
    ("践踏", "践踏", []),
    ("鹏洛客（旧译旅法师）（俗称PW）", "鹏洛客", ["旅法师", "PW"]),    # every note that names it
])
def test_headword_names(head, bare, aliases):
    assert D.headword_names(head) == (bare, aliases)


def _node(**kw) -> Node:
    return Node(line=1, raw="", **kw)


def _doc(uid, text="", aka=()):
    return D.Doc(uid=uid, kind=RULE, label=uid, key=uid, crumb="", text=text, aka=list(aka))


def test_a_name_most_rules_mention_tells_nothing_and_is_dropped():
    docs = [_doc("1", "使用咒语", ["使用", "甲名"]), _doc("2", "使用"), _doc("3", "使用"), _doc("4", "甲名")]
    D._distinctive_names(docs)
    # 使用 stands in three texts (more than the floor of two); 甲名 in one
    assert docs[0].aka == ["甲名"]
    docs = [_doc("1", "使用咒语", ["使用"]), _doc("2", "使用"), _doc("3", "别的")]
    D._distinctive_names(docs)
    assert docs[0].aka == ["使用"]          # in two texts: still distinctive
    many = [_doc(str(i), "使用" if i < 3 else "别的") for i in range(400)]
    many[0].aka = ["使用"]
    D._distinctive_names(many)
    assert many[0].aka == ["使用"]          # three of 400 texts is under 1 %, so over the floor of two is not enough
    many = [_doc(str(i), "使用" if i < 5 else "别的") for i in range(400)]
    many[0].aka = ["使用"]
    D._distinctive_names(many)
    assert many[0].aka == []                # five of 400 is over 1 % (4)


def test_the_books_own_terms_keep_their_words_whole(book):
    terms = D.book_terms(book)
    # headings, glossary headwords (split at commas and brackets) and quoted words of rules and examples
    # rule headings (not chapter titles), glossary headwords with the old names their notes give,
    # and the quoted words of rules and examples (two to eight Han characters: TR is no Han word)
    assert terms == {"生物", "关键字异能", "践踏", "鹏洛客", "旅法师", "传奇", "灰熊", "践踏规则"}


REPEATS = """\
1. 游戏概念
100. 总则
100.1. 这些规则适用于任何游戏。
100.2. 第二条。
例：第一个例子。
例：第二个例子，见规则100.1。
100.2. 重复的编号。
100.3. 生物的特征
• 力量
• 防御力

词汇表

优先权
决定行动顺序，俗称“先手”。参见规则100.1。
"""


def test_a_number_printed_twice_keeps_its_printed_label_and_key(tmp_path):
    docs = {d.uid: d for d in D.documents(parsed_book(tmp_path, REPEATS))}
    assert (docs["100.2#2"].label, docs["100.2#2"].key) == ("100.2", "100.2")
    assert docs["100.2"].examples == "例：第一个例子。\n例：第二个例子，见规则100.1。"   # each example, a line each


def test_a_glossary_definition_can_name_its_entry(tmp_path):
    d = {d.uid: d for d in D.documents(parsed_book(tmp_path, REPEATS))}["glossary:优先权"]
    assert d.aka == ["先手"] and d.key == "" and d.title == "优先权"      # no rule number for an entry


def test_a_glossary_entry_is_titled_with_its_headword_and_aliases():
    from rulebook import load_book

    d = {d.uid: d for d in D.documents(load_book("wow"))}["glossary:优先权"]
    assert d.title == "优先权 Priority" and {"优先权", "Priority"} <= set(d.names)


def test_a_short_rule_with_bullets_is_a_rule_not_a_heading(tmp_path):
    d = {d.uid: d for d in D.documents(parsed_book(tmp_path, REPEATS))}["100.3"]
    assert d.prior == 1.0 and d.text.split("\n") == ["生物的特征", "• 力量", "• 防御力"]


def test_chapters_and_front_matter_are_documents_of_their_own(tmp_path):
    docs = {d.uid: d for d in D.documents(parsed_book(tmp_path, "本书的序言。\n" + REPEATS))}
    front, chapter = docs["front:1"], docs["1"]
    assert (front.kind, front.label, front.key, front.crumb, front.text, front.prior) == (
        "front", "front:1", "", "", "本书的序言。", D.LOOSE_PRIOR)
    assert (chapter.kind, chapter.label, chapter.key, chapter.text, chapter.title) == ("chapter", "1", "", "游戏概念", "游戏概念")
    assert docs["100"].crumb == "1 游戏概念"


def test_a_breadcrumb_names_each_ancestor_once():
    """Each ancestor by its label and heading: a numbered rule with a heading as `number heading`, one
    without a heading by its number alone, a numberless heading (its label is its heading) once."""
    from rulebook.model import HEADING, Book

    part = _node(uid="heading:1", kind=HEADING, title="附录")
    rule = _node(uid="900", kind=RULE, number="900", text="杂项", parent="heading:1")
    long = _node(uid="900.1", kind=RULE, number="900.1", text="一条很长的规则，它的文字不是标题。", parent="900")
    sub = _node(uid="900.1a", kind=RULE, number="900.1a", text="子规则。", parent="900.1")
    book = Book(id="b", path="b.txt", sha256="", dialect="", nodes=[part, rule, long, sub])
    assert D.crumb_of(book, sub) == "附录 › 900 杂项 › 900.1"


def _book(*nodes):
    from rulebook.model import Book

    return Book(id="b", path="b.txt", sha256="", dialect="", nodes=list(nodes))


def test_an_attached_id_the_book_lacks_is_skipped_not_the_end():
    rule = _node(uid="100.1", kind=RULE, number="100.1", text="规则。", attached=["gone", "ex"])
    ex = _node(uid="ex", kind="example", text="例：一个例子。", parent="100.1")
    assert D._attached_texts(_book(rule, ex), rule) == ([], ["例：一个例子。"])


def test_a_glossary_entry_without_a_title_is_named_by_its_id():
    """The parser titles every entry; one that comes without (a hand-made or older graph) still gets
    its headword from its id, everything after the first colon."""
    entry = _node(uid="glossary:地:基本", kind=GLOSSARY, text="一种牌。")
    d = D.documents(_book(entry))[0]
    assert (d.label, d.title, d.names) == ("地:基本", "地:基本", ["地:基本"])


def test_a_loose_heading_without_text_is_found_by_its_title_and_a_line_without_title_has_none():
    from rulebook.model import HEADING

    part = _node(uid="heading:1", kind=HEADING, title="词汇表")
    d = D.documents(_book(part))[0]
    assert (d.text, d.title, d.label, d.key) == ("词汇表", "词汇表", "heading:1", "")
    line = _node(uid="unclassified:3", kind="unclassified", text="一行无法归类的文字")
    d = D.documents(_book(line))[0]
    assert (d.text, d.title) == ("一行无法归类的文字", "")
