"""Which game, edition and language a book is, and how `judge books` orders them
(rulebook/editions/link.py, issue 18), on hand-written registry entries and books.

The docstrings state: a registry field wins, a missing one is read from the book;
no game at all falls back to the dialect (`mtg-zh` is mtg); a language is its
primary subtag (zh-Hans → zh); editions of one game stand together, oldest first,
the languages of one edition side by side; a translation is another entry of the
same game and edition in the language asked for.
"""
from __future__ import annotations

from rulebook.books import BookInfo
from rulebook.editions.link import by_game, check_link, edition_of, edition_of_book, row_order, translations
from rulebook.parse import parse_text


def test_the_edition_of_a_registry_entry_names_the_entry():
    e = edition_of(BookInfo("cr2022", "", "mtg", "2022-06-10", "zh-Hans"))
    assert (e.id, e.game, e.edition, e.language, e.group) == ("cr2022", "mtg", "20220610", "zh", "mtg@20220610")


def test_an_entry_with_no_game_is_the_game_of_its_dialect():
    info = BookInfo("x", "", "", "2022-06-10", "en", dialect="wow")
    e = edition_of(info, book=parse_text("1. 总则\n100. 一般\n", book_id="x", dialect="mtg"))
    assert (e.id, e.game, e.language) == ("x", "wow", "en")


def test_the_edition_of_a_book_opened_by_path_is_its_parsed_metadata():
    book = parse_text("1. 总则\n100. 一般\n100.1. 甲乙丙。\n", book_id="path/to/book.txt", dialect="mtg")
    book.game, book.edition, book.language, book.dialect = "", "2026-04-17", "zh-Hans", "riftbound-md"
    e = edition_of_book(book)          # no game: the dialect's (riftbound-md is a Riftbound layout)
    assert (e.id, e.game, e.edition, e.language) == ("path/to/book.txt", "riftbound", "20260417", "zh")
    book.game = "Magic: The Gathering"
    assert edition_of_book(book).game == "mtg"


def test_an_entry_and_book_with_no_language_have_none():
    book = parse_text("1. 总则\n100. 一般\n", book_id="x", dialect="mtg")
    book.language = ""
    assert edition_of(BookInfo("x", "", "mtg", "2022", ""), book=book).language == ""


def test_a_registered_book_that_cannot_be_opened_is_no_translation_and_stops_nothing(tmp_path):
    own = BookInfo("cr2022", "", "mtg", "2022-06-10", "zh-Hans")
    gone = BookInfo("gone", str(tmp_path / "deleted.txt"), "", "", "")      # must be opened: its file is gone
    en = BookInfo("cr2022en", "", "mtg", "2022-06-10", "en")
    assert translations(edition_of(own), [gone, en], "en") == [en]


def test_translations_skip_the_book_itself_wherever_it_is_listed():
    own = BookInfo("cr2022", "", "mtg", "2022-06-10", "zh-Hans")
    en = BookInfo("cr2022en", "", "Magic: The Gathering", "2022-06-10", "en")
    other = BookInfo("cr2026en", "", "mtg", "2026-04-17", "en")
    assert translations(edition_of(own), [own, other, en], "en") == [en]
    assert translations(edition_of(own), [en, own], "zh") == []


def test_editions_are_grouped_by_game_before_date():
    """Flesh and Blood (by its dialect, no game given) before Magic, Riftbound after, whatever
    the dates."""
    infos = [BookInfo("rb", "", "riftbound", "2020-01-01", "en"), BookInfo("m26", "", "mtg", "2026-04-17", "zh"),
             BookInfo("fab", "", "", "2030", "en", dialect="fab"), BookInfo("m06", "", "MTG", "2006-10-01", "zh")]
    assert [i.id for i in by_game(infos)] == ["fab", "m06", "m26", "rb"]


def test_books_rows_are_ordered_like_registry_entries_missing_fields_first():
    rows = [{"id": "a", "game": "mtg", "edition": "2022-06-10", "language": "zh"},
            {"id": "b", "game": "mtg", "edition": "2022-06-10"},                    # no language
            {"id": "c", "game": "Magic: The Gathering"},                            # no edition
            {"id": "d", "dialect": "fab-1"},                                        # no game: its dialect's
            {"id": "w", "dialect": "wow"},
            {"id": "e", "game": "riftbound", "edition": "2019"}]
    assert [r["id"] for r in sorted(rows, key=row_order)] == ["d", "c", "b", "a", "e", "w"]


def test_only_examples_count_as_a_rules_examples():
    """A note attached to a rule is no example: the two books still agree on its shape."""
    a = parse_text("1. 总则\n100. 一般\n100.1. 甲乙丙。\n100.2. 丁戊己。\n", book_id="a", dialect="mtg")
    b = parse_text("1. General\n100. General\n100.1. A.\n100.2. B.\n", book_id="b", dialect="mtg")
    a.node("100.1").attached.append("100.2")          # attached, but a rule, not an example
    report = check_link(a, b)
    assert report.mismatched == {} and report.linked


# ---------------------------------------------------------------- glossary links (rulebook/editions/glossary.py)


def gloss(entries, book_id):
    """A book of rules 100.1–100.3 and a glossary of (headword, definition) in that order."""
    text = "1. 总则\n100. 一般\n100.1. 甲。\n100.2. 乙。\n100.3. 丙。\n\n词汇表\n\n" + \
        "\n\n".join(f"{h}\n{d}" for h, d in entries) + "\n"
    return parse_text(text, book_id=book_id, dialect="mtg")


def test_a_glossary_link_scores_the_shared_cited_rules_and_the_place_and_keeps_four_decimals():
    """One entry each, at the same place (position term 0.3 · e⁰), citing {100.1, 100.2, 100.3}
    and {100.1, 100.2}: Jaccard 2/3, weighed 0.5 → 0.3 + 1/3, no text term."""
    import pytest

    from rulebook.editions.glossary import GlossaryWeights, link_glossaries

    a = gloss([("甲术语", "参见规则100.1、规则100.2和规则100.3。")], "a")
    b = gloss([("乙名词", "参见规则100.1和规则100.2。")], "b")
    if not list(a.glossary()):
        pytest.skip("the parser does not read this glossary layout")
    [link] = link_glossaries(a, b, GlossaryWeights(text=0.0))
    assert link.score == round(0.3 + 0.5 * 2 / 3, 4)


def test_an_entry_citing_nothing_does_not_stop_the_others_and_the_threshold_is_inclusive():
    import pytest

    from rulebook.editions.glossary import GlossaryWeights, link_glossaries

    a = gloss([("甲术语", "没有引用。"), ("乙术语", "参见规则100.1和规则100.2。")], "a")
    b = gloss([("丙名词", "参见规则100.3。"), ("丁名词", "参见规则100.1。")], "b")
    if not list(a.glossary()):
        pytest.skip("the parser does not read this glossary layout")
    only_refs = GlossaryWeights(text=0.0, position=0.0, refs=1.0, threshold=0.5)
    links = link_glossaries(a, b, only_refs)                     # {100.1, 100.2} and {100.1}: Jaccard 0.5
    assert [(a.node(l.first).title, b.node(l.second).title, l.score) for l in links] == [("乙术语", "丁名词", 0.5)]
