"""The blind question sets of issue 16 (benchmarks/questions-fresh-*.jsonl): well-formed
lines, player-sized questions, no duplicates, and every relevant rule id resolves in its
book exactly as benchmarks/search_quality.py compares ids (its `norm_id` against the uids
of `index.documents`). The 2026 CR lives in ../shared and is checked only when present."""
from __future__ import annotations

import importlib.util
import json
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import CORPORA, ROOT

BENCH = ROOT / "benchmarks"
CR_FILE = BENCH / "questions-fresh-cr2026.jsonl"
SEEDS_FILE = BENCH / "questions-fresh-seeds.jsonl"
CR2026 = "mtg-cr-20260417-zh-hans.txt"
FIELDS = {"id", "game", "query", "kind", "relevant", "note"}
SEED_GAMES = {"mtg", "wow", "riftbound"}


def _quality():
    spec = importlib.util.spec_from_file_location("fresh_search_quality", BENCH / "search_quality.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


norm_id = _quality().norm_id


def rows_of(path: Path) -> list[dict]:
    rows = []
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        assert line.strip(), f"{path.name}:{n}: blank line"
        rows.append(json.loads(line))          # a malformed line fails here, naming nothing else
    return rows


@lru_cache(maxsize=None)
def known_ids(ref: str) -> frozenset[str]:
    from rulebook import load_book

    from index.documents import documents

    return frozenset(norm_id(d.uid) for d in documents(load_book(ref)))


def unresolved(rows: list[dict], known) -> list[str]:
    """`id: rule` for every relevant id that is not a document of its book."""
    return [f"{r['id']}: {u}" for r in rows for u in r["relevant"] if norm_id(u) not in known(r)]


def check_shape(rows: list[dict], games: set[str], prefix: str) -> None:
    for r in rows:
        assert set(r) == FIELDS, (r.get("id"), sorted(set(r) ^ FIELDS))
        assert r["id"].startswith(prefix), r["id"]
        assert r["game"] in games, r
        assert r["kind"] == "question", r
        assert isinstance(r["query"], str) and 8 <= len(r["query"]) <= 40, (r["id"], len(r["query"]))
        assert isinstance(r["relevant"], list) and 1 <= len(r["relevant"]) <= 3, r["id"]
        assert all(isinstance(u, str) and u.strip() == u and u for u in r["relevant"]), r["id"]
        assert len({norm_id(u) for u in r["relevant"]}) == len(r["relevant"]), r["id"]
        assert isinstance(r["note"], str) and 5 <= len(r["note"].split()) <= 15, (r["id"], r["note"])
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "duplicate ids"


def test_the_2026_cr_set_is_well_formed():
    rows = rows_of(CR_FILE)
    assert len(rows) >= 70
    check_shape(rows, {"mtg-cr-2026"}, "f26-")


def test_the_bundled_books_set_is_well_formed():
    rows = rows_of(SEEDS_FILE)
    assert len(rows) >= 30
    check_shape(rows, SEED_GAMES, "fs-")
    per_game = {g: sum(r["game"] == g for r in rows) for g in SEED_GAMES}
    assert min(per_game.values()) >= 10, per_game


def test_no_question_is_asked_twice():
    queries = [r["query"] for p in (CR_FILE, SEEDS_FILE) for r in rows_of(p)]
    # also after normalising width and the ending punctuation
    def key(q):
        import unicodedata
        return unicodedata.normalize("NFKC", q).rstrip("?？。.")
    assert len(queries) == len(set(queries))
    assert len({key(q) for q in queries}) == len(queries)


def test_every_relevant_rule_resolves_in_its_bundled_book():
    rows = rows_of(SEEDS_FILE)
    assert unresolved(rows, lambda r: known_ids(r["game"])) == []


def test_every_relevant_rule_resolves_in_the_2026_cr():
    path = CORPORA / CR2026
    if not path.is_file():
        pytest.skip(f"{CR2026} is not available (../shared only on developer machines and CI)")
    rows = rows_of(CR_FILE)
    assert unresolved(rows, lambda r: known_ids(str(path))) == []


@pytest.mark.parametrize("typo", ["108.3.c.2", "108.8.a", "10.8.3.c.1", "glossary:不存在的词"])
def test_a_typo_in_a_rule_id_is_caught(typo):
    """The resolution check itself: one real id, then the same row with a wrong id."""
    good = {"id": "fs-x", "game": "riftbound", "relevant": ["108.3.c.1"]}
    assert unresolved([good], lambda r: known_ids(r["game"])) == []
    bad = dict(good, relevant=["108.3.c.1", typo])
    assert unresolved([bad], lambda r: known_ids(r["game"])) == [f"fs-x: {typo}"]


def test_a_typo_in_a_2026_cr_id_is_caught():
    path = CORPORA / CR2026
    if not path.is_file():
        pytest.skip(f"{CR2026} is not available")
    row = {"id": "f26-x", "game": "mtg-cr-2026", "relevant": ["704.5q", "704.5o", "glossary:单色"]}
    # 704.5o does not exist (the CR skips the letter o), the other two do
    assert unresolved([row], lambda r: known_ids(str(path))) == ["f26-x: 704.5o"]


def test_both_sets_are_registered_as_set_aside():
    """search_quality.py counts every row and never lists them (`--failures` skips held-out parts)."""
    sets = {Path(q).name: (title, book, part) for title, q, book, part in _quality().SETS}
    title, book, part = sets[CR_FILE.name]
    assert (title, Path(book).name, part) == ("2026 CR fresh (blind)", CR2026, "held-out set")
    assert sets[SEEDS_FILE.name] == ("bundled books fresh (blind)", None, "held-out set")
    assert _quality().select([{"query": "x"}] * 3, "held-out set") == [{"query": "x"}] * 3
