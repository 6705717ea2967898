"""index/normalize.py: one normal form for book and query text.

Every test starts with cold caches: OpenCC and the table of Traditional
characters are loaded once per process, and a warm cache hid what loads them
(mutation testing found every mutant of `_opencc` alive for that reason)."""
from __future__ import annotations

import pytest

from index import normalize as N


@pytest.fixture(autouse=True)
def cold(monkeypatch):
    monkeypatch.setattr(N, "_converter", None)
    monkeypatch.setattr(N, "_traditional", None)


def test_full_width_case_and_traditional_are_one_form():
    assert N.normalize("ＡＢＣ１２３") == "abc123"          # NFKC: full-width → half-width
    assert N.normalize("ﬁrst Trample") == "first trample"   # NFKC ligature, then case
    assert N.normalize("Straße") == "strasse"                # casefold, not lower
    assert N.normalize("傳奇規則") == "传奇规则"
    assert N.normalize("連結") == "连结"                      # t2s, not tw2sp (链接)


def test_the_table_of_traditional_characters_is_the_data_file_without_its_header():
    chars = N._traditional_chars()
    assert "連" in chars and "傳" in chars and "连" not in chars
    assert not any(c.isascii() for c in chars)             # the '# Characters OpenCC …' line is left out
    assert len(chars) > 3000
    assert N._traditional_chars() is chars                   # read once


def test_a_missing_table_means_every_non_ascii_text_goes_through_opencc(monkeypatch, tmp_path):
    monkeypatch.setattr(N, "__file__", str(tmp_path / "normalize.py"))
    assert N._traditional_chars() == frozenset()
    assert N.to_simplified("連結") == "连结" and N._converter is not None


def test_opencc_is_loaded_only_for_text_it_would_change():
    assert N.to_simplified("Trample 100.1a") == "Trample 100.1a" and N._converter is None    # ASCII
    assert N.to_simplified("连结和优先权") == "连结和优先权" and N._converter is None          # Simplified
    assert N.to_simplified("優先權") == "优先权" and N._converter is not None
    loaded = N._converter
    assert N.to_simplified("傳奇") == "传奇" and N._converter is loaded                       # loaded once
