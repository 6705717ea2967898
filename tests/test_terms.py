"""rulebook.terms: the English number of a glossary word, and the names a headword with alternatives gives.

Written for the survivors a mutation run over rulebook/ left (each branch of `other_numbers` and the quote
stripping of `alternatives` had no test of its own)."""
from __future__ import annotations

import pytest

from rulebook.terms import alternatives, inverted, other_numbers, variant_keys


@pytest.mark.parametrize("word, other", [
    ("abilities", ["ability"]), ("ties", ["tie"]),              # -ies needs a stem: "ties" is tie + s
    ("flies", ["fly"]),                                         # … and five letters are enough for one
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


def test_variant_keys_change_the_number_of_the_last_word_only():
    """An English headword of several words answers to the other number of its last word, the words before it
    kept as they are: Activated Mana Abilities → activated mana ability."""
    assert variant_keys("Activated Mana Abilities") == ["activated mana ability"]
    assert variant_keys("Attacking  Creature") == ["attacking creatures"]       # folded: one space between words
    assert variant_keys("Counter") == ["counters"] and variant_keys("  ") == [] and variant_keys("生命") == []


def test_a_glossary_term_in_the_other_number_is_the_entry_itself():
    """`judge rule glossary:counters` names the entry Counter exactly (the index holds the variant), in a book
    whose glossary prints Counter and Activated Ability."""
    from rulebook.lookup import ENTRY, lookup
    from rulebook.parse import parse_text

    book = parse_text("100. General\n\n100.1. A rule.\n\nGlossary\n\nCounter\nA marker.\n\n"
                      "Activated Ability\nAn ability.\n", book_id="en", dialect="mtg")
    for query, title in [("glossary:counters", "Counter"), ("glossary:activated abilities", "Activated Ability")]:
        (hit,) = lookup(book, query)
        assert hit.mode == ENTRY and hit.node.title == title
