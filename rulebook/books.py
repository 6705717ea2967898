"""Which rulebooks exist and where their parsed graphs are cached.

Three books ship inside the package (`mtg`, `wow`, `riftbound`); a user adds
more with `judge books add PATH --id ID`, recorded in the user data directory.
A parsed book is kept in the user cache directory (`rulebook.store`: SQLite,
a row per node) under the hash of the file's bytes and the parser's
fingerprint, so a lookup never re-parses an unchanged file, reads only the
nodes it shows, and a parser change never serves a stale graph.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rulebook import store
from rulebook.model import Book
from rulebook.paths import cache_dir, data_dir  # noqa: F401  (re-exported)
from rulebook.source import RulebookError, read_bytes
from rulebook.version import parser_fingerprint

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class BookInfo:
    id: str
    path: str
    game: str
    edition: str
    language: str
    dialect: str | None = None
    bundled: bool = False


BUNDLED: dict[str, BookInfo] = {
    "mtg": BookInfo("mtg", str(DATA / "mtg.txt"), "Magic: The Gathering", "完整规则 2006-10-01 (rules 100–502.5b)", "zh-Hans", "mtg", True),
    "wow": BookInfo("wow", str(DATA / "wow.txt"), "World of Warcraft TCG", "comprehensive rules, 703–803 + 名词解释", "zh-Hans", "wow", True),
    "riftbound": BookInfo("riftbound", str(DATA / "riftbound.txt"), "Riftbound", "core rules, fragments", "zh-Hans", "riftbound", True),
}


def registry_file() -> Path:
    """The JSON file where `judge books add` records user books (search indexes watch it too)."""
    return data_dir() / "books.json"


def registered() -> dict[str, BookInfo]:
    """User-added books (`judge books add`)."""
    f = registry_file()
    if not f.exists():
        return {}
    try:
        raw = json.loads(f.read_text("utf-8"))
    except (OSError, ValueError) as e:
        raise RulebookError(f"{f}: the book registry is not valid JSON ({e}); fix or delete it") from None
    return {k: BookInfo(id=k, **v) for k, v in raw.items()}


def all_books() -> dict[str, BookInfo]:
    return {**BUNDLED, **registered()}


def register(path: str | Path, book_id: str, *, game: str = "", edition: str = "", language: str = "",
             dialect: str | None = None) -> BookInfo:
    """Record a rulebook file under an id; parses it once to prove it reads."""
    if book_id in BUNDLED:
        raise RulebookError(f"{book_id!r} is a bundled book id; choose another id")
    p = Path(path).resolve()
    book = load_path(p, book_id=book_id, dialect=dialect)
    info = BookInfo(book_id, str(p), game, edition, language, dialect or book.dialect)
    reg = {k: {kk: vv for kk, vv in v.__dict__.items() if kk not in ("id", "bundled")} for k, v in registered().items()}
    reg[book_id] = {k: v for k, v in info.__dict__.items() if k not in ("id", "bundled")}
    f = registry_file()
    f.parent.mkdir(parents=True, exist_ok=True)
    _atomic_write(f, json.dumps(reg, ensure_ascii=False, indent=2).encode("utf-8"))
    return info


def resolve(ref: str) -> tuple[BookInfo | None, Path]:
    """A `--book` value → (its registry entry if any, the file path)."""
    books = all_books()
    if ref in books:
        return books[ref], Path(books[ref].path)
    p = Path(ref)
    if p.exists() or os.sep in ref or ref.endswith((".txt", ".md")):
        return None, p
    raise RulebookError(f"unknown book {ref!r}: not a book id ({', '.join(sorted(books))}) and not a file")


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
        _sweep(target)
    return book


def _parse(data: bytes, p: Path, book_id: str, dialect: str | None) -> Book:
    from rulebook.parse import parse_bytes  # only on a cache miss: a cached lookup never imports the parser

    return parse_bytes(data, book_id=book_id, path=str(p), dialect=dialect)


def cache_file(digest: str, dialect: str | None) -> Path:
    """Where the parsed form of a file with this content hash is stored, for this parser and store format."""
    return cache_dir() / "books" / f"{digest[:24]}-{dialect or 'auto'}-p{parser_fingerprint()}-s{store.FORMAT}{store.SUFFIX}"


def _sweep(current: Path) -> None:
    """Remove what older parsers or store formats kept for the same file (a
    stale entry is never read again: its name holds the old fingerprint)."""
    prefix = current.name.split("-", 1)[0] + "-"
    for old in current.parent.glob(prefix + "*"):
        if old != current and not old.name.endswith(".tmp"):
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


def _atomic_write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
