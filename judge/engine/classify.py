"""The classification data of the rules that decide nothing during play (`judge/data/coverage/<book>.yaml`):
loading and checking it, and the restatements it names — a rule or glossary entry that repeats other rules
(`same_as`), so a judge citing it cites them (the scenario checker reads it: no import of `judge coverage`,
which replays scenarios).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulebook import load_book, safe_yaml
from rulebook.lookup import resolve_one

from judge.engine.core.errors import EngineError
from judge.engine.scenario import yamlio


#: The classes of "not procedural" (docs/scenarios.md §5); Chinese labels for the report.
CLASSES: dict[str, str] = {
    "heading": "标题或引导句",
    "definition": "纯定义或说明",
    "deck": "套牌构筑",
    "policy": "比赛政策或牌文出处",
    "multiplayer": "多人或团队赛制",
    "physical": "印刷或实物摆放",
    "editorial": "空节、截断或只有参见",
    "restatement": "重述另一条规则",
}
DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "coverage"
GLOSSARY = "glossary"


class CoverageDataError(EngineError):
    """The classification data is wrong: names a rule the book lacks, an unknown class, a contradiction."""

    kind = "coverage_data_error"


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    cls: Literal[tuple(CLASSES)] = Field(alias="class")            # type: ignore[valid-type]
    reason: str = Field(min_length=4, max_length=200, pattern=r"^[^\n]+$")
    same_as: list[str] = []


class DataFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    book: str
    rules: dict[str, Entry] = {}
    glossary: dict[str, Entry] = {}


class Classified(BaseModel):
    """One not-procedural entry, resolved against the book: `uid` is the book node's uid."""

    uid: str
    cls: str
    reason: str
    same_as: list[str]
    line: int | None


def data_file(book_id: str) -> Path:
    return DATA_DIR / f"{book_id}.yaml"


def load_classification(book, path: Path | None = None) -> dict[str, Classified]:
    """The book's not-procedural entries, keyed by node uid. A missing file means nothing is classified yet.

    Every key must name a node of the book exactly as parsed (a rule uid such as `212.6b#2`, a glossary
    headword such as `护卫#2`); a heading must have subrules; a restatement names, and only a restatement
    names, the existing rules it repeats."""
    path = path or data_file(book.id)
    if not path.exists():
        return {}
    f = str(path)
    try:
        data, marks, _ = safe_yaml.read_with_lines(path)      # bounded: size, aliases, nesting
    except safe_yaml.YamlError as e:
        raise CoverageDataError(e.message, file=e.file, line=e.line) from None
    try:
        doc = DataFile.model_validate(data if data is not None else {})
    except ValidationError as e:
        first = yamlio.pydantic_errors(e, f, marks)[0]
        raise CoverageDataError(first.message, file=f, line=first.line) from None
    if doc.book != book.id:
        raise CoverageDataError(f"book: this file classifies {doc.book!r}, not {book.id!r}",
                                file=f, line=marks.get(("book",)))
    out: dict[str, Classified] = {}
    for section, kind, prefix in (("rules", "rule", ""), (GLOSSARY, "glossary", "glossary:")):
        for key, entry in getattr(doc, section).items():
            line = marks.get((section, key))
            uid = prefix + key
            if not book.has(uid) or book.node(uid).kind != kind:
                hint = resolve_one(book, key)
                also = f" (did you mean {hint.uid!r}?)" if hint is not None and hint.kind == kind else ""
                raise CoverageDataError(f"{section}: book {book.id!r} has no {kind} {key!r}{also}", file=f, line=line)
            node = book.node(uid)
            if entry.cls == "heading" and not any(book.has(c) and book.node(c).kind == "rule" for c in node.children):
                raise CoverageDataError(f"{section}.{key}: a heading must group subrules; {key} has none",
                                        file=f, line=line)
            if (entry.cls == "restatement") != bool(entry.same_as):
                raise CoverageDataError(f"{section}.{key}: same_as names the rules a restatement repeats "
                                        "(required for class restatement, and only for it)", file=f, line=line)
            for other in entry.same_as:
                target = resolve_one(book, other)
                if target is None or target.uid == uid:
                    raise CoverageDataError(f"{section}.{key}: same_as {other!r} is not another rule of the book",
                                            file=f, line=line)
            out[uid] = Classified(uid=uid, cls=entry.cls, reason=entry.reason, same_as=entry.same_as, line=line)
    for c in out.values():
        for other in c.same_as:
            if resolve_one(book, other).uid in out:
                raise CoverageDataError(f"{c.uid}: same_as {other!r} is itself classified not procedural; a "
                                        "restatement repeats a rule that decides", file=f, line=c.line)
    return out


@lru_cache(maxsize=None)
def restatements(book_id: str) -> dict[str, tuple[str, ...]]:
    """A restatement's id as a scenario names it (a rule number, a glossary headword) → the rules it repeats, as
    the data names them. Empty for a book without classification data."""
    if not data_file(book_id).exists():
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for uid, c in load_classification(load_book(book_id)).items():
        if c.cls == "restatement":
            out[uid.removeprefix(GLOSSARY + ":")] = tuple(c.same_as)
    return out
