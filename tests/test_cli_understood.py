"""What a user sees of issue 12 and issue 9 §3: `lint` and `books add` say which
dialect, how much of the file it understood and the runner-up, warn loudly about
a file they understood little of (an error with --strict), and an English book
reads in English."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from judge.cli import app
from judge.schema import LintDoc, LookupDoc

from conftest import corpus_file

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures" / "rulebooks"


def run(*args: str):
    return runner.invoke(app, list(args))


def test_lint_prints_dialect_share_and_runner_up():
    res = run("lint", str(FIXTURES / "fab-cr-en-excerpt.txt"))
    assert res.exit_code == 0, res.output
    head = res.stdout.splitlines()[1]
    assert head.startswith("  dialect: generic (understood 100.0% of 45 non-blank lines; runner-up: ")
    assert "game: Flesh and Blood" in res.stdout and "language: en" in res.stdout
    assert "warning" not in res.stderr


def test_lint_json_carries_the_evidence():
    res = run("lint", str(FIXTURES / "mtg-cr-bilingual-excerpt.md"), "--json")
    doc = json.loads(res.stdout)
    LintDoc.model_validate(doc)
    assert doc["understood"]["share"] == 1.0 and doc["understood"]["warnings"] == []
    assert doc["detection"][0] == {"dialect": "mtg", "share": 1.0}
    assert len(doc["detection"]) == 5 and doc["language"] == "zh-Hans"


def test_lint_of_garbage_warns_and_strict_fails(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("Shopping list\neggs\nmilk\n", encoding="utf-8")
    res = run("lint", str(p))
    assert res.exit_code == 0
    assert "no findings" not in res.stdout
    assert "warning" in res.stderr and "no numbered rules were found" in res.stderr
    assert "line 1: Shopping list" in res.stderr and "dialects tried" in res.stderr
    res = run("lint", str(p), "--strict")
    assert res.exit_code == 1 and "no numbered rules" in res.stderr
    res = run("lint", str(p), "--strict", "--json")
    assert res.exit_code == 1 and json.loads(res.stdout)["understood"]["rules"] == 0


def test_lint_strict_passes_a_sound_book():
    assert run("lint", "--book", "mtg", "--strict").exit_code == 0


def test_books_add_warns_and_strict_refuses(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    res = run("books", "add", str(empty), "--id", "empty1")
    assert res.exit_code == 0 and "warning" in res.stderr and "no text" in res.stderr
    res = run("books", "add", str(empty), "--id", "empty2", "--strict")
    assert res.exit_code == 2 and "refused" in res.stderr
    ids = {r["id"] for r in json.loads(run("books", "--json").stdout)}
    assert "empty1" in ids and "empty2" not in ids


def test_books_add_prints_and_lists_detected_metadata():
    res = run("books", "add", str(FIXTURES / "mtg-cr-en-official-excerpt.txt"), "--id", "cr2025x")
    assert res.exit_code == 0, res.output
    assert "game Magic: The Gathering" in res.stdout and "edition 2025-02-07" in res.stdout
    assert "dialect: mtg (understood" in res.stdout and "runner-up" in res.stdout
    res = run("books", "add", str(FIXTURES / "fab-cr-en-excerpt.txt"), "--id", "fabx",
              "--game", "FaB", "--edition", "excerpt", "--lang", "en")
    assert res.exit_code == 0, res.output
    rows = {r["id"]: r for r in json.loads(run("books", "--json").stdout)}
    assert (rows["cr2025x"]["game"], rows["cr2025x"]["edition"], rows["cr2025x"]["language"]) == \
        ("Magic: The Gathering", "2025-02-07", "en")
    assert (rows["fabx"]["game"], rows["fabx"]["edition"], rows["fabx"]["dialect"]) == ("FaB", "excerpt", "generic")
    table = run("books").stdout
    assert "dialect" in table.splitlines()[0] and "generic" in table


def test_an_added_book_keeps_its_detection_evidence_and_a_given_dialect_stays_given():
    """The registry recorded the detected dialect as if the user had given it: `lint
    --book ID` then said "dialect given, not detected" and lost the runner-up."""
    fab = str(FIXTURES / "fab-cr-en-excerpt.txt")
    assert run("books", "add", fab, "--id", "fabdetected").exit_code == 0
    head = run("lint", "--book", "fabdetected").stdout.splitlines()[1]
    assert head.startswith("  dialect: generic (understood 100.0%") and "runner-up: " in head
    assert run("books", "add", fab, "--id", "fabgiven", "--dialect", "generic").exit_code == 0
    head = run("lint", "--book", "fabgiven").stdout.splitlines()[1]
    assert "dialect given, not detected" in head
    rows = {r["id"]: r for r in json.loads(run("books", "--json").stdout)}
    assert rows["fabdetected"]["dialect"] == rows["fabgiven"]["dialect"] == "generic"


def test_english_book_prints_english_labels():
    path = str(corpus_file("mtg-cr-20220610-en.txt"))
    res = run("define", "Trample", "--book", path)
    assert res.exit_code == 0 and res.stdout.startswith("Book: mtg-cr-20220610-en.txt · Magic: The Gathering · 2022-06-10\n\nGlossary › Trample")
    assert "See: " in res.stdout and "参见" not in res.stdout and "词汇表" not in res.stdout
    doc = json.loads(run("rule", "702.19b", "--book", path, "--json").stdout)
    LookupDoc.model_validate(doc)
    assert doc["language"] == "en"
    zh = run("rule", "215", "--book", "mtg").stdout
    assert "参见: " in zh                                    # the Chinese books keep Chinese labels


def test_headwords_fold_quotes_and_number():
    path = str(corpus_file("mtg-cr-20220610-en.txt"))
    for typed in ("Attacks and Isn't Blocked", "attacks and isn’t blocked", "ATTACKS AND ISN'T BLOCKED"):
        res = run("define", typed, "--book", path)
        assert res.exit_code == 0 and "Attacks and Isn’t Blocked" in res.stdout, typed
    assert run("define", "Counters", "--book", path).stdout.split("\n\n", 1)[1].startswith("Glossary › Counter\n")
    assert run("define", "abilities", "--book", path).stdout.split("\n\n", 1)[1].startswith("Glossary › Ability\n")


def test_bilingual_rule_shows_both_texts():
    res = run("rule", "100.1a", "--book", str(FIXTURES / "mtg-cr-bilingual-excerpt.md"))
    assert res.exit_code == 0
    lines = res.stdout.splitlines()[2:]                 # after the book line and a blank line
    assert lines[1] == "双人游戏指在游戏开始时只有两位牌手的游戏。"
    assert lines[2] == "A two-player game is a game that begins with only two players."


def test_search_reads_text_no_rule_carries(tmp_path):
    # a chapter heading, and a line the parser could not place (under a chapter, before any rule)
    p = tmp_path / "loose.txt"
    p.write_text("1. 游戏概念\n这一段说明没有编号：龙卷风规则只在这里出现。\n100. 总则\n100.1. 这些规则适用于任何游戏。\n",
                 encoding="utf-8")
    res = run("search", "龙卷风", "--book", str(p), "--json")
    assert res.exit_code == 0, res.output
    hits = json.loads(res.stdout)["results"]
    assert hits and hits[0]["kind"] == "unclassified" and "龙卷风" in hits[0]["text"]
    shown = run("rule", hits[0]["id"], "--book", str(p))       # what search names, lookup finds
    assert shown.exit_code == 0 and "龙卷风规则只在这里出现" in shown.stdout
    chapters = json.loads(run("search", "游戏概念", "--book", str(p), "--json").stdout)["results"]
    assert any(h["kind"] == "chapter" and h["id"] == "1" for h in chapters)


def test_a_lookup_in_a_book_not_understood_says_so(tmp_path):
    p = tmp_path / "prose.txt"
    p.write_text("Chapter one\nSome prose without numbers.\n", encoding="utf-8")
    res = run("rule", "1.0.1", "--book", str(p))
    assert res.exit_code == 1 and "understood little" in res.stderr and "judge lint" in res.stderr
    sound = run("rule", "999.9", "--book", "mtg")
    assert sound.exit_code == 1 and "understood little" not in sound.stderr


def test_a_tie_says_what_decided_it():
    out = run("lint", str(FIXTURES / "mtg-cr-bilingual-excerpt.md")).stdout.splitlines()[1]
    assert "runner-up: wow 100.0%, a tie: mtg's own marker lines decided" in out
    out = run("lint", str(FIXTURES / "fab-cr-en-excerpt.txt")).stdout.splitlines()[1]
    assert "a tie" not in out
