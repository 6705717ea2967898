"""A parse report for a rulebook: what the parser saw and what looks wrong.

`judge lint` prints it. Nothing here is fatal: a rulebook with duplicate
numbers or dangling references is still usable, and the report says where.
A parse that understood little of the file (`rulebook.understood`) is the one
loud case: the report carries warnings, and `--strict` makes them an error.

These dataclasses are the `judge lint --json` document itself: `as_dict()` is
their fields, and `judge.schema.LintDoc` (the documented schema) is generated
from them, so the two can never disagree.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field

from rulebook import ids
from rulebook.model import BULLET, CARD, CHAPTER, EXAMPLE, FRONT, GLOSSARY, HEADING, RULE, UNCLASSIFIED, Book
from rulebook.understood import Understood, understood


@dataclass
class Finding:
    line: int
    code: str       # duplicate | gap | out-of-order | unresolved | mojibake | unclassified | encoding
    message: str


@dataclass
class DialectShare:
    dialect: str
    share: float            # share of non-blank lines this dialect understood


@dataclass
class Report:
    book: str
    path: str
    dialect: str
    lines: int
    counts: dict[str, int]              # nodes by kind (rules, examples, glossary, …)
    references: dict[str, int]          # total, resolved, unresolved reference targets
    understood: Understood              # what the parse made of the non-blank lines, with its warnings
    detection: list[DialectShare]       # dialects tried, the chosen one first
    game: str = ""
    edition: str = ""
    language: str = ""
    findings_by_code: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def by_code(self) -> dict[str, int]:
        return dict(Counter(f.code for f in self.findings))

    @property
    def warnings(self) -> list[str]:
        return self.understood.warnings

    def as_dict(self) -> dict:
        return asdict(self)


_PLURAL = {RULE: "rules", EXAMPLE: "examples", GLOSSARY: "glossary", CARD: "cards", BULLET: "bullets",
           CHAPTER: "chapters", FRONT: "front_matter", HEADING: "headings", UNCLASSIFIED: "unclassified"}


def lint(book: Book) -> Report:
    counts = {name: 0 for name in _PLURAL.values()}
    for n in book.nodes:
        counts[_PLURAL[n.kind]] += 1
    total = resolved = 0
    findings: list[Finding] = []
    for n in book.nodes:
        for r in n.refs:
            for target, ok in zip(r.targets, r.resolved):
                total += 1
                if ok:
                    resolved += 1
                else:
                    findings.append(Finding(r.line, "unresolved", f"{r.raw!r} in {n.uid} points to {book.display(target)}, which is not in this book"))
    for line, code, message in book.warnings:
        findings.append(Finding(line, code, message))
    findings.extend(_numbering(book))
    findings.sort(key=lambda f: (f.line, f.code))
    return Report(
        book=book.id,
        path=book.path,
        dialect=book.dialect,
        lines=sum(n.raw.count("\n") for n in book.nodes) + (0 if not book.nodes or book.nodes[-1].raw.endswith("\n") else 1),
        counts=counts,
        references={"total": total, "resolved": resolved, "unresolved": total - resolved},
        understood=understood(book),
        detection=[DialectShare(d, s) for d, s in book.detection],
        game=book.game, edition=book.edition, language=book.language,
        findings_by_code=dict(Counter(f.code for f in findings)),
        findings=findings,
    )


def _numbering(book: Book) -> list[Finding]:
    """Gaps (a, b, d) and rules printed out of order, among siblings."""
    out: list[Finding] = []
    siblings: dict[str | None, list] = {}
    for n in book.nodes:
        if n.kind == RULE and n.number and "#" not in n.uid:
            key = ids.key_of(n.number)
            siblings.setdefault(ids.parent_key(key), []).append((key, n))
    for parent, items in siblings.items():
        prev_key = None
        for key, n in items:
            if prev_key is not None:
                if ids.sort_key(key) < ids.sort_key(prev_key):
                    out.append(Finding(n.line, "out-of-order", f"{n.uid} comes after {book.display(prev_key)}"))
                else:
                    missing = _between(prev_key, key)
                    if missing:
                        shown = ", ".join(book.display(m) for m in missing[:5]) + ("…" if len(missing) > 5 else "")
                        out.append(Finding(n.line, "gap", f"numbering jumps from {book.display(prev_key)} to {n.uid}: missing {shown}"))
            prev_key = key
    return out


def _between(a: str, b: str) -> list[str]:
    pa, pb = a.split("."), b.split(".")
    if pa[:-1] != pb[:-1]:
        return []
    x, y = pa[-1], pb[-1]
    if x.isdigit() and y.isdigit():
        lo, hi = int(x), int(y)
        if hi - lo > 1 and hi - lo <= 200 and len(pa) > 1:
            return [".".join(pa[:-1] + [str(i)]) for i in range(lo + 1, hi)]
        return []
    if x.isalpha() and y.isalpha():
        letters = ids.letter_range(x, y)
        return [".".join(pa[:-1] + [c]) for c in letters[1:-1]]
    return []
