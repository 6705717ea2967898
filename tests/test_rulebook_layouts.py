"""Any numbered rulebook (issue 12): layouts the parser was not first built for,
detection with evidence, and never a silent failure.

Fixtures are small excerpts of real public rulebooks (tests/fixtures/rulebooks/README.md
says where each comes from); the full files are read from ../shared/corpora when present.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook import parse_text
from rulebook.model import CHAPTER, EXAMPLE, RULE, UNCLASSIFIED
from rulebook.lookup import resolve_one
from rulebook.parse import parse_file
from rulebook.understood import understood, warning_text

from conftest import corpus_file

FIXTURES = Path(__file__).parent / "fixtures" / "rulebooks"


def fixture(name: str):
    return parse_file(FIXTURES / name)


def _source(path) -> str:
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.iterdir() if p.suffix in (".txt", ".md") and p.name != "README.md"))
def test_fixtures_round_trip_and_are_understood(name):
    book = fixture(name)
    assert "".join(n.raw for n in book.nodes) == _source(FIXTURES / name).lstrip("\ufeff") or \
        "".join(n.raw for n in book.nodes) == _source(FIXTURES / name)
    u = understood(book)
    if name in CONTENTS_HEAVY:
        # the first lines of a real book: its contents list (front matter by design) outweighs the few
        # rules after it, so the share warning is right to fire; everything else is understood
        assert u.parts["unclassified"] == 0 and u.parts["front"] >= u.lines / 2, (name, u)
        assert all("were understood" in w or "numbered rules explain" in w for w in u.warnings), (name, u)
        return
    assert u.warnings == [] and u.share >= 0.8, (name, u)


# the heads of real books whose contents list is most of the excerpt (tests/test_rulebook_real_layouts.py)
CONTENTS_HEAVY = {"lorcana-cr-en-excerpt.md", "alphaclash-cr-en-excerpt.md"}


# ---------------------------------------------------------------- numbering by shape

def test_flesh_and_blood_hierarchy_from_the_number():
    book = fixture("fab-cr-en-excerpt.txt")
    assert book.dialect == "generic"
    assert resolve_one(book, "1").title == "Game Concepts" and resolve_one(book, "1").kind == RULE
    assert resolve_one(book, "1.0").title == "General" and resolve_one(book, "1.0").parent == "1"
    assert resolve_one(book, "1.0.1").parent == "1.0"
    r = resolve_one(book, "1.0.1a")
    assert r.parent == "1.0.1" and r.text.startswith("If an effect directly contradicts")
    assert resolve_one(book, "1.0.1.a") is r                       # any separators
    exs = [book.node(u) for u in resolve_one(book, "1.0.2").attached]
    assert [e.kind for e in exs] == [EXAMPLE, EXAMPLE]
    # the example before 1.0.2a does not swallow it
    assert resolve_one(book, "1.0.2a").parent == "1.0.2"
    assert sum(1 for n in book.nodes if n.kind == RULE) == 35


def test_flesh_and_blood_full_file_finds_every_rule():
    book = parse_file(corpus_file("fab-cr-en.txt"))
    rules = [n for n in book.nodes if n.kind == RULE]
    assert len(rules) == 1225                              # the issue's "0 / 1,225"
    assert book.dialect == "generic" and book.game == "Flesh and Blood" and book.language == "en"
    u = understood(book)
    assert u.warnings == [] and u.share > 0.99
    refs = [ok for n in book.nodes for r in n.refs for ok in r.resolved]
    assert len(refs) > 300 and all(refs)                  # [1.3.2a] references, all resolved


def test_glued_number_after_the_dot_starts_a_rule():
    book = fixture("mtg-cr-en-official-excerpt.txt")      # BOM, CRLF, "901.4.At the start…"
    r = resolve_one(book, "901.4")
    assert r is not None and r.text.startswith("At the start of the game")
    assert "901.4" not in resolve_one(book, "901.3a").text
    assert book.edition == "2025-02-07" and book.language == "en"


def test_indented_chinese_book():
    book = fixture("mtg-cr-zh-indented-excerpt.txt")
    assert book.dialect == "mtg"
    assert [n.uid for n in book.breadcrumb(resolve_one(book, "100.1a"))] == ["1", "100", "100.1", "100.1a"]
    ex = [book.node(u) for u in resolve_one(book, "101.2").attached]
    assert [e.kind for e in ex] == [EXAMPLE] and ex[0].text.startswith("例如：")
    assert book.edition == "2022-04-29" and book.language == "zh-Hans"


def test_markup_around_numbers_stays_in_raw_and_out_of_text():
    book = fixture("mtg-cr-bilingual-excerpt.md")
    assert resolve_one(book, "1").kind == CHAPTER
    sec = resolve_one(book, "100")
    assert sec.raw.startswith("## <span id='cr100'>100.</span>") and sec.title == "总则 General"
    r = resolve_one(book, "100.1")
    assert r.raw.startswith("<b id='cr100-1'>100.1.</b>") and "<b>" not in r.text
    assert resolve_one(book, "702.9").title == "飞行 Flying" and resolve_one(book, "702.9a").parent == "702.9"
    # a Markdown link is a reference, and its target is not text
    ref = [x for x in resolve_one(book, "100.2a").refs if x.raw.startswith("参见规则[")][0]
    assert ref.targets == ["201.3"] and "/cr/" not in resolve_one(book, "100.2a").text


def test_bilingual_book_keeps_both_texts():
    book = fixture("mtg-cr-bilingual-excerpt.md")
    r = resolve_one(book, "100.1a")
    assert r.text == "双人游戏指在游戏开始时只有两位牌手的游戏。"
    assert r.alt_text == "A two-player game is a game that begins with only two players."
    assert book.by_key["100.1.a"] == ["100.1a"]           # one rule, not a duplicate
    ex = book.node(resolve_one(book, "101.2").attached[0])
    assert ex.text.startswith("例如：") and ex.alt_text.startswith("Example:")
    assert (book.language, book.alt_language) == ("zh-Hans", "en")


def test_a_second_text_in_the_same_language_is_a_duplicate():
    book = parse_text("100. 总则\n100.1. 第一条。\n100.1. 又一条。\n")
    assert book.by_key["100.1"] == ["100.1", "100.1#2"] and resolve_one(book, "100.1").alt_text == ""


@pytest.mark.parametrize("text,key", [
    ("1 Intro\n1.1 Scope\n1.1.1 These rules apply.\n", "1.1.1"),
    ("0000.0 Rules\n0000.0.1 First.\n", "0000.0.1"),
    ("100. Section\n103.1.b.1. Deep dotted.\n", "103.1.b.1"),
    ("100. Section\n103.1.b.1 Deep, no final dot.\n", "103.1.b.1"),
    ("## 5. Combat\n**5.2.3a** — Bold, with a dash.\n", "5.2.3.a"),
    ("* **12.4** A bullet rule.\n", "12.4"),
])
def test_numbers_of_any_shape(text, key):
    book = parse_text(text)
    assert key in book.by_key, [n.uid for n in book.nodes]


def test_example_never_swallows_numbered_rules():
    text = "1 Game\n1.1 Rules\n1.1.1 A rule.\nExample: an example.\n1.1.2 Next rule.\n1.1.2a Its subrule.\n"
    book = parse_text(text)
    assert [n.kind for n in book.nodes] == [RULE, RULE, RULE, EXAMPLE, RULE, RULE]
    # a numbered line the parser refuses still never disappears into the example
    odd = parse_text("100. 总则\n100.1. 规则。\n例：举例。\n5.5.5 a line numbered in another scheme\n", dialect="mtg")
    assert odd.nodes[-1].kind == UNCLASSIFIED


def test_stray_numbers_in_wrapped_text_are_not_rules():
    text = "352. Section\n352.2. During the turn, if they had\n2. If they had 1 card, they draw.\n352.3. Next.\n"
    book = parse_text(text, dialect="generic")
    assert "2" not in book.by_key and "If they had 1 card" in resolve_one(book, "352.2").text


# ---------------------------------------------------------------- detection with evidence

def test_detection_reports_every_dialect_with_its_share():
    book = fixture("fab-cr-en-excerpt.txt")
    names = [d for d, _ in book.detection]
    assert names[0] == "generic" and sorted(names) == ["generic", "mtg", "riftbound", "riftbound-md", "wow"]
    shares = dict(book.detection)
    assert shares["generic"] == 1.0 and shares["mtg"] < 0.5   # MTG numbers rules 100, not 1


def test_four_stray_lines_never_decide():
    # a generic book with four lines that look like WoW cards and glossary headwords
    body = "".join(f"1.{i} Rule {i} text.\n" for i in range(1, 60))
    stray = "Brigg，1，部落，盟军\n激活/Activate：x\n嘲讽/Taunt：y\n冲锋/Charge：z\n"
    book = parse_text("1 Rules\n" + body + stray)
    assert book.dialect == "generic"


@pytest.mark.parametrize("name,dialect", [
    ("mtg-cr-20260417-zh-hans.txt", "mtg"), ("mtg-cr-20220610-en.txt", "mtg"),
    ("riftbound-core-2025-10-en.txt", "riftbound-md"), ("fab-cr-en.txt", "generic"),
])
def test_corpus_detection_margin(name, dialect):
    book = parse_file(corpus_file(name))
    assert book.dialect == dialect and book.detection[0][0] == dialect


# ---------------------------------------------------------------- never silent

@pytest.mark.parametrize("text", ["", "\n\n", "hello\nworld\n", "Lorem ipsum dolor sit amet.\n" * 80,
                                  "\x1b[31m\x07garbage\u2028more\n"])
def test_garbage_is_a_warning_with_the_lines_not_understood(text):
    book = parse_text(text, path="junk.txt")
    u = understood(book)
    assert u.warnings
    msg = warning_text(book, u)
    assert msg.startswith("junk.txt: ")
    if text.strip():
        assert "first lines not understood" in msg and "line 1:" in msg
        assert "dialects tried" in msg and "generic" in msg


def test_suspiciously_few_rules():
    # two rules, and a hundred lines the parser could only append to them
    text = "100. 总则\n100.1. 唯一一条规则。\n" + "".join(f"这是一段没有编号的说明文字，第{i}行。\n" for i in range(100))
    u = understood(parse_text(text))
    assert u.warnings == ["suspiciously few rules: 2 for 102 non-blank lines"]


def test_examples_outweighing_rules_is_a_warning():
    text = "100.1. 规则。\n" + "例：一个很长的例子。\n" * 5
    u = understood(parse_text(text, dialect="mtg"))
    assert any("examples hold more" in w for w in u.warnings)


def test_a_sound_book_has_no_warning():
    from rulebook import load_book

    for book_id in ("mtg", "wow", "riftbound"):
        assert understood(load_book(book_id)).warnings == [], book_id


# ---------------------------------------------------------------- references in every phrasing

@pytest.mark.parametrize("text,targets", [
    # Flesh and Blood: bracketed numbers, glued to the word before
    ("A player's hero is a hero-card.[1.3.2a]", [["1.3.2.a"]]),
    ("located in a zone[3] or a player's inventory[4.1.6].", [["3"], ["4.1.6"]]),
    ("a loyalty ability [0] or an energy cost pay [1]", []),
    # en-dash ranges, and the list that goes on after them (2025 CR 701.28a)
    ("This follows rules 701.27a–f, 712.9–10, and 712.18.",
     [["701.27.a", "701.27.b", "701.27.c", "701.27.d", "701.27.e", "701.27.f", "712.9", "712.10", "712.18"]]),
    # a numeric range that ends the sentence, in English and Chinese, and one that is not short
    ("See rules 712.9–10.", [["712.9", "712.10"]]),
    ("参见规则903.6-11。", [["903.6", "903.7", "903.8", "903.9", "903.10", "903.11"]]),
    ("(see rules 119.9–10)", [["119.9", "119.10"]]),
    ("see rules 601.2f–h.", [["601.2.f", "601.2.g", "601.2.h"]]),
    # the last item after ", and"
    ("See rules 119.6, 510.1, and 704.5g.", [["119.6", "510.1", "704.5.g"]]),
    # lists of number-and-title pairs
    ("参见规则703，“回合动作”和704，“状态动作”。", [["703", "704"]]),
    ("See rules 703, “Turn-Based Actions,” and 704, “State-Based Actions.”", [["703", "704"]]),
    ("见规则602「攻击多位玩家的选择」和规则606", [["602", "606"]]),
    # Markdown links
    ("参见规则[100.2a](/cr/1/#cr100-2a)和[100.2b](/cr/1/#cr100-2b)。", [["100.2.a", "100.2.b"]]),
    ("See [1.0.1a](#r1-0-1a).", [["1.0.1.a"]]),
    # not references
    ("规则2条", []),
    ("见规则 100.1 至 5 张", [["100.1"]]),
])
def test_reference_phrasings_of_issue_12(text, targets):
    from rulebook.refs import find_refs

    found = find_refs(text)
    assert [t for _, _, _, t in found] == targets
    for start, end, raw, _ in found:
        assert text[start:end] == raw


def test_a_number_that_goes_on_is_not_the_short_end_of_a_range():
    from rulebook.refs import find_refs

    (_, _, _, targets), = find_refs("See rules 712.9–10.5 for that.")
    assert "712.10" not in targets and targets[0] == "712.9"


def test_en_dash_ranges_resolve_in_the_official_english_file():
    book = parse_file(corpus_file("mtg-cr-20220610-en.txt"))
    ranges = [r for n in book.nodes for r in n.refs if "–" in r.raw]
    assert len(ranges) >= 10
    assert all(len(r.targets) >= 2 and all(r.resolved) for r in ranges), [r.raw for r in ranges if len(r.targets) < 2]


# ---------------------------------------------------------------- headwords

@pytest.mark.parametrize("word,others", [
    ("counters", ["counter"]), ("counter", ["counters"]), ("abilities", ["ability"]), ("ability", ["abilities"]),
    ("passes", ["pass"]), ("pass", ["passes"]), ("status", ["statuses"]), ("trample", ["tramples"]), ("激活", []), ("x", []),
    ("map", ["maps"]), ("ox", []), ("day", ["days"]), ("boxes", ["box"]), ("box", ["boxes"]), ("bus", ["buses"]),
    ("flies", ["fly"]), ("kisses", ["kiss"]),
])
def test_other_numbers_of_english_words(word, others):
    from rulebook.terms import other_numbers

    assert other_numbers(word) == others


def test_headword_keys_fold_quotes_case_and_spaces():
    from rulebook.terms import exact_keys, headword_key, variant_keys

    assert headword_key("Attacks and Isn’t  Blocked") == headword_key("attacks and isn't blocked") == "attacks and isn't blocked"
    assert headword_key("“Legend Rule”") == '"legend rule"'
    assert exact_keys("Isn’t") == ["isn’t", "isn't"]
    assert variant_keys("Blocking Creatures") == ["blocking creature"]
    assert variant_keys("Attacks and Blocks") == ["attacks and block"]          # only the last word changes
    assert exact_keys("  ") == [] and variant_keys("") == []


def test_a_variant_never_takes_a_real_headword():
    text = "词汇表\n\nCounter\nA marker.\n\nCounters\nSeveral markers, a different entry.\n"
    book = parse_text(text, dialect="mtg")
    assert resolve_one(book, "counters").text.startswith("Several") and resolve_one(book, "counter").text.startswith("A marker")


# ---------------------------------------------------------------- language and metadata

def test_language_game_and_edition_are_read_from_the_text():
    from rulebook.meta import edition_of, game_of, language_of, script_of

    assert language_of(["这些规则适用于任何游戏。"]) == "zh-Hans"
    assert language_of(["這些規則適用於任何遊戲，牌張會進戰場。"]) == "zh-Hant"
    assert language_of(["These rules apply."]) == "en"
    assert script_of("123 {2}") == "" and script_of("飞行 Flying") == "zh"
    assert game_of("Disney Lorcana TCG Comprehensive Rules") == "Disney Lorcana"
    assert game_of("万智牌完整规则 and Magic: The Gathering") == "Magic: The Gathering"
    assert game_of("Some other game") == ""
    assert edition_of("These rules are effective as of February 7, 2025.") == "2025-02-07"
    assert edition_of("此规则于2026年4月17日起生效。") == "2026-04-17"
    assert edition_of("### Last Updated: 2025-10-") == "2025-10"
    assert edition_of("万智牌完整规则 （2006/10/1更新）") == "2006-10-01"
    assert edition_of("rule 2024.13 of nothing") == ""


def test_a_numbered_title_does_not_make_the_rules_after_it_strays():
    # the title's number has fewer digits than the rules; the rules that follow confirm their numbering
    text = "# 7 Handbook\n\n## 10.1 Setup\n* **10.1.1** Shuffle.\n* **10.1.2** Draw seven.\n## 10.2 Play\n* **10.2.1** Take turns.\n"
    book = parse_text(text)
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["7", "10.1", "10.1.1", "10.1.2", "10.2", "10.2.1"]
    assert resolve_one(book, "10.1").parent == "7" and resolve_one(book, "10.2.1").parent == "10.2"
    # …while a stray number the next lines do not confirm is still refused
    wrapped = parse_text("352. Section\n352.2. During the turn, if they had\n2. If they had 1 card.\n352.3. Next.\n",
                         dialect="generic")
    assert "2" not in wrapped.by_key


def test_an_excerpt_may_skip_chapters():
    text = "1. 游戏概念\n100. 总则\n100.1. 第一条。\n7. 附加规则\n702. 关键字异能\n702.19. 践踏\n"
    book = parse_text(text)
    assert resolve_one(book, "7").kind == CHAPTER and resolve_one(book, "702").parent == "7"
    assert "附加规则" not in resolve_one(book, "100.1").text
    # a numbered list item in a rule is not a chapter: no rule numbered in it follows
    listed = parse_text("1. 游戏\n100. 总则\n100.1. 步骤如下：\n3. 横置\n100.2. 第二条。\n", dialect="mtg")
    assert "3" not in listed.by_key


def test_a_number_that_a_wrapped_sentence_goes_on_from_is_not_a_rule():
    text = "352. Section\n352.1. During **rule\n352.2.** , they chose to play it.\n352.2. Next rule.\n"
    book = parse_text(text, dialect="generic")
    assert book.by_key["352.2"] == ["352.2"] and resolve_one(book, "352.2").line == 4


def test_riftbound_markdown_excerpt():
    book = fixture("riftbound-core-en-excerpt.md")
    assert book.dialect == "riftbound-md" and book.number_style == "dotted"
    assert resolve_one(book, "000").kind == CHAPTER and resolve_one(book, "000").title == "Golden and Silver Rules"
    assert resolve_one(book, "001").parent == "000" and resolve_one(book, "001").title == "Golden Rule"
    assert resolve_one(book, "002").parent == "001"                # a rule under its "### 001." section
    assert resolve_one(book, "101").parent == "100" and resolve_one(book, "102").parent == "101"
    assert resolve_one(book, "103.1.b.1").parent == "103.1.b" and resolve_one(book, "103.1b1").uid == "103.1.b.1"
    r = resolve_one(book, "002")
    assert r.text == ("Card text supersedes rules text. Whenever a card fundamentally contradicts the rules, "
                      "the card's indication is what is true.")    # wrapped lines joined, one space
    assert resolve_one(book, "052").text.startswith('Card, when written in card effects, is shorthand for " Main Deck card."')
    assert resolve_one(book, "102").text.startswith("Riftbound is a Trading Card Game")   # _italic_ removed
    exs = [book.node(u) for u in resolve_one(book, "132.3").attached]
    assert [e.text for e in exs] == ['Example: A "non-unit card" is any card that is not a unit.',
                                     'Example: A "unit" is any game object that is a unit, regardless of any other categories it belongs to.']
    assert "appears in italics." in resolve_one(book, "135.2").text and "```" not in resolve_one(book, "135.2").text
    assert "352.2" not in book.by_key                              # "**rule\n352.2.** ," is a wrapped reference
    assert (book.game, book.edition, book.language) == ("Riftbound", "2025-10", "en")
    assert book.title == "Riftbound Core Rules"


def test_a_bracketed_reference_touching_a_phrase_is_its_own_reference():
    """A bracket is skipped only when it lies inside a phrase already found: one that starts where a phrase
    ends, or ends where one starts, is a reference of its own (mutation testing found no test of the edge)."""
    from rulebook.refs import find_refs

    assert find_refs("[1.3.2a]见规则100.1") == [(0, 8, "[1.3.2a]", ["1.3.2.a"]), (8, 16, "见规则100.1", ["100.1"])]
    assert find_refs("见规则100.1[1.3.2a]") == [(0, 8, "见规则100.1", ["100.1"]), (8, 16, "[1.3.2a]", ["1.3.2.a"])]
    assert find_refs("see [1.3.2a] and rule 100.1") == [(0, 27, "see [1.3.2a] and rule 100.1", ["1.3.2.a", "100.1"])]


@pytest.mark.parametrize("lines, style", [
    (["1.0.1 Some text.", "1.0.1a More text.", "1.0.1b Other text.", "1.0.2 Text two."], "joined"),
    (["1.0.1. Some text.", "1.0.1.a. More text.", "1.0.1.b. Other text.", "1.0.2. Text two."], "dotted"),
    (["1.0.1a One.", "1.0.1.b. Two.", "1.0.1.c. Three."], "dotted"),        # the majority decides
    (["1.0.1a One.", "1.0.1.b. Two."], "joined"),                            # a tie: joined, as most books print
])
def test_a_generic_book_prints_its_letters_as_its_rules_do(lines, style):
    """A book of no known family gets the number style its own rules use (mutation testing found it untested):
    ids are shown back to the judge in that style."""
    from rulebook.parse import parse_text

    book = parse_text("1 Chapter\n\n1.0 Section\n\n" + "\n\n".join(lines) + "\n", book_id="g")
    assert book.dialect == "generic" and book.number_style == style
