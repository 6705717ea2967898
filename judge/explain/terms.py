"""Which glossary entries a piece of rule text uses.

A judge explaining 709.2a wants the book's own definitions of 连结, 结算, 中断
next to it. The book has no markup for terms, so we find the glossary
headwords in the text: longest match first and non-overlapping, so that
战斗伤害 is one term and not also 伤害. Only the Chinese headwords are
matched: the English aliases (Play, Charge, …) collide with English card
names quoted in Chinese rules ("你的对手使用Charge"), and a card name is not a
term. A headword printed twice (WoW's 护卫 and 护卫/Protector) yields both
entries. A headword with alternatives (生命，总生命) is found by each of them; a
function word (如果, whose entry only says "see the intervening-if clause") is
not listed at all.
"""
from __future__ import annotations

import re

from rulebook.model import Book
from rulebook.terms import alternatives, headword_key, inverted

_CACHE: dict[tuple[str, str], dict[str, list[str]]] = {}


def headwords(book: Book) -> dict[str, list[str]]:
    """Headword → glossary uids (a headword printed twice has two)."""
    key = (book.path, book.sha256)
    if key not in _CACHE:
        _CACHE[key] = _collect(book)
    return _CACHE[key]


def _collect(book: Book) -> dict[str, list[str]]:
    """Each headword as printed, then each alternative of a headword that has several (生命，总生命 is found
    as 生命 and as 总生命; never taking a word an entry of its own has), minus function words."""
    heads: dict[str, list[str]] = {}
    nodes = list(book.glossary())
    for node in nodes:
        word = (node.title or "").strip()
        if _long_enough(word):
            heads.setdefault(word, []).append(node.uid)
    own = {headword_key(w) for w in heads}
    for node in nodes:
        parts = alternatives(node.title or "")
        if inverted(parts, own):
            continue
        for word in parts:
            if _long_enough(word) and word not in heads:
                heads[word] = [node.uid]
    for word in function_words(book, heads):
        del heads[word]
    return heads


def _long_enough(word: str) -> bool:
    return len(word) >= 2 or bool(word and not word.isascii())


FUNCTION_SHARE = 0.2      # a headword in a fifth of the rules, whose entry only points elsewhere, is grammar
_POINTER = re.compile(r"\s*(?:参见|參見|见|見|详见|詳見|See )[^。.\n]*[。.]?\s*")


def function_words(book: Book, heads: dict[str, list[str]]) -> list[str]:
    """Headwords that are grammar, not terms: a large share of the book's rules use the word, and its entry only
    points elsewhere (如果 → 参见以“若”开头的子句; If → See Intervening "If" Clause). Listing them for every rule
    that says 如果 buries the terms that matter."""
    texts = [n.text for n in book.rules() if n.text]
    if not texts:
        return []
    out = []
    for word, uids in heads.items():
        if all(_POINTER.fullmatch(book.node(u).text or "") for u in uids):
            if sum(word in t for t in texts) >= FUNCTION_SHARE * len(texts):
                out.append(word)
    return out


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
