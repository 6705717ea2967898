"""The offline generators of index/data (index/tools): run again, each reproduces the checked-in table it made,
so a change to a generator, or a hand edit of its table, shows. The corpus-reading one skips without ../shared."""
from __future__ import annotations

import pytest

from index.tools import make_mtg_terms, make_t2s_chars


def test_t2s_chars_regenerates_the_checked_in_table(tmp_path, monkeypatch, capsys):
    """Every character OpenCC t2s changes, in code-point order: 優 and 傳 are in it, 优 and 传 are not. The table names
    the OpenCC that made it (pyproject asks only for a minimum): another release may convert other characters, so
    with another one installed the comparison is skipped, not failed — regenerate deliberately."""
    import opencc

    shipped = make_t2s_chars.OUT.read_text("utf-8")
    made_by = shipped.split()[3]                       # "# Characters OpenCC 1.4.2 t2s converts; …"
    if getattr(opencc, "__version__", "") != made_by:
        pytest.skip(f"the table was made by OpenCC {made_by}; {getattr(opencc, '__version__', '?')} is installed")
    out = tmp_path / "t2s-chars.txt"
    monkeypatch.setattr(make_t2s_chars, "OUT", out)
    assert make_t2s_chars.main() == 0
    assert out.read_text("utf-8") == shipped
    chars = shipped.splitlines()[1]
    assert "優" in chars and "傳" in chars and "优" not in chars and "传" not in chars
    assert list(chars) == sorted(chars)
    assert f"{len(chars)} characters → {out}" in capsys.readouterr().out


def test_t2s_chars_refuses_a_conversion_that_changes_the_number_of_lines(tmp_path, monkeypatch, capsys):
    import opencc

    class Joining:
        def __init__(self, config):
            assert config == "t2s"

        def convert(self, text):
            return text.replace("\n", "", 1)

    monkeypatch.setattr(opencc, "OpenCC", Joining)
    monkeypatch.setattr(make_t2s_chars, "OUT", tmp_path / "t2s-chars.txt")
    assert make_t2s_chars.main() == 1
    assert not (tmp_path / "t2s-chars.txt").exists()
    assert "cannot pair them" in capsys.readouterr().err


def test_mtg_terms_helpers_follow_their_docstrings():
    assert make_mtg_terms._split_names("Control, Controller", "操控，操控者") == [("Control", "操控"), ("Controller", "操控者")]
    assert make_mtg_terms._split_names("Active Player, Nonactive Player Order", "主动牌手") == [
        ("Active Player, Nonactive Player Order", "主动牌手")]                     # counts differ: one pair
    assert make_mtg_terms._clean_zh("践踏（异能）") == "践踏" and make_mtg_terms._clean_zh("死触(keyword)") == "死触"
    assert make_mtg_terms._is_heading("Trample") and not make_mtg_terms._is_heading("Trample is an ability.")
    assert not make_mtg_terms._is_heading("") and not make_mtg_terms._is_heading("x" * 41)
    assert make_mtg_terms._is_heading("x" * 40) and not make_mtg_terms._is_heading("定义：")


def test_mtg_terms_regenerates_the_checked_in_table(shared, tmp_path, monkeypatch, capsys):
    shipped = make_mtg_terms.OUT.read_text("utf-8")
    out = tmp_path / "terms" / "mtg-en.tsv"
    monkeypatch.setattr(make_mtg_terms, "OUT", out)
    assert make_mtg_terms.main(["make_mtg_terms", str(shared)]) == 0
    assert out.read_text("utf-8") == shipped
    rows = [line.split("\t") for line in shipped.splitlines() if not line.startswith("#")]
    assert ["Trample", "践踏"] in [r[:2] for r in rows]
    assert f"{len(rows)} pairs → {out}" in capsys.readouterr().out


def test_mtg_terms_without_corpora_says_where_it_looked(tmp_path, capsys):
    assert make_mtg_terms.main(["make_mtg_terms", str(tmp_path)]) == 1
    assert f"no corpora under {tmp_path}" in capsys.readouterr().err
