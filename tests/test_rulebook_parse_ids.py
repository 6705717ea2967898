"""The ids the parser gives to what hangs under a rule (docs/json.md: `704.7~ex1`).

An example, a bullet and a card are named after the node that owns them, by kind and
order of appearance: `<owner>~ex<k>`, `<owner>~b<k>`, `<owner>~card<k>`. A node with no
owner (an example printed before the first rule) is named after its line, `line<n>~ex1`.
Those ids are what `--json`, the web pages and citations in examples (`cited_in.nodes`)
carry, so a judge's saved link or a script keeps working only while they stay the same.
Expectations here come from the input text: which rule a line is printed under, and the
line numbers counted in the source.
"""
from __future__ import annotations

from rulebook import load_book, parse_text
from rulebook.lookup import resolve_one
from rulebook.model import BULLET, CARD, EXAMPLE


def _kids(book, uid, kind):
    return [u for u in resolve_one(book, uid).attached if book.node(u).kind == kind]


def test_examples_are_named_after_their_rule_in_order():
    book = load_book("mtg")
    # 413.2a prints two examples (灵气冲击波, then 疫病孢子)
    assert _kids(book, "413.2a", EXAMPLE) == ["413.2a~ex1", "413.2a~ex2"]
    assert "灵气冲击波" in book.node("413.2a~ex1").text and "疫病孢子" in book.node("413.2a~ex2").text


def test_bullets_and_cards_are_named_after_their_owner():
    book = load_book("wow")
    # 705.1 lists six bullets
    assert _kids(book, "705.1", BULLET) == [f"705.1~b{k}" for k in range(1, 7)]
    # 717.3b's example quotes four cards: each card is owned by the example, not the rule
    assert _kids(book, "717.3b", EXAMPLE) == ["717.3b~ex1"]
    assert _kids(book, "717.3b~ex1", CARD) == [f"717.3b~ex1~card{k}" for k in range(1, 5)]
    # 800.1 quotes the card 炉石 under the rule itself
    assert _kids(book, "800.1", CARD)[0] == "800.1~card1"


def test_an_example_before_the_first_rule_is_named_after_its_line():
    book = load_book("wow")
    with open(book.path, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    first = next(i for i, line in enumerate(lines, 1) if line.strip())    # the file opens with an example
    assert lines[first - 1].startswith("例")
    assert book.nodes[0].uid == f"line{first}~ex1"
    assert book.nodes[0].attached == [f"line{first}~ex1~card1"]           # its card (Brigg) is named after it


def test_numbering_of_each_kind_restarts_under_each_owner():
    text = ("100. 总则\n100.1. 第一条规则。\n例：第一个例子。\n例：第二个例子。\n"
            "100.2. 第二条规则。\n例：另一条规则的例子。\n")
    book = parse_text(text)
    assert _kids(book, "100.1", EXAMPLE) == ["100.1~ex1", "100.1~ex2"]
    assert _kids(book, "100.2", EXAMPLE) == ["100.2~ex1"]


def test_a_rule_printed_in_its_canonical_form_has_no_alias():
    book = parse_text("100. 总则\n100.1. 第一条规则。\n100.1a 第一条子规则。\n")
    assert resolve_one(book, "100.1").aliases == []
    assert resolve_one(book, "100.1a").aliases == []
    # printed another way (102.4.a), the printed form is an alias of the canonical id
    other = parse_text("102. 总则\n102.4. 规则。\n102.4.a 子规则。\n")
    assert resolve_one(other, "102.4a").aliases == ["102.4.a"]
