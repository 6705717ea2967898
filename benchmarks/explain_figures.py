"""Figures of issue 13 (rulings): the prose checks of tests/test_explain_prose.py counted over golden rulings.

    python benchmarks/explain_figures.py [GOLDEN_ROOT]        # default: this checkout's tests/golden/explain

GOLDEN_ROOT may be an older checkout's golden directory (`git worktree add /tmp/old 230d449`, then
/tmp/old/tests/golden/explain) to compare before and after. Rulings are split into development and
held-out: the held-out scenarios (sha256 of the path `scenarios/<game>/<file>.yaml` mod 8 == 0, MTG and WoW)
were set aside before the ruling mechanism changed and never tuned on. Riftbound's rulings (added later)
are counted apart.
"""
from __future__ import annotations

import hashlib
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import test_explain_prose as P  # noqa: E402  (the test's own checks, so the figures count what it asserts)


def held_out(game: str, stem: str) -> bool:
    path = f"scenarios/{game}/{stem}.yaml"
    return game in ("mtg", "wow") and int(hashlib.sha256(path.encode()).hexdigest(), 16) % 8 == 0


def check(files: list[Path]) -> dict:
    out = dict(rulings=len(files), with_leak=0, leaking_lines=0, glossary_lines=0, python_literal_lines=0,
               bare_not_applied=0, answer_without_cite=0)
    lengths = []
    for f in files:
        g = f.read_text(encoding="utf-8")
        ids = P.scenario_ids(g)
        leaked = False
        for line in P.prose(g):
            bad = P.leaks(line, ids) or "glossary:" in line or P._PY.search(line)
            out["glossary_lines"] += "glossary:" in line
            out["python_literal_lines"] += bool(P._PY.search(line))
            if bad:
                out["leaking_lines"] += 1
                leaked = True
        out["with_leak"] += leaked
        a = P.answer(g)
        lengths.append(len(a.split("。结果：")[0]))
        out["answer_without_cite"] += not ("（规则 " in a or "（术语" in a)
        out["bare_not_applied"] += any(m.group(1) != "：" for m in re.finditer(r"没有适用(.?)", a))
    out["median_chain_chars"] = statistics.median(lengths) if lengths else 0
    return out


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests" / "golden" / "explain"
    files = sorted(root.rglob("*.txt"))
    groups: dict[str, list[Path]] = {"development": [], "held-out": [], "riftbound": []}
    for f in files:
        game, stem = f.parent.name, f.name[:-4].split("@")[0]
        groups["riftbound" if game == "riftbound" else "held-out" if held_out(game, stem) else "development"].append(f)
    for name, fs in groups.items():
        print(f"{name:12} {check(fs)}")


if __name__ == "__main__":
    main()
