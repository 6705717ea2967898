"""One normal form for every string that is indexed or searched.

A judge types Traditional or Simplified characters, full-width or half-width
letters and digits, upper or lower case. The book and the query both pass
through `normalize` before analysis, so these differences never decide a match.

OpenCC's `t2s` is used, not `tw2sp`: the phrase tables of `tw2sp` rewrite game
terms (WoW's 連結 → 链接 instead of 连结). Regional vocabulary (資訊/信息) is
handled by the synonym table instead (`index/data/synonyms/common.txt`).
`t2s` maps character by character on the rulebooks we have, so offsets stay
close enough for snippets; nothing depends on it being length-preserving.
"""
from __future__ import annotations

import unicodedata

_converter = None


def _opencc():
    global _converter
    if _converter is None:
        import opencc  # imported here: ~10 ms, only when a query or a book is analysed

        _converter = opencc.OpenCC("t2s")
    return _converter


def to_simplified(text: str) -> str:
    """Traditional → Simplified Chinese (OpenCC `t2s`); ASCII passes untouched."""
    if text.isascii():
        return text
    return _opencc().convert(text)


def normalize(text: str) -> str:
    """NFKC (full-width → half-width), Simplified Chinese, case-folded."""
    text = unicodedata.normalize("NFKC", text)
    return to_simplified(text).casefold()
