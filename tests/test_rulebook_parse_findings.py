"""What the parser tells `judge lint` about lines it did not understand, and how it
reports a dialect it was told to use.

A maintainer fixes a rulebook file from these findings, so each names the line and
quotes the start of it (up to 60 characters, enough to find it in an editor).
Expectations come from the input text written in each test.
"""
from __future__ import annotations

from rulebook import parse_text

PROSE = "stray prose that is long enough to be cut somewhere after sixty characters of text here"
BOOK = f"## 100. Concepts\n{PROSE}\n101.1. A rule.\n锟斤拷\ufffd broken line\n"


def test_a_line_not_understood_is_named_by_line_and_quoted():
    book = parse_text(BOOK, dialect="riftbound-md")
    assert (2, "unclassified", f"line not understood: {PROSE[:60]}") in book.warnings
    assert len(PROSE) > 60


def test_mojibake_is_named_by_the_line_it_is_on_within_a_wrapped_rule():
    book = parse_text(BOOK, dialect="riftbound-md")
    # line 4 continues 101.1 (line 3): the finding names line 4, where the broken character is
    assert (4, "mojibake", "suspicious characters '\ufffd': 锟斤拷\ufffd broken line") in book.warnings
    long = "100. 总则\n100.1. " + "甲" * 70 + "\ufffd\n"
    (finding,) = [w for w in parse_text(long, dialect="mtg").warnings if w[1] == "mojibake"]
    assert finding == (2, "mojibake", "suspicious characters '\ufffd': " + ("100.1. " + "甲" * 70)[:60])


def test_a_dialect_given_by_name_reports_the_share_of_lines_it_understood():
    # 3 of the 4 non-blank lines are a chapter, a rule and its wrapped line; the prose is not
    assert parse_text(BOOK, dialect="riftbound-md").detection == [("riftbound-md", 0.75)]
    assert parse_text("", dialect="mtg").detection == [("mtg", 0.0)]        # nothing to share: 0, no error


def test_a_dialect_given_by_name_still_reads_the_markup_around_numbers():
    book = parse_text("100. 总则\n**100.1.** 甲乙\n100.2. 丙\n", dialect="mtg")
    assert [(n.uid, n.text) for n in book.nodes] == [("100", "总则"), ("100.1", "甲乙"), ("100.2", "丙")]


def test_a_text_parsed_without_a_name_or_a_path_is_called_book():
    book = parse_text("100. 总则\n100.1. 甲\n")
    assert book.id == "book" and book.path == "<text>"
