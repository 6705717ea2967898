"""Held-out scenarios: how often unseen scenarios, written from the rule text, pass with their citations.

    python benchmarks/heldout_scenarios.py [DIR] [--detail]

Each folder under benchmarks/heldout/ that holds scenario files is a set somebody wrote from the rules'
text *before* changing the engine mechanism they exercise, and never tuned the engine on (issue 11: "set
aside cases you will not tune on, and report them separately"). They are not part of the test suite: the
point is to measure, not to pass. For every file and variant this prints whether it passed, and why not
in one of three kinds — the file does not load (vocabulary the engine lacks, a format mistake), the replay
stopped (an engine error), or an expectation failed (a rule the engine does not apply yet is one) — then the figures per set and
per group (the file name's prefix before the first `-`: `b3`, `s3`…).

`--detail` prints each failure's text (what the closing notes quote); by default only the kinds are
shown, so reading the figures while working does not show what to tune.

`--split` measures the two things an outside check of unseen variants measures, apart:
- **board right**: the instance passes every expectation but the rule ones (`fired`, `fired_in_order`, `not_fired`,
  `near_miss` are taken out before loading, so a file naming a rule the engine does not register still loads; an
  action refused by another rule than its `rejected:` names still counts as refused);
- **rules named**: of the rules the instance lists as deciding (`fired` and `fired_in_order` at the end and after
  actions, and each action's `rejected:`), how many the trace cites (a firing or a refusal by that rule or a rule
  numbered under it, as `judge check` reads them: `420.5` is cited by a firing of `420.5c`).
"""
from __future__ import annotations

import argparse
import copy
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.engine.core.errors import EngineError  # noqa: E402
from judge.engine.scenario.files import scenario_files  # noqa: E402
from judge.engine.scenario import yamlio  # noqa: E402
from judge.engine.scenario.expect import answering, covers  # noqa: E402
from judge.engine.scenario.load import (ScenarioError, ScenarioErrors, _from_data, instances,  # noqa: E402
                                        load_scenario)
from judge.engine.scenario.run import replay  # noqa: E402

RULE_KEYS = ("fired", "fired_in_order", "not_fired", "near_miss")

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
    return any(covers(want, r.partition(":")[2]) for r in rules if r)     # a mechanic firing has no rule


def _strip_rules(node):
    """The scenario data with the rule expectations taken out of every `expect:` mapping (the board ones kept)."""
    if isinstance(node, dict):
        return {k: ({ek: _strip_rules(ev) for ek, ev in v.items() if ek not in RULE_KEYS}
                    if k == "expect" and isinstance(v, dict) else _strip_rules(v))
                for k, v in node.items()}
    if isinstance(node, list):
        return [_strip_rules(v) for v in node]
    return node


def _listed(data: dict, name: str | None) -> list[str]:
    """The rules an instance lists as deciding: `fired`/`fired_in_order` at the end and after its actions, and the
    actions' `rejected:`."""
    inst = data
    if name is not None:
        inst = next(v for v in data.get("variants") or [] if v.get("name") == name)
    actions = inst.get("actions") if inst.get("actions") is not None else data.get("actions") or []
    expects = [inst.get("expect") or {}] + [a.get("expect") or {} for a in actions if isinstance(a, dict)]
    out = []
    for e in expects:
        for key in ("fired", "fired_in_order"):
            for r in e.get(key) or []:
                out.append(str(r.get("rule") if isinstance(r, dict) else r))
    out += [str(a["rejected"]) for a in actions if isinstance(a, dict) and a.get("rejected") is not None]
    return out


def _cited(res) -> set[str]:
    rules = set()
    for st in res.trace.steps:
        rules.update(f.rule for f in st.firings)
        if st.rejected is not None:
            rules.add(st.rejected.rule)
    return rules


def split_file(path: Path) -> list[tuple[str, bool, int, int]]:
    """(label, board right, rules listed, rules named) per instance."""
    try:
        data, marks, _ = yamlio.read(path)
        sf = _from_data(_strip_rules(copy.deepcopy(data)), marks, str(path))
    except (ScenarioError, ScenarioErrors, EngineError):
        try:
            data, _, _ = yamlio.read(path)
            n = len((data or {}).get("variants") or []) + 1
            return [(path.name, False, len(_listed(data, None)), 0)] + [
                (f"{path.name}#{i}", False, 0, 0) for i in range(1, n)]
        except Exception:       # not even YAML: one instance, nothing listed
            return [(path.name, False, 0, 0)]
    out = []
    for v in instances(sf):
        label = f"{path.name}#{v}" if v else path.name
        listed = _listed(data, v)
        try:
            res = replay(sf, v)
        except EngineError:
            out.append((label, False, len(listed), 0))
            continue
        board = res.error is None and not [f for f in res.failures
                                           if not (f.field.endswith("rejected") and f.actual != "accepted")]
        cited = _cited(res)
        named = (sum(1 for r in listed if any(covers(w, c) for w in _safe_ids(res.game, r) for c in cited))
                 if res.game is not None else 0)
        out.append((label, board, len(listed), named))
    return out


def _safe_ids(game, ref: str) -> list[str]:
    """The namespaced ids that answer a listed rule: itself, or the rules a restatement repeats (the book's
    classification data: a judge naming glossary 中断 names 711.1–711.2, as `judge check` reads it)."""
    try:
        return answering(game, ref)
    except Exception:       # a rule id the game cannot normalise is named by nothing
        return [""]


def report_split(d: Path, show: bool) -> None:
    rows = [r for path in scenario_files(d) for r in split_file(path)]
    for label, board, listed, named in rows:
        if show:
            print(f"{'BOARD' if board else 'board?':7} rules {named}/{listed}  {label}")
    n, right = len(rows), sum(r[1] for r in rows)
    listed, named = sum(r[2] for r in rows), sum(r[3] for r in rows)
    print()
    print(f"board right: {right} of {n} instances ({right / max(n, 1):.0%}); rules named: {named} of {listed} "
          f"listed deciding rules ({named / max(listed, 1):.0%})")
    print()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", type=Path)
    ap.add_argument("--detail", action="store_true", help="print each failure's text")
    ap.add_argument("--split", action="store_true",
                    help="report board right and rules named apart (each rule expectation taken out to load)")
    args = ap.parse_args(argv)
    dirs = args.dirs or sorted(d for d in HELDOUT.iterdir() if d.is_dir() and scenario_files(d))
    for d in dirs:
        groups: dict[str, list[str]] = defaultdict(list)
        cited: list[bool] = []
        print(f"## {d.relative_to(ROOT) if d.is_relative_to(ROOT) else d}")
        if args.split:
            report_split(d, args.detail)
            continue
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
