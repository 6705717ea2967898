"""Zones as data: which are shared, which are kept top first, who may see a card in each.

A game declares its zones (`Game.ZONE_SPECS`, from its vocabulary data): the core keeps one list per
player and zone, or one list for a shared zone (MTG's battlefield, WoW's play and chain); a zone kept
top first (a library, a deck) puts a card on top at the front. Visibility says who may look at a card's
face there: everyone (`public`), only its owner (`owner`: a hand), nobody (`hidden`: a library).
A face-down card in a public zone shows its face only to its controller.
"""
from __future__ import annotations

from dataclasses import dataclass

VISIBILITY = ("public", "owner", "hidden")


@dataclass(frozen=True, slots=True)
class Zone:
    name: str                  # the identifier the engine and the scenarios use (`battlefield`)
    shared: bool = False       # one list for every player
    top_first: bool = False    # kept top first (a library)
    visibility: str = "public"

    def __post_init__(self):
        if self.visibility not in VISIBILITY:
            raise ValueError(f"zone {self.name}: visibility {self.visibility!r} is not one of {', '.join(VISIBILITY)}")


def zone_specs(*zones: Zone) -> dict[str, Zone]:
    return {z.name: z for z in zones}


def can_see(spec: Zone | None, obj, player: str) -> bool:
    """Whether `player` may see the face of `obj` in a zone of this kind (an undeclared zone is public)."""
    vis = spec.visibility if spec is not None else "public"
    if vis == "hidden":
        return False
    if vis == "owner":
        return player == obj.owner
    return not obj.face_down or player == obj.controller
