"""How much of a rulebook file the parse understood, and when to say so loudly.

The parser puts every input line in exactly one node (`rulebook.parse`), so the
kinds of the nodes that own the non-blank lines say what it made of the file:
lines in rules (with their chapters, bullets and quoted cards), examples and
glossary entries are understood; front matter (title, preface, table of
contents, credits) and unclassified lines are not. Dialect detection ranks
dialects by this share, and `judge lint` / `judge books add` print it and warn
when it is low, so a layout the parser does not know never fails silently.

Kept free of heavy imports: `judge books add` and the registry call it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulebook.model import BULLET, CARD, CHAPTER, EXAMPLE, FRONT, GLOSSARY, HEADING, RULE, UNCLASSIFIED, Book, Node

# Which part of the file each kind of node belongs to.
PART = {RULE: "rules", CHAPTER: "rules", BULLET: "rules", CARD: "rules", EXAMPLE: "examples",
        GLOSSARY: "glossary", FRONT: "front", HEADING: "front", UNCLASSIFIED: "unclassified"}
PARTS = ("rules", "examples", "glossary", "front", "unclassified")
UNDERSTOOD_PARTS = ("rules", "examples", "glossary")

# When a parse is suspicious. Measured on the bundled books and the corpora
# (understood 96–100 %, rules 62–95 % of the non-blank lines, one rule per 1–3
# lines); the FaB rules parsed with the wrong dialect gave 0 rules and 0.6 %.
MIN_UNDERSTOOD = 0.60       # share of non-blank lines in rules, examples, glossary
MIN_RULES_SHARE = 0.25      # share of non-blank lines in rules alone
MAX_LINES_PER_RULE = 40     # "suspiciously few rules" above this (books of 40+ lines)
SHOWN_NOT_UNDERSTOOD = 3    # lines quoted in the warning
# Lines that start with a subrule's number (1.2.1, 2-1-3, markup before it) but sit in a glossary entry,
# an example or a bullet: 0 in every measured book; a glossary that swallowed the rules after it (a
# contents list's "GLOSSARY" entry read as the glossary's heading) made 64 of them, understood and silent.
MAX_HIDDEN_NUMBERED = 2
LOOKS_NUMBERED = re.compile(r"^[ \t\u3000]*(?:[#*\-]+[ \t]*)?(?:\*\*|<[^>]+>)*\d{1,4}(?:[.\-]\d+[a-z]?)+\.?(?:\s|$)")
_NOT_HIDDEN = (RULE, CHAPTER, FRONT, HEADING, UNCLASSIFIED)    # where a numbered line is a rule, or counted as not understood


@dataclass
class LineQuote:
    line: int
    text: str


@dataclass
class Understood:
    """What the parse made of a file's non-blank lines."""

    lines: int                                   # non-blank lines in the file
    parts: dict[str, int]                        # non-blank lines per part (PARTS)
    rules: int                                   # rule nodes (numbered rules at any depth)
    share: float                                 # share of lines in rules, examples, glossary
    rules_share: float                           # share of lines in rules alone
    not_understood: list[LineQuote] = field(default_factory=list)  # the first lines not understood
    warnings: list[str] = field(default_factory=list)              # empty when the parse looks right


def nonblank(raw: str) -> int:
    return sum(1 for ln in raw.splitlines() if ln.strip())


def share_of(nodes: list[Node]) -> tuple[int, int]:
    """(understood non-blank lines, all non-blank lines): the score dialect
    detection ranks dialects by, without building anything else."""
    good = total = 0
    for n in nodes:
        k = nonblank(n.raw)
        total += k
        if PART[n.kind] in UNDERSTOOD_PARTS:
            good += k
    return good, total


def understood(book: Book) -> Understood:
    """Measure a parsed book and decide whether to warn about it."""
    parts = {p: 0 for p in PARTS}
    rules = 0
    quotes: list[LineQuote] = []
    fallback: list[LineQuote] = []          # front-matter lines, quoted only when nothing is unclassified
    hidden: list[LineQuote] = []            # numbered lines read as glossary, example or bullet text
    for n in book.nodes:
        parts[PART[n.kind]] += nonblank(n.raw)
        if n.kind not in _NOT_HIDDEN:
            for i, ln in enumerate(n.raw.splitlines()):
                if LOOKS_NUMBERED.match(ln):
                    hidden.append(LineQuote(n.line + i, f"{n.kind}: {ln.strip()[:70]}"))
        rules += n.kind == RULE
        if n.kind in (UNCLASSIFIED, FRONT):
            target = quotes if n.kind == UNCLASSIFIED else fallback
            for i, ln in enumerate(n.raw.splitlines()):
                if ln.strip() and len(target) < SHOWN_NOT_UNDERSTOOD:
                    target.append(LineQuote(n.line + i, ln.strip()[:80]))
    lines = sum(parts.values())
    good = sum(parts[p] for p in UNDERSTOOD_PARTS)
    u = Understood(
        lines=lines, parts=parts, rules=rules,
        share=round(good / lines, 4) if lines else 0.0,
        rules_share=round(parts["rules"] / lines, 4) if lines else 0.0,
        not_understood=quotes or fallback,
    )
    u.warnings = _warnings(u, hidden)
    return u


def _warnings(u: Understood, hidden: list[LineQuote] | None = None) -> list[str]:
    if u.lines == 0:
        return ["the file has no text: no rules, examples or glossary entries"]
    out = []
    if u.rules == 0:
        out.append("no numbered rules were found")
    elif u.rules_share < MIN_RULES_SHARE:
        out.append(f"numbered rules explain only {pct(u.rules_share)} of the non-blank lines")
    if u.share < MIN_UNDERSTOOD:
        out.append(f"only {pct(u.share)} of the {u.lines} non-blank lines were understood "
                   f"(front matter {pct(u.parts['front'] / u.lines)}, unclassified {pct(u.parts['unclassified'] / u.lines)})")
    if u.parts["examples"] > u.parts["rules"]:
        out.append(f"examples hold more of the text ({pct(u.parts['examples'] / u.lines)}) than the rules "
                   f"({pct(u.rules_share)}): numbered lines were probably not recognised")
    if u.rules and u.lines >= MAX_LINES_PER_RULE and u.lines / u.rules > MAX_LINES_PER_RULE:
        out.append(f"suspiciously few rules: {u.rules} for {u.lines} non-blank lines")
    if hidden and len(hidden) > MAX_HIDDEN_NUMBERED:
        first = hidden[0]
        out.append(f"{len(hidden)} lines that start with a rule number were read as glossary, example or bullet "
                   f"text, not as rules (first: line {first.line}, {first.text})")
    return out


def looks_unparsed(book: Book) -> bool:
    """A cheap check for a lookup that found nothing: the book has no numbered
    rules, or detection understood little of it. Reads only the detection
    shares and the size of the number table, never every node (a stored book
    loads rows on demand)."""
    share = book.detection[0][1] if book.detection else 1.0
    return share < MIN_UNDERSTOOD or len(book.by_key) == 0


def pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def warning_text(book: Book, u: Understood | None = None) -> str | None:
    """One paragraph a user reads in `lint` and `books add`: what looks wrong,
    the dialects tried with their shares, and the first lines not understood.
    None when the parse looks right."""
    u = u or understood(book)
    if not u.warnings:
        return None
    out = [f"{book.path}: {'; '.join(u.warnings)}."]
    if book.detection:
        tried = ", ".join(f"{d} {pct(s)}" for d, s in book.detection)
        out.append(f"  dialect {book.dialect}; dialects tried (share of lines understood): {tried}")
    if u.not_understood:
        out.append("  first lines not understood:")
        out += [f"    line {q.line}: {q.text}" for q in u.not_understood]
    return "\n".join(out)
