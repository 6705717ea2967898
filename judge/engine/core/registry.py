"""The rule registry: which engine code applies which numbered rule, and why.

Each game module owns one `RuleRegistry` and decorates the function that
applies a rule with the rule's own number and the reason codes it can emit:

    rules = RuleRegistry("mtg", book="mtg")

    @rules.implements("420.5c", reasons={"lethal_damage": "object damage toughness"})
    def lethal_damage(game): ...

Ids are namespaced (`mtg:420.5c`) so two games never collide. Reason codes
are declared with the names of the fields their template uses, so a test can
prove that every code the engine can emit has a Chinese template and that the
template renders (`judge/data/templates/zh/reasons.yaml`). `verify()` checks
every registered number against the parsed rulebook: a number the book does
not contain is an error at import time, not a silent wrong citation.

A book that is an excerpt may define something only in its glossary (the WoW
book has no numbered rules for combat or lethal damage, but its glossary
entries 战斗伤害 and 总生命 state them): such an entry is cited by its headword,
`wow:战斗伤害`, and is checked against the book the same way (`citable`).

An excerpt may also leave out a mechanic altogether (the Riftbound excerpt has
no rule on damage or destroying a unit). The engine still has to apply it, but
must never cite a number for it: `mechanic(key, word=…)` declares it apart
from the rules (`mechanics`), its firings carry no rule id and the mechanic's
word instead (`Firing.mechanic`), and it is never checked against the book,
counted by coverage or cited by a ruling.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.lookup import resolve_one

from rulebook import load_book

from judge.engine.core.errors import RuleNotInBook


@dataclass(frozen=True, slots=True)
class Reason:
    code: str
    fields: tuple[str, ...]
    near_miss: bool = False


@dataclass(slots=True)
class RuleEntry:
    game: str
    number: str
    reasons: dict[str, Reason] = field(default_factory=dict)
    where: list[str] = field(default_factory=list)   # module.function names that apply it
    word: str | None = None   # a mechanic the book does not number: the word a trace shows instead of a rule id

    @property
    def id(self) -> str:
        return f"{self.game}:{self.number}"


def _fields(spec: str | tuple | list) -> tuple[str, ...]:
    if isinstance(spec, str):
        return tuple(spec.split())
    return tuple(spec)


class RuleRegistry:
    """Rule number → `RuleEntry` for one game."""

    def __init__(self, game: str, book: str, *, dotted_letters: bool = False):
        self.game = game
        self.book = book
        self.dotted_letters = dotted_letters   # the book numbers subrules 108.3.c (not 108.3c): keep the dot
        self.entries: dict[str, RuleEntry] = {}
        self.mechanics: dict[str, RuleEntry] = {}   # mechanics the book does not number, by key
        self.codes: dict[str, Reason] = {}   # reason code → Reason (one meaning per code per game)

    # ---- registration -------------------------------------------------
    def implements(self, number: str, *, reasons: dict | None = None, near_misses: dict | None = None):
        """Decorator: the function applies rule `number`; it may emit these reason codes."""
        entry = self.declare(number, reasons=reasons, near_misses=near_misses)

        def deco(fn):
            entry.where.append(f"{fn.__module__}.{fn.__qualname__}")
            tags = getattr(fn, "__rules__", ())
            try:
                fn.__rules__ = (*tags, entry.id)
            except AttributeError:  # builtins / slotted callables: the registry entry is what matters
                pass
            return fn

        return deco

    def declare(self, number: str, *, reasons: dict | None = None, near_misses: dict | None = None) -> RuleEntry:
        entry = self.entries.get(number)
        if entry is None:
            entry = self.entries[number] = RuleEntry(self.game, number)
        return self._reasons(entry, reasons, near_misses)

    def mechanic(self, key: str, *, word: str, reasons: dict | None = None,
                 near_misses: dict | None = None) -> RuleEntry:
        """Declare a mechanic the book does not number (`game.unnumbered(key, …)` applies it): `word` is
        what a trace shows in place of a rule id. Its reason codes share the game's code table."""
        if not word:
            raise ValueError(f"{self.game}: mechanic {key!r} needs the word a trace shows for it")
        entry = self.mechanics.get(key)
        if entry is None:
            entry = self.mechanics[key] = RuleEntry(self.game, key, word=word)
        elif entry.word != word:
            raise ValueError(f"{self.game}: mechanic {key!r} declared with two words ({entry.word}, {word})")
        return self._reasons(entry, reasons, near_misses)

    def _reasons(self, entry: RuleEntry, reasons: dict | None, near_misses: dict | None) -> RuleEntry:
        for near, table in ((False, reasons or {}), (True, near_misses or {})):
            for code, spec in table.items():
                r = Reason(code, _fields(spec), near)
                old = self.codes.get(code)
                if old is not None and (old.fields != r.fields or old.near_miss != r.near_miss):
                    raise ValueError(f"{self.game}: reason code {code!r} declared twice with different fields "
                                     f"({old.fields} vs {r.fields})")
                self.codes[code] = r
                entry.reasons[code] = r
        return entry

    # ---- lookup --------------------------------------------------------
    def rid(self, number: str) -> str:
        return f"{self.game}:{number}"

    def normalize(self, ref: str) -> str:
        """`420.5c`, `mtg:420.5c`, `102.4.a` → the registry's number (`102.4a`; a book that writes its letters
        after a dot, `108.3.c`, keeps them there), unchanged if unknown."""
        s = str(ref).strip()
        if ":" in s:
            ns, s = s.split(":", 1)
            if ns != self.game:
                return f"{ns}:{s}"
        s = s.rstrip(".")
        parts = s.split(".")
        if len(parts) == 3 and parts[2].isalpha() and not self.dotted_letters:
            s = f"{parts[0]}.{parts[1]}{parts[2]}"
        return s

    def numbers(self) -> list[str]:
        return sorted(self.entries, key=sort_key)

    # ---- checking against the book ------------------------------------------
    def missing_in(self, book) -> list[str]:
        """Registered numbers that are neither rules nor glossary headwords of `book`."""
        return [number for number in self.entries if citable(book, number) is None]

    def verify(self, book=None) -> None:
        if book is None:
            book = load_book(self.book)
        missing = self.missing_in(book)
        if missing:
            raise RuleNotInBook(f"{self.game}: rule numbers not in book {self.book!r}: {', '.join(sorted(missing))}")


def citable(book, number: str):
    """The node a rule id cites: a numbered rule, or a glossary entry named by its exact headword."""
    node = resolve_one(book, number)
    if node is None:
        return None
    if node.kind == "rule":
        return node
    if node.kind == "glossary" and number in (node.title, node.uid.partition(":")[2]):
        return node
    return None


def sort_key(number: str):
    """Sort rule numbers as a judge reads them: 212.3d < 300.3 < 413.2a < 413.2h < 420.5c."""
    out = []
    for part in number.replace(":", ".").split("."):
        digits = "".join(ch for ch in part if ch.isdigit())
        letters = "".join(ch for ch in part if not ch.isdigit())
        out.append((int(digits) if digits else -1, letters))
    return out
