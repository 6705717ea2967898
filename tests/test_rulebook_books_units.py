"""Loading a book (rulebook/books.py), unit by unit, on tiny hand-written rulebooks.

Fast on purpose (mutation testing runs these per mutant): no bundled book, no
subprocess, no lock another process holds. Expectations come from the module's
docstrings and the README: a parsed book is cached under the hash of the file's
bytes, the dialect asked for and the parser's fingerprint; an unchanged file is
never parsed twice; older copies of the same file read the same way are swept;
a process loads a book once (keyed by its path, size and modification time);
what the registry says about a book wins over what the parser read.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from rulebook import books, store
from rulebook.model import Book
from rulebook.registry import BookInfo, record, registered
from rulebook.source import RulebookError
from rulebook.version import parser_fingerprint

from watched_reads import watch_reads

MINI = "1. 游戏\n100. 一般规则\n100.1. 第一条。\n100.1a. 子规则。\n"
OTHER = "1. 游戏\n200. 另一节\n200.1. 另一条。\n"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    """Private cache and data directories, and no book remembered from another test."""
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULES_JUDGE_DATA_DIR", str(tmp_path / "data"))
    books._LOADED.clear()
    yield tmp_path
    books._LOADED.clear()


def book_file(home: Path, name: str, text: str = MINI) -> Path:
    p = home / name
    p.write_text(text, encoding="utf-8")
    return p


def cached(home: Path) -> list[str]:
    d = home / "cache" / "books"
    return sorted(p.name for p in d.iterdir()) if d.is_dir() else []


# --- the file's hash and the cache file's name -------------------------------------------------

@pytest.mark.parametrize("size", [0, 5, (1 << 20) - 1, 1 << 20, (5 << 19) + 3])
def test_the_hash_is_the_sha256_of_every_byte(home, size):
    """Read in pieces of 1 MiB: a file shorter, as long as and longer than a piece hashes as a whole."""
    data = (bytes(range(256)) * (size // 256 + 1))[:size][::-1]
    p = home / "f.bin"
    p.write_bytes(data)
    assert books.file_sha256(p) == hashlib.sha256(data).hexdigest()


def test_a_file_that_cannot_be_hashed_is_a_rulebook_error_naming_it(home):
    with pytest.raises(RulebookError, match="gone.txt.*no such file"):
        books.file_sha256(home / "gone.txt")
    with pytest.raises(RulebookError, match="directory"):
        books.file_sha256(home)


def test_the_cache_file_is_named_by_hash_dialect_parser_and_store_format(home):
    digest = "0123456789abcdef" * 4
    fp = parser_fingerprint()
    assert books.cache_file(digest, None) == \
        home / "cache" / "books" / f"0123456789abcdef01234567-auto-p{fp}-s{store.FORMAT}{store.SUFFIX}"
    assert books.cache_file(digest, "wow").name == f"0123456789abcdef01234567-wow-p{fp}-s{store.FORMAT}.sqlite"


# --- load_path: parse once, then read the store -------------------------------------------------

def test_a_first_load_parses_and_stores_and_the_next_reads_the_store(home):
    p = book_file(home, "r.txt")
    first = books.load_path(p, book_id="first")
    assert type(first) is Book and first.id == "first" and first.path == str(p)
    assert first.has("100.1") and first.has("100.1a")
    target = books.cache_file(hashlib.sha256(MINI.encode()).hexdigest(), None)
    assert cached(home) == [target.name]
    again = books.load_path(p, book_id="again")
    assert isinstance(again, store.StoredBook)
    assert again.id == "again" and again.path == str(p)                  # named as asked, not as first stored
    assert again.node("100.1a").text == first.node("100.1a").text
    assert [n.uid for n in again.nodes] == [n.uid for n in first.nodes]


def test_a_dialect_given_is_parsed_with_and_stored_apart(home):
    p = book_file(home, "r.txt")
    auto = books.load_path(p, book_id="x")
    forced = books.load_path(p, book_id="x", dialect="generic")
    assert forced.dialect == "generic" and auto.dialect != "generic"
    assert len(cached(home)) == 2
    assert isinstance(books.load_path(p, book_id="x", dialect="generic"), store.StoredBook)
    assert books.load_path(p, book_id="x", dialect="generic").dialect == "generic"


def test_without_the_cache_the_file_is_parsed_and_nothing_is_stored(home):
    p = book_file(home, "r.txt")
    book = books.load_path(p, book_id="nc", dialect="generic", use_cache=False)
    assert type(book) is Book and (book.id, book.path, book.dialect) == ("nc", str(p), "generic")
    assert cached(home) == []


def test_an_edited_file_is_parsed_again(home):
    p = book_file(home, "r.txt")
    books.load_path(p, book_id="x")
    p.write_text(OTHER, encoding="utf-8")
    edited = books.load_path(p, book_id="x")
    assert type(edited) is Book and edited.has("200.1") and not edited.has("100.1")


def test_a_cache_that_cannot_be_written_is_not_an_error(home, monkeypatch):
    (home / "blocker").write_text("a file, not a folder")
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(home / "blocker" / "cache"))
    p = book_file(home, "r.txt")
    book = books.load_path(p, book_id="x")
    assert type(book) is Book and book.has("100.1a")


def test_a_missing_file_is_a_rulebook_error(home):
    for use_cache in (True, False):
        with pytest.raises(RulebookError, match="no such file"):
            books.load_path(home / "gone.txt", book_id="x", use_cache=use_cache)


# --- the sweep of older copies -------------------------------------------------------------------

def test_the_sweep_removes_older_copies_of_the_same_reading_only(home):
    """Removed: the same file read the same way by another parser or store format, and the whole-book
    pickles of before the store. Kept: another dialect's copy, another file's, a file being written."""
    digest = "ab" * 32
    current = books.cache_file(digest, None)
    d = current.parent
    d.mkdir(parents=True)
    names = {
        "current": current.name,
        "older parser": f"{digest[:24]}-auto-p0old-s1.sqlite",
        "older format": f"{digest[:24]}-auto-p{parser_fingerprint()}-s0.sqlite",
        "old pickle": f"{digest[:24]}-auto-p0old.pickle",
        "old pickle of a dialect": f"{digest[:24]}-wow-p0old.pickle",
        "another dialect": f"{digest[:24]}-wow-p0old-s1.sqlite",
        "being written": current.name + "x1y2.tmp",
        "another file": f"{'cd' * 12}-auto-p0old-s1.sqlite",
        "another file's pickle": f"{'cd' * 12}-auto-p0old.pickle",
    }
    for name in names.values():
        (d / name).write_bytes(b"x")
    books._sweep(current, digest, None)
    assert cached(home) == sorted(names[k] for k in ("current", "another dialect", "being written", "another file",
                                                      "another file's pickle"))


def test_the_sweep_of_a_dialect_keeps_the_automatic_reading(home):
    digest = "ab" * 32
    current = books.cache_file(digest, "wow")
    current.parent.mkdir(parents=True)
    auto, old_wow = books.cache_file(digest, None).name, f"{digest[:24]}-wow-p0old-s1.sqlite"
    for name in (current.name, auto, old_wow):
        (current.parent / name).write_bytes(b"x")
    books._sweep(current, digest, "wow")
    assert cached(home) == sorted([current.name, auto])


def test_an_old_copy_that_cannot_be_removed_is_left_without_an_error(home):
    digest = "ab" * 32
    current = books.cache_file(digest, None)
    current.parent.mkdir(parents=True)
    (current.parent / f"{digest[:24]}-auto-p0old-s1.sqlite").mkdir()      # a folder: unlink fails
    (current.parent / f"{digest[:24]}-auto-p0old.pickle").mkdir()
    (current.parent / f"{digest[:24]}-auto-p0gone-s1.sqlite").write_bytes(b"x")
    books._sweep(current, digest, None)
    assert cached(home) == sorted([f"{digest[:24]}-auto-p0old-s1.sqlite", f"{digest[:24]}-auto-p0old.pickle"])


def test_a_load_sweeps_the_copy_an_older_parser_left(home):
    p = book_file(home, "r.txt")
    digest = hashlib.sha256(MINI.encode()).hexdigest()
    d = home / "cache" / "books"
    d.mkdir(parents=True)
    (d / f"{digest[:24]}-auto-p0old-s1.sqlite").write_bytes(b"stale")
    books.load_path(p, book_id="x")
    assert cached(home) == [books.cache_file(digest, None).name]


# --- load_book: by id or path, once per process ----------------------------------------------------

def test_a_path_is_loaded_under_its_own_name_and_once(home):
    p = book_file(home, "r.txt")
    book = books.load_book(str(p))
    assert book.id == str(p) and book.path == str(p) and book.has("100.1a")
    assert books.load_book(str(p)) is book


def test_a_changed_file_is_loaded_again(home):
    p = book_file(home, "r.txt")
    first = books.load_book(str(p))
    p.write_text(OTHER, encoding="utf-8")
    second = books.load_book(str(p))
    assert second is not first and second.has("200.1")


def test_the_memo_knows_a_file_by_its_size_and_by_its_time(home):
    """Two edits the memo must notice: another size at the same time stamp, another time at the same size."""
    p = book_file(home, "r.txt")
    st = p.stat()
    first = books.load_book(str(p))
    p.write_text(MINI + "100.2. 第二条。\n", encoding="utf-8")
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))                       # same time, another size
    grown = books.load_book(str(p))
    assert grown is not first and grown.has("100.2")
    same_size = MINI.replace("第一条", "头一条")
    assert len(same_size.encode()) == len(MINI.encode())
    p.write_text(same_size, encoding="utf-8")
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))       # same size as the first, another time
    edited = books.load_book(str(p))
    assert edited is not first and edited is not grown and "头一条" in edited.node("100.1").text


def test_two_files_alike_in_size_and_time_are_two_books(home):
    a, b = book_file(home, "a.txt"), book_file(home, "b.txt", MINI.replace("第一条", "头一条"))
    st = a.stat()
    os.utime(b, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert "头一条" in books.load_book(str(b)).node("100.1").text
    assert "第一条" in books.load_book(str(a)).node("100.1").text


def test_each_dialect_and_each_name_of_a_file_is_its_own_load(home):
    p = book_file(home, "r.txt")
    record(BookInfo("cr", str(p), "万智牌", "", ""))
    by_path, by_id = books.load_book(str(p)), books.load_book("cr")
    assert by_path.id == str(p) and by_id.id == "cr"                      # the same file, named two ways
    assert by_id.game == "万智牌" and by_path.game != "万智牌"
    generic = books.load_book(str(p), dialect="generic")
    assert generic.dialect == "generic" and generic is not by_path and books.load_book(str(p)) is by_path


def test_a_load_without_the_cache_is_neither_remembered_nor_served_from_memory(home):
    p = book_file(home, "r.txt")
    remembered = books.load_book(str(p))
    fresh = books.load_book(str(p), use_cache=False)
    assert fresh is not remembered and type(fresh) is Book
    assert books.load_book(str(p), use_cache=False) is not fresh
    assert books.load_book(str(p)) is remembered


def test_a_missing_file_is_an_error_each_time(home):
    with pytest.raises(RulebookError, match="no such file"):
        books.load_book(str(home / "gone.txt"))
    assert books._LOADED == {}


def test_what_the_registry_says_wins_over_what_the_parser_read(home):
    p = book_file(home, "r.txt", "# 万智牌完整规则\n2026年4月17日\n" + MINI)
    parsed = books.load_path(p, book_id="x", use_cache=False)
    assert parsed.game and parsed.edition                                  # the parser reads both from the head
    record(BookInfo("said", str(p), "Magic", "", "en", "generic"))
    book = books.load_book("said")
    assert (book.id, book.game, book.edition, book.language) == ("said", "Magic", parsed.edition, "en")
    assert book.dialect == "generic"                                       # the recorded dialect is the one read


def test_register_parses_once_and_records_what_was_given(home):
    p = book_file(home, "r.txt")
    book, info, old = books.register(p, "cr", game="万智牌", edition="2026", language="zh-Hans", dialect="generic")
    assert (book.id, book.dialect, book.path) == ("cr", "generic", str(p.resolve()))
    assert info == BookInfo("cr", str(p.resolve()), "万智牌", "2026", "zh-Hans", "generic") and old is None
    assert registered()["cr"] == info


def test_register_stores_an_absolute_path(home, monkeypatch):
    monkeypatch.chdir(home)
    book_file(home, "rel.txt")
    _, info, _ = books.register("rel.txt", "rel")
    assert info.path == str(home.resolve() / "rel.txt") and Path(info.path).is_absolute()


def test_register_refuses_a_bad_id_a_bundled_id_and_a_taken_id_before_reading(home):
    unreadable = home / "latin.txt"
    unreadable.write_bytes("100.1. Règle générale\n".encode("latin-1"))  # would be a decoding error if read
    with pytest.raises(RulebookError, match="not a valid book id"):
        books.register(unreadable, "Bad")
    with pytest.raises(RulebookError) as e:
        books.register(unreadable, "mtg")
    assert str(e.value) == "'mtg' is a bundled book id; choose another id"
    books.register(book_file(home, "r.txt"), "cr")
    with pytest.raises(RulebookError, match="already registered"):
        books.register(unreadable, "cr")
    assert list(registered()) == ["cr"]


def test_register_with_force_points_the_id_at_the_new_file_and_returns_the_old_entry(home):
    a, b = book_file(home, "a.txt"), book_file(home, "b.txt", OTHER)
    _, first, _ = books.register(a, "cr")
    book, info, old = books.register(b, "cr", force=True)
    assert old == first and info.path == str(b.resolve()) and book.has("200.1")
    assert registered()["cr"].path == str(b.resolve())


# --- what mutation testing asked for ------------------------------------------------------------------

def test_the_memo_knows_a_file_by_its_full_path_not_by_the_name_typed(home, monkeypatch):
    """The same relative name in two folders is two files: the memo is keyed by the resolved path, so
    `r.txt` typed in another folder (same size, same time stamp) is that folder's book."""
    a, b = home / "a", home / "b"
    a.mkdir()
    b.mkdir()
    book_file(a, "r.txt")
    book_file(b, "r.txt", MINI.replace("第一条", "头一条"))
    st = (a / "r.txt").stat()
    os.utime(b / "r.txt", ns=(st.st_atime_ns, st.st_mtime_ns))
    monkeypatch.chdir(a)
    assert "第一条" in books.load_book("r.txt").node("100.1").text
    monkeypatch.chdir(b)
    assert "头一条" in books.load_book("r.txt").node("100.1").text


def test_without_a_ref_the_book_is_the_bundled_mtg_one(home):
    book = books.load_book()
    assert book.id == "mtg" and book.game == books.BUNDLED["mtg"].game and book.has("420.5c")


def test_the_hash_never_asks_for_the_whole_file_at_once(home, monkeypatch):
    """The docstring's promise: a cached lookup in a 20 MB book never holds the whole file. Every read
    asks for a bounded piece, smaller than this 3 MiB file (reading it all at once is `read()` / `read(-1)`)."""
    reads = watch_reads(monkeypatch, books)
    data = bytes(range(256)) * (3 << 12)                                    # 3 MiB
    p = home / "big.bin"
    p.write_bytes(data)
    assert books.file_sha256(p) == hashlib.sha256(data).hexdigest()
    assert reads and all(isinstance(asked, int) and 0 < asked < len(data) for asked, _ in reads)
    assert sum(got for _, got in reads) == len(data)


# --- what the unit-only selection missed (killed before only by the slower files) ---------------------

def test_register_without_metadata_records_only_the_file(home):
    """Nothing said about the book is recorded as nothing: the parser's reading is not written into the registry."""
    p = book_file(home, "r.txt")
    _, info, _ = books.register(p, "bare")
    assert (info.game, info.edition, info.language, info.dialect) == ("", "", "", None)
    assert registered()["bare"] == info


def test_registering_the_same_file_again_is_an_update_not_a_refusal(home):
    p = book_file(home, "r.txt")
    books.register(p, "cr", game="旧")
    _, info, old = books.register(p, "cr", game="新")
    assert old.game == "旧" and info.game == "新" and registered()["cr"].game == "新"


def test_load_book_keeps_the_parsed_book_in_the_cache(home):
    p = book_file(home, "r.txt")
    books.load_book(str(p))
    assert cached(home) == [books.cache_file(hashlib.sha256(MINI.encode()).hexdigest(), None).name]
