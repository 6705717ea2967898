"""The parsed-book cache: one SQLite file per book version, one row per node.

Why not one pickle of the whole graph: a lookup needs a handful of nodes, and
unpickling every node of a 20 MB rulebook (an 80 MB pickle) to show one rule
took 4.9 s and 579 MB. Here a lookup reads the rows it asks for by primary key
and nothing else, so its cost does not grow with the book.

What is stored, generically (never a hand list of fields, so new model fields
need nothing here):
- `nodes`: one row per node in document order, the node pickled whole (every
  dataclass field of `Node` and of the `RuleRef`s inside it), next to the
  columns a lookup searches by (uid, kind);
- `meta`: one row per field of `Book` that is not one of the lookup tables
  below, pickled;
- the lookup tables of `Book` as indexed tables: `keys` (`by_key`), `glossary`
  (`glossary_index`), `cited` (`cited_by`), and `tree` (which number sits
  directly under which, printed or implied, for `Book.child_keys`).

The file is written to a temporary name and moved into place in one
`os.replace`, so a reader never sees half a file and opens it as immutable.
Pickle is safe here for the same reason the old whole-book pickle was: the
files live in the user's own cache directory and are named by the hash of the
rulebook and of the parser that wrote them.
"""
from __future__ import annotations

import pickle
import sqlite3
import threading
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Iterator, Mapping

from rulebook import ids
from rulebook.model import GLOSSARY, RULE, Book, Node
from rulebook.paths import replacing
from rulebook.source import RulebookError

# Bumped whenever the layout below changes; kept in the file (PRAGMA user_version).
FORMAT = 1
SUFFIX = ".sqlite"

# Fields of Book stored as tables of their own (the rest go to `meta`).
TABLES = ("nodes", "by_key", "glossary_index", "cited_by", "_by_uid")

_SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE nodes (seq INTEGER PRIMARY KEY, uid TEXT NOT NULL, kind TEXT NOT NULL, data BLOB NOT NULL);
CREATE TABLE keys (key TEXT NOT NULL, uid TEXT);
CREATE TABLE tree (parent TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (parent, key)) WITHOUT ROWID;
CREATE TABLE glossary (term TEXT NOT NULL, uid TEXT NOT NULL);
CREATE TABLE cited (uid TEXT NOT NULL, source TEXT);
"""
# Made after the rows are in (building an index once is faster than keeping it
# up to date row by row). The tables keep their rows in the order of the dicts
# they come from (rowid), so a book read back iterates exactly as it was parsed.
_INDEXES = """
CREATE UNIQUE INDEX nodes_uid ON nodes (uid);
CREATE INDEX nodes_kind ON nodes (kind, seq);
CREATE INDEX keys_key ON keys (key);
CREATE UNIQUE INDEX glossary_term ON glossary (term);
CREATE INDEX cited_uid ON cited (uid);
"""


def _dumps(value) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _tree_pairs(keys) -> set[tuple[str, str]]:
    """(parent, child) for every printed number and every number above it ('' is the top)."""
    pairs: set[tuple[str, str]] = set()
    for key in keys:
        child = key
        while True:
            parent = ids.parent_key(child)
            if (parent or "", child) in pairs:
                break
            pairs.add((parent or "", child))
            if parent is None:
                break
            child = parent
    return pairs


def _rows_of(table: dict[str, list[str]]):
    """(key, item) rows of a dict of lists; an empty list is one row with a NULL item, so it comes back."""
    for key, items in table.items():
        if not items:
            yield key, None
        for item in items:
            yield key, item


def save(book: Book, target: Path) -> None:
    """Write `book` to `target` (atomically: a temporary file, then one rename)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with replacing(target) as tmp:
        con = sqlite3.connect(tmp)
        try:
            con.execute("PRAGMA journal_mode=OFF")
            con.execute("PRAGMA synchronous=OFF")
            con.executescript(_SCHEMA)
            con.executemany("INSERT INTO nodes VALUES (?, ?, ?, ?)",
                            ((i, n.uid, n.kind, _dumps(n)) for i, n in enumerate(book.nodes)))
            con.executemany("INSERT INTO keys VALUES (?, ?)", _rows_of(book.by_key))
            con.executemany("INSERT INTO tree VALUES (?, ?)", sorted(_tree_pairs(book.by_key)))
            con.executemany("INSERT INTO glossary VALUES (?, ?)", book.glossary_index.items())
            con.executemany("INSERT INTO cited VALUES (?, ?)", _rows_of(book.cited_by))
            con.executemany("INSERT INTO meta VALUES (?, ?)",
                            ((f.name, _dumps(getattr(book, f.name))) for f in fields(Book) if f.name not in TABLES))
            con.executescript(_INDEXES)
            con.execute(f"PRAGMA user_version={FORMAT}")
            con.commit()
        finally:
            con.close()


def open_book(file: Path, sha256: str) -> StoredBook | None:
    """The book stored in `file`, or None when there is none (or it is of
    another format, another file's, or unreadable): the caller parses again."""
    try:
        con = sqlite3.connect(f"{file.absolute().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        if con.execute("PRAGMA user_version").fetchone()[0] != FORMAT:
            raise sqlite3.DatabaseError("another format")
        row = con.execute("SELECT value FROM meta WHERE name='sha256'").fetchone()
        if row is None or pickle.loads(row[0]) != sha256:
            raise sqlite3.DatabaseError("another rulebook")
    except Exception:  # not a database, a foreign or damaged one: parse again and overwrite it
        con.close()
        return None
    return StoredBook(con, file)


class _Table(Mapping):
    """A read-only dict over one lookup table: a key costs one query, its size
    one count, and only iterating reads the whole table, once."""

    def __init__(self, book: StoredBook, name: str, one: str, every: str, count: str, many: bool):
        self._book, self._name, self._one, self._every, self._count, self._many = book, name, one, every, count, many
        self._all: dict | None = None

    def _fetch(self, key):
        rows = self._book._rows(self._one, (key,))
        if not rows:
            return None
        return [r[0] for r in rows if r[0] is not None] if self._many else rows[0][0]

    def _load(self) -> dict:
        if self._all is None:
            out: dict = {}
            for k, v in self._book._rows(self._every, ()):
                if self._many:
                    items = out.setdefault(k, [])
                    if v is not None:
                        items.append(v)
                else:
                    out[k] = v
            self._all = out
        return self._all

    def __getitem__(self, key):
        if self._all is not None:
            return self._all[key]
        value = self._fetch(key) if isinstance(key, str) else None
        if value is None:
            raise KeyError(key)
        return value

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __iter__(self) -> Iterator:
        return iter(self._load())

    def __len__(self) -> int:
        if self._all is not None:
            return len(self._all)
        return self._book._rows(self._count, ())[0][0]

    def keys(self):
        return self._load().keys()

    def items(self):
        return self._load().items()

    def values(self):
        return self._load().values()

    def __eq__(self, other) -> bool:
        return dict(self.items()) == (dict(other.items()) if isinstance(other, Mapping) else other)

    def __repr__(self) -> str:
        return f"<{self._name} of {self._book.path} (stored)>"


_TABLE_SQL = {  # one key, the whole table, its number of keys, several values per key
    "by_key": ("SELECT uid FROM keys WHERE key=? ORDER BY rowid", "SELECT key, uid FROM keys ORDER BY rowid",
               "SELECT COUNT(DISTINCT key) FROM keys", True),
    "glossary_index": ("SELECT uid FROM glossary WHERE term=?", "SELECT term, uid FROM glossary ORDER BY rowid",
                       "SELECT COUNT(*) FROM glossary", False),
    "cited_by": ("SELECT source FROM cited WHERE uid=? ORDER BY rowid", "SELECT uid, source FROM cited ORDER BY rowid",
                 "SELECT COUNT(DISTINCT uid) FROM cited", True),
}
_DEFAULTS = {f.name: f for f in fields(Book)}


class StoredBook(Book):
    """A `Book` read from the store on demand.

    It answers everything a `Book` does. What a lookup asks (`node`, `has`,
    `by_key.get`, `glossary_index.get`, `cited_by.get`, `child_keys`,
    `keys_under`, `breadcrumb`) reads only the rows needed; what walks the whole graph
    (`nodes`, iterating a table) reads it all, once. Nodes keep their identity:
    the same uid always gives the same object. Safe to share between threads.
    """

    __slots__ = ("_con", "_file", "_lock", "_cache")

    def __init__(self, con: sqlite3.Connection, file: Path):  # noqa: D107 - Book's fields are filled on first use
        self._con, self._file, self._lock, self._cache = con, file, threading.Lock(), {}

    # -- reading rows
    def _rows(self, sql: str, args: tuple) -> list[tuple]:
        try:
            with self._lock:
                return self._con.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as e:
            try:
                self._file.unlink()
            except OSError:
                pass
            try:  # the book's path from its slot only: reading it from the damaged file would land here again
                book = object.__getattribute__(self, "path")
            except AttributeError:
                book = "a rulebook"
            raise RulebookError(f"the cached copy of {book} in {self._file} is damaged ({e}); "
                                "it has been removed: run the command again") from None

    def _node(self, blob: bytes) -> Node:
        node = pickle.loads(blob)
        return self._cache.setdefault(node.uid, node)

    def __getattr__(self, name: str):
        """Book's fields are read when first asked for (an unset slot lands here)."""
        if name == "nodes":
            value = [self._cache.get(uid) or self._node(blob)
                     for uid, blob in self._rows("SELECT uid, data FROM nodes ORDER BY seq", ())]
        elif name in _TABLE_SQL:
            value = _Table(self, name, *_TABLE_SQL[name])
        elif name == "_by_uid":
            value = {n.uid: n for n in self.nodes}
        elif name in _DEFAULTS:
            rows = self._rows("SELECT value FROM meta WHERE name=?", (name,))
            f = _DEFAULTS[name]
            value = pickle.loads(rows[0][0]) if rows else (f.default_factory() if f.default is MISSING else f.default)
        else:
            raise AttributeError(name)
        setattr(self, name, value)
        return value

    def __reduce__(self):
        """Pickled (or deep-copied) as the plain `Book` it stands for."""
        values = {f.name: getattr(self, f.name) for f in fields(Book) if f.name != "_by_uid"}
        return (_plain_book, ({k: dict(v.items()) if isinstance(v, _Table) else v for k, v in values.items()},))

    # -- what a lookup asks
    def node(self, uid: str) -> Node:
        hit = self._cache.get(uid)
        if hit is not None:
            return hit
        rows = self._rows("SELECT data FROM nodes WHERE uid=?", (uid,))
        if not rows:
            raise KeyError(uid)
        return self._node(rows[0][0])

    def has(self, uid: str) -> bool:
        return uid in self._cache or bool(self._rows("SELECT 1 FROM nodes WHERE uid=?", (uid,)))

    def breadcrumb(self, node: Node) -> list[Node]:
        chain, seen = [], set()
        cur: Node | None = node
        while cur is not None and cur.uid not in seen:
            seen.add(cur.uid)
            chain.append(cur)
            cur = self.node(cur.parent) if cur.parent and self.has(cur.parent) else None
        return list(reversed(chain))

    def child_keys(self, key: str | None = None) -> list[str]:
        rows = self._rows("SELECT key FROM tree WHERE parent=?", (key or "",))
        return sorted((r[0] for r in rows), key=ids.sort_key)

    def keys_under(self, key: str) -> list[str]:
        # '/' follows '.' in ASCII: the keys starting with "key." are exactly those in ["key.", "key/")
        rows = self._rows("SELECT DISTINCT key FROM keys WHERE key >= ? AND key < ?", (key + ".", key + "/"))
        return [r[0] for r in rows]

    def _of_kind(self, kind: str):
        return (self._cache.get(uid) or self._node(blob)
                for uid, blob in self._rows("SELECT uid, data FROM nodes WHERE kind=? ORDER BY seq", (kind,)))

    def rules(self):
        return self._of_kind(RULE)

    def glossary(self):
        return self._of_kind(GLOSSARY)

    def reindex(self) -> None:
        self._by_uid = {n.uid: n for n in self.nodes}


def _plain_book(values: dict) -> Book:
    return Book(**values)
