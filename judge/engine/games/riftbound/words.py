"""Riftbound's words: the book's terms by identifier (`judge/data/games/riftbound.yaml`) and the phrases of its
reasons.

Code names a term by identifier — `TYPE.unit` (单位), `ZONE.trash` (废牌堆), `STEP.action` (行动阶段),
`MECHANIC.destroy` (摧毁, a mechanic the excerpt does not number) — and a phrase by key (`say("why.own_turn")`,
`judge/data/templates/<lang>/phrases.yaml`); the words live in data, so another translation or edition is
a data change. `tests/test_riftbound.py` checks that every phrase key used exists.
"""
from __future__ import annotations

from judge.engine.games.common.words import (
    VOCABULARIES, Words, phrase_book, step_aliases, step_name, vocabulary, words_of, zones_of,
)

V = vocabulary("riftbound")
VOCABULARY = VOCABULARIES / "riftbound.yaml"

say, zone = phrase_book("riftbound")

ZONE_SPEC: dict = V["zones"]                 # identifier → {word, visibility, the rules of 108 that apply…}
ZONE_SPECS = zones_of(ZONE_SPEC)
ZONE = words_of("zones", ZONE_SPEC)
STEP = words_of("steps", V["steps"])
STEPS = STEP.words()
ALIASES = step_aliases(V["steps"], V["step_aliases"])
TYPE = Words("types", V["types"])
KEYWORD = Words("keywords", V["keywords"])
CONDITION = Words("conditions", V["conditions"])
RESOURCE = Words("resources", V["resources"])
MECHANIC = Words("mechanics", V["mechanics"])
TERM = Words("terms", V["terms"])
PRIVACY: dict = V["privacy"]                 # the core's visibility → {word, rule} (128.3–128.5)
TARGETS: dict = V["targets"]                 # a target word's identifier → {word, type(s), zone}
TARGET_IDS = {spec["word"]: k for k, spec in TARGETS.items()}
BOARD_TYPES = tuple(TYPE[t] for t in V["board_types"])
ON_BOARD = tuple(z for z, spec in ZONE_SPEC.items() if spec.get("on_board"))
BOARD_ZONES = tuple(z for z, spec in ZONE_SPEC.items() if spec.get("board"))   # where a scenario places cards


def zone_of_word(word: str) -> str | None:
    """The identifier of a zone a scenario names by identifier or by word (`战场`, `battlefield`)."""
    if word in ZONE_SPEC:
        return word
    return ZONE.id_of(word)


def canonical(step) -> str | None:
    return step_name(step, STEPS, ALIASES)
