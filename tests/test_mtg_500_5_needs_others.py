"""500.5 from its text and example: a creature that must block, whose every block alone breaks a restriction
("can't be blocked except by two or more creatures"), could obey its requirement only with creatures under no
requirement blocking too — which 500.5 leaves out: declaring no block is legal, and the ruling cites 500.5
beside 500.4. A creature that can block nothing stays 500.5's other case (requirement_unmeetable)."""
from __future__ import annotations

from pathlib import Path

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

MTG = Path(__file__).resolve().parents[1] / "scenarios" / "mtg"


def _reasons(path: Path, variant=None) -> set:
    out = replay(load_scenario(path), variant)
    assert out.passed, [f.text() for f in out.failures]
    return {(f.rule, f.reason) for s in out.trace.steps for f in s.firings if f.rule.startswith("mtg:500")}


def test_no_block_against_min_blockers_cites_500_5():
    got = _reasons(MTG / "500.5-block-requirements.yaml")
    assert ("mtg:500.5", "requirement_needs_others") in got and ("mtg:500.4", "requirement_not_violated") in got


def test_a_creature_that_can_block_nothing_is_the_other_case():
    got = _reasons(MTG / "500.4-block-requirement-weighed.yaml")
    assert ("mtg:500.5", "requirement_unmeetable") in got and ("mtg:500.5", "requirement_needs_others") not in got
