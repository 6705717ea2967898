"""MTG's words: the book's terms by identifier (`judge/data/games/mtg.yaml`) and the phrases of its reasons.

Code names a term by identifier — `TYPE.creature` (生物), `KEYWORD.haste` (敏捷), `STEP.cleanup` (清除) —
and a phrase by key (`say("why.tapped")`, `say("event.damage", source=…, target=…, n=3)`,
`judge/data/templates/<lang>/phrases.yaml`); the words live in data, so another translation or edition
is a data change. `tests/test_engine_reasons.py` checks that every phrase key used exists.
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine.games.common.words import Words, phrase_book, step_aliases, vocabulary, words_of, zones_of

_V = vocabulary("mtg")

say, zone = phrase_book("mtg")

TYPE = Words("types", _V["types"])
SUPERTYPE = Words("supertypes", _V["supertypes"])
SUBTYPE = Words("subtypes", _V["subtypes"])
KEYWORD = Words("keywords", _V["keywords"])
COLOR = Words("colors", _V["colors"])
PERMANENT_TYPES = tuple(TYPE[t] for t in _V["permanent_types"])

ZONE_SPECS = zones_of(_V["zones"])
ZONE_LOOK = {z: str(spec["look"]) for z, spec in _V["zones"].items() if spec.get("look")}     # who may look (217.x)
ZONE_ORDER = {z: str(spec["order"]) for z, spec in _V["zones"].items() if spec.get("order")}  # order kept (217.1b)
ZONE_OF_WORD = {spec["word"]: z for z, spec in _V["zones"].items()}
BOARD_ZONES = tuple(z for z, spec in _V["zones"].items() if spec.get("board"))

PHASE = Words("phases", _V["phases"])
STEP = words_of("steps", _V["steps"])
STEPS = STEP.words()                                                   # in turn order
PHASE_OF = {spec["word"]: PHASE[spec["phase"]] for spec in _V["steps"].values()}
STEP_ALIASES = step_aliases(_V["steps"], _V["step_aliases"])


@dataclass(frozen=True, slots=True)
class TargetWord:
    """One word a card may use for "目标" (409.1c) and what it may choose."""

    word: str
    players: str = "none"             # none | only | also
    zone: str = "battlefield"
    types: tuple = ()                 # the target has these types, whatever its filter says
    default_types: tuple = ()         # … unless its filter names types


TARGET = words_of("targets", _V["targets"])
TARGETS = {spec["word"]: TargetWord(spec["word"], spec.get("players", "none"), spec.get("zone", "battlefield"),
                                    tuple(TYPE[t] for t in spec.get("types", ())),
                                    tuple(TYPE[t] for t in spec.get("default_types", ())))
           for spec in _V["targets"].values()}

MANA_SYMBOLS = dict(_V["mana"]["symbols"])          # W U B R G C → the book's colour words
TAP_SYMBOL = _V["mana"]["tap"]
NUMERALS = tuple(_V["mana"]["numerals"])            # 零 一 二 … 十
AGREE = tuple(_V["agree"])
TERM = Words("terms", _V["terms"])
CREATURE_TYPES = frozenset(_V["creature_types"].split())
# basic land type word → the mana symbol its intrinsic ability adds ({T}: add …, 212.6d)
BASIC_LAND_MANA = {spec["word"]: spec["mana"] for spec in _V["basic_land_types"].values()}


def ability_text(obj, ab) -> str:
    """How a judge reads an ability: its printed text; else the card's text when that is its only ability;
    else its position on the card (never the scenario's internal key)."""
    if ab.text:
        return ab.text
    card = obj.card
    if len(card.abilities) == 1 and card.text:
        return card.text
    for i, a in enumerate(card.abilities, 1):
        if a.key == ab.key:
            return say("ability_n", n=i)
    return say("ability_n", n="?")
