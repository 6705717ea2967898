"""The rules of a book as the aligner sees them.

A `Unit` is a numbered rule or a chapter, with its place in the tree (parent,
children, neighbours in reading order) and its references resolved to other
units of the same book. Units are numbered 0…n-1 in reading order so the
aligner can keep them in arrays. The rule number is kept (`key`) but the
aligner never reads it unless asked to (`use_ids`): editions renumber, and a
translation's numbers are what the language check verifies, not an input.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rulebook.ids import REF_NUMBER, key_of
from rulebook.model import CHAPTER, EXAMPLE, RULE, Book

# a rule number in running text (3+ digits or dotted, or hyphenated in three parts or more: 1-2-1), not "20 life"
_REF_NUMBER = re.compile(r"(?<![\d-])\d{1,3}(?:-\d{1,3}[a-z]?){2,}(?![\d-])|" + REF_NUMBER)
_HAN = re.compile(r"[\u3400-\u9fff]")


@dataclass(slots=True)
class Unit:
    index: int
    uid: str
    key: str                       # canonical number ("420.5.e"); chapters: "4"
    kind: str                      # RULE or CHAPTER
    depth: int                     # 0 for a chapter, 1 for 420, 2 for 420.5, 3 for 420.5e
    text: str                      # heading and text as the book prints them
    examples: str = ""             # the examples attached to the rule, joined
    parent: int | None = None
    children: list[int] = field(default_factory=list)
    refs: list[int] = field(default_factory=list)     # units this rule cites
    prev: int | None = None        # previous sibling
    next: int | None = None        # next sibling


def language_of(book: Book) -> str:
    """"zh" when the book's metadata or its rule text is mostly Chinese, else "en".

    Metadata wins (`zh-Hans`, `en`); a book opened by path has none, so the
    share of Han characters in the first rules decides."""
    lang = (book.language or "").lower()
    if lang:
        return "zh" if lang.startswith("zh") else lang.split("-")[0]
    sample = "".join(n.text for _, n in zip(range(200), book.rules()))
    han = len(_HAN.findall(sample))
    letters = sum(c.isalpha() for c in sample)
    return "zh" if letters and han / letters > 0.3 else "en"


def units_of(book: Book) -> list[Unit]:
    """Chapters and rules of `book` in reading order, linked into a tree."""
    nodes = [n for n in book.nodes if n.kind in (RULE, CHAPTER)]
    index = {n.uid: i for i, n in enumerate(nodes)}
    units: list[Unit] = []
    for i, n in enumerate(nodes):
        key = key_of(n.uid.split("#")[0])
        head = n.title or ""
        text = n.text if not head or n.text.startswith(head) else f"{head}\n{n.text}"
        examples = "\n".join(book.node(u).text for u in n.attached if book.has(u) and book.node(u).kind == EXAMPLE)
        units.append(Unit(index=i, uid=n.uid, key=key, kind=n.kind,
                          depth=0 if n.kind == CHAPTER else key.count(".") + 1,
                          text=text or head, examples=examples))
    for i, n in enumerate(nodes):
        u = units[i]
        if n.parent in index:
            u.parent = index[n.parent]
        u.children = [index[c] for c in n.children if c in index]
        targets: dict[int, None] = {}
        for r in n.refs + [ref for a in n.attached if book.has(a) for ref in book.node(a).refs]:
            for t in r.targets:
                for uid in book.by_key.get(t, [])[:1]:
                    if uid in index and index[uid] != i:
                        targets.setdefault(index[uid], None)
        u.refs = list(targets)
    roots = [u.index for u in units if u.parent is None]
    for siblings in [roots] + [u.children for u in units]:
        for pos, i in enumerate(siblings):
            units[i].prev = siblings[pos - 1] if pos else None
            units[i].next = siblings[pos + 1] if pos + 1 < len(siblings) else None
    return units


def plain(text: str) -> str:
    """Text for comparing: NFKC, lower case, rule numbers masked as `§`.

    Rule numbers are masked because an edition that renumbers rules rewrites
    every reference to them; that is not a change of wording."""
    t = unicodedata.normalize("NFKC", text).lower()
    return _REF_NUMBER.sub("§", t)
