"""Which glossary entries a piece of rule text uses.

A judge explaining 709.2a wants the book's own definitions of 连结, 结算, 中断
next to it. The book has no markup for terms, so we find the glossary
headwords in the text: longest match first and non-overlapping, so that
战斗伤害 is one term and not also 伤害. Only the Chinese headwords are
matched: the English aliases (Play, Charge, …) collide with English card
names quoted in Chinese rules ("你的对手使用Charge"), and a card name is not a
term. A headword printed twice (WoW's 护卫 and 护卫/Protector) yields both
entries.
"""
from __future__ import annotations

from rulebook.model import Book

_CACHE: dict[tuple[str, str], dict[str, list[str]]] = {}


def headwords(book: Book) -> dict[str, list[str]]:
    """Headword → glossary uids (a headword printed twice has two)."""
    key = (book.path, book.sha256)
    if key not in _CACHE:
        _CACHE[key] = _collect(book)
    return _CACHE[key]


def _collect(book: Book) -> dict[str, list[str]]:
    heads: dict[str, list[str]] = {}
    for node in book.glossary():
        word = (node.title or "").strip()
        if len(word) >= 2 or (word and not word.isascii()):
            heads.setdefault(word, []).append(node.uid)
    return heads


def find_terms(book: Book, text: str) -> list[tuple[int, int, str]]:
    """Occurrences of the book's glossary headwords in `text` (see `scan`)."""
    return scan(text, headwords(book))


def scan(text: str, heads: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """Occurrences of `heads` (headword → glossary uids) in `text`: (start, end, uid), in text order.

    Matching is exact on the headword (Chinese has no case); at each position
    the longest headword wins and its span is consumed, so matches never
    overlap. Renderers call this with only the terms an explanation lists,
    to link them without needing the book.
    """
    starting: dict[str, list[str]] = {}    # first character → headwords, longest first
    for w in sorted(heads, key=lambda w: (-len(w), w)):
        starting.setdefault(w[0], []).append(w)
    out: list[tuple[int, int, str]] = []
    i, n = 0, len(text)
    while i < n:
        for w in starting.get(text[i], ()):
            if text.startswith(w, i):
                out.extend((i, i + len(w), uid) for uid in heads[w])
                i += len(w)
                break
        else:
            i += 1
    return out


def terms_used(book: Book, *texts: str, exclude: str | None = None) -> list[str]:
    """Glossary uids used by the texts, each once, in order of first use."""
    seen: dict[str, None] = {}
    for text in texts:
        for _, _, uid in find_terms(book, text or ""):
            if uid != exclude:
                seen.setdefault(uid, None)
    return list(seen)
