"""Exact matches a judge clearly meant (index/search.py `_pinned`) and a hit's fields (`_hit`), on
lookup tables written here: a rule number in the spellings judges type, a headword, an English name.

test_search.py checks the same through the bundled books; here each spelling is one case and costs
no index (issue 9 §8).
"""
from __future__ import annotations

import shutil
from types import SimpleNamespace

import pytest

from index import search as S
from index.query import Concept, Query
from index.vocab import Vocabulary, english_key

LOOKUP = {"keys": {"420.5": "420.5", "420.5.c": "420.5c", "108.3.d": "108.3.d", "702": "702"},
          "children": {"420.5": ["420.5a", "420.5b"], "702": ["702.1"]},
          "names": {"优先权": "glossary:优先权", "priority": "glossary:优先权", "践踏": "glossary:践踏"}}
VOCAB = Vocabulary("mtg", english={english_key("trample"): ["践踏"], english_key("flying"): ["飞行"]})


@pytest.fixture
def idx():
    return SimpleNamespace(lookup=LOOKUP, vocab=VOCAB)


@pytest.mark.parametrize("text", ["420.5c", "420.5C", "规则420.5c", "420.5.c", "rule 420.5c", "CR 420.5c", " 420.5c "])
def test_a_rule_number_in_any_spelling_finds_the_rule(idx, text):
    assert S._pinned(idx, text) == [("420.5c", "number")]


def test_a_rule_brings_its_subrules_and_a_trailing_dot_the_rule_alone(idx):
    assert S._pinned(idx, "420.5") == [("420.5", "number"), ("420.5a", "number"), ("420.5b", "number")]
    assert S._pinned(idx, "420.5.") == [("420.5", "number")]
    assert S._pinned(idx, "108.3.d") == [("108.3.d", "number")] and S._pinned(idx, "108.3d") == [("108.3.d", "number")]


def test_a_number_the_book_lacks_or_not_a_number_pins_nothing(idx):
    assert S._pinned(idx, "999.1") == [] and S._pinned(idx, "42") == [] and S._pinned(idx, "420.5c 同名") == []


@pytest.mark.parametrize("text", ["优先权", "優先權", "Priority", "glossary:优先权", "glossary: 优先权"])
def test_a_headword_or_alias_finds_the_entry(idx, text):
    assert S._pinned(idx, text) == [("glossary:优先权", "headword")]


def test_a_headword_whose_note_holds_a_colon_is_found_by_its_id():
    from index.normalize import normalize

    head = "放置（译注：中文都译为放置）"           # the 2026 CR prints such notes; NFKC makes the colon ASCII
    idx = SimpleNamespace(lookup={**LOOKUP, "names": {normalize(head): f"glossary:{head}"}}, vocab=VOCAB)
    assert S._pinned(idx, f"glossary:{head}") == [(f"glossary:{head}", "headword")]


def test_an_english_name_of_a_headword_finds_it(idx):
    assert S._pinned(idx, "Trample") == [("glossary:践踏", "headword")]
    assert S._pinned(idx, "flying") == []          # 飞行 is no headword of this book
    assert S._pinned(idx, "践踏 trample") == []     # not one name


def test_a_hit_carries_the_stored_fields_and_marks_what_was_asked():
    stored = {3: {"uid": "702.19b#2", "label": "702.19b", "kind": "rule", "crumb": "7 › 702", "display": "践踏的生物。"}}
    idx = SimpleNamespace(stored=stored.__getitem__)
    q = Query("践踏", "践踏", concepts=[Concept("践踏", "han", show=["践踏"])])
    h = S._hit(idx, 3, 1.234567, "text", q)
    assert (h.uid, h.label, h.kind, h.crumb, h.text, h.score, h.match) == (
        "702.19b#2", "702.19b", "rule", "7 › 702", "践踏的生物。", 1.2346, "text")   # a number printed twice
    assert [h.snippet[a:b] for a, b in h.highlights] == ["践踏"]
    bare = S._hit(SimpleNamespace(stored=lambda d: {"uid": "x"}), 0, 1, "number", q)
    assert (bare.label, bare.kind, bare.crumb, bare.text, bare.snippet) == ("x", "", "", "", "")


# --- search() and open_index() on a small book --------------------------------------------------------

BOOK = ("1. 游戏概念\n100. 总则\n100.1. 这些规则适用于任何两位或更多牌手的游戏。\n"
        "7. 附加规则\n702. 关键字异能\n702.19. 践踏\n"
        "702.19a 此异能允许攻击生物将多余的伤害分配给防御牌手。\n702.19b 同一个生物上的多个践踏异能并无意义。\n"
        "\n词汇表\n\n践踏\n一种关键字异能，允许攻击生物将多余的伤害分配给防御牌手。参见规则702.19。\n")


@pytest.fixture
def book(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    p = tmp_path / "book.txt"
    p.write_text(BOOK, encoding="utf-8")
    return str(p)


def test_opening_builds_once_and_reports_progress_and_notices(book):
    from index import store

    notes, stages = [], []
    idx = S.open_index(book, notice=notes.append, progress=lambda stage, done, total: stages.append(stage))
    assert idx.dir == store.index_dir(store.resolve(book)) and "indexing" in stages and notes == []
    stages.clear()
    again = S.open_index(book, notice=notes.append, progress=lambda *a: stages.append(a))
    assert again.dir == idx.dir and stages == [] and notes == []        # found, not rebuilt
    older = idx.dir.parent / "0-older"                                     # an older index of the same book
    shutil.copytree(idx.dir, older)
    (idx.dir / "vocab.json").unlink()
    (idx.dir / "vocab.json").mkdir()                                      # unreadable, though meta.json is fine
    rebuilt = S.open_index(book, notice=notes.append, progress=lambda stage, done, total: stages.append(stage))
    assert notes and "could not be read (IsADirectoryError)" in notes[0] and (rebuilt.dir / "vocab.json").is_file()
    assert "indexing" in stages                                           # the rebuild reports progress too
    assert len(notes) == 2 and "changed since" in notes[1] and not older.exists()   # … and sweeps the older one
    (rebuilt.dir / "meta.json").unlink()                                   # damaged: the notice says so
    notes.clear()
    S.open_index(book, notice=notes.append)
    assert notes and "damaged" in notes[0]
    assert search_ids(rebuilt, "践踏", 1) == ["glossary:践踏"]


def search_ids(idx, text, limit=10):
    return [h.uid for h in S.search(idx, text, limit)]


def test_a_number_comes_first_with_its_subrules_then_text_hits_without_repeats(book):
    idx = S.open_index(book)
    hits = S.search(idx, "702.19", 10)
    assert [h.uid for h in hits][:3] == ["702.19", "702.19a", "702.19b"]
    assert [h.match for h in hits][:3] == ["number"] * 3
    assert len({h.uid for h in hits}) == len(hits)
    assert hits[0].score == max(h.score for h in hits)       # a pinned hit carries the best score of the query
    assert search_ids(idx, "702.19", 2) == ["702.19", "702.19a"]   # the limit holds for pinned hits too


def test_text_hits_are_ranked_and_limited(book):
    idx = S.open_index(book)
    hits = S.search(idx, "践踏 异能", 2)
    assert len(hits) == 2 and all(h.match == "text" for h in hits)
    assert hits[0].score >= hits[1].score
    assert S.search(idx, "   ") == [] and S.search(idx, "zzzq") == []


def test_a_headword_is_listed_once_though_its_text_matches_too(book):
    idx = S.open_index(book)
    hits = S.search(idx, "践踏", 10)
    assert hits[0].uid == "glossary:践踏" and hits[0].match == "headword"
    assert [h.uid for h in hits].count("glossary:践踏") == 1 and len(hits) > 1
