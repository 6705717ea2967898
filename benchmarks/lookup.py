"""Rule lookup figures: cold CLI lookups in the bundled books and in a generated
20 MB rulebook, cold parse, the store against the whole-graph pickle it
replaced, graph counts.

Run: python benchmarks/lookup.py [--runs 15] [--big-mb 20] [--instructions]

Prints figures and ratios against baselines measured in the same run; it
asserts nothing (these machines are noisy). Each process's wall time and peak
RSS are read from `os.wait4`. Baselines:
- `python -c "import typer"`: the budget of a cold `judge rule 420.5c` is 2× it;
- `judge rule 420.5c` in the bundled MTG book: a lookup in the 20 MB book should
  cost about the same;
- loading the 20 MB book's whole graph from one pickle (what every lookup did
  before `rulebook/store.py`), measured here on the same book.
Commands are interleaved so that each figure and its baseline see the same load.
`--instructions` also counts instructions with valgrind (callgrind), which do
not depend on the machine's load. Child processes keep compiled bytecode, as a
user's Python does (PYTHONDONTWRITEBYTECODE is dropped from their environment).

The 20 MB book is generated here (`generate_book`): MTG-style numbering, nine
chapters of 100 sections, rules with lettered subrules, examples and a
glossary, the sentences drawn from the bundled MTG book, cross-references to
random rules. The same seed gives the same book.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("RULES_JUDGE_SHARED", ROOT.parent / "shared"))
CORPORA = SHARED / "corpora"
sys.path.insert(0, str(ROOT))

LETTERS = "abcdefghijkmnpqrstuvwxyz"


def generate_book(path: Path, target_bytes: int = 20_000_000, seed: int = 9) -> None:
    """Write a synthetic MTG-style rulebook of about `target_bytes` to `path`."""
    sentences = []
    for line in (ROOT / "rulebook" / "data" / "mtg.txt").read_text("utf-8").splitlines():
        m = re.match(r"^\d{3}\.\d+[a-z]?\.?\s+(.+)$", line)
        if m:
            sentences += [s + "。" for s in re.sub(r"规则\s*\d", "规则", m.group(1)).split("。") if len(s) > 8]
    rng = random.Random(seed)
    per_section = target_bytes // 900
    out = ["万智牌完整规则（生成的大型规则书）\n", "\n"]
    for chapter in range(1, 10):
        out.append(f"{chapter}. 第{chapter}章\n")
        for sec in range(chapter * 100, chapter * 100 + 100):
            out.append(f"{sec}. 第{sec}节\n")
            used, r = 0, 0
            while used < per_section:
                r += 1
                for j in range(-1, rng.randrange(0, 12)):
                    number = f"{sec}.{r}." if j < 0 else f"{sec}.{r}{LETTERS[j]}."
                    text = "".join(rng.choice(sentences) for _ in range(rng.randrange(1, 3)))
                    if rng.random() < 0.3:
                        text += f"见规则{rng.randrange(100, 1000)}.{rng.randrange(1, 6)}。"
                    lines = [f"{number} {text}\n"]
                    if rng.random() < 0.1:
                        lines.append(f"例：{rng.choice(sentences)}\n")
                    out += lines
                    used += sum(len(x.encode()) for x in lines)
    out.append("词汇表\n")
    out += [f"术语{k}\n{rng.choice(sentences)}见规则{rng.randrange(100, 1000)}.1。\n\n" for k in range(2000)]
    path.write_text("".join(out), "utf-8")


def measure(cmd: list[str], env: dict) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MB) of one process. CPU time
    (user + system) moves less than wall time when other work shares the machine.

    Through GNU time when there is one: a process forked from this one starts
    its peak RSS at this (large) process's size, whereas GNU time's children
    start from GNU time's."""
    t = time.perf_counter()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        timed = [GNU_TIME, "-f", "%U %S %M", "-o", out.name, *cmd] if GNU_TIME else cmd
        p = subprocess.Popen(timed, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):  # 1: a lookup that finds nothing, measured on purpose
            raise SystemExit(f"failed ({code}): {' '.join(cmd)}")
        if GNU_TIME:
            user, system, kb = out.read().split()[-3:]
            return wall, float(user) + float(system), int(kb) / 1024
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


GNU_TIME = "/usr/bin/time" if Path("/usr/bin/time").exists() else None


def instructions(cmd: list[str], env: dict) -> int | None:
    """Instructions executed by `cmd` (valgrind callgrind), or None without valgrind."""
    if not shutil.which("valgrind"):
        return None
    with tempfile.TemporaryDirectory() as d:
        res = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/out", *cmd], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", res.stderr)
    return int(m.group(1)) if m else None


def compare(rows: dict[str, list[str]], runs: int, env: dict) -> dict[str, tuple[float, float, float, float]]:
    """Run each command `runs` times, interleaved; → name: (median wall s, min wall s, median CPU s, median peak MB)."""
    got: dict[str, list[tuple[float, float, float]]] = {k: [] for k in rows}
    for _ in range(runs):
        for name, cmd in rows.items():
            got[name].append(measure(cmd, env))
    return {k: (statistics.median(w for w, _, _ in v), min(w for w, _, _ in v),
                statistics.median(c for _, c, _ in v), statistics.median(m for _, _, m in v)) for k, v in got.items()}


def show(stats: dict[str, tuple[float, float, float, float]]) -> None:
    for name, (med, low, cpu, mb) in stats.items():
        print(f"  {name:44} wall median {med * 1000:7.1f} ms  min {low * 1000:7.1f} ms   "
              f"CPU {cpu * 1000:7.1f} ms   peak {mb:6.1f} MB")


def cold_cli(runs: int, env: dict, big: Path, pickled: Path, count: bool) -> None:
    judge = shutil.which("judge") or "judge"
    rows = {
        "python -c 'import typer'": [sys.executable, "-c", "import typer"],
        "judge rule 420.5c (bundled mtg)": [judge, "rule", "420.5c", "--book", "mtg"],
        "judge rule 420.5 (bundled, with subrules)": [judge, "rule", "420.5", "--book", "mtg"],
        "judge rule 501.3 (big book)": [judge, "rule", "501.3", "--book", str(big)],
        "judge rule 777 (big book, contents)": [judge, "rule", "777", "--book", str(big)],
        "judge rule 777.9z (big book, not found)": [judge, "rule", "777.9z", "--book", str(big)],
        "judge rule 术语1234 (big book, glossary)": [judge, "rule", "术语1234", "--book", str(big)],
        "whole-graph pickle load (the old cache)": [sys.executable, "-c",
                                                    f"import pickle; pickle.load(open({str(pickled)!r}, 'rb'))"],
    }
    for cmd in rows.values():
        measure(cmd, env)  # fill the caches: lookups are measured warm-cache, cold-process
    stats = compare(rows, runs, env)
    print(f"## Cold process, warm cache ({runs} runs each, interleaved)")
    show(stats)
    typer_s, _, typer_c, _ = stats["python -c 'import typer'"]
    bundled, _, bundled_c, _ = stats["judge rule 420.5c (bundled mtg)"]
    big_s, _, big_c, big_mb = stats["judge rule 501.3 (big book)"]
    old_s, _, old_c, old_mb = stats["whole-graph pickle load (the old cache)"]
    print(f"  judge rule 420.5c / import typer           wall {bundled / typer_s:5.2f}   CPU {bundled_c / typer_c:5.2f}"
          "   (budget ≤ 2.0)")
    print(f"  big-book lookup / bundled lookup           wall {big_s / bundled:5.2f}   CPU {big_c / bundled_c:5.2f}"
          "   (aim: about 1)")
    print(f"  big-book lookup: {big_s:.3f} s wall, {big_c:.3f} s CPU, {big_mb:.0f} MB peak   (aim < 0.3 s, < 100 MB)")
    print(f"  whole-graph pickle load / big-book lookup     {old_s / big_s:5.1f}× the wall time, {old_c / big_c:5.1f}× the CPU,"
          f" {old_mb / big_mb:4.1f}× the memory")
    if count:
        counts = {k: instructions(rows[k], env) for k in ("python -c 'import typer'", "judge rule 420.5c (bundled mtg)",
                                                          "judge rule 501.3 (big book)")}
        if None not in counts.values():
            t, b, g = counts.values()
            print(f"  instructions (callgrind): import typer {t / 1e6:.0f} M, judge rule 420.5c {b / 1e6:.0f} M "
                  f"({b / t:.2f}×), big-book lookup {g / 1e6:.0f} M ({g / b:.2f}× the bundled lookup)")
    probe = subprocess.run(
        [sys.executable, "-c",
         "import sys; sys.argv=['judge','rule','420.5c']\nfrom judge.cli import main\n"
         "try:\n    main()\nexcept SystemExit:\n    pass\n"
         "print(','.join(m for m in ('jieba','whoosh','rulebook.parse','pydantic') if m in sys.modules) or 'none',"
         " file=sys.stderr)"],
        env=env, capture_output=True, text=True)
    print(f"  heavy modules imported by a cached lookup: {probe.stderr.strip().splitlines()[-1]}")


def big_parse(runs: int, env: dict, big: Path) -> None:
    """Cold parse of the 20 MB book (parse + write the store), in a fresh cache each time."""
    judge = shutil.which("judge") or "judge"
    walls, cpus, rss = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="judge-bench-cold-") as d:
            w, c, m = measure([judge, "rule", "501.3", "--book", str(big)], {**env, "RULES_JUDGE_CACHE_DIR": d})
            stored = sum(f.stat().st_size for f in Path(d, "books").glob("*"))
        walls.append(w)
        cpus.append(c)
        rss.append(m)
    inproc = subprocess.run(
        [sys.executable, "-c",
         "import time, resource\nfrom rulebook.parse import parse_file\n"
         f"t = time.perf_counter(); b = parse_file({str(big)!r}); p = time.perf_counter() - t\n"
         "from rulebook import store\nfrom pathlib import Path\nimport tempfile\n"
         "d = tempfile.mkdtemp()\nt = time.perf_counter(); store.save(b, Path(d) / 'b.sqlite'); s = time.perf_counter() - t\n"
         "print(f'{p:.2f} {s:.2f} {len(b.nodes)}')"],
        env=env, capture_output=True, text=True, check=True)
    p, s, nodes = inproc.stdout.split()
    print(f"## Cold parse of the generated book ({big.stat().st_size / 1e6:.1f} MB, {int(nodes):,} nodes), "
          f"{runs} runs, each in an empty cache")
    print(f"  judge rule 501.3, cold    wall median {statistics.median(walls):6.2f} s  min {min(walls):6.2f} s   "
          f"CPU {statistics.median(cpus):6.2f} s   peak {statistics.median(rss):6.0f} MB")
    print(f"  of which: parse {p} s, writing the store {s} s (in-process, one run); store {stored / 1e6:.0f} MB on disk")
    forced = subprocess.run(
        [sys.executable, "-c", "import time\nfrom rulebook.parse import parse_file\n"
         f"t = time.process_time(); parse_file({str(big)!r}, dialect='mtg'); print(f'{{time.process_time() - t:.2f}}')"],
        env=env, capture_output=True, text=True, check=True).stdout.strip()
    hashing = subprocess.run(
        [sys.executable, "-c", "import time\nfrom pathlib import Path\nfrom rulebook.books import file_sha256\n"
         f"t = time.process_time(); file_sha256(Path({str(big)!r})); print(f'{{(time.process_time() - t) * 1000:.0f}}')"],
        env=env, capture_output=True, text=True, check=True).stdout.strip()
    print(f"  parse with --dialect mtg (no detection): {forced} s CPU; hashing the file to find its stored copy, "
          f"which every cached lookup does: {hashing} ms CPU")


def whole_graph(big: Path, env: dict) -> None:
    """What walks the whole graph (lint, the search index build, coverage) reads it all from the store;
    compared with the whole-graph pickle in the same process."""
    code = ("import pickle, time\nfrom rulebook import load_book\nfrom rulebook.lint import lint\n"
            f"b = load_book({str(big)!r})\nt = time.process_time(); n = len(b.nodes); load = time.process_time() - t\n"
            "t = time.process_time(); r = lint(b); linted = time.process_time() - t\n"
            f"data = open({str(big) + '.pickle'!r}, 'rb').read()\n"
            "t = time.process_time(); pickle.loads(data); old = time.process_time() - t\n"
            "print(f'{load:.2f} {linted:.2f} {old:.2f} {n}')")
    load, linted, old, n = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                          check=True).stdout.split()
    print(f"## Whole graph of the generated book ({int(n):,} nodes), CPU seconds in one process")
    print(f"  every node from the store {load} s (the whole-graph pickle: {old} s); lint over it {linted} s")


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
        b = load_book(str(path))
        b.nodes  # noqa: B018  the whole graph, as the old cache always loaded it
        load.append(time.perf_counter() - t)
    mp, ml = statistics.median(parse), statistics.median(load)
    print(f"## {path.name} ({path.stat().st_size:,} bytes)")
    print(f"  parse from scratch            median {mp*1000:7.1f} ms   min {min(parse)*1000:7.1f} ms")
    print(f"  whole graph from the store    median {ml*1000:7.1f} ms   min {min(load)*1000:7.1f} ms")
    print(f"  parse / load                  {mp/ml:.1f}×")


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
    ap.add_argument("--big-mb", type=float, default=20.0, help="size of the generated book, MB")
    ap.add_argument("--instructions", action="store_true", help="also count instructions with valgrind")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    env = {**os.environ, "RULES_JUDGE_CACHE_DIR": str(tmp / "cache"), "RULES_JUDGE_DATA_DIR": str(tmp / "data")}
    # A user's Python keeps compiled bytecode; without it every run compiles the project's modules
    # again (the sandbox these figures come from sets PYTHONDONTWRITEBYTECODE), which is not what we measure.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ.update(RULES_JUDGE_CACHE_DIR=env["RULES_JUDGE_CACHE_DIR"], RULES_JUDGE_DATA_DIR=env["RULES_JUDGE_DATA_DIR"])
    try:
        big = tmp / "big.txt"
        generate_book(big, int(args.big_mb * 1e6))
        pickled = Path(str(big) + ".pickle")
        subprocess.run([sys.executable, "-c",
                        "import pickle\nfrom rulebook.parse import parse_file\n"
                        f"pickle.dump(parse_file({str(big)!r}), open({str(pickled)!r}, 'wb'), protocol=5)"],
                       env=env, check=True)
        big_parse(max(1, args.runs // 5), env, big)
        cold_cli(args.runs, env, big, pickled, args.instructions)
        whole_graph(big, env)
        parse_times(max(3, args.runs // 3))
        counts()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
