"""A Chinese and an English book of the same edition, linked by rule id and checked.

A translation keeps the numbering, so the link is by id; but a parser quirk
in either file (a repeated number, a rule run into its neighbour) would pair
the wrong texts silently. So the link is checked rule by rule: the same
parent, the same number of subrules and of examples. `judge rule --lang`
warns about a rule whose check fails, and refuses a pair of books that share
few ids (they are not the same edition).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

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
    """One key for the ways a game is named: `mtg`, `Magic: The Gathering`, `MTG` and
    `万智牌` are the same game. A name listed in rulebook/data/games.json stands for its
    game; a game a bundled book belongs to is keyed by that book's id; any other name is
    its own key, case-folded; no name at all falls back to the dialect."""
    from rulebook.books import BUNDLED  # start-up: rulebook.books (~14 ms) not for `judge books`

    g = (game or "").strip().casefold()
    if not g:
        return (dialect or "").split("-")[0]
    g = _game_names().get(g, g)
    for info in BUNDLED.values():
        if g in (info.id.casefold(), info.game.casefold()):
            return info.id
    return g


def _game_names() -> dict[str, str]:
    """Every name of every game in games.json (case-folded) → the game's name (case-folded)."""
    if not _NAMES:
        games = json.loads((Path(__file__).parent.parent / "data" / "games.json").read_text("utf-8"))["games"]
        for g in games:
            for name in [g["game"]] + g["names"]:
                _NAMES[name.casefold()] = g["game"].casefold()
    return _NAMES


_NAMES: dict[str, str] = {}


@dataclass(frozen=True)
class Edition:
    """Which game, edition and language a book is: what the registry says
    (`judge books add --game --edition --language`), and where it says nothing,
    what the parser read from the book itself (`rulebook.meta`: title, date
    line, script)."""

    id: str
    game: str          # game_key
    edition: str       # the edition's date as digits (20220610), or its text
    language: str      # primary language subtag: zh, en

    @property
    def group(self) -> str:
        """Books of one game and edition (a translation and its original) share this; "" when either is unknown."""
        return f"{self.game}@{self.edition}" if self.game and self.edition else ""


def edition_of(info, book=None) -> Edition:
    """The `Edition` of a registry entry, opening the book only when a field is missing."""
    game, edition, language = info.game, info.edition, info.language
    if not (game and edition and language):
        if book is None:
            from rulebook.books import load_book  # start-up: as above

            book = load_book(info.id)       # load_book fills what the registry lacks from the parsed metadata
        game, edition, language = game or book.game, edition or book.edition, language or book.language
    return _edition(info.id, game, edition, language, info.dialect)


def edition_of_book(book) -> Edition:
    """The `Edition` of a book opened by path (no registry entry): its parsed metadata."""
    return _edition(book.id, book.game, book.edition, book.language, getattr(book, "dialect", None))


def _edition(book_id: str, game: str, edition: str, language: str, dialect: str | None) -> Edition:
    return Edition(book_id, game_key(game, dialect), _edition_date(edition), (language or "").lower().split("-")[0])


def translations(own: Edition, infos, language: str) -> list:
    """Registry entries of the same game and edition as `own`, in `language` (other books than `own`)."""
    if not own.group:
        return []
    out = []
    for info in infos:
        if info.id == own.id:
            continue
        try:
            e = edition_of(info)
        except Exception:   # a registered book whose file is gone or unreadable is no translation
            continue
        if e.group == own.group and e.language == language:
            out.append(info)
    return out


def by_game(infos) -> list:
    """Registry entries ordered so that the editions of a game stand together,
    oldest edition first (editions are compared as written: ISO dates sort right),
    the Chinese and English book of one edition side by side."""
    return sorted(infos, key=lambda i: (game_key(i.game, i.dialect), _edition_date(i.edition), i.language, i.id))


def row_order(row: dict) -> tuple:
    """The same order for `judge books` rows (their game, edition and language are the
    effective ones: registry first, else the parsed metadata)."""
    return (game_key(row.get("game") or "", row.get("dialect")), _edition_date(row.get("edition") or ""),
            row.get("language") or "", row["id"])


def _edition_date(edition: str) -> str:
    m = re.search(r"(\d{4})-?(\d{2})?-?(\d{2})?", edition or "")
    return "".join(x or "" for x in m.groups()) if m else edition or ""
