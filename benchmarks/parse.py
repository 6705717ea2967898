"""Parser figures per book (issue 12): how much of each file the parse understood, and how long it took.

Run: python benchmarks/parse.py [--runs 3] [--shared PATH]

For every book: the dialect detected and the runner-up with their shares of the
non-blank lines understood (in rules, examples, glossary), the rules found
against the numbered rules the file holds (counted independently, see PRESENT),
the warnings `judge lint` would print, and the parse time: detection (every
dialect walked) next to a parse with the dialect given, measured in the same
run, and their ratio. The held-out books (benchmarks/heldout/PROVENANCE.md) are
a table of their own, and the real rulebooks of games we do not ship (benchmarks/heldout/real/)
two more, tuning and held out apart. It asserts nothing: these machines are noisy.
"""
from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIXTURES = ROOT / "tests" / "fixtures" / "rulebooks"
HELDOUT = ROOT / "benchmarks" / "heldout"

# Numbered rules each file holds, counted outside the parser (corpora PROVENANCE.md,
# or by hand for the excerpts): numbered rules at every depth, plus chapter headings
# where the book numbers them ("1. 游戏概念" counts as one).
PRESENT = {
    "mtg-cr-20260417-zh-hans.txt": 9 + 147 + 1165 + 1973,  # chapters, sections, rules, subrules of the body (3,138 = PROVENANCE's rule count)
    "mtg-cr-20220610-en.txt": 9 + 138 + 1037 + 1631,        # the same regexes over the body (table of contents and glossary left out)
    "mtg-cr-20220610-zh-hans.txt": 9 + 138 + 1037 + 1631,   # 701.42a printed twice is counted twice
    "fab-cr-en.txt": 9 + 86 + 524 + 606,                 # PROVENANCE: chapters, sections, rules, subrules
    "riftbound-core-2025-10-en.txt": 1617,               # PROVENANCE: 1,617 numbered lines
    "fab-cr-en-excerpt.txt": 35,
    "mtg-cr-en-official-excerpt.txt": 8,                 # 9. + 901, 901.1–901.5, 901.3a
    "mtg-cr-zh-indented-excerpt.txt": 17,                # 1. + 100, 100.1, a, b, 100.2, a, c, 100.4, a, 101, 101.1–101.4, 101.2a, 101.4a
    "mtg-cr-bilingual-excerpt.md": 17,                   # 1. + 16 numbers (each printed twice, once per language)
    "tragedy-core-rules.md": 1 + 6 + 72,                 # "# 0", six "## 0000.x", 72 bullet rules (one printed without bold)
    "mtg-cr-en-indented-excerpt.txt": 38,
    "fab chapters 5–9": 5 + 31 + 290 + 364,              # chapters, sections, rules, subrules, by the regexes behind PROVENANCE's counts
    # hyphen-numbered books (Bandai's layout: 1. / 1-1. / 1-1-1. / 1-1-1-1.), written for issue 12's hyphen class:
    # chapter headings plus numbered lines at every depth, by `^\d+(-\d+)*\. ` (the contents' entries left out)
    "hyphen-onepiece-like-en-excerpt.txt": 3 + 37,
    "hyphen-digimon-like-en-excerpt.txt": 3 + 33,        # 3 chapters (the 4 contents entries not counted)
    "hyphen-unionarena-like-ja-excerpt.txt": 2 + 24,
    "hyphen-fusionworld-like-en-excerpt.txt": 3 + 30,
    "hyphen-gundam-like-en-excerpt.txt": 3 + 31,         # chapters 9, 10, 11
    "hyphen-digimon-like-ja-excerpt.txt": 2 + 23,
    # numbers after a label word ("Rule 1.2.1 text", "§ 2.2 text"), written for the same class
    "label-rule-prefix-en-excerpt.txt": 3 + 18,          # Rule 1./2./3. and 18 numbered rules under them
    "label-section-sign-en-excerpt.txt": 4 + 11,         # § 1 to § 4 and 11 numbered rules under them
    # real rulebooks of games we do not ship (benchmarks/heldout/real/PROVENANCE.md); the tuning ones'
    # heads are fixtures. Chapters, sections, rules in the body (contents lists left out), by hand
    "lorcana-cr-en-excerpt.md": 1 + 7 + 23,              # fixture: lines 1–189 of the tuning excerpt
    "alphaclash-cr-en-excerpt.md": 1 + 3 + 26,           # fixture: lines 1–313 (1., 100.–102., 26 rules)
    "onepiece-cr-en-plain-excerpt.md": 2 + 13 + 60,      # fixture: lines 1–149
    "real/alphaclash-cr-en-excerpt.md": 1 + 5 + 57,
    "real/lorcana-cr-en-excerpt.md": 2 + 11 + 48,        # 2.1.1. printed twice, counted twice
    "real/onepiece-cr-en-plain-excerpt.md": 3 + 22 + 102,
    "real/keyforge-rulebook-en-excerpt.md": 0,           # not numbered: its 1.–7. are steps of lists
    "real/onepiece-cr-en-1.1.8-excerpt.md": 2 + 7 + 55 + 2,  # 2 rules glued mid-line after another
    "real/vtes-rulebook-en-excerpt.md": 2,               # "## 1. Introduction", "## 2. Card Types" only
}
# The split of benchmarks/heldout/real/, by the rule written before anything was measured (its PROVENANCE.md).
REAL_TUNING = ("alphaclash-cr-en-excerpt.md", "lorcana-cr-en-excerpt.md", "onepiece-cr-en-plain-excerpt.md")


def books(shared: Path | None):
    """(table, name, text, forced dialect or None) for every book measured."""
    from rulebook.books import BUNDLED

    def read(p: Path) -> str:
        with open(p, encoding="utf-8-sig", newline="") as fh:
            return fh.read()

    for bid, info in BUNDLED.items():
        yield "bundled", bid, read(Path(info.path)), None
    for p in sorted(FIXTURES.iterdir()):
        if p.suffix in (".txt", ".md") and p.name != "README.md":
            yield "fixtures", p.name, read(p), None
    corpora = shared / "corpora" if shared else None
    tuned = ["mtg-cr-20260417-zh-hans.txt", "mtg-cr-20220610-en.txt", "fab-cr-en.txt", "riftbound-core-2025-10-en.txt"]
    if corpora and corpora.is_dir():
        for name in tuned:
            if (corpora / name).is_file():
                yield "corpora", name, read(corpora / name), None
    for p in sorted(HELDOUT.iterdir()):
        if p.suffix in (".txt", ".md") and p.name != "PROVENANCE.md":
            yield "held out", p.name, read(p), None
    if corpora and corpora.is_dir():
        if (corpora / "fab-cr-en.txt").is_file():
            lines = read(corpora / "fab-cr-en.txt").splitlines(keepends=True)
            yield "held out", "fab chapters 5–9", "".join(lines[665:]), None
        if (corpora / "mtg-cr-20220610-zh-hans.txt").is_file():
            yield "held out", "mtg-cr-20220610-zh-hans.txt", read(corpora / "mtg-cr-20220610-zh-hans.txt"), None
        if (corpora / "riftbound-core-2025-10-en.txt").is_file():
            yield "held out", "riftbound-core-2025-10-en.txt (generic)", read(corpora / "riftbound-core-2025-10-en.txt"), "generic"


def real_books():
    """(table, name, text, None) for the real rulebooks of benchmarks/heldout/real, tuning then held out."""
    real = sorted(p for p in (HELDOUT / "real").iterdir() if p.suffix in (".txt", ".md") and p.name != "PROVENANCE.md")
    for group, keep in (("real, tuning", True), ("real, held out", False)):
        for p in real:
            if (p.name in REAL_TUNING) == keep:
                yield group, "real/" + p.name, p.read_text(encoding="utf-8-sig"), None


def measure(text: str, forced: str | None, runs: int) -> dict:
    from rulebook.model import CHAPTER, RULE
    from rulebook.parse import parse_text
    from rulebook.understood import understood

    auto, given = [], []
    book = None
    for _ in range(runs):
        t = time.perf_counter()
        book = parse_text(text, dialect=forced)
        auto.append(time.perf_counter() - t)
        t = time.perf_counter()
        parse_text(text, dialect=book.dialect)
        given.append(time.perf_counter() - t)
    u = understood(book)
    runner = book.detection[1] if len(book.detection) > 1 else ("-", 0.0)
    return {
        "dialect": book.dialect, "share": u.share, "runner": runner, "lines": u.lines,
        "numbered": sum(1 for n in book.nodes if n.kind in (RULE, CHAPTER)),
        "rules": u.rules, "warnings": u.warnings,
        "auto": statistics.median(auto), "given": statistics.median(given),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shared", default=os.environ.get("RULES_JUDGE_SHARED", str(ROOT.parent / "shared")))
    args = ap.parse_args()
    shared = Path(args.shared)
    if not shared.is_dir():
        print(f"({shared} not found: corpora and the held-out corpus slices are skipped)")
        shared = None
    table = None
    for group, name, text, forced in itertools.chain(books(shared), real_books()):
        if group != table:
            table = group
            print(f"\n## {group}\n")
            print("| book | dialect (share understood) | runner-up | non-blank lines | numbered found / present | "
                  "parse: detected / dialect given / ratio | warnings |")
            print("|---|---|---|---|---|---|---|")
        m = measure(text, forced, args.runs)
        present = PRESENT.get(name.replace(" (generic)", ""))
        found = f"{m['numbered']:,} / {present:,}" if present else f"{m['numbered']:,}"
        print(f"| {name} | {m['dialect']} ({m['share'] * 100:.1f}%) | {m['runner'][0]} ({m['runner'][1] * 100:.1f}%) | "
              f"{m['lines']:,} | {found} | {m['auto'] * 1000:.0f} ms / {m['given'] * 1000:.0f} ms / "
              f"{m['auto'] / m['given']:.1f}× | {'; '.join(m['warnings']) or '-'} |")


if __name__ == "__main__":
    main()
