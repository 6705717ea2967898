"""Glossary headwords: one lookup key however a judge types them.

Books and judges disagree on quotes and apostrophes ("Attacks and Isn’t
Blocked" in the CR, `Isn't` on a keyboard) and on number ("Counter" in the
glossary, `counters` in a question). The parser indexes each headword under its
folded key and, for an English headword, under the other number of its last
word; lookups fold the query the same way.
"""
from __future__ import annotations

import re

_QUOTES = str.maketrans({
    "\u2019": "'", "\u2018": "'", "\u201b": "'", "\u2032": "'", "`": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"', "\u2033": '"',
})
_SPACES = re.compile(r"\s+")
_ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*$")


def headword_key(term: str) -> str:
    """The key a headword is indexed and looked up by: case, quotes,
    apostrophes and runs of spaces folded."""
    return _SPACES.sub(" ", term.translate(_QUOTES).casefold().strip())


def other_numbers(word: str) -> list[str]:
    """The other grammatical number of an English word, as a glossary needs it
    (regular forms only: "counters" ↔ "counter", "abilities" ↔ "ability",
    "passes" ↔ "pass"). Empty for anything that is not a plain English word."""
    w = word.lower()
    if not _ENGLISH_WORD.fullmatch(w) or len(w) < 3:
        return []
    if w.endswith("ies") and len(w) > 4:
        return [w[:-3] + "y"]
    if w.endswith(("sses", "shes", "ches", "xes", "zes")):
        return [w[:-2]]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return [w[:-1]]
    if w.endswith("y") and w[-2] not in "aeiou":
        return [w[:-1] + "ies"]
    if w.endswith(("s", "sh", "ch", "x", "z")):
        return [w + "es"]
    return [w + "s"]


def exact_keys(term: str) -> list[str]:
    """The keys a headword answers to exactly: casefolded as printed, and folded."""
    if not term.strip():
        return []
    return list(dict.fromkeys([term.casefold(), headword_key(term)]))


def variant_keys(term: str) -> list[str]:
    """English only: the folded key with its last word in the other number
    ("Counters" → "counter"). The index adds these only where no real headword
    claims the key."""
    words = headword_key(term).split(" ")
    return [" ".join(words[:-1] + [other]) for other in other_numbers(words[-1])] if term.strip() else []


_ALT_SEP = re.compile(r"\s*[，,／/、；;]\s*")
_NOTE = re.compile(r"\s*[（(][^）)]*[）)]")
_QUOTED = "“”\"'‘’「」『』"


def alternatives(headword: str) -> list[str]:
    """The names a headword with alternatives gives, each on its own: `生命，总生命` → 生命, 总生命;
    `复制/复制品` → 复制, 复制品; `Banding, “Bands with Other”` → Banding, Bands with Other;
    `蛮化（状况）/已蛮化` → 蛮化, 已蛮化 (notes in brackets dropped, quotes stripped). Empty for a headword
    that is one name. Whether a pair is really alternatives and not an inverted index form (WoW's
    `双持，远程` beside `远程双持`) is for the caller, who sees the other headwords."""
    parts = [p for p in _ALT_SEP.split(_NOTE.sub("", headword).strip()) if p.strip()]
    names = [p.strip().strip(_QUOTED).strip() for p in parts]
    names = [n for n in names if n]
    return names if len(names) >= 2 else []


def inverted(parts: list[str], headwords: set[str]) -> bool:
    """True when `X, Y` is the index form of another headword `Y X` / `YX` (the parts reversed), so the
    parts are not alternatives of each other: `Dual Wield, Ranged` beside `Ranged Dual Wield`."""
    if len(parts) != 2:
        return False
    a, b = (headword_key(p) for p in parts)
    return f"{b} {a}" in headwords or f"{b}{a}" in headwords
