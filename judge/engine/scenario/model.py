"""The scenario file format (validated with pydantic; documented in docs/scenarios.md).

A scenario is: which book, where the example comes from, the players, whose
turn and step, the board (zones with cards, each with a stable id), a list of
actions with the choices they answer, and expectations at the end and at
named checkpoints. `variants` repeat the scenario with a few numbers changed
and their own expectations ("toughness 4 instead of 2 → it survives").

Game-specific parts (card definitions, step names, zone names) are checked by
the game module after this generic validation.
"""
from __future__ import annotations

from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


def _strs(v):
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return str(v)
    return v


class PlayerSpec(_M):
    life: int = 20
    poison: int = 0
    mana: Union[dict[str, int], str, None] = None     # {红: 2} or "{红}{红}"
    hand_limit: int = 7
    lands_played: int = 0
    team: str | None = None              # team games: players with the same team are friendly (WoW 友方)


class TurnSpec(_M):
    active: str
    step: str
    priority: str | None = None          # default: the active player
    number: int = 1


class StartSpec(_M):
    """The game begins (MTG 101) instead of being loaded mid-turn: who plays first, and how that was decided."""

    first: str                           # the player who plays first (101.2)
    previous_loser: str | None = None    # the loser of the previous game chose (101.2)
    previous_chooser: str | None = None  # the previous game was a draw: who chose then chooses again (101.2)
    ante: bool = False                   # playing for ante (MTG 217.9b)


class Placement(_M):
    """One card in a zone: a library card name (or an inline definition) and a stable id."""

    card: Union[str, dict]
    id: str
    controller: str | None = None
    tapped: bool = False
    sick: bool = False                   # summoning sick: not controlled since the turn began (212.3d)
    damage: int = 0
    counters: dict[str, int] = {}
    attached_to: str | None = None
    attacking: Union[str, bool, None] = None   # the player attacked, or true for the only opponent
    blocking: Union[str, list[str], None] = None
    face_down: bool = False
    token: bool = False
    set: str | None = None               # MTG: the expansion symbol printed on this copy (206; none: no symbol)
    with_: dict[str, Any] = Field(default_factory=dict, alias="with")   # override printed characteristics

    _s = field_validator("id", "card", mode="before")(classmethod(lambda cls, v: _strs(v)))


class FiredSpec(_M):
    rule: str
    reason: str | None = None
    objects: list[str] = []

    _s = field_validator("rule", mode="before")(classmethod(lambda cls, v: _strs(v)))


RuleRef = Union[str, FiredSpec]


def _rules(v):
    if isinstance(v, list):
        return [_strs(x) for x in v]
    return v


class Expect(_M):
    """What must hold at the end (or at a checkpoint). Only the fields given are checked."""

    life: dict[str, int] = {}
    poison: dict[str, int] = {}
    mana: dict[str, Union[dict[str, int], str]] = {}
    hand_count: dict[str, int] = {}
    zones: dict[str, list[str]] = {}          # "甲.graveyard": [bear]   (exact contents, any order)
    where: dict[str, str] = {}                # bear: graveyard | 甲.graveyard
    tapped: dict[str, bool] = {}
    damage: dict[str, int] = {}
    counters: dict[str, dict[str, int]] = {}
    pt: dict[str, str | None] = {}            # null: it has no power/toughness (not a creature)
    colors: dict[str, list[str]] = {}
    types: dict[str, list[str]] = {}
    supertypes: dict[str, list[str]] = {}
    subtypes: dict[str, list[str]] = {}
    keywords: dict[str, list[str]] = {}
    controller: dict[str, str] = {}
    attacking: dict[str, Union[str, bool, None]] = {}
    visible: dict[str, list[str]] = {}        # 乙: [bear, …] — exactly the cards whose face 乙 may see
    stack: list[str] | None = None            # top first
    priority: str | None = Field(None)
    step: str | None = None
    turn: int | None = None
    winner: str | None = None
    lost: list[str] | None = None
    over: bool | None = None
    fired: list[RuleRef] = []
    fired_in_order: list[RuleRef] = []
    not_fired: list[RuleRef] = []
    near_miss: list[RuleRef] = []

    _r = field_validator("fired", "fired_in_order", "not_fired", "near_miss", mode="before")(
        classmethod(lambda cls, v: _rules(v)))

    @model_validator(mode="before")
    @classmethod
    def _priority_none(cls, v):
        # `priority: null` is a real expectation (nobody has priority): remember it was given
        if isinstance(v, dict) and "priority" in v and v["priority"] is None:
            v = dict(v)
            v["priority"] = "-"
        return v

    def given(self) -> list[str]:
        return [k for k in type(self).model_fields if k in self.model_fields_set]


VERBS = ("pass", "pass_until", "advance", "cast", "play", "activate", "attack", "block", "concede", "checkpoint",
         "loop", "look", "arrange", "count", "mulligan", "keep", "strike", "turn_face_up", "end_effect",
         "ignore_effect")
LOOP_VERBS = ("pass", "pass_until", "cast", "play", "activate")   # what one turn of a loop may contain


class Action(_M):
    as_: str | None = Field(None, alias="as")
    pass_: bool | None = Field(None, alias="pass")
    pass_until: str | None = None            # stack_empty | a step name
    advance: str | None = None               # a step name: everyone passes until it begins
    turn: int | None = None                  # with advance: of this turn
    cast: str | None = None
    play: str | None = None
    activate: str | None = None
    strike: str | None = None                # WoW: strike with this weapon (以武器进行打击)
    attack: Union[list[str], dict[str, str], None] = None
    bands: list[list[str]] | None = None     # with attack (MTG 308.2b): which attacking creatures are banded together
    block: Union[dict[str, Union[str, list[str]]], None] = None
    concede: bool | None = None
    mulligan: bool | None = None             # at the start of the game: shuffle the hand back, draw one fewer
    keep: bool | None = None                 # at the start of the game: keep the hand
    checkpoint: str | None = None
    look: str | None = None                  # a player looks at a card (an id) or at a zone (甲.hand): may he?
    arrange: str | None = None               # a player rearranges a zone (甲.trash) into `order`: may he?
    order: list[str] | None = None           # with arrange: the new order, top or first card first
    count: str | None = None                 # a player counts the cards of a zone (乙.library): may he?
    turn_face_up: str | None = None          # MTG special action: turn a face-down permanent face up (408.2h)
    end_effect: str | None = None            # MTG special action: end an effect / stop a delayed ability (408.2i)
    ignore_effect: str | None = None         # MTG special action: ignore a static ability's effect (408.2j)
    loop: list["Action"] | None = None       # one turn of a loop (MTG 421): shown once, then shortened by choices
    ability: str | None = None
    targets: Union[list[str], str, None] = None
    x: int | None = None
    mode: int | None = None
    costs: dict[str, Any] | None = None
    mana: list[str] | None = None            # mana sources activated while paying (409.1g)
    pay: Union[str, dict[str, int], None] = None
    divide: dict[str, int] | None = None     # how a spell divides its damage among its targets (MTG 409.1e)
    choices: dict[str, dict[str, Any]] = {}
    rejected: str | None = None              # the rule that must refuse this action (class-B examples)
    expect: Expect | None = None
    note: str | None = None

    _s = field_validator("cast", "play", "activate", "strike", "ability", "rejected", "checkpoint", "look", "count",
                         "turn_face_up", "end_effect", "ignore_effect", mode="before")(
        classmethod(lambda cls, v: _strs(v)))

    def _verbs(self) -> list[str]:
        """The verbs given (`pass: false` is none; `attack: []` and `block: {}` are declarations)."""
        return [v for v in VERBS if getattr(self, "pass_" if v == "pass" else v) not in (None, False)]

    @model_validator(mode="after")
    def _one_verb(self):
        given = self._verbs()
        if len(given) != 1:
            raise ValueError(f"an action needs exactly one of: {', '.join(VERBS)} (got {', '.join(given) or 'none'})")
        if self.bands is not None and given != ["attack"]:
            raise ValueError("bands: only with attack (the active player announces the bands as he declares "
                             "attackers, MTG 308.2b)")
        for a in self.loop or []:
            if a.verb not in LOOP_VERBS or a.rejected is not None or a.expect is not None:
                raise ValueError(f"a loop's actions are {', '.join(LOOP_VERBS)} (without rejected/expect), "
                                 f"not {a.verb}")
        return self

    @property
    def verb(self) -> str:
        return self._verbs()[0]

    @field_validator("choices", mode="before")
    @classmethod
    def _choice_keys(cls, v):
        if isinstance(v, dict):
            return {str(k): ({str(s): a for s, a in t.items()} if isinstance(t, dict) else t) for k, t in v.items()}
        return v


Action.model_rebuild()


class Variant(_M):
    """The same scenario with a few things changed, and what must then hold instead."""

    name: str
    title: str | None = None
    same_outcome: bool = False    # an equivalent path to the base outcome (e.g. another legal payment)
    objects: dict[str, dict[str, Any]] = {}        # id → placement fields to change (incl. `with:`)
    remove: list[str] = []                          # ids taken off the board for this variant
    add: dict[str, dict[str, list[Placement]]] = {}   # cards put on the board for this variant
    players: dict[str, dict[str, Any]] = {}
    turn: dict[str, Any] = {}
    start: dict[str, Any] = {}                      # fields of the base's `start:` to change
    actions: list[Action] | None = None
    expect: Expect = Expect()


class Scenario(_M):
    book: str
    title: str
    source: Union[str, list[str]]
    example: str | None = None               # the catalogue id it reproduces (M47)
    seed: int = 0
    cards: Union[str, list[str]] = []
    define: dict[str, dict[str, Any]] = {}
    players: dict[str, PlayerSpec]
    turn: TurnSpec | None = None
    start: StartSpec | None = None           # instead of `turn:`: the game begins (shuffle, hands, mulligans)
    board: dict[str, dict[str, list[Placement]]] = {}
    actions: list[Action] = []
    expect: Expect = Expect()
    variants: list[Variant] = []
    notes: str | None = None

    _s = field_validator("source", mode="before")(classmethod(lambda cls, v: _rules(v) if isinstance(v, list)
                                                               else _strs(v)))

    @model_validator(mode="after")
    def _players(self):
        if len(self.players) < 2:
            raise ValueError("a game needs at least two players")
        if self.turn is None and self.start is None:
            raise ValueError("turn: required field is missing (or `start:` to begin the game instead)")
        if self.turn is not None and self.start is not None:
            raise ValueError("a scenario gives one of `turn:` (loaded in the middle of a turn) and `start:` "
                             "(the game begins), not both")
        return self
