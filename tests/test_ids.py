"""rulebook/ids.py: rule numbers as keys, their order, how a book prints them,
and the ranges a reference names. Unit tests, fast enough for mutation testing."""
from __future__ import annotations

from rulebook import ids


def test_components_and_keys_ignore_case_spaces_and_separators():
    assert ids.components(" 102.4.A ") == ["102", "4", "a"]
    assert ids.key_of("108.3.c.1") == "108.3.c.1" and ids.key_of("420.5c") == "420.5.c"
    assert ids.key_of("100.1.") == "100.1"


def test_parent_and_depth():
    assert ids.parent_key("420.5.c") == "420.5" and ids.parent_key("420") is None
    assert ids.depth("420") == 1 and ids.depth("420.5.c") == 3


def test_display_joins_a_letter_to_the_number_before_it_unless_the_book_is_dotted():
    assert ids.display("420.5.c", "joined") == "420.5c"
    assert ids.display("108.3.c.1", "joined") == "108.3c.1"
    assert ids.display("1.0.1.a", "joined") == "1.0.1a"
    assert ids.display("108.3.c.1", "dotted") == "108.3.c.1"
    assert ids.display("420", "joined") == "420"


def test_sort_key_orders_numbers_numerically_letters_after_and_ignores_a_duplicate_mark():
    keys = ["613.41", "613.10", "613.4", "613.4.b", "613.4.a", "613"]
    assert sorted(keys, key=ids.sort_key) == ["613", "613.4", "613.4.a", "613.4.b", "613.10", "613.41"]
    assert ids.sort_key("701.42.a#2") == ids.sort_key("701.42.a")
    assert ids.sort_key("100.a") > ids.sort_key("100.99")            # a letter sorts after any number


def test_letter_ranges_skip_l_and_o():
    assert ids.letter_range("a", "d") == ["a", "b", "c", "d"]
    assert ids.letter_range("k", "p") == ["k", "m", "n", "p"]
    assert ids.letter_range("c", "c") == ["c"]
    assert ids.letter_range("d", "a") == [] and ids.letter_range("a", "l") == [] and ids.letter_range("o", "p") == []


def test_a_letter_range_is_between_two_single_letters():
    """Only one subrule letter at each end makes a range: an empty end or several letters ("ab", which the
    letters' string happens to contain) name no range."""
    assert ids.letter_range("", "d") == [] and ids.letter_range("a", "") == []
    assert ids.letter_range("ab", "d") == [] and ids.letter_range("a", "de") == []


def test_expand_range_short_and_full_ends():
    assert ids.expand_range("603.7.d", "f") == ["603.7.d", "603.7.e", "603.7.f"]
    assert ids.expand_range("603.7.d", "603.7f") == ["603.7.d", "603.7.e", "603.7.f"]
    assert ids.expand_range("712.9", "10") == ["712.9", "712.10"]
    assert ids.expand_range("119.9", "119.9") == ["119.9"]
    assert ids.expand_range("1", "3") == ["1", "2", "3"]


def test_expand_range_keeps_both_ends_when_it_cannot_be_a_range():
    assert ids.expand_range("603.7.f", "d") == ["603.7.f", "603.7.d"]            # backwards
    assert ids.expand_range("100.1", "200.5") == ["100.1", "200.5"]              # different parents
    assert ids.expand_range("100.1.a", "2") == ["100.1.a", "100.1.2"]            # letter to number
    assert ids.expand_range("100.1", "100.1.a") == ["100.1", "100.1.a"]          # different depth
    assert ids.expand_range("100.1.k", "100.1.l") == ["100.1.k", "100.1.l"]      # l is no subrule letter
    assert ids.expand_range("603.7.d", "") == ["603.7.d"]                        # no end at all


def test_a_numeric_range_is_at_most_sixty_one_numbers():
    assert len(ids.expand_range("100.1", "61")) == 61
    assert ids.expand_range("100.1", "62") == ["100.1", "100.62"]
    assert ids.expand_range("100.10", "100.9") == ["100.10", "100.9"]


def test_decode_names_the_encoding_it_read():
    """rulebook.source.decode: the encoding a rulebook was read in (lint prints it),
    from a byte-order mark even when the text holds no NUL byte (Chinese in UTF-16)."""
    import pytest

    from rulebook.source import RulebookError, decode

    text = "规则书：传奇规则"
    assert decode(text.encode("utf-8")) == (text, "utf-8")
    assert decode(text.encode("utf-16")) == (text, "utf-16")          # BOM, and not one NUL byte in it
    assert b"\x00" not in text.encode("utf-16-be") and decode(b"\xfe\xff" + text.encode("utf-16-be")) == (text, "utf-16")
    assert decode("100.1 rule".encode("utf-16-be")) == ("100.1 rule", "utf-16-be")
    assert decode("100.1 rule".encode("utf-16-le")) == ("100.1 rule", "utf-16-le")
    assert decode("傳奇規則是遊戲".encode("gb18030")) == ("傳奇規則是遊戲", "gb18030")
    with pytest.raises(RulebookError) as e:
        decode(b"ab\x00\x00cd", "x.bin")                                 # NUL bytes in both halves: no UTF-16
    assert str(e.value) == ("x.bin: this is a binary file, not rulebook text (NUL byte at offset 2); "
                            "expected UTF-8, UTF-16 or GB18030 text")
    with pytest.raises(RulebookError) as e:
        decode(b"\xff\xfe\x00\xd8", "bad.txt")                           # a BOM, then half a surrogate pair
    assert str(e.value).startswith("bad.txt: starts with a UTF-16 byte-order mark but is not valid UTF-16")
    with pytest.raises(RulebookError, match="binary file"):
        decode(b"\x00\x00b\x00c\x00d\x00")        # 4 NULs in odd places against 1 in even: not more than 4×, no guess
