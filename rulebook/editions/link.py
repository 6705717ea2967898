"""A Chinese and an English book of the same edition, linked by rule id and checked.

A translation keeps the numbering, so the link is by id; but a parser quirk
in either file (a repeated number, a rule run into its neighbour) would pair
the wrong texts silently. So the link is checked rule by rule: the same
parent, the same number of subrules and of examples. `judge rule --lang`
warns about a rule whose check fails, and refuses a pair of books that share
few ids (they are not the same edition).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.model import CHAPTER, EXAMPLE, RULE, Book

MIN_SHARED = 0.9   # share of either book's rules the other must have for a link


@dataclass(slots=True)
class LinkReport:
    first: str
    second: str
    shared: int = 0
    only_first: list[str] = field(default_factory=list)
    only_second: list[str] = field(default_factory=list)
    mismatched: dict[str, str] = field(default_factory=dict)   # id -> what differs

    @property
    def share(self) -> float:
        total = self.shared + max(len(self.only_first), len(self.only_second))
        return self.shared / total if total else 0.0

    @property
    def linked(self) -> bool:
        return self.share >= MIN_SHARED


def _shape(book: Book, uid: str) -> tuple:
    n = book.node(uid)
    examples = sum(1 for a in n.attached if book.has(a) and book.node(a).kind == EXAMPLE)
    return n.parent, len(n.children), examples


def check_link(first: Book, second: Book) -> LinkReport:
    """Compare two books rule id by rule id (see the module docstring)."""
    a = [n.uid for n in first.nodes if n.kind in (RULE, CHAPTER)]
    b = {n.uid for n in second.nodes if n.kind in (RULE, CHAPTER)}
    sa = set(a)
    report = LinkReport(first.id, second.id)
    for uid in a:
        if uid not in b:
            report.only_first.append(uid)
            continue
        report.shared += 1
        x, y = _shape(first, uid), _shape(second, uid)
        if x != y:
            what = []
            if x[0] != y[0]:
                what.append(f"parent {x[0]} ≠ {y[0]}")
            if x[1] != y[1]:
                what.append(f"{x[1]} ≠ {y[1]} subrules")
            if x[2] != y[2]:
                what.append(f"{x[2]} ≠ {y[2]} examples")
            report.mismatched[uid] = ", ".join(what)
    report.only_second = [n.uid for n in second.nodes if n.kind in (RULE, CHAPTER) and n.uid not in sa]
    return report


def game_key(game: str, dialect: str | None = None) -> str:
    """One key for the ways a game is named: `mtg`, `Magic: The Gathering` and
    `万智牌` are the same game (the bundled books' ids and games are the names
    known here); an unknown name is its own key, case-folded."""
    from rulebook.books import BUNDLED

    g = (game or "").strip().casefold()
    for info in BUNDLED.values():
        if g and g in (info.id.casefold(), info.game.casefold()):
            return info.id
    return g or (dialect or "").split("-")[0]


def by_game(infos) -> list:
    """Registry entries ordered so that the editions of a game stand together,
    oldest edition first (editions are compared as written: ISO dates sort right),
    the Chinese and English book of one edition side by side."""
    return sorted(infos, key=lambda i: (game_key(i.game, i.dialect), _edition_date(i.edition), i.language, i.id))


def _edition_date(edition: str) -> str:
    import re

    m = re.search(r"(\d{4})-?(\d{2})?-?(\d{2})?", edition or "")
    return "".join(x or "" for x in m.groups()) if m else edition or ""
