"""Where the words of a question that the rulebook lacks could come from (issue 16).

Run: python benchmarks/search_gap.py [--lexicon TABLE ...]
(`--lexicon`: count with candidate lexicon tables added, as search_quality.py does)

For the 2026 CR question sets: the question's words (jieba's default cut, Han
words of two characters or more) that no 2026 rule text uses (heading, text,
headings above), and of those how many occur in the book's examples, anywhere
in the 2026 book, in the 2022 Chinese CR (the older translation), and how many
questions carry an English word at all (what the 2022 English CR could bridge);
and of the words nowhere in the book, how many are stop words (question words:
怎么, 还能) and how many the MTG lexicon already maps to the book's words.
Each count is a ceiling on what mining that source could add. Held-out parts
print aggregate counts only, never a word. Asserts nothing.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import search_quality as sq  # noqa: E402  (the sets and the held-out split)

_HAN = re.compile(r"^[\u4e00-\u9fff]{2,}$")
_LATIN = re.compile(r"[A-Za-z]{2,}")
CR2022 = sq.SHARED / "corpora" / "mtg-cr-20220610-zh-hans.txt"


def words(text: str) -> set[str]:
    import jieba

    return {w for w in jieba.lcut(text) if _HAN.match(w)}


def vocabularies(path: Path) -> tuple[set[str], set[str]]:
    """(words of the rule texts with their headings, words of the examples)."""
    from rulebook import load_book

    from index.documents import documents

    rules: set[str] = set()
    examples: set[str] = set()
    for d in documents(load_book(str(path))):
        rules |= words(" ".join((d.title, d.text, d.section)))
        examples |= words(d.examples)
    return rules, examples


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lexicon", nargs="+", type=Path, default=[], metavar="TABLE",
                    help="count with these lexicon tables added (not shipped)")
    args = ap.parse_args(argv)
    if args.lexicon:
        sq.with_tables(args.lexicon)
    if not sq.CR2026.is_file() or not CR2022.is_file():
        print(f"the 2026 and 2022 CR are missing under {sq.SHARED / 'corpora'}", file=sys.stderr)
        return 1
    import jieba

    jieba.setLogLevel(60)
    from index.vocab import vocabulary

    lexicon = vocabulary("mtg")
    rules, examples = vocabularies(sq.CR2026)
    old_rules, old_examples = vocabularies(CR2022)
    old = old_rules | old_examples
    print("| set | questions | words | not in a rule text | in examples | nowhere in the book "
          "| of those in the 2022 zh CR | stop words | in the lexicon | neither | questions with an English word |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for title, qfile, book, part in sq.SETS:
        if book != sq.CR2026 or not qfile.is_file():
            continue
        rows = sq.select([json.loads(x) for x in qfile.read_text("utf-8").splitlines() if x.strip()], part)
        rows = [r for r in rows if r["kind"] == "question"]
        typed = [w for r in rows for w in words(r["query"])]
        lacking = [w for w in typed if w not in rules]
        in_examples = [w for w in lacking if w in examples]
        nowhere = [w for w in lacking if w not in examples]
        english = sum(1 for r in rows if _LATIN.search(r["query"]))
        stop = [w for w in nowhere if w in lexicon.stopwords]
        mapped = [w for w in nowhere if w not in lexicon.stopwords and w in lexicon.synonyms]
        print(f"| {title} ({part}) | {len(rows)} | {len(typed)} | {len(lacking)} | {len(in_examples)} "
              f"| {len(nowhere)} | {sum(w in old for w in nowhere)} | {len(stop)} | {len(mapped)} "
              f"| {len(nowhere) - len(stop) - len(mapped)} | {english} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
