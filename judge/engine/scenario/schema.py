"""The trace JSON schema (`judge replay --json`), as pydantic models.

`judge replay --schema` prints the JSON Schema; docs/scenarios.md explains
each field. Schema id: `rules-judge/trace/1`.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChangeDoc(_M):
    subject: str
    attr: str
    before: Any
    after: Any


class FiringDoc(_M):
    id: str                          # "<step>.<n>", unique in the trace
    rule: str | None                 # namespaced rule id, e.g. "mtg:420.5c"; null: a mechanic the book does not number
    mechanic: str | None = None      # with a null rule: the word of that mechanic (摧毁), shown as not in this book
    rule_text: str                   # the rule's text from the rulebook ("" with a null rule)
    reason: str                      # reason code (has a template in judge/data/templates/zh/reasons.yaml)
    text: str                        # the reason rendered in Chinese
    fields: dict[str, Any]           # template fields; objects/players are {"id", "name"}
    objects: list[str]               # ids of the objects and players involved
    changes: list[ChangeDoc] = []    # state changes made by this firing (not on near misses)
    caused_by: str | None            # id of the firing that led to this one


class NearMissDoc(_M):
    id: str
    rule: str | None
    mechanic: str | None = None
    rule_text: str
    reason: str
    text: str
    fields: dict[str, Any]
    objects: list[str]
    caused_by: str | None


class ChoiceDoc(_M):
    choice: str
    subject: str
    answer: Any
    by: str | None
    auto: bool
    why: str | None = None        # only on an automatic answer that was not the only legal one (a canonical default)


class StepDoc(_M):
    index: int
    kind: Literal["load", "action", "event", "checkpoint"]
    what: str
    data: dict[str, Any]
    line: int | None
    firings: list[FiringDoc]
    near_misses: list[NearMissDoc]
    choices: list[ChoiceDoc]
    rejected: FiringDoc | None = None      # the refusal: the rule that forbids the action (MTG 422.1, WoW 707.2)
    undone: "AttemptDoc | None" = None     # what the refused action had done before it was rewound
    after: dict[str, Any]


class AttemptDoc(_M):
    """A refused action's attempt, kept and marked undone: ids are `STEP~ID`, unique in the trace."""

    firings: list[FiringDoc]
    near_misses: list[NearMissDoc]
    choices: list[ChoiceDoc]
    steps: list[StepDoc]


StepDoc.model_rebuild()


class TraceDoc(_M):
    scenario: str
    variant: str | None
    title: str
    source: str | list[str]
    example: str | None
    schema_: Literal["rules-judge/trace/1"] = Field(alias="schema")
    game: str
    book: str
    players: list[str]
    objects: dict[str, dict[str, Any]]
    steps: list[StepDoc]
    result: dict[str, Any]

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
