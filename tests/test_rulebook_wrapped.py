"""Hard-wrapped books the generic dialect reads (a PDF's text): the parser tells them from their lines alone
(`rulebook.parse.hard_wrapped`) and joins a rule's continuation lines into its paragraph (`_join_wrapped`),
with the language's rule. Books of one paragraph per line keep their line breaks.

The excerpts here were written for these tests (invented games, our own words)."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from judge.cli import app
from rulebook import parse_text
from rulebook.lookup import resolve_one
from rulebook.parse import _join_wrapped, book_words, furniture, hard_wrapped, prepare, wrap_stats

ENGLISH = """\
HARBOUR LIGHTS CARD GAME
Comprehensive Rules

1. Basics
1-1. Players
1-1-1. Two players take part in a game. Each of them brings a deck of
exactly forty cards and one Lighthouse card, which starts the game in
play.
1-1-2. The players decide at random who goes first. That player skips
the draw of their first turn; the other player draws as usual.
1-2. Winning
1-2-1. A player wins when the other player has no cards left in their
deck at the start of their turn, or when the other player concedes.
1-2-2. A player who would draw from an empty deck does not lose at
once; the loss is checked at the start of that player's next turn.
- 1 -
HARBOUR LIGHTS CARD GAME Comprehensive Rules
2. Cards
2-1. Card Types
2-1-1. Every card is a Ship, a Crew, a Cargo or a Lighthouse. Ships
and Crew stay in play; Cargo goes to the hold after it is used.
2-1-2. Cards held by the non-turn player cannot be played unless an
effect lets them. A card that the non-
turn player plays this way goes to the hold afterwards.
2-1-3. Only players may play cards. Effects never make the other play-
ers play a card.
2-1-4. When a card is played, its owner chooses one of these modes, in
this order of preference:
- the Harbour mode;
- the Open Sea mode.
Example: A Ship that is played during the night phase uses the Harbour
mode, since that mode comes first in the list above.
- 2 -
HARBOUR LIGHTS CARD GAME Comprehensive Rules
"""

CHINESE = """\
灯塔卡牌游戏
综合规则

1. 基础
1-1. 玩家
1-1-1. 本游戏由两名玩家进行。每名玩家使用一副恰好四十张卡牌的套牌，以及一张
在游戏开始时就位于场上的灯塔卡。
1-1-2. 玩家随机决定由谁先开始游戏。先开始的玩家跳过其第一个回合的抽牌步骤，另一
名玩家则照常抽牌。
1-2. 胜利
1-2-1. 当对手在其回合开始时套牌中没有剩余的卡牌，或者对手认输时，该玩家赢得这盘
游戏。
1-2-2. 即将从空套牌中抽牌的玩家不会立即输掉游戏；该玩家的下一个回合开始时才检查
是否落败。
2. 卡牌
2-1. 卡牌类别
2-1-1. 每张卡牌都是船只、船员、货物或灯塔之一。船只与船员会一直留在场上；货物在
使用之后置入货舱。
2-1-2. 非回合玩家手中的卡牌不能使用，除非有效果允许其这样做。以这种方式使用的卡
牌在使用之后置入货舱。
"""

# one sentence per line: the lines are paragraphs, not a cut text
ONE_PER_LINE = """\
1 Rules
1.1 Setup
1.1.1 Each player shuffles their deck and draws seven cards at the start of the game.
A player who does not like their hand may shuffle it back and draw six cards instead.
That player may do so again, drawing one card fewer each time.
1.1.2 The player who goes first is decided at random by a coin toss or a die roll
1.1.3 Each player puts their leader card face up in the leader area.
The leader card cannot be moved by any effect.
1.2 Turns
1.2.1 A turn is made of a start phase, a main phase and an end phase, in that order
1.2.2 During the main phase the turn player may play cards and attack with their units.
The other player may answer an attack with a reaction card.
1.2.3 At the end phase, effects that last until the end of the turn end.
Damage marked on units is removed.
1.3 Winning
1.3.1 A player whose leader has no life left loses the game at once.
1.3.2 A player who concedes loses the game.
Glossary
Leader
The card a player starts the game with in the leader area.
Unit
A card that stays in play and may attack.
"""


def test_a_hard_wrapped_english_book_reads_in_paragraphs():
    lines = prepare(ENGLISH.splitlines(keepends=True))
    assert hard_wrapped(lines, furniture(lines))
    book = parse_text(ENGLISH)
    assert book.dialect == "generic"
    assert resolve_one(book, "1-1-1").text == ("Two players take part in a game. Each of them brings a deck of exactly "
                                               "forty cards and one Lighthouse card, which starts the game in play.")
    # a sentence that ends at a line's end keeps its line break; the next paragraph is joined within
    assert resolve_one(book, "2-1-1").text == ("Every card is a Ship, a Crew, a Cargo or a Lighthouse. Ships and Crew "
                                               "stay in play; Cargo goes to the hold after it is used.")
    # a word broken by a hyphen: whole when the book prints it whole (players), hyphenated when it prints it so
    assert resolve_one(book, "2-1-3").text == ("Only players may play cards. Effects never make the other players "
                                               "play a card.")
    assert "A card that the non-turn player plays" in resolve_one(book, "2-1-2").text
    # list items keep their own lines; the page furniture stays out of the text
    assert resolve_one(book, "2-1-4").text == ("When a card is played, its owner chooses one of these modes, in this "
                                               "order of preference:\n- the Harbour mode;\n- the Open Sea mode.")
    (ex,) = [book.node(u) for u in resolve_one(book, "2-1-4").attached]
    assert ex.text == ("Example: A Ship that is played during the night phase uses the Harbour mode, since that mode "
                       "comes first in the list above.")
    assert "HARBOUR" not in resolve_one(book, "1-2-2").text and "- 1 -" not in resolve_one(book, "1-2-2").text
    # nothing is lost, and the graph is the one a book without the line breaks gives
    assert "".join(n.raw for n in book.nodes) == ENGLISH
    assert book.title == "HARBOUR LIGHTS CARD GAME"


def test_a_hard_wrapped_chinese_book_joins_without_spaces():
    lines = prepare(CHINESE.splitlines(keepends=True))
    assert hard_wrapped(lines, furniture(lines))
    book = parse_text(CHINESE)
    assert resolve_one(book, "1-1-1").text == "本游戏由两名玩家进行。每名玩家使用一副恰好四十张卡牌的套牌，以及一张在游戏开始时就位于场上的灯塔卡。"
    assert resolve_one(book, "1-1-2").text == "玩家随机决定由谁先开始游戏。先开始的玩家跳过其第一个回合的抽牌步骤，另一名玩家则照常抽牌。"
    assert resolve_one(book, "2-1-2").text.endswith("以这种方式使用的卡牌在使用之后置入货舱。")
    assert "\n" not in resolve_one(book, "1-2-1").text and " " not in resolve_one(book, "1-2-1").text


def test_a_book_of_one_paragraph_per_line_keeps_its_lines():
    lines = prepare(ONE_PER_LINE.splitlines(keepends=True))
    assert not hard_wrapped(lines, furniture(lines))
    book = parse_text(ONE_PER_LINE)
    assert resolve_one(book, "1.1.1").text == (
        "Each player shuffles their deck and draws seven cards at the start of the game.\n"
        "A player who does not like their hand may shuffle it back and draw six cards instead.\n"
        "That player may do so again, drawing one card fewer each time.")
    assert resolve_one(book, "1.2.3").text == ("At the end phase, effects that last until the end of the turn end.\n"
                                               "Damage marked on units is removed.")


def test_wrap_stats_count_only_lines_cut_near_the_width():
    lines = prepare(ENGLISH.splitlines(keepends=True))
    wrapped, continued, width = wrap_stats(lines, furniture(lines))
    assert (wrapped, continued, width) == (10, 12, 70)   # the title, "non-" (short) and "preference:" are not cut lines
    # a short headword over its definition is no cut line, however many of them there are
    glossary = "".join(f"Term{i}\nThe definition of the term number {i} is a long sentence on its own line.\n"
                       for i in range(20))
    g = prepare(glossary.splitlines(keepends=True))
    assert wrap_stats(g, set())[:2] == (0, 39) and not hard_wrapped(g, set())
    assert wrap_stats([], set()) == (0, 0, 0) and not hard_wrapped([], set())
    # the width is the 90th percentile of the lengths, not the longest line; a cut line at 0.7 of it counts
    for cut, counted in ((70, 1), (69, 0)):
        text = f"{'x' * 99}.\n\n" * 9 + f"{'y' * 299}.\n\n" + "z" * cut + "\nend.\n"
        assert wrap_stats(prepare(text.splitlines(keepends=True)), set()) == (counted, 1, 100)


def test_hard_wrapped_needs_enough_cut_lines_and_a_share_of_them():
    def book(cut: int, whole: int) -> list:
        text = "1 Rules\n" + "".join(f"1.{i} A line of words that is cut right here at the width of\nthe page.\n"
                                      for i in range(1, cut + 1)) \
            + "".join(f"2.{i} A sentence that ends on its own line here, as paragraphs do.\nNext.\n"
                      for i in range(1, whole + 1))
        return prepare(text.splitlines(keepends=True))
    assert wrap_stats(book(6, 4), set())[:2] == (6, 10)
    assert hard_wrapped(book(5, 0), set()) and not hard_wrapped(book(4, 0), set())
    assert hard_wrapped(book(6, 4), set()) and not hard_wrapped(book(6, 5), set())   # 6/10 = 0.6; 6/11 is less


def test_join_wrapped_rules():
    words = book_words(prepare(["players play non-turn\n"]))
    assert words == {"players", "play", "non-turn"}
    assert _join_wrapped("", "b", words) == "b" and _join_wrapped("a", "", words) == "a"
    assert _join_wrapped("the end.", "Next", words) == "the end.\nNext"
    assert _join_wrapped("as follows", "- one", words) == "as follows\n- one"
    assert _join_wrapped("as follows", "(a) one", words) == "as follows\n(a) one"
    assert _join_wrapped("the other", "player", words) == "the other player"
    assert _join_wrapped("一张", "灯塔卡", words) == "一张灯塔卡"
    assert _join_wrapped("a card", "「灯塔」", words) == "a card「灯塔」"
    assert _join_wrapped("the play-", "ers draw", words) == "the players draw"
    assert _join_wrapped("the non-", "turn player", words) == "the non-turn player"
    assert _join_wrapped("a well-", "known rule", words) == "a well-known rule"    # neither form printed: kept
    assert _join_wrapped("the play-", "Ers draw", words) == "the play-Ers draw"    # no lowercase tail: no break
    assert _join_wrapped("+1000 or", "-2000.", words) == "+1000 or -2000."
    assert _join_wrapped("costs 3 -", "2 cards", words) == "costs 3 - 2 cards"
    # CJK on either side of the break, the character right at it
    assert _join_wrapped("a 一", "b", words) == "a 一b" and _join_wrapped("a", "一 b", words) == "a一 b"
    # a break before no word, or before a word the book cannot have printed whole
    assert _join_wrapped("the play-", "(ers", words) == "the play- (ers"
    assert _join_wrapped("the play-", "élan", words) == "the play-élan"
    assert _join_wrapped("the play-", "eRs", words) == "the playeRs"    # a lowercase tail: players is printed whole
    # both forms printed: the hyphen is the word's own
    assert _join_wrapped("the play-", "ers", {"players", "play-ers"}) == "the play-ers"
    assert book_words(prepare(["the play-\n", "ers\n"])) == {"the", "play", "ers"}


def test_rule_command_shows_a_wrapped_rule_joined(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_JUDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "harbour.txt"
    path.write_text(ENGLISH, encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["books", "add", str(path), "--id", "harbour"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["rule", "1-2-1", "--book", "harbour", "--plain"])
    assert res.exit_code == 0, res.output
    assert ("A player wins when the other player has no cards left in their deck at the start of their turn, "
            "or when the other player concedes.") in res.stdout
    res = runner.invoke(app, ["rule", "1-2-1", "--book", "harbour", "--json"])
    assert "their deck at the start" in json.dumps(json.loads(res.stdout), ensure_ascii=False)
