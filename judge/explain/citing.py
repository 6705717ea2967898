"""Citing rules in a ruling: the engine's rule ids → the book's ids, and how a citation reads.

The engine cites a numbered rule (`mtg:420.5c`) or, where the book has no
numbered rule for something, a glossary entry by its headword (WoW's
`wow:战斗伤害` is the book's `glossary:战斗伤害`). A ruling prints a rule by its
number (规则 420.5c) and a glossary entry by its headword (术语「战斗伤害」),
never by the `glossary:` id — that is ours, not the book's.
"""
from __future__ import annotations

from rulebook.lookup import resolve_one
from rulebook.model import Book

from judge.explain.errors import ExplainError
from judge.explain.templates import Templates

GLOSSARY_PREFIX = "glossary:"


def number_of(rule: str) -> str:
    """`mtg:420.5c` → `420.5c` (the engine namespaces its rule ids by game)."""
    return rule.split(":", 1)[1] if ":" in rule else rule


def is_term(uid: str) -> bool:
    return uid.startswith(GLOSSARY_PREFIX)


def label(uid: str, t: Templates) -> str:
    """How a citation names one id in prose: `420.5c`, or `「战斗伤害」` for a glossary entry."""
    return t("labels.term_cite", headword=uid[len(GLOSSARY_PREFIX):]) if is_term(uid) else uid


def name(uid: str, t: Templates) -> str:
    """A rule named in a sentence: `规则 420.5c`, `术语「战斗伤害」`."""
    return t("labels.term_name", headword=uid[len(GLOSSARY_PREFIX):]) if is_term(uid) else t("labels.rule_name", id=uid)


def cites_text(uids: list[str], t: Templates) -> str:
    """`（规则 420.5c、413.2b）`, `（术语「提议」）`, `（规则 703.5；术语「战斗伤害」）`; empty for none."""
    rules = [u for u in uids if not is_term(u)]
    terms = [u for u in uids if is_term(u)]
    parts = []
    if rules:
        parts.append(t("labels.cites_rules", ids=t("labels.cites_sep").join(rules)))
    if terms:
        parts.append(t("labels.cites_terms", terms=t("labels.cites_sep").join(label(u, t) for u in terms)))
    return t("labels.cites", parts=t("labels.cites_group_sep").join(parts)) if parts else ""


def quote_text(uid: str, quote: str, t: Templates) -> str:
    """`（规则 420.5c：「…」）` or `（术语「提议」：「…」）`: the first citation of a rule, with its deciding sentence."""
    key = "labels.cite_quote_term" if is_term(uid) else "labels.cite_quote"
    return t(key, id=label(uid, t), quote=quote)


class Cites:
    """Engine rule ids → canonical ids of the book, in order of first citation."""

    def __init__(self, book: Book, where: str):
        self.book = book
        self.where = where
        self.order: dict[str, None] = {}
        self._uids: dict[str, str] = {}    # a trace names a few rules thousands of times; resolve_one parses the query

    def uid(self, rule: str | None) -> str | None:
        """The book's id of an engine rule id; None for an act of a mechanic the book does not number."""
        if rule is None:
            return None
        if rule not in self._uids:
            node = resolve_one(self.book, number_of(rule))
            if node is None:   # the engine checks its registry against the book; this is a bug if it happens
                raise ExplainError(f"{self.where}: the trace cites rule {rule!r}, "
                                   f"which book {self.book.id!r} does not contain")
            self._uids[rule] = node.uid
        return self._uids[rule]

    def cite(self, rule: str | None) -> str | None:
        u = self.uid(rule)
        if u is not None:
            self.order.setdefault(u, None)
        return u
