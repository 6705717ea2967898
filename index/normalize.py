"""One normal form for every string that is indexed or searched.

A judge types Traditional or Simplified characters, full-width or half-width
letters and digits, upper or lower case. The book and the query both pass
through `normalize` before analysis, so these differences never decide a match.

OpenCC's `t2s` is used, not `tw2sp`: the phrase tables of `tw2sp` rewrite game
terms (WoW's 連結 → 链接 instead of 连结). Regional vocabulary (資訊/信息) is
handled by the synonym table instead (`index/data/lexicon/common.tsv`).
`t2s` maps character by character on the rulebooks we have, so offsets stay
close enough for snippets; nothing depends on it being length-preserving.

Text without any character that `t2s` changes (`data/t2s-chars.txt`, made
from OpenCC by `index.tools.make_t2s_chars`) skips OpenCC altogether: that is
every Simplified query, and loading OpenCC costs ~6 ms of a cold search. The
rule is the same for book and query text, so they stay comparable; only a
phrase rule (藉由 → 借由) applied inside a string that also holds another
Traditional character can differ from the same phrase in a Simplified string.
"""
from __future__ import annotations

import unicodedata
from pathlib import Path

_converter = None
_traditional: frozenset[str] | None = None


def _traditional_chars() -> frozenset[str]:
    global _traditional
    if _traditional is None:
        f = Path(__file__).resolve().parent / "data" / "t2s-chars.txt"
        try:
            _traditional = frozenset(f.read_text("utf-8").split("\n", 1)[1].strip())
        except (OSError, IndexError):
            _traditional = frozenset()
    return _traditional


def _opencc():
    global _converter
    if _converter is None:
        import opencc  # start-up: opencc (~1.5 ms, ~6 ms with its table) only for text with a Traditional character

        _converter = opencc.OpenCC("t2s")
    return _converter


def to_simplified(text: str) -> str:
    """Traditional → Simplified Chinese (OpenCC `t2s`); ASCII passes untouched."""
    if text.isascii():
        return text
    trad = _traditional_chars()
    if trad and trad.isdisjoint(text):
        return text
    return _opencc().convert(text)


def normalize(text: str) -> str:
    """NFKC (full-width → half-width), Simplified Chinese, case-folded."""
    text = unicodedata.normalize("NFKC", text)
    return to_simplified(text).casefold()
