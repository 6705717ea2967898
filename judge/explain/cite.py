"""The rulebook side of an explanation: rule blocks, related rules, glossary entries.

Both kinds of explanation (a rule alone, a scenario's ruling) quote rules the
same way, so the collection lives here once. Facts about a rule come from
`judge.ruledoc.rule_doc` (the document `judge rule --json` prints), not from
a second walk of the graph; this module only adds what an explanation needs
on top: the glossary terms a text uses, and references split into those the
book contains (ids a reader can follow) and those it does not (kept as the
printed phrase, never as an id, because every id we show must resolve).
"""
from __future__ import annotations

from rulebook.lookup import ALONE
from rulebook.model import Book, Node

from judge.explain.terms import terms_used
from judge.ruledoc import label, rule_doc


def rule_block(book: Book, node: Node, *, examples: bool = True, cited_by: bool = True) -> dict:
    """One quoted rule with everything a reader needs to understand it."""
    doc = rule_doc(book, node, ALONE)
    refs, missing = split_refs(book, node, doc["refs_out"])
    return {
        "id": node.uid,
        "printed": doc["id"],
        "kind": node.kind,
        "label": label(node),
        "breadcrumb": [c["label"] for c in doc["breadcrumb"]],
        "text": doc["text"],
        "items": doc["items"],
        "cards": [_card(c) for c in doc["cards"]],
        "examples": [{"id": e["id"], "text": e["text"], "cards": [_card(c) for c in e["cards"]]}
                     for e in doc["examples"]] if examples else [],
        "terms": terms_used(book, doc["text"], *doc["items"], exclude=node.uid),
        "refs_out": refs,
        "missing_refs": missing,
        "cited_by": [u for u in doc["cited_by"] if book.has(u)] if cited_by else [],
        "cited_in": [{"id": c["id"], "where": c["where"],
                      "quotes": [book.node(u).text for u in c["nodes"] if u != c["id"] and book.has(u)]}
                     for c in doc["cited_in"] if book.has(c["id"])] if cited_by else [],
        "subrules": [u for u in node.children if book.has(u)],
    }


def _card(card: dict) -> dict:
    return {"id": card["id"], "name": card["name"], "text": card["text"]}


def split_refs(book: Book, node: Node, refs_out: list[dict]) -> tuple[list[str], list[dict]]:
    """References of a rule → (ids in the book, in order; phrases pointing outside it)."""
    ids: dict[str, None] = {}
    missing: list[dict] = []
    for r in refs_out:
        for target, ok in zip(r["targets"], r["resolved"]):
            if ok and book.has(target):
                if target != node.uid:
                    ids.setdefault(target, None)
            else:
                missing.append({"raw": r["raw"], "target": target})
    return list(ids), missing


def related_entry(book: Book, uid: str) -> dict:
    """A rule quoted one level deep: where it is and its text, nothing further."""
    node = book.node(uid)
    doc = rule_doc(book, node, ALONE)
    heading_only = bool(node.title) and doc["text"].strip() == node.title.strip()
    return {
        "id": uid,
        "label": label(node),
        "breadcrumb": [c["label"] for c in doc["breadcrumb"]],
        "text": "" if heading_only else doc["text"],
        "items": doc["items"],
        # A section such as 706 (目标) is only a heading: what a reader needs is
        # what it contains, so its direct subrules are listed with their text.
        "contents": [{"id": u, "text": book.node(u).text} for u in node.children if book.has(u)]
        if heading_only else [],
    }


def glossary_entry(book: Book, uid: str) -> dict:
    node = book.node(uid)
    return {
        "id": uid,
        "headword": node.title or uid,
        "aliases": list(node.aliases),
        "text": node.text,
    }


def gather(book: Book, blocks: list[dict], *, with_cited_by: bool) -> tuple[list[dict], list[dict]]:
    """The related rules (one level deep) and glossary entries of some rule blocks."""
    shown = {b["id"] for b in blocks}
    related: dict[str, None] = {}
    terms: dict[str, None] = {}
    for b in blocks:
        quoted = b.get("mechanisms", []) + (b["subrules"] if b.get("quote_subrules") else [])
        for uid in b["refs_out"] + (b["cited_by"] if with_cited_by else []) + quoted:
            if uid not in shown:
                related.setdefault(uid, None)
        for uid in b["terms"]:
            terms.setdefault(uid, None)
    return ([related_entry(book, u) for u in related], [glossary_entry(book, u) for u in terms])
