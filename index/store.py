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
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from index import ANALYZER_VERSION
from index.vocab import data_digest, data_stamp
from rulebook.paths import cache_dir as _cache_dir
from rulebook.version import parser_fingerprint

Notice = Callable[[str], None]


class IndexError_(Exception):
    """An index could not be built or opened; the message says why."""


@dataclass
class BookRef:
    id: str         # registry id, or the path as given
    path: Path
    sha256: str
    ref: str        # what the user typed for --book (passed on to rulebook.load_book)
    key: str        # the index directory's name


def make_key(sha256: str) -> str:

    # the parser's fingerprint, not just its version number: an index must be
    # rebuilt whenever the graph it was built from could have changed
    return f"{sha256[:16]}-p{parser_fingerprint()}-a{ANALYZER_VERSION}-{data_digest()}"


def cache_dir() -> Path:
    """The user cache directory (`rulebook.paths`, a light module: a search
    that finds its index never loads the parser)."""
    return _cache_dir()


def root() -> Path:
    return cache_dir() / "index"


def resolve(ref: str) -> BookRef:
    """A `--book` value → its file, content hash and index key, without parsing the book.

    The answer is remembered in `refs.json` next to the indexes together with
    what it depends on (the size and modification time of the file, of the
    book registry and of the vocabulary tables, and the parser's fingerprint);
    while those are unchanged, resolving costs a few `stat` calls instead of
    importing the parser and hashing the file (~25 ms of a cold `judge search`)."""
    fast = _remembered(ref)
    if fast is not None:
        return fast
    from rulebook.books import registry_file  # start-up: rulebook.books (~14 ms: sqlite3, pickle) only when the book is not remembered
    from rulebook.books import resolve as resolve_book  # start-up: as above
    from rulebook.source import read_bytes  # start-up: as above


    info, path = resolve_book(ref)
    data = read_bytes(path)
    sha = hashlib.sha256(data).hexdigest()
    book = BookRef(info.id if info else str(path), path.resolve(), sha, ref, make_key(sha))
    _remember(book, str(registry_file()))  # `judge books add` may point an id at another file
    return book


def _stamp(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _signature(path: str, registry: str) -> list:
    """What a remembered key depends on. The parser's part is the fingerprint
    `make_key` puts in the key itself (a hash of every parser source file, a
    fraction of a millisecond), so the two can never disagree about which
    parser change makes an index stale."""

    return [_stamp(path), _stamp(registry), parser_fingerprint(), ANALYZER_VERSION, data_stamp()]


def _refs_file() -> Path:
    return root() / "refs.json"


def _remembered(ref: str) -> BookRef | None:
    try:
        refs = json.loads(_refs_file().read_text("utf-8"))
    except (OSError, ValueError):
        return None
    entry = refs.get(ref) if isinstance(refs, dict) else None  # valid JSON, but not ours: the slow path
    if not isinstance(entry, dict):
        return None
    try:
        if entry["signature"] != _signature(entry["path"], entry["registry"]):
            return None
        return BookRef(entry["id"], Path(entry["path"]), entry["sha256"], ref, entry["key"])
    except (KeyError, TypeError):
        return None


def _remember(book: BookRef, registry: str) -> None:
    """Best effort: a read-only cache only means the slow path next time."""
    f = _refs_file()
    try:
        try:
            refs = json.loads(f.read_text("utf-8"))
            if not isinstance(refs, dict):
                refs = {}
        except (OSError, ValueError):
            refs = {}
        refs[book.ref] = {"id": book.id, "path": str(book.path), "sha256": book.sha256, "key": book.key,
                          "registry": registry, "signature": _signature(str(book.path), registry)}
        f.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=f.parent, prefix=".refs", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(refs, fh, ensure_ascii=False)
        os.replace(tmp, f)
    except OSError:
        pass


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
    from filelock import FileLock, Timeout  # start-up: filelock (~10 ms) only to build an index

    from index.build import build as build_into  # start-up: index.build (~14 ms) only to build an index

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
        from rulebook import load_book  # start-up: rulebook.books (~14 ms: sqlite3, pickle) only to build an index

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
        for leftover in (r.glob(".*") if r.is_dir() else []):   # build leftovers, jieba's .jieba-cache
            if leftover.is_dir():
                remove(leftover)
        try:
            _refs_file().unlink()
        except OSError:
            pass
    return n
