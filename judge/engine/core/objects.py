"""Game objects, players, stack abilities and events: plain slotted dataclasses.

Object identity follows the rule every card game shares (MTG 217.1c, WoW
"leaves play"): an object that changes zones is a new object. We keep the
scenario's stable id (`bear`) so a judge can follow the card, and bump `inc`
(incarnation) instead; anything that locked onto the old object (a target, a
"until end of turn" effect, a delayed trigger) stores `(id, inc)` and stops
matching once the card has moved.

Games add their own per-object state by subclassing (`extra` is for the rare
ad-hoc flag); the core only relies on the fields below.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count
from typing import Any

from judge.engine.core.trace import Ref
from judge.engine.reasons import phrase


@dataclass(slots=True, eq=False)
class Obj:
    id: str
    card: Any                 # the game's card definition (immutable)
    owner: str
    controller: str
    zone: str
    name: str
    tapped: bool = False
    damage: int = 0
    counters: dict = field(default_factory=dict)
    attached_to: str | None = None
    face_down: bool = False
    token: bool = False
    timestamp: int = 0
    inc: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def ref(self) -> Ref:
        return Ref(self.id, self.name)

    @property
    def key(self) -> tuple[str, int]:
        """(id, incarnation): what locks onto *this* object and not its later selves."""
        return (self.id, self.inc)


@dataclass(slots=True, eq=False)
class Player:
    name: str
    life: int = 20
    poison: int = 0
    pool: dict = field(default_factory=dict)    # mana / resources available right now
    lost: bool = False
    won: bool = False
    counters: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    @property
    def ref(self) -> Ref:
        return Ref(self.name, self.name)

    @property
    def id(self) -> str:
        return self.name


@dataclass(slots=True, eq=False)
class StackAbility:
    """An activated or triggered ability on the stack (an object with no card)."""

    id: str
    source: str               # id of the object it came from
    source_inc: int
    source_name: str
    controller: str
    ability: Any              # the game's ability definition
    kind: str                 # "activated" | "triggered"
    targets: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    zone: str = "stack"

    @property
    def name(self) -> str:
        return phrase("core", "ability_of", source=self.source_name)

    @property
    def ref(self) -> Ref:
        return Ref(self.id, self.name)

    @property
    def owner(self) -> str:
        return self.controller


_event_ids = count(1)


@dataclass(slots=True, eq=False)
class Event:
    """Something that is about to happen or happened: damage, a zone change, a draw…

    `data` holds the game's attributes (amount, source, target, damage type…);
    replacement effects may rewrite it. `applied` is the set of replacement
    effect ids that already modified this event: each applies at most once
    (MTG 419.6a, WoW 717). `cause` is the firing id that produced the event.
    """

    kind: str
    data: dict
    cause: str | None = None
    applied: frozenset = frozenset()
    root: int = 0
    firing: Any = None        # the Firing whose application this event is (changes are recorded on it)
    id: int = field(default_factory=lambda: next(_event_ids))

    def __post_init__(self):
        if not self.root:
            self.root = self.id

    def derive(self, kind: str | None = None, **changes) -> "Event":
        """A modified copy that remembers which replacements already applied."""
        d = dict(self.data)
        d.update(changes)
        return Event(kind or self.kind, d, self.cause, self.applied, self.root, self.firing)

    def replaced(self, firing, **changes) -> "Event":
        """The event as a replacement or prevention effect modified it; the change is recorded on `firing`."""
        ne = self.derive(**changes)
        ne.firing = firing
        return ne


@dataclass(slots=True, eq=False)
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack."""

    id: str
    source: str
    source_inc: int
    source_name: str
    controller: str
    ability: Any
    event: Event | None
    data: dict = field(default_factory=dict)
    caused_by: str | None = None


_MISSING = object()


class Objects(dict):
    """The game's objects by id. An object may also answer to another id (`aliases`: a WoW token is `Shelly` and
    `errand.token`, the `SOURCE.token` of docs/scenarios.md); only a lookup that misses consults them, so
    iterating still sees each object once."""

    __slots__ = ("aliases",)

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.aliases: dict[str, str] = {}

    def __missing__(self, key):
        real = self.aliases.get(key)
        if real is None:
            raise KeyError(key)
        return dict.__getitem__(self, real)

    def get(self, key, default=None):
        v = dict.get(self, key, _MISSING)
        if v is not _MISSING:
            return v
        real = self.aliases.get(key) if isinstance(key, str) else None
        return dict.get(self, real, default) if real is not None else default

    def __contains__(self, key):
        return dict.__contains__(self, key) or (isinstance(key, str) and key in self.aliases)

