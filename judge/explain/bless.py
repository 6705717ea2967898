"""Golden explanations: one stored ruling per scenario, compared by the tests, re-blessed on purpose.

For each scenario under `scenarios/` (`judge.engine.scenario.files`: not the card libraries), the plain-text
explanation (what a judge reads, and reviews) is stored under
`tests/golden/explain/`, mirroring the scenario's path, one file per instance:

    scenarios/mtg/420.5c-lethal-damage.yaml
    → tests/golden/explain/mtg/420.5c-lethal-damage.txt
    → tests/golden/explain/mtg/420.5c-lethal-damage@防御力4则存活.txt (one per variant)

The JSON document is not stored (it repeats the rule texts and would double
the size); the test validates it freshly against the schema instead.

After an intended change (a template, the engine's reasons, a new scenario),
re-bless and read the diff as a judge would before committing:

    judge explain --bless                 # or: python -m judge.explain.bless
    judge explain --bless mtg/420.5c      # only scenario instances whose path (or variant) contains this
    git diff tests/golden/explain
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from judge.engine.core.errors import EngineError
from judge.engine.scenario.files import scenario_files
from judge.engine.scenario.load import instances as engine_instances, load_scenario
from judge.explain.errors import ExplainError
from judge.explain.output import to_string
from judge.explain.trace import explain_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
GOLDEN = ROOT / "tests" / "golden" / "explain"
_UNSAFE = re.compile(r'[\\/:*?"<>|\s]')     # variant names are free text ("再得+3/+0则力量为1")


def instances(scenario: Path) -> list[str | None]:
    """The base scenario (None) and each variant, as the engine lists them."""
    try:
        return engine_instances(load_scenario(scenario))
    except EngineError:
        return [None]     # the file does not load: explaining it reports the error


def golden_path(scenario: Path, variant: str | None = None) -> Path:
    """`scenarios/mtg/x.yaml` → `tests/golden/explain/mtg/x.txt`; a variant → `x@变体名.txt`."""
    rel = scenario.relative_to(SCENARIOS).with_suffix("")
    name = rel.name + (f"@{_UNSAFE.sub('_', variant)}" if variant else "")
    return GOLDEN / rel.parent / (name + ".txt")


def render_golden(scenario: Path, variant: str | None = None) -> tuple[str, dict]:
    """The stored form of one explanation (plain text, path relative to the repo) and its document."""
    doc = explain_scenario(str(scenario.relative_to(ROOT)), variant=variant, root=ROOT)
    return to_string(doc, "text"), doc


def bless_all(only: str | None = None) -> list[str]:
    """Re-generate golden files; returns one line per scenario instance saying what happened."""
    report: list[str] = []
    wanted = set()
    for scen in scenario_files(SCENARIOS):
        rel = scen.relative_to(ROOT)
        for variant in instances(scen):
            label = f"{rel}" + (f" --variant {variant}" if variant else "")
            path = golden_path(scen, variant)
            wanted.add(path)   # kept even when it fails now: the test then shows why, against the reviewed ruling
            if only and only not in label:
                continue
            try:
                txt, _ = render_golden(scen, variant)
            except ExplainError as e:
                report.append(f"FAILED   {label}: {str(e).splitlines()[0]}")
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            changed = not path.exists() or path.read_text(encoding="utf-8") != txt
            if changed:
                path.write_text(txt, encoding="utf-8")
            report.append(f"{'blessed ' if changed else 'same    '} {label} → {path.relative_to(ROOT)}")
    if not only and GOLDEN.is_dir():
        for stale in sorted(GOLDEN.rglob("*")):
            if stale.is_file() and stale not in wanted:
                stale.unlink()
                report.append(f"removed  {stale.relative_to(ROOT)} (its scenario is gone)")
    if not report:
        report.append(f"no scenarios under {SCENARIOS.relative_to(ROOT)}/")
    return report


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    lines = bless_all(args[0] if args else None)
    print("\n".join(lines))
    return 1 if any(ln.startswith("FAILED") for ln in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
