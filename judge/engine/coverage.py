"""`judge coverage`: every numbered rule of a book gets one status, from the registry, the scenarios' traces and
the classification data — never written by hand.

The four statuses, exactly one per rule:

- `exercised`        the engine implements it (registered) and some scenario's trace names it (the rule fired,
                     was a near miss, or refused an action);
- `unexercised`      registered, but no scenario exercises it;
- `not_procedural`   it decides nothing during play: `judge/data/coverage/<book>.yaml` says why (a class of
                     `CLASSES` and a Chinese one-line reason);
- `not_implemented`  every other rule: procedural, and still to be implemented.

A rule that the engine registers and the data calls not procedural is a contradiction, reported as an error
naming the data file's line. The bar of issue 11 is `exercised / rules` over the numbered rules
(`total.exercised_pct`); classifying a rule never raises it. Glossary entries get a status too (the WoW
excerpt states combat and priority only there) in a row of their own, outside the numbered total.
A book without an engine (riftbound, until issue 14) is reported from its classification alone.
"""
from __future__ import annotations

from pathlib import Path

from rulebook import load_book
from rulebook.lookup import resolve_one

from judge.engine.classify import (CLASSES, DATA_DIR, GLOSSARY, Classified, CoverageDataError,  # re-exported
                                   DataFile, Entry, data_file, load_classification)
from judge.engine.core.registry import citable
from judge.engine.games import GAMES, game_for
from judge.engine.scenario.load import instances, load_scenario
from judge.engine.scenario.run import replay

STATUSES = ("exercised", "unexercised", "not_procedural", "not_implemented")


def chapter_of(book, node, names: dict[str, str] | None = None) -> str:
    """The report row a node belongs to: its chapter; in an excerpt without chapter headings (WoW 703–719,
    riftbound) the rule's top-level section, named by its heading rule or else by the section path of the
    first rule seen in it (`names` remembers it, so one section is one row)."""
    if node.kind == "glossary":
        return GLOSSARY
    top = book.breadcrumb(node)[0]
    if top.kind == "chapter":
        return f"{top.number or top.uid}. {top.title or ''}".strip()
    major = (node.number or node.uid).split(".")[0]
    names = {} if names is None else names
    if major not in names:
        head = resolve_one(book, major)
        title = head.title if head is not None and head.kind == "rule" and head.number == major else None
        title = title or (node.section_path[0] if node.section_path else "")
        names[major] = f"{major}. {title}" if title else major
    return names[major]


def _used(book_id: str, files: list[Path]) -> tuple[dict[str, set[str]], int]:
    """Rule id → the scenario runs (file#variant) whose traces name it, and the number of runs."""
    used: dict[str, set[str]] = {}
    runs = 0
    for f in files:
        sf = load_scenario(f)
        if sf.model.book != book_id:
            continue
        for v in instances(sf):
            out = replay(sf, v)
            runs += 1
            label = f.name + (f"#{v}" if v else "")
            for s in out.trace.steps:
                items = list(s.firings) + list(s.near_misses) + ([s.rejected] if s.rejected else [])
                for x in items:
                    if x.rule is not None:     # a mechanic the book does not number is no rule of it
                        used.setdefault(x.rule, set()).add(label)
    return used, runs


def _row(name: str, numbered: bool) -> dict:
    return {"chapter": name, "numbered": numbered, "rules": 0, **{s: 0 for s in STATUSES}, "classes": {}}


def _finish(row: dict) -> dict:
    n = row["rules"]
    row["implemented"] = row["exercised"] + row["unexercised"]
    row["procedural"] = n - row["not_procedural"]
    row["implemented_pct"] = 100.0 * row["implemented"] / n if n else 0.0
    row["exercised_pct"] = 100.0 * row["exercised"] / n if n else 0.0
    return row


def report(book_id: str, files: list[Path], classification: Path | None = None) -> dict:
    """The coverage of `book_id`: per chapter, in all (numbered rules), per rule. `files` are replayed only
    when the book has an engine."""
    reg = game_for(book_id).rules if book_id in GAMES else None
    book = load_book(reg.book if reg else book_id)
    data_path = classification or data_file(book_id)
    classified = load_classification(book, data_path)
    used, runs = _used(book_id, files) if reg else ({}, 0)

    registered: dict[str, str] = {}          # node uid → registry number (212.6b cites the first 212.6b only)
    for num in (reg.numbers() if reg else []):
        node = citable(book, num)
        if node is not None:
            registered[node.uid] = num
            if node.uid in classified:
                c = classified[node.uid]
                raise CoverageDataError(
                    f"{reg.rid(num)} is registered by the engine ({', '.join(reg.entries[num].where) or 'declared'}) "
                    f"but classified {c.cls} here: a rule the engine implements is procedural",
                    file=str(data_path), line=c.line)

    rows: dict[str, dict] = {}
    names: dict[str, str] = {}
    per_rule = []
    for node in [*book.rules(), *book.glossary()]:
        key = chapter_of(book, node, names)
        row = rows.setdefault(key, _row(key, node.kind == "rule"))
        num = registered.get(node.uid)
        c = classified.get(node.uid)
        if num is not None:
            status = "exercised" if reg.rid(num) in used else "unexercised"
        elif c is not None:
            status = "not_procedural"
            row["classes"][c.cls] = row["classes"].get(c.cls, 0) + 1
        else:
            status = "not_implemented"
        row["rules"] += 1
        row[status] += 1
        per_rule.append({
            "rule": node.uid.partition(":")[2] if node.kind == "glossary" else node.uid,
            "id": reg.rid(num) if num is not None else None,
            "chapter": key, "status": status,
            "class": c.cls if c else None, "reason": c.reason if c else None,
            "same_as": c.same_as if c else [],
            "scenarios": sorted(used.get(reg.rid(num), ())) if num is not None else [],
        })
    chapters = [_finish(r) for r in rows.values()]
    total = _row("all", True)
    for r in chapters:
        if r["numbered"]:
            for k in ("rules", *STATUSES):
                total[k] += r[k]
            for k, v in r["classes"].items():
                total["classes"][k] = total["classes"].get(k, 0) + v
    implemented = []
    for num in (reg.numbers() if reg else []):
        e = reg.entries[num]
        implemented.append({"rule": e.id, "reasons": sorted(e.reasons), "where": e.where,
                            "scenarios": sorted(used.get(e.id, ()))})
    return {"book": book_id, "engine": reg is not None, "scenarios": runs,
            "classification": data_path.name if data_path.exists() else None, "classes": dict(CLASSES),
            "chapters": chapters, "total": _finish(total), "rules": per_rule, "implemented": implemented}
