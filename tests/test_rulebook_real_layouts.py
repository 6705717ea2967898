"""Layouts of real rulebooks the parser was not written for (benchmarks/heldout/real/PROVENANCE.md).

The fixtures are the first lines of the three TUNING excerpts there (tests/fixtures/rulebooks/README.md):
Disney Lorcana's comprehensive rules as Markdown (a contents list that lists sections and a "GLOSSARY"
entry, `1.1.1.` rules, "section 7.4" references), Alpha Clash's (a PDF converted to Markdown: `## 100.`
headings next to plain `101. Golden Rules`, MTG-style `100.1a.` numbers), and an older ONE PIECE CARD
GAME edition as plain text (chapter references "(See 9.Rule Processing.)"). The held-out excerpts are
never read here.
"""
from __future__ import annotations

from pathlib import Path

from rulebook import parse_text
from rulebook.lint import lint
from rulebook.model import CHAPTER, EXAMPLE, FRONT, GLOSSARY, RULE, Node
from rulebook.parse import heading_above, parse_file, style_contradicts, toc_repeats, prepare
from rulebook.refs import find_refs
from rulebook.understood import understood

FIXTURES = Path(__file__).parent / "fixtures" / "rulebooks"
LORCANA = FIXTURES / "lorcana-cr-en-excerpt.md"
ALPHA_CLASH = FIXTURES / "alphaclash-cr-en-excerpt.md"
ONE_PIECE = FIXTURES / "onepiece-cr-en-plain-excerpt.md"


def kinds(book, kind):
    return [n for n in book.nodes if n.kind == kind]


# ---------------------------------------------------------------- a contents list that lists sections

def test_lorcana_contents_that_list_sections_are_front_matter():
    book = parse_file(LORCANA)
    (toc,) = [n for n in book.nodes if n.kind == FRONT and n.title == "CONTENTS"]
    assert "1.1. General Languages" in toc.raw and "GLOSSARY" in toc.raw and "10.13. Ward" in toc.raw
    assert toc.raw.rstrip().endswith("PREVIOUS UPDATE SUMMARY")       # up to the body's "## 1. CONCEPTS"
    assert kinds(book, GLOSSARY) == []                                # the contents' GLOSSARY entry is no glossary
    chapter = book.node("1")
    assert chapter.kind == CHAPTER and chapter.title == "CONCEPTS" and chapter.line == 130
    general = book.node("1.1")
    assert general.title == "General" and general.parent == "1" and general.line == 132
    r = book.node("1.2.3")
    assert r.parent == "1.2" and r.text.startswith("Do as much as you can")
    (ex,) = [book.node(u) for u in r.attached]
    assert ex.kind == EXAMPLE and ex.text.startswith("Example: Strike a Good Match")
    assert book.node("1.3").title == "Active Player"                   # "### 1.3.Active Player", glued
    assert [n.uid for n in kinds(book, RULE)][:3] == ["1.1", "1.1.1", "1.1.2"]
    assert len(kinds(book, RULE)) + len(kinds(book, CHAPTER)) == 31   # 1 chapter, 7 sections, 23 rules


def test_contents_end_at_a_subrule_when_their_first_entry_never_comes_back():
    # contents that list chapters only, and a body that does not print the first entry again:
    # the first subrule still ends them (the layout the parser knew before)
    text = "Contents\n\n1. Overview\n\n2. Play\n\n1.1 Players\n\n1.1.1 Two players play.\n\n1.1.2 Each has a deck.\n"
    book = parse_text(text)
    assert book.node("1.1.1").parent == "1.1"
    assert "1.1 Players" not in book.nodes[0].raw


def test_toc_repeats_looks_for_the_first_entry_as_a_heading():
    lines = prepare(["CONTENTS\n", "## 1. CONCEPTS\n", "1.1. General\n", "\n", "## 1. CONCEPTS\n", "1.1.1. Text.\n"])
    assert toc_repeats(lines, 2, "## 1. CONCEPTS")
    assert not toc_repeats(lines, 5, "## 1. CONCEPTS")               # nothing after line 5 repeats it
    lines = prepare(["Contents\n", "1. Overview\n", "1.1. General\n", "1. Overview.\n"])
    assert not toc_repeats(lines, 2, "1. Overview")                  # a sentence is no heading


# ---------------------------------------------------------------- a glossary never swallows rules

def test_a_numbered_rule_after_a_blank_line_ends_a_glossary():
    text = ("1. Rules\n\n1.1. General\n\n1.1.1. Players take turns.\n\nGLOSSARY\n\nUPDATE SUMMARY\n\n"
            "## 2. BEFORE THE GAME\n\n2.1. Deck Rules\n\n2.1.1. A deck has 60 cards.\n\n2.1.2. No banned cards.\n")
    book = parse_text(text)
    assert [n.title for n in kinds(book, GLOSSARY)] == ["UPDATE SUMMARY"]
    assert book.node("2").kind == CHAPTER
    assert book.node("2.1.2").parent == "2.1" and book.node("2.1.2").kind == RULE


def test_a_real_glossary_keeps_its_entries():
    text = ("1. Rules\n\n1.1. Players take turns.\n\nGlossary\n\nActive Player\nThe player whose turn it is. "
            "See rule 1.1.\n\nBag\nWhere triggered abilities wait.\n2HG\nSee Two-Headed Giant.\n")
    book = parse_text(text)
    assert [n.title for n in kinds(book, GLOSSARY)] == ["Active Player", "Bag"]
    assert understood(book).warnings == [] or not any("rule number" in w for w in understood(book).warnings)


def test_numbered_lines_hidden_in_a_glossary_are_said_loudly():
    # rules printed without blank lines after a glossary entry stay in it: the parse says so
    text = ("1. Rules\n\n1.1. Players take turns.\n\nGlossary\n\nBag\nWhere triggered abilities wait.\n"
            "1.2.1. If a card says so, it wins.\n1.2.2. Can't beats can.\n1.2.3. Do as much as you can.\n")
    u = understood(parse_text(text))
    (w,) = [w for w in u.warnings if "rule number" in w]
    assert w.startswith("3 lines that start with a rule number were read as glossary")
    assert "line 9, glossary: 1.2.1. If a card says so" in w
    two = text.rsplit("1.2.3.", 1)[0]                     # two such lines: under the threshold
    assert not any("rule number" in w for w in understood(parse_text(two)).warnings)


# ---------------------------------------------------------------- headings next to plain section titles

def test_alpha_clash_sections_are_siblings_under_their_chapter():
    book = parse_file(ALPHA_CLASH)
    assert book.dialect != "riftbound-md" and book.number_style == "joined"
    assert book.node("1").kind == CHAPTER and book.node("1").title == "Game Concepts"
    assert book.node("100").parent == "1" and book.node("100").title == "General"     # "## 100. General"
    assert book.node("101").parent == "1" and book.node("101").title == "Golden Rules"  # "101. Golden Rules"
    assert book.node("102").parent == "1"
    assert book.node("101.4a").parent == "101.4" and book.node("101.1").parent == "101"
    assert "101" not in book.node("100").children
    findings = {f.code for f in lint(book).findings}
    assert "duplicate" not in findings


def test_a_heading_holds_the_numbers_after_it_unless_it_opens_a_numbered_section():
    riftbound_like = ("## 100. Game Concepts\n\n### 104. Setup\n\n105. Spaces\n106. The Play Area has a board.\n"
                      "106.1. The board has zones.\n")
    book = parse_text(riftbound_like, dialect="generic")
    assert book.node("105").parent == "104" and book.node("106").parent == "104"
    mtg_like = ("1. Game Concepts\n\n## 100. General\n\n100.1. These rules apply.\n\n100.1a. Two players.\n\n"
                "101. Golden Rules\n\n101.1. Cards win.\n\n101.1a. Always.\n\n## 102. Players\n\n102.1. A player plays.\n")
    book = parse_text(mtg_like)
    assert book.dialect != "riftbound-md"               # its "## 100." markers, but MTG's 100.1a letters
    assert book.node("101").parent == "1" and book.node("101.1").parent == "101"
    assert book.node("100").parent == "1" and book.node("102").parent == "1"


def test_heading_above():
    def h(number):
        return Node(uid=number, kind=RULE, line=1, raw="", number=number)
    general, setup = h("100"), h("104")
    opens = {id(general)}
    assert heading_above([general], "101", opens) is None        # 100 opened 100.1…: 101 is its sibling
    assert heading_above([setup], "105", opens) is setup         # 104 did not: 105 is under it
    assert heading_above([general], "100.1", opens) is general   # a deeper number: under it
    assert heading_above([], "101", opens) is None


def test_a_familys_markers_do_not_decide_against_its_number_style():
    def rules(*numbers):
        return [Node(uid=n, kind=RULE, line=1, raw="", number=n) for n in numbers]
    assert style_contradicts("dotted", rules("100.1a", "100.1b", "103.1.a"))
    assert not style_contradicts("dotted", rules("103.1.a", "103.1.b", "100.1a"))
    assert style_contradicts("joined", rules("103.1.a", "103.1.b"))
    assert not style_contradicts("joined", rules("100.1", "100.2"))        # no letters: nothing to contradict
    assert not style_contradicts("", rules("100.1a"))
    assert not style_contradicts("hyphen", rules("100.1a"))


# ---------------------------------------------------------------- references

def test_section_with_a_dotted_number_is_that_rule():
    def keys(t, style=""):
        return [k for *_, k in find_refs(t, style)]
    assert keys("Triggered abilities follow the rules in section 7.4.") == [["7.4"]]
    assert keys("See section 10 for the full list of current keywords.") == [["10"]]
    assert keys("follows the rules in section 8.7, \"Bag.\"") == [["8.7"]]
    assert keys("See Section 5.") == [["5"]]


def test_hyphen_book_chapter_references():
    def refs(t, style="hyphen"):
        return [(raw, k) for _, _, raw, k in find_refs(t, style)]
    assert refs("performed. (See 9.Rule Processing.)") == [("See 9", ["9"])]
    assert refs("This card’s power in battle. (See 7. Card Attacking and Battle.)") == [("See 7", ["7"])]
    assert refs("(See 6-5-3-1.)") == [("6-5-3-1", ["6.5.3.1"])]
    assert refs("see 7. then") == []                     # no title after the number: not a chapter
    assert refs("(See 9.Rule Processing.)", style="") == []   # only in a hyphen-numbered book


def test_one_piece_plain_text():
    book = parse_file(ONE_PIECE)
    assert book.number_style == "hyphen" and understood(book).warnings == []
    assert book.node("1").kind == CHAPTER and book.node("1-2-1-1-1").parent == "1-2-1-1"
    got = {(n.uid, r.raw): (r.targets, r.resolved) for n in book.nodes for r in n.refs}
    assert got[("1-2-2", "See 9")] == (["9"], [False])        # chapter 9 is not in the excerpt
    assert got[("2-6-1", "See 7")] == (["7"], [False])
    assert got[("2-7-1", "6-5-3-1")] == (["6.5.3.1"], [False])
    # a chapter the book prints resolves
    text = ONE_PIECE.read_text(encoding="utf-8") + "\n7. Card Attacks and Battles\n\n7-1. Attack Step\n\n7-1-1. Text.\n"
    book = parse_text(text)
    assert [r.resolved for r in book.node("2-6-1").refs] == [[True]]
    assert book.cited_by["7"] == ["2-6-1"]


# ---------------------------------------------------------------- Markdown escapes of a converted PDF

def test_markdown_escapes_are_printed_plainly():
    from rulebook.parse import _markup_clean
    assert _markup_clean(r"deck \(see rule 201.3\), DON\!\! and \[Trigger\]") == "deck (see rule 201.3), DON!! and [Trigger]"
    assert _markup_clean(r"\*\*not bold\*\* but **bold**, a\\b, snake\_case") == "**not bold** but bold, a\\b, snake_case"
    assert _markup_clean(r"no escape: C:\path") == "no escape: C:\\path"       # a backslash before a letter stays


def test_alpha_clash_text_without_escapes():
    book = parse_file(ALPHA_CLASH)
    assert book.node("100.2a").text.endswith("the same English name (see rule 201.3).")
    assert book.node("100.1b").text == "Multiplayer formats are in development and are coming soon!"
    assert "\\(" in book.node("100.2a").raw                                  # the file's own text stays in raw
    assert [(r.raw, r.targets) for r in book.node("100.4a").refs] == [("see rule 100.2a", ["100.2.a"])]
    plain = parse_text("1. Rules\n\n1.1. A backslash \\( stays in a plain text book.\n\n1.2. Another rule.\n\n1.3. And one.\n")
    assert "\\(" in plain.node("1.1").text


# ---------------------------------------------------------------- the edges the mutation run asked for

def test_leaves_glossary_edges():
    from rulebook.dialects import DIALECTS
    from rulebook.parse import _Walk

    def leaves(line, prev_blank=True, dialect="generic"):
        lines = prepare([line + "\n"])
        w = _Walk(lines, DIALECTS[dialect])
        w.prev_blank = prev_blank
        return w.leaves_glossary(lines[0])
    assert leaves("2.1.1. A deck has 60 cards.")                    # a subrule with its text
    assert not leaves("2.1.1. A deck has 60 cards.", prev_blank=False)   # a definition's next line
    assert not leaves("2.1.1.")                                      # a number alone is no rule
    assert not leaves("2. Deck Rules")                               # a plain chapter-like line: a term
    assert leaves("## 2. BEFORE THE GAME")                           # a numbered Markdown chapter heading
    assert leaves("## <span id='cr2'>2.</span> Deck Rules")          # with HTML around its number
    assert not leaves("# Notes")                                     # an unnumbered heading
    assert not leaves("2.1.1. A deck has 60 cards.", dialect="wow")  # an inline glossary ends otherwise


def test_a_numbered_subrule_alone_ends_a_glossary():
    text = ("1. Rules\n\n1.1. Players take turns.\n\nGlossary\n\nBag\nWhere triggered abilities wait.\n\n"
            "1.2. Deck Rules\n\n1.2.1. A deck has 60 cards.\n")
    book = parse_text(text)
    assert [n.title for n in kinds(book, GLOSSARY)] == ["Bag"]
    assert book.node("1.2.1").kind == RULE and book.node("1.2.1").parent == "1.2"


def test_opening_headings_only_headings():
    from rulebook.parse import _opening_headings

    def node(number, kind=RULE):
        return Node(uid=number, kind=kind, line=1, raw="", number=number)
    general, sub, plain, plain_sub = node("100"), node("100.1"), node("104"), node("104.1")
    chapter = node("2", CHAPTER)
    levels = {id(general): 2}
    assert _opening_headings([general, sub, plain, plain_sub], levels) == {id(general)}   # 104 is no heading
    assert _opening_headings([general, node("101")], levels) == set()                    # a sibling: not opened
    assert _opening_headings([general, chapter, sub], levels) == {id(general)}           # a chapter is no rule
    levels_chapter = {id(chapter): 2}
    assert _opening_headings([chapter, node("2.1")], levels_chapter) == set()


def test_style_contradicts_edges():
    def nodes(*numbers, kind=RULE):
        return [Node(uid=n, kind=kind, line=1, raw="", number=n) for n in numbers]
    assert not style_contradicts("dotted", nodes("100.1a", "103.1.a"))            # a tie contradicts nothing
    assert not style_contradicts("dotted", nodes("1a", "2a", kind=CHAPTER) + nodes("103.1.a"))   # rules only


def test_toc_repeats_edges():
    entry = "1. " + "O" * 77                                              # 80 characters: still a heading
    assert toc_repeats(prepare(["Contents\n", entry + "\n", "\n", entry + "\n"]), 2, entry)
    longer = "1. " + "O" * 78                                             # 81: a paragraph
    assert not toc_repeats(prepare(["Contents\n", longer + "\n", "\n", longer + "\n"]), 2, longer)
    dotted = "1. Overview."                                               # printed as a sentence
    assert not toc_repeats(prepare(["Contents\n", dotted + "\n", "\n", dotted + "\n"]), 2, dotted)


def test_markup_clean_entities_and_links():
    from rulebook.parse import _markup_clean
    assert _markup_clean("a&nbsp;b &amp; [the text](https://example.com/x) here") == "a b & the text here"


def test_a_hyphen_range_at_a_lines_start():
    from rulebook.refs import hyphen_refs
    assert [k for *_, k in hyphen_refs("1-2-1 – 1-2-3 are the steps of a turn.")] == [["1.2.1", "1.2.2", "1.2.3"]]
    assert hyphen_refs("1-2-1. The game ends when a player loses.") == []     # its own number
