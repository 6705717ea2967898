"""Riftbound game state: card definitions, cards, players, chain items, delayed effects.

Plain slotted dataclasses; a card library's pydantic models (`vocab`) become `CardDef`s once, when it is
loaded. A card keeps every type it has (178.1: an object with several types has all their properties).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.core.objects import Obj, Player, StackAbility
from judge.engine.games.common import state as common
from judge.engine.games.common.state import Delayed     # a delayed instruction: spec {when, effects, until}
from judge.engine.games.riftbound.words import RESOURCE, TYPE, say

ABILITY_KINDS = ("triggered", "activated", "replacement")
AbilityDef = common.AbilityDef


@dataclass(slots=True, frozen=True)
class CardDef:
    name: str
    types: tuple                 # the book's words (单位, 装备…), printed order
    cost: int = 0                # 法力
    power: int = 0               # 符能
    might: int | None = None     # 战力 (a unit's; not in this book)
    tags: tuple = ()             # 标签 (133.8)
    champion: bool = False       # a champion unit: may be the chosen champion (108.3)
    flavour: str = ""            # 趣味性文本 (138.1: no game meaning)
    keywords: tuple = ()
    play_to: tuple = ()          # locations its own text allows it to be played to (148.1.a.1 "unless…")
    targets: tuple = ()          # what a spell chooses as it is played
    effects: tuple = ()          # a spell's instructions, top to bottom (158.1)
    abilities: tuple = ()
    text: str = ""
    note: str = ""
    token: bool = False

    @property
    def type(self) -> str:
        return self.types[0]

    def has(self, type_word: str) -> bool:
        return type_word in self.types

    @property
    def is_spell(self) -> bool:
        return TYPE.spell in self.types


def ability_defs(abilities: list[dict]) -> tuple:
    return common.ability_defs(abilities, ABILITY_KINDS)


def card_def(name: str, d: dict, *, token: bool = False) -> CardDef:
    """Plain dict (vocab.dump of a `Card`) → CardDef."""
    types = tuple(d.get("types") or ([d["type"]] if d.get("type") else ()))
    return CardDef(
        name=name, types=types, cost=int(d.get("cost", 0)), power=int(d.get("power", 0)), might=d.get("might"),
        tags=tuple(d.get("tags", ())), champion=bool(d.get("champion")), flavour=d.get("flavour", ""),
        keywords=tuple(d.get("keywords", ())), play_to=tuple(d.get("play_to", ())),
        targets=tuple(d.get("targets", ())), effects=tuple(d.get("effects", ())),
        abilities=ability_defs(d.get("abilities", [])), text=d.get("text", ""), note=d.get("note", ""),
        token=token,
    )


@dataclass(slots=True, eq=False)
class RCard(Obj):
    """A card in any zone. `shown_to`: the players an effect let see its face (a reveal, a look: 128.2.a)."""

    shown_to: frozenset = frozenset()
    chosen_champion: bool = False     # the player's chosen champion (108.3): it stays so in every zone
    item: dict | None = None          # on the chain: controller, targets, where it is played to, how paid
    lki: dict = field(default_factory=dict)


@dataclass(slots=True, eq=False)
class RPlayer(Player):
    played: int = 0                   # cards played this turn ([鼓舞]: another card played this turn)
    life: int | None = None           # Riftbound has no life total (points are not in this book)


@dataclass(slots=True, eq=False)
class RAbility(StackAbility):
    """A triggered ability or a delayed instruction on the chain."""

    label: str = ""

    @property
    def name(self) -> str:
        return self.label or say("name.ability_of", source=self.source_name)


def pool_text(pool: dict) -> str:
    """{energy: 2} → 法力2 (a rune pool as a judge reads it)."""
    return "、".join(f"{RESOURCE[k]}{n}" for k, n in sorted(pool.items()) if n)


def all_players(game) -> frozenset:
    return frozenset(p.name for p in game.players)


__all__ = ["ABILITY_KINDS", "AbilityDef", "CardDef", "Delayed", "RAbility", "RCard", "RPlayer",
           "ability_defs", "all_players", "card_def", "pool_text"]
