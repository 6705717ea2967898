"""The MTG layer rules (418.4, 418.5b-i, 407.1, 212.1b-d, 205.4a, 412.x), zone moves (217.1a/c, 217.5c, 200.1a,
200.4a, 402.6, 419.1b) and the filter citations (203.2x, 205.4b/e, 208.3), replayed from the scenarios about
them: the expectations of those scenarios and their must-not-fire variants pin each citation. A fast subset of
tests/test_scenarios.py, so mutation testing of judge/engine/games/mtg/{layers,zones,filters}.py can run it."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.games.mtg.chars import Applied, Chars, last_known, snapshot
from judge.engine.games.mtg.layers import static_keys
from judge.engine.scenario.load import load_scenario
from scenario_runs import assert_replays, assert_ruling_is_golden, run_id, runs_of

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "mtg"
RULES = ("418.4", "418.5", "407.1", "212.1", "205.4", "412.", "217.1", "217.5", "200.1a", "200.4a", "402.6",
         "419.1b", "203.2", "208.3", "104.3g", "420.5k", "202.2a", "404.4c", "413.2g")


def _files() -> list[Path]:
    out = []
    for p in sorted(ROOT.glob("*.yaml")):
        sf = load_scenario(p)
        src = sf.model.source if isinstance(sf.model.source, list) else [sf.model.source]
        if any(str(s).startswith(RULES) for s in src) or p.name.startswith(RULES):
            out.append(p)
    return out


RUNS = runs_of(_files())


def test_the_subset_is_the_right_one():
    names = {p.name for p, _ in RUNS}
    for must in ("418.5c-dependency-color-then-flying.yaml", "217.1c-counters-left-behind.yaml",
                 "402.6-source-last-known-power.yaml", "205.4b-nonbasic-land.yaml", "419.1b-as-enters-choose-color.yaml"):
        assert must in names


@pytest.mark.parametrize("path,variant", RUNS, ids=[run_id(r) for r in RUNS])
def test_scenario(path, variant):
    assert_replays(path, variant)


@pytest.mark.parametrize("path,variant", RUNS, ids=[run_id(r) for r in RUNS])
def test_ruling_names_the_objects_and_sources(path, variant):
    """The reason texts (which object, which source, which layer, what value) are what a judge reads: the
    explanation of each run equals its reviewed golden text (tests/golden/explain)."""
    assert_ruling_is_golden(path, variant)


def _chars(**kw) -> Chars:
    base = dict(name="熊", types=["生物"], subtypes=[], supertypes=[], colors=["绿"], keywords=[], abilities=[],
                power=2, toughness=2, controller="甲", mana_value=2)
    base.update(kw)
    return Chars(**base)


def test_static_keys_are_statics_only_with_their_attachment():
    c = _chars(applied=[Applied("6d", "a.s", "a", "十字军", "pump_static", (1, 1), True, 3),
                        Applied("6b", "e1", "b", "巨力", "pump", (3, 3), False, 5),
                        Applied("5", "sw.s", "sw", "长剑", "gain", ["飞行"], True, 7, attached=True)])
    assert static_keys(c) == frozenset({("a.s", "a", "十字军", False), ("sw.s", "sw", "长剑", True)})


def test_snapshot_is_a_copy():
    c = _chars(colors=["红"], applied=[Applied("5", "e", "s", "染红", "set_color", ["红"], False, 1)])
    s = snapshot(c)
    c.colors.append("白")
    c.applied.clear()
    assert s.colors == ["红"] and len(s.applied) == 1 and s is not c


class _Obj:
    def __init__(self, zone, inc, lki=None):
        self.zone, self.inc, self.extra, self.id = zone, inc, {"lki": lki} if lki else {}, "x"


class _Game:
    def __init__(self, now):
        self.now = now


def test_last_known_reads_the_incarnation_that_left(monkeypatch):
    import judge.engine.games.mtg.chars as C
    now, old1, old2 = _chars(power=1), _chars(power=5), _chars(power=7)
    monkeypatch.setattr(C, "chars", lambda game, obj: now)
    in_play = _Obj("battlefield", 3)
    assert last_known(_Game(now), in_play) == (now, False)
    assert last_known(_Game(now), in_play, 3) == (now, False)
    gone = _Obj("graveyard", 3, {1: old1, 2: old2})
    assert last_known(_Game(now), gone, 1) == (old1, True)
    assert last_known(_Game(now), gone) == (old2, True)           # the latest time it was in play
    assert last_known(_Game(now), gone, 5) == (now, False)        # never in play as that object: printed
    back = _Obj("battlefield", 3, {2: old2})                       # left as incarnation 2, came back as 3
    assert last_known(_Game(now), back, 2) == (old2, True)
    assert last_known(_Game(now), _Obj("hand", 0)) == (now, False)
