"""Where search indexes live (index/store.py): keys, the remembered key, builds, stale and damaged
directories, status and clearing, with the index builder replaced by one that writes a marker file.

test_index.py checks the same with real builds; here each case costs milliseconds, so that mutation
testing can afford to run them for every change of store.py (issue 9 §8).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from index import ANALYZER_VERSION, store

TINY = "1. 游戏概念\n100. 总则\n100.1. 这些规则适用于任何游戏。\n"


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "cache"
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(d))
    return d


@pytest.fixture
def builds(monkeypatch):
    """The real builder replaced: each build writes `built` (its number) and returns a meta record."""
    import index.build

    done = []

    def fake(book, dest, *, progress, jieba_cache):
        dest.mkdir(parents=True)              # a new directory, as the real builder expects
        progress("indexing", 1, 1)
        done.append(dest)
        (dest / "built").write_text(str(len(done)), encoding="utf-8")
        assert jieba_cache == store.root() / ".jieba-cache"
        return {"docs": len(book.nodes), "sha256": book.sha256}

    monkeypatch.setattr(index.build, "build", fake)
    return done


@pytest.fixture
def book(tmp_path) -> Path:
    p = tmp_path / "book.txt"
    p.write_text(TINY, encoding="utf-8")
    return p


def test_the_key_is_made_of_the_content_the_parser_the_analyzer_and_the_tables(book, cache):
    from rulebook.version import parser_fingerprint

    from index.vocab import data_digest

    ref = store.resolve(str(book))
    import hashlib

    sha = hashlib.sha256(book.read_bytes()).hexdigest()
    assert ref.sha256 == sha and ref.path == book.resolve() and ref.ref == str(book) and ref.id == str(book.resolve())
    assert ref.key == f"{sha[:16]}-p{parser_fingerprint()}-a{ANALYZER_VERSION}-{data_digest()}"
    assert store.index_dir(ref) == cache / "index" / ref.key


def test_a_remembered_key_costs_no_hashing_until_something_it_depends_on_changes(book, cache, monkeypatch):
    import rulebook.source

    first = store.resolve(str(book))
    entry = json.loads((cache / "index" / "refs.json").read_text("utf-8"))[str(book)]
    assert entry["key"] == first.key and entry["path"] == str(book.resolve())

    def no_reading(path):
        raise AssertionError("the book was read again")

    monkeypatch.setattr(rulebook.source, "read_bytes", no_reading)
    again = store.resolve(str(book))
    assert (again.key, again.id, again.path, again.sha256, again.ref) == (first.key, first.id, first.path,
                                                                        first.sha256, first.ref)
    monkeypatch.undo()
    book.write_text(TINY + "100.2. 新规则。\n", encoding="utf-8")
    assert store.resolve(str(book)).key != first.key               # the file changed: hashed again


def test_a_remembered_key_follows_the_vocabulary_tables(book, cache, monkeypatch):
    first = store.resolve(str(book))
    monkeypatch.setattr(store, "data_stamp", lambda: [["common.tsv", 1, 2]])   # index.vocab's, as store has them
    monkeypatch.setattr(store, "data_digest", lambda: "0123abcd")
    assert store.resolve(str(book)).key == first.key.rsplit("-", 1)[0] + "-0123abcd"


@pytest.mark.parametrize("refs", ["{not json", "[1, 2]", '{"%s": "a string"}', '{"%s": {"key": "x"}}',
                                  '{"%s": {"path": 3, "registry": null, "signature": []}}'])
def test_a_damaged_memory_of_keys_is_ignored_and_rewritten(book, cache, refs):
    f = cache / "index" / "refs.json"
    f.parent.mkdir(parents=True)
    f.write_text(refs.replace("%s", str(book)), encoding="utf-8")
    ref = store.resolve(str(book))
    assert ref.sha256 in ref.key or ref.key.startswith(ref.sha256[:16])
    assert json.loads(f.read_text("utf-8"))[str(book)]["key"] == ref.key


def test_a_registered_book_is_known_by_its_id_and_follows_the_registry(tmp_path, cache, monkeypatch):
    from rulebook.books import register

    monkeypatch.setenv("RULES_JUDGE_DATA_DIR", str(tmp_path / "data"))
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(TINY, encoding="utf-8")
    b.write_text(TINY + "100.2. 新规则。\n", encoding="utf-8")
    register(a, "tinycr")
    ref = store.resolve("tinycr")
    assert (ref.id, ref.path, ref.ref) == ("tinycr", a.resolve(), "tinycr")
    register(b, "tinycr", force=True)        # the id names another file now: the remembered key is stale
    assert store.resolve("tinycr").path == b.resolve()


def test_every_books_key_is_remembered(book, cache):
    other = book.parent / "other.txt"
    other.write_text(TINY + "100.3. 另一本书。\n", encoding="utf-8")
    store.resolve(str(book))
    store.resolve(str(other))
    assert set(json.loads((cache / "index" / "refs.json").read_text("utf-8"))) == {str(book), str(other)}


def test_an_unwritable_cache_only_means_the_slow_path(book, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(blocker / "cache"))     # under a file: cannot be created
    assert store.resolve(str(book)).key == store.resolve(str(book)).key


def test_an_index_is_built_once_and_then_found(book, cache, builds):
    ref = store.resolve(str(book))
    notes = []
    d = store.ensure(ref, notice=notes.append)
    assert d == store.index_dir(ref) and (d / "built").read_text("utf-8") == "1"
    meta = store.read_meta(d)
    assert meta["path"] == str(book.resolve()) and meta["book_id"] == ref.id and meta["sha256"] == ref.sha256
    assert store.ensure(ref, notice=notes.append) == d and len(builds) == 1 and notes == []
    assert not [p for p in d.parent.iterdir() if ".tmp-" in p.name or ".old-" in p.name]


def test_a_build_reports_progress_to_whoever_asked(book, cache, builds):
    calls = []
    store.ensure(store.resolve(str(book)), progress=lambda *a: calls.append(a))
    assert calls == [("indexing", 1, 1)]


def test_the_cache_files_keep_chinese_as_written(tmp_path, cache, builds):
    """meta.json and refs.json are data a judge may open: a book's Chinese name stays Chinese in them,
    not \\u escapes."""
    p = tmp_path / "万智牌规则.txt"
    p.write_text(TINY, encoding="utf-8")
    d = store.ensure(store.resolve(str(p)))
    assert "万智牌规则.txt" in (d / "meta.json").read_text("utf-8")
    assert "万智牌规则.txt" in (store.root() / "refs.json").read_text("utf-8")


def test_a_build_makes_the_cache_folders_it_needs(book, cache, builds, monkeypatch):
    """The cache removed (or moved by RULES_JUDGE_CACHE_DIR) between resolving the book and building
    its index: the build creates the folders again."""
    ref = store.resolve(str(book))
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(cache / "elsewhere" / "deeper"))
    d = store.ensure(ref)
    assert d == cache / "elsewhere" / "deeper" / "index" / ref.key and (d / "built").is_file()


def test_a_leftover_of_a_crashed_build_is_no_obstacle(book, cache, builds):
    ref = store.resolve(str(book))
    leftover = store.root() / f".{ref.key}.tmp-{os.getpid()}"
    leftover.mkdir(parents=True)
    (leftover / "half-written").write_text("x", encoding="utf-8")
    d = store.ensure(ref)
    assert not leftover.exists() and not (d / "half-written").exists()


def test_a_failed_build_leaves_nothing_behind(book, cache, monkeypatch):
    import index.build

    def boom(book, dest, **k):
        dest.mkdir(parents=True)
        raise RuntimeError("disk full")

    monkeypatch.setattr(index.build, "build", boom)
    ref = store.resolve(str(book))
    with pytest.raises(RuntimeError):
        store.ensure(ref)
    assert [p.name for p in store.root().iterdir() if p.is_dir()] == []


def test_a_build_in_progress_elsewhere_is_not_swept_as_stale(book, cache, builds):
    old = store.ensure(store.resolve(str(book)))
    other = old.parent / f".{old.name}.tmp-99999"          # another process, half-way through
    other.mkdir()
    (other / "meta.json").write_text(json.dumps({"path": str(book.resolve())}), encoding="utf-8")
    book.write_text(TINY + "100.2. 新规则。\n", encoding="utf-8")
    store.ensure(store.resolve(str(book)))
    assert other.exists() and not old.exists()


def test_a_forced_build_replaces_the_index(book, cache, builds):
    ref = store.resolve(str(book))
    d = store.ensure(ref)
    assert store.ensure(ref, force=True) == d and (d / "built").read_text("utf-8") == "2"
    assert not [p for p in d.parent.iterdir() if ".tmp-" in p.name or ".old-" in p.name]


def test_a_damaged_index_is_reported_and_rebuilt(book, cache, builds):
    ref = store.resolve(str(book))
    d = store.ensure(ref)
    (d / "meta.json").unlink()
    notes = []
    assert store.ensure(ref, notice=notes.append) == d
    assert notes == [f"the search index of {ref.id} is damaged (no meta.json); rebuilding it"]
    assert (d / "built").read_text("utf-8") == "2" and store.read_meta(d) is not None
    (d / "meta.json").unlink()                 # damaged again, and this time the rebuild fails:
    book.write_text(TINY + "100.2. 新规则。\n", encoding="utf-8")      # the book changed after it was resolved
    with pytest.raises(store.IndexError_):
        store.ensure(ref)
    assert not d.exists()                      # the damaged index is gone all the same


def test_an_edited_book_gets_a_new_index_and_the_old_one_goes(book, cache, builds):
    old = store.ensure(store.resolve(str(book)))
    other = book.parent / "other.txt"
    other.write_text(TINY + "100.3. 另一本书。\n", encoding="utf-8")
    kept = store.ensure(store.resolve(str(other)))                 # another file: never swept with this one
    book.write_text(TINY + "100.2. 新规则。\n", encoding="utf-8")
    ref = store.resolve(str(book))
    notes = []
    new = store.ensure(ref, notice=notes.append)
    assert new != old and not old.exists() and kept.exists()
    assert notes == [f"the book {ref.id} or the search analyzer changed since its index was built; rebuilding it"]


def test_a_book_that_changes_during_its_build_is_refused(book, cache, builds, monkeypatch):
    ref = store.resolve(str(book))
    book.write_text(TINY + "100.2. 新规则。\n", encoding="utf-8")
    with pytest.raises(store.IndexError_, match="changed while its index was being built"):
        store.ensure(ref)
    assert builds == [] and not store.index_dir(ref).exists()


def test_a_build_that_waits_too_long_for_the_lock_says_what_to_delete(book, cache, builds, monkeypatch):
    import filelock

    def stuck(self, timeout=None, *a, **k):
        assert timeout == 600
        raise filelock.Timeout(self.lock_file)

    monkeypatch.setattr(filelock.FileLock, "acquire", stuck)
    ref = store.resolve(str(book))
    with pytest.raises(store.IndexError_) as e:
        store.ensure(ref)
    assert "for 10 minutes" in str(e.value) and f"{ref.key}.lock" in str(e.value)


def test_a_build_that_finds_the_index_made_while_it_waited_uses_it(book, cache, builds, monkeypatch):
    ref = store.resolve(str(book))
    d = store.ensure(ref)
    assert store.build(ref) == d and len(builds) == 1


def test_status_lists_complete_and_damaged_indexes_and_clear_removes_them(book, cache, builds):
    ref = store.resolve(str(book))
    d = store.ensure(ref)
    damaged = d.parent / "damaged-key"
    damaged.mkdir()
    (d.parent / ".hidden-tmp").mkdir()
    (d.parent / ".jieba-cache").mkdir()
    entries = store.entries()
    assert [(p.name, m is None) for p, m in entries] == sorted([(d.name, False), ("damaged-key", True)])
    assert store.size_of(d) == sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) > 0
    assert store.clear(ref) == 1 and not d.exists() and damaged.exists()
    # clearing one book keeps what the others use: the remembered keys, jieba's cache
    assert (d.parent / "refs.json").exists() and (d.parent / ".jieba-cache").exists()
    assert store.clear() == 1 and not damaged.exists()
    assert not (d.parent / ".hidden-tmp").exists() and not (d.parent / "refs.json").exists()
    assert not (d.parent / ".jieba-cache").exists()
    assert store.entries() == [] and store.clear() == 0


def test_clearing_one_book_finds_its_indexes_by_path(book, cache, builds):
    old = store.ensure(store.resolve(str(book)))
    book.write_text(TINY + "100.2. 新规则。\n", encoding="utf-8")
    ref = store.resolve(str(book))
    (old.parent / "copy").mkdir()
    (old.parent / "copy" / "meta.json").write_text(json.dumps({"path": str(book.resolve())}), encoding="utf-8")
    # any version of the book, by the path its meta names: the old index and the copy
    assert store.clear(ref) == 2 and not (old.parent / "copy").exists() and not old.exists()


def test_nothing_to_list_or_clear_without_a_cache(cache):
    assert store.entries() == [] and store._stale_dirs(store.BookRef("x", Path("x"), "0", "x", "k")) == []
    assert store.clear() == 0
    assert store.read_meta(cache / "nowhere") is None


def test_the_cache_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "c"))
    assert store.root() == tmp_path / "c" / "index" and store.cache_dir() == tmp_path / "c"
    assert os.fspath(store._refs_file()) == os.fspath(tmp_path / "c" / "index" / "refs.json")
