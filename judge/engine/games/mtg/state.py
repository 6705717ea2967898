"""MTG game state: card definitions, permanents/cards, players, continuous effects, shields.

Plain slotted dataclasses; the vocabulary's pydantic models are turned into
`CardDef`s once, when a card library is loaded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.engine.core.objects import Obj, Player
from judge.engine.games.common import state as common
from judge.engine.games.mtg import mana as M

ABILITY_KINDS = ("activated", "mana", "triggered", "static", "replacement")
AbilityDef = common.AbilityDef


@dataclass(slots=True, frozen=True)
class CardDef:
    name: str
    types: tuple
    subtypes: tuple = ()
    supertypes: tuple = ()
    colors: tuple = ()
    cost: tuple | None = None
    power: Any = None
    toughness: Any = None
    keywords: tuple = ()
    abilities: tuple = ()        # AbilityDef
    spell: dict | None = None
    additional_cost: dict | None = None
    text: str = ""
    en: str | None = None
    token: bool = False
    as_enters: tuple = ()        # choices made as it comes into play: "choose_color", "choose_type" (419.1b)
    set: str | None = None       # the expansion symbol printed on it (206); None: no symbol

    @property
    def mana_value(self) -> int:
        return M.mana_value(self.cost) if self.cost else 0


def ability_defs(abilities: list[dict]) -> tuple:
    return common.ability_defs(abilities, ABILITY_KINDS)


def parse_pt(s: str) -> tuple[Any, Any]:
    try:
        p, t = str(s).split("/")
        return (p if p.strip() == "*" else int(p), t if t.strip() == "*" else int(t))
    except Exception:
        raise ValueError(f"power/toughness must look like 2/2 or */*, got {s!r}") from None


def parse_delta(s: str) -> tuple[int, int]:
    try:
        p, t = str(s).split("/")
        return int(p), int(t)
    except Exception:
        raise ValueError(f"a P/T change must look like +2/+2 or -1/-0, got {s!r}") from None


def card_def(name: str, d: dict, *, token: bool = False) -> CardDef:
    """Plain dict (vocab.dump of a `Card`) → CardDef."""
    cost = M.parse_cost(d["cost"]) if d.get("cost") else None
    colors = d.get("colors")
    if colors is None:
        colors = M.colors_of(cost) if cost else []
    p = t = None
    if d.get("pt"):
        p, t = parse_pt(d["pt"])
    return CardDef(
        name=name, types=tuple(d.get("types", ())), subtypes=tuple(d.get("subtypes", ())),
        supertypes=tuple(d.get("supertypes", ())), colors=tuple(colors), cost=cost, power=p, toughness=t,
        keywords=tuple(d.get("keywords", ())), abilities=ability_defs(d.get("abilities", [])),
        spell=d.get("spell"), additional_cost=d.get("additional_cost"), text=d.get("text", ""), en=d.get("en"),
        token=token, as_enters=tuple(d.get("as_enters", ())), set=d.get("set"),
    )


@dataclass(slots=True, eq=False)
class Card(Obj):
    """A card or token in any zone. Permanents use the combat/sickness fields."""

    sick: bool = False
    attacking: str | None = None      # the player it attacks
    blocking: list = field(default_factory=list)   # attacker ids
    blocked: bool = False
    blocked_by: list = field(default_factory=list)
    band: list = field(default_factory=list)       # attacking: the ids of its band, itself included (308.2b)
    cast: dict | None = None          # on the stack: targets, x, mode, cost paid
    base_controller: str | None = None    # who put it onto the battlefield (200.6a), before control effects
    haunting: tuple | None = None     # removed from the game haunting a creature: its (id, incarnation) (402.8f)


@dataclass(slots=True, eq=False)
class MPlayer(Player):
    lands_played: int = 0
    land_limit: int = 1
    hand_limit: int = 7
    drew_from_empty: bool = False


@dataclass(slots=True, eq=False)
class CEffect:
    """A continuous effect created by a resolving spell or ability (418.3).

    `locked` holds the (id, inc) keys it affects, fixed on resolution (418.3b);
    `None` means a rule-changing effect that looks at the game as it is now.
    `ops` are (layer, op, value) steps applied by `chars.compute`.
    """

    id: str
    source: str
    source_name: str
    controller: str
    timestamp: int
    ops: list
    locked: set | None = None
    filter: dict | None = None
    until: Any = "end_of_turn"
    ended: bool = False
    may_end: str | None = None     # the player the effect allows to end it (408.2i)


Shield = common.Shield


@dataclass(slots=True, eq=False)
class Delayed(common.Delayed):
    """A delayed triggered ability waiting for its event (404.4)."""

    about_types: tuple = ()
    triggered: int = 0         # times it triggered: its first trigger on the stack keeps the delayed ability's id
