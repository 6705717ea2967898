"""The search index as a cache: keys, atomic builds, locking, stale and damaged indexes."""
from __future__ import annotations

import json
import multiprocessing
import os
import shutil
from pathlib import Path

import pytest

from index import store
from index.search import open_index, search
from rulebook.books import DATA

TINY = """\
1. 游戏概念
100. 总则
100.1. 这些规则适用于任何两位或更多牌手的游戏。
100.2. 构组赛中，每位牌手的套牌至少要有六十张牌。
7. 附加规则
702. 关键字异能
702.19. 践踏
702.19a 此异能允许攻击生物将多余的伤害分配给防御牌手。
702.19b 同一个生物上的多个此异能并无意义。
"""


@pytest.fixture
def tiny(tmp_path) -> Path:
    p = tmp_path / "tiny.txt"
    p.write_text(TINY, encoding="utf-8")
    return p


@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    """A cache directory for this test alone (the session one is shared)."""
    d = tmp_path / "cache"
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(d))
    return d


def test_index_is_keyed_by_content_parser_and_analyzer(tiny, own_cache):
    ref = store.resolve(str(tiny))
    assert ref.sha256[:16] in ref.key and f"-a{store.ANALYZER_VERSION}-" in ref.key
    d = store.ensure(ref)
    assert d == own_cache / "index" / ref.key
    meta = store.read_meta(d)
    # 7 rules, and the two chapters (search indexes every node a user can look up, issue 12)
    assert meta["docs"] == 9 and meta["path"] == str(tiny.resolve())
    assert (d / "words.dict").is_file() and (d / "lookup.json").is_file()
    assert not [p for p in d.parent.iterdir() if ".tmp-" in p.name]


def test_remembered_key_follows_the_parser_fingerprint(tiny, own_cache, monkeypatch):
    """refs.json skips hashing the book, never the check of what the key is made
    of: a change to any parser source file (not only parse.py) selects a new index."""
    first = store.resolve(str(tiny))
    assert store.resolve(str(tiny)).key == first.key   # remembered
    monkeypatch.setattr(store, "parser_fingerprint", lambda: "1-dialectsedit")   # rulebook.version's, as store has it
    again = store.resolve(str(tiny))
    assert again.key != first.key and "-p1-dialectsedit-" in again.key


def test_edited_book_gets_a_new_index_and_the_old_one_goes(tiny, own_cache):
    notes = []
    old = store.ensure(store.resolve(str(tiny)))
    tiny.write_text(TINY + "702.19c 践踏不影响阻挡生物。\n", encoding="utf-8")
    idx = open_index(str(tiny), notice=notes.append)
    assert idx.dir != old and not old.exists()
    assert any("changed" in n for n in notes)
    assert "702.19c" in [h.uid for h in search(idx, "践踏 阻挡生物")]


@pytest.mark.parametrize("damage", ["meta", "segments", "lookup.json", "ranking.marshal", "vocab.json"])
def test_damaged_index_is_rebuilt_with_a_notice(tiny, own_cache, damage):
    d = store.ensure(store.resolve(str(tiny)))
    if damage == "meta":
        (d / "meta.json").write_text("{not json", encoding="utf-8")
    elif "." in damage:   # one of our own files, lost
        (d / damage).unlink()
    else:
        for f in d.glob("*.seg"):
            f.write_bytes(b"garbage")
        for f in d.glob("_MAIN_*.toc"):
            f.write_bytes(b"garbage")
    notes = []
    idx = open_index(str(tiny), notice=notes.append)
    assert notes and "rebuilding" in notes[0]
    assert search(idx, "践踏")[0].uid in ("702.19", "702.19a")


def test_failed_build_leaves_nothing_behind(tiny, own_cache, monkeypatch):
    import index.build

    def boom(*a, **k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(index.build, "build", boom)
    ref = store.resolve(str(tiny))
    with pytest.raises(RuntimeError):
        store.ensure(ref)
    root = own_cache / "index"
    assert not store.index_dir(ref).exists()
    assert not [p for p in root.iterdir() if ".tmp-" in p.name]


def _build_in_child(path: str, cache: str, q) -> None:
    os.environ["RULES_JUDGE_CACHE_DIR"] = cache
    try:
        d = store.ensure(store.resolve(path))
        q.put(str(d))
    except Exception as e:  # pragma: no cover - reported to the parent
        q.put(f"error: {e!r}")


def test_two_processes_building_at_once_agree(tiny, own_cache):
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    procs = [ctx.Process(target=_build_in_child, args=(str(tiny), str(own_cache), q)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    dirs = {q.get(timeout=5) for _ in procs}
    assert len(dirs) == 1 and not next(iter(dirs)).startswith("error"), dirs
    root = own_cache / "index"
    assert [p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")] == [Path(dirs.pop()).name]
    assert not [p for p in root.iterdir() if ".tmp-" in p.name or ".old-" in p.name]


def test_cache_dir_agrees_with_rulebook(monkeypatch, tmp_path):
    from rulebook.books import cache_dir

    assert store.cache_dir() == cache_dir()
    monkeypatch.delenv("RULES_JUDGE_CACHE_DIR")
    assert store.cache_dir() == cache_dir()


def test_clear_and_status(tiny, own_cache):
    ref = store.resolve(str(tiny))
    store.ensure(ref)
    assert [m["path"] for _, m in store.entries()] == [str(tiny.resolve())]
    assert store.clear(ref) == 1
    assert store.entries() == []


def test_pruned_dictionary_segments_the_book_like_the_full_one(own_cache):
    """The index ships a small jieba dictionary; it must cut the book's text
    exactly as the full dictionary (plus the book's terms) did at build time."""
    from index.analysis import han_runs
    from index.documents import book_terms, documents
    from index.normalize import normalize
    from index.segment import Segmenter
    from index.vocab import vocabulary
    from rulebook import load_book

    book = load_book("wow")
    d = store.ensure(store.resolve("wow"))
    words = {normalize(w) for w in book_terms(book)} | vocabulary("wow").user_words()
    full, pruned = Segmenter.full(words), Segmenter.load(d / "words.dict")
    runs = {r for doc in documents(book) for r in han_runs(normalize(doc.text + doc.title + doc.section))}
    assert len(runs) > 500
    assert [r for r in runs if full.words(r) != pruned.words(r)] == []
    assert pruned.tk.total == full.tk.total
    # and our DAG + route is jieba's own precise mode without HMM
    assert [r for r in runs if list(full.tk.cut(r, HMM=False)) != [g[0] for g in pruned.words(r)]] == []
    # and the words inside each word are jieba's search mode (which yields them before the word)
    assert [r for r in runs
            if list(full.tk.cut_for_search(r, HMM=False)) != [w for g in pruned.words(r) for w in g[1:] + g[:1]]] == []


def test_lookup_tables(own_cache):
    d = store.ensure(store.resolve("wow"))
    lk = json.loads((d / "lookup.json").read_text("utf-8"))
    assert lk["names"]["优先权"] == "glossary:优先权"
    assert lk["names"]["priority"] == "glossary:优先权"
    assert lk["keys"]["704.1.a"] == "704.1a"
    from index.vocab import english_key

    # the English names the book prints join the game's table, ahead of it
    english = json.loads((d / "vocab.json").read_text("utf-8"))["english"]
    assert english[english_key("Priority")][0] == "优先权"
    assert english[english_key("Exhaust")][0] == "横置"
    assert "盟军" in english[english_key("ally")]          # index/data/terms/wow-en.tsv


def test_glossary_cites_and_weighted_lengths(own_cache):
    import marshal

    d = store.ensure(store.resolve("wow"))
    rk = marshal.loads((d / "ranking.marshal").read_bytes())
    meta = json.loads((d / "meta.json").read_text("utf-8"))
    assert len(rk["lengths"]) == meta["docs"] and all(x > 0 for x in rk["lengths"])
    assert rk["cites"] and all(isinstance(t, int) for ts in rk["cites"].values() for t in ts)
    assert "优先权" in rk["terms"]


def test_edition_pairs_table_is_loaded():
    from index.vocab import vocabulary

    v = vocabulary("mtg")
    assert "邪计" in v.synonyms["阴谋"]          # generated: index/data/lexicon/mtg-editions.tsv
    assert "坟墓场" in v.synonyms["墓地"]        # hand-written: lexicon/mtg.tsv


def test_edition_pairs_generator(shared):
    from index.tools.make_mtg_editions import pairs

    found = {(a, b) for a, b, _ in pairs(shared)}
    assert ("阴谋", "邪计") in found and ("忠诚度", "忠诚") in found
    assert not any(a == "持续" for a, _ in found)   # still an everyday word in 2026
