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
    blocks = [rule_block(book, n) for n in nodes]
    related, glossary = gather(book, blocks, with_cited_by=True)
    return {
        "schema": SCHEMA,
        "kind": "rule",
        "language": lang,
        "book": book.id,
        "book_title": book_title(book),
        "query": query,
        "title": " / ".join(n.title or n.uid if n.kind == GLOSSARY else label(n) for n in nodes),
        "answer": None,
        "answer_cites": [],
        "citations": [b["id"] for b in blocks],
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
