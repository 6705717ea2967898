"""The rule registry: every number the MTG module registers exists in the book, ids are namespaced."""
from __future__ import annotations

import pytest

from judge.engine.core.errors import RuleNotInBook
from judge.engine.core.registry import RuleRegistry, sort_key
from judge.engine.games import game_for
from judge.engine.games.mtg.rules import rules
from rulebook.lookup import resolve_one


def test_every_registered_rule_is_in_the_book():
    from rulebook import load_book

    game_for("mtg")          # importing the game registers every module's rules
    book = load_book("mtg")
    assert rules.entries, "the MTG module registered no rules"
    assert rules.missing_in(book) == []
    for num in rules.entries:
        node = resolve_one(book, num)
        assert node is not None and node.kind == "rule", num


def test_ids_are_namespaced_and_every_rule_declares_a_reason():
    for num, e in rules.entries.items():
        assert e.id == f"mtg:{num}"
        assert e.reasons, f"{e.id} declares no reason code"


def test_the_issue_chapters_are_implemented():
    want = ["404.4a", "404.4b", "409.1a", "409.1c", "409.1f", "409.1h", "410.2", "410.3", "410.4", "411.1",
            "413.1", "413.2a", "413.2b", "413.2h", "414.1", "416.3",
            "420.5a", "420.5b", "420.5c", "420.5d", "420.5e", "420.5f", "420.5g", "420.5h", "314.1", "314.2",
            "314.3", "300.3", "212.3d"]
    missing = [w for w in want if w not in rules.entries]
    assert not missing, missing


def test_a_number_not_in_the_book_fails_verification():
    reg = RuleRegistry("mtg", book="mtg")
    reg.declare("420.5c", reasons={"x": "a"})
    reg.declare("999.9z", reasons={"y": "b"})
    with pytest.raises(RuleNotInBook) as e:
        reg.verify()
    assert "999.9z" in str(e.value) and "420.5c" not in str(e.value)


def test_a_reason_code_cannot_change_meaning():
    reg = RuleRegistry("t", book="mtg")
    reg.declare("420.5c", reasons={"lethal": "object damage"})
    with pytest.raises(ValueError):
        reg.declare("420.5b", reasons={"lethal": "object"})


def test_normalize_and_sort():
    assert rules.normalize("102.4.a") == "102.4a"
    assert rules.normalize("mtg:420.5c") == "420.5c"
    assert rules.normalize("wow:709.2a") == "wow:709.2a"
    nums = ["420.5c", "300.3", "212.3d", "413.2h", "413.2a", "410.10d", "410.2"]
    assert sorted(nums, key=sort_key) == ["212.3d", "300.3", "410.2", "410.10d", "413.2a", "413.2h", "420.5c"]


def test_firing_an_undeclared_reason_is_an_engine_bug():
    from judge.engine.core.errors import EngineError
    from judge.engine.games.mtg.game import MtgGame

    g = MtgGame()
    g.begin_step("event", "test")
    with pytest.raises(EngineError):
        g.fire("420.5c", "not_a_declared_code")
    with pytest.raises(EngineError):
        g.fire("999.1", "lethal_damage")
