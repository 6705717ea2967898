"""Rule alignment figures (issue 18): how well `rulebook.editions.align` finds the same rule
across a translation and across editions, and how long it takes.

Run: python benchmarks/align.py [--shared ../shared] [--split dev|heldout|all] [--details]

1. 2022-06-10 zh ↔ en: the aligner runs without the rule numbers (`use_ids=False`); the
   translation shares its numbering, so identity is the truth. Precision = matched pairs whose
   numbers agree / matched pairs; recall = those / rules of the Chinese book. Also: the
   structural seed alone (no lexicon), and the same with 10 % of the English rules deleted at
   random (seed 18), so that order alone cannot carry it.
2. 2022 → 2026 zh: share of the old rules matched, renumbered, reworded and removed, share of the
   new rules added; precision on the hand-checked sample.
3. 2006 (bundled `mtg`) → 2026 zh: precision on the hand-checked sample.
   For both pairs: split and merge parts proposed, and the hand-checked ones (`splits-checked.tsv`:
   every part ALIGNER_VERSION 2 proposed; 2006→2026 is dev, 2022→2026 held out) still proposed and right;
   and the session-5 held-out split sample (`splits-heldout.tsv`): precision and recall of the new rules
   given to each old rule (counterpart and parts) against every new rule where a sentence of it lives.
4. Time to align each pair (books already parsed), and to read a cached alignment.
5. The 2022 zh ↔ en glossary entries linked (they have no numbers): precision on the hand-checked
   links (`glossary-checked.tsv`: 50 uniform, 15 lowest-scoring), with each kind of evidence switched off.

The hand-checked samples are `benchmarks/align-checked.tsv`: 150 matches drawn from the
aligner's first version before any tuning (2022→2026: 50 uniform, seed 2022, and 50 among the
renumbered or reworded ones; 2006→2026: the three the issue names and 47 uniform, seed 2006),
each read in full and given the rules that are right. Every other one of each stratum is held
out: never looked at while tuning; reported separately (`--split heldout`).
A match counts as right when the aligner's one-to-one counterpart is among the gold rules; a
checked rule the aligner leaves unmatched is right when gold says it has no counterpart ("-").
Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import csv
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CHECKED = ROOT / "benchmarks" / "align-checked.tsv"
PARTS_CHECKED = ROOT / "benchmarks" / "splits-checked.tsv"
GLOSSARY_CHECKED = ROOT / "benchmarks" / "glossary-checked.tsv"
PARTS_HELDOUT = ROOT / "benchmarks" / "splits-heldout.tsv"


def clock(start: tuple[float, float] | None = None):
    """(wall, CPU) seconds now, or elapsed since `start`: CPU time is what the aligner costs on a
    machine other processes share; wall time is what a user waits."""
    now = (time.perf_counter(), time.process_time())
    return now if start is None else (now[0] - start[0], now[1] - start[1])


def load(shared: Path):
    from rulebook import load_book

    c = shared / "corpora"
    return {
        "2006": load_book("mtg"),
        "2022": load_book(str(c / "mtg-cr-20220610-zh-hans.txt")),
        "2022en": load_book(str(c / "mtg-cr-20220610-en.txt")),
        "2026": load_book(str(c / "mtg-cr-20260417-zh-hans.txt")),
    }


def identity(al, old, new) -> tuple[float, float, int, int]:
    from rulebook.model import CHAPTER, RULE

    ones = [m for m in al.matches if m.role == "one"]
    same = sum(m.old == m.new for m in ones)
    total = sum(1 for n in old.nodes if n.kind in (RULE, CHAPTER) and new.has(n.uid))
    return same / max(1, len(ones)), same / max(1, total), same, len(ones)   # recall: of the ids both books have


def drop_rules(book, share: float, seed: int):
    """A copy of `book` without a random `share` of its leaf rules (as if a translation skipped them)."""
    import copy

    from rulebook.model import RULE

    b = copy.deepcopy(book)
    rng = random.Random(seed)
    leaves = [n.uid for n in b.nodes if n.kind == RULE and not n.children and "." in n.uid]
    gone = set(rng.sample(leaves, int(len(leaves) * share)))
    b.nodes = [n for n in b.nodes if n.uid not in gone and n.parent not in gone]
    for n in b.nodes:
        n.children = [c for c in n.children if c not in gone]
        n.attached = [a for a in n.attached if a not in gone]
    b.by_key = {k: [u for u in v if u not in gone] for k, v in b.by_key.items()}
    b.reindex()
    return b, gone


def checked_rows(pair: str, split: str) -> list[dict]:
    with open(CHECKED, encoding="utf-8") as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t"))
    return [r for r in rows if r["pair"] == pair and (split == "all" or r["split"] == split)]


def precision(al, rows: list[dict], details: bool) -> dict:
    out: Counter = Counter()
    for r in rows:
        gold = set() if r["gold"] == "-" else set(r["gold"].split(","))
        ones = [m for m in al.for_old(r["old"]) if m.role == "one"]
        parts = [m for m in al.for_old(r["old"]) if m.role != "one"]
        key = r["stratum"]
        if ones:
            ok = ones[0].new in gold
            out[(key, "matched")] += 1
            out[(key, "right")] += ok
        else:
            ok = not gold
            out[(key, "unmatched")] += 1
            out[(key, "unmatched_right")] += ok
        out[(key, "parts")] += len(parts)
        out[(key, "parts_right")] += sum(m.new in gold for m in parts)
        if details and (not ok or parts):
            got = ones[0].new if ones else "(none)"
            print(f"    {'ok ' if ok else 'BAD'} {r['split']:7} {r['old']:>8} → {got:8} parts {[m.new for m in parts]}  gold {r['gold']}  {r['note'][:60]}")
    return out


def report_precision(label: str, c: Counter) -> None:
    """Figures per stratum and in all, for whatever rows `c` counted (one split at a time: see `report_splits`)."""
    strata = sorted({k for k, _ in c})
    for s in strata + ["all"]:
        pick = strata if s == "all" else [s]
        matched = sum(c[(k, "matched")] for k in pick)
        right = sum(c[(k, "right")] for k in pick)
        um = sum(c[(k, "unmatched")] for k in pick)
        umr = sum(c[(k, "unmatched_right")] for k in pick)
        parts = sum(c[(k, "parts")] for k in pick)
        pr = sum(c[(k, "parts_right")] for k in pick)
        print(f"  {label} {s:8} precision {right}/{matched} = {right / max(1, matched):.3f}"
              f"   left unmatched {um} (rightly {umr})   split parts right {pr}/{parts}")


def report_splits(al, pair: str, split: str, details: bool) -> None:
    """Dev and held-out reported apart (never pooled unless --split all asks for both in one line too)."""
    for part in (["dev", "heldout"] if split == "all" else [split]):
        report_precision(f"{part:7}", precision(al, checked_rows(pair, part), details))


def report_parts(al, pair: str, details: bool) -> None:
    """Split and merge parts proposed, and how many of the hand-checked ones (splits-checked.tsv) are right,
    dev and held-out apart. A checked part no longer proposed is counted as such; a proposed part not in
    the file is unchecked (listed with --details)."""
    parts = [m for m in al.matches if m.role != "one"]
    roles = Counter(m.role for m in parts)
    olds = {m.old for m in parts if m.role == "split"}
    news = {m.new for m in parts if m.role == "merge"}
    print(f"  parts proposed: {roles['split']} split parts of {len(olds)} old rules, "
          f"{roles['merge']} merged parts into {len(news)} new rules")
    with open(PARTS_CHECKED, encoding="utf-8") as f:
        rows = [r for r in csv.DictReader([ln for ln in f if not ln.startswith("#")], delimiter="\t") if r["pair"] == pair]
    proposed = {(m.role, m.old, m.new): m for m in parts}
    for part in ("dev", "heldout"):
        mine = [r for r in rows if r["split"] == part]
        if not mine:
            continue
        still = [r for r in mine if (r["role"], r["old"], r["part"]) in proposed]
        right = sum(r["verdict"] == "right" for r in still)
        print(f"  {part:7} checked parts still proposed {len(still)}/{len(mine)}, right {right}/{len(still)}")
    known = {(r["role"], r["old"], r["part"]) for r in rows}
    fresh = [m for k, m in sorted(proposed.items()) if k not in known]
    print(f"  proposed parts not checked: {len(fresh)}")
    if details:
        for m in fresh:
            print(f"    unchecked {m.role:5} {m.old:>8} → {m.new:8} confidence {m.confidence}")


def report_heldout_parts(al, pair: str, details: bool) -> None:
    """The session-5 held-out split sample (splits-heldout.tsv, written before the split finder was changed and
    not looked at while tuning it): every new rule the aligner gives an old rule (its one-to-one counterpart and
    its parts) against every new rule where a sentence of it lives. Precision of the rules proposed, recall of
    the gold rules; and the same for the parts beyond the first (what the split finder adds)."""
    with open(PARTS_HELDOUT, encoding="utf-8") as f:
        rows = [r for r in csv.DictReader([ln for ln in f if not ln.startswith("#")], delimiter="\t") if r["pair"] == pair]
    if not rows:
        return
    c: Counter = Counter()
    for r in rows:
        gold = set() if r["gold"] == "-" else set(r["gold"].split(","))
        got = [m.new for m in al.for_old(r["old"])]
        ones = [m.new for m in al.for_old(r["old"]) if m.role == "one"]
        parts = [m.new for m in al.for_old(r["old"]) if m.role != "one"]
        c["proposed"] += len(set(got))
        c["proposed_right"] += len(set(got) & gold)
        c["gold"] += len(gold)
        c["gold_found"] += len(gold & set(got))
        c["parts"] += len(parts)
        c["parts_right"] += len(set(parts) & gold)
        c["gold_beyond"] += len(gold - set(ones[:1])) if gold else 0
        if details:
            print(f"    held-out {r['old']:>8} → {ones} parts {parts}  gold {r['gold']}")
    print(f"  held-out splits ({len(rows)} old rules): rules proposed right {c['proposed_right']}/{c['proposed']}"
          f" = {c['proposed_right'] / max(1, c['proposed']):.3f}   gold rules found {c['gold_found']}/{c['gold']}"
          f" = {c['gold_found'] / max(1, c['gold']):.3f}   parts right {c['parts_right']}/{c['parts']}"
          f"   gold rules beyond the counterpart {c['gold_beyond']}")


def glossary_links(zh, en) -> None:
    """5. The glossary entries of the 2022 pair linked (`rulebook.editions.glossary`): how many, precision on
    the hand-checked links (glossary-checked.tsv), and the same with each kind of evidence switched off
    (the place among the entries matters most when both glossaries keep one order; this one nearly does)."""
    from rulebook.editions.glossary import GlossaryWeights, link_glossaries

    with open(GLOSSARY_CHECKED, encoding="utf-8") as f:
        rows = list(csv.DictReader([ln for ln in f if not ln.startswith("#")], delimiter="\t"))
    en_title = {n.uid: n.title for n in en.glossary()}
    zh_uids: dict[str, list[str]] = {}
    for n in zh.glossary():
        zh_uids.setdefault(n.title, []).append(n.uid)
    print(f"  glossary entries: zh {len(zh_uids)} headwords, en {len(en_title)}")
    for label, w in (("all evidence", GlossaryWeights()), ("without place", GlossaryWeights(position=0.0)),
                     ("without cited rules", GlossaryWeights(refs=0.0)), ("without lexicon text", GlossaryWeights(text=0.0)),
                     ("text only", GlossaryWeights(position=0.0, refs=0.0))):
        t = clock()
        links = link_glossaries(zh, en, w)
        spent = clock(t)
        got = {l.first: en_title[l.second] for l in links}
        parts = []
        for stratum in sorted({r["stratum"] for r in rows}, reverse=True):
            mine = [r for r in rows if r["stratum"] == stratum]
            right = sum(any(got.get(u) == r["gold"] for u in zh_uids.get(r["zh"], [])) for r in mine)
            parts.append(f"{stratum} right {right}/{len(mine)}")
        print(f"  {label:22} {'   '.join(parts)}   links {len(links)}   cpu {spent[1]:.2f} s")


def shares(al, old, new) -> None:
    from rulebook.editions.changes import bulletin

    b = bulletin(al, old, new)
    n_old, n_new = b.counts["old_rules"], b.counts["new_rules"]
    c = b.counts
    print(f"  old rules {n_old}, new rules {n_new}")
    for k in ("matched", "unchanged", "references", "reworded", "renumbered", "renumbered_and_reworded", "reworded_all", "removed", "split", "merged"):
        print(f"  {k:16} {c[k]:5}  {c[k] / n_old:.1%} of the old rules")
    print(f"  {'added':16} {c['added']:5}  {c['added'] / n_new:.1%} of the new rules")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("RULES_JUDGE_SHARED", str(ROOT.parent / "shared")))
    ap.add_argument("--split", default="all", choices=["dev", "heldout", "all"])
    ap.add_argument("--details", action="store_true", help="list the checked matches that are wrong or have split parts")
    ap.add_argument("--skip-language", action="store_true")
    args = ap.parse_args()
    shared = Path(args.shared)
    if not (shared / "corpora").is_dir():
        sys.exit(f"no corpora under {shared}; pass --shared")
    os.environ.setdefault("RULES_JUDGE_CACHE_DIR", tempfile.mkdtemp(prefix="judge-align-bench-"))
    from rulebook.books import load_path
    from rulebook.editions.align import ALIGNER_VERSION, align

    books = load(shared)
    print(f"aligner version {ALIGNER_VERSION}")
    times = {}
    if not args.skip_language:
        print("\n1. 2022 zh ↔ 2022 en, without rule numbers")
        t = clock()
        al = align(books["2022"], books["2022en"], use_ids=False)
        times["2022 zh ↔ 2022 en"] = clock(t)
        p, r, same, n = identity(al, books["2022"], books["2022en"])
        print(f"  identity recovered: precision {p:.4f} ({same}/{n})   recall {r:.4f}")
        seed = align(books["2022"], books["2022en"], use_ids=False, seed_only=True)
        p, r, same, n = identity(seed, books["2022"], books["2022en"])
        print(f"  structural seed alone: precision {p:.4f}   recall {r:.4f}")
        en_cut, gone = drop_rules(books["2022en"], 0.10, 18)
        al = align(books["2022"], en_cut, use_ids=False)
        p, r, same, n = identity(al, books["2022"], en_cut)
        wrongly = sum(1 for m in al.matches if m.role == "one" and m.old in gone)
        print(f"  English with 10% of leaf rules deleted ({len(gone)}): precision {p:.4f}   recall {r:.4f}"
              f"   deleted rules given a partner anyway {wrongly}/{len(gone)}")
        seed = align(books["2022"], en_cut, use_ids=False, seed_only=True)
        p, r, same, n = identity(seed, books["2022"], en_cut)
        wrongly = sum(1 for m in seed.matches if m.role == "one" and m.old in gone)
        print(f"    the same, structural seed alone: precision {p:.4f}   recall {r:.4f}"
              f"   deleted rules given a partner anyway {wrongly}/{len(gone)}")

    print("\n2. 2022 → 2026 zh")
    t = clock()
    al = align(books["2022"], books["2026"])
    times["2022 → 2026 zh"] = clock(t)
    shares(al, books["2022"], books["2026"])
    report_splits(al, "2022-2026", args.split, args.details)
    report_parts(al, "2022-2026", args.details)
    report_heldout_parts(al, "2022-2026", args.details)

    print("\n3. 2006 (mtg) → 2026 zh")
    t = clock()
    al = align(books["2006"], books["2026"])
    times["2006 → 2026 zh"] = clock(t)
    report_splits(al, "2006-2026", args.split, args.details)
    report_parts(al, "2006-2026", args.details)
    report_heldout_parts(al, "2006-2026", args.details)
    for old in ("420.5e", "413.2a", "300.3"):
        print(f"  {old} → {[(m.new, m.confidence, m.role) for m in al.for_old(old)]}")

    if not args.skip_language:
        print("\n5. glossary entries linked, 2022 zh ↔ 2022 en")
        glossary_links(books["2022"], books["2022en"])

    print("\n4. time (books parsed and cached; one process); baseline: parsing both books without the cache")
    parse = {}
    for name, book in books.items():
        t = clock()
        load_path(book.path, book_id=name, use_cache=False)
        parse[name] = clock(t)
    pairs = {"2022 zh ↔ 2022 en": ("2022", "2022en"), "2022 → 2026 zh": ("2022", "2026"), "2006 → 2026 zh": ("2006", "2026")}
    for k, v in times.items():
        base = [sum(parse[x][n] for x in pairs[k]) for n in (0, 1)]
        print(f"  align {k:20} wall {v[0]:6.2f} s  cpu {v[1]:6.2f} s   parsing both: wall {base[0]:5.2f} s"
              f"  cpu {base[1]:5.2f} s   ratio wall {v[0] / base[0]:4.1f}  cpu {v[1] / base[1]:4.1f}")
    try:
        from rulebook.editions.cache import cached_alignment
    except ImportError:
        return
    cached_alignment(books["2022"], books["2026"])
    t = time.perf_counter()
    cached_alignment(books["2022"], books["2026"])
    print(f"  read the cached 2022 → 2026 alignment {time.perf_counter() - t:6.3f} s")


if __name__ == "__main__":
    main()
