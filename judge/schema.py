"""The JSON documents `judge rule --json` and `judge lint --json` print.

These pydantic models are the documented contract for bots (docs/json.md);
tests validate real output against them. They are imported only by tests and
by `judge schema`, never on the lookup path.
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, create_model

from rulebook import lint as _lint


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
    alt_text: str                # a bilingual book's second text ("" otherwise)
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


class CitedIn(_Strict):
    id: str                      # the citing rule (as in `cited_by`)
    where: list[str]             # "text" (its own text), "example", "item", "card": where the citation sits
    nodes: list[str]             # the citing nodes' ids (the rule itself, or its example 704.7~ex1)


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
    alt_text: str                # a bilingual book's second text of the rule (English after Chinese), else ""
    aliases: list[str]           # printed forms and English headwords
    items: list[str]             # bullet items ("·…")
    cards: list[CardDoc]         # cards printed under the rule itself (WoW 800.1 炉石)
    examples: list[ExampleDoc]
    refs_out: list[RefDoc]       # references written in the rule and its examples
    cited_by: list[str]          # rules whose text (or example, item, card) references this one
    cited_in: list[CitedIn]      # the same rules, with where in each the citation sits
    children: list[str]          # direct subrules
    subrules: list["RuleDoc"]    # mode "with-subrules": every descendant, in order
    contents: list[ContentsItem]  # mode "contents": the direct children as a table of contents


class SearchHitDoc(_Strict):
    id: str
    label: str
    snippet: str


class LookupDoc(_Strict):
    query: str
    book: str
    language: str = ""           # the book's language tag (zh-Hans, zh-Hant, en): labels follow it
    game: str = ""               # the book's game and edition, as the header of the text output shows them
    edition: str = ""
    rules: list[RuleDoc]
    error: Optional[str] = None
    nearest: Optional[list[str]] = None
    note: Optional[str] = None               # `judge define`: the entry shown is a near form of the term
    search: Optional[list[SearchHitDoc]] = None   # `judge define` with no entry: the top search hits


def model_of(dc: type, name: str | None = None) -> type[BaseModel]:
    """A strict pydantic model with exactly the fields of a dataclass (nested
    dataclasses become nested models), so a JSON document built by
    `dataclasses.asdict` has one definition: the dataclass."""
    hints = typing.get_type_hints(dc)
    fields = {f.name: (_field_type(hints[f.name]), ...) for f in dataclasses.fields(dc)}
    return create_model(name or dc.__name__, __base__=_Strict, __doc__=dc.__doc__, **fields)


def _field_type(t):
    if dataclasses.is_dataclass(t):
        return model_of(t)
    args = typing.get_args(t)
    if args and typing.get_origin(t) in (list, dict, tuple):
        return typing.get_origin(t)[tuple(_field_type(a) for a in args)] if len(args) > 1 else typing.get_origin(t)[_field_type(args[0])]
    return t


# `judge lint --json`: generated from the report dataclasses in rulebook.lint (issue 10:
# one source of the fields, not two copies).
LintDoc = model_of(_lint.Report, "LintDoc")
Finding = model_of(_lint.Finding)


class BookRow(_Strict):
    """One row of `judge books --json` (and `GET /api/books`, where `path` is null: the server never shows
    its file paths). Every row has every field; a book whose file cannot be read has null counts and its
    `error`, and `missing` is true when its file is gone."""
    id: str
    game: Optional[str] = None
    edition: Optional[str] = None
    language: Optional[str] = None
    dialect: Optional[str] = None
    understood: Optional[float] = None     # share of the file's non-blank lines the parse understood
    bundled: Optional[bool] = None
    path: Optional[str] = None
    rules: Optional[int] = None
    glossary: Optional[int] = None
    examples: Optional[int] = None
    references_resolved: Optional[int] = None
    references_unresolved: Optional[int] = None
    missing: bool = False
    error: Optional[str] = None
    game_key: Optional[str] = None         # one key for the ways a game is named: the editions of a game share it
    edition_group: Optional[str] = None    # "<game_key>@<edition date>": a translation and its original share it
