"""The alignment cache (rulebook/editions/cache.py, issue 18), as its docstring states it:
pickled in `<user cache dir>/alignments/`, keyed by both books' content hashes, the parser
fingerprint and the aligner's (its version and a hash of its source files), written
atomically, under a file lock per key so a second process waits for the first one's result.
"""
from __future__ import annotations

import hashlib
import pickle
import shutil
from pathlib import Path

import pytest

from rulebook.editions import align as align_mod
from rulebook.editions import cache
from rulebook.parse import parse_text

OLD = "1. 总则\n100. 一般规则\n100.1. 每位玩家的起始生命为二十点。\n100.2. 玩家每回合可以使用一张地牌。\n"
NEW = "1. 总则\n100. 一般规则\n100.1. 每位牌手的起始生命为二十点。\n100.2. 牌手每回合可以使用一张地牌。\n"
GLOSS_OLD = OLD + "词汇表\n\n阴谋\n一种非传统的大尺寸卡牌，只用于魔王休闲玩法，放在阴谋套牌里。\n"
GLOSS_NEW = NEW + "词汇表\n\n邪计\n一种非传统的大尺寸卡牌，只用于魔王休闲玩法，放在邪计套牌里。\n"


def books(old=OLD, new=NEW):
    return parse_text(old, book_id="old", dialect="mtg"), parse_text(new, book_id="new", dialect="mtg")


@pytest.fixture
def cache_home(monkeypatch, tmp_path) -> Path:
    home = tmp_path / "not" / "there" / "yet"
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(home))
    return home


def no_align(monkeypatch):
    monkeypatch.setattr(cache, "align", lambda *a, **k: pytest.fail("aligned again"))


# ---------------------------------------------------------------- the key


def test_the_entry_is_named_by_both_books_hashes_and_both_fingerprints(cache_home):
    from rulebook.version import parser_fingerprint

    old, new = books()
    path = cache.cache_file(old, new)
    assert path.parent == cache_home / "alignments"
    assert path.name == (f"{old.sha256[:16]}-{new.sha256[:16]}-p{parser_fingerprint()}"
                         f"-a{cache.aligner_fingerprint()}.pickle")
    ids = cache.cache_file(old, new, use_ids=True)
    assert ids.parent == path.parent and ids.name == path.name.replace(".pickle", "-ids.pickle")


def test_an_alignment_that_reads_rule_numbers_is_cached_apart_and_aligned_with_them(cache_home, monkeypatch):
    old, new = books()
    seen = []
    real = align_mod.align

    def spy(*a, **k):
        seen.append(k.get("use_ids"))
        return real(*a, **k)

    monkeypatch.setattr(cache, "align", spy)
    cache.cached_alignment(old, new, use_ids=True)
    assert seen == [True] and cache.cache_file(old, new, use_ids=True).exists()
    assert not cache.cache_file(old, new).exists()
    cache.cached_alignment(old, new)
    assert seen == [True, False] and cache.cache_file(old, new).exists()


def test_the_aligner_fingerprint_is_its_version_and_a_hash_of_its_sources(monkeypatch, tmp_path):
    """Computed once per process (cleared here), and new when a source file changes."""
    here = Path(cache.__file__).parent
    for name in cache._SOURCES:
        shutil.copy(here / name, tmp_path / name)
    monkeypatch.setattr(cache, "__file__", str(tmp_path / "cache.py"))
    monkeypatch.setattr(cache, "_FINGERPRINT", [])
    h = hashlib.sha256(align_mod.ALIGNER_VERSION.encode())
    for name in cache._SOURCES:
        h.update((tmp_path / name).read_bytes())
    first = cache.aligner_fingerprint()
    assert first == f"{align_mod.ALIGNER_VERSION}-{h.hexdigest()[:12]}"
    (tmp_path / "splits.py").write_text("# another splitter\n", "utf-8")
    assert cache.aligner_fingerprint() == first                 # remembered in this process
    monkeypatch.setattr(cache, "_FINGERPRINT", [])
    assert cache.aligner_fingerprint() not in (first, None)
    assert cache.aligner_fingerprint().startswith(f"{align_mod.ALIGNER_VERSION}-")


# ---------------------------------------------------------------- reading and writing


def test_a_cache_directory_that_does_not_exist_yet_is_made(cache_home):
    old, new = books()
    cache.cached_alignment(old, new)
    assert cache.cache_file(old, new).exists()


def test_the_cached_alignment_carries_the_glossary_and_term_changes(cache_home):
    from rulebook.editions.changes import glossary_changes, term_changes

    old, new = books(GLOSS_OLD, GLOSS_NEW)
    if not list(old.glossary()):
        pytest.skip("the parser does not read this glossary layout")
    al = cache.cached_alignment(old, new)
    assert [(g.kind, g.old, g.new) for g in al.glossary] == [("renamed", "阴谋", "邪计")]
    assert al.glossary == glossary_changes(old, new)
    assert ("阴谋", "邪计", "glossary") in {(t.old, t.new, t.source) for t in al.terms}
    assert al.terms == term_changes(al, old, new, al.glossary)
    stored = pickle.loads(cache.cache_file(old, new).read_bytes())
    assert stored.glossary == al.glossary and stored.terms == al.terms


def test_a_cached_entry_is_read_without_waiting_for_the_lock(cache_home, monkeypatch):
    import filelock

    old, new = books()
    first = cache.cached_alignment(old, new)
    no_align(monkeypatch)
    monkeypatch.setattr(filelock, "FileLock", lambda *a, **k: pytest.fail("waited for the lock"))
    again = cache.cached_alignment(old, new)
    assert [(m.old, m.new) for m in again.matches] == [(m.old, m.new) for m in first.matches]


def test_an_entry_written_while_waiting_for_the_lock_is_read_not_aligned_again(cache_home, monkeypatch):
    """Another process held the lock and wrote the entry: this one reads it once it has the lock."""
    import filelock

    old, new = books()
    done = cache.cached_alignment(old, new, use_cache=False)       # computed, not written
    path = cache.cache_file(old, new)
    assert not path.exists()
    locks = []

    class OtherProcessWrites:
        def __init__(self, name, timeout=-1):
            locks.append((name, timeout))

        def __enter__(self):
            path.write_bytes(pickle.dumps(done))

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(filelock, "FileLock", OtherProcessWrites)
    no_align(monkeypatch)
    al = cache.cached_alignment(old, new)
    assert [(m.old, m.new) for m in al.matches] == [(m.old, m.new) for m in done.matches]
    assert locks == [(str(path) + ".lock", 300)]                # one lock per key, beside its entry


def test_use_cache_false_aligns_again_and_writes_nothing(cache_home, monkeypatch):
    old, new = books()
    cache.cached_alignment(old, new)
    path = cache.cache_file(old, new)
    before = path.read_bytes()
    calls = []
    real = align_mod.align
    monkeypatch.setattr(cache, "align", lambda *a, **k: calls.append(1) or real(*a, **k))
    cache.cached_alignment(old, new, use_cache=False)
    assert calls == [1] and path.read_bytes() == before


def test_the_entry_is_written_through_a_temporary_file_in_its_own_directory(cache_home, monkeypatch, tmp_path):
    """Atomic: a temporary file beside the entry, renamed over it; nothing left elsewhere."""
    import os
    import tempfile

    elsewhere = tmp_path / "system-tmp"
    elsewhere.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(elsewhere))
    renamed = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: renamed.append((Path(a), Path(b))) or real_replace(a, b))
    old, new = books()
    cache.cached_alignment(old, new)
    path = cache.cache_file(old, new)
    [(tmp, dest)] = renamed
    assert dest == path and tmp.parent == path.parent and tmp.name.startswith(path.name) and tmp.suffix == ".tmp"
    assert list(elsewhere.iterdir()) == []
    assert pickle.loads(path.read_bytes()).old_sha256 == old.sha256


def test_a_failed_write_leaves_no_temporary_file_and_still_answers(cache_home, monkeypatch):
    import os

    def full_disk(a, b):
        raise OSError("no space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    old, new = books()
    al = cache.cached_alignment(old, new)
    assert al.matches
    assert [p.name for p in (cache_home / "alignments").iterdir() if not p.name.endswith(".lock")] == []


# ---------------------------------------------------------------- glossary links


def glossary_books():
    here = Path(__file__).parent / "fixtures" / "editions"
    from rulebook import load_book

    return load_book(str(here / "glossary-2022-zh.txt")), load_book(str(here / "glossary-2022-en.txt"))


def test_glossary_links_are_keyed_by_both_books_and_both_fingerprints(cache_home):
    from rulebook.version import parser_fingerprint

    zh, en = glossary_books()
    cache.cached_glossary_links(zh, en)
    name = (f"{zh.sha256[:16]}-{en.sha256[:16]}-p{parser_fingerprint()}-a{cache.aligner_fingerprint()}"
            "-glossary.pickle")
    assert (cache_home / "alignments" / name).exists()


def test_cached_glossary_links_are_read_without_the_lock_and_use_cache_false_links_again(cache_home, monkeypatch):
    import filelock

    from rulebook.editions import glossary

    zh, en = glossary_books()
    first = cache.cached_glossary_links(zh, en)
    real_lock = filelock.FileLock
    monkeypatch.setattr(filelock, "FileLock", lambda *a, **k: pytest.fail("waited for the lock"))
    monkeypatch.setattr(glossary, "link_glossaries", lambda *a, **k: pytest.fail("linked again"))
    assert cache.cached_glossary_links(zh, en) == first
    monkeypatch.setattr(filelock, "FileLock", real_lock)
    monkeypatch.setattr(glossary, "link_glossaries", lambda *a, **k: ["fresh"])
    assert cache.cached_glossary_links(zh, en, use_cache=False) == ["fresh"]


def test_glossary_links_written_while_waiting_for_the_lock_are_read(cache_home, monkeypatch):
    import filelock

    from rulebook.editions import glossary
    from rulebook.version import parser_fingerprint

    zh, en = glossary_books()
    path = cache_home / "alignments" / (f"{zh.sha256[:16]}-{en.sha256[:16]}-p{parser_fingerprint()}"
                                        f"-a{cache.aligner_fingerprint()}-glossary.pickle")
    locks = []

    class OtherProcessWrites:
        def __init__(self, name, timeout=-1):
            locks.append((name, timeout))

        def __enter__(self):
            path.write_bytes(pickle.dumps(["written by the other process"]))

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(filelock, "FileLock", OtherProcessWrites)
    monkeypatch.setattr(glossary, "link_glossaries", lambda *a, **k: pytest.fail("linked again"))
    assert cache.cached_glossary_links(zh, en) == ["written by the other process"]
    assert locks == [(str(path) + ".lock", 300)]
