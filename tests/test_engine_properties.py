"""Properties checked against independent reference computations (hypothesis)."""
from __future__ import annotations

import itertools
import shutil
from collections import Counter
from pathlib import Path

from hypothesis import given, settings, strategies as st

from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.chars import chars
from judge.engine.games.mtg.game import MtgGame
from judge.engine.games.mtg.state import CEffect, card_def
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]


@settings(max_examples=40, deadline=None)
@given(t=st.integers(1, 6), d=st.integers(0, 6), a=st.integers(0, 6))
def test_lethal_damage_follows_the_numbers(tmp_path_factory, t, d, a):
    root = tmp_path_factory.mktemp("s") / "scenarios"
    (root / "cards").mkdir(parents=True)
    shutil.copy(ROOT / "scenarios" / "cards" / "mtg.yaml", root / "cards" / "mtg.yaml")
    text = f"""\
book: mtg
title: t
source: "420.5c"
define:
  火球:
    cost: "{{红}}"
    types: [瞬间]
    spell: {{targets: [生物], effects: [{{damage: {a}, to: target}}]}}
players: {{甲: {{mana: "{{红}}"}}, 乙: {{}}}}
turn: {{active: 甲, step: 战斗前的行动阶段, priority: 甲}}
board:
  甲: {{hand: [{{card: 火球, id: ball}}]}}
  乙: {{battlefield: [{{card: 灰熊, id: bear, damage: {d}, with: {{pt: 2/{t}}}}}]}}
actions:
  - {{as: 甲, cast: ball, targets: [bear]}}
  - pass_until: stack_empty
"""
    p = root / "t.yaml"
    p.write_text(text, "utf-8")
    out = replay(load_scenario(p))
    assert out.error is None, out.error
    bear = out.game.objects["bear"]
    dies = d + a >= t
    assert (bear.zone == "graveyard") == dies
    if not dies:
        assert bear.damage == d + a
    fired = [f.rule for f in out.trace.firings()]
    assert ("mtg:420.5c" in fired) == dies


PT_OP = st.one_of(
    st.tuples(st.just("pump"), st.integers(-3, 3), st.integers(-3, 3)),
    st.tuples(st.just("set"), st.integers(0, 5), st.integers(0, 5)),
    st.tuples(st.just("switch"), st.just(0), st.just(0)),
)


def reference_pt(base, resolved, counters, statics):
    """2006 418.5a: 6b resolved effects in timestamp order (switch waits for 6e), 6c counters, 6d statics, 6e."""
    p, t = base
    for kind, a, b in resolved:
        if kind == "pump":
            p, t = p + a, t + b
        elif kind == "set":
            p, t = a, b
    p, t = p + counters, t + counters
    for a, b in statics:
        p, t = p + a, t + b
    for kind, _, _ in resolved:
        if kind == "switch":
            p, t = t, p
    return p, t


@settings(max_examples=80, deadline=None)
@given(base=st.tuples(st.integers(0, 5), st.integers(1, 5)), ops=st.lists(PT_OP, max_size=5),
       counters=st.integers(0, 3), statics=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), max_size=2))
def test_power_toughness_sublayers(base, ops, counters, statics):
    g = MtgGame()
    g.add_player("甲")
    g.add_player("乙")
    c = card_def("测试", {"types": ["生物"], "pt": f"{base[0]}/{base[1]}"})
    o = g.add_card("x", c, "甲", "battlefield", counters={"+1/+1": counters} if counters else None)
    for i, (a, b) in enumerate(statics):
        s = card_def(f"结界{i}", {"types": ["结界"],
                                 "abilities": [{"static": {"affects": {"types": ["生物"]}, "pump": f"{a:+d}/{b:+d}"}}]})
        g.add_card(f"s{i}", s, "甲", "battlefield")
    for i, (kind, a, b) in enumerate(ops):
        op = {"pump": (6, "pump", (a, b)), "set": (6, "set_pt", (a, b)), "switch": (6, "switch", None)}[kind]
        g.add_effect(CEffect(f"e{i}", "x", "效应", "甲", g.tick(), [op], locked={o.key}))
    got = chars(g, o)
    assert (got.power, got.toughness) == reference_pt(base, ops, counters, statics)


POOL = st.dictionaries(st.sampled_from(list("WUBRGC")), st.integers(1, 3), max_size=4)
COST = st.lists(st.one_of(st.integers(1, 3), st.sampled_from(list("WUBRG")),
                          st.sampled_from([("G", "W"), ("U", "B"), ("R", "G")])), max_size=4)


def brute_force(cost, pool):
    units = [c for c, n in pool.items() for _ in range(n)]
    need = sum(s if isinstance(s, int) else 1 for s in cost)
    found = set()
    for combo in set(itertools.combinations(sorted(units), need)):
        for perm in set(itertools.permutations(combo)):
            it = iter(perm)
            ok = True
            for s in cost:
                if isinstance(s, int):
                    for _ in range(s):
                        next(it)
                else:
                    x = next(it)
                    if (isinstance(s, tuple) and x not in s) or (isinstance(s, str) and x != s):
                        ok = False
                        break
            if ok:
                found.add(tuple(sorted(Counter(combo).items())))
                break
    return found


@settings(max_examples=150, deadline=None)
@given(cost=COST, pool=POOL)
def test_payments_match_brute_force(cost, pool):
    cost = tuple(cost)
    got = {tuple(sorted(p.items())) for p in M.payments(cost, pool)}
    assert got == brute_force(cost, pool)


def test_hybrid_example_104_3f():
    assert [M.show(p) for p in M.payments(M.parse_cost("{绿/白}{绿/白}"), {"G": 2, "W": 2})] == \
        ["{白}{白}", "{白}{绿}", "{绿}{绿}"]
    assert M.mana_value(M.parse_cost("{三}{蓝}{蓝}")) == 5               # 203.3 example
    assert M.colors_of(M.parse_cost("{二}{白}{黑}")) == ["白", "黑"]      # 203.2c example
    assert M.colors_of(M.parse_cost("{二}")) == []
