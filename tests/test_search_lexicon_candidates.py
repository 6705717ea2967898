"""Issue 16, session 5: player vocabulary transcribed from public sources is a
candidate table (benchmarks/lexicon-candidates/), measured with
`benchmarks/search_quality.py --lexicon` exactly as if it were shipped, and
shipped only if it helps the tune sets. These tests pin what the measurement
relies on: the candidate table reads, names an address on every line, and
expands the words its sources define; a malformed table is refused with its
file and line."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from index import vocab

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = ROOT / "benchmarks" / "lexicon-candidates"
_PATH = ROOT / "benchmarks" / "search_quality.py"


@pytest.fixture
def quality():
    spec = importlib.util.spec_from_file_location("benchmarks.search_quality", _PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def restore_data(monkeypatch):
    """`with_tables` repoints the vocabulary's data folder: undo it after each test."""
    monkeypatch.setattr(vocab, "DATA", vocab.DATA)
    vocab.vocabulary.cache_clear()
    vocab.data_digest.cache_clear()
    yield
    vocab.vocabulary.cache_clear()
    vocab.data_digest.cache_clear()


def test_every_candidate_table_reads_and_each_line_names_an_address():
    tables = sorted(CANDIDATES.glob("*.tsv"))
    assert tables
    for t in tables:
        entries = vocab.read_lexicon(t)
        assert entries, t
        for e in entries:
            assert "https://" in e.source or "http://" in e.source or e.source.startswith("github "), (t, e.line)


def test_a_candidate_entry_expands_as_its_source_defines_it(quality, restore_data):
    """ZanderH-code/mtg-ai-backend's glossary: 补牌 = draw, and the CR's word for
    drawing is 抓牌 (rule 121); MTG Wiki: a bounce returns a card on the
    battlefield to its owner's hand. A player entry weighs 0.5. (Its ETB entry
    is shipped since session 8, in mtg.tsv.)"""
    before = vocab.vocabulary("mtg")
    assert "补牌" not in before.synonyms and "bounce" not in before.synonyms
    digest = vocab.data_digest()
    quality.with_tables([CANDIDATES / "mtg-players.tsv"])
    v = vocab.vocabulary("mtg")
    assert "抓牌" in v.synonyms["补牌"]
    assert v.synonyms["bounce"] == ["移回", "拥有者", "手上"]
    assert v.weights.get("补牌", {}).get("抓牌", vocab.SYNONYM) == vocab.KINDS["player"] == 0.5
    assert vocab.data_digest() != digest  # indexes built with the table have their own key


def test_the_shipped_tables_are_left_untouched(quality, restore_data, tmp_path):
    shipped = vocab.DATA
    extra = tmp_path / "mtg-extra.tsv"
    extra.write_text("补牌\t->\t抓牌\tplayer\thttps://example.org: 补牌 = draw\n", encoding="utf-8")
    data = quality.with_tables([extra])
    assert (data / "lexicon" / "mtg-extra.tsv").is_file()
    assert not (shipped / "lexicon" / "mtg-extra.tsv").exists()
    files = vocab.lexicon_files("mtg")
    assert all(f.parent == data / "lexicon" for f in files)   # the copy of the data is read, every table of it
    names = [f.name for f in files]
    assert names[:2] == ["common.tsv", "mtg.tsv"] and names[2:] == sorted(names[2:]) and "mtg-rewordings.tsv" in names
    assert data / "lexicon" / "mtg-extra.tsv" in vocab.lexicon_files("mtg")


def test_a_malformed_candidate_table_is_refused_with_file_and_line(quality, restore_data, tmp_path):
    bad = tmp_path / "mtg-bad.tsv"
    bad.write_text("# a comment\n补牌\t->\t抓牌\tplayer\n", encoding="utf-8")
    shipped = vocab.DATA
    with pytest.raises(ValueError) as e:
        quality.with_tables([bad])
    assert f"{bad}:2:" in str(e.value) and "5 tab-separated columns" in str(e.value)
    assert vocab.DATA == shipped  # nothing repointed


def test_a_candidate_named_like_a_shipped_table_is_refused(quality, restore_data, tmp_path):
    """A candidate called mtg.tsv would silently replace the shipped mtg.tsv (measuring the table
    *instead of* the lexicon): refused, naming the file."""
    clash = tmp_path / "mtg.tsv"
    clash.write_text("补牌\t->\t抓牌\tplayer\thttps://example.org: 补牌 = draw\n", encoding="utf-8")
    shipped = vocab.DATA
    with pytest.raises(SystemExit, match="mtg.tsv"):
        quality.with_tables([clash])
    assert vocab.DATA == shipped
