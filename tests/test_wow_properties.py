"""WoW properties checked against independent reference computations (hypothesis).

Each example writes a small scenario (with the real card library), replays it
and compares the game's numbers with a formula computed here from the rules'
text, not from the engine: 716.1d/717.2b for packets, 714.2 for Tracker Gallen,
801.3 for the loop number.
"""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st
from test_wow import scratch_scenario

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1]


def _write(tmp_path_factory, text: str) -> Path:
    return scratch_scenario(tmp_path_factory.mktemp("w"), "t.yaml", text)


@settings(max_examples=30, deadline=None)
@given(a=st.integers(1, 4), n=st.integers(0, 3), fire=st.booleans(), p=st.integers(0, 12))
def test_packet_doubled_once_per_world_in_flames_then_prevented(tmp_path_factory, a, n, fire, p):
    """716.1d: each World in Flames doubles a fire packet once; 717.2b: prevention takes min(X, Y) and keeps the rest."""
    dtype = "火焰" if fire else "暗影"
    wifs = "".join(f"\n      - {{card: World in Flames, id: wif{i}}}" for i in range(n))
    shield = "\n    hand: [{card: 护盾, id: shield}]" if p else ""
    text = f"""\
book: wow
title: t
source: "716.1d"
define:
  冲击:
    text: "你的英雄对目标英雄或盟军造成{a}点{dtype}伤害。"
    cost: 0
    type: 技能
    instant: true
    play: {{targets: [英雄或盟军], effects: [{{damage: {a}, to: target, type: {dtype}}}]}}
  护盾:
    text: "于本回合中，防止接下来将对你的英雄造成的{p}点伤害。"
    cost: 0
    type: 技能
    instant: true
    play: {{effects: [{{prevent: {p}, to: your_hero}}]}}
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play:
      - {{card: 英雄（法师）, id: a_hero}}{wifs}
    hand: [{{card: 冲击, id: blast}}]
  乙:
    play: [{{card: 英雄（战士）, id: b_hero, with: {{health: 99}}}}]{shield}
actions:
  - {{as: 甲, cast: blast, targets: [b_hero]}}
  - {{as: 甲, pass: true}}
""" + ("  - {as: 乙, cast: shield}\n" if p else "") + "  - pass_until: stack_empty\n"
    out = replay(load_scenario(_write(tmp_path_factory, text)))
    assert out.error is None, out.error
    amount = a * (2 ** n if fire else 1)
    want = max(0, amount - p)
    assert out.game.objects["b_hero"].damage == want
    if p:
        left = [s.amount for s in out.game.shields]
        assert left == [max(0, p - amount)]
    doubled = [f for f in out.trace.firings() if f.rule == "wow:717.1" and f.reason == "packet_replaced"]
    again = [f for f in out.trace.firings() if f.rule == "wow:716.1d" and f.reason == "packet_replaced_again"]
    assert len(doubled) == (n if fire else 0)            # 717.1, the general rule, on every replacement
    assert len(again) == (max(n - 1, 0) if fire else 0)  # 716.1d beside it from the second one on


@settings(max_examples=25, deadline=None)
@given(mine=st.integers(0, 4), theirs=st.integers(0, 3))
def test_tracker_gallen_counts_the_allies_in_his_party(tmp_path_factory, mine, theirs):
    """714.2: +1 ATK for each ally in your party (Gallen included), whatever the opponent controls."""
    a = "".join(f"\n      - {{card: 示例盟军, id: a{i}}}" for i in range(mine))
    b = "".join(f"\n      - {{card: 示例盟军, id: b{i}}}" for i in range(theirs))
    text = f"""\
book: wow
title: t
source: "714.2"
players: {{甲: {{}}, 乙: {{}}}}
turn: {{active: 甲, step: 行动阶段}}
board:
  甲:
    play:
      - {{card: 英雄（战士）, id: a_hero}}
      - {{card: Tracker Gallen, id: gallen}}{a}
  乙:
    play:
      - {{card: 英雄（战士）, id: b_hero}}{b}
actions:
  - {{checkpoint: c, expect: {{pt: {{gallen: {mine + 1}/2}}}}}}
"""
    out = replay(load_scenario(_write(tmp_path_factory, text)))
    assert out.passed, [f.text() for f in out.failures] or out.error


@settings(max_examples=12, deadline=None)
@given(n=st.one_of(st.integers(0, 2_000_000), st.sampled_from([1_000_000, 1_000_001])))
def test_a_loop_number_must_exceed_one_million(tmp_path_factory, n):
    src = (ROOT / "scenarios" / "wow" / "801.3-tyrande-wisp-loop.yaml").read_text("utf-8").split("variants:")[0]
    text = src.replace("choices: {loop: {乙: 2000000}}", f"choices: {{loop: {{乙: {n}}}}}")
    text = text.split("\nexpect:\n")[0] + "\n"
    out = replay(load_scenario(_write(tmp_path_factory, text)))
    if n > 1_000_000:
        assert out.error is None and not out.game.stack
    else:
        assert out.error is None and out.trace.steps[-1].rejected is not None       # refused, rewound (issue 11 §2)
        assert out.trace.steps[-1].rejected.rule == "wow:801.3"
        assert any("refused this action by wow:801.3" in f.message for f in out.failures)


def test_a_trigger_is_about_itself_or_a_card_passing_its_filter():
    """WoW "whenever [a card] attacks / damage to it is prevented": the card the event is about must be the
    trigger's own card when it says `self`, and pass its `filter` when it has one (no bundled scenario uses a
    filter on these two events, so this pins the shared check)."""
    from pathlib import Path

    from judge.engine.games.wow.triggers import NOT_THIS_EVENT, _about, _attacks
    from judge.engine.scenario.load import load_scenario
    from judge.engine.scenario.run import replay

    path = Path(__file__).resolve().parents[1] / "scenarios" / "wow" / "717.2-prevention-is-replacement.yaml"
    game = replay(load_scenario(path)).game
    hero, watcher = game.objects["a_hero"], game.objects["watcher"]
    assert _about(game, {}, hero, watcher, "甲")
    assert _about(game, {"self": True}, watcher, watcher, "甲") and not _about(game, {"self": True}, hero, watcher, "甲")
    assert _about(game, {"filter": {"type": "盟军"}}, watcher, watcher, "甲")
    assert not _about(game, {"filter": {"type": "盟军"}}, hero, watcher, "甲")
    assert _attacks(game, watcher, "甲", {"filter": {"type": "盟军"}}, {"object": watcher}, None) == (True, {"it": "watcher"})
    assert _attacks(game, watcher, "甲", {"filter": {"type": "盟军"}}, {"object": hero}, None) == NOT_THIS_EVENT
