"""Parser figures on real rulebooks it was not written for (benchmarks/heldout/real/).

Run: python benchmarks/parse_real.py [--json]

For every excerpt, tuning and held-out apart (the split is in that folder's
PROVENANCE.md): the dialect picked, the share of non-blank lines understood,
numbered rules found against the numbered rules the file holds (counted by
hand, see PRESENT), references found and resolved, the warnings `judge lint`
prints, and the first lines of what `judge rule N --book FILE` prints for one
number the file holds (SAMPLE). It asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
REAL = ROOT / "benchmarks" / "heldout" / "real"

# The split, by the rule written before anything was measured (PROVENANCE.md).
TUNING = ("alphaclash-cr-en-excerpt.md", "lorcana-cr-en-excerpt.md", "onepiece-cr-en-plain-excerpt.md")
HELD_OUT = ("keyforge-rulebook-en-excerpt.md", "onepiece-cr-en-1.1.8-excerpt.md", "vtes-rulebook-en-excerpt.md")

# Numbered rules each excerpt holds in its body (the contents lists left out),
# counted by hand: chapters, sections and rules at every depth, rules glued
# mid-line included, a number printed twice counted twice.
PRESENT = {
    "alphaclash-cr-en-excerpt.md": 1 + 5 + 57,        # "1. Game Concepts", 100.–104. (plain or "## "), 57 rules 100.1–104.6
    "lorcana-cr-en-excerpt.md": 2 + 11 + 48,          # "## 1." "## 2.", ### 1.1.–1.10. and 2.1., 48 rules (2.1.1. twice)
    "onepiece-cr-en-plain-excerpt.md": 3 + 22 + 102,  # chapters 1–3, 22 sections, 102 rules
    "keyforge-rulebook-en-excerpt.md": 0,             # not numbered (ordered lists are steps, not rules)
    "onepiece-cr-en-1.1.8-excerpt.md": 2 + 7 + 55 + 2,  # "## 1." "## 2.", 7 sections, 55 rules at a line start, 2 glued mid-line
    "vtes-rulebook-en-excerpt.md": 2,                 # "## 1. Introduction", "## 2. Card Types"
}
# Where each excerpt's body starts (after its contents list) and what a numbered line of it looks like:
# the lines the parse should start a rule or chapter at. A rule glued to the end of another line is not
# counted here (PRESENT counts it).
BODY = {
    "alphaclash-cr-en-excerpt.md": ("1. Game Concepts", 2, r"^(?:## )?\d+(?:\.\d+[a-z]?)*\. "),
    "lorcana-cr-en-excerpt.md": ("## 1. CONCEPTS", 2, r"^(?:#+ )?\d+(?:\.\d+)*\."),
    "onepiece-cr-en-plain-excerpt.md": ("1. Game Overview", 1, r"^\d+(?:-\d+)*\. "),
    "keyforge-rulebook-en-excerpt.md": ("", 1, r"(?!)"),
    "onepiece-cr-en-1.1.8-excerpt.md": ("## 1. Game Overview", 1, r"^(?:## )?\d+(?:-\d+)*\. "),
    "vtes-rulebook-en-excerpt.md": ("# V:TES Rulebook", 1, r"^## \d+\. "),
}


def body_lines(path: Path) -> set[int]:
    """The 1-based numbers of the body's numbered lines (see BODY)."""
    first, nth, rx = BODY[path.name]
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.strip() == first] if first else [0]
    start = starts[nth - 1] if len(starts) >= nth else 0
    return {i + 1 for i, ln in enumerate(lines) if i >= start and re.match(rx, ln)}


# One number each file holds, for `judge rule N --book FILE`.
SAMPLE = {
    "alphaclash-cr-en-excerpt.md": "101.4a",
    "lorcana-cr-en-excerpt.md": "1.2.3",
    "onepiece-cr-en-plain-excerpt.md": "1-2-1-1",
    "keyforge-rulebook-en-excerpt.md": "1",
    "onepiece-cr-en-1.1.8-excerpt.md": "1-3-7-1",
    "vtes-rulebook-en-excerpt.md": "2",
}


def measure(path: Path) -> dict:
    from rulebook.lint import lint
    from rulebook.model import CHAPTER, RULE
    from rulebook.parse import parse_file

    book = parse_file(str(path))
    rep = lint(book)
    u = rep.understood
    env = dict(os.environ)
    run = subprocess.run([str(Path(sys.executable).parent / "judge"), "rule", SAMPLE[path.name], "--book", str(path)],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    shown = (run.stdout or run.stderr).strip().splitlines()
    present = body_lines(path)
    found = {n.line for n in book.nodes if n.kind in (RULE, CHAPTER)}
    return {
        "file": path.name, "dialect": book.dialect, "share": round(u.share, 3),
        "read": len(found & present), "lines": len(present), "spurious": len(found - present),
        "numbered": sum(1 for n in book.nodes if n.kind in (RULE, CHAPTER)), "present": PRESENT[path.name],
        "refs": rep.references, "warnings": u.warnings, "findings": rep.findings_by_code,
        "sample": SAMPLE[path.name], "rc": run.returncode, "shown": shown[:4],
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {"tuning": [measure(REAL / f) for f in TUNING], "held out": [measure(REAL / f) for f in HELD_OUT]}
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return
    for group, rows in out.items():
        print(f"\n## {group}\n")
        print("| file | dialect | understood | numbered found / present | numbered lines read as rules (+ spurious) | "
              "references resolved / found | warns | `judge rule N` (rc) |")
        print("|---|---|---|---|---|---|---|---|")
        for m in rows:
            r = m["refs"]
            first = " / ".join(m["shown"][:2]).replace("|", "\\|")[:90]
            print(f"| {m['file']} | {m['dialect']} | {m['share'] * 100:.1f}% | {m['numbered']} / {m['present']} | "
                  f"{m['read']} / {m['lines']} (+{m['spurious']}) | "
                  f"{r['resolved']} / {r['total']} | {'yes' if m['warnings'] else 'no'} | {m['sample']} ({m['rc']}): {first} |")


if __name__ == "__main__":
    main()
