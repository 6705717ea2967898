"""WoW game state: card definitions, cards, players, modifiers, shields, delayed triggers.

Plain slotted dataclasses; the vocabulary's pydantic models are turned into
`CardDef`s once, when a card library is loaded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.engine.core.objects import Obj, Player, StackAbility
from judge.engine.games.common import state as common
from judge.engine.games.wow.words import CHARACTER_TYPES, say

ABILITY_KINDS = ("payment", "triggered", "ongoing", "replacement", "enters", "as_enters", "no_ready")
AbilityDef = common.AbilityDef


@dataclass(slots=True, frozen=True)
class CardDef:
    name: str
    type: str
    instant: bool = False
    ongoing: bool = False
    subtypes: tuple = ()
    unique: bool = False
    atk: int | None = None
    damage_type: str | None = None
    health: int | None = None
    def_: int | None = None
    slot: str | None = None
    strike_cost: int | None = None
    keywords: tuple = ()
    inspire: str | None = None      # 激励 [牌]
    cost: int | None = None
    x: bool = False
    faction: str | None = None
    class_: str | None = None
    requires: str | None = None
    attach: dict | None = None
    play: dict | None = None
    play_cost: dict | None = None
    abilities: tuple = ()
    text: str = ""
    line: str | None = None
    en: str | None = None
    token: bool = False

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTER_TYPES


def ability_defs(abilities: list[dict], prefix: str = "") -> tuple:
    return common.ability_defs(abilities, ABILITY_KINDS, prefix)


def card_def(name: str, d: dict, *, token: bool = False) -> CardDef:
    """Plain dict (vocab.dump of a `Card`) → CardDef."""
    return CardDef(
        name=name, type=d["type"], instant=bool(d.get("instant")), ongoing=bool(d.get("ongoing")),
        subtypes=tuple(d.get("subtypes", ())), unique=bool(d.get("unique")), atk=d.get("atk"),
        damage_type=d.get("damage_type"), health=d.get("health"), def_=d.get("def"), slot=d.get("slot"),
        strike_cost=d.get("strike_cost"), keywords=tuple(d.get("keywords", ())), inspire=d.get("inspire"), cost=d.get("cost"), x=bool(d.get("x")),
        faction=d.get("faction"), class_=d.get("class"), requires=d.get("requires"), attach=d.get("attach"),
        play=d.get("play"), play_cost=d.get("play_cost"), abilities=ability_defs(d.get("abilities", [])),
        text=d.get("text", ""), line=d.get("line"), en=d.get("en"), token=token,
    )


@dataclass(slots=True, eq=False)
class WCard(Obj):
    """A card or token in any zone."""

    area: str = ""                    # in play: hero | ally | resource
    fresh: bool = False               # entered its controller's party this turn (激活: can't pay [横置])
    attacking: str | None = None      # the defender's id while it is an attacker
    defending: bool = False
    link: dict | None = None          # on the chain: targets, controller, choices made when added
    chosen: dict = field(default_factory=dict)
    base_controller: str | None = None
    exhausted_at: int = 0             # clock time it last became exhausted (714.3b "remains exhausted")
    lki: dict = field(default_factory=dict)   # last known information when it left play (709.2d)


@dataclass(slots=True, eq=False)
class WPlayer(Player):
    team: str | None = None
    resources_placed: int = 0


@dataclass(slots=True, eq=False)
class Modifier:
    """A continuous modifier created by a resolving link (714.1) or "as it enters" (710.1a).

    `targets` holds the (id, inc) keys it affects (none for a modifier of a description, whose `data["group"]`
    is rechecked, 714.3e); `until` its duration (714.3);
    `while_` a condition that is not a duration (714.3a); `hold` the state it
    lasts "for as long as" (714.3b): (object key, exhausted_at).
    """

    id: str
    kind: str                 # modify | grant | control | lose_powers
    source: str
    source_name: str
    controller: str
    timestamp: int
    data: dict
    targets: set
    until: Any = "end_of_turn"
    while_: str | None = None
    hold: tuple | None = None
    ended: bool = False
    from_link: bool = True    # False: created "as it enters" by a limited ongoing power (704.1b, 710.1a)


@dataclass(slots=True, eq=False)
class Shield(common.Shield):
    """A replacement/prevention modifier created by a resolving link (717.2, 717.4)."""

    link: str | None = None   # the link whose packets it already replaced ("next time", 717.4)


@dataclass(slots=True, eq=False)
class Delayed(common.Delayed):
    """A delayed triggered effect created by a resolving link."""

    created_turn: int = 0
    source_inc: int = 0       # the incarnation of the card that created it (707.3: has that card left play since?)


@dataclass(slots=True, eq=False)
class WEffect(StackAbility):
    """An effect link on the chain (705.3): a payment power's, a triggered one, a proposal, a quest's reward."""

    label: str = ""

    @property
    def name(self) -> str:
        return self.label or say("name.effect_of", source=self.source_name)
