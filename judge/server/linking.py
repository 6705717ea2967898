"""Rule text as HTML: escaped, with its references and glossary terms as links.

The book has no markup: references are found as `judge lint` finds them (`rulebook.refs`: 见规则409.5,
参见规则110.2和112.2, 见第6章) and glossary headwords as `judge explain` finds them (`judge.explain.terms`:
longest first, never overlapping). Only a number or a term the book contains becomes a link, so a
page never links to a rule that does not exist. `href(uid)` says where a rule's page is: the server
and the static site put pages in different places.
"""
from __future__ import annotations

from typing import Callable

from markupsafe import Markup, escape

from rulebook.ids import key_of
from rulebook.model import Book
from rulebook.refs import find_refs, numbers_in

from judge.explain.render_html import splice
from judge.explain.terms import find_terms

Href = Callable[[str], str]


def link(uid: str, label: str, href: Href, cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f'<a href="{escape(href(uid))}"{c}>{escape(label)}</a>'


def _ref_spans(book: Book, text: str, href: Href) -> list[tuple[int, int, str]]:
    spans = []
    for start, end, raw, keys in find_refs(text, book.number_style):
        numbers = list(numbers_in(raw, book.number_style))
        if not numbers:      # 见第6章: the phrase names a chapter by its number alone
            uids = book.by_key.get(keys[0]) if len(keys) == 1 else None
            if uids:
                spans.append((start, end, link(uids[0], raw, href)))
            continue
        for m in numbers:
            uids = book.by_key.get(key_of(m.group(0)))
            if uids:
                s, e = start + m.start(), start + m.end()
                spans.append((s, e, link(uids[0], text[s:e], href)))
    return spans


def rich_text(book: Book, text: str, href: Href, terms: bool = True, exclude: str | None = None) -> Markup:
    """`text` escaped, each reference to a rule of the book a link, and (if `terms`) the first use of each
    glossary headword a link to its entry, except the entry `exclude` (a glossary entry does not link to
    itself). Only the first use: a rule that says 连结 five times reads badly with five links."""
    spans = _ref_spans(book, text, href)
    if terms:
        taken = [(s, e) for s, e, _ in spans]
        linked = {exclude}
        for s, e, uid in find_terms(book, text):
            if uid in linked or any(s < te and ts < e for ts, te in taken):
                continue
            spans.append((s, e, link(uid, text[s:e], href, "term")))
            taken.append((s, e))
            linked.add(uid)
    return Markup(splice(text, spans))


def cite_ids(text: str, ids: list[str], href: Href) -> Markup:
    """`text` escaped, each of `ids` where it occurs (in order) a link: the rule ids a ruling cites."""
    spans, pos = [], 0
    for uid in ids:
        i = text.find(uid, pos)
        if i >= 0:
            pos = i + len(uid)
            spans.append((i, pos, link(uid, uid, href)))
    return Markup(splice(text, spans))


def highlight(snippet: str, spans: list) -> Markup:
    """A search snippet escaped, its matched words in <mark> (`highlights` are [start, end) offsets)."""
    return Markup(splice(snippet, [(a, b, f"<mark>{escape(snippet[a:b])}</mark>") for a, b in spans]))
