"""How often `judge define` finds the entry a judge meant (issue 17), dev and held-out apart.

    python benchmarks/define_match.py

The books at hand include the corpora under ../shared (or the folder RULES_JUDGE_SHARED names) when present.

Queries: benchmarks/define/dev.jsonl (looked at while building rulebook/nearest.py) and
benchmarks/define/heldout.jsonl (written before it, never tuned on). A query counts as found when
`judge define` would show the expected entry: exactly, or as the one confident near form.
Also counts, over every glossary of every book at hand, the headwords with alternatives and whether each
alternative finds its entry."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebook import load_book  # noqa: E402
from rulebook.lookup import glossary_uid  # noqa: E402
from rulebook.nearest import confident  # noqa: E402
from rulebook.terms import alternatives  # noqa: E402

SHARED = Path(os.environ.get("RULES_JUDGE_SHARED", ROOT.parent / "shared"))
BOOKS = {"wow": "wow", "cr2026": SHARED / "corpora/mtg-cr-20260417-zh-hans.txt",
         "cr2022": SHARED / "corpora/mtg-cr-20220610-zh-hans.txt", "cr2022en": SHARED / "corpora/mtg-cr-20220610-en.txt"}


def found(book, query: str) -> str | None:
    uid = glossary_uid(book, query)
    if uid is None:
        near = confident(book, query)
        uid = near.uid if near else None
    return book.node(uid).title if uid else None


def score(name: str) -> None:
    rows = [json.loads(x) for x in (ROOT / "benchmarks/define" / f"{name}.jsonl").read_text("utf-8").splitlines() if x.strip()]
    ok = 0
    for r in rows:
        got = found(load_book(str(BOOKS[r["book"]])), r["query"])
        ok += got == r["expect"]
        if got != r["expect"]:
            print(f"  miss [{name}] {r['book']} {r['query']!r}: got {got!r}, want {r['expect']!r}")
    print(f"{name}: {ok}/{len(rows)} found")


def alternatives_everywhere() -> None:
    for bid, path in BOOKS.items():
        if bid != "wow" and not Path(path).is_file():
            continue
        b = load_book(str(path))
        multi = [(n, alternatives(n.title or "")) for n in b.glossary() if alternatives(n.title or "")]
        names = sum(len(p) for _, p in multi)
        hit = sum(glossary_uid(b, p) == n.uid for n, p_ in multi for p in p_)
        print(f"{bid}: {len(multi)} headwords with alternatives, {hit}/{names} alternatives find their own entry")


if __name__ == "__main__":
    score("dev")
    if "--dev" not in sys.argv:       # while tuning: the held-out set stays unread
        score("heldout")
    alternatives_everywhere()
