"""Rule numbers after a label word ("Rule 1.2.1 text", "§ 2.2 text", "Section 3"): read as the number,
in a book that prints at least a few such lines. The tuning fixture is label-rule-prefix-en-excerpt.txt
(tests/fixtures/rulebooks/README.md); the section-sign book in benchmarks/heldout is not read here."""
from __future__ import annotations

from pathlib import Path

from rulebook import parse_text
from rulebook.lookup import lookup, resolve_one
from rulebook.model import EXAMPLE, RULE
from rulebook.parse import parse_file, prepare
from rulebook.refs import find_refs
from rulebook.understood import understood

FIXTURE = Path(__file__).parent / "fixtures" / "rulebooks" / "label-rule-prefix-en-excerpt.txt"


def refs_of(book, uid):
    return [(r.raw, r.targets, r.resolved) for r in book.node(uid).refs]


def test_rule_labelled_book():
    book = parse_file(FIXTURE)
    assert book.dialect == "generic" and book.number_style == "joined"
    rules = [n for n in book.nodes if n.kind == RULE]
    assert len(rules) == 21                                   # benchmarks/parse.py's PRESENT
    assert understood(book).warnings == []
    top = resolve_one(book, "1")
    assert top.title == "Game Setup" and top.text == "Game Setup"
    r = resolve_one(book, "1.2.1")
    assert r.parent == "1.2" and r.number == "1.2.1" and r.text.startswith("The player who takes")
    assert resolve_one(book, "2.2").title == "Ready phase"
    (ex,) = [book.node(u) for u in resolve_one(book, "1.3.1").attached]
    assert ex.kind == EXAMPLE


def test_a_rules_own_label_is_no_reference():
    book = parse_file(FIXTURE)
    assert refs_of(book, "1.1") == []                         # "Rule 1.1 Each player…"
    assert refs_of(book, "1.3.1") == [("see Rule 1.3", ["1.3"], [True])]
    assert refs_of(book, "2.4.2") == [("Rule 2.4.1", ["2.4.1"], [True]),
                                      ("see Rules 3.1 and 3.2", ["3.1", "3.2"], [True, True])]
    assert book.cited_by["1.3"] == ["1.3.1"]


def test_lookup_with_a_label():
    book = parse_file(FIXTURE)
    for q in ("Rule 1.2.1", "rule 1.2.1", "§ 1.2.1", "1.2.1"):
        assert [h.node.uid for h in lookup(book, q)] == ["1.2.1"], q


def test_section_sign_references():
    def keys(t):
        return [k for *_, k in find_refs(t)]
    assert keys("except for § 4") == [["4"]]                 # any number after §, one digit too
    assert keys("see § 2.1 and § 3.1") == [["2.1"], ["3.1"]]
    assert keys("§§ 2.1 and 3.1") == [["2.1", "3.1"]]
    assert keys("pay 4 energy") == []


def test_a_few_labelled_lines_do_not_make_rules():
    text = "100. General\n100.1. Text.\nRule 3 applies here.\n100.2. More text.\n"
    lines = prepare(text.splitlines(keepends=True))
    assert lines[2].number is None
    book = parse_text(text)
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["100", "100.1", "100.2"]


def test_hyphen_numbers_with_markup():
    text = "# Rules\n**1-1.** Players\n**1-1-1.** Two players play.\n**1-1-2.** Each has a deck (see 1-1-1).\n"
    book = parse_text(text)
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["1-1", "1-1-1", "1-1-2"]
    assert refs_of(book, "1-1-2") == [("1-1-1", ["1.1.1"], [True])]
