"""`--max-chars N`: keep the answer and the citations, shorten the rest.

A chat bot has a message limit; a judge reading a ruling aloud needs the
裁定 and the rules it rests on, and can look the rest up. So shortening is a
ladder of steps from least to most needed, each applied on top of the
previous one, stopping at the first that fits (`ladder`): the texts of
related rules are cut; glossary definitions and examples are cut; related
rules are reduced to their labels and the lines under the steps are cut;
related rules, glossary and examples are dropped; the rules only the steps
cite are cut, then dropped (their ids stay in the steps); the lines under the
steps are dropped (each step keeps its rule ids); last, the steps. The answer
and the cited rules (full text, with the ids they reference) are never cut:
if they alone exceed N, the output is longer than N, and says it was
shortened as far as it goes.
"""
from __future__ import annotations

import copy
from typing import Callable


def cut(text: str, n: int, ellipsis: str = "…") -> str:
    """The first `n` characters of `text` (one line), ending in `ellipsis` if anything was cut."""
    one = text.replace("\n", " ")
    return one if len(one) <= n else one[: max(0, n - len(ellipsis))] + ellipsis


def _related_cut(doc: dict, n: int, e: str) -> None:
    for r in doc["related"]:
        r["text"] = cut(r["text"], n, e)
        r["items"] = []
        for c in r["contents"]:
            c["text"] = cut(c["text"], n // 2, e)


def _related_labels(doc: dict) -> None:
    for r in doc["related"]:
        r["text"] = ""
        r["contents_omitted"] = r.get("contents_omitted", 0) + len(r["contents"])
        r["contents"] = []


def _glossary_cut(doc: dict, n: int, e: str) -> None:
    for g in doc["glossary"]:
        g["text"] = cut(g["text"], n, e)


def _examples_cut(doc: dict, n: int, e: str) -> None:
    for b in doc["rules"]:
        for ex in b["examples"]:
            ex["text"] = cut(ex["text"], n, e)
            ex["cards"] = []


def _examples_drop(doc: dict) -> None:
    for b in doc["rules"]:
        b["examples_omitted"] = b.get("examples_omitted", 0) + len(b["examples"])
        b["examples"] = []


def _steps_cut(doc: dict, n: int, e: str) -> None:
    for s in doc["steps"]:
        for d in s["details"]:
            d["text"] = cut(d["text"], n, e)
    for m in doc["near_misses"]:
        m["text"] = cut(m["text"], n, e)


def _details_drop(doc: dict) -> None:
    """Keep each step's line and the rules it cites, drop what each rule did."""
    for s in doc["steps"]:
        s["details"] = []


def _other_rules(doc: dict, n: int | None, e: str) -> None:
    """Rules cited only by the steps (not by the answer): cut their text, or drop the block (ids stay)."""
    keep = set(doc["citations"])
    if n is None:
        doc["rules"] = [b for b in doc["rules"] if b["id"] in keep]
        return
    for b in doc["rules"]:
        if b["id"] not in keep:
            b["text"] = cut(b["text"], n, e)
            b["items"] = []
            b["cards"] = []


def _steps_drop(doc: dict) -> None:
    doc["steps_omitted"] = doc.get("steps_omitted", 0) + len(doc["steps"])
    doc["steps"] = []
    doc["near_misses"] = []


def ladder(e: str) -> list[Callable[[dict], None]]:
    return [
        lambda d: _related_cut(d, 60, e),
        lambda d: (_glossary_cut(d, 60, e), _examples_cut(d, 120, e)),
        lambda d: (_related_labels(d), _glossary_cut(d, 24, e), _steps_cut(d, 120, e)),
        lambda d: (d.__setitem__("related", []), d.__setitem__("glossary", []), _examples_drop(d)),
        lambda d: (_steps_cut(d, 48, e), _other_rules(d, 60, e)),
        lambda d: _other_rules(d, None, e),
        _details_drop,
        _steps_drop,
    ]


def fit(doc: dict, max_chars: int, measure: Callable[[dict], int], ellipsis: str = "…") -> dict:
    """The least-shortened copy of `doc` whose rendering (`measure`) is at most `max_chars`."""
    if max_chars <= 0 or measure(doc) <= max_chars:
        return doc
    d = copy.deepcopy(doc)
    d["shortened"] = True
    d["max_chars"] = max_chars
    for step in ladder(ellipsis):
        step(d)
        if measure(d) <= max_chars:
            break
    return d
