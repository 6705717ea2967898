"""The held-out Riftbound scenarios in figures (issue 14): instances passing, and the citation rate.

    python benchmarks/riftbound_heldout.py [DIR] [--format-only-edits] [--details]

DIR defaults to tests/heldout/riftbound (written from the rule text before the engine existed, never tuned
on). For each scenario instance (the base scenario and each variant): does it pass, and of the rules it
expects to fire — its `fired:`, plus the file's `source:` for the base instance unless that instance lists
them in `not_fired:` — how many the engine's trace cites. A file that does not load passes nothing and
cites nothing.

`--format-only-edits` measures a temporary copy in which the two format mismatches found after the engine
existed are rewritten (no expected outcome changes): a choice made while an item resolves is given on the
action during which it resolves (`pass_until`), not on the `cast` that put it on the chain; `to_hand` picks
cards `from:` a zone (the held-out file wrote `zone:`). The files themselves stay as written.
"""
from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.engine.core.errors import EngineError  # noqa: E402
from judge.engine.scenario.load import instances, load_scenario  # noqa: E402
from judge.engine.scenario.run import replay  # noqa: E402
from judge.engine.scenario.yamlio import load as load_yaml  # noqa: E402

CAST_WITH_CHOICE = re.compile(r"^([ \t]*)- \{as: (\S+), cast: (\w+), choices: (\{choose: \{[^}]*\}\})(, rejected: [^}]+)?\}\n"
                              r"(?:\1- pass_until: stack_empty\n)?", re.M)


def format_only_edits(text: str) -> str:
    def move(m: re.Match) -> str:
        indent = m.group(1)
        return (f"{indent}- {{as: {m.group(2)}, cast: {m.group(3)}}}\n{indent}- {{pass_until: stack_empty, "
                f"choices: {m.group(4)}{m.group(5) or ''}}}\n")
    text = CAST_WITH_CHOICE.sub(move, text)
    return re.sub(r"\{to_hand: \{zone: ", "{to_hand: {from: ", text)


def _rule(x) -> str:
    return str(x["rule"] if isinstance(x, dict) else x).split(":")[-1]


def measure(folder: Path, details: bool) -> tuple[int, int, int, int]:
    n = passed = expected = cited = 0
    for path in sorted(folder.glob("*.yaml")):
        raw = load_yaml(path.read_text("utf-8"), str(path))[0]
        source = raw.get("source")
        source = [source] if isinstance(source, str) else list(source or [])
        runs = [(None, raw.get("expect") or {})] + [(v["name"], v.get("expect") or {}) for v in raw.get("variants") or []]
        try:
            sf = load_scenario(path)
            names = set(instances(sf))
        except EngineError as e:
            sf, names = None, set()
            if details:
                print(f"  {path.name}: does not load: {str(e).splitlines()[0]}")
        for name, expect in runs:
            want = {_rule(x) for x in expect.get("fired") or []}
            if name is None:
                want |= {str(s) for s in source} - {_rule(x) for x in expect.get("not_fired") or []}
            got, ok = set(), False
            if sf is not None and name in names:
                out = replay(sf, name)
                ok = out.passed
                got = {f.rule.split(":")[-1] for f in out.trace.firings() if f.rule}
            n += 1
            passed += ok
            expected += len(want)
            cited += len(want & got)
            if details:
                print(f"  {'PASS' if ok else 'FAIL'} {path.name}#{name or ''}: cited {sorted(want & got)}, "
                      f"not cited {sorted(want - got)}")
    return n, passed, expected, cited


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default=str(ROOT / "tests" / "heldout" / "riftbound"))
    ap.add_argument("--format-only-edits", action="store_true")
    ap.add_argument("--details", action="store_true")
    a = ap.parse_args()
    folder = Path(a.folder)
    with tempfile.TemporaryDirectory() as tmp:
        if a.format_only_edits:
            copy = Path(tmp) / "heldout"
            shutil.copytree(folder, copy)
            for p in copy.glob("*.yaml"):
                p.write_text(format_only_edits(p.read_text("utf-8")), "utf-8")
            folder = copy
        n, passed, expected, cited = measure(folder, a.details)
    label = "with format-only edits" if a.format_only_edits else "as written"
    print(f"held-out Riftbound ({label}): {passed} of {n} instances pass; "
          f"rules expected to fire {expected}, cited {cited} ({cited / expected:.1%})")


if __name__ == "__main__":
    main()
