"""Where search indexes live, and how they are built safely.

An index lives in `<cache dir>/index/<key>/`, where the key is the book's
content hash, the parser and analyzer versions and a hash of the vocabulary
tables. So an
edited book, a new analyzer or a changed synonym table simply selects a new
directory, and the old one is swept away after the new one is built.

Safety: the index is built in a temporary directory next to the final one and
moved into place with one `os.replace`, under a file lock per key. Readers
never take the lock: a directory that exists is complete (it carries
`meta.json`, written last). Two processes that both miss the index queue on
the lock; the second finds the first one's result and uses it. A directory
that cannot be opened is reported, removed and rebuilt.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from index import ANALYZER_VERSION

Notice = Callable[[str], None]


class IndexError_(Exception):
    """An index could not be built or opened; the message says why."""


@dataclass
class BookRef:
    id: str         # registry id, or the path as given
    path: Path
    sha256: str
    ref: str        # what the user typed for --book (passed on to rulebook.load_book)

    @property
    def key(self) -> str:
        from rulebook.parse import PARSER_VERSION

        from index.vocab import data_digest

        return f"{self.sha256[:16]}-p{PARSER_VERSION}-a{ANALYZER_VERSION}-{data_digest()}"


def root() -> Path:
    from rulebook.books import cache_dir

    return cache_dir() / "index"


def resolve(ref: str) -> BookRef:
    """A `--book` value → its file and content hash, without parsing the book."""
    from rulebook.books import resolve as resolve_book
    from rulebook.parse import read_bytes

    info, path = resolve_book(ref)
    data = read_bytes(path)
    return BookRef(info.id if info else str(path), path.resolve(), hashlib.sha256(data).hexdigest(), ref)


def index_dir(ref: BookRef) -> Path:
    return root() / ref.key


def _quiet(msg: str) -> None:
    pass


def read_meta(d: Path) -> dict | None:
    try:
        return json.loads((d / "meta.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None


def ensure(ref: BookRef, *, notice: Notice = _quiet, progress=None, force: bool = False) -> Path:
    """The directory of a complete index for `ref`, building it if needed."""
    d = index_dir(ref)
    if not force and read_meta(d) is not None:
        return d
    if not force and d.exists():
        notice(f"the search index of {ref.id} is damaged (no meta.json); rebuilding it")
        remove(d)
    elif not force:
        stale = _stale_dirs(ref)
        if stale:
            notice(f"the book {ref.id} or the search analyzer changed since its index was built; rebuilding it")
    return build(ref, notice=notice, progress=progress, force=force)


def build(ref: BookRef, *, notice: Notice = _quiet, progress=None, force: bool = False) -> Path:
    from filelock import FileLock, Timeout

    from index.build import build as build_into

    d = index_dir(ref)
    d.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(d.parent / f"{ref.key}.lock"))
    try:
        lock.acquire(timeout=600)
    except Timeout:
        raise IndexError_(f"another process has been building the index in {d.parent} for 10 minutes; "
                          f"if none is running, delete {lock.lock_file}") from None
    try:
        if not force and read_meta(d) is not None:
            return d  # another process built it while we waited
        from rulebook import load_book

        book = load_book(ref.ref)
        if book.sha256 != ref.sha256:
            raise IndexError_(f"{ref.path} changed while its index was being built; try again")
        tmp = d.parent / f".{ref.key}.tmp-{os.getpid()}"
        remove(tmp)
        try:
            meta = build_into(book, tmp, progress=progress or (lambda *a: None),
                              jieba_cache=root() / ".jieba-cache")
            meta["path"] = str(ref.path)
            meta["book_id"] = ref.id
            (tmp / "meta.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
            if d.exists():
                old = d.parent / f".{ref.key}.old-{os.getpid()}"
                os.replace(d, old)
                os.replace(tmp, d)
                remove(old)
            else:
                os.replace(tmp, d)
        finally:
            remove(tmp)
        for s in _stale_dirs(ref):
            remove(s)
        return d
    finally:
        lock.release()


def _stale_dirs(ref: BookRef) -> list[Path]:
    """Other index directories built from the same book file (older content or analyzer)."""
    r = root()
    if not r.is_dir():
        return []
    out = []
    for d in r.iterdir():
        if d.is_dir() and not d.name.startswith(".") and d.name != ref.key:
            meta = read_meta(d)
            if meta and meta.get("path") == str(ref.path):
                out.append(d)
    return out


def remove(d: Path) -> None:
    shutil.rmtree(d, ignore_errors=True)


def entries() -> list[tuple[Path, dict | None]]:
    """Every index directory under the root, with its meta (None if damaged)."""
    r = root()
    if not r.is_dir():
        return []
    return [(d, read_meta(d)) for d in sorted(r.iterdir()) if d.is_dir() and not d.name.startswith(".")]


def size_of(d: Path) -> int:
    return sum(f.stat().st_size for f in d.rglob("*") if f.is_file())


def clear(ref: BookRef | None = None) -> int:
    """Remove the indexes of one book (any version), or all of them; returns how many."""
    n = 0
    for d, meta in entries():
        if ref is None or d.name == ref.key or (meta and meta.get("path") == str(ref.path)):
            remove(d)
            n += 1
    if ref is None:
        r = root()
        for leftover in (r.glob(".*") if r.is_dir() else []):
            if leftover.is_dir():
                remove(leftover)
        remove(r / ".jieba-cache")
    return n


def age(d: Path) -> float:
    try:
        return time.time() - (d / "meta.json").stat().st_mtime
    except OSError:
        return 0.0
