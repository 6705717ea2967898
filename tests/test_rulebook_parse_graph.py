"""The rule graph the parser links: parents, children and the citations between rules.

A judge walks this graph with `judge rule` (the breadcrumb, the subrules, "cited by"),
so each edge must follow from the printed numbers and headings. Expectations come from
the input text written in each test.
"""
from __future__ import annotations

from rulebook import load_book, parse_text
from rulebook.lookup import resolve_one
from rulebook.model import EXAMPLE

MTG = "1. 概念\n100. 总则\n100.1a 子规则，见规则100。\n100.2. 第二条规则，\n续行见规则100.1a。\n"


def test_a_subrule_whose_parent_is_not_printed_hangs_under_the_nearest_printed_ancestor():
    book = parse_text(MTG, dialect="mtg")
    # 100.1 is never printed: 100.1a belongs to 100, not to the chapter
    assert resolve_one(book, "100.1a").parent == "100"
    assert resolve_one(book, "100").parent == "1"


def test_children_are_the_rules_under_a_rule_in_order_and_examples_are_attached_not_children():
    book = parse_text(MTG, dialect="mtg")
    assert resolve_one(book, "1").children == ["100"]
    assert resolve_one(book, "100").children == ["100.1a", "100.2"]
    mtg = load_book("mtg")
    rule = resolve_one(mtg, "413.2a")                      # two printed examples, no subrules
    assert rule.children == []
    assert [mtg.node(u).kind for u in rule.attached] == [EXAMPLE, EXAMPLE]


def test_a_citation_names_the_rule_it_is_written_in_and_the_line_it_is_printed_on():
    book = parse_text(MTG, dialect="mtg")
    lines = MTG.splitlines()
    (first,) = resolve_one(book, "100.1a").refs
    assert first.source == "100.1a" and first.line == 3 and lines[2][first.start:first.end] == "见规则100"
    # 100.2's citation is on its second, wrapped line (line 5), not on the rule's first line
    (second,) = resolve_one(book, "100.2").refs
    assert second.source == "100.2" and second.line == 5 and lines[4][second.start:second.end] == "见规则100.1a"
    assert book.cited_by == {"100": ["100.1a"], "100.1a": ["100.2"]}


def test_cited_by_counts_each_citing_rule_once_never_a_rule_citing_itself_and_the_first_of_a_duplicate():
    text = ("100. 总则\n100.1. 甲\n100.1. 乙\n100.2. 见规则100.1。\n"
            "100.3. 本规则见规则100.3，另见规则100.2和规则100.2。\n")
    book = parse_text(text, dialect="mtg")
    assert book.by_key["100.1"] == ["100.1", "100.1#2"]     # printed twice
    assert book.cited_by["100.1"] == ["100.2"]              # a citation goes to the first printing
    assert "100.1#2" not in book.cited_by
    assert book.cited_by["100.2"] == ["100.3"]              # cited twice by 100.3: listed once
    assert book.cited_by.get("100.3", []) == []             # 100.3 cites itself: not "cited by" itself


def test_markdown_sections_siblings_and_rules_before_any_section():
    # two headings of the same level are siblings under the chapter, not one inside the other
    book = parse_text("## 100. Concepts\n### 101. Deck\n### 102. Turns\n102.1. A turn.\n", dialect="riftbound-md")
    assert resolve_one(book, "101").parent == "100" and resolve_one(book, "102").parent == "100"
    assert resolve_one(book, "100").children == ["101", "102"]
    # a section before any chapter heading, and a rule before any section, have no parent
    book = parse_text("101.1. A deck has 40 cards.\n### 102. Turns\n102.1. A turn.\n", dialect="riftbound-md")
    assert resolve_one(book, "101.1").parent is None
    assert resolve_one(book, "102").parent is None and resolve_one(book, "102.1").parent == "102"


def test_a_markdown_heading_numbered_below_a_section_is_that_rule():
    """`#### 101.2. Phases` is rule 101.2 titled Phases, under section 101, and the subrules printed after it hang
    under it; a heading numbered down to a letter (`##### 101.2.b. Ends`) is that rule too. (Only a three-digit
    number used to be read: the heading became a second 101, titled "2. Phases".)"""
    text = ("## 100. Concepts\n### 101. Deck\n#### 101.2. Phases\n101.2.a. Each phase.\n##### 101.2.b. Ends\n"
            "### 102. Turns\n")
    book = parse_text(text, dialect="riftbound-md")
    phases = resolve_one(book, "101.2")
    assert (phases.title, phases.parent) == ("Phases", "101")
    assert resolve_one(book, "101.2.a").parent == "101.2"
    ends = resolve_one(book, "101.2.b")
    assert (ends.title, ends.parent) == ("Ends", "101.2")
    assert not any("#" in n.uid for n in book.nodes)
    # a year or a four-digit number opening a heading is still no rule number
    book = parse_text("## 100. Concepts\n### 2026. Changes\n", dialect="riftbound-md")
    assert [(n.kind, n.title) for n in book.nodes][-1] == ("heading", "2026. Changes")


def test_a_node_that_is_no_rule_nor_hangs_under_one_is_named_by_its_kind_and_line():
    text = "## 100. Concepts\nstray prose\n#hashtag\n"
    book = parse_text(text, dialect="riftbound-md")
    by_line = {n.line: n for n in book.nodes}
    # line 2 is prose the Markdown layout has no place for; line 3 starts with "#" but is no Markdown heading
    assert by_line[2].uid == "unclassified:2" and by_line[3].uid == "heading:3"


def test_a_numbered_markdown_heading_closes_the_open_heading_of_its_level():
    # in a generic book, 10 and 11 have no number above them: each hangs under the heading that
    # is open above it; "## 11" closes "## 10" (same level), so 11 is 10's sibling under "# 1"
    book = parse_text("# 1 Rules\n## 10 Setup\n10.1 First.\n## 11 Play\n11.1 Second.\n", dialect="generic")
    assert resolve_one(book, "10").parent == "1" and resolve_one(book, "11").parent == "1"
    assert resolve_one(book, "1").children == ["10", "11"]
    assert resolve_one(book, "11.1").parent == "11"


def test_a_glossary_headword_is_found_without_its_bracketed_note_and_with_it():
    # the 2026 CR's "放置（译注：…）": a judge types the word, not the translator's note
    text = ("1. 游戏概念\n\n100. 总则\n\n100.1. 这些规则适用于任何游戏。\n\n词汇表\n\n"
            "放置（译注：英文为Put）\n将物件移到某区域。\n\n横置\n将永久物转为横向。\n")
    book = parse_text(text)
    entry = resolve_one(book, "放置")
    assert entry is not None and entry.title == "放置（译注：英文为Put）"
    assert resolve_one(book, "放置（译注：英文为Put）") is entry
    assert resolve_one(book, "横置").title == "横置"
    assert resolve_one(book, "英文为Put") is None          # the note itself names nothing
