"""Node-by-node comparison of parses before and after a parser change (non-regression of every measured book).

Run: python benchmarks/parse_snapshot.py snap before.json   (on the old parser)
     python benchmarks/parse_snapshot.py snap after.json    (on the new one)
     python benchmarks/parse_snapshot.py cmp before.json after.json [EXAMPLES]

Every book `benchmarks/parse.py` measures (bundled, fixtures, corpora, held out) is parsed, and each node's
(uid, kind, parent, title, text, alt_text) recorded. `cmp` names the books whose nodes differ, says whether
only texts changed or the structure too (uid, kind, parent, title, node count, book title), and prints a few
texts before and after.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def snap(out: str) -> None:
    import parse as bench
    from rulebook.parse import parse_text
    shared = Path(os.environ.get("RULES_JUDGE_SHARED", str(ROOT.parent / "shared")))
    res = {}
    for group, name, text, forced in bench.books(shared if shared.is_dir() else None):
        b = parse_text(text, dialect=forced)
        res[f"{group}/{name}"] = {"title": b.title, "dialect": b.dialect,
                                  "nodes": [[n.uid, n.kind, n.parent, n.title, n.text, n.alt_text] for n in b.nodes]}
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(res, fh, ensure_ascii=False)


def cmp(a: str, b: str, examples: int = 3) -> None:
    with open(a, encoding="utf-8") as fa, open(b, encoding="utf-8") as fb:
        before, after = json.load(fa), json.load(fb)
    for k, x in before.items():
        y = after.get(k)
        if y == x:
            print("same   ", k)
            continue
        if y is None:
            print("MISSING", k)
            continue
        diff = [(p, q) for p, q in zip(x["nodes"], y["nodes"]) if p != q]
        structure = (len(x["nodes"]) != len(y["nodes"]) or x["title"] != y["title"] or x["dialect"] != y["dialect"]
                     or any(p[:4] != q[:4] for p, q in diff))
        print("CHANGED", k, f"{len(diff)} nodes of {len(x['nodes'])}", "STRUCTURE CHANGED" if structure else "(text only)")
        for p, q in diff[:examples]:
            print("   ", p[0], "\n     before:", repr(p[4])[:300], "\n     after: ", repr(q[4])[:300])


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "snap":
        snap(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "cmp":
        cmp(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 3)
    else:
        sys.exit(__doc__)
