"""rulebook.terms: the English number of a glossary word, and the names a headword with alternatives gives.

Written for the survivors a mutation run over rulebook/ left (each branch of `other_numbers` and the quote
stripping of `alternatives` had no test of its own)."""
from __future__ import annotations

import pytest

from rulebook.terms import alternatives, inverted, other_numbers


@pytest.mark.parametrize("word, other", [
    ("abilities", ["ability"]), ("ties", ["tie"]),              # -ies needs a stem: "ties" is tie + s
    ("passes", ["pass"]), ("wishes", ["wish"]), ("matches", ["match"]), ("boxes", ["box"]), ("buzzes", ["buzz"]),
    ("counters", ["counter"]), ("Blockers", ["blocker"]),
    ("status", ["statuses"]), ("basis", ["basises"]), ("class", ["classes"]),   # -us, -is, -ss are singular
    ("ability", ["abilities"]), ("day", ["days"]), ("key", ["keys"]),           # a vowel before y keeps it
    ("wish", ["wishes"]), ("match", ["matches"]), ("box", ["boxes"]), ("buzz", ["buzzes"]), ("card", ["cards"]),
    ("first-strike", ["first-strikes"]), ("ox", []), ("牌手", []), ("1st", []), ("", []),
])
def test_other_numbers(word, other):
    assert other_numbers(word) == other


def test_alternatives_strip_quotes_and_notes():
    assert alternatives("Banding, “Bands with Other”") == ["Banding", "Bands with Other"]
    assert alternatives("「连击」、『双击』") == ["连击", "双击"]
    assert alternatives("蛮化（状况）/已蛮化") == ["蛮化", "已蛮化"]
    assert alternatives("生命，总生命") == ["生命", "总生命"]
    assert alternatives("生命") == [] and alternatives("“生命”，") == []      # one name is no alternatives


def test_inverted_needs_exactly_two_parts():
    assert inverted(["Dual Wield", "Ranged"], {"ranged dual wield"})
    assert inverted(["双持", "远程"], {"远程双持"})
    assert not inverted(["双持", "远程"], {"双持远程"})
    assert not inverted(["a", "b", "c"], {"b a", "c b a"})
