"""The JSON document `judge explain --format json` prints (docs/explain.md).

The explanation is built as plain dicts; this pydantic model is the
contract at the edge: `--format json` validates the document before printing
it, and the tests validate every golden file against it. Fields are always
present (empty lists, null), so a bot can index them without checks.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Card(_Strict):
    id: str
    name: str
    text: str


class Example(_Strict):
    id: str
    text: str
    cards: list[Card]


class MissingRef(_Strict):
    raw: str                    # the phrase as printed ("见规则601.2")
    target: str                 # the number it names, which this book does not contain


class CitedIn(_Strict):
    id: str                     # a rule in `cited_by`
    where: list[str]            # "text", "example", "item", "card": where in that rule the citation sits
    quotes: list[str]           # the examples' (items', cards') text that cites, when not the rule's own text


class RuleBlock(_Strict):
    id: str                     # canonical id in the book (resolves)
    printed: str                # as printed ("102.4.a")
    kind: str
    label: str
    breadcrumb: list[str]
    text: str
    items: list[str]
    cards: list[Card]
    examples: list[Example]
    examples_omitted: int = 0
    terms: list[str]            # glossary ids used in the text
    refs_out: list[str]         # rule ids referenced, all in the book
    missing_refs: list[MissingRef]
    cited_by: list[str]
    cited_in: list[CitedIn] = []
    subrules: list[str]
    mechanisms: list[str] = []      # rules defining the mechanisms its text names (`judge explain RULE`)
    quote_subrules: bool = False    # it is only a heading: its subrules are quoted (in `related`)


class ContentsItem(_Strict):
    id: str
    text: str


class Related(_Strict):
    id: str
    label: str
    breadcrumb: list[str]
    text: str
    items: list[str]
    contents: list[ContentsItem]
    contents_omitted: int = 0


class Term(_Strict):
    id: str
    headword: str
    aliases: list[str]
    text: str


class Detail(_Strict):
    text: str                   # the engine's reason, rendered from reasons.yaml
    rule: Optional[str]         # the rule (in the book) that fired; null: a mechanic the book does not number
    firing: str                 # trace firing id ("5.3")
    quote: str                  # "（规则 420.5c：「…」）" on first citation, "（规则 420.5c）" after


class Step(_Strict):
    n: int                      # number as printed in the ruling
    text: str                   # the engine's description of the trace step ("乙 使用 闪电击(bolt)")
    rules: list[str]            # rules (in the book) that fired in it, in order
    details: list[Detail]
    trace_step: int             # index of the trace step
    line: Optional[int]         # scenario line of the action


class NearMiss(_Strict):
    text: str
    rule: str
    quote: str
    trace_step: int
    id: str
    reason: str


class Scenario(_Strict):
    path: str
    variant: Optional[str]
    title: str                  # the scenario file's title (a variant's own title is the document's `title`)
    source: list[str]
    source_ids: list[str]
    example: Optional[str]
    result: dict


class ExplainDoc(_Strict):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    schema_: Literal["rules-judge/explain/1"] = Field(alias="schema")
    kind: Literal["rule", "scenario"]
    language: str
    book: str
    book_title: str
    query: str
    title: str
    answer: Optional[str]       # 裁定 paragraph (scenario); null for a rule
    answer_cites: list[str]
    answer_firings: list[str] = []   # trace firing ids of the decisive chain (a scenario)
    citations: list[str]        # the rules the answer rests on (never shortened)
    scenario: Optional[Scenario]
    steps: list[Step]
    steps_omitted: int = 0
    near_misses: list[NearMiss]
    rules: list[RuleBlock]
    related: list[Related]
    glossary: list[Term]
    shortened: bool
    max_chars: Optional[int] = None
