"""WoW's words: the book's terms by identifier (`judge/data/games/wow.yaml`) and the phrases of its reasons.

Code names a term by identifier — `TYPE.ally` (盟军), `KEYWORD.protector` (护卫), `STEP.action` (行动阶段),
`RULE.total_health` (the glossary rule 总生命) — and a phrase by key (`say("why.chain_empty")`,
`say("name.effect_of", source=…)`, `judge/data/templates/<lang>/phrases.yaml`); the words live in data,
so another translation or edition is a data change. `tests/test_wow.py` checks that every phrase key
used exists.
"""
from __future__ import annotations

from judge.engine.games.common.words import Words, phrase_book, step_aliases, step_name, vocabulary, words_of, zones_of

_V = vocabulary("wow")

say, zone = phrase_book("wow")

TYPE = Words("types", _V["types"])
GROUP = words_of("groups", _V["groups"])
GROUPS = {spec["word"]: tuple(TYPE[t] for t in spec["types"]) for spec in _V["groups"].values()}
CHARACTER_TYPES = tuple(TYPE[t] for t in _V["character_types"])
DAMAGE_TYPE = Words("damage_types", _V["damage_types"])
KEYWORD = Words("keywords", _V["keywords"])
MARKER = Words("markers", _V["markers"])          # 双手, 副手, 野性系: markers the rules read
FACTION = Words("factions", _V["factions"])
CLASS = Words("classes", _V["classes"])
RULE = Words("glossary_rules", _V["glossary_rules"])
TERM = Words("terms", _V["terms"])

ZONE_SPECS = zones_of(_V["zones"])
BOARD_ZONES = tuple(z for z, spec in _V["zones"].items() if spec.get("board"))

STEP = words_of("steps", _V["steps"])
STEPS = STEP.words()                                                   # in turn order
ALIASES = step_aliases(_V["steps"], _V["step_aliases"])
AGREE = tuple(_V["agree"])              # a loop's answer: no smaller number (801.2)
BREAK_LOOP = tuple(_V["break_loop"])    # a loop's answer: this player breaks it (801.4)


def _type_word(key: str) -> str:
    return TYPE[key] if key in TYPE.ids() else GROUP[key]


def _target_filter(spec: dict) -> dict:
    f = {}
    if "type" in spec:
        f["type"] = _type_word(spec["type"])
    if "types" in spec:
        f["types"] = [_type_word(t) for t in spec["types"]]
    if "zone" in spec:
        f["zone"] = spec["zone"]
    return f


TARGET = words_of("targets", _V["targets"])
TARGET_FILTERS = {spec["word"]: _target_filter(spec) for spec in _V["targets"].values()}   # word → the filter it means


def canonical(step) -> str | None:
    """The step a scenario means (`ready`, `重置`, `重置步骤`), or None."""
    return step_name(step, STEPS, ALIASES)
