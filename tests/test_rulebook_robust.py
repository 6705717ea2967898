"""Bad and odd input: the parser never crashes, always round-trips, and refuses
unreadable files with a message that says what is wrong."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook import RulebookError, load_book, parse_text
from rulebook.books import BUNDLED
from rulebook.dialects import DIALECTS
from rulebook.lookup import resolve_one
from rulebook.parse import decode, parse_file

# Lines that look like the real thing, so random documents exercise every branch.
_FRAGMENTS = [
    "1. 游戏", "100. 一般规则", "100.1. 规则文本", "100.1a 子规则", "102.4.a 子规则", "704.持续式能力",
    "718 更动的互动", "例：某个例子", "例如：某个例子", "举例：某个例子", "Example: text", "·项目",
    "Brigg，1，部落，盟军——兽人 战士，1攻击力（近战），2总生命。", "激活/Activate（见规则701.3）：定义",
    "108.3.c.1", "所属：非场地区域 › 结算链", "## 100. Game Concepts", "### 101. Deck", "103.1.a. Text",
    "目录", "词汇表", "版权信息", "Glossary", "见规则409.5和410.1", "参见规则603.7d-f", "```", "", "   ",
    "\t缩进的续行", "?/a>", "\ufffd", "2. If they had 1 card", "    wrapped continuation",
]


@st.composite
def documents(draw):
    lines = draw(st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=40)), max_size=60))
    ends = draw(st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=len(lines), max_size=len(lines)))
    return "".join(l + e for l, e in zip(lines, ends)) + draw(st.sampled_from(["", "尾行无换行"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.sampled_from([None, *DIALECTS]))
def test_random_text_never_crashes_and_round_trips(text, dialect):
    book = parse_text(text, dialect=dialect)
    assert "".join(n.raw for n in book.nodes) == text
    uids = [n.uid for n in book.nodes]
    assert len(uids) == len(set(uids))
    for n in book.nodes:
        if n.parent:
            assert book.has(n.parent)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(BUNDLED)), st.floats(0, 1), st.floats(0, 1))
def test_truncated_books_round_trip(book_id, a, b):
    with open(BUNDLED[book_id].path, encoding="utf-8", newline="") as fh:
        text = fh.read()
    i, j = sorted((int(a * len(text)), int(b * len(text))))
    piece = text[i:j]
    book = parse_text(piece)
    assert "".join(n.raw for n in book.nodes) == piece


def test_missing_file(tmp_path):
    with pytest.raises(RulebookError, match="no such file"):
        parse_file(tmp_path / "nope.txt")
    with pytest.raises(RulebookError, match="no such file"):
        load_book(str(tmp_path / "nope.txt"))


def test_a_file_that_cannot_be_read_says_why(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    bad = tmp_path / "notes.txt" / "rules.txt"                   # a file used as a folder
    with pytest.raises(RulebookError) as e:
        parse_file(bad)
    assert str(e.value) == f"{bad}: cannot read (Not a directory)"


def test_bytes_with_no_file_are_called_text_in_the_error():
    with pytest.raises(RulebookError) as e:
        decode(b"ab\x00\x00cd")
    assert str(e.value).startswith("<text>: this is a binary file")


def test_utf16_without_a_byte_order_mark_is_guessed_only_from_five_times_more_nuls_on_one_side():
    # "Āabcde": U+0100 puts one NUL on the other side; five NULs against one is UTF-16, four is not
    assert decode("\u0100abcde".encode("utf-16-le")) == ("\u0100abcde", "utf-16-le")
    assert decode("\u0100abcde".encode("utf-16-be")) == ("\u0100abcde", "utf-16-be")
    for enc in ("utf-16-le", "utf-16-be"):
        with pytest.raises(RulebookError, match="binary file"):
            decode("\u0100abcd".encode(enc), "x.txt")


def test_bytes_that_are_neither_utf8_nor_gb18030_are_refused_with_the_offset():
    with pytest.raises(RulebookError) as e:
        decode(b"\x80", "x.txt")
    assert str(e.value) == ("x.txt: not valid UTF-8 (invalid start byte: byte 0x80 at offset 0) "
                            "and not GB18030/GBK either; save the file as UTF-8")


def test_a_gbk_text_that_is_three_tenths_chinese_is_read():
    # Latin-1 bytes often decode as GB18030 into a few stray ideographs; 30% Chinese is a real text
    assert decode("甲乙丙abcdefg".encode("gbk")) == ("甲乙丙abcdefg", "gb18030")
    with pytest.raises(RulebookError, match="not valid UTF-8"):
        decode("甲乙abcdefgh".encode("gbk"))


def test_directory_is_refused(tmp_path):
    with pytest.raises(RulebookError, match="directory"):
        parse_file(tmp_path)


def test_binary_file(tmp_path):
    p = tmp_path / "image.png"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)))
    with pytest.raises(RulebookError, match="binary file"):
        parse_file(p)


def test_unknown_book_id():
    with pytest.raises(RulebookError, match="unknown book 'nosuchbook'"):
        load_book("nosuchbook")


SAMPLE = "1. 游戏\n100. 一般规则\n100.1. 这些万智牌规则适用于任何两位玩家的游戏。\n例：某个例子。\n"


@pytest.mark.parametrize("encoding", ["gbk", "gb18030", "utf-16", "utf-16-le", "utf-16-be", "utf-8-sig"])
def test_other_encodings_are_detected(tmp_path, encoding):
    p = tmp_path / f"rules-{encoding}.txt"
    p.write_bytes(SAMPLE.encode(encoding))
    book = parse_file(p)
    assert resolve_one(book, "100.1").text == "这些万智牌规则适用于任何两位玩家的游戏。"
    if encoding not in ("utf-8-sig",):
        assert any(w[1] == "encoding" for w in book.warnings)


def test_undecodable_bytes_name_the_offset(tmp_path):
    p = tmp_path / "latin.txt"
    p.write_bytes("100.1. Règle générale\n".encode("latin-1"))
    with pytest.raises(RulebookError) as e:
        parse_file(p)
    assert "offset" in str(e.value) and "UTF-8" in str(e.value)


def test_decode_utf16_without_bom():
    text, enc = decode(SAMPLE.encode("utf-16-le"))
    assert text == SAMPLE and enc == "utf-16-le"


def test_corrupt_cache_is_reparsed(tmp_path, monkeypatch):
    from rulebook import books
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    books._LOADED.clear()
    first = load_book("riftbound")
    files = list((tmp_path / "cache" / "books").glob("*.sqlite"))
    assert len(files) == 1
    files[0].write_bytes(b"not a database")
    books._LOADED.clear()          # forget the in-process copy, so the disk cache is read
    again = load_book("riftbound")
    assert again is not first and resolve_one(again, "108.1.a").text == resolve_one(first, "108.1.a").text
