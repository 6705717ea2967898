"""What changed between two editions, as an update bulletin.

From an alignment (`align`), every rule is one of:

- `unchanged`: same number, same text;
- `references`: same number, and the text differs only in the numbers of the
  rules it cites (they were renumbered; the wording is the same);
- `reworded`: same number, other words;
- `renumbered`: another number (`reworded` says whether the words changed too);
- `split` / `merged`: one old rule became several new ones, or the reverse;
- `added` / `removed`: no counterpart.

Glossary entries are paired by headword, then a headword the new edition no
longer has is paired with the new entry whose definition shares the most
character bigrams (`renamed`: 阴谋 → 邪计). Renamed headwords and renamed rule
headings are the edition's term changes; `terms` adds the renames that show
in the rule text itself (魔法力 → 法术力, 场上 → 战场) by counting, over the
aligned pairs, which phrases disappear from an old rule exactly where another
appears in its new counterpart.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from rulebook.editions.align import Alignment
from rulebook.editions.terms import book_text, heading_renames, names, term_vocabulary, text_renames
from rulebook.editions.units import plain
from rulebook.ids import key_of
from rulebook.model import CHAPTER, RULE, Book, Node

KINDS = ("renumbered", "reworded", "references", "split", "merged", "added", "removed", "unchanged")


@dataclass(slots=True)
class Change:
    kind: str
    old: list[str]                 # uids in the old book
    new: list[str]                 # uids in the new book
    confidence: float | None = None
    reworded: bool = False
    old_text: str = ""
    new_text: str = ""


@dataclass(slots=True)
class GlossaryChange:
    kind: str                      # renamed | reworded | added | removed
    old: str | None
    new: str | None
    old_text: str = ""
    new_text: str = ""
    alike: float = 1.0


@dataclass(slots=True)
class TermChange:
    old: str
    new: str
    source: str                    # glossary | heading | text
    evidence: int                  # pairs (or entries) that show it
    example: str = ""              # an old rule id where it shows


@dataclass(slots=True)
class Bulletin:
    old_book: str
    new_book: str
    changes: list[Change] = field(default_factory=list)
    glossary: list[GlossaryChange] = field(default_factory=list)
    terms: list[TermChange] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)


def shown_text(node: Node) -> str:
    """What the bulletin shows of a rule: its text, or the title of a chapter or of a rule printed as a heading."""
    if node.kind == CHAPTER or (node.title and not node.text):
        return node.title or node.text
    return node.text


def same_words(a: str, b: str) -> bool:
    """Equal once whitespace is ignored."""
    return re.sub(r"\s+", "", a) == re.sub(r"\s+", "", b)


def bulletin(al: Alignment, old: Book, new: Book, *, terms: bool = True) -> Bulletin:
    """Classify every rule of both books (see the module docstring)."""
    b = Bulletin(old.id, new.id)
    by_old: dict[str, list] = {}
    by_new: dict[str, list] = {}
    for m in al.matches:
        by_old.setdefault(m.old, []).append(m)
        by_new.setdefault(m.new, []).append(m)
    seen_new: set[str] = set()
    # a shared split part (a definition an old sentence moved into, splits.Part.shared) also has its own
    # one-to-one counterpart: that rule is reported as itself, not as merged into the part
    split_parts = {m.new for ms in by_old.values() if len(ms) > 1 for m in ms if m.role == "split"}
    for n in old.nodes:
        if n.kind not in (RULE, CHAPTER):
            continue
        ms = by_old.get(n.uid, [])
        if not ms:
            b.changes.append(Change("removed", [n.uid], [], old_text=shown_text(n)))
            continue
        if len(ms) > 1:
            ms = sorted(ms, key=lambda m: (m.role != "one", -m.confidence))
            b.changes.append(Change("split", [n.uid], [m.new for m in ms], min(m.confidence for m in ms),
                                    True, shown_text(n), "\n".join(shown_text(new.node(m.new)) for m in ms)))
            seen_new.update(m.new for m in ms)
            continue
        m = ms[0]
        if len(by_new.get(m.new, [])) > 1 and m.new not in split_parts:
            if m.new in seen_new:
                continue
            seen_new.add(m.new)
            olds = sorted(by_new[m.new], key=lambda x: (x.role != "one", -x.confidence))
            b.changes.append(Change("merged", [x.old for x in olds], [m.new], min(x.confidence for x in olds), True,
                                    "\n".join(shown_text(old.node(x.old)) for x in olds), shown_text(new.node(m.new))))
            continue
        seen_new.add(m.new)
        nn = new.node(m.new)
        ta, tb = shown_text(n), shown_text(nn)
        reworded = not same_words(plain(ta), plain(tb))
        if m.old != m.new:
            kind = "renumbered"
        elif reworded:
            kind = "reworded"
        elif not same_words(ta, tb):
            kind = "references"
        else:
            kind = "unchanged"
        b.changes.append(Change(kind, [m.old], [m.new], m.confidence, reworded, ta, tb))
    for n in new.nodes:
        if n.kind in (RULE, CHAPTER) and n.uid not in by_new:
            b.changes.append(Change("added", [], [n.uid], new_text=shown_text(n)))
    b.glossary = al.glossary or glossary_changes(old, new)
    if terms:
        b.terms = al.terms or term_changes(al, old, new, b.glossary)
    b.counts = _counts(b, old, new)
    return b


def _counts(b: Bulletin, old: Book, new: Book) -> Counter:
    rule_old = {n.uid for n in old.nodes if n.kind == RULE}
    rule_new = {n.uid for n in new.nodes if n.kind == RULE}
    c: Counter = Counter(old_rules=len(rule_old), new_rules=len(rule_new))
    for ch in b.changes:
        olds = [u for u in ch.old if u in rule_old]
        news = [u for u in ch.new if u in rule_new]
        if ch.kind == "added":
            c["added"] += len(news)
            continue
        if ch.kind == "removed":
            c["removed"] += len(olds)
            continue
        c["matched"] += len(olds)
        c[ch.kind] += len(olds) if ch.kind != "merged" else len(olds)
        if ch.kind == "renumbered" and ch.reworded:
            c["renumbered_and_reworded"] += len(olds)
    c["reworded_all"] = c["reworded"] + c["renumbered_and_reworded"]
    for k in KINDS:
        c.setdefault(k, 0)
    return c


def in_scope(ch: Change, prefix: str) -> bool:
    """Does the change touch a rule at or under `prefix` (`704`, `704.5`, `704.5j`) in either book?"""
    p = key_of(prefix)
    return any(key_of(u.split("#")[0]) == p or key_of(u.split("#")[0]).startswith(p + ".")
               for u in ch.old + ch.new)


# ---------------------------------------------------------------- glossary


def _bigrams(text: str) -> set[str]:
    s = re.sub(r"[^\u4e00-\u9fffA-Za-z]", "", plain(text))
    return {s[i:i + 2] for i in range(len(s) - 1)}


def glossary_changes(old: Book, new: Book, *, min_alike: float = 0.5) -> list[GlossaryChange]:
    """Glossary entries paired by headword, then renamed ones by definition."""
    olds = {(n.title or "").casefold(): n for n in old.glossary() if n.title}
    news = {(n.title or "").casefold(): n for n in new.glossary() if n.title}
    out: list[GlossaryChange] = []
    for k, n in olds.items():
        if k in news:
            m = news[k]
            if not same_words(plain(n.text), plain(m.text)):
                out.append(GlossaryChange("reworded", n.title, m.title, n.text, m.text))
    gone = [n for k, n in olds.items() if k not in news]
    fresh = [n for k, n in news.items() if k not in olds]
    fresh_grams = [(_bigrams(n.text), n) for n in fresh]
    used: set[str] = set()
    scored = []
    for n in gone:
        g = _bigrams(n.text)
        for fg, m in fresh_grams:
            if g and fg:
                alike = len(g & fg) / len(g | fg)
                if alike >= min_alike:
                    scored.append((alike, n.uid, m.uid, n, m))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    paired_old: set[str] = set()
    for alike, _, _, n, m in scored:
        if n.uid in paired_old or m.uid in used:
            continue
        paired_old.add(n.uid)
        used.add(m.uid)
        out.append(GlossaryChange("renamed", n.title, m.title, n.text, m.text, round(alike, 3)))
    out += [GlossaryChange("removed", n.title, None, n.text) for n in gone if n.uid not in paired_old]
    out += [GlossaryChange("added", None, m.title, "", m.text) for m in fresh if m.uid not in used]
    return out


# ---------------------------------------------------------------- term changes


def term_changes(al: Alignment, old: Book, new: Book, glossary: list[GlossaryChange] | None = None, *,
                 max_old_uses: int = 2) -> list[TermChange]:
    """Renamed terms: glossary renames, renamed rule headings, and phrases that
    disappear from old rules exactly where a term appears in their
    counterparts (`terms.text_renames`). A candidate old term must be (nearly)
    gone from the new book: 持续 → 长效 renamed one glossary entry but 持续 is
    still everywhere."""
    new_text = book_text(new)
    found: dict[tuple[str, str], TermChange] = {}

    def keep(a: str, b: str, source: str, evidence: int, example: str) -> None:
        if a and b and a != b and new_text.count(a) <= max_old_uses and (a, b) not in found:
            found[(a, b)] = TermChange(a, b, source, evidence, example)

    for g in glossary if glossary is not None else glossary_changes(old, new):
        if g.kind == "renamed" and g.old and g.new:
            a, b = names(g.old), names(g.new)
            if len(a) == len(b):
                for x, y in zip(a, b):
                    keep(x, y, "glossary", 1, f"glossary:{g.old}")
    ones = [m for m in al.matches if m.role == "one"]
    pairs = [(old.node(m.old), new.node(m.new)) for m in ones]
    sure = [(a, b) for (a, b), m in zip(pairs, ones) if m.confidence >= 0.9]
    for a, b in heading_renames([(a.title or "", b.title or "") for a, b in sure if a.kind == b.kind == RULE]):
        keep(a, b, "heading", 1, next(x.uid for x, y in sure if x.title == a))
    if al.renames is not None and max_old_uses == 2:   # the aligner learned them already (same pairs, same bound)
        renames = al.renames
    else:
        renames = [(a, b, n, pairs[k][0].uid) for (a, b), (n, k) in text_renames(
            [(a.text, b.text) for a, b in pairs], term_vocabulary(new), book_text(old), new_text,
            max_old_uses=max_old_uses).items()]
    for a, b, n, example in renames:
        keep(a, b, "text", n, example)
    return sorted(found.values(), key=lambda t: (t.source, -t.evidence, t.old))
