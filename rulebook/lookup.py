"""Answer `judge rule QUERY`: every form a judge types, to the nodes meant.

Forms: `420.5c`, `102.4.a` (any separators), `420.5` (the rule and all its
subrules), `420.5.` (trailing dot: the rule alone, as judge bots do), `420`
(the section as a table of contents), `4` (a chapter), ranges `409.1a-c`,
lists `420.5a,420.5c`, `glossary:激活`, and glossary headwords in Chinese or
English (`激活`, `Activate`).

A range is every rule the book prints between its two ends, whichever end
comes first, shown in book order: `409.1a-c` and `409.1c-a` are 409.1a,
409.1b, 409.1c; `100-103` is sections 100 to 103, each as a table of contents.
Its ends are rules at the same level under the same rule (`409.1a-c`,
`420.5-7`, `100-502`); anything else (`100.1-102.3`), and an empty query,
is a `BadQuery`.

Everything here asks the book only for what it needs (`by_key.get`,
`child_keys`, `keys_under`), so a lookup in a stored book reads a few rows
whatever the size of the book (`rulebook.store`).
"""
from __future__ import annotations

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
    def __init__(self, query: str, suggestions: list[str], message: str | None = None):
        self.query = query
        self.suggestions = suggestions
        near = f"; nearest: {', '.join(suggestions)}" if suggestions else ""
        super().__init__(message or f"no rule or glossary entry {query!r} in this book{near}")


class BadQuery(NotFound):
    """A query that can name no rule: empty, or a range whose ends are not
    siblings. It is a NotFound, so every caller that handles a miss handles it
    too; the CLI tells them apart (exit 2, bad input, instead of 1, not found)."""

    def __init__(self, query: str, message: str):
        super().__init__(query, [], message)


QUERY_FORMS = "a rule number (420.5c), a range (409.1a-c), a list (420.5a,420.5c) or a glossary term (glossary:激活)"
RANGE_RULE = "a range joins two rules at the same level under the same rule (409.1a-c, 420.5-7, 100-103)"


_RANGE = re.compile(r"^(?P<a>" + ids.NUMBER + r")\s*[-–~]\s*(?P<b>[a-z]|\d+|" + ids.NUMBER + r")$")
_NUMERIC = re.compile(r"^\d+(?:[.\s]*(?:\d+|[a-z](?![a-z])))*\.?$")
# hyphen numbering (1-2-1, as Bandai's books print it): a number in a book that numbers so, or one of three
# parts or more anywhere (1-2 in a dotted book is the range 1 to 2). In a hyphen book a range is written
# with ~, an en dash, " - " or "to" (1-2-1~3, 1-2-1 – 1-2-3).
_HYPHEN = re.compile(r"^" + ids.HYPHEN_NUMBER + r"\.?$")
_HYPHEN_RANGE = re.compile(r"^(?P<a>" + ids.HYPHEN_NUMBER + r")\s*(?:[~～〜–—]|\s-\s|\sto\s)\s*"
                           r"(?P<b>[a-z]|\d+|" + ids.HYPHEN_NUMBER + r")$")


_SEPARATOR = re.compile(r"[,，、;；]")


def split_query(query: str) -> list[str]:
    """`420.5a,420.5c` / `110.2 112.2` → two parts; glossary words keep their spaces."""
    q = query.strip()
    if q.lower().startswith("glossary:"):
        return [q]
    parts = [p.strip() for p in _SEPARATOR.split(q) if p.strip()]
    out: list[str] = []
    for p in parts:
        words = p.split()
        if len(words) > 1 and all(_NUMERIC.match(w) or _RANGE.match(w) or _HYPHEN.match(w) for w in words):
            out.extend(words)
        else:
            out.append(p)
    return out


def lookup(book: Book, query: str) -> list[Hit]:
    """All hits for a query, in the order asked. Raises NotFound (BadQuery for a query that can name nothing)."""
    whole = query.strip()
    if _SEPARATOR.search(whole):        # a headword printed with a comma (WoW 双持，远程) names its entry, not two
        uid = glossary_uid(book, whole)
        if uid:
            return [Hit(book.node(uid), ENTRY)]
    parts = split_query(query)
    if not parts:
        raise BadQuery(query, f"empty query: give {QUERY_FORMS}")
    hits: list[Hit] = []
    for part in parts:
        hits.extend(_lookup_part(book, part))
    return hits


# a label before a number, as books print them and judges type them: "Rule 1.2.1", "§ 2.2", "Section 3"
_LABEL = re.compile(r"^(?:rules?|section|sec\.|article|art\.|§§?|¶)\s*(?=\d|[０-９])")


def _lookup_part(book: Book, q: str) -> list[Hit]:
    low = _LABEL.sub("", q.lower())
    if low.startswith("glossary:"):
        term = q.split(":", 1)[1].strip()
        if not term:
            raise BadQuery(q, "empty glossary term: give one after glossary: (glossary:激活)")
        uid = glossary_uid(book, term)
        if uid:
            return [Hit(book.node(uid), ENTRY)]
        raise NotFound(q, _near_terms(book, term))
    low = low.translate(ids.HALF_WIDTH)
    h = _HYPHEN_RANGE.match(low)
    if h:
        return _range(book, q, ids.key_of(h.group("a")), h.group("b"))
    hyphen_number = _HYPHEN.match(low) and (book.number_style == "hyphen" or low.count("-") >= 2)
    m = None if hyphen_number else _RANGE.match(low)
    if m:
        return _range(book, q, ids.key_of(m.group("a")), m.group("b"))
    if hyphen_number or _NUMERIC.match(low):
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


def range_ends(start: str, end: str) -> tuple[str, str]:
    """The keys of a range's two ends: `601.2.a` + `d` → (`601.2.a`, `601.2.d`);
    an end shorter than the start replaces only its last parts."""
    start_parts, end_parts = start.split("."), ids.components(end)
    if 0 < len(end_parts) < len(start_parts):
        end_parts = start_parts[: len(start_parts) - len(end_parts)] + end_parts
    return start, ".".join(end_parts)


def _range(book: Book, q: str, start: str, end: str) -> list[Hit]:
    a, b = range_ends(start, end)
    parent = ids.parent_key(a)
    last_a, last_b = a.rsplit(".", 1)[-1], b.rsplit(".", 1)[-1]
    if ids.depth(a) != ids.depth(b) or parent != ids.parent_key(b) or last_a.isdigit() != last_b.isdigit():
        raise BadQuery(q, f"{q!r} is not a range: {RANGE_RULE}; "
                          f"{book.display(a)} and {book.display(b)} are not")
    lo, hi = sorted((ids.sort_key(a), ids.sort_key(b)))
    keys = [k for k in book.child_keys(parent) if lo <= ids.sort_key(k) <= hi]
    # a section (no parent) shows as its table of contents, as `judge rule 420` does; a subrule alone
    hits = [h for k in keys for h in _hits_for_key(book, k, ALONE if parent else None)]
    if not hits:
        raise NotFound(q, _near_keys(book, a))
    return sorted(hits, key=lambda h: h.node.line)   # book order (stable: a number printed twice keeps its order)


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
    kids = [uids[0] for uids in (book.by_key.get(k) for k in book.child_keys(key)) if uids]
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

    # Keys sharing the first number outrank all others (score's first element), so when there
    # are enough of them the rest of the book need not be read.
    first = parts[0]
    candidates = book.keys_under(first) + ([first] if first in book.by_key else [])
    if len(candidates) < n:
        candidates = list(book.by_key)
    best = sorted(candidates, key=score)[:n]
    return [book.by_key[k][0] for k in best]


def _near_terms(book: Book, term: str, n: int = 5) -> list[str]:
    """The entries `judge define` would offer for `term` (rulebook.nearest: a headword the term contains or
    that contains it, then spelling), so `judge rule glossary:X` and `judge define X` suggest the same."""
    from rulebook.nearest import near_entries      # start-up: rulebook.nearest (~1.3 ms) only on a miss
    return [f"glossary:{book.node(near.uid).title}" for near in near_entries(book, term, n=n)]
