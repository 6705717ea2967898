"""What `judge rule` says about a rule, as plain data.

One function turns a lookup hit into a document; the plain, rich and JSON
outputs all render this same document, so they can never disagree. The
document's shape is the `RuleDoc` schema in `judge.schema` (docs/json.md).
"""
from __future__ import annotations

from pathlib import Path

from rulebook.lookup import ALONE, CONTENTS, WITH_SUBRULES, Hit
from rulebook.model import BULLET, CARD, CHAPTER, EXAMPLE, GLOSSARY, RULE, Book, Node

from judge.labels import labels


def label(node: Node, language: str = "") -> str:
    """How a breadcrumb names a node: `4. 咒语，异能，和效应`, `420. 依状态而生的效应`, `420.5`,
    `词汇表 › 激活` (`Glossary › Trample` in an English book)."""
    if node.kind == CHAPTER:
        return f"{node.number}. {node.title}" if node.title else str(node.number)
    if node.kind == GLOSSARY:
        return f"{labels(language)['glossary']} › {node.title}"
    if node.kind == RULE and node.title:
        # a section prints its dot (420. 依状态而生的效应); a deeper heading does not (1.0 General)
        return f"{node.uid}{'.' if '.' not in node.uid else ''} {node.title}"
    return node.uid


def breadcrumb(book: Book, node: Node) -> list[dict]:
    chain = book.breadcrumb(node) if book.has(node.uid) else [node]
    crumbs = [{"id": n.uid, "label": label(n, book.language)} for n in chain]
    path = chain[0].section_path or node.section_path
    if path and chain[0].kind != CHAPTER:  # Riftbound: 所属：A › B names the headings the excerpt lacks
        crumbs = [{"id": None, "label": p} for p in path] + crumbs
    return crumbs


def owner_rule(book: Book, uid: str) -> str:
    """The rule an example/bullet/card belongs to (for "cited by" lists)."""
    n = book.node(uid)
    while n.kind in (EXAMPLE, BULLET, CARD) and n.parent and book.has(n.parent):
        n = book.node(n.parent)
    return n.uid


def _examples(book: Book, node: Node) -> list[dict]:
    out = []
    for uid in node.attached:
        ex = book.node(uid)
        if ex.kind != EXAMPLE:
            continue
        cards = [book.node(c) for c in ex.attached if book.node(c).kind == CARD]
        out.append({
            "id": ex.uid,
            "text": ex.text,
            "alt_text": ex.alt_text,
            "cards": [{"id": c.uid, "name": c.title or "", "text": c.text} for c in cards],
        })
    return out


def _refs(book: Book, node: Node) -> list[dict]:
    refs = []
    nodes = [node] + [book.node(u) for u in node.attached]
    for n in nodes:
        for r in n.refs:
            refs.append({
                "raw": r.raw,
                "line": r.line,
                "targets": [_target_id(book, t) for t in r.targets],
                "resolved": list(r.resolved),
            })
    return refs


def _target_id(book: Book, key: str) -> str:
    uids = book.by_key.get(key)
    if uids:
        return uids[0]
    return book.display(key)


def _cited_by(book: Book, node: Node) -> list[str]:
    return [c["id"] for c in cited_in(book, node)]


# where in the citing rule a citation sits, by the kind of node that holds it
WHERE = {EXAMPLE: "example", BULLET: "item", CARD: "card"}


def cited_in(book: Book, node: Node) -> list[dict]:
    """The rules that cite `node`, each once, with where the citation sits: `text` (the rule's own text), or
    `example`/`item`/`card` with that node's id (`{"id": "704.7", "where": ["example"], "nodes": ["704.7~ex1"]}`).
    704.5a is cited only by the example under 704.7, not by 704.7's rule sentence; a reader must be told."""
    out: dict[str, dict] = {}
    for uid in book.cited_by.get(node.uid, []):
        owner = owner_rule(book, uid)
        if owner == node.uid:
            continue
        kind = book.node(uid).kind if book.has(uid) else RULE
        entry = out.setdefault(owner, {"id": owner, "where": [], "nodes": []})
        where = WHERE.get(kind, "text")
        if where not in entry["where"]:
            entry["where"].append(where)
        entry["nodes"].append(uid)
    return list(out.values())


def descendants(book: Book, node: Node) -> list[Node]:
    out: list[Node] = []
    stack = list(reversed(node.children))
    while stack:
        n = book.node(stack.pop())
        out.append(n)
        stack.extend(reversed(n.children))
    return out


def rule_doc(book: Book, node: Node, mode: str = ALONE) -> dict:
    doc = {
        "id": node.number or node.uid,
        "canonical_id": node.uid,
        "book": book.id,
        "kind": node.kind,
        "mode": mode,
        "title": node.title,
        "line": node.line,
        "breadcrumb": breadcrumb(book, node),
        "text": node.text,
        "alt_text": node.alt_text,
        "aliases": list(node.aliases),
        "items": [book.node(u).text for u in node.attached if book.node(u).kind == BULLET],
        "cards": [{"id": c.uid, "name": c.title or "", "text": c.text}
                  for c in (book.node(u) for u in node.attached) if c.kind == CARD],
        "examples": _examples(book, node),
        "refs_out": _refs(book, node),
        "cited_by": _cited_by(book, node),
        "cited_in": cited_in(book, node),
        "children": list(node.children),
        "subrules": [],
        "contents": [],
    }
    if mode == WITH_SUBRULES:
        doc["subrules"] = [rule_doc(book, d, ALONE) for d in descendants(book, node)]
    elif mode == CONTENTS:
        kids = [book.node(u) for u in node.children]
        doc["contents"] = [{"id": k.uid, "label": label(k, book.language) if k.title else k.uid, "text": _first_line(k.text)}
                           for k in kids]
    return doc


def _first_line(text: str, limit: int = 60) -> str:
    line = text.split("\n", 1)[0]
    return line if len(line) <= limit else line[: limit - 1] + "…"


def lookup_doc(book: Book, query: str, hits: list[Hit]) -> dict:
    return {"query": query, "book": book.id, "language": book.language, "game": book.game, "edition": book.edition,
            "rules": [rule_doc(book, h.node, h.mode) for h in hits]}


def book_row(book_id: str) -> dict:
    """What `judge books` says about one known book (the `BookRow` schema): its registry entry and counts.

    Every row has every field. A book whose file is gone has `missing: true`
    and its counts null; one that cannot be read otherwise has its `error`."""
    from rulebook import RulebookError, all_books, load_book  # start-up: rulebook.books (~14 ms) only for a book's row (`books --json`, the server)
    from rulebook.lint import lint  # start-up: rulebook.lint (~8 ms) only for a book's row

    info = all_books()[book_id]
    row = {"id": info.id, "game": info.game, "edition": info.edition, "language": info.language,
           "dialect": info.dialect, "understood": None, "bundled": info.bundled, "path": info.path,
           "rules": None, "glossary": None, "examples": None,
           "references_resolved": None, "references_unresolved": None, "missing": False, "error": None}
    try:
        report = lint(load_book(info.id))
    except RulebookError as e:
        return _grouped({**row, "missing": not Path(info.path).exists(), "error": str(e)})
    return _grouped({**row, "game": report.game, "edition": report.edition, "language": report.language,
                     "dialect": report.dialect, "understood": report.understood.share,
                     "rules": report.counts["rules"], "glossary": report.counts["glossary"],
                     "examples": report.counts["examples"], "references_resolved": report.references["resolved"],
                     "references_unresolved": report.references["unresolved"]})


def _grouped(row: dict) -> dict:
    """Add which editions group together (`game_key`: the editions of one game; `edition_group`: the
    books of one game and edition, a translation and its original), from the row's game, edition and
    language (the registry's, or else the book's own metadata)."""
    from rulebook.editions.link import _edition  # start-up: rulebook.editions.link (~7 ms) only for a book's row

    e = _edition(row["id"], row["game"] or "", row["edition"] or "", row["language"] or "", row["dialect"])
    return {**row, "game_key": e.game or None, "edition_group": e.group or None}


def book_rows() -> list[dict]:
    """`judge books --json`: one row per known book, bundled first."""
    from rulebook import all_books  # start-up: rulebook.books (~14 ms) only for `books --json`

    return [book_row(i) for i in all_books()]
