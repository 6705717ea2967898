"""`judge site build OUT/`: the books as static, hyperlinked HTML, for hosting without a server.

    OUT/index.html                 the books
    OUT/static/style.css
    OUT/<book>/index.html          contents: chapters and their sections (an anchor per chapter)
    OUT/<book>/<section>.html      a page per section (420.html): the section and every subrule, an anchor
                                   per rule (#r-420.5c), references and "cited by" as links
    OUT/<book>/glossary.html       the glossary, an anchor per entry (#g-激活)

Links are relative, so the folder works from any web server path and from the disk (file://). The
pages are the server's templates with other addresses (`SiteLinks`); there is no search box, since
search needs the server.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import quote

from rulebook.lookup import WITH_SUBRULES, resolve_one
from rulebook.model import CHAPTER, GLOSSARY, RULE, Book

from judge.ruledoc import label, rule_doc
from judge.server import pages
from judge.server.library import Library

_UNSAFE = re.compile(r"[^0-9A-Za-z._-]")


def page_file(uid: str) -> str:
    """A section's file name: `420` → `420.html`; anything unusual (`215#2`) made safe."""
    return _UNSAFE.sub("_", uid) + ".html"


def section_of(book: Book, uid: str) -> str | None:
    """The section page a node is on: its outermost ancestor that is a rule (None for a chapter, or a
    node the book does not have); "glossary" for a glossary entry."""
    if not book.has(uid):
        node = resolve_one(book, uid)      # a number the excerpt never prints, whose subrules it does (716.1 → 716.1d)
        return section_of(book, node.children[0]) if node is not None and node.children else None
    node = book.node(uid)
    if node.kind == GLOSSARY:
        return "glossary"
    chain = book.breadcrumb(node)
    rules = [n for n in chain if n.kind == RULE]
    return rules[0].uid if rules else None


class SiteLinks(pages.Links):
    """Relative addresses inside the static site, from a page in `OUT/` (`at=None`) or in `OUT/<at>/`."""

    server = False
    searchable = False

    def __init__(self, lib: Library, at: str | None):
        super().__init__(lib)
        self.at = at
        self._sections: dict[str, dict[str, str | None]] = {}

    def _up(self) -> str:
        return "" if self.at is None else "../"

    def _book_dir(self, book: str) -> str:
        return "" if book == self.at else f"{self._up()}{quote(book)}/"

    def home(self) -> str:
        return f"{self._up()}index.html"

    def book(self, book: str) -> str:
        return f"{self._book_dir(book)}index.html"

    def static(self, name: str) -> str:
        return f"{self._up()}static/{name}"

    def glossary(self, book: str) -> str:
        return f"{self._book_dir(book)}glossary.html"

    def rule(self, book: str, uid: str) -> str:
        b = self.lib.book(book)
        if not b.has(uid):
            node = resolve_one(b, uid)     # an implicit section (716.1): its first subrule's place
            uid = node.children[0] if node is not None and node.children else uid
        section = self._section(book, uid)
        file = "index.html" if section is None else page_file(section)     # "glossary" → glossary.html
        return f"{self._book_dir(book)}{quote(file)}#{quote(self.anchor(uid), safe='')}"

    def _section(self, book: str, uid: str) -> str | None:
        cache = self._sections.setdefault(book, {})
        if uid not in cache:
            cache[uid] = section_of(self.lib.book(book), uid)
        return cache[uid]


def sections(book: Book) -> list:
    """The section nodes, in book order: every rule whose parent is a chapter or that has no parent."""
    return [n for n in book.nodes if n.kind == RULE and (n.parent is None or book.node(n.parent).kind == CHAPTER)]


def build(out: Path, lib: Library) -> dict[str, int]:
    """Write the site; returns how many pages each book got."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "static").mkdir(exist_ok=True)
    shutil.copyfile(pages.STATIC / "style.css", out / "static" / "style.css")
    root_links = SiteLinks(lib, None)
    (out / "index.html").write_text(pages.home(lib, root_links), "utf-8")
    counts = {}
    for book_id in lib.ids():
        counts[book_id] = _build_book(out / book_id, lib, book_id) if book_id in lib.readable() else 0
    return counts


def _build_book(d: Path, lib: Library, book_id: str) -> int:
    d.mkdir(parents=True, exist_ok=True)
    links = SiteLinks(lib, book_id)
    book = lib.book(book_id)
    (d / "index.html").write_text(pages.book_home(lib, links, book_id), "utf-8")
    n = 1
    secs = sections(book)
    rt = pages.rich_text_for(lib, links, book_id)
    for i, node in enumerate(secs):
        prev = secs[i - 1] if i > 0 else None
        nxt = secs[i + 1] if i + 1 < len(secs) else None
        html = pages.render("rule.html", links, title=f"{node.uid} {node.title or ''}".strip(), book_id=book_id,
                            docs=[rule_doc(book, node, WITH_SUBRULES)], query=node.uid, rt=rt,
                            prev={"uid": prev.uid, "label": _label(prev)} if prev else None,
                            next={"uid": nxt.uid, "label": _label(nxt)} if nxt else None)
        (d / page_file(node.uid)).write_text(html, "utf-8")
        n += 1
    if any(True for _ in book.glossary()):
        (d / "glossary.html").write_text(pages.glossary_page(lib, links, book_id, full=True), "utf-8")
        n += 1
    return n


def _label(node) -> str:
    return label(node) if node.title else node.uid
