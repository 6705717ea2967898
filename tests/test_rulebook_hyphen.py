"""Hyphen-numbered rulebooks (issue 12's hyphen class): the comprehensive rules of Bandai's card games
number `1. Game Overview`, `1-1. Number of Players`, `1-1-1. …`, `1-2-1-1. …` and cite `(See 6-5-3.)`.

The fixtures `hyphen-*` (tests/fixtures/rulebooks/README.md) were written in our own words in that
layout; the held-out ones in benchmarks/heldout are not read here (they measure, they are not tuned on).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.cli import app
from rulebook import ids, parse_text
from rulebook.lookup import BadQuery, NotFound, lookup, resolve_one
from rulebook.model import CHAPTER, EXAMPLE, FRONT, RULE
from rulebook.parse import furniture, prepare, parse_file, toc_entry
from rulebook.refs import find_refs, hyphen_refs, numbers_in
from rulebook.understood import understood

FIXTURES = Path(__file__).parent / "fixtures" / "rulebooks"
ONE_PIECE_LIKE = "hyphen-onepiece-like-en-excerpt.txt"
DIGIMON_LIKE = "hyphen-digimon-like-en-excerpt.txt"
JAPANESE = "hyphen-unionarena-like-ja-excerpt.txt"


def fixture(name: str):
    return parse_file(FIXTURES / name)


def numbered(book) -> list:
    return [n for n in book.nodes if n.kind in (RULE, CHAPTER)]


# ---------------------------------------------------------------- the parse of the fixtures

@pytest.mark.parametrize("name, count, share", [(ONE_PIECE_LIKE, 40, 0.94), (DIGIMON_LIKE, 36, 0.82), (JAPANESE, 26, 0.90)])
def test_every_numbered_line_is_a_rule(name, count, share):
    book = fixture(name)
    assert book.dialect == "generic" and book.number_style == "hyphen"
    assert len(numbered(book)) == count                      # benchmarks/parse.py's PRESENT, counted by hand
    assert sum(n.kind == CHAPTER for n in book.nodes) == (2 if name == JAPANESE else 3)
    u = understood(book)
    assert u.warnings == [] and u.share >= share, u


def test_parents_by_number_prefix_at_any_depth():
    book = fixture(ONE_PIECE_LIKE)
    assert resolve_one(book, "1").kind == CHAPTER and resolve_one(book, "1").title == "Game Overview"
    assert resolve_one(book, "1-1").parent == "1"                       # a section under its chapter
    assert resolve_one(book, "1-2-1").parent == "1-2"
    assert resolve_one(book, "1-2-1-1").parent == "1-2-1"
    r = resolve_one(book, "1-2-1-1-1")                                   # five levels
    assert r.uid == "1-2-1-1-1" and r.parent == "1-2-1-1" and r.number == "1-2-1-1-1"
    assert resolve_one(book, "1-2-1-1").children == ["1-2-1-1-1", "1-2-1-1-2"]
    assert resolve_one(book, "3-2-1-1").parent == "3-2-1"
    assert book.by_key["1.2.1"] == ["1-2-1"]                            # the key is the components, as for 1.2.1


def test_headings_are_titles_and_rules_keep_their_text():
    book = fixture(ONE_PIECE_LIKE)
    assert resolve_one(book, "1-3-5").title == "Numbers"                 # a heading over its subrules
    assert resolve_one(book, "2-1").title == "Card Name"
    assert resolve_one(book, "1-1-1").title is None
    assert resolve_one(book, "1-1-1").text == "Two players take part in a game of this card game."
    # a hard-wrapped rule keeps its second line
    assert resolve_one(book, "1-2-1").text.endswith("wins the game.")


def test_examples_attach_to_their_rule():
    book = fixture(ONE_PIECE_LIKE)
    (ex,) = [book.node(u) for u in resolve_one(book, "1-3-2").attached]
    assert ex.kind == EXAMPLE and ex.text.startswith("Example: An effect says")
    (ex,) = [book.node(u) for u in resolve_one(book, "2-4-2").attached]
    assert ex.kind == EXAMPLE and ex.text.startswith("(Example) A Crew")
    assert resolve_one(book, "2-4-3").parent == "2-4"                  # the example does not swallow the next rule


def test_page_furniture_stays_out_of_the_rules_text():
    book = fixture(ONE_PIECE_LIKE)
    r = resolve_one(book, "1-3-5-2")
    assert "- 1 -" in r.raw and "SEAFARER" in r.raw                     # nothing dropped from the file
    assert "- 1 -" not in r.text and "SEAFARER" not in r.text
    assert r.text.endswith("7-1-4-2.).")
    assert resolve_one(book, "2").title == "Card Information"           # the header does not hide the chapter


def test_contents_with_dot_leaders_end_where_the_body_starts():
    book = fixture(DIGIMON_LIKE)
    toc = [n for n in book.nodes if n.kind == FRONT and n.title == "Contents"]
    assert len(toc) == 1 and "4. Basic Terms" in toc[0].text
    ch = resolve_one(book, "1")
    assert ch.kind == CHAPTER and ch.title == "Overview of the Game" and ch.line == 11
    assert toc_entry("1. Overview of the Game ........................ 2") == "1. Overview of the Game"
    assert toc_entry("2. Card Information    3") == "2. Card Information"
    assert toc_entry("100. General") == "100. General"


def refs_of(book, uid):
    return [(r.raw, r.targets, r.resolved) for r in book.node(uid).refs]


def test_references_in_the_books_own_style():
    book = fixture(ONE_PIECE_LIKE)
    assert refs_of(book, "1-2-1-1") == [("9-2-1", ["9.2.1"], [False])]          # (See 9-2-1.): not in the excerpt
    assert refs_of(book, "1-3-4") == [("6-1-2", ["6.1.2"], [False])]            # (refer to 6-1-2)
    # "(See 1-3-5-1 and\n7-1-4-2.)." wrapped over two lines
    assert refs_of(book, "1-3-5-2") == [("1-3-5-1", ["1.3.5.1"], [True]), ("7-1-4-2", ["7.1.4.2"], [False])]
    assert refs_of(book, "2-2-2") == [("2-2-1", ["2.2.1"], [True])]             # "as they are written in 2-2-1"
    assert book.cited_by["1-3-5-1"] == ["1-3-5-2"]
    d = fixture(DIGIMON_LIKE)
    assert refs_of(d, "2-3-2") == [("5-4", ["5.4"], [False])]                   # (Refer to 5-4.): two parts, cued
    assert refs_of(d, "1-3-5") == [("1-3-4", ["1.3.4"], [True]), ("5-2-1", ["5.2.1"], [False])]


def test_japanese_book():
    book = fixture(JAPANESE)
    assert book.language == "ja"                                       # kana among the kanji: not Chinese
    assert resolve_one(book, "1-1-1").text == "このゲームは2人のプレイヤーで対戦します。"
    assert resolve_one(book, "1-2").title == "ゲームの勝敗"
    assert refs_of(book, "1-2-2") == [("7-3-2", ["7.3.2"], [False])]           # （7-3-2参照）
    assert refs_of(book, "1-3-4") == [("1-3-5", ["1.3.5"], [True])]            # 1-3-5を参照してください
    (ex,) = [book.node(u) for u in resolve_one(book, "1-3-2").attached]
    assert ex.kind == EXAMPLE and ex.text.startswith("例：")


def test_full_width_numbers():
    text = "１．ゲームの概要\n１－１．プレイ人数\n１－１－１．このゲームは２人で遊びます。\n１－１－２．詳しくは１－１－１を参照。\n"
    book = parse_text(text)
    assert book.number_style == "hyphen"
    assert [n.uid for n in numbered(book)] == ["1", "1-1", "1-1-1", "1-1-2"]
    r = resolve_one(book, "1-1-1")
    assert r.text == "このゲームは２人で遊びます。" and r.parent == "1-1"        # the text as printed
    assert refs_of(book, "1-1-2") == [("１－１－１", ["1.1.1"], [True])]
    assert "".join(n.raw for n in book.nodes) == text
    assert resolve_one(book, "１－１－１") is r


# ---------------------------------------------------------------- existing layouts are unaffected

def test_a_few_hyphen_lines_do_not_make_a_hyphen_book():
    text = ("100. General\n100.1. These rules apply to every game.\n2-3 players may play a team game.\n"
            "100.2. A deck holds at least 60 cards.\n")
    book = parse_text(text)
    assert book.number_style == "joined"
    assert [n.uid for n in numbered(book)] == ["100", "100.1", "100.2"]
    assert "2-3 players" in resolve_one(book, "100.1").text
    lines = prepare(text.splitlines(keepends=True))
    assert lines[2].number is None                                     # fewer than HYPHEN_LINES such lines


def test_dotted_references_are_unchanged():
    assert find_refs("see rules 100-103") == find_refs("see rules 100-103", "")
    assert [k for *_, k in find_refs("see rules 100-103")] == [["100", "101", "102", "103"]]
    assert [m.group(0) for m in numbers_in("rules 100-103")] == ["100", "103"]
    assert [m.group(0) for m in numbers_in("rules 100-103", "hyphen")] == ["100-103"]
    assert find_refs("See 1-2-1.") == []                              # a dotted book never reads hyphen numbers


def test_hyphen_reference_forms():
    def keys(t):
        return [k for *_, k in find_refs(t, "hyphen")]
    assert keys("(See 9-2-1.)") == [["9.2.1"]]
    assert keys("See 8-4 and 8-4-2 for combos.") == [["8.4"], ["8.4.2"]]
    assert keys("2-3 players, a score of 5-4") == []                   # two parts without a cue: prose
    assert keys("after 9-2-1 is done") == [["9.2.1"]]                  # three parts: a reference anywhere
    assert keys("card OP01-001 on 2026-01-15") == []                   # a card number, a date
    assert keys("1-2-1. A player loses.") == []                        # the line's own number
    assert keys("1-2-1 Number of players") == []
    assert keys("3-1-3 and 3-1-4 list which") == [["3.1.3"], ["3.1.4"]]   # wrapped to a line's start
    assert keys("7-1-4-2.).") == [["7.1.4.2"]]
    assert keys("see 1-2-1 to 1-2-3") == [["1.2.1", "1.2.2", "1.2.3"]]
    assert keys("（1-2-1～1-2-3参照）") == [["1.2.1", "1.2.2", "1.2.3"]]
    assert keys("詳細は5-4を参照") == [["5.4"]]
    assert keys("5-4を見る") == []
    assert keys("see rule 704.5g and 1-2-1") == [["704.5.g"], ["1.2.1"]]
    (start, end, raw, _), = hyphen_refs("Rule check (See 9-2-1.).")
    assert "Rule check (See 9-2-1.).".index("9-2-1") == start and raw == "9-2-1" and end == start + 5


def test_display_and_keys():
    assert ids.display("1.2.1", "hyphen") == "1-2-1"
    assert ids.display("3.2.1.a", "hyphen") == "3-2-1a"
    assert ids.display("1", "hyphen") == "1"
    assert ids.key_of("1-2-1-1") == "1.2.1.1"


def test_furniture_needs_a_page_or_a_title():
    def lines(t):
        return prepare(t.splitlines(keepends=True))
    # a repeated line in a rule's text that is no header: kept (Riftbound's "See rule 318. Cleanups")
    t = "1-1. A\n1-1-1. x\nSee the Cleanup rules for more\n1-1-2. y\nSee the Cleanup rules for more\n1-1-3. z\n"
    assert furniture(lines(t)) == set()
    t = "1-1. A\n1-1-1. x\n- 1 -\nGAME Comprehensive Rules v1\n1-1-2. y\n- 2 -\nGAME Comprehensive Rules v1\n"
    assert furniture(lines(t)) == {2, 3, 5, 6}
    t = "GAME  Comprehensive Rules  v1\n1-1. A\n1-1-1. x\n1-1-2. y\n1-1-3. z\nGAME  Comprehensive Rules  v1     14\n"
    assert furniture(lines(t)) == {0, 5}                               # the title line, then the header with its page
    t = "Intro\n1-1. A\n1-1-1. x\nThe rules for the big game\n1-1-2. y\nThe rules for the big game     14\n"
    assert furniture(lines(t)) == {5}                                  # a page number set apart by spaces
    t = "Intro\n1-1. A\n1-1-1. x\nThe rules for the big game.\n1-1-2. y\nThe rules for the big game.\n- 3 -\n"
    assert furniture(lines(t)) == {6}                                  # a sentence is never a header
    assert furniture(lines("Page 3\n3 / 40\np. 4\nnot 5\n")) == {0, 1, 2}


# ---------------------------------------------------------------- lookups

def test_lookup_forms():
    book = fixture(ONE_PIECE_LIKE)
    assert [h.node.uid for h in lookup(book, "1-2")] == ["1-2"]                 # a rule, not the range 1 to 2
    assert [h.mode for h in lookup(book, "1-2-1.")] == ["alone"]
    assert [h.node.uid for h in lookup(book, "1-2-1~3")] == ["1-2-1", "1-2-2", "1-2-3"]
    assert [h.node.uid for h in lookup(book, "1-2-3 – 1-2-1")] == ["1-2-1", "1-2-2", "1-2-3"]
    assert [h.node.uid for h in lookup(book, "1-2-1 1-3-1")] == ["1-2-1", "1-3-1"]
    assert [h.node.uid for h in lookup(book, "1.2.1")] == ["1-2-1"]             # any separators
    assert [h.node.uid for h in lookup(book, "１－２－１")] == ["1-2-1"]
    with pytest.raises(BadQuery):
        lookup(book, "1-2-1~2-1-1")
    with pytest.raises(NotFound) as e:
        lookup(book, "9-9-9")
    assert e.value.suggestions


def test_a_dotted_book_keeps_its_ranges():
    from rulebook.books import load_book
    mtg = load_book("mtg")
    assert [h.node.uid for h in lookup(mtg, "100-101")][:2] == ["100", "101"]


# ---------------------------------------------------------------- the commands on an added book

runner = CliRunner()


def run(*args: str):
    res = runner.invoke(app, list(args))
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res


@pytest.fixture
def sea(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_JUDGE_DATA_DIR", str(tmp_path / "data"))
    res = run("books", "add", str(FIXTURES / ONE_PIECE_LIKE), "--id", "sea")
    assert res.exit_code == 0, res.output
    assert "understood 94.7%" in res.output
    return tmp_path


def test_rule_command_with_breadcrumbs(sea):
    res = run("rule", "1-2-1-1", "--book", "sea", "--plain")
    assert res.exit_code == 0, res.output
    assert "1. Game Overview › 1-2. How the Game Ends › 1-2-1 › 1-2-1-1" in res.stdout
    assert "See: 9-2-1" in res.stdout
    res = run("rule", "1-2", "--book", "sea", "--json")
    doc = json.loads(res.stdout)
    assert res.exit_code == 0 and "1-2" in json.dumps(doc)
    res = run("rule", "9-9-9", "--book", "sea")
    assert res.exit_code == 1 and "nearest" in res.stderr
    res = run("rule", "1-2-1~2-1-1", "--book", "sea")
    assert res.exit_code == 2 and "not a range" in res.stderr


def test_search_exact_number(sea):
    res = run("search", "1-2-1", "--book", "sea", "--plain")
    assert res.exit_code == 0, res.output
    first = [ln for ln in res.stdout.splitlines() if ln.strip().startswith("1.")][0]
    assert "1-2-1 " in first and "[number]" in first


def test_explain_rule(sea):
    res = run("explain", "1-3-5-2", "--book", "sea", "-f", "json")
    assert res.exit_code == 0, res.output
    rule = json.loads(res.stdout)["rules"][0]
    assert rule["id"] == "1-3-5-2" and rule["refs_out"] == ["1-3-5-1"]
    assert rule["breadcrumb"][:3] == ["1. Game Overview", "1-3. Basic Principles", "1-3-5. Numbers"]
    res = run("explain", "1-3-5-2", "--book", "sea", "-f", "html")
    assert '<a href="#r-1-3-5-1">1-3-5-1</a>' in res.stdout


def test_site_links_references(sea, tmp_path):
    out = tmp_path / "site"
    res = run("site", "build", str(out), "-b", "sea")
    assert res.exit_code == 0, res.output
    page = (out / "sea" / "1-3.html").read_text(encoding="utf-8")
    assert 'id="r-1-3-5-2"' in page and '<a href="1-3.html#r-1-3-5-1">1-3-5-1</a>' in page


def test_diff_keys_by_number(sea, tmp_path):
    new = tmp_path / "sea2.txt"
    text = (FIXTURES / ONE_PIECE_LIKE).read_text(encoding="utf-8")
    text = text.replace("at any point during", "at any moment during").replace("Last updated: January 15", "Last updated: March 1")
    new.write_text(text + "3-2-2. The Tide deck is placed face down.\n", encoding="utf-8")
    assert run("books", "add", str(new), "--id", "sea2").exit_code == 0
    res = run("diff", "sea", "sea2", "--json")
    assert res.exit_code == 0, res.output
    doc = json.dumps(json.loads(res.stdout))
    assert '"1-2-2"' in doc and '"3-2-2"' in doc
    res = run("diff", "sea", "sea2", "-r", "1-2", "--plain")
    assert res.exit_code == 0 and "1-2-2" in res.stdout and "3-2-2" not in res.stdout


def test_lint_of_a_hyphen_book_is_quiet():
    res = run("lint", str(FIXTURES / DIGIMON_LIKE))
    assert res.exit_code == 0
    assert "warning" not in res.stderr
    assert "rules: 33" in res.stdout


# ---------------------------------------------------------------- edges asked for by mutation testing

def test_japanese_needs_enough_kana_among_the_kanji():
    from rulebook.meta import language_of
    han = "规则游戏玩家卡牌区域效果"                                      # 12 hanzi, no kana
    assert language_of(["このゲーム" + han * 2 + "一"]) == "ja"           # 5 kana, 25 kanji: one in five
    assert language_of(["このゲーム" + han * 2 + "一二三"]) == "zh-Hans"   # 5 kana, 27 kanji: fewer
    assert language_of(["このゲーム" + han * 9]) == "zh-Hans"              # a few kana in a long Chinese text
    assert language_of(["この" + "一"]) == "zh-Hans"                       # too few kana to say


def test_running_header_length_and_words():
    def pages(header):
        t = f"1-1. A\n1-1-1. x\n- 1 -\n{header}\n1-1-2. y\n- 2 -\n{header}\n1-1-3. z\n"
        return furniture(prepare(t.splitlines(keepends=True)))
    assert pages("GAM Rules v1") == {2, 3, 5, 6}          # 12 characters, 3 words: a header
    assert pages("Ab Cd Efghi") == {2, 5}                 # 11 characters: too short to tell
    assert pages("Comprehensive Rules") == {2, 5}         # 2 words: too few to tell


def test_furniture_is_not_read_in_the_front_matter():
    book = parse_text("GAME RULES\nPage 1\n1-1. A\n1-1-1. x\n1-1-2. y\n")
    assert [n.title for n in book.nodes if n.kind == FRONT] == ["GAME RULES", "Page 1"]


def test_number_style_needs_most_rules_hyphenated():
    from rulebook.model import Node
    from rulebook.parse import _number_style

    def rules(*numbers):
        return [Node(uid=x, kind=RULE, line=1, raw="", text="", number=x) for x in numbers]
    assert _number_style(rules("1-1", "1-2", "1-3", "100.1", "100.2", "100.3")) == "joined"   # a half is not most
    assert _number_style(rules("1-1", "1-2", "1-3", "100.1", "100.2")) == "hyphen"
    assert _number_style(rules("1-1", "100.1a", "100.1b")) == "joined"
    assert _number_style(rules("103.1.b", "103.1.c", "1-1")) == "dotted"


def test_hyphen_query_in_a_dotted_book():
    book = fixture("fab-cr-en-excerpt.txt")                 # dotted: 1.0.1
    assert [h.node.uid for h in lookup(book, "1-0-1")] == ["1.0.1"]     # three parts: a number anywhere
    with pytest.raises(BadQuery) as e:
        lookup(fixture(ONE_PIECE_LIKE), "1-2-1~2-1-1")
    assert "'1-2-1~2-1-1' is not a range" in str(e.value)


def test_hyphen_references_after_prose_and_at_a_lines_start():
    def keys(t):
        return [k for *_, k in find_refs(t, "hyphen")]
    assert keys("1-2-1 to 1-2-3") == [["1.2.1", "1.2.2", "1.2.3"]]    # a range at a line's start is no own number
    assert keys("2-3 players; see 1-2-1") == [["1.2.1"]]               # prose before a reference


def test_furniture_edges():
    def pages(t):
        return furniture(prepare(t.splitlines(keepends=True)))
    # a numbered line printed twice next to a page number is a rule, never a header
    assert pages("1-1. A\n1-1-1. Same words here again\n- 1 -\n1-1-1. Same words here again\n1-1-2. y\n") == {2}
    # a line printed once next to a page number is text
    assert pages("1-1. A\n1-1-1. x\nA heading line here\n- 1 -\n1-1-2. y\n") == {3}
    # a footer printed again just before the last page number, the other time in the text
    assert pages("1-1. A\n1-1-1. x\nRunning Footer Text Here\n1-1-2. y\nRunning Footer Text Here\n- 2 -\n") == {4, 5}
    # no numbered line at all: the title repeated is furniture
    assert pages("Big Title Of Game\nsome words\nBig Title Of Game\n") == {0, 2}
    # the title is the first five lines before any number: a sixth line repeated later is text
    front = "One a\nTwo b\nThree c\nFour d\nFive e\nGAME RULES Version Two\n"
    assert pages(front + "1-1. A\n1-1-1. x\nGAME RULES Version Two\n1-1-2. y\n") == set()
