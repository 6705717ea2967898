"""The JSON documents `judge rule --json` and `judge lint --json` print.

These pydantic models are the documented contract for bots (docs/json.md);
tests validate real output against them. They are imported only by tests and
by `judge schema`, never on the lookup path.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Crumb(_Strict):
    id: Optional[str]
    label: str


class CardDoc(_Strict):
    id: str
    name: str
    text: str


class ExampleDoc(_Strict):
    id: str
    text: str
    cards: list[CardDoc]


class RefDoc(_Strict):
    raw: str
    line: int
    targets: list[str]
    resolved: list[bool]


class ContentsItem(_Strict):
    id: str
    label: str
    text: str


class RuleDoc(_Strict):
    id: str                      # as printed in the book ("102.4.a"), or the glossary uid
    canonical_id: str            # one id however it is written ("102.4a", "212.5e#2", "glossary:激活")
    book: str
    kind: Literal["rule", "chapter", "glossary", "example", "card", "bullet", "front", "heading", "unclassified"]
    mode: Literal["with-subrules", "alone", "contents", "entry"]
    title: Optional[str]
    line: int                    # first source line
    breadcrumb: list[Crumb]
    text: str
    aliases: list[str]           # printed forms and English headwords
    items: list[str]             # bullet items ("·…")
    cards: list[CardDoc]         # cards printed under the rule itself (WoW 800.1 炉石)
    examples: list[ExampleDoc]
    refs_out: list[RefDoc]       # references written in the rule and its examples
    cited_by: list[str]          # rules whose text references this one
    children: list[str]          # direct subrules
    subrules: list["RuleDoc"]    # mode "with-subrules": every descendant, in order
    contents: list[ContentsItem]  # mode "contents": the direct children as a table of contents


class LookupDoc(_Strict):
    query: str
    book: str
    rules: list[RuleDoc]
    error: Optional[str] = None
    nearest: Optional[list[str]] = None


class Finding(_Strict):
    line: int
    code: str
    message: str


class LintDoc(_Strict):
    book: str
    path: str
    dialect: str
    lines: int
    counts: dict[str, int]
    references: dict[str, int]
    findings_by_code: dict[str, int]
    findings: list[Finding]


class BookRow(_Strict):
    """One row of `judge books --json` (and `GET /api/books`, where `path` is null: the server never shows
    its file paths). A book whose file cannot be read has only `id` and `error`."""
    id: str
    game: Optional[str] = None
    edition: Optional[str] = None
    language: Optional[str] = None
    dialect: Optional[str] = None
    bundled: Optional[bool] = None
    path: Optional[str] = None
    rules: Optional[int] = None
    glossary: Optional[int] = None
    examples: Optional[int] = None
    references_resolved: Optional[int] = None
    references_unresolved: Optional[int] = None
    error: Optional[str] = None
