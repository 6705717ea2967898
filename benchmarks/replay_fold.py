"""How much `judge replay` folds over the bundled scenarios (issue 17).

    python benchmarks/replay_fold.py

Counts the trace steps and firings folded as routine (judge/engine/scenario/fold.py) and the text rows
a judge reads, folded vs `--full`-style unfolded, over every bundled scenario of every game."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.engine.scenario.fold import runs  # noqa: E402
from judge.engine.scenario.load import load_scenario  # noqa: E402
from judge.engine.scenario.render import rows  # noqa: E402
from judge.engine.scenario.run import replay  # noqa: E402


def main() -> None:
    n = steps = folded_steps = with_folds = full_rows = fold_rows = 0
    touched_full = touched_fold = 0
    for game_dir in sorted(d for d in (ROOT / "scenarios").iterdir() if d.name != "cards"):
        for p in sorted(game_dir.glob("*.yaml")) if game_dir.is_dir() else []:
            sf = load_scenario(str(p.relative_to(ROOT)))
            out = replay(sf, None)
            n += 1
            src = sf.model.source if isinstance(sf.model.source, list) else [sf.model.source]
            t = out.trace
            steps += len(t.steps)
            k = sum(len(g) for r, g in runs(t.steps, t.game, {str(x) for x in src}) if r)
            a, b = len(rows(out, sf, fold=False)), len(rows(out, sf))
            full_rows += a
            fold_rows += b
            folded_steps += k
            if b < a:
                with_folds += 1
                touched_full += a
                touched_fold += b
    print(f"scenarios {n}, trace steps {steps}, routine steps folded {folded_steps}")
    print(f"text rows: {full_rows} unfolded -> {fold_rows} folded ({1 - fold_rows / full_rows:.1%} fewer)")
    print(f"in the {with_folds} scenarios that fold something: {touched_full} -> {touched_fold} rows "
          f"({1 - touched_fold / max(touched_full, 1):.1%} fewer)")


if __name__ == "__main__":
    main()
