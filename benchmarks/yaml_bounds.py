"""How fast the safe YAML loader refuses hostile input, and what it costs on ordinary files.

    python benchmarks/yaml_bounds.py [--rounds N]

1. Hostile input, each through `rulebook.safe_yaml` in a fresh child process (so
   peak RSS is that input's): a 9-level "billion laughs" (9^9 strings once
   expanded), 100,001 list items, a 1 MiB + 1 byte file, 5,000 levels of
   nesting, a 5,000-digit integer. Figures: wall time and the child's peak
   RSS, next to the same child importing the loader and reading nothing
   (the baseline).
2. Ordinary files: every bundled YAML file (scenarios, card libraries,
   templates), loaded N rounds by the safe loader (with line marks) and by
   `yaml.safe_load` with libyaml (no marks, no limits); the ratio is the cost
   of the bounds and the marks.
3. The whole command: `judge replay` on the billion laughs file, wall time
   and peak RSS of the process (the unbounded loader needed > 120 s, ~10 GB).

Figures only; the tests assert only generous bounds (tests/test_bad_input_yaml.py).
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LAUGHS = "lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 10))

HOSTILE = {
    "nothing (baseline)": None,
    "billion laughs (9 levels)": LAUGHS,
    "100,001 list items": "- a\n" * 100_001,
    "1 MiB + 1 byte": "a: " + "x" * (1 << 20) + "\n",
    "5,000 levels of nesting": "[" * 5000 + "]" * 5000,
    "5,000-digit integer": "a: " + "9" * 5000 + "\n",
}

CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from rulebook import safe_yaml
path = sys.argv[1]
t = time.perf_counter()
if path != "-":
    try:
        safe_yaml.read(path)
        out = "accepted"
    except safe_yaml.YamlError as e:
        out = e.message[:60]
else:
    out = "-"
dt = time.perf_counter() - t
print(f"{{dt * 1000:.1f}}\\t{{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}}\\t{{out}}")
"""


def hostile(tmp: Path) -> None:
    print("1. hostile input (child process each): load ms, peak RSS MB, outcome")
    code = CHILD.format(root=str(ROOT))
    for name, text in HOSTILE.items():
        arg = "-"
        if text is not None:
            f = tmp / "h.yaml"
            f.write_text(text, "utf-8")
            arg = str(f)
        res = subprocess.run([sys.executable, "-c", code, arg], capture_output=True, text=True, timeout=120)
        ms, rss, out = res.stdout.strip().split("\t")
        print(f"   {name:28} {float(ms):8.1f} ms {float(rss):7.0f} MB   {out}")


def ordinary(rounds: int) -> None:
    import yaml

    from rulebook import safe_yaml

    files = [*ROOT.glob("scenarios/**/*.yaml"), *ROOT.glob("judge/data/**/*.yaml")]
    texts = [(str(f), f.read_text("utf-8")) for f in files]
    size = sum(len(t.encode()) for _, t in texts)

    def timed(fn) -> float:
        best = float("inf")
        for _ in range(rounds):
            t = time.perf_counter()
            for name, text in texts:
                fn(text, name)
            best = min(best, time.perf_counter() - t)
        return best

    ours = timed(lambda text, name: safe_yaml.loads_with_lines(text, name))
    base = timed(lambda text, name: yaml.load(text, Loader=yaml.CSafeLoader))
    print(f"2. bundled YAML: {len(texts)} files, {size / 1024:.0f} KiB; best of {rounds} rounds")
    print(f"   safe_yaml (bounds + line marks) {ours * 1000:7.1f} ms")
    print(f"   yaml.safe_load (libyaml)        {base * 1000:7.1f} ms")
    print(f"   ratio                           {ours / base:7.2f}x")


def command(tmp: Path) -> None:
    f = tmp / "lol.yaml"
    f.write_text("book: mtg\ntitle: 笑\n" + LAUGHS, "utf-8")
    judge = Path(sys.executable).parent / "judge"
    t = time.perf_counter()
    res = subprocess.run([str(judge), "replay", str(f)], capture_output=True, text=True, timeout=120)
    dt = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"3. judge replay lol.yaml: exit {res.returncode} in {dt:.2f} s, peak RSS {rss:.0f} MB: "
          f"{(res.stderr or res.stdout).strip()[:90]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        hostile(Path(d))
        ordinary(args.rounds)
        command(Path(d))


if __name__ == "__main__":
    main()
