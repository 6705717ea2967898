"""Rule lookup figures (issue "Rulebook…"): cold CLI, parse and cache-load times, graph counts.

Run: python benchmarks/lookup.py [--runs 15]

Prints figures and ratios against baselines measured in the same run; it
asserts nothing (these machines are noisy). The cold lookup is compared with
`python -c "import typer"`, interleaved so that both see the same load.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPORA = SHARED / "corpora"
sys.path.insert(0, str(ROOT))


def wall(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def cold_cli(runs: int, env: dict) -> None:
    judge = shutil.which("judge") or "judge"
    lookup = [judge, "rule", "420.5c", "--book", "mtg"]
    baseline = [sys.executable, "-c", "import typer"]
    wall(lookup, env)  # fill the parse cache; a lookup is measured warm-cache, cold-process
    a, b = [], []
    for _ in range(runs):
        b.append(wall(baseline, env))
        a.append(wall(lookup, env))
    ma, mb = statistics.median(a), statistics.median(b)
    print("## Cold process: judge rule 420.5c --book mtg")
    print(f"  import typer        median {mb*1000:7.1f} ms   min {min(b)*1000:7.1f} ms")
    print(f"  judge rule 420.5c   median {ma*1000:7.1f} ms   min {min(a)*1000:7.1f} ms")
    print(f"  ratio (median)      {ma/mb:.2f}   (aim ≤ 2.0)")
    probe = subprocess.run(
        [sys.executable, "-c",
         "import sys; sys.argv=['judge','rule','420.5c']\nfrom judge.cli import main\n"
         "try:\n    main()\nexcept SystemExit:\n    pass\n"
         "print(','.join(m for m in ('jieba','whoosh') if m in sys.modules) or 'none', file=sys.stderr)"],
        env=env, capture_output=True, text=True)
    print(f"  search libraries imported by the lookup: {probe.stderr.strip().splitlines()[-1]}")


def parse_times(runs: int) -> None:
    from rulebook import books, load_book
    from rulebook.parse import decode, parse_text

    path = CORPORA / "mtg-cr-20260417-zh-hans.txt"
    if not path.exists():
        print("## Parse times: skipped (../shared/corpora not available)")
        return
    text, _ = decode(path.read_bytes())
    parse = []
    for _ in range(runs):
        t = time.perf_counter()
        parse_text(text)
        parse.append(time.perf_counter() - t)
    load_book(str(path))  # fill the cache
    load = []
    for _ in range(runs):
        books._LOADED.clear()  # measure the on-disk cache, not the in-process copy
        t = time.perf_counter()
        load_book(str(path))
        load.append(time.perf_counter() - t)
    mp, ml = statistics.median(parse), statistics.median(load)
    print(f"## {path.name} ({path.stat().st_size:,} bytes)")
    print(f"  parse from scratch  median {mp*1000:7.1f} ms   min {min(parse)*1000:7.1f} ms")
    print(f"  load from cache     median {ml*1000:7.1f} ms   min {min(load)*1000:7.1f} ms")
    print(f"  parse / load        {mp/ml:.1f}×")


def counts() -> None:
    from rulebook import BUNDLED, load_book
    from rulebook.lint import lint

    targets = [(k, k) for k in BUNDLED]
    if CORPORA.exists():
        targets += [(p.name, str(p)) for p in sorted(CORPORA.glob("*.txt"))]
    print("## Graph counts")
    print(f"  {'book':34} {'dialect':12} {'rules':>6} {'examples':>8} {'glossary':>8} {'cards':>5} "
          f"{'refs':>6} {'resolved':>8} {'inside%':>7} {'unclass':>7}")
    for name, ref in targets:
        book = load_book(ref)
        r = lint(book)
        c, refs = r.counts, r.references
        pct = 100 * refs["resolved"] / refs["total"] if refs["total"] else 100.0
        print(f"  {name:34} {r.dialect:12} {c['rules']:6} {c['examples']:8} {c['glossary']:8} {c['cards']:5} "
              f"{refs['total']:6} {refs['resolved']:8} {pct:6.1f}% {c['unclassified']:7}")
    print("  (refs = reference targets found in the text; inside% = resolved / found: the excerpts"
          " cite rules outside themselves)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="judge-bench-")
    env = {**os.environ, "RULES_JUDGE_CACHE_DIR": tmp}
    os.environ["RULES_JUDGE_CACHE_DIR"] = tmp
    try:
        cold_cli(args.runs, env)
        parse_times(max(3, args.runs // 3))
        counts()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
