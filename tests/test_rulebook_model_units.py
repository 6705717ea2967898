"""The rule graph's model (rulebook/model.py), unit by unit, on books written by hand.

Fast on purpose (mutation testing runs these per mutant): no parser, no file.
Expectations come from the model's docstrings: a reference is resolved when
every target is; a node's last line follows from its raw text; a book finds a
node by uid, prints a key in its own number style, lists the numbers directly
under a number (printed or implied) and every number below it, and climbs
from a node to its outermost chapter.
"""
from __future__ import annotations

import pytest

from rulebook.model import (
    BULLET, CARD, CHAPTER, EXAMPLE, FRONT, GLOSSARY, HEADING, RULE, UNCLASSIFIED, Book, Node, RuleRef,
)


def ref(resolved: list[bool]) -> RuleRef:
    return RuleRef(source="1.1", raw="见规则1.2", targets=["1.2"] * max(len(resolved), 1), line=1, start=0, end=6,
                   resolved=resolved)


def test_a_reference_is_resolved_only_when_every_target_is():
    assert ref([True]).ok and ref([True, True]).ok
    assert not ref([True, False]).ok and not ref([False, True]).ok and not ref([False]).ok
    assert not ref([]).ok                                                  # not checked yet: not resolved


@pytest.mark.parametrize("raw, last", [
    ("100.1. 甲\n", 7),                 # one line with its ending
    ("100.1. 甲", 7),                   # the file's last line, without one
    ("100.1. 甲\n续行\n", 8),            # a wrapped line
    ("100.1. 甲\n续行", 8),
    ("100.1. 甲\n\n\n", 9),             # blank lines it owns
    ("", 7),
])
def test_a_node_ends_on_the_last_line_its_raw_text_holds(raw, last):
    assert Node("100.1", RULE, 7, raw).end_line == last


def nodes() -> list[Node]:
    return [
        Node("front:1", FRONT, 1, "万智牌完整规则\n", text="万智牌完整规则"),
        Node("1", CHAPTER, 2, "1. 游戏\n", text="游戏", number="1", children=["100"]),
        Node("100", RULE, 3, "100. 一般\n", text="一般", number="100", parent="1", children=["100.2", "100.10"]),
        Node("100.2", RULE, 4, "100.2. 乙\n", text="乙", number="100.2", parent="100", attached=["100.2-ex1"]),
        Node("100.2-ex1", EXAMPLE, 5, "例：乙。\n", text="乙。", parent="100.2"),
        Node("100.10", RULE, 6, "100.10. 丙\n", text="丙", number="100.10", parent="100", children=["100.10a"]),
        Node("100.10a", RULE, 7, "100.10a. 丙一\n", text="丙一", number="100.10a", parent="100.10"),
        Node("1000", RULE, 8, "1000. 远\n", text="远", number="1000"),
        Node("bullet:9", BULLET, 9, "·无主\n", text="无主"),                # a bullet no rule owns
        Node("card:10", CARD, 10, "卡牌\n", text="卡牌", parent="100.2"),
        Node("heading:11", HEADING, 11, "词汇表\n", title="词汇表"),
        Node("unclassified:12", UNCLASSIFIED, 12, "？？\n", text="？？"),
        Node("unclassified:13", UNCLASSIFIED, 13, "\n"),                   # nothing to show
        Node("glossary:术语", GLOSSARY, 14, "术语\n定义。\n", text="定义。", title="术语"),
        Node("example:15", EXAMPLE, 15, "例：孤立。\n", text="孤立。"),      # an example no rule owns
    ]


def hand_book(**kw) -> Book:
    by_key = {"1": ["1"], "1000": ["1000"], "100": ["100"], "100.10": ["100.10"], "100.10.a": ["100.10a"],
              "100.2": ["100.2"], "128.1": []}
    return Book(id="hand", path="<hand>", sha256="0", dialect=kw.pop("dialect", "mtg"), nodes=nodes(),
                by_key=by_key, **kw)


def test_a_book_made_with_nodes_finds_them_by_uid():
    book = hand_book()
    assert book.node("100.10a").text == "丙一" and book.node("glossary:术语").title == "术语"
    assert book.has("100.2") and not book.has("100.3") and not book.has("100.10A")
    with pytest.raises(KeyError):
        book.node("100.3")


def test_a_uid_table_given_is_kept_and_reindex_rebuilds_it():
    only = Node("x", RULE, 1, "x\n")
    book = Book(id="b", path="<b>", sha256="0", dialect="mtg", nodes=nodes(), _by_uid={"x": only})
    assert book.node("x") is only and not book.has("100.2")
    book.reindex()
    assert book.has("100.2") and not book.has("x")
    assert list(book._by_uid) == [n.uid for n in book.nodes]
    assert Book(id="e", path="<e>", sha256="0", dialect="mtg")._by_uid == {}


def test_a_key_prints_in_the_book_s_number_style():
    assert hand_book(dialect="mtg").display("100.10.a") == "100.10a"
    assert hand_book(dialect="riftbound").display("100.10.a") == "100.10.a"       # the dialect's style
    assert hand_book(dialect="mtg", number_style="dotted").display("100.10.a") == "100.10.a"   # the book's own wins
    assert hand_book(dialect="riftbound", number_style="joined").display("100.10.a") == "100.10a"
    assert hand_book(dialect="no-such-dialect").display("100.10.a") == "100.10a"   # joined when nothing says
    assert hand_book(dialect="generic").display("100.10.a") == "100.10a"


def test_child_keys_are_the_numbers_directly_under_in_number_order():
    book = hand_book()
    assert book.child_keys() == ["1", "100", "128", "1000"]               # 128 is implied by 128.1
    assert book.child_keys(None) == book.child_keys()
    assert book.child_keys("100") == ["100.2", "100.10"]
    assert book.child_keys("100.10") == ["100.10.a"]
    assert book.child_keys("128") == ["128.1"]
    assert book.child_keys("1000") == [] and book.child_keys("100.10.a") == [] and book.child_keys("7") == []


def test_keys_under_are_every_printed_number_below_in_table_order():
    book = hand_book()
    assert book.keys_under("100") == ["100.10", "100.10.a", "100.2"]
    assert book.keys_under("100.10") == ["100.10.a"]
    assert book.keys_under("1") == [] and book.keys_under("1000") == [] and book.keys_under("128") == ["128.1"]


def test_rules_and_glossary_entries_in_document_order():
    book = hand_book()
    assert [n.uid for n in book.rules()] == ["100", "100.2", "100.10", "100.10a", "1000"]
    assert [n.uid for n in book.glossary()] == ["glossary:术语"]


def test_loose_nodes_are_those_no_rule_or_entry_carries_and_that_show_something():
    """Chapters, front matter, headings, unclassified lines, and examples, bullets or cards that belong to
    no rule; never a rule, a glossary entry, an owned example or card, or a node with neither text nor title."""
    assert [n.uid for n in hand_book().loose()] == [
        "front:1", "1", "bullet:9", "heading:11", "unclassified:12", "example:15"]


def test_breadcrumb_climbs_from_a_node_to_its_outermost_chapter():
    book = hand_book()
    assert [n.uid for n in book.breadcrumb(book.node("100.10a"))] == ["1", "100", "100.10", "100.10a"]
    assert [n.uid for n in book.breadcrumb(book.node("100.2-ex1"))] == ["1", "100", "100.2", "100.2-ex1"]
    assert [n.uid for n in book.breadcrumb(book.node("1000"))] == ["1000"]
    assert book.breadcrumb(book.node("1"))[0] is book.node("1")


def test_breadcrumb_stops_at_a_parent_the_book_lacks_and_at_a_loop():
    a = Node("5.1", RULE, 1, "5.1. 甲\n", parent="5")
    b = Node("5.2", RULE, 2, "5.2. 乙\n", parent="5.3")
    c = Node("5.3", RULE, 3, "5.3. 丙\n", parent="5.2")
    book = Book(id="x", path="<x>", sha256="0", dialect="mtg", nodes=[a, b, c])
    assert [n.uid for n in book.breadcrumb(a)] == ["5.1"]
    assert [n.uid for n in book.breadcrumb(b)] == ["5.3", "5.2"]
    assert [n.uid for n in book.breadcrumb(c)] == ["5.2", "5.3"]
