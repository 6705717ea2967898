"""Which rulebooks exist: the bundled ones and those a user added.

`judge books add PATH --id ID` records a book in `books.json` in the user data
directory; `judge books remove ID` takes it out. Several processes may add
books at once, so every change reads, edits and writes the file under a file
lock (filelock) and replaces it in one rename: no registration is lost and no
reader sees half a file.

An id is what a judge types after `--book`, so it is a short slug (`ID_RULE`);
everything that takes an id checks it the same way (`check_id`).
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, fields
from pathlib import Path

from rulebook.paths import data_dir, replacing
from rulebook.source import RulebookError

DATA = Path(__file__).parent / "data"

ID_RULE = "a book id is 1–32 lowercase letters, digits, '-' or '_', starting with a letter or a digit (e.g. cr2026)"
_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
LOCK_TIMEOUT = 30  # seconds to wait for another `judge books add` to finish writing


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
# What books.json keeps per book (the id is its key; bundled books are never in it).
_STORED = tuple(f.name for f in fields(BookInfo) if f.name not in ("id", "bundled"))


def shown(text: str, limit: int = 40) -> str:
    """A value quoted in a message, cut short (an id may be 5,000 characters of garbage)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def is_id(text: str) -> bool:
    return bool(_ID.fullmatch(text))


def check_id(book_id: str) -> str:
    """`book_id` if it follows `ID_RULE`, otherwise a RulebookError that states the rule."""
    if not is_id(book_id):
        raise RulebookError(f"{shown(book_id)} is not a valid book id: {ID_RULE}")
    return book_id


def registry_file() -> Path:
    """The JSON file where `judge books add` records user books (search indexes watch it too)."""
    return data_dir() / "books.json"


def registered(*, damaged_ok: str | None = None) -> dict[str, BookInfo]:
    """User-added books (`judge books add`), in the order they were added.

    A damaged entry is an error naming it, except the one `damaged_ok` names
    (what `judge books remove` is about to take out): it comes back with only
    its path, if it has one."""
    f = registry_file()
    try:
        text = f.read_text("utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return {}
    except (OSError, UnicodeDecodeError) as e:
        raise RulebookError(f"{f}: cannot read the book registry ({e}); fix or delete it") from None
    return _entries(f, text, damaged_ok)


def _problem(v) -> str:
    """What is wrong with one entry of books.json as read ('' when nothing is)."""
    if not isinstance(v, dict) or not isinstance(v.get("path"), str):
        return 'has no "path"'
    for name in _STORED:
        value = v.get(name)
        if value is not None and not isinstance(value, str):   # a hand-edited entry: said now, not a traceback later
            return f"has a {name!r} that is not text ({shown(json.dumps(value))})"
    return ""


def _entries(f: Path, text: str, damaged_ok: str | None = None) -> dict[str, BookInfo]:
    if not text.strip():
        return {}
    try:
        raw = json.loads(text)
    except ValueError as e:
        raise RulebookError(f"{f}: the book registry is not valid JSON ({e}); fix or delete it") from None
    if not isinstance(raw, dict):
        raise RulebookError(f"{f}: the book registry must be a JSON object of id → book; fix or delete it")
    out = {}
    for k, v in raw.items():
        problem = _problem(v)
        if problem and k == damaged_ok:
            path = v.get("path") if isinstance(v, dict) else None
            out[k] = BookInfo(k, path if isinstance(path, str) else "", "", "", "")
        elif problem:
            raise RulebookError(f"{f}: the entry {shown(k)} {problem}; fix it, or run `judge books remove {k}`")
        else:
            out[k] = BookInfo(id=k, **{name: v.get(name) or ("" if name != "dialect" else None) for name in _STORED})
    return out


def all_books() -> dict[str, BookInfo]:
    return {**BUNDLED, **registered()}


def describe(info: BookInfo) -> str:
    """How a message names a registered book: its id, file and what the user said it is."""
    about = ", ".join(x for x in (info.game, info.edition, info.language) if x)
    return f"{info.id} ({info.path}{'; ' + about if about else ''})"


def record(info: BookInfo, *, force: bool = False) -> BookInfo | None:
    """Add `info` to the registry; returns the entry it replaced, if any.

    An id already registered for another file is refused unless `force`; the
    same file again only updates what is said about it."""
    check_id(info.id)
    if info.id in BUNDLED:
        raise RulebookError(f"{info.id!r} is a bundled book id; choose another id")
    with _locked() as reg:
        old = reg.get(info.id)
        check_replace(old, info.path, force)
        reg[info.id] = info
    return old


def check_replace(old: BookInfo | None, path: str, force: bool) -> None:
    """Refuse to point a registered id at another file, unless `force`; the message says what would be replaced."""
    if old is not None and old.path != path and not force:
        raise RulebookError(f"book id {old.id!r} is already registered for {describe(old)}; "
                            f"`--force` replaces it with {path}, or choose another id")


def unregister(book_id: str) -> BookInfo:
    """Take a user-added book out of the registry (its file is left alone); returns its entry."""
    if book_id in BUNDLED:
        raise RulebookError(f"{book_id!r} is a bundled book; only books added with `judge books add` can be removed")
    with _locked(damaged_ok=book_id) as reg:   # a damaged entry can still be removed, as its message says
        if book_id not in reg:
            known = ", ".join(sorted(reg)) or "none"
            raise RulebookError(f"no added book with id {shown(book_id)} (added books: {known})")
        return reg.pop(book_id)


class _locked:
    """The registry, read under an exclusive lock and written back (atomically) on a clean exit."""

    def __init__(self, damaged_ok: str | None = None):
        self.damaged_ok = damaged_ok

    def __enter__(self) -> dict[str, BookInfo]:
        from filelock import FileLock, Timeout  # start-up: filelock (~10 ms) only to change the registry

        f = registry_file()
        try:
            f.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise RulebookError(f"cannot create the data directory {f.parent} ({e.strerror}); "
                                "set RULES_JUDGE_DATA_DIR to a writable directory") from None
        self.lock = FileLock(str(f) + ".lock", timeout=LOCK_TIMEOUT)
        try:
            self.lock.acquire()
        except Timeout:
            raise RulebookError(f"{f}: another `judge books` command has held the registry lock for "
                                f"{LOCK_TIMEOUT} s; try again") from None
        except OSError as e:
            raise RulebookError(f"cannot lock the book registry {f} ({e.strerror})") from None
        try:
            self.reg = registered(damaged_ok=self.damaged_ok)
        except BaseException:
            self.lock.release()
            raise
        return self.reg

    def __exit__(self, kind, value, tb) -> None:
        try:
            if kind is None:
                f = registry_file()
                data = {k: {name: getattr(v, name) for name in _STORED} for k, v in self.reg.items()}
                try:
                    with replacing(f) as tmp:
                        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2), "utf-8")
                except OSError as e:
                    raise RulebookError(f"cannot write the book registry {f} ({e.strerror})") from None
        finally:
            self.lock.release()


def resolve(ref: str) -> tuple[BookInfo | None, Path]:
    """A `--book` value → (its registry entry if any, the file path).

    An id is looked up; anything that names a file (an existing path, or one
    with a directory separator or a .txt/.md ending) is a path; the rest is an
    unknown id, refused with the list of ids, or with `ID_RULE` if it could
    never be one (`''`, `-x`, a 5,000-character string)."""
    books = all_books()
    if ref in books:
        return books[ref], Path(books[ref].path)
    if not ref.strip():
        raise RulebookError(f"no book given: --book takes a book id ({ID_RULE}) or a path to a rulebook file")
    p = Path(ref)
    try:
        exists = p.exists()
    except (OSError, ValueError):  # a name too long for the file system, or with a NUL: not a file
        exists = False
    if exists or os.sep in ref or ref.endswith((".txt", ".md")):
        return None, p
    if not is_id(ref):
        raise RulebookError(f"{shown(ref)} is neither a book id ({ID_RULE}) nor a file")
    raise RulebookError(f"unknown book {ref!r}: not a book id ({', '.join(sorted(books))}) and not a file")
