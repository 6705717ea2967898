"""The rules of the turn structure, zones and spells implemented from their text (300.1 301.1 302.1 305.1 305.2
312.1 103.1 200.3 213.1 213.4 401.2 305.4 217.4c 217.2c 212.4e 212.2h 214.2 202.3 203.2c 310.2e 217.9b 217.9d):
each bundled scenario that shows one, base and variants, replays with its expectations met — a firing that
moves, goes missing or appears where a variant says it must not fails here, in process (so a mutation run sees
it), besides `judge check`."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.scenario.load import instances, load_scenario
from judge.engine.scenario.run import replay

MTG = Path(__file__).resolve().parents[1] / "scenarios" / "mtg"
FILES = ("300.1-turn-goes-through-phases", "305.1-two-main-phases", "302.1-phasing-first", "103.1-card-text-wins",
         "200.3-active-player", "213.4-spell-controller", "401.2-no-longer-a-spell", "305.4-land-no-stack",
         "217.4c-graveyard-order", "217.2c-count-library", "212.4e-aura-put-into-play",
         "212.2h-equipment-enters-unattached", "214.2-token-types", "202.3-same-english-name",
         "203.2c-mana-symbol-colors", "310.2e-assign-as-unblocked", "217.9b-ante", "410.9-block-trigger-counts",
         "302.2-choose-not-to-untap", "217.8-phasing")


def _runs():
    for name in FILES:
        sf = load_scenario(MTG / f"{name}.yaml")
        for v in instances(sf):
            yield pytest.param(sf, v, id=f"{name}#{v}" if v else name)


@pytest.mark.parametrize("sf,variant", list(_runs()))
def test_the_scenario_holds(sf, variant):
    out = replay(sf, variant)
    assert out.error is None, out.error
    assert not out.failures, [f.text() for f in out.failures]


def test_a_main_phase_ends_by_305_2_and_a_step_by_300_2():
    sf = load_scenario(MTG / "305.1-two-main-phases.yaml")
    fired = [(f.rule, f.reason) for s in replay(sf).trace.steps for f in s.firings]
    assert ("mtg:305.2", "main_phase_ends") in fired and ("mtg:300.2", "step_ends") in fired
    assert fired.index(("mtg:305.2", "main_phase_ends")) < fired.index(("mtg:305.1", "main_phase"))


def test_the_arrangement_of_cards_that_went_together_keeps_every_other_card_in_place():
    from judge.engine.games.mtg.zones import arranges_together
    from types import SimpleNamespace as NS
    g = NS(gy_batches={"甲": (("b", "c"), 1, "x")}, turn=1, step="x")
    assert arranges_together(g, "甲", ["a", "b", "c", "d"], ["a", "c", "b", "d"])
    assert not arranges_together(g, "甲", ["a", "b", "c", "d"], ["c", "b", "a", "d"])
    assert not arranges_together(g, "甲", ["a", "b", "c", "d"], ["a", "c", "b"])
    assert not arranges_together(g, "甲", ["a", "b", "x", "c"], ["a", "c", "x", "b"])     # no longer side by side
    assert not arranges_together(NS(gy_batches={"甲": (("b", "c"), 1, "y")}, turn=1, step="x"), "甲",
                                 ["a", "b", "c"], ["a", "c", "b"])                        # another step
    assert not arranges_together(NS(gy_batches={"甲": (("b", "c"), 2, "x")}, turn=1, step="x"), "甲",
                                 ["a", "b", "c"], ["a", "c", "b"])                        # another turn
    assert not arranges_together(g, "乙", ["a", "b", "c"], ["a", "c", "b"])
