"""Loading a rulebook by id or path, from its parsed copy when there is one.

Which books exist is `rulebook.registry` (three ship inside the package; a
user adds more with `judge books add PATH --id ID`). A parsed book is kept in
the user cache directory (`rulebook.store`: SQLite, a row per node) under the
hash of the file's bytes and the parser's fingerprint, so a lookup never
re-parses an unchanged file, reads only the nodes it shows, and a parser
change never serves a stale graph.
"""
from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from rulebook import store
from rulebook.model import Book
from rulebook.paths import cache_dir, data_dir  # noqa: F401  (re-exported)
from rulebook.registry import (  # noqa: F401  (re-exported: the registry's names were here first)
    BUNDLED, DATA, BookInfo, all_books, check_id, check_replace, record, registered, registry_file, resolve,
)
from rulebook.source import RulebookError, read_bytes
from rulebook.version import parser_fingerprint


def register(path: str | Path, book_id: str, *, game: str = "", edition: str = "", language: str = "",
             dialect: str | None = None, force: bool = False) -> tuple[Book, BookInfo, BookInfo | None]:
    """Record a rulebook file under an id, after parsing it once to prove it
    reads. Returns the parsed book, its registry entry and the entry it
    replaced (only with `force`: an id already used for another file is refused)."""
    check_id(book_id)
    if book_id in BUNDLED:
        raise RulebookError(f"{book_id!r} is a bundled book id; choose another id")
    p = Path(path).resolve()
    check_replace(registered().get(book_id), str(p), force)  # before the parse; record() checks again under the lock
    book = load_path(p, book_id=book_id, dialect=dialect)
    # only a dialect the user gave is recorded: a detected one is detected again at each parse,
    # so `lint` keeps its evidence (share, runner-up) and never says "dialect given"
    info = BookInfo(book_id, str(p), game, edition, language, dialect)
    return book, info, record(info, force=force)


_LOADED: dict[tuple, Book] = {}


def load_book(ref: str = "mtg", *, dialect: str | None = None, use_cache: bool = True) -> Book:
    """The parsed `Book` for a book id or a path, from the cache when possible.

    Within one process a book is loaded once (keyed by the file's path, size
    and modification time): an engine replaying a hundred scenarios does not
    open the same graph a hundred times. Treat the returned book as
    read-only; it is shared."""
    info, path = resolve(ref)
    try:
        st = path.stat()
        memo_key = (str(path.resolve()), st.st_size, st.st_mtime_ns, dialect, ref, use_cache)
    except OSError:
        memo_key = None
    if memo_key is not None and memo_key in _LOADED:
        return _LOADED[memo_key]
    book = load_path(path, book_id=info.id if info else str(path), dialect=dialect or (info.dialect if info else None),
                     use_cache=use_cache)
    if info:  # what the registry says wins over what the parser read from the text
        book.game, book.edition, book.language = info.game or book.game, info.edition or book.edition, info.language or book.language
    if memo_key is not None and use_cache:
        _LOADED[memo_key] = book
    return book


def load_path(path: str | Path, *, book_id: str, dialect: str | None = None, use_cache: bool = True) -> Book:
    """The book in a file: from the store (`rulebook.store`, only the rows a
    caller asks for) when this version of the file was parsed before by this
    parser, otherwise parsed now and stored for next time."""
    p = Path(path)
    if not use_cache:
        return _parse(read_bytes(p), p, book_id, dialect)
    digest = file_sha256(p)
    book = store.open_book(cache_file(digest, dialect), digest)
    if book is not None:
        book.id, book.path = book_id, str(p)
        return book
    data = read_bytes(p)
    digest = hashlib.sha256(data).hexdigest()  # the file may have changed since it was hashed
    book = _parse(data, p, book_id, dialect)
    target = cache_file(digest, dialect)
    try:
        store.save(book, target)
    except (OSError, sqlite3.Error):
        pass  # a read-only or full cache is not an error; we just parse next time
    else:
        _sweep(target, digest, dialect)
    return book


def _parse(data: bytes, p: Path, book_id: str, dialect: str | None) -> Book:
    from rulebook.parse import parse_bytes  # start-up: the parser (~30 ms) only on a cache miss

    return parse_bytes(data, book_id=book_id, path=str(p), dialect=dialect)


def cache_file(digest: str, dialect: str | None) -> Path:
    """Where the parsed form of a file with this content hash is stored, for this parser and store format."""
    return cache_dir() / "books" / f"{digest[:24]}-{dialect or 'auto'}-p{parser_fingerprint()}-s{store.FORMAT}{store.SUFFIX}"


def _sweep(current: Path, digest: str, dialect: str | None) -> None:
    """Remove what older parsers or store formats kept for the same file read
    the same way (a stale entry is never read again: its name holds the old
    fingerprint). The same file under another dialect is another entry, kept;
    so is a file another process is still writing (`.tmp`)."""
    prefix = f"{digest[:24]}-{dialect or 'auto'}-p"
    for old in current.parent.glob(prefix + "*"):
        if old != current and not old.name.endswith(".tmp"):
            try:
                old.unlink()
            except OSError:
                pass
    for old in current.parent.glob(f"{digest[:24]}-*.pickle"):   # the whole-graph pickles of before the store
        try:
            old.unlink()
        except OSError:
            pass


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file, read in pieces (a cached lookup in a 20 MB book
    never holds the whole file), or the RulebookError that says what is wrong."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            while chunk := fh.read(1 << 20):
                h.update(chunk)
    except OSError:
        read_bytes(path)  # raises the RulebookError that names the problem
        raise
    return h.hexdigest()
