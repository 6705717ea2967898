"""Replay speed of the scenario engine, in-process.

    python benchmarks/replay.py [--rounds N] [--actions 1000]

1. Replays per second over the seed scenarios (every file under scenarios/mtg
   and every variant), scenarios loaded once; replay = build the board from
   the validated scenario, perform every action, check every expectation.
   Also: load + replay (YAML parse and validation included) per second.
2. Growth: a generated two-player game (players ping each other with Prodigal
   Sorcerers, play a land a turn, declare no attack, for as many turns as it
   takes) replayed at 1/8, 1/4, 1/2 and all of N actions; time per action
   and its ratio to the shortest prefix show how replay time grows with a
   scenario's length.

Figures only; no assertion on time anywhere (tests never time things).
"""
from __future__ import annotations

import argparse
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.engine.scenario.load import instances, load_scenario  # noqa: E402
from judge.engine.scenario.run import replay  # noqa: E402


def seed_runs():
    files = sorted((ROOT / "scenarios" / "mtg").glob("*.yaml"))
    runs = []
    for f in files:
        sf = load_scenario(f)
        for v in instances(sf):
            runs.append((sf, v))
    return files, runs


def bench_seed(rounds: int) -> dict:
    files, runs = seed_runs()
    steps = firings = 0
    for sf, v in runs:                      # warm caches (rulebook, card library, statics); count the traces
        out = replay(sf, v)
        assert out.passed, (sf.path, v, out.error, out.failures)
        steps += len(out.trace.steps)
        firings += sum(1 for _ in out.trace.firings())
    rates = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for sf, v in runs:
            replay(sf, v)
        rates.append(len(runs) / (time.perf_counter() - t0))
    t0 = time.perf_counter()
    n = 0
    for f in files:
        sf = load_scenario(f)
        for v in instances(sf):
            replay(sf, v)
            n += 1
    load_rate = n / (time.perf_counter() - t0)
    return {"files": len(files), "runs": len(runs), "replays_per_s": statistics.median(rates),
            "replays_per_s_best": max(rates), "load_and_replay_per_s": load_rate,
            "trace_steps": steps, "firings": firings}


# ---------------------------------------------------------------- the generated game

SORCERERS = 3


def generated_yaml(n_actions: int) -> str:
    """A legal two-player game of exactly `n_actions` actions (the board grows by a land a turn)."""
    players = ("甲", "乙")
    lib = {p: [f"{p}l{i}" for i in range(n_actions // 8 + 10)] for p in players}
    hand = {p: [f"{p}h{i}" for i in range(7)] for p in players}
    lines = ["book: mtg", "title: 生成的长局（基准测试）", 'source: "408.1c"',
             "players: {甲: {life: 100000}, 乙: {life: 100000}}",
             "turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}", "board:"]
    for p in players:
        bf = ", ".join(f"{{card: 放荡的术士, id: {p}s{i}}}" for i in range(SORCERERS))
        lines.append(f"  {p}:")
        lines.append(f"    battlefield: [{bf}]")
        lines.append("    hand: [" + ", ".join(f"{{card: 山脉, id: {c}}}" for c in hand[p]) + "]")
        lines.append("    library: [" + ", ".join(f"{{card: 山脉, id: {c}}}" for c in lib[p]) + "]")
    acts: list[str] = []
    active, first = 0, True
    while len(acts) < n_actions:
        p, o = players[active], players[1 - active]
        turn: list[str] = []
        if not first:
            turn.append("- advance: 战斗前的行动阶段")
            hand[p].append(lib[p].pop(0))
        first = False
        turn.append(f"- {{as: {p}, play: {hand[p].pop(0)}}}")
        for i in range(SORCERERS):
            turn.append(f"- {{as: {p}, activate: {p}s{i}, targets: [{o}]}}")
            turn.append("- pass_until: stack_empty")
        turn.append("- advance: 宣告攻击者")
        turn.append(f"- {{as: {p}, attack: []}}")
        acts.extend(turn)
        active = 1 - active
    acts = acts[:n_actions]
    return "\n".join(lines + ["actions:"] + ["  " + a for a in acts]) + "\nexpect: {}\n"


def bench_growth(n_actions: int, repeat: int = 3) -> list[dict]:
    tmp = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    try:
        root = tmp / "scenarios"
        shutil.copytree(ROOT / "scenarios" / "cards", root / "cards")
        rows = []
        for frac in (8, 4, 2, 1):
            n = n_actions // frac
            path = root / f"gen-{n}.yaml"
            path.write_text(generated_yaml(n), "utf-8")
            sf = load_scenario(path)
            out = replay(sf)
            assert out.error is None, out.error.located()
            best = min(_time(lambda: replay(sf)) for _ in range(repeat))
            g = out.game
            rows.append({"actions": n, "seconds": best, "ms_per_action": 1000 * best / n,
                         "steps": len(out.trace.steps), "firings": sum(1 for _ in out.trace.firings()),
                         "permanents_at_end": len(g.battlefield_ids()), "turns": g.turn})
        base = rows[0]["ms_per_action"]
        for r in rows:
            r["ratio_per_action"] = r["ms_per_action"] / base
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _time(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--actions", type=int, default=1000)
    args = ap.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    s = bench_seed(args.rounds)
    print(f"\nseed scenarios: {s['files']} files, {s['runs']} replays (base + variants), "
          f"{s['trace_steps']} trace steps, {s['firings']} firings per pass")
    print(f"  replay only    : {s['replays_per_s']:8.0f} replays/s (median of {args.rounds}; best "
          f"{s['replays_per_s_best']:.0f}/s; {1000 / s['replays_per_s']:.2f} ms per replay)")
    print(f"  load + replay  : {s['load_and_replay_per_s']:8.0f} replays/s (YAML parse + validation included)")
    print("\ngenerated game, growth with length (best of 3):")
    print(f"  {'actions':>7} {'turns':>5} {'permanents':>10} {'steps':>6} {'firings':>7} {'ms total':>9} "
          f"{'ms/action':>9} {'ratio':>6}")
    for r in bench_growth(args.actions):
        print(f"  {r['actions']:>7} {r['turns']:>5} {r['permanents_at_end']:>10} {r['steps']:>6} {r['firings']:>7} "
              f"{1000 * r['seconds']:>9.1f} {r['ms_per_action']:>9.3f} {r['ratio_per_action']:>6.2f}")


if __name__ == "__main__":
    main()
