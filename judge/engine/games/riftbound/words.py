"""Riftbound's words: the vocabulary data (`judge/data/games/riftbound.yaml`) and the phrase book.

The code names every term of the book by its identifier (`TYPE.unit`, `ZONE.trash`, `STEP.action`,
`MECHANIC.destroy`); the Chinese words live in the vocabulary file, so another translation or edition
is a data change. `say(key, **fields)` gives the short phrases the engine puts into reason fields
(`judge/data/templates/<lang>/phrases.yaml`, `riftbound:`).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from rulebook import safe_yaml

from judge.engine.games.common.words import phrase_book, step_name

VOCABULARY = Path(__file__).resolve().parents[3] / "data" / "games" / "riftbound.yaml"


class Words:
    """One kind of the book's words, identifier → word (`TYPE.unit` is 单位); `id_of(word)` goes back."""

    def __init__(self, kind: str, table: dict):
        self._kind = kind
        self._table = MappingProxyType({k: (v["word"] if isinstance(v, dict) else v) for k, v in table.items()})
        self._ids = {w: k for k, w in self._table.items()}

    def __getattr__(self, name: str) -> str:
        try:
            return self._table[name]
        except KeyError:
            raise AttributeError(f"no {self._kind} word {name!r}; known: {', '.join(self._table)}") from None

    def __iter__(self):
        return iter(self._table.values())

    def __contains__(self, word) -> bool:
        return word in self._ids

    def words(self) -> tuple:
        return tuple(self._table.values())

    def ids(self) -> tuple:
        return tuple(self._table)

    def id_of(self, word: str) -> str | None:
        return self._ids.get(word)


@lru_cache(maxsize=1)
def vocabulary() -> dict:
    data = safe_yaml.read(VOCABULARY)
    if not isinstance(data, dict) or data.get("game") != "riftbound":
        raise ValueError(f"{VOCABULARY}: not the Riftbound vocabulary")
    return data


V = vocabulary()
ZONE_SPEC: dict = V["zones"]                 # identifier → {word, visibility, privacy rule, …}
ZONE = Words("zone", ZONE_SPEC)
STEP = Words("step", V["steps"])
TYPE = Words("type", V["types"])
CONDITION = Words("condition", V["conditions"])
RESOURCE = Words("resource", V["resources"])
MECHANIC = Words("mechanic", V["mechanics"])
TERM = Words("term", V["terms"])
PRIVACY: dict = V["privacy"]                 # core visibility → {word, rule}
TARGETS: dict = V["targets"]                 # a target word's identifier → {word, type(s), zone}
TARGET_IDS = {spec["word"]: k for k, spec in TARGETS.items()}
BOARD_TYPES = tuple(getattr(TYPE, t) for t in V["board_types"])
ON_BOARD = tuple(z for z, spec in ZONE_SPEC.items() if spec.get("on_board"))
BOARD_ZONES = tuple(z for z, spec in ZONE_SPEC.items() if spec.get("board"))   # where a scenario places cards
STEPS = STEP.words()
ALIASES = {**{k: getattr(STEP, k) for k in STEP.ids()},
           **{a: getattr(STEP, s) for a, s in V["step_aliases"].items()}}

say, _ = phrase_book("riftbound")


def zone(z: str | None) -> str:
    """A zone's word (`trash` → 废牌堆); the engine's own states (gone, created) from the phrase book."""
    if z in ZONE_SPEC:
        return ZONE_SPEC[z]["word"]
    try:
        return say(f"zone.{z}")
    except KeyError:
        return str(z)


def zone_of_word(word: str) -> str | None:
    """The identifier of a zone a scenario names by identifier or by word (`战场`, `battlefield`)."""
    if word in ZONE_SPEC:
        return word
    return ZONE.id_of(word)


def canonical(step) -> str | None:
    return step_name(step, STEPS, ALIASES)
