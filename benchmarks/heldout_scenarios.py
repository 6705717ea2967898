"""Held-out scenarios: how often unseen scenarios, written from the rule text, pass with their citations.

    python benchmarks/heldout_scenarios.py [DIR] [--detail]

Each folder under benchmarks/heldout/ that holds scenario files is a set somebody wrote from the rules'
text *before* changing the engine mechanism they exercise, and never tuned the engine on (issue 11: "set
aside cases you will not tune on, and report them separately"). They are not part of the test suite: the
point is to measure, not to pass. For every file and variant this prints whether it passed, and why not
in one of three kinds — the file does not load (a rule the engine does not register yet, vocabulary it
lacks), the replay stopped (an engine error), or an expectation failed — then the figures per set and
per group (the file name's prefix before the first `-`: `b3`, `s3`…).

`--detail` prints each failure's text (what the closing notes quote); by default only the kinds are
shown, so reading the figures while working does not show what to tune.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.engine.core.errors import EngineError  # noqa: E402
from judge.engine.scenario.files import scenario_files  # noqa: E402
from judge.engine.scenario.load import ScenarioError, ScenarioErrors, instances, load_scenario  # noqa: E402
from judge.engine.scenario.run import replay  # noqa: E402

HELDOUT = ROOT / "benchmarks" / "heldout"


def run_file(path: Path) -> list[tuple[str, str, str]]:
    """(label, result, detail) per instance: result is pass | load | error | expect."""
    try:
        sf = load_scenario(path)
    except (ScenarioError, ScenarioErrors, EngineError) as e:
        return [(path.name, "load", str(e).splitlines()[0])]
    out = []
    for v in instances(sf):
        label = f"{path.name}#{v}" if v else path.name
        try:
            res = replay(sf, v)
        except EngineError as e:
            out.append((label, "error", e.located()))
            continue
        if res.error is not None:
            out.append((label, "error", res.error.located()))
        elif res.failures:
            out.append((label, "expect", "; ".join(f.text() for f in res.failures)))
        else:
            out.append((label, "pass", ""))
    return out


def decisive_cited(path: Path) -> bool:
    """Whether the main instance's trace cites the file's decisive rule (the first of its `source:`), fired,
    refused under or recorded as a near miss. A file that does not load or replay cites nothing."""
    try:
        sf = load_scenario(path)
        src = sf.model.source
        want = str(src[0] if isinstance(src, list) else src)
        res = replay(sf, None)
    except (ScenarioError, ScenarioErrors, EngineError):
        return False
    rules = set()
    for st in res.trace.steps:
        rules.update(f.rule for f in st.firings)
        rules.update(n.rule for n in st.near_misses)
        if st.rejected is not None:
            rules.add(st.rejected.rule)
    return any(r.partition(":")[2] == want for r in rules)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", type=Path)
    ap.add_argument("--detail", action="store_true", help="print each failure's text")
    args = ap.parse_args(argv)
    dirs = args.dirs or sorted(d for d in HELDOUT.iterdir() if d.is_dir() and scenario_files(d))
    for d in dirs:
        groups: dict[str, list[str]] = defaultdict(list)
        cited: list[bool] = []
        print(f"## {d.relative_to(ROOT) if d.is_relative_to(ROOT) else d}")
        for path in scenario_files(d):
            cited.append(decisive_cited(path))
            for label, result, detail in run_file(path):
                groups[path.name.split("-", 1)[0]].append(result)
                line = f"{result.upper():7} {label}"
                if args.detail and detail:
                    line += f"\n        {detail}"
                print(line)
        total = [r for rs in groups.values() for r in rs]
        print()
        print("| group | instances | pass | load | error | expect |")
        print("|---|---|---|---|---|---|")
        for g, rs in sorted(groups.items()) + [("all", total)]:
            print(f"| {g} | {len(rs)} | " + " | ".join(str(rs.count(k)) for k in ("pass", "load", "error", "expect"))
                  + " |")
        print()
        print(f"decisive rule (first of `source:`) cited in the main instance: {sum(cited)} of {len(cited)} files")
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
