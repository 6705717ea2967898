"""The books a server (or a static site build) serves, loaded once and kept.

A client names a book by its id only (`mtg`, `wow`, `riftbound`, or one added with `judge books add`):
the ids are read from the registry when the library is made, and anything else — a path above all —
is an unknown book. Books, their `judge books` rows, their search indexes and their page order are
loaded on first use and kept for the life of the process; they are read-only, so any number of
identical server processes can serve them side by side.
"""
from __future__ import annotations

from rulebook.lookup import resolve_one
from rulebook.model import CHAPTER, GLOSSARY, RULE, Book

from judge.ruledoc import book_row

# The nodes that have a page of their own; examples, bullets and cards are shown on their rule's page.
PAGE_KINDS = (CHAPTER, RULE, GLOSSARY)


class UnknownBook(LookupError):
    """A book id the registry does not know (the message lists the known ones)."""

    def __init__(self, book: str, known: list[str]):
        self.book = book
        super().__init__(f"unknown book {book!r}; known books: {', '.join(known)}")


class Library:
    """The known books by id, each loaded on first use (`warm` loads them all up front)."""

    def __init__(self, only: list[str] | None = None):
        from rulebook import all_books  # start-up: rulebook.books (~14 ms) only when the library is opened

        infos = all_books()
        ids = list(infos) if not only else [b for b in only if b in infos]
        if only and len(ids) != len(only):
            bad = next(b for b in only if b not in infos)
            raise UnknownBook(bad, list(infos))
        self.infos = {i: infos[i] for i in ids}
        self._books: dict[str, Book] = {}
        self._rows: dict[str, dict] = {}
        self._indexes: dict[str, object] = {}
        self._order: dict[str, tuple[list[str], dict[str, int]]] = {}

    def ids(self) -> list[str]:
        return list(self.infos)

    def readable(self) -> list[str]:
        """The ids of the books whose file can be read (a registered book's file may have gone)."""
        return [b for b in self.ids() if not self.row(b).get("error")]

    def check(self, book_id: str) -> str:
        if book_id not in self.infos:
            raise UnknownBook(book_id, self.ids())
        return book_id

    def book(self, book_id: str) -> Book:
        if book_id not in self._books:
            from rulebook import load_book  # start-up: rulebook.books (~14 ms) only when a book is opened

            self.check(book_id)
            self._books[book_id] = load_book(book_id)
        return self._books[book_id]

    def row(self, book_id: str) -> dict:
        """The book's `judge books --json` row, without the file path (a server never shows its paths)."""
        if book_id not in self._rows:
            row = book_row(self.check(book_id))
            if "path" in row:
                row["path"] = None
            self._rows[book_id] = row
        return self._rows[book_id]

    def rows(self) -> list[dict]:
        return [self.row(b) for b in self.ids()]

    def title(self, book_id: str) -> str:
        info = self.infos[self.check(book_id)]
        return f"{info.game} {info.edition}".strip() or book_id

    def index(self, book_id: str):
        """The book's search index (`index.search.open_index`), built in the user cache on first use."""
        if book_id not in self._indexes:
            from index.search import open_index  # start-up: index.search (~22 ms) only when an index is opened

            self.check(book_id)
            self._indexes[book_id] = open_index(book_id)
        return self._indexes[book_id]

    def order(self, book_id: str) -> list[str]:
        """The uids that have a page, in book order (previous/next follow it)."""
        return self._page_order(book_id)[0]

    def neighbours(self, book_id: str, uid: str) -> tuple[str | None, str | None]:
        """The pages before and after `uid` in book order (None at either end, or for a node without a page)."""
        order, pos = self._page_order(book_id)
        i = pos.get(uid)
        if i is None:
            return None, None
        return (order[i - 1] if i > 0 else None), (order[i + 1] if i + 1 < len(order) else None)

    def _page_order(self, book_id: str) -> tuple[list[str], dict[str, int]]:
        if book_id not in self._order:
            order = [n.uid for n in self.book(book_id).nodes if n.kind in PAGE_KINDS]
            self._order[book_id] = (order, {u: i for i, u in enumerate(order)})
        return self._order[book_id]

    def resolves(self, book_id: str, uid: str) -> bool:
        """Whether `uid` has a page: a node of the book, or a number lookup answers (an implicit section such
        as 716.1 whose subrules are printed). The parser marks some references resolved that lookup does not
        answer (WoW's 见规则716, where only 716.1d is printed): those are shown, not linked."""
        book = self.book(book_id)
        return book.has(uid) or resolve_one(book, uid) is not None

    def warm(self, search: bool = True) -> None:
        """Load every book, its row and order (and its search index) now, not on the first request."""
        for b in self.readable():
            self.book(b)
            self.row(b)
            self.order(b)
            if search:
                self.index(b)
