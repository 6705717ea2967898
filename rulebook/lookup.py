"""Answer `judge rule QUERY`: every form a judge types, to the nodes meant.

Forms: `420.5c`, `102.4.a` (any separators), `420.5` (the rule and all its
subrules), `420.5.` (trailing dot: the rule alone, as judge bots do), `420`
(the section as a table of contents), `4` (a chapter), ranges `601.2a-d`,
lists `110.2,112.2`, `glossary:激活`, and glossary headwords in Chinese or
English (`激活`, `Activate`).
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from rulebook import ids
from rulebook.model import CHAPTER, RULE, Book, Node
from rulebook.terms import headword_key

# How a hit is shown.
WITH_SUBRULES = "with-subrules"
ALONE = "alone"
CONTENTS = "contents"
ENTRY = "entry"


@dataclass
class Hit:
    node: Node
    mode: str


class NotFound(Exception):
    def __init__(self, query: str, suggestions: list[str]):
        self.query = query
        self.suggestions = suggestions
        near = f"; nearest: {', '.join(suggestions)}" if suggestions else ""
        super().__init__(f"no rule or glossary entry {query!r} in this book{near}")


_RANGE = re.compile(r"^(?P<a>" + ids.NUMBER + r")\s*[-–~]\s*(?P<b>[a-z]|\d+|" + ids.NUMBER + r")$")
_NUMERIC = re.compile(r"^\d+(?:[.\s]*(?:\d+|[a-z](?![a-z])))*\.?$")


def split_query(query: str) -> list[str]:
    """`110.2,112.2` / `110.2 112.2` → two parts; glossary words keep their spaces."""
    q = query.strip()
    if q.lower().startswith("glossary:"):
        return [q]
    parts = [p.strip() for p in re.split(r"[,，、;；]", q) if p.strip()]
    out: list[str] = []
    for p in parts:
        words = p.split()
        if len(words) > 1 and all(_NUMERIC.match(w) or _RANGE.match(w) for w in words):
            out.extend(words)
        else:
            out.append(p)
    return out


def lookup(book: Book, query: str) -> list[Hit]:
    """All hits for a query, in the order asked. Raises NotFound."""
    hits: list[Hit] = []
    for part in split_query(query):
        hits.extend(_lookup_part(book, part))
    return hits


def _lookup_part(book: Book, q: str) -> list[Hit]:
    low = q.lower()
    if low.startswith("glossary:"):
        uid = glossary_uid(book, q.split(":", 1)[1].strip())
        if uid:
            return [Hit(book.node(uid), ENTRY)]
        raise NotFound(q, _near_terms(book, q.split(":", 1)[1]))
    m = _RANGE.match(low)
    if m:
        keys = ids.expand_range(ids.key_of(m.group("a")), m.group("b"))
        hits = [h for k in keys for h in _hits_for_key(book, k, ALONE)]
        if hits:
            return hits
        raise NotFound(q, _near_keys(book, keys[0]))
    if _NUMERIC.match(low):
        key = ids.key_of(low)
        alone = low.endswith(".")
        hits = _hits_for_key(book, key, ALONE if alone else None)
        if hits:
            return hits
        raise NotFound(q, _near_keys(book, key))
    uid = glossary_uid(book, q)
    if uid:
        return [Hit(book.node(uid), ENTRY)]
    if book.has(q):  # any node by its uid, as search results name them (unclassified:57, line7~ex1)
        return [Hit(book.node(q), ALONE)]
    raise NotFound(q, _near_terms(book, q))


def glossary_uid(book: Book, term: str) -> str | None:
    """The glossary entry a headword names, however quotes, apostrophes, case
    or (English) number are typed: the parser indexes the folded forms
    (`rulebook.terms`), so folding the query the same way finds them."""
    return book.glossary_index.get(term.casefold()) or book.glossary_index.get(headword_key(term))


def _hits_for_key(book: Book, key: str, mode: str | None) -> list[Hit]:
    uids = book.by_key.get(key, [])
    hits = []
    for uid in uids:
        node = book.node(uid)
        if mode is not None:
            hits.append(Hit(node, mode))
        elif node.kind == CHAPTER or (node.kind == RULE and "." not in key):
            hits.append(Hit(node, CONTENTS))
        else:
            hits.append(Hit(node, WITH_SUBRULES))
    if not hits:
        virtual = implicit_section(book, key)
        if virtual is not None:
            hits.append(Hit(virtual, CONTENTS))
    return hits


def implicit_section(book: Book, key: str) -> Node | None:
    """A number the book never prints but whose subrules it does (the Riftbound
    fragments print 128.1–128.6 but not 128): a contents node for them."""
    prefix = key + "."
    kids = [uids[0] for k, uids in book.by_key.items() if k.startswith(prefix) and "." not in k[len(prefix):]]
    if not kids:
        return None
    kids.sort(key=lambda uid: book.node(uid).line)
    first = book.node(kids[0])
    return Node(uid=book.display(key), kind=RULE,
                line=first.line, raw="", text="", number=key,
                title=" › ".join(first.section_path) or None, children=kids)


def resolve_one(book: Book, query: str) -> Node | None:
    """The first node a query names, or None (for engines checking a citation)."""
    try:
        hits = lookup(book, query)
    except NotFound:
        return None
    return hits[0].node if hits else None


def _near_keys(book: Book, key: str, n: int = 5) -> list[str]:
    parts = key.split(".")

    def score(k: str) -> tuple:
        kp = k.split(".")
        common = 0
        for a, b in zip(parts, kp):
            if a != b:
                break
            common += 1
        try:
            dist = abs(int(kp[0]) - int(parts[0]))
        except ValueError:
            dist = 999
        return (-common, abs(len(kp) - len(parts)), dist, ids.sort_key(k))

    best = sorted(book.by_key, key=score)[:n]
    return [book.by_key[k][0] for k in best]


def _near_terms(book: Book, term: str, n: int = 5) -> list[str]:
    names = {(book.node(uid).title or ""): uid for uid in book.glossary_index.values()}
    close = difflib.get_close_matches(term, list(names), n=n, cutoff=0.3)
    return [f"glossary:{c}" for c in close]
