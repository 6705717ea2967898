"""judge/data/templates/explain-select.yaml names reason codes a ruling leaves out (`quiet`) or treats as the
game's frame (`frame`). It is read into sets, so a typo or a repeated line would pass silently: every entry must
be a reason code its game's engine declares, once."""
from __future__ import annotations

from importlib import import_module

import pytest

from judge.engine.games import known_books
from judge.explain.trace import _select


@pytest.mark.parametrize("part", ["quiet", "frame"])
@pytest.mark.parametrize("book", known_books())
def test_every_entry_is_a_declared_reason_code_listed_once(book, part):
    entries = (_select().get(part) or {}).get(book) or []
    registry = import_module(f"judge.engine.games.{book}.rules").rules
    assert len(entries) == len(set(entries)), sorted(e for e in set(entries) if entries.count(e) > 1)
    assert [e for e in entries if e not in registry.codes] == []


def test_the_file_names_only_known_games():
    sel = _select()
    assert set(sel) <= {"quiet", "frame"}
    for part in sel.values():
        assert set(part or {}) <= set(known_books())
