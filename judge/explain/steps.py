"""经过: what happened, step by step, each firing with the rule behind it.

Every trace step in which a rule fired becomes a numbered step, described as
the engine describes it (甲 使用 闪电击), with one line per firing: what it
did, and the rule — quoted, the first time the ruling cites it, by the
sentence that decides what this firing did (`quote.py`). A priority pass
where nothing fired is not a step. Bookkeeping reasons (`quiet` in
explain-select.yaml: the total cost being locked in, "the spell is now
cast") are left out unless the scenario names their rule or the decisive
chain holds them; `judge replay` still shows everything.
"""
from __future__ import annotations

from rulebook.lookup import ALONE
from rulebook.model import Book

from judge.explain.citing import Cites, cites_text, quote_text
from judge.explain.names import Names
from judge.explain.quote import QUOTE_CHARS, deciding_sentence
from judge.explain.templates import Templates
from judge.explain.view import REFUSED, Act, TraceView
from judge.ruledoc import rule_doc


class Quotes:
    """`（规则 420.5c：「…」）` the first time a ruling cites a rule, `（规则 420.5c）` after."""

    def __init__(self, book: Book, t: Templates):
        self.book = book
        self.t = t
        self.quoted: set[str] = set()

    def __call__(self, uid: str, decided: str) -> str:
        if uid in self.quoted:
            return cites_text([uid], self.t)
        self.quoted.add(uid)
        doc = rule_doc(self.book, self.book.node(uid), ALONE)
        quote = deciding_sentence(doc["text"], doc["items"], decided, QUOTE_CHARS, self.t("labels.ellipsis"))
        return quote_text(uid, quote, self.t)


def sentence(act: Act, names: Names, t: Templates) -> str:
    """What an act did, in the engine's words (a refusal says so)."""
    text = names.text(act)
    return t("steps.rejected", text=text) if act.kind == REFUSED else text


def build(view: TraceView, names: Names, cites: Cites, quotes: Quotes, t: Templates, *, quiet: frozenset[str],
          keep_rules: set[str], keep_acts: set[str]) -> list[dict]:
    """The numbered steps. `keep_rules`/`keep_acts`: book ids and act ids shown even when quiet."""
    by_step: dict[int, list[Act]] = {}
    for a in view.acts:
        if a.kind == "near":
            continue
        by_step.setdefault(a.step, []).append(a)
    steps: list[dict] = []
    for s in view.trace["steps"]:
        details = []
        for a in by_step.get(s["index"], ()):
            uid = cites.uid(a.rule)
            if a.kind != REFUSED and a.reason in quiet and uid not in keep_rules and a.id not in keep_acts:
                continue
            text = sentence(a, names, t)
            if uid is None:      # a mechanic the book does not number: shown, marked, never cited
                details.append({"text": text, "rule": None, "firing": a.id,
                                "quote": t("labels.outside_book", mechanic=a.mechanic or "")})
                continue
            cites.cite(a.rule)
            details.append({"text": text, "rule": uid, "firing": a.id, "quote": quotes(uid, text)})
        if not details:
            continue
        steps.append({
            "n": len(steps) + 1,
            "text": names.step(s),
            "rules": list(dict.fromkeys(d["rule"] for d in details if d["rule"] is not None)),
            "details": details,
            "trace_step": s["index"],
            "line": s.get("line"),
        })
    return steps
