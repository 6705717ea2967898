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
not listed at all. A headword is also found in the forms running text gives it
(输去游戏 in 输掉此盘游戏, 输去了游戏): judge/data/terms/zh.yaml says which.
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from itertools import product

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

    A headword matches as printed or in one of its running-text `forms`; at each
    position the longest match wins and its span is consumed, so matches never
    overlap. Renderers call this with only the terms an explanation lists,
    to link them without needing the book.
    """
    starting = _index(tuple(heads))
    out: list[tuple[int, int, str]] = []
    i, n = 0, len(text)
    while i < n:
        for form, word in starting.get(text[i].lower(), ()):
            end = _match(text, i, form)
            if word in heads and end:
                out.extend((i, end, uid) for uid in heads[word])
                i = end
                break
        else:
            i += 1
    return out


def _match(text: str, i: int, form: str) -> int:
    """Where `form` ends if it is printed at `i`, else 0. An English headword is a word, whatever its case and with
    a plural -s or a possessive (Deathtouch in "has deathtouch", Creature in "creatures", Player in "player's"), never part of a longer word (Tap in
    "Untap"); a Chinese one is matched as printed, since Chinese has no case and no spaces between words."""
    if not _english(form):
        return i + len(form) if text.startswith(form, i) else 0
    end = i + len(form)
    if text[i:end].lower() != form.lower() or (i and _word_char(text[i - 1])):
        return 0
    if end < len(text) and text[end] in "sS" and not (end + 1 < len(text) and _word_char(text[end + 1])):
        end += 1
    return 0 if end < len(text) and _word_char(text[end]) else end


def _english(form: str) -> bool:
    return form.isascii() and any(c.isalpha() for c in form)


def _word_char(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c == "_")


@lru_cache(maxsize=64)
def _index(words: tuple[str, ...]) -> dict[str, list[tuple[str, str]]]:
    """First character → (form, headword), longest form first; a form that is another headword is that one."""
    owner = {w: w for w in words}
    for w in words:
        for form in forms(w):
            owner.setdefault(form, w)
    starting: dict[str, list[tuple[str, str]]] = {}
    for form in sorted(owner, key=lambda f: (-len(f), f)):
        starting.setdefault(form[0].lower() if _english(form) else form[0], []).append((form, owner[form]))
    return starting


@lru_cache(maxsize=None)
def _forms_data() -> tuple[int, tuple[str, ...], dict[str, tuple[str, ...]]]:
    from rulebook import safe_yaml  # start-up: yaml (~9 ms) only when the term table is first read

    data = safe_yaml.read(resources.files("judge") / "data" / "terms" / "zh.yaml")
    same: dict[str, tuple[str, ...]] = {}
    for group in data["interchangeable"]:
        for ch in group:
            same[ch] = tuple(group)
    return int(data["min_length"]), tuple(data["inserted"]), same


@lru_cache(maxsize=8192)
def forms(word: str) -> tuple[str, ...]:
    """The headword, then the other forms running text gives it: each interchangeable character swapped, and
    one inserted particle or measure phrase between two characters (输去游戏 → 输掉游戏, 输去了游戏, 输掉此盘游戏)."""
    min_length, inserted, same = _forms_data()
    if len(word) < min_length or word.isascii():
        return (word,)
    bases = {"".join(p) for p in product(*(same.get(ch, (ch,)) for ch in word))}
    out = set(bases)
    for base in bases:
        for gap in range(1, len(base)):
            out.update(base[:gap] + ins + base[gap:] for ins in inserted)
    out.discard(word)
    return (word, *sorted(out))


def terms_used(book: Book, *texts: str, exclude: str | None = None) -> list[str]:
    """Glossary uids used by the texts, each once, in order of first use."""
    seen: dict[str, None] = {}
    for text in texts:
        for _, _, uid in find_terms(book, text or ""):
            if uid != exclude:
                seen.setdefault(uid, None)
    return list(seen)
