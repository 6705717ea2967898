"""Parser behaviour the mutation sweep of rulebook/parse.py found untested.

Each test states what a user of a rulebook file relies on, from the file's
layout: what a parsed file is called and where it came from, how lines are
classified at the edges of each rule of the layout, and how detection breaks
ties. Expectations come from the input text, never from the parser's output.
"""
from __future__ import annotations

import hashlib

import pytest

from rulebook import RulebookError, parse_text
from rulebook.lookup import resolve_one
from rulebook.model import BULLET, CARD, CHAPTER, EXAMPLE, FRONT, GLOSSARY, HEADING, RULE, UNCLASSIFIED
from rulebook.parse import parse_bytes, parse_file

SAMPLE = "1. 游戏\n100. 一般规则\n100.1. 这些万智牌规则适用于任何两位玩家的游戏。\n100.2. 第二条规则。\n"


# ---------------------------------------------------------------- a file and its name

def test_a_file_is_named_by_its_stem_and_path_and_hashed_by_its_bytes(tmp_path):
    p = tmp_path / "传奇规则.txt"
    data = SAMPLE.encode("gbk")
    p.write_bytes(data)
    book = parse_file(p)
    assert book.id == "传奇规则" and book.path == str(p)
    # the cache recognises a file by the hash of its bytes, not of the text decoded from them
    assert book.sha256 == hashlib.sha256(data).hexdigest()
    # the encoding it was read in is the first thing lint says, about no line in particular
    assert book.warnings[0] == (0, "encoding", "decoded as gb18030")


def test_a_utf8_file_has_no_encoding_warning(tmp_path):
    p = tmp_path / "rules.txt"
    p.write_text(SAMPLE, encoding="utf-8")
    assert not [w for w in parse_file(p).warnings if w[1] == "encoding"]


def test_a_given_id_and_dialect_are_kept(tmp_path):
    p = tmp_path / "rules.txt"
    p.write_text(SAMPLE, encoding="utf-8")
    assert parse_file(p).dialect == "mtg"                     # detected: 100.1. lines are MTG's layout
    book = parse_file(p, book_id="mine", dialect="generic")
    assert book.id == "mine" and book.dialect == "generic" and not book.detected
    assert [d for d, _ in book.detection] == ["generic"]
    book = parse_bytes(SAMPLE.encode("utf-8"), book_id="b", path="somewhere/rules.txt", dialect="generic")
    assert (book.id, book.path, book.dialect) == ("b", "somewhere/rules.txt", "generic")


def test_an_unreadable_file_is_named_in_the_error(tmp_path):
    p = tmp_path / "latin.txt"
    p.write_bytes("100.1. Règle générale\n".encode("latin-1"))
    with pytest.raises(RulebookError) as e:
        parse_file(p)
    assert str(e.value).startswith(f"{p}: ")


def test_an_unknown_dialect_is_refused_with_the_known_ones():
    with pytest.raises(RulebookError) as e:
        parse_text(SAMPLE, dialect="mtgx")
    assert "'mtgx'" in str(e.value) and "mtg, wow, riftbound, riftbound-md, generic" in str(e.value)


# ---------------------------------------------------------------- Markdown headings

def test_a_numbered_markdown_heading_opens_its_section_and_keeps_its_words():
    text = ("## 100. Game Concepts\n### 101. Deck Construction\nEach player needs a deck.\n"
            "101.1. A deck has 40 cards.\n#hashtag line\n")
    book = parse_text(text, dialect="riftbound-md")
    sec = resolve_one(book, "101")
    assert sec.kind == RULE and sec.title == "Deck Construction" and sec.parent == "100"
    # the heading's words are its text (search finds the section by them), and the prose
    # under it belongs to it, not to front matter
    assert sec.text.startswith("Deck Construction") and "Each player needs a deck." in sec.text
    assert not [n for n in book.nodes if n.kind == FRONT]
    assert resolve_one(book, "100").kind == CHAPTER and resolve_one(book, "100").text == "Game Concepts"
    # a line starting with "#" that is no Markdown heading is kept as a heading of its own
    last = book.nodes[-1]
    assert last.kind == HEADING and last.text == "#hashtag line" and last.line == 5


def test_after_a_numbered_heading_the_book_is_in_its_rules():
    # a glossary heading right after a section of prose (no numbered rule in between) opens the glossary,
    # and an unnumbered heading among the rules is a heading titled by its words
    text = ("## 100. Game Concepts\n### 101. Deck Construction\nEach player needs a deck.\n## Play Overview\n"
            "### 102. Turns\nPlayers take turns.\n## Glossary\n\nAbandon\nTo turn a card face down.\n")
    book = parse_text(text, dialect="riftbound-md")
    overview = [n for n in book.nodes if n.line == 4][0]
    assert overview.kind == HEADING and overview.title == "Play Overview"
    (entry,) = [n for n in book.nodes if n.kind == GLOSSARY]
    assert entry.title == "Abandon" and entry.text == "To turn a card face down."
    assert resolve_one(book, "abandon") is entry


# ---------------------------------------------------------------- glossary blocks (the MTG CR's layout)

GLOSSARY_BOOK = """1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.2. To play, each player needs their own deck.

Glossary

Abandon
To turn a face-up ongoing scheme card face down.
See rule 100.1, "General."

Activate
To put an activated ability onto the stack.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
"""


def test_glossary_blocks_are_a_headword_line_then_its_definition():
    book = parse_text(GLOSSARY_BOOK)
    entries = [n for n in book.nodes if n.kind == GLOSSARY]
    assert [(e.title, e.line) for e in entries] == [("Abandon", 11), ("Activate", 15)]
    abandon, activate = entries
    # every line up to the blank line is the definition, in order
    assert abandon.text == 'To turn a face-up ongoing scheme card face down.\nSee rule 100.1, "General."'
    assert activate.text == "To put an activated ability onto the stack."
    assert resolve_one(book, "abandon") is abandon and resolve_one(book, "Activate") is activate
    assert [r.targets for r in abandon.refs] == [["100.1"]] and "glossary:Abandon" in book.cited_by["100.1"]
    # the credits after the glossary are not an entry, nor is the glossary's own heading
    assert {n.kind for n in book.nodes if n.line in (9, 18, 20)} == {HEADING}
    # a conversion that lost the blank line under the heading: the first headword is still an entry
    tight = parse_text(GLOSSARY_BOOK.replace("Glossary\n\nAbandon", "Glossary\nAbandon"))
    assert [n.title for n in tight.nodes if n.kind == GLOSSARY] == ["Abandon", "Activate"]


# ---------------------------------------------------------------- detection's ties

def _tie_book(stray: int) -> str:
    """`stray` numbered lines only the generic reading takes as rules (MTG numbers its rules
    under three-digit sections), then twenty MTG rules."""
    return "".join(f"1.{j} Intro rule {j}.\n" for j in range(1, stray + 1)) + \
        "".join(f"100.{j}. Rule number {j}.\n" for j in range(1, 21))


def test_a_family_within_a_few_lines_of_generic_wins_the_tie():
    # 24 non-blank lines: shares within 4 lines are a tie, which the family whose marker
    # lines are there wins over generic; 5 lines more is a real difference
    book = parse_text(_tie_book(4))
    assert book.dialect == "mtg" and book.detection[0] == ("mtg", round(20 / 24, 4))
    book = parse_text(_tie_book(5))
    assert book.dialect == "generic" and book.detection[0] == ("generic", 1.0)
    # every dialect tried is reported, the winner first and then by share
    shares = [s for _, s in book.detection[1:]]
    assert shares == sorted(shares, reverse=True) and len(book.detection) == 5


# ---------------------------------------------------------------- numbering that jumps

def test_rules_that_follow_confirm_a_numbering_that_jumps():
    # the title is numbered 1 and its sections 10.1, 10.2: a jump of more than a few numbers,
    # which the rules under each section confirm (10.1 → 10.1.1)
    text = "# 1 Handbook\n\n## 10.1 Setup\n* **10.1.1** Shuffle.\n* **10.1.2** Draw seven.\n## 10.2 Play\n* **10.2.1** Take turns.\n"
    book = parse_text(text)
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["1", "10.1", "10.1.1", "10.1.2", "10.2", "10.2.1"]
    assert resolve_one(book, "10.1.2").parent == "10.1" and resolve_one(book, "10.1").parent == "1"
    # a section number after rules of another length, confirmed by its first subrule
    book = parse_text("1 Basics\n1.1 First.\n1.2 Second.\n100 Appendix\n100.1 Extra rule.\n", dialect="generic")
    assert resolve_one(book, "100").title == "Appendix" and resolve_one(book, "100.1").parent == "100"


# ---------------------------------------------------------------- inline glossary entries (WoW's layout)

def test_an_inline_headword_needs_a_colon_an_english_name_or_a_rule_reference():
    text = ("701. 激活\n701.3 激活式能力的规则。\n词汇表\n"
            "激活/Activate（见规则701.3）：打出一个激活式能力。\n"      # English name, reference and colon
            "致命伤害：大于等于角色总生命的伤害。\n"                      # a colon alone
            "横置/Exhaust\n将一张牌转为横置状态。\n"                      # an English name alone, definition below
            "收藏（见规则701.3）在正式比赛中，你的收藏意指你的备牌。\n"   # a rule reference alone
            "·附注：这一行属于收藏。\n"                                  # a bullet is never a headword
            "冷却（译注）不是新词条\n")                                   # brackets without a rule number
    book = parse_text(text, dialect="wow")
    entries = {n.title: n for n in book.nodes if n.kind == GLOSSARY}
    assert list(entries) == ["激活", "致命伤害", "横置", "收藏"]
    assert entries["激活"].aliases == ["Activate"] and entries["激活"].text == "打出一个激活式能力。"
    assert entries["致命伤害"].aliases == [] and entries["致命伤害"].text == "大于等于角色总生命的伤害。"
    assert entries["横置"].aliases == ["Exhaust"] and entries["横置"].text == "将一张牌转为横置状态。"
    assert entries["收藏"].text.startswith("在正式比赛中") and "这一行属于收藏" in entries["收藏"].text
    assert "冷却（译注）不是新词条" in entries["收藏"].text
    assert resolve_one(book, "Exhaust") is entries["横置"]


# ---------------------------------------------------------------- section titles of a generic book

def test_only_a_short_heading_over_subrules_titles_its_section():
    from pathlib import Path

    book = parse_file(Path(__file__).parent / "fixtures" / "rulebooks" / "fab-cr-en-excerpt.txt")
    assert resolve_one(book, "1.1").title == "Players"            # "1.1 Players" over 1.1.1…1.1.6
    # a rule is no heading: a leaf, or a sentence over its subrules (even one that ends in a
    # bracketed reference, as "1.1.2 A player's hero is a hero-card.[1.3.2a]" does)
    for uid in ("1.0.1a", "1.1.5", "1.0.1", "1.1.2"):
        assert resolve_one(book, uid).title is None, uid
    assert [n.title for n in book.breadcrumb(resolve_one(book, "1.1.2a"))] == ["Game Concepts", "Players", None, None]


def test_html_entities_and_links_are_text_in_a_marked_up_book():
    text = ("<b id='cr100'>100.</b> General\n"
            "<b id='cr100-1'>100.1.</b> Players&nbsp;draw [cards](#x) &amp; <i>shuffle</i>.\n"
            "<b id='cr100-2'>100.2.</b> Second.\n<b id='cr100-3'>100.3.</b> Third.\n")
    book = parse_text(text)
    r = resolve_one(book, "100.1")
    assert r.text == "Players draw cards & shuffle." and "&nbsp;" in r.raw
    # Markdown emphasis and inline code fences around words are markup too
    md = parse_text("## 100. General\n100.1. Use **only** ```draw``` to _draw_.\n", dialect="riftbound-md")
    assert resolve_one(md, "100.1").text == "Use only draw to draw."


def test_bullets_belong_to_their_rule_with_their_words():
    book = parse_text("705. 复制\n705.1 下列行为会使用牌：\n·使用（见规则705）牌\n·安置资源\n705.2 其他。\n", dialect="wow")
    bullets = [book.node(u) for u in resolve_one(book, "705.1").attached]
    assert [(b.kind, b.text, b.line) for b in bullets] == [(BULLET, "·使用（见规则705）牌", 3), (BULLET, "·安置资源", 4)]
    assert [r.targets for r in bullets[0].refs] == [["705"]]
    assert resolve_one(book, "705.2").text == "其他。"


def test_prose_under_a_numbered_section_heading_is_the_sections_text():
    book = parse_text("# 1 Handbook\n\n## 10.1 Setup\nEach player shuffles their deck.\n* **10.1.1** Shuffle.\n")
    sec = resolve_one(book, "10.1")
    assert sec.title == "Setup" and "Each player shuffles their deck." in sec.text
    assert not [n for n in book.nodes if n.kind == UNCLASSIFIED]


# ---------------------------------------------------------------- wrapped lines, chapters, prose that looks numbered

def test_wrapped_lines_join_without_a_space_in_chinese_and_with_one_between_english_words():
    zh = parse_text("108.2\n所属：非场地区域 › 废牌堆\n单位受到伤害时，对其造成\n3点伤害，然后\n抽一张牌。\n"
                    "108.3\n所属：非场地区域\n下一条。\n", dialect="riftbound")
    assert resolve_one(zh, "108.2").text == "单位受到伤害时，对其造成3点伤害，然后抽一张牌。"
    en = parse_text("## 100. General\n100.1. The number of cards in a deck is\n    7\n100.2. Next rule.\n",
                    dialect="riftbound-md")
    assert resolve_one(en, "100.1").text == "The number of cards in a deck is 7"


def test_a_glossary_after_an_empty_chapter_is_still_the_glossary():
    book = parse_text("1. 游戏\n100. 总则\n100.1. 甲。\n2. 空章节\n词汇表\n\n激活\n定义。\n", dialect="mtg")
    heading = book.nodes[4]                   # the glossary's heading is a heading titled by its word
    assert (heading.kind, heading.line, heading.title, heading.text) == (HEADING, 5, "词汇表", "词汇表")
    assert resolve_one(book, "2").kind == CHAPTER
    assert resolve_one(book, "glossary:激活").text == "定义。"


def test_prose_that_starts_like_a_number_stays_in_its_rule():
    # "5.The …" glued after a top-level number's dot is a sentence, not rule 5
    book = parse_text("1 Rules\n1.1 First rule, see the part below\n5.The next part.\n1.2 Second.\n", dialect="generic")
    assert "5" not in book.by_key and resolve_one(book, "1.1").text.endswith("5.The next part.")
    # a numbered step under chapter 2 that repeats chapter 1's number is the rule's text, not a chapter
    text = "1. 游戏\n100. 总则\n2. 组成部分\n200. 总则\n200.1. 步骤如下：\n1. 横置\n200.2. 第二条。\n"
    book = parse_text(text, dialect="mtg")
    assert book.by_key["1"] == ["1"] and resolve_one(book, "200.1").text == "步骤如下：\n1. 横置"
    assert "".join(n.raw for n in book.nodes) == text


def test_a_book_that_starts_with_blank_lines_is_titled_by_its_first_line_of_text():
    book = parse_text("\n\n万智牌完整规则\n\n1. 游戏\n100. 总则\n100.1. 甲。\n", dialect="mtg")
    assert book.title == "万智牌完整规则" and book.nodes[0].kind == FRONT and book.nodes[0].text == ""
    assert book.nodes[0].raw == "\n\n" and "".join(n.raw for n in book.nodes).startswith("\n\n万智牌完整规则\n")


def test_lines_that_only_look_numbered_stay_in_the_text_and_nothing_is_lost():
    cases = [
        # a Markdown list item that starts with a count
        ("generic", "1 Rules\n1.1 Each player draws:\n- 2 cards\n- 1 rune\n1.2 Next.\n", "1.1", "- 2 cards"),
        # Riftbound prints a number alone on its line: one with text after it is a wrapped reference
        ("riftbound", "108.2\n所属：非场地区域\n单位进入\n128.1 中提到的隐私区域。\n108.3\n所属：非场地区域\n下一条。\n",
         "108.2", "128.1 中提到的隐私区域。"),
        # a wrapped line starting with a number that fits no numbering here
        ("generic", "352. Section\n352.2. During the turn, a unit with\n12.5 points of damage is destroyed.\n352.3. Next.\n",
         "352.2", "12.5 points of damage"),
    ]
    for dialect, text, uid, kept in cases:
        book = parse_text(text, dialect=dialect)
        assert "".join(n.raw for n in book.nodes) == text, dialect
        assert kept in resolve_one(book, uid).text, (dialect, uid)


def test_a_marked_up_number_alone_on_its_line_is_a_rule_whose_text_follows():
    text = ("<b id='cr100'>100.</b> General\n<b id='cr100-1'>100.1.</b>\nPlayers draw.\n"
            "<b id='cr100-2'>100.2.</b> Second.\n<b id='cr100-3'>100.3.</b> Third.\n")
    book = parse_text(text, dialect="mtg")
    assert resolve_one(book, "100.1").text == "Players draw." and resolve_one(book, "100.1").line == 2


def test_a_number_after_a_wrapped_rule_cue_is_a_reference_not_a_rule():
    # hard-wrapped text: "During **rule" ends a line, the number it cites starts the next
    text = "## 350. Combat\n352.1. During **rule\n352.2.** they chose to play it.\n352.2. Next rule.\n"
    book = parse_text(text, dialect="riftbound-md")
    assert book.by_key["352.2"] == ["352.2"] and resolve_one(book, "352.2").line == 4
    assert "they chose to play it" in resolve_one(book, "352.1").text


def test_a_table_of_contents_is_front_matter_and_its_entries_are_not_rules():
    text = ("万智牌完整规则\n\n目录\n1. 游戏概念\n100. 总则\n2. 组成部分\n\n"
            "1. 游戏概念\n100. 总则\n100.1. 甲。\n2. 组成部分\n200. 总则\n200.1. 乙。\n")
    book = parse_text(text, dialect="mtg")
    assert book.by_key["1"] == ["1"] and book.by_key["100"] == ["100"] and book.by_key["2"] == ["2"]
    assert resolve_one(book, "100").line == 9 and not [w for w in book.warnings if w[1] == "duplicate"]
    toc = book.nodes[1]                        # the contents are front matter titled by their heading
    assert (toc.kind, toc.line, toc.title) == (FRONT, 3, "目录") and toc.text == "目录\n1. 游戏概念\n100. 总则\n2. 组成部分"


def test_contents_whose_first_entry_is_not_in_the_body_end_where_a_numbered_entry_comes_again():
    # the contents list 前言 first, which the body never prints as a line of its own: the body
    # starts where "1. 游戏概念" is printed a second time (it used to swallow chapter 1 and rule 100)
    text = "万智牌完整规则\n\n目录\n前言\n1. 游戏概念\n100. 总则\n\n1. 游戏概念\n100. 总则\n100.1. 甲。\n100.2. 乙。\n"
    book = parse_text(text, dialect="mtg")
    assert [(n.kind, n.uid) for n in book.nodes][2:] == [(CHAPTER, "1"), (RULE, "100"), (RULE, "100.1"), (RULE, "100.2")]
    assert book.nodes[1].text == "目录\n前言\n1. 游戏概念\n100. 总则" and resolve_one(book, "100.1").parent == "100"
    # with no numbered entry repeated, the first subrule still ends the contents
    book = parse_text("目录\n前言\n附录\n100.1. 甲。\n", dialect="mtg")
    assert resolve_one(book, "100.1").text == "甲。" and book.nodes[0].text == "目录\n前言\n附录"


def test_only_sections_and_marked_up_headings_have_titles_in_a_family_layout():
    # MTG prints its breadcrumbs as "100. 总则": a numbered rule with short text is still a rule
    book = parse_text("1. 游戏\n100. 总则\n100.1. 甲。\n205. 类别\n205.2. Card Types\n205.2a 乙。\n", dialect="mtg")
    assert resolve_one(book, "205").title == "类别" and resolve_one(book, "205.2").title is None
    # a Markdown heading titles its rule only when its text is a heading, not a sentence
    book = parse_text("# 1 Handbook\n## 10.1 Each player shuffles.\n* **10.1.1** Shuffle.\n")
    assert resolve_one(book, "10.1").title is None and resolve_one(book, "1").title == "Handbook"


def test_credits_before_the_rules_do_not_swallow_them():
    book = parse_text("版权信息\n设计：某人\n\n1. 游戏\n100. 总则\n100.1. 甲。\n100.2. 乙。\n")
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["100", "100.1", "100.2"]
    assert resolve_one(book, "1").kind == CHAPTER
    credits = book.nodes[0]
    assert credits.kind == HEADING and credits.text == "版权信息\n设计：某人"
    # credits after the rules still hold the lines to the end, numbered or not
    book = parse_text("1. 游戏\n100. 总则\n100.1. 甲。\n版权信息\n设计：某人\n2006. 第一版\n")
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["100", "100.1"]
    assert book.nodes[-1].kind == HEADING and "2006. 第一版" in book.nodes[-1].text


# ---------------------------------------------------------------- session 5: a section title's edges

def test_a_section_heading_of_any_length_up_to_the_limit_titles_its_section():
    from rulebook.parse import TITLE_MAX

    longest = "Turn Structure and Steps of Each Phase "[:TITLE_MAX - 1] + "s"
    assert len(longest) == TITLE_MAX
    text = (f"1 Rules\n1.1 {longest}\n1.1.1 The first step.\n"
            f"1.2 {longest}X\n1.2.1 The second step.\n"     # one character over: a sentence, not a heading
            "1.3 牌\n1.3.1 一张牌。\n")                        # a one-character heading is still a heading
    book = parse_text(text, dialect="generic")
    assert resolve_one(book, "1.1").title == longest
    assert resolve_one(book, "1.2").title is None
    assert resolve_one(book, "1.3").title == "牌"


def test_a_rule_whose_text_runs_over_two_lines_is_not_a_section_title():
    # generic books keep one paragraph per line: two lines of text are a rule, not a heading
    book = parse_text("1 Rules\n1.0 General\nOverview\n1.0.1 The first rule.\n", dialect="generic")
    sec = resolve_one(book, "1.0")
    assert sec.text == "General\nOverview" and sec.title is None and sec.children == ["1.0.1"]


def test_a_numbered_markdown_heading_without_words_is_a_rule_with_no_title():
    text = "# 1 Rules\n## 1.1\n1.1.1 The first rule.\n1.1.2 The second rule.\n"
    book = parse_text(text, dialect="generic")
    sec = resolve_one(book, "1.1")
    assert sec.kind == RULE and sec.text == "" and sec.title is None
    assert sec.children == ["1.1.1", "1.1.2"] and sec.parent == "1"


def test_a_single_marker_line_in_a_short_excerpt_still_wins_a_tie_over_generic():
    # four lines, one of them MTG's "100.1." (a tenth of the lines makes MTG a candidate):
    # generic reads 3 lines more, within the tolerance of 4, so the family wins the tie
    book = parse_text("1 Basics\n1.1 First.\n1.2 Second.\n100.1. Players play.\n")
    assert book.dialect == "mtg" and book.detection[0] == ("mtg", 0.25)
    assert ("generic", 1.0) in book.detection


def test_the_encoding_is_lints_first_finding_even_when_the_parse_has_others():
    text = "1. 游戏\n100. 总则\n100.1. 甲。\n100.1. 又一条甲。\n"        # 100.1 printed twice
    book = parse_bytes(text.encode("gbk"), book_id="b", path="b.txt")
    assert book.warnings[0] == (0, "encoding", "decoded as gb18030")
    assert [w[1] for w in book.warnings[1:]] == ["duplicate"]


def test_between_families_with_as_many_marker_lines_the_one_that_reads_more_lines_wins():
    # five MTG "100.1." lines and five WoW "701.激活" lines: the marker lines weigh the same,
    # and only WoW reads the card line under 705 (MTG leaves it unclassified)
    text = ("100. 总则\n" + "".join(f"100.{j}. 第{j}条。\n" for j in range(1, 6))
            + "".join(f"70{j}.能力{j}\n" for j in range(1, 6)) + "火球，X，部落，法术\n")
    book = parse_text(text)
    assert book.dialect == "wow" and book.detection[0] == ("wow", 1.0)
    assert ("mtg", round(11 / 12, 4)) in book.detection


def test_an_empty_file_is_understood_by_no_dialect():
    for text in ("", "\n\n"):
        book = parse_text(text)
        assert book.dialect == "generic" and book.detection[0] == ("generic", 0.0)
        assert {share for _, share in book.detection} == {0.0}


def test_in_a_long_book_the_tie_tolerance_is_half_a_percent_of_its_lines():
    # 1,000 non-blank lines: 5 lines (0.5%) are still a tie, which MTG's marker lines win;
    # 6 lines are a real difference (the tolerance is 4 lines only in books under 1,000 lines)
    def book_of(stray):
        return "".join(f"1.{j} Intro rule {j}.\n" for j in range(1, stray + 1)) + \
            "".join(f"{100 + j // 100}.{j % 100 + 1}. Rule number {j}.\n" for j in range(1000 - stray))

    book = parse_text(book_of(5))
    assert book.dialect == "mtg" and book.detection[0] == ("mtg", 0.995)
    book = parse_text(book_of(6))
    assert book.dialect == "generic" and book.detection[0] == ("generic", 1.0)


def test_a_chapter_heading_is_confirmed_by_a_rule_at_most_six_lines_below():
    # an excerpt's first chapter is a chapter only if its rules follow soon (within six
    # non-blank lines): five lines of prose between are still "soon", six are not
    def book_of(prose):
        return "1. 游戏\n" + "".join(f"第{j}行说明文字\n" for j in range(prose)) + "100. 总则\n100.1. 甲。\n"

    assert parse_text(book_of(5), dialect="mtg").nodes[0].kind == CHAPTER
    book = parse_text(book_of(6), dialect="mtg")
    assert book.nodes[0].kind == FRONT and "1" not in book.by_key


def test_an_underscore_inside_a_word_is_a_letter_not_markdown_emphasis():
    # Markdown: `_word_` is emphasis, an underscore between letters or digits is text
    book = parse_text("## 100. General\n100.1. Name the token TOKEN_NAME or card_name, not 2_3, but _this_.\n",
                      dialect="riftbound-md")
    assert resolve_one(book, "100.1").text == "Name the token TOKEN_NAME or card_name, not 2_3, but this."


@pytest.mark.parametrize("line", [
    "2",                                      # a page number alone on its line
    "2 players sit down at the table.",       # a wrapped sentence that starts with a count
    "5.I’m told this stays prose.",           # prose glued after a number's dot (a curly apostrophe next)
])
def test_a_line_that_starts_with_a_bare_number_is_no_top_level_rule(line):
    text = f"1 Rules\n1.1 First rule, and then\n{line}\n1.2 Second rule.\n"
    book = parse_text(text, dialect="generic")
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["1", "1.1", "1.2"]
    assert resolve_one(book, "1.1").text == f"First rule, and then\n{line}"


def test_a_section_heading_repeated_with_no_rules_under_it_is_not_a_second_section():
    # a running header at a page break repeats "1 Rules"; the rules after it are numbered 2.x
    book = parse_text("1 Rules\n1.1 First rule.\n1 Rules\n2 Play\n2.1 Second rule.\n", dialect="generic")
    assert book.by_key["1"] == ["1"] and not [w for w in book.warnings if w[1] == "duplicate"]
    assert resolve_one(book, "1.1").text == "First rule.\n1 Rules" and resolve_one(book, "2").title == "Play"


def test_a_title_may_jump_a_few_top_numbers_ahead_but_no_further_without_its_rules():
    from rulebook.parse import TOP_STEP

    # 1 → 6 continues the numbering (a few sections may be left out of an excerpt) …
    book = parse_text(f"1 Rules\n1.1 First rule.\n{1 + TOP_STEP} Appendix\n", dialect="generic")
    assert resolve_one(book, str(1 + TOP_STEP)).title == "Appendix"
    # … 1 → 7 does not, unless rules numbered under it follow; a rule of another section does not count
    for after in ("", "1.2 Second rule.\n"):
        text = f"1 Rules\n1.1 First rule.\n{2 + TOP_STEP} Appendix\n{after}"
        book = parse_text(text, dialect="generic")
        assert str(2 + TOP_STEP) not in book.by_key
        assert resolve_one(book, "1.1").text == f"First rule.\n{2 + TOP_STEP} Appendix"


def test_only_riftbounds_number_alone_layout_reads_a_belongs_to_line_as_the_rules_path():
    # Riftbound: the path follows the number; a later 所属： line is the rule's text
    book = parse_text("108.2\n所属：非场地区域\n第一行。\n所属：牌库\n108.3\n所属：非场地区域\n下一条。\n",
                      dialect="riftbound")
    r = resolve_one(book, "108.2")
    assert r.section_path == ["非场地区域"] and r.text == "第一行。\n所属：牌库"
    # another layout has no such line: it is the text of the rule it follows
    book = parse_text("1. 游戏\n100. 总则\n100.1. 甲。\n所属：某处\n", dialect="mtg")
    r = resolve_one(book, "100.1")
    assert r.section_path == [] and r.text == "甲。\n所属：某处"


def test_a_card_belongs_to_the_example_it_is_quoted_in_and_otherwise_to_its_rule():
    text = ("705. 复制\n705.1 下列行为会使用牌：\n火球术，3，部落，法术\n寒冰箭，2，联盟，法术\n"
            "705.2 其他规则。\n例：你使用一张牌。\n奥术飞弹，1，中立，法术\n·然后抽一张牌\n暗影箭，2，部落，法术\n")
    book = parse_text(text, dialect="wow")
    # two cards under a rule with no example: both the rule's
    assert resolve_one(book, "705.1").attached == ["705.1~card1", "705.1~card2"]
    card = book.node("705.1~card1")
    assert (card.title, card.text) == ("火球术", "火球术，3，部落，法术")       # named by its first field, the line its text
    # a card right after an example is quoted in it; one after a bullet that follows it is the rule's
    assert resolve_one(book, "705.2~ex1").attached == ["705.2~ex1~card1"]
    assert book.node("705.2~ex1~card1").title == "奥术飞弹"
    assert resolve_one(book, "705.2").attached == ["705.2~ex1", "705.2~b1", "705.2~card1"]
    assert book.node("705.2~card1").title == "暗影箭" and book.node("705.2~card1").parent == "705.2"


def test_a_decimal_that_starts_a_line_in_a_book_numbered_with_leading_zeros_is_text():
    # rules 0000.0.x: "0.5 …" has the same top number's value but not its digits, so it does
    # not continue the numbering (nor does any rule of "0" follow)
    book = parse_text("0000.0.1 A unit that is dealt\n0.5 points of damage rounds up.\n0000.0.2 Second.\n",
                      dialect="generic")
    assert [n.uid for n in book.nodes] == ["0000.0.1", "0000.0.2"]
    assert resolve_one(book, "0000.0.1").text == "A unit that is dealt\n0.5 points of damage rounds up."


def test_a_line_not_understood_keeps_its_words_and_its_place():
    # text under a chapter heading, and a numbered line no numbering accepts after an example
    text = "1. 游戏\n说明文字\n100. 总则\n100.1. 甲。\n例：一个例子。\n12.5 点伤害\n100.2. 乙。\n"
    book = parse_text(text, dialect="mtg")
    lost = [(n.line, n.raw, n.text) for n in book.nodes if n.kind == UNCLASSIFIED]
    assert lost == [(2, "说明文字\n", "说明文字"), (6, "12.5 点伤害\n", "12.5 点伤害")]
    assert "".join(n.raw for n in book.nodes) == text
    assert resolve_one(book, "100.1~ex1").text == "例：一个例子。"


@pytest.mark.parametrize("step", [
    "2. 横置你的牌；",      # the next chapter's number, but a sentence (a chapter title has no 。；;)
    "1. 横置",              # the chapter it is in: no chapter comes twice
    "3. 横置",              # after a gap, and no rule numbered 3xx follows
])
def test_a_numbered_step_inside_a_rule_is_no_chapter(step):
    text = f"1. 游戏\n100. 总则\n100.1. 步骤如下：\n{step}\n100.2. 乙。\n"
    book = parse_text(text, dialect="mtg")
    assert [n.uid for n in book.nodes] == ["1", "100", "100.1", "100.2"]
    assert resolve_one(book, "100.1").text == f"步骤如下：\n{step}"
    assert resolve_one(book, "1").text == "游戏"                     # a chapter's text is its title


def test_credits_hold_their_lines_after_the_rules_with_or_without_chapters():
    # a book without chapters: a numbered credits line is no chapter, and it is kept
    text = "100. 总则\n100.1. 甲。\n版权信息\n1. 设计\n"
    book = parse_text(text, dialect="mtg")
    assert book.nodes[-1].kind == HEADING and book.nodes[-1].text == "版权信息\n1. 设计"
    assert "".join(n.raw for n in book.nodes) == text
    # a numbered line that would continue the rules' numbering is still the credits' text
    book = parse_text("100. 总则\n100.1. 甲。\n版权信息\n200. 第一版\n", dialect="mtg")
    credits = book.nodes[-1]
    assert "200" not in book.by_key
    assert (credits.kind, credits.title, credits.text) == (HEADING, "版权信息", "版权信息\n200. 第一版")
    # a chapter titled 版权信息 opens the credits: a numbered line after it is no rule
    book = parse_text("1. 游戏\n100. 总则\n100.1. 甲。\n2. 版权信息\n设计：某人\n200. 第一版\n", dialect="mtg")
    assert "200" not in book.by_key and resolve_one(book, "2").text.endswith("200. 第一版")


def test_a_rule_numbered_a_few_sections_on_continues_the_numbering_across_a_digit():
    from rulebook.parse import TOP_STEP

    # after rules under 9, rules under 14 (9 + TOP_STEP) continue the numbering; under 15 they do not
    book = parse_text(f"9 Nine\n9.1 Rule.\n{9 + TOP_STEP}.1 Jump rule.\n", dialect="generic")
    assert resolve_one(book, f"{9 + TOP_STEP}.1").text == "Jump rule."
    book = parse_text(f"9 Nine\n9.1 Rule.\n{10 + TOP_STEP}.1 Jump rule.\n", dialect="generic")
    assert [n.uid for n in book.nodes] == ["9", "9.1"]


@pytest.mark.parametrize("first, again", [("100.1. 甲。", "100.1. 1/2"), ("**100.1.**", "**100.1.** 甲。")])
def test_a_number_printed_again_is_a_translation_only_when_both_texts_are_in_a_language(first, again):
    # a bilingual book prints 100.1. 甲。 then 100.1. A player. (see test_rulebook_layouts); a
    # repeat whose text, or whose first printing, has no words in any script is a duplicate
    book = parse_text(f"1. 游戏\n100. 总则\n{first}\n{again}\n", dialect="mtg")
    assert book.by_key["100.1"] == ["100.1", "100.1#2"] and resolve_one(book, "100.1").alt_text == ""


def test_a_reference_to_a_number_two_levels_above_the_printed_rules_resolves():
    # an excerpt prints 100.1a and 100.1b, neither 100.1 nor 100: a citation of rule 100 is in the book
    book = parse_text("1. 游戏\n100.1a 甲，见规则100。\n100.1b 乙。\n", dialect="mtg")
    [ref] = resolve_one(book, "100.1a").refs
    assert (ref.targets, ref.resolved) == (["100"], [True])


def test_a_book_without_markup_keeps_what_markdown_would_read_as_markup():
    text = "100.1. Write the card's name in the <NAME> box; **X** is any _number_.\n100.2. Next.\n"
    book = parse_text(text, dialect="mtg")
    assert resolve_one(book, "100.1").text == "Write the card's name in the <NAME> box; **X** is any _number_."


def test_numbered_rules_in_a_markdown_list_are_rules_and_a_count_is_not():
    book = parse_text("# Handbook\n\n- 1.1 Setup each game.\n- 1.2 Shuffle the deck.\n- 2 cards\n", dialect="generic")
    assert [n.uid for n in book.nodes if n.kind == RULE] == ["1.1", "1.2"]
    assert resolve_one(book, "1.1").text == "Setup each game." and resolve_one(book, "1.2").text.endswith("- 2 cards")


def test_a_plain_number_alone_on_its_line_is_not_taken_for_a_rule_and_is_kept():
    # without markup or Riftbound's layout, "100.1." alone is not a rule line; lint reports it
    text = "1. 游戏\n100. 总则\n100.1.\n甲。\n100.2. 乙。\n"
    book = parse_text(text, dialect="mtg")
    assert "100.1" not in book.by_key and "".join(n.raw for n in book.nodes) == text
    assert [(n.kind, n.line) for n in book.nodes if n.kind == UNCLASSIFIED] == [(UNCLASSIFIED, 3)]


def test_a_dash_between_a_rule_number_and_its_text_is_no_part_of_the_text():
    book = parse_text("1 Rules\n1.1 — Setup each game.\n1.2 – Shuffle.\n", dialect="generic")
    assert resolve_one(book, "1.1").text == "Setup each game." and resolve_one(book, "1.2").text == "Shuffle."


def test_a_glossary_heading_marked_up_in_html_opens_the_glossary():
    book = parse_text("1. 游戏\n100. 总则\n100.1. 甲。\n<h2>Glossary</h2>\n\n激活\n定义。\n", dialect="mtg")
    assert resolve_one(book, "glossary:激活").text == "定义。"


def test_a_number_followed_by_a_comma_ends_a_wrapped_sentence_and_is_kept():
    text = "1 Rules\n1.1 As stated in the section\n1.2 , players draw.\n1.3 Next.\n"
    book = parse_text(text, dialect="generic")
    assert "1.2" not in book.by_key and "".join(n.raw for n in book.nodes) == text
    assert resolve_one(book, "1.1").text == "As stated in the section\n1.2 , players draw."


def test_a_late_subrule_of_a_printed_section_is_a_rule():
    # 9.2 after section 10: its top number goes back, but its section 9 is printed
    book = parse_text("9 Nine\n9.1 A.\n10 Ten\n10.1 B.\n9.2 Late.\n", dialect="generic")
    assert resolve_one(book, "9.2").text == "Late." and resolve_one(book, "9.2").parent == "9"


def test_a_family_section_is_titled_up_to_the_title_limit():
    from rulebook.parse import TITLE_MAX

    text = f"1. 游戏\n100. {'甲' * TITLE_MAX}\n100.1. 甲。\n101. {'乙' * (TITLE_MAX + 1)}\n101.1. 乙。\n"
    book = parse_text(text, dialect="mtg")
    assert resolve_one(book, "100").title == "甲" * TITLE_MAX and resolve_one(book, "101").title is None


def test_an_unnumbered_heading_among_marked_up_rules_is_a_heading_that_ends_the_rule():
    text = "# Handbook\n\n## 1 Rules\n## 1.1 Setup\n1.1.1 Shuffle.\n## Appendix\nSome text.\n例：an example.\n"
    book = parse_text(text, dialect="generic")
    assert book.nodes[0].kind == FRONT                      # before the rules, a heading is front matter
    appendix = book.nodes[4]
    assert (appendix.kind, appendix.line, appendix.title, appendix.text) == (HEADING, 6, "Appendix", "Appendix\nSome text.")
    assert appendix.raw == "## Appendix\nSome text.\n"
    # the example under it belongs to no rule: the heading ended rule 1.1.1
    ex = book.nodes[5]
    assert ex.kind == EXAMPLE and ex.parent is None and ex.uid == "line8~ex1"
    assert resolve_one(book, "1.1.1").attached == []


def test_front_matter_is_split_into_paragraphs_and_short_headings():
    # a paragraph after a blank line is a node of its own, its wrapped lines stay together (a long
    # line without punctuation too); a short line without punctuation (8 characters) is a heading
    # (so is a short line with punctuation, and one of 9 characters)
    text = ("万智牌完整规则\n\n本文件包含了万智牌的完整规则，\n适用于所有正式比赛的所有牌手\n第一部分游戏概念\n\n"
            "本规则由威世智发布，\n适用于所有正式比赛\n如下：\n\n1. 游戏\n100. 总则\n100.1. 甲。\n")
    book = parse_text(text, dialect="mtg")
    front = [(n.line, n.text) for n in book.nodes if n.kind == FRONT]
    assert front == [(1, "万智牌完整规则"), (3, "本文件包含了万智牌的完整规则，\n适用于所有正式比赛的所有牌手"), (5, "第一部分游戏概念"),
                     (7, "本规则由威世智发布，\n适用于所有正式比赛\n如下：")]
    assert book.nodes[2].title == "第一部分游戏概念"


def test_a_front_matter_line_of_up_to_forty_characters_titles_its_node():
    forty, longer = "甲" * 39 + "。", "乙" * 40 + "。"
    book = parse_text(f"{forty}\n\n{longer}\n\n1. 游戏\n100. 总则\n100.1. 甲。\n", dialect="mtg")
    assert [(n.text, n.title) for n in book.nodes[:2]] == [(forty, forty), (longer, None)]


def test_a_byte_order_mark_and_ideographic_spaces_are_not_text():
    book = parse_bytes("\ufeff1. 游戏\n100. 总则\n100.1. 甲\u3000乙。\n".encode("utf-8"), book_id="b", path="b.txt")
    assert [n.uid for n in book.nodes] == ["1", "100", "100.1"]
    assert resolve_one(book, "100.1").text == "甲 乙。" and book.nodes[0].raw.startswith("\ufeff1. 游戏")


def test_a_capital_x_at_either_end_of_a_line_is_text():
    # MTG's X costs: "支付X", and a wrapped line that starts with X
    book = parse_text("1. 游戏\n100. 总则\n100.1. 支付X\n100.2. 你可以支付\nX点法术力。\n", dialect="mtg")
    assert resolve_one(book, "100.1").text == "支付X" and resolve_one(book, "100.2").text == "你可以支付\nX点法术力。"


def test_a_book_is_marked_up_from_its_third_markup_line():
    # two Markdown headings may be a plain book's decoration; three make it a marked-up book,
    # whose emphasis is markup and not text
    two = parse_text("# Rules\n# Part one\n100.1. Pay **X** mana.\n100.2. Next.\n", dialect="mtg")
    three = parse_text("# Rules\n# Part one\n# Part two\n100.1. Pay **X** mana.\n100.2. Next.\n", dialect="mtg")
    assert resolve_one(two, "100.1").text == "Pay **X** mana." and resolve_one(three, "100.1").text == "Pay X mana."


def test_a_code_fence_line_is_markup_and_a_leading_blank_line_is_kept():
    book = parse_text("## 100. General\n100.1. Rule.\n```\n100.2. Next.\n", dialect="riftbound-md")
    r = resolve_one(book, "100.1")
    assert (r.text, r.raw) == ("Rule.", "100.1. Rule.\n```\n")
    # a hard-wrapped book that starts with a blank line: its first rule is still read
    book = parse_text("\n108.2\n所属：非场地区域\n文字。\n", dialect="riftbound")
    assert resolve_one(book, "108.2").text == "文字。" and book.nodes[0].raw == "\n"


def test_the_steps_of_a_numbered_list_inside_a_rule_are_no_chapters():
    """`2. 横置你的牌` right after chapter 1's rules would be the next chapter by its number, but the numbered line
    after it (3., then 100.2) is not numbered in a chapter 2: the steps stay in rule 100.1's text, and the real
    chapter 2, followed by 200., is still a chapter."""
    text = ("1. 总则\n100. 一般规则\n100.1. 施放咒语的步骤如下：\n1. 宣告这个咒语\n2. 横置你的牌\n3. 支付费用\n"
            "100.2. 第二条规则。\n101. 其他\n101.1. 文字。\n2. 牌的组成部分\n200. 总则\n200.1. 文字。\n")
    book = parse_text(text, dialect="mtg")
    assert [(n.uid, n.title) for n in book.nodes if n.kind == "chapter"] == [("1", "总则"), ("2", "牌的组成部分")]
    assert resolve_one(book, "100.1").text.endswith("2. 横置你的牌\n3. 支付费用")
    assert resolve_one(book, "101").parent == "1" and resolve_one(book, "200").parent == "2"
    # a chapter heading followed by prose before its first rule (no numbered line near) is still the next chapter
    text = "1. 总则\n100. 一般规则\n100.1. 文字。\n2. 牌的组成部分\n本章说明牌的各个部分。\n"
    assert [n.uid for n in parse_text(text, dialect="mtg").nodes if n.kind == "chapter"] == ["1", "2"]
    # chapters that carry on counting with no rule between them are chapters (2. and 3. after 1.1)
    book = parse_text("1. Section 1\n1.1. The rule numbered 1.1 says something.\n2. Section 2\n3. Section 3\n")
    assert [n.uid for n in book.nodes if n.kind == "chapter"] == ["1", "2", "3"]


STEPS_HEAD = "1. 总则\n100. 一般规则\n100.1. 施放咒语的步骤如下：\n"


def _chapters(text: str) -> list[str]:
    return [n.uid for n in parse_text(text, dialect="mtg").nodes if n.kind == "chapter"]


def test_list_steps_are_followed_past_blank_lines_and_however_many_there_are():
    # four steps, blank lines between them: 2., 3. and 4. carry on counting, then 100.2 is chapter 1's
    text = STEPS_HEAD + "\n1. 宣告\n\n2. 选择目标\n\n3. 横置你的牌\n\n4. 支付费用\n\n100.2. 第二条规则。\n"
    assert _chapters(text) == ["1"]
    assert resolve_one(parse_text(text, dialect="mtg"), "100.1").text.endswith("4. 支付费用")


def test_the_steps_are_looked_past_only_a_few_lines_ahead():
    """The look-ahead is the same few non-blank lines (six) as for a chapter's first rule: with five lines of prose
    after `2.` the rule of chapter 1 below is seen (a list step); with six it is not (the next chapter)."""
    prose = "".join(f"第{k}行说明文字\n" for k in range(1, 7))
    assert _chapters(STEPS_HEAD + "1. 宣告\n2. 横置你的牌\n" + prose[: prose.index("第6行")] + "100.2. 规则。\n") == ["1"]
    assert _chapters(STEPS_HEAD + "1. 宣告\n2. 牌的组成部分\n" + prose + "100.2. 规则。\n") == ["1", "2"]


def test_a_chapter_followed_by_rules_of_neither_chapter_is_still_the_next_chapter():
    # only a rule that continues the current chapter makes `2.` a list step; rules numbered elsewhere do not
    assert _chapters("1. 总则\n100. 一般规则\n100.1. 文字。\n2. 牌的组成部分\n300. 别处的规则\n") == ["1", "2"]


FAB_LIST = ("1 Game Concepts\n1.0 General\n1.0.1 The rules apply in this order:\n1. The card text.\n"
            "2. The tournament rules.\n3. These comprehensive rules.\n1.0.2 Another rule follows.\n1.1 Players\n"
            "1.1.1 A player is a person.\n2 Game Objects\n2.0 General\n2.0.1 An object is a card.\n")


def test_a_numbered_list_inside_a_rule_of_a_book_numbered_like_its_steps_stays_in_the_rule():
    """Flesh and Blood numbers its top level 1, 2, … like a list's steps: `1.`, `2.`, `3.` after `1.0.1 …:` carry on
    counting and then come back to a subrule of 1 (1.0.2), so they are the steps of 1.0.1's list, not rules 1 (again),
    2 and 3; the real `2 Game Objects`, followed by 2.0, is still the top-level rule 2."""
    book = parse_text(FAB_LIST)
    assert [n.uid for n in book.rules()] == ["1", "1.0", "1.0.1", "1.0.2", "1.1", "1.1.1", "2", "2.0", "2.0.1"]
    assert resolve_one(book, "1.0.1").text == (
        "The rules apply in this order:\n1. The card text.\n2. The tournament rules.\n3. These comprehensive rules.")
    assert resolve_one(book, "2").text == "Game Objects" and resolve_one(book, "2.0").parent == "2"


def test_top_level_numbers_that_go_on_to_their_own_subrules_are_not_list_steps():
    # 2 and 3 carry on counting, but the next numbered line (3.0) is numbered under 3, not under the current 1
    book = parse_text("1 Game Concepts\n1.0 General\n1.0.1 Rule one.\n2 Game Objects\n3 Game Rules\n3.0 General\n"
                      "3.0.1 Text.\n")
    assert [(n.uid, n.parent) for n in book.rules()] == [
        ("1", None), ("1.0", "1"), ("1.0.1", "1.0"), ("2", None), ("3", None), ("3.0", "3"), ("3.0.1", "3.0")]
    # a number that breaks the count and comes back to the current top-level number alone (no subrule) is no
    # list's end either: 2 stays a rule
    book = parse_text("1 Game Concepts\n1.0 General\n1.0.1 Rule one.\n2 Game Objects\n1 Game Concepts\n")
    assert "2" in {n.uid for n in book.rules()}


def test_numbers_that_start_at_no_one_are_rules_even_when_a_subrule_of_the_current_rule_follows():
    """A list inside a rule starts at 1 (or goes on from its last step): rules 101. and 102. printed before 100.1
    count on from 100 and come back under it, like steps would, but they start at 101: they stay rules."""
    book = parse_text("1. 总则\n100. 一般规则\n101. 一二三四五六\n102. 一二三四五六七\n100.1. 甲乙丙。\n", dialect="mtg")
    assert [n.uid for n in book.rules()] == ["100", "101", "102", "100.1"]
    # a list that does not start at 1 inside FAB_LIST's rule is no list either: 2., 3. stay rules (2 then 2#2 …)
    book = parse_text(FAB_LIST.replace("1. The card text.\n", ""))
    assert "1.0.1" in {n.uid for n in book.rules()} and resolve_one(book, "1.0.1").text == "The rules apply in this order:"


def test_a_one_that_no_steps_or_subrules_follow_is_no_list_step():
    """`1.` after a rule of 1 starts a list only if the look-ahead comes back to a subrule of 1: a heading printed
    again at the end of the book (nothing numbered after it) is its own line, not part of 1.0.1's text."""
    book = parse_text("1 Game Concepts\n1.0 General\n1.0.1 A player is a person.\n1. Game Concepts\n")
    assert resolve_one(book, "1.0.1").text == "A player is a person."
