"""The glossary entries nearest a term that names none exactly.

`judge define 生命值` should find `生命，总生命`, `judge define trample ability` find
`Trample`, and a term with no near entry at all should still get the entries
closest in spelling. Exact names (headwords, their alternatives and English
number variants) are the parser's `Book.glossary_index`; this module only ranks
the rest:

- *same*: the term and a headword differ only in punctuation (`Dual Wield Ranged`
  and `Dual Wield，Ranged`);
- *contains*: the term contains a headword (`生命值` ⊃ `生命`; for English, whole
  words: `trample ability` ⊃ `trample`), scored by the share of the term the
  headword covers (of its characters; of its words for English);
- *within*: a headword contains the term (`召唤失调` ⊂ `召唤失调规则`), scored by
  the share of the headword the term covers, a little below *contains*;
- *spelling*: difflib's ratio, for suggestions only.

When two headwords tie (`先攻异能` contains both `先攻` and `异能`), the more
specific one wins: the one fewer other headwords contain (`异能` is in dozens,
起动式异能, 触发式异能, …). `confident` is the one entry a command may show in
place of an exact match; otherwise commands list `near_entries`.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

from rulebook.model import Book
from rulebook.terms import headword_key

CONFIDENT = 0.5          # a near match must cover at least half of the term (or of the headword)
WITHIN = 0.9             # a headword that contains the term ranks a little below one the term contains
_LATIN = re.compile(r"[a-z]")


@dataclass(frozen=True)
class Near:
    uid: str
    key: str          # the headword key that matched
    how: str          # "contains", "within" or "spelling"
    score: float
    generality: int   # how many other headword keys contain this one


def _words_in(key: str, text: str) -> bool:
    """`key` occurs in `text`: as whole words when it is Latin script, anywhere otherwise."""
    if _LATIN.search(key):
        return re.search(rf"(?<![a-z0-9]){re.escape(key)}(?![a-z0-9])", text) is not None
    return key in text


def _loose(text: str) -> str:
    """Punctuation dropped, spaces collapsed: `dual wield，ranged` → `dual wield ranged`."""
    return " ".join("".join(" " if unicodedata.category(c).startswith("P") else c for c in text).split())


def _share(part: str, whole: str) -> float:
    """How much of `whole` the `part` covers: by words for Latin script, by characters otherwise."""
    if _LATIN.search(whole):
        return len(part.split()) / max(len(whole.split()), 1)
    return len(part) / max(len(whole), 1)


def _generality(keys: list[str], index: dict[str, str]) -> dict[str, int]:
    """How many other entries' keys contain each key (an entry's own variants, `tramples`, do not count)."""
    return {k: len({index[o] for o in keys if o != k and k in o and index[o] != index[k]}) for k in keys}


def near_entries(book: Book, term: str, n: int = 5) -> list[Near]:
    """Up to `n` entries nearest `term`, best first, one per entry."""
    q = headword_key(term)
    if not q or not book.glossary_index:
        return []
    keys = [k for k in book.glossary_index if len(_loose(k)) >= 2 and k != q]
    general = _generality(keys, book.glossary_index)
    found: dict[str, Near] = {}

    def offer(near: Near) -> None:
        old = found.get(near.uid)
        if old is None or _rank(near) < _rank(old):
            found[near.uid] = near

    lq = _loose(q)
    for k in keys:
        uid = book.glossary_index[k]
        lk = _loose(k)
        if lk == lq:
            offer(Near(uid, k, "same", 1.0, general[k]))
        elif _words_in(lk, lq):
            offer(Near(uid, k, "contains", _share(lk, lq), general[k]))
        elif _words_in(lq, lk):
            offer(Near(uid, k, "within", WITHIN * _share(lq, lk), general[k]))
    if len(found) < n:
        for k in difflib.get_close_matches(q, keys, n=n * 3, cutoff=0.5):
            uid = book.glossary_index[k]
            if uid not in found:
                offer(Near(uid, k, "spelling", 0.5 * difflib.SequenceMatcher(None, q, k).ratio(), general[k]))
    return sorted(found.values(), key=_rank)[:n]


def _rank(near: Near) -> tuple:
    return (-round(near.score, 6), near.generality, near.key)


def confident(book: Book, term: str) -> Near | None:
    """The one entry a near form names (`生命值` → 生命，总生命), or None when no entry is near enough or two are
    equally near and equally specific."""
    ranked = near_entries(book, term, n=2)
    if not ranked or ranked[0].how == "spelling" or ranked[0].score < CONFIDENT * (WITHIN if ranked[0].how == "within" else 1):
        return None
    if len(ranked) > 1:
        a, b = ranked
        if round(a.score, 6) == round(b.score, 6) and a.generality == b.generality:
            return None
    return ranked[0]
