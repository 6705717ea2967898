"""HTML pages for people: the same templates for the server and the static site.

Jinja2 with autoescaping on: every string from a book, a scenario or a request is escaped unless it
went through `linking` (which escapes it first and adds only our own links). The pages work without
JavaScript (a timeline step expands with <details>), need no external asset and read on a 390 px
phone: one stylesheet, `static/style.css`. Every page is built from the documents the JSON API and
`--json` give (`judge.ruledoc`, the search and replay documents), so a page shows what the API says.
Where a page is lives in a `Links` object: the server and the static site put pages in different places.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from rulebook.lookup import ALONE, CONTENTS, WITH_SUBRULES, Hit
from rulebook.model import CHAPTER, GLOSSARY, RULE

from judge.explain.render_html import anchor_id
from judge.ruledoc import label, lookup_doc, rule_doc
from judge.server import linking
from judge.server.library import Library

HERE = Path(__file__).parent
STATIC = HERE / "static"


class Links:
    """The server's addresses. A rule's page is `/books/{book}/rules/{canonical id}`: stable across runs."""

    server = True
    searchable = True

    def __init__(self, lib: Library):
        self.lib = lib

    def home(self) -> str:
        return "/"

    def book(self, book: str) -> str:
        return f"/books/{quote(book)}"

    def rule(self, book: str, uid: str) -> str:
        return f"/books/{quote(book)}/rules/{quote(uid, safe=':')}"

    def glossary(self, book: str) -> str:
        return f"/books/{quote(book)}/glossary"

    def search_action(self, book: str | None) -> str:
        return "/search" if book is None else f"/books/{quote(book)}/search"

    def static(self, name: str) -> str:
        return f"/static/{name}"

    def scenarios(self) -> str:
        return "/scenarios"

    def scenario(self, game: str, name: str, variant: str | None = None) -> str:
        v = f"?variant={quote(variant)}" if variant else ""
        return f"/scenarios/{quote(game)}/{quote(name)}{v}"

    def api_docs(self) -> str:
        return "/docs"

    def api(self, what: str) -> str:
        return f"/api/{what}"

    def api_rule(self, book: str, query: str) -> str:
        return f"/api/books/{quote(book)}/rules/{quote(query, safe=':')}"

    def anchor(self, uid: str) -> str:
        return anchor_id(uid)

    def resolves(self, book: str, uid: str) -> bool:
        """Whether a link to `uid` leads to a page (see `Library.resolves`)."""
        return self.lib.resolves(book, uid)


@lru_cache(maxsize=1)
def env():
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape  # start-up: jinja2 (~14 ms) only when a page is rendered

    e = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=select_autoescape(default=True),
                    undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    e.globals.update(highlight=linking.highlight, ref_targets=ref_targets)
    return e


def ref_targets(doc: dict) -> list[tuple[str, bool]]:
    """The rules a rule document references (its `refs_out`), each once, with whether the book has it."""
    out: dict[str, bool] = {}
    for r in doc["refs_out"]:
        for t, ok in zip(r["targets"], r["resolved"]):
            out.setdefault(t, ok)
    return list(out.items())


def render(template: str, links: Links, **ctx) -> str:
    ctx.setdefault("book_id", None)
    return env().get_template(template).render(links=links, **ctx)


def rich_text_for(lib: Library, links: Links, book_id: str):
    book = lib.book(book_id)

    def href(uid: str) -> str:
        return links.rule(book_id, uid)

    return lambda text, exclude=None: linking.rich_text(book, text, href, exclude=exclude)


def home(lib: Library, links: Links, book_id: str | None = None) -> str:
    return render("home.html", links, title="规则查询", books=lib.rows(), book_id=book_id or lib.ids()[0])


def contents(lib: Library, book_id: str) -> tuple[list[dict], int]:
    """The book's top-level pages (chapters with their sections), and how many glossary entries it has."""
    book = lib.book(book_id)
    tops, glossary = [], 0
    for n in book.nodes:
        if n.kind == GLOSSARY:
            glossary += 1
        elif n.parent is None and n.kind in (CHAPTER, RULE):
            kids = [book.node(u) for u in n.children] if n.kind == CHAPTER else []
            tops.append({"id": n.uid, "label": label(n) if n.title or n.kind == CHAPTER else n.uid,
                         "children": [{"id": k.uid, "label": label(k), "text": "" if k.title else _first(k.text)}
                                      for k in kids]})
    return tops, glossary


def _first(text: str, n: int = 40) -> str:
    line = text.split("\n", 1)[0]
    return line if len(line) <= n else line[: n - 1] + "…"


def book_home(lib: Library, links: Links, book_id: str) -> str:
    tops, glossary = contents(lib, book_id)
    return render("book.html", links, title=lib.title(book_id), book_id=book_id, book_title=lib.title(book_id),
                  contents=tops, glossary=glossary)


def page_mode(node) -> str:
    """How a rule's page shows it: a chapter or a section as contents, a rule with its subrules (the CLI's
    `judge rule` modes)."""
    if node.kind == CHAPTER or (node.kind == RULE and node.number and "." not in node.number):
        return CONTENTS
    return WITH_SUBRULES


def rule_page(lib: Library, links: Links, book_id: str, query: str, hits: list[Hit]) -> str:
    """The page of one rule (with previous/next), or of every rule a range or a list names."""
    book = lib.book(book_id)
    docs = lookup_doc(book, query, hits)["rules"]
    prev = nxt = None
    if len(hits) == 1:
        p, n = lib.neighbours(book_id, hits[0].node.uid)
        prev = {"uid": p, "label": _nav_label(book.node(p))} if p else None
        nxt = {"uid": n, "label": _nav_label(book.node(n))} if n else None
    first = docs[0]
    title = (first["title"] or first["id"]) if first["kind"] == GLOSSARY else f"{first['id']} {first['title'] or ''}"
    return render("rule.html", links, title=title.strip(), book_id=book_id, docs=docs, query=query, prev=prev,
                  next=nxt, rt=rich_text_for(lib, links, book_id))


def _nav_label(node) -> str:
    if node.kind == GLOSSARY:
        return node.title or node.uid
    return label(node) if node.title else f"{node.uid} {_first(node.text, 18)}"


def glossary_page(lib: Library, links: Links, book_id: str, full: bool = False) -> str:
    book = lib.book(book_id)
    docs = [rule_doc(book, n, ALONE) for n in book.glossary()]
    return render("glossary.html", links, title=f"{book_id} 词汇表", book_id=book_id, docs=docs, full=full,
                  rt=rich_text_for(lib, links, book_id))


def search_page(lib: Library, links: Links, book_id: str, q: str, doc: dict | None) -> str:
    results = doc["results"] if doc else []
    return render("search.html", links, title=f"搜索：{q}" if q else "搜索", book_id=book_id, books=lib.rows(), q=q,
                  results=results, error=(doc or {}).get("error") or f"{book_id} 中没有与“{q}”相符的规则")


def error_page(links: Links, title: str, message: str, book_id: str | None = None,
               nearest: list[str] | None = None) -> str:
    return render("error.html", links, title=title, message=message, book_id=book_id, nearest=nearest or [])


def scenario_page(links: Links, *, bundled: list, result: dict | None = None, error: str | None = None,
                  yaml_text: str = "", variant: str | None = None, instances: list | None = None,
                  max_kib: int = 0, time_limit: float = 0) -> str:
    view = dict(result["view"]) if result else None
    if view is not None:
        view["instances"] = instances or []
    title = view["title"] if view else ("情景无法重放" if error else "情景重放")
    return render("scenario.html", links, title=title, result=view, error=error, yaml_text=yaml_text,
                  variant=variant, bundled=bundled, max_kib=max_kib, time_limit=f"{time_limit:g}",
                  cite=lambda book, text, ids: linking.cite_ids(text, ids, lambda u: links.rule(book, u)))
