"""State-based near misses (420.5a/b/c/h): a threshold not reached is recorded where a judge would ask
"why didn't it die / lose?", says which comparison was false, and is not repeated on every check."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from judge.engine.scenario.load import instances, load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]
SBA = {"mtg:420.5a", "mtg:420.5b", "mtg:420.5c", "mtg:420.5h"}


def _misses():
    for p in sorted((ROOT / "scenarios" / "mtg").glob("*.yaml")):
        sf = load_scenario(p)
        for v in instances(sf):
            out = replay(sf, v)
            for s in out.trace.steps:
                for n in s.near_misses:
                    if n.rule in SBA:
                        yield p.name, v, s, n, out


def test_each_near_miss_states_a_false_comparison():
    seen = 0
    for name, v, _, n, _ in _misses():
        seen += 1
        f = n.fields
        if n.reason == "below_lethal":
            assert 0 < f["damage"] < f["toughness"], (name, v, f)
        elif n.reason == "toughness_positive":
            assert f["toughness"] > 0, (name, v, f)
        elif n.reason == "life_positive":
            assert f["life"] > 0, (name, v, f)
        elif n.reason == "poison_below_ten":
            assert 0 < f["poison"] < 10, (name, v, f)
        else:
            raise AssertionError((name, n.reason))
    assert seen >= 10


def test_no_flood_each_comparison_once_per_turn():
    """State checks run before every priority; a near miss is recorded once per value, not once per check."""
    per = Counter()
    total = 0
    for name, v, s, n, out in _misses():
        key = (name, v, n.rule, tuple(n.objects), repr(sorted(n.fields.items())), s.after.get("turn"))
        per[key] += 1
        total += 1
    assert max(per.values()) == 1
    instances_ = sum(len(list(instances(load_scenario(p)))) for p in (ROOT / "scenarios" / "mtg").glob("*.yaml"))
    assert total < instances_ / 2, f"{total} state-based near misses in {instances_} replays: a flood"


def test_undamaged_creatures_and_untouched_players_are_not_reported():
    """A 2/2 nobody damaged, a player nobody hurt: no near miss (no judge asks why they survived)."""
    sf = load_scenario(ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml")
    out = replay(sf)                       # the bear dies: its death is a firing, not a near miss
    assert not [n for s in out.trace.steps for n in s.near_misses if n.rule in SBA]
    out = replay(sf, "防御力4则存活")
    got = [(n.reason, n.objects, n.fields["damage"], n.fields["toughness"])
           for s in out.trace.steps for n in s.near_misses if n.rule in SBA]
    assert got == [("below_lethal", ["bear"], 3, 4)]


def test_watched_rule_reports_life_only_when_named_in_not_fired():
    sf = load_scenario(ROOT / "scenarios" / "mtg" / "420.5a-life-zero.yaml")
    out = replay(sf, "生命4则存活")
    assert [n.fields["life"] for s in out.trace.steps for n in s.near_misses if n.rule == "mtg:420.5a"] == [1]
    sf = load_scenario(ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml")
    out = replay(sf, "防御力4则存活")      # nobody lost life and 420.5a is not watched there
    assert not [n for s in out.trace.steps for n in s.near_misses if n.rule == "mtg:420.5a"]
