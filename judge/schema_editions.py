"""The JSON documents of `judge diff --json` and `judge rule --in … --json` (docs/editions.md).

pydantic models, imported only by tests and bots' tooling, never on the command path.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

Op = Literal["=", "-", "+"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Counterpart(_Strict):
    id: str
    confidence: float
    role: Literal["one", "split", "merge"]
    text: str
    diff: list[tuple[Op, str]]


class RuleCounterparts(_Strict):
    id: str
    book: str
    text: str
    in_: str = Field(alias="in")
    counterparts: list[Counterpart]
    via: Optional[str] = None      # the translation the alignment went through (another language and edition)


class CounterpartsDoc(_Strict):
    query: str
    book: str
    in_: str = Field(alias="in")
    rules: list[RuleCounterparts]


class ChangeDoc(_Strict):
    kind: Literal["renumbered", "reworded", "references", "split", "merged", "added", "removed", "unchanged"]
    old: list[str]
    new: list[str]
    confidence: Optional[float]
    reworded: bool
    old_text: str
    new_text: str
    diff: Optional[list[tuple[Op, str]]]
    via_text: Optional[str] = None   # through a translation: its text of the bridged side, which the diff was read from


class GlossaryDoc(_Strict):
    kind: Literal["renamed", "reworded", "added", "removed"]
    old: Optional[str]
    new: Optional[str]
    old_text: str
    new_text: str


class TermDoc(_Strict):
    old: str
    new: str
    source: Literal["glossary", "heading", "text"]
    evidence: int
    example: str


class FilterDoc(_Strict):
    rules: list[str]
    kinds: list[str]


class BulletinDoc(_Strict):
    old_book: str
    new_book: str
    counts: dict[str, int]
    filter: FilterDoc
    changes: list[ChangeDoc]
    glossary: list[GlossaryDoc]
    terms: list[TermDoc]
    via: Optional[str] = None                            # the translation the alignment went through
    via_side: Optional[Literal["old", "new"]] = None     # the side the translation stood in for
