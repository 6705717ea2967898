"""`judge explain RULE`: a rule explained without a scenario.

Its place in the book, its text, the glossary definitions of the terms it
uses, the rules it references and the rules that reference it (each quoted
one level deep), and its examples with the cards they quote. Nothing here is
written by us: it is all the book's text, arranged.
"""
from __future__ import annotations

from rulebook.lookup import ALONE, Hit, NotFound, lookup
from rulebook.model import GLOSSARY, Book

from judge.explain.cite import gather, rule_block
from judge.explain.errors import ExplainError
from judge.explain.mechanisms import heading_only, mechanisms
from judge.ruledoc import label

SCHEMA = "rules-judge/explain/1"


def book_title(book: Book) -> str:
    """How the explanation names its book: the registry's game and edition."""
    return " ".join(p for p in (book.game, book.edition) if p) or book.id


def explain_rule(book: Book, query: str, lang: str = "zh") -> dict:
    try:
        hits = lookup(book, query)
    except NotFound as e:
        if not book.has(query):   # a uid such as 212.6b#2 (the second 212.6b printed) is accepted too
            raise ExplainError(str(e)) from None
        hits = [Hit(book.node(query), ALONE)]
    nodes = []
    for h in hits:
        if not book.has(h.node.uid):   # a section the book never prints (Riftbound 128)
            kids = ", ".join(h.node.children[:8])
            raise ExplainError(f"rule {query!r} is not printed in book {book.id!r}; explain one of its subrules: {kids}")
        if h.node.uid not in {n.uid for n in nodes}:
            nodes.append(h.node)
    blocks = [_with_mechanisms(book, rule_block(book, n)) for n in nodes]
    title = " / ".join(n.title or n.uid if n.kind == GLOSSARY else label(n) for n in nodes)
    return document(book, lang, "rule", query, title, blocks, cited_by=True, citations=[b["id"] for b in blocks])


def _with_mechanisms(book: Book, block: dict) -> dict:
    """A rule explained alone also points to the rules of the mechanisms its text names (420.5c's 重生 → 419.6b);
    a rule that is only a heading (502.2 先攻) is explained by its subrules, quoted."""
    if block["kind"] != GLOSSARY:
        block["mechanisms"] = mechanisms(book, block["id"], block["text"], *block["items"])
        block["quote_subrules"] = heading_only(block["text"])
    return block


def document(book: Book, lang: str, kind: str, query: str, title: str, blocks: list[dict], *, cited_by: bool,
             **fields) -> dict:
    """The explanation document (docs/explain.md), every field present: `blocks` quoted in full,
    the rules they reference (and, with `cited_by`, the rules citing them) one level deep, the
    glossary entries of their terms; `fields` fills the rest (a scenario's answer, steps, …)."""
    related, glossary = gather(book, blocks, with_cited_by=cited_by)
    doc = {
        "schema": SCHEMA,
        "kind": kind,
        "language": lang,
        "book": book.id,
        "book_title": book_title(book),
        "query": query,
        "title": title,
        "answer": None,
        "answer_cites": [],
        "answer_firings": [],
        "citations": [],
        "scenario": None,
        "steps": [],
        "steps_omitted": 0,
        "near_misses": [],
        "rules": blocks,
        "related": related,
        "glossary": glossary,
        "shortened": False,
        "max_chars": None,
    }
    unknown = fields.keys() - doc.keys()
    if unknown:
        raise TypeError(f"not fields of an explanation: {', '.join(sorted(unknown))}")
    doc.update(fields)
    return doc
