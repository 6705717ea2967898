"""The parse report and its evidence, exactly (what mutation testing of
rulebook/lint.py, rulebook/understood.py and judge/labels.py asked for)."""
from __future__ import annotations

import pytest

from rulebook import parse_text
from rulebook.lint import _between, lint
from rulebook.understood import (
    MAX_LINES_PER_RULE, MIN_RULES_SHARE, MIN_UNDERSTOOD, looks_unparsed, pct, share_of, understood, warning_text,
)


@pytest.mark.parametrize("a,b,missing", [
    ("100.1", "100.4", ["100.2", "100.3"]),
    ("100.1", "100.2", []),
    ("100.1", "100.1", []),
    ("100.3", "100.1", []),                        # out of order is another finding
    ("100.1", "100.202", []),                      # a jump of more than 200 is a new block, not a gap
    ("100.1", "100.201", [f"100.{i}" for i in range(2, 201)]),
    ("100", "103", []),                            # top-level numbers skip freely (100, 101, 104…)
    ("100.1.a", "100.1.d", ["100.1.b", "100.1.c"]),
    ("100.1.k", "100.1.n", ["100.1.m"]),           # l is skipped
    ("100.1.a", "100.1.b", []),
    ("100.1.a", "100.2", []),                      # different parents
    ("100.1.a", "100.1.3", []),                    # a letter then a digit
    ("100.1", "101.3", []),
])
def test_gaps_between_siblings(a, b, missing):
    assert _between(a, b) == missing


def test_report_counts_references_and_numbering_findings():
    text = ("100. 总则\n100.1. 第一条。见规则100.3和规则999.1。\n100.3. 第三条。\n"
            "100.3a 子规则。\n100.3d 子规则。\n100.2. 第二条，印在后面。\n例：一个例子。\n")
    book = parse_text(text, book_id="t", path="t.txt", dialect="mtg")
    r = lint(book)
    assert (r.book, r.path, r.dialect, r.lines) == ("t", "t.txt", "mtg", 7)
    assert r.counts["rules"] == 6 and r.counts["examples"] == 1 and r.counts["glossary"] == 0
    assert r.references == {"total": 2, "resolved": 1, "unresolved": 1}
    codes = [(f.line, f.code) for f in r.findings]
    assert codes == [(2, "unresolved"), (3, "gap"), (5, "gap"), (6, "out-of-order")]
    assert r.findings_by_code == {"unresolved": 1, "gap": 2, "out-of-order": 1} == r.by_code()
    gap = r.findings[1].message
    assert gap == "numbering jumps from 100.1 to 100.3: missing 100.2"
    assert r.findings[2].message == "numbering jumps from 100.3a to 100.3d: missing 100.3b, 100.3c"
    assert r.findings[3].message == "100.2 comes after 100.3"
    assert "'见规则100.3和规则999.1' in 100.1 points to 999.1, which is not in this book" == r.findings[0].message
    d = r.as_dict()
    assert d["understood"]["rules"] == 6 and d["detection"] == [{"dialect": "mtg", "share": 1.0}]
    assert r.warnings == [] and d["findings"][0] == {"line": 2, "code": "unresolved", "message": r.findings[0].message}


def test_many_missing_numbers_are_shortened():
    r = lint(parse_text("100. 总则\n100.1. 甲。\n100.9. 乙。\n", dialect="mtg"))
    (gap,) = [f for f in r.findings if f.code == "gap"]
    assert gap.message.endswith("missing 100.2, 100.3, 100.4, 100.5, 100.6…")


def test_lines_count_a_last_line_without_newline():
    assert lint(parse_text("100. 总则\n100.1. 甲。")).lines == 2
    assert lint(parse_text("100. 总则\n100.1. 甲。\n")).lines == 2
    assert lint(parse_text("")).lines == 0


def test_a_printed_twice_number_is_not_a_gap_or_disorder():
    r = lint(parse_text("100. 总则\n100.1. 甲。\n100.2. 乙。\n100.2. 又一个乙。\n100.3. 丙。\n", dialect="mtg"))
    assert [f.code for f in r.findings] == ["duplicate"]


# ---------------------------------------------------------------- understood

def test_understood_parts_and_shares_exactly():
    text = "规则书\n\n100. 总则\n100.1. 第一条。\n继续第一条。\n例：一个例子。\n"
    u = understood(parse_text(text, dialect="mtg"))
    assert u.lines == 5 and u.rules == 2
    assert u.parts == {"rules": 3, "examples": 1, "glossary": 0, "front": 1, "unclassified": 0}
    assert u.share == 0.8 and u.rules_share == 0.6
    assert [(q.line, q.text) for q in u.not_understood] == [(1, "规则书")]
    assert share_of(parse_text(text, dialect="mtg").nodes) == (4, 5)


def test_unclassified_lines_are_quoted_before_front_matter():
    text = "封面\n1. 游戏\n这行无处可放\n那行也是\n还有一行\n再一行\n100. 总则\n100.1. 甲。\n"
    u = understood(parse_text(text, dialect="mtg"))
    assert [q.text for q in u.not_understood] == ["这行无处可放", "那行也是", "还有一行"]


def test_quotes_are_cut_at_80_characters():
    u = understood(parse_text("x" * 200 + "\n"))
    assert u.not_understood[0].text == "x" * 80


@pytest.mark.parametrize("rules,prose,expected", [
    # just enough rules: no warning
    (10, 0, []),
    # the rules share falls below MIN_RULES_SHARE and the understood share below MIN_UNDERSTOOD
    (2, 30, ["numbered rules explain only", "only "]),
])
def test_warnings_follow_the_thresholds(rules, prose, expected):
    text = "".join(f"100.{i}. 规则{i}。\n" for i in range(1, rules + 1))
    text = "前言\n" * prose + "\n" + text
    u = understood(parse_text(text, dialect="mtg"))
    assert len(u.warnings) == len(expected)
    for w, start in zip(u.warnings, expected):
        assert w.startswith(start)


def test_threshold_edges():
    assert (MIN_UNDERSTOOD, MIN_RULES_SHARE, MAX_LINES_PER_RULE) == (0.60, 0.25, 40)
    # exactly 40 lines for one rule: not "suspiciously few"; 41: suspicious
    for extra, warned in ((39, False), (40, True)):
        text = "100.1. 甲。\n" + "续行。\n" * extra
        u = understood(parse_text(text, dialect="mtg"))
        assert any("suspiciously few" in w for w in u.warnings) == warned, (extra, u.warnings)


def test_warning_text_lists_dialects_and_lines():
    book = parse_text("hello\nworld\n", path="notes.txt")
    text = warning_text(book)
    first, tried, head, *quotes = text.split("\n")
    assert first == ("notes.txt: no numbered rules were found; only 0.0% of the 2 non-blank lines were understood "
                     "(front matter 100.0%, unclassified 0.0%).")
    assert tried.startswith("  dialect generic; dialects tried (share of lines understood): generic 0.0%, ")
    assert head == "  first lines not understood:"
    assert quotes == ["    line 1: hello", "    line 2: world"]
    assert warning_text(parse_text("100. 总则\n100.1. 甲。\n")) is None
    # a given dialect: the one tried is named
    assert "dialects tried (share of lines understood): wow 0.0%" in warning_text(parse_text("hello\n", dialect="wow"))


def test_looks_unparsed():
    assert looks_unparsed(parse_text("hello\n"))
    assert looks_unparsed(parse_text("词汇表\n\n激活\n定义。\n", dialect="mtg"))      # a glossary but no numbers
    assert not looks_unparsed(parse_text("100. 总则\n100.1. 甲。\n"))
    book = parse_text("100. 总则\n100.1. 甲。\n")
    book.detection = [("mtg", 0.59)]
    assert looks_unparsed(book)
    book.detection = [("mtg", 0.60)]
    assert not looks_unparsed(book)
    book.detection = []
    assert not looks_unparsed(book)


def test_pct():
    assert pct(0.5) == "50.0%" and pct(1) == "100.0%" and pct(0.12345) == "12.3%"


# ---------------------------------------------------------------- labels

def test_labels_by_language():
    from judge.labels import labels

    assert labels("en")["glossary"] == "Glossary" and labels("en-GB")["see"] == "See"
    assert labels("zh-Hans")["see"] == "参见" and labels("")["glossary"] == "词汇表" and labels(None)["see"] == "参见"
    assert labels("zh-Hant")["glossary"] == "詞彙表" and labels("zh-TW")["see"] == "參見" and labels("zh-HK")["not_in_book"] == "不在本書中"
    assert labels("ko")["cited_by"] == "被引用" and labels("en")["not_in_book"] == "not in this book"
    # a Japanese book (parsed as `ja` since hyphen numbering) gets Japanese labels, not the Chinese fallback
    assert labels("ja")["glossary"] == "用語集" and labels("ja-JP")["see"] == "参照"
    assert labels("en")["cited_by"] == "Cited by"


def test_warning_messages_exactly():
    from rulebook.understood import Understood, _warnings

    def u(rules, parts):
        lines = sum(parts.values())
        full = {"rules": 0, "examples": 0, "glossary": 0, "front": 0, "unclassified": 0, **parts}
        good = full["rules"] + full["examples"] + full["glossary"]
        return Understood(lines=lines, parts=full, rules=rules, share=good / lines if lines else 0.0,
                          rules_share=full["rules"] / lines if lines else 0.0)

    assert _warnings(u(0, {})) == ["the file has no text: no rules, examples or glossary entries"]
    # the thresholds themselves do not warn: 25% rules, 60% understood, examples as many as rules
    assert _warnings(u(1, {"rules": 1, "glossary": 2, "front": 1})) == []
    assert _warnings(u(3, {"rules": 3, "front": 2})) == []
    assert _warnings(u(2, {"rules": 2, "examples": 2})) == []
    assert _warnings(u(2, {"rules": 2, "front": 1, "unclassified": 2})) == [
        "only 40.0% of the 5 non-blank lines were understood (front matter 20.0%, unclassified 40.0%)"]
    assert _warnings(u(1, {"rules": 1, "examples": 3})) == [
        "examples hold more of the text (75.0%) than the rules (25.0%): numbered lines were probably not recognised"]
    assert _warnings(u(1, {"rules": 1, "glossary": 5})) == ["numbered rules explain only 16.7% of the non-blank lines"]


def test_shares_are_rounded_to_four_places():
    u = understood(parse_text("前言\n100. 总则\n100.1. 甲。\n", dialect="mtg"))
    assert (u.share, u.rules_share) == (0.6667, 0.6667)
    empty = understood(parse_text(""))
    assert (empty.share, empty.rules_share, empty.lines) == (0.0, 0.0, 0)


# ---------------------------------------------------------------- detection's candidates

def test_marker_lines_make_a_candidate_only_when_really_there():
    from rulebook.dialects import candidates, weighted

    card = "Brigg，1，部落，盟军——兽人 战士\n"
    filler = "Some line of text.\n"
    names, counts = candidates((card * 4 + filler * 96).splitlines())
    assert counts["wow"] == 4 and "wow" not in names and names[-1] == "generic"
    names, _ = candidates((card * 5 + filler * 95).splitlines())
    assert "wow" in names
    # a short excerpt: 10% of its lines is enough
    assert "wow" in candidates((card * 4 + filler * 36).splitlines())[0]
    assert "wow" not in candidates((card * 4 + filler * 37).splitlines())[0]
    assert candidates([])[0] == ["generic"]
    assert weighted({"riftbound-md": 2, "riftbound": 1, "mtg": 3}) == {"riftbound-md": 100, "riftbound": 10, "mtg": 3}


def test_markers_ignore_markup_around_numbers():
    from rulebook.dialects import marker_counts

    lines = ["<b id='cr100-1a'>100.1a</b> 文本", "**100.2b** text", "* **100.3c** text", "100.4. plain"]
    assert marker_counts(lines)["mtg"] == 4
    assert marker_counts(["Xylophone 100.1a text"])["mtg"] == 0


# ---------------------------------------------------------------- metadata

def test_script_and_language_boundaries():
    from rulebook.meta import language_of, script_of

    assert script_of("中abc") == "zh" and script_of("中abcd") == "en"      # Chinese when it is a quarter or more
    assert language_of(["中"] * 10) == "zh-Hans"
    assert language_of(["们这个們這"]) == "zh-Hans"                          # more Simplified than Traditional
    assert language_of(["們這個们这"]) == "zh-Hant"
    assert language_of(["們们"]) == "zh-Hans"                               # a tie is Simplified


def test_game_is_the_name_printed_first():
    from rulebook.meta import game_of

    assert game_of("Flesh and Blood Comprehensive Rules") == "Flesh and Blood"
    assert game_of("Magic: The Gathering, not Lorcana, then Magic: The Gathering again") == "Magic: The Gathering"


def test_a_latin_game_name_counts_only_as_a_whole_word():
    """Random text (a base64 blob added as a book) once read as an MTG rulebook
    because "MTG" appeared inside a run of letters."""
    from rulebook.meta import game_of

    assert game_of("Ol2cxMTGy9jHSO") == "" and game_of("xMTG") == "" and game_of("MTG2") == ""
    assert game_of("ABCMTG") == "" and game_of("MTGABC") == ""              # capitals and lower case alike
    assert game_of("Flesh and Bloodline") == "" and game_of("xFlesh and Blood") == ""   # a name ending or starting in lower case
    assert game_of("万智牌2026年规则") == "Magic: The Gathering"             # a digit after a Chinese name is no word
    assert game_of("MTG comprehensive rules") == "Magic: The Gathering"
    assert game_of("(MTG)") == "Magic: The Gathering" and game_of("规则MTG版") == "Magic: The Gathering"
    assert game_of("2024万智牌完整规则") == "Magic: The Gathering"       # a Chinese name needs no word boundary
    assert game_of("WoW TCGs") == "" and game_of("the WoW TCG rules") == "World of Warcraft TCG"


def test_edition_is_the_first_real_date():
    from rulebook.meta import edition_of

    assert edition_of("updated 2025-01-15") == "2025-01-15" and edition_of("updated 2025-12-01") == "2025-12-01"
    assert edition_of("version 2025-13-40, effective 2024-02-02") == "2024-02-02"


def test_language_of_a_book_without_rules_comes_from_its_front_matter():
    book = parse_text("Just some English notes.\n")
    assert book.language == "en"


def test_alt_language_needs_a_third_of_the_rules_bilingual():
    one_in_three = "100.1. 中文一。\n100.1. English one.\n100.2. 中文二。\n100.3. 中文三。\n"
    one_in_four = one_in_three + "100.4. 中文四。\n"
    assert parse_text(one_in_three).alt_language == "en"
    assert parse_text(one_in_four).alt_language == ""


# ---------------------------------------------------------------- references, exactly

def test_reference_extents():
    from rulebook.refs import find_refs

    link = "参见规则[100.2a](/cr/1/#cr100-2a)和[100.2b](/cr/1/#cr100-2b)。"
    assert find_refs(link)[0][2] == "参见规则[100.2a](/cr/1/#cr100-2a)和[100.2b](/cr/1/#cr100-2b)"
    assert [r[2] for r in find_refs("见第6章和Section 5")] == ["第6章", "Section 5"]
    # a bracket inside a cue's reference is that reference; a later one is its own
    found = find_refs("See [1.3.2a]; also zone[3].")
    assert [(r[2], r[3]) for r in found] == [("See [1.3.2a]", ["1.3.2.a"]), ("[3]", ["3"])]


def test_more_numbering_edges():
    assert _between("103.1.1", "103.1.4") == ["103.1.2", "103.1.3"]        # digits under a deeper parent
    five = lint(parse_text("100. 总则\n100.1. 甲。\n100.7. 乙。\n", dialect="mtg"))
    six = lint(parse_text("100. 总则\n100.1. 甲。\n100.8. 乙。\n", dialect="mtg"))
    assert [f.message for f in five.findings if f.code == "gap"][0].endswith("missing 100.2, 100.3, 100.4, 100.5, 100.6")
    assert [f.message for f in six.findings if f.code == "gap"][0].endswith("missing 100.2, 100.3, 100.4, 100.5, 100.6…")
    # chapters are not siblings of the rules; a number printed again later is a duplicate, not disorder
    chapters = lint(parse_text("1. 游戏\n100. 总则\n100.1. 甲。\n2. 部分\n200. 总则\n200.1. 乙。\n", dialect="mtg"))
    assert chapters.findings == []
    again = lint(parse_text("100. 总则\n100.1. 甲。\n100.2. 乙。\n100.3. 丙。\n100.2. 又一个乙。\n", dialect="mtg"))
    assert [f.code for f in again.findings] == ["duplicate"]
    assert lint(parse_text("100. 总则\n100.1. 甲。\n100.2. 乙。")).lines == 3


def test_quotes_of_a_multi_line_front_matter_block_carry_their_own_line_numbers():
    text = "This is a long line of front matter, one.\nIt goes on here, two.\nAnd on, three.\n"
    u = understood(parse_text(text))
    assert [(q.line, q.text) for q in u.not_understood] == [(1, text.splitlines()[0]), (2, "It goes on here, two."),
                                                            (3, "And on, three.")]


def test_language_tags_with_regions():
    from judge.labels import labels

    assert labels("zh-Hant-TW")["glossary"] == "詞彙表" and labels("zh-Hans-CN")["glossary"] == "词汇表"


def test_every_resolved_reference_counts_and_parse_findings_keep_their_message():
    text = "100. 总则\n100.1. 甲。见规则100.2。\n100.2. 乙。见规则100.1。\n100.2. 印了两次。\n"
    r = lint(parse_text(text, dialect="mtg"))
    assert r.references == {"total": 2, "resolved": 2, "unresolved": 0}
    (dup,) = [f for f in r.findings if f.code == "duplicate"]
    assert dup.line == 4 and "100.2" in dup.message and "lines 3 and 4" in dup.message


def test_the_game_name_may_start_or_end_any_line_of_the_head():
    book = parse_text("Comprehensive Rules\nFlesh and Blood\n\n1 Rules\n1.1 First rule.\n1.2 Second.\n", dialect="generic")
    assert book.game == "Flesh and Blood"


def test_a_books_language_is_read_from_its_first_four_hundred_rules():
    # 400 English rules, then a rule of 600 Chinese characters: the book is English (its
    # appendix does not outweigh the rules a judge reads first)
    text = "1 Rules\n" + "".join(f"1.{j} Rule.\n" for j in range(1, 400)) + f"1.400 {'附' * 600}\n"
    book = parse_text(text, dialect="generic")
    assert len([n for n in book.nodes if n.kind == "rule"]) == 401 and book.language == "en"


def test_a_book_is_bilingual_when_a_third_of_its_rules_carry_a_translation():
    # 100, 100.1 (printed again in English) and 100.2: one rule in three is translated
    text = "1. 游戏\n100. 总则\n100.1. 甲。\n100.1. A player.\n100.2. 乙。\n"
    assert parse_text(text, dialect="mtg").alt_language == "en"
    # one in four is a stray translation, not a second language
    assert parse_text(text + "100.3. 丙。\n", dialect="mtg").alt_language == ""


def test_a_book_of_front_matter_only_takes_its_language_from_it():
    book = parse_text("Comprehensive Rules\n\nThese are the rules of the game.\n", dialect="generic")
    assert [n.kind for n in book.nodes] == ["front", "front"] and book.language == "en"
