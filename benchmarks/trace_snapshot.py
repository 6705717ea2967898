"""Snapshot every bundled scenario's trace, to prove a refactoring changed no trace.

    python benchmarks/trace_snapshot.py OUT_DIR [--root REPO]

Writes, for every scenario file under `scenarios/` and each of its variants, the
`judge replay --json` document, the `judge replay` text and the `judge explain`
golden text into OUT_DIR (one file each); a replay that stops with an engine
error writes the error as `judge` prints it. Run it on two checkouts (the one
before a change, the one after) and compare with `diff -r`: an empty diff means
the traces and explanations are byte-identical.

`--root` runs the code and scenarios of another checkout (e.g. `git archive main`
unpacked in a temporary directory), so before and after run in one session.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = ap.parse_args(argv)
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    os.chdir(root)

    from judge.engine.core.errors import EngineError
    from judge.engine.scenario.files import scenario_files
    from judge.engine.scenario.load import instances, load_scenario
    from judge.engine.scenario.render import to_json, to_text
    from judge.engine.scenario.run import replay
    from judge.explain.bless import render_golden

    out_dir = args.out
    out_dir.mkdir(parents=True, exist_ok=True)
    n = 0
    for path in scenario_files(root / "scenarios"):
        rel = path.relative_to(root / "scenarios")
        try:
            sf = load_scenario(path.relative_to(root))
            variants = instances(sf)
        except EngineError as e:
            (out_dir / (str(rel).replace("/", "__") + ".load-error")).write_text(e.located(), "utf-8")
            continue
        for v in variants:
            name = str(rel).replace("/", "__") + (f"@{v.replace('/', '∕')}" if v else "")
            try:
                o = replay(sf, v)
                (out_dir / f"{name}.json").write_text(to_json(o, sf), "utf-8")
                (out_dir / f"{name}.txt").write_text(to_text(o, sf), "utf-8")
            except EngineError as e:
                (out_dir / f"{name}.error").write_text(e.located(), "utf-8")
            try:
                (out_dir / f"{name}.explain").write_text(render_golden(path, v)[0], "utf-8")
            except Exception as e:  # noqa: BLE001 - recorded, compared like any output
                (out_dir / f"{name}.explain-error").write_text(f"{type(e).__name__}: {e}", "utf-8")
            n += 1
    print(f"{n} scenario instances written to {out_dir}")


if __name__ == "__main__":
    main()
