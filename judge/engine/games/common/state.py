"""State both card games keep the same way: ability definitions (and reading them from the vocabulary's output),
shields, delayed triggered abilities."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True, frozen=True)
class AbilityDef:
    """One ability printed on a card (or granted to an object): its key on the card, its kind (one of the game's
    `ABILITY_KINDS`: MTG activated, mana, triggered…; WoW payment, ongoing, enters…), its spec as the scenario
    wrote it and its printed text."""

    key: str
    kind: str
    spec: dict
    text: str = ""
    scope: str = ""      # "" printed on its object; else the id of the effect that granted it (MTG 217.7d links)


def ability_defs(abilities: list[dict], kinds: tuple, prefix: str = "") -> tuple:
    """`AbilityDef`s from plain ability dicts: each is the one kind of `kinds` given (`triggered: {…}`, or a
    flag such as `no_ready: true`, whose spec is empty); keys default to `a1`, `a2`… in printed order (`prefix`
    for abilities an effect grants)."""
    out = []
    for i, a in enumerate(abilities, 1):
        kind = next(k for k in kinds if a.get(k) is not None and a.get(k) is not False)
        spec = a[kind] if isinstance(a[kind], dict) else {}
        out.append(AbilityDef(str(a.get("key") or f"{prefix}a{i}"), kind, spec, a.get("text", "")))
    return tuple(out)


def ability_ids(key: str, origin: str | None) -> list[str]:
    """The ids a scenario may name an ability by (docs/scenarios.md): its key (`maul`) and, for one another card
    granted ("目标盟军具有「…」", "target creature gains '…'"), also `ORIGIN.KEY` (`command.maul`), ORIGIN
    the id of the card that granted it."""
    return [key] + ([f"{origin}.{key}"] if origin else [])


def find_ability_by_id(abilities, key: str, origin_of):
    """The ability of `abilities` a scenario's `key` names: its own key first (a printed ability keeps its name),
    else a granted one named `ORIGIN.KEY`; `origin_of(ability)` is the id of the card that granted it, or None."""
    own = next((ab for ab in abilities if ab.key == key), None)
    if own is not None:
        return own
    return next((ab for ab in abilities if key in ability_ids(ab.key, origin_of(ab))), None)


def ability_ids_listed(abilities, origin_of) -> str:
    """`abilities` as a refusal lists them: each by every id it answers to (`maul or command.maul`)."""
    return ", ".join(" or ".join(ability_ids(ab.key, origin_of(ab))) for ab in abilities)


@dataclass(slots=True, eq=False)
class Shield:
    """A prevention, regeneration or replacement shield a resolving spell, ability or link created (MTG 419.4,
    419.7b; WoW 717.2, 717.4): what it protects, how much is left, until when; `used` once spent."""

    id: str
    kind: str                 # prevent | regenerate | replace | next_time
    source_name: str
    controller: str
    protects: tuple | None    # (id, inc) of what it protects, ("player", name); None: rule-changing
    amount: Any = None        # damage left to prevent, or "all"
    data: dict = field(default_factory=dict)
    until: Any = "end_of_turn"
    used: bool = False
    source: str = ""          # the id of the object that created it


@dataclass(slots=True, eq=False)
class Delayed:
    """A delayed triggered ability waiting for its event (MTG 404.4; WoW: a delayed triggered effect)."""

    id: str
    source: str
    source_name: str
    controller: str
    spec: dict
    about: tuple | None        # (id, inc) of the object it refers to ("that creature")
    done: bool = False
