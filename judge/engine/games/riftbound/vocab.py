"""The Riftbound card vocabulary: what a card in `scenarios/cards/riftbound.yaml` may say.

The same composable shape as the other games': a card is its printed characteristics (types — several
types are allowed, 178.1 —, cost in 法力 and 符能, 战力 for a unit, 标签 (133.8), 趣味性文本 (138.1),
whether it is a champion unit) plus, for a spell, what it chooses as it is played (`targets`) and its
instructions in printed order (`effects`, 158.1), and for any card a list of abilities (`triggered`,
`activated`, `replacement`).

An instruction is one verb with its parameters (`{damage: 3, to: target}`) and, for every verb:
`text` (its printed words), `if` (a condition such as 鼓舞, checked on resolution), `instead_of: N`
(this later part replaces instruction N when its condition holds, 158.2) and `if_done` (only if the
instruction before it was carried out: an ignored one counts as impossible, 128.6.a).

Words (types, target words, conditions, resources, zones) are the vocabulary's
(`judge/data/games/riftbound.yaml`); pydantic validates at this edge, `dump()` gives the plain data the
engine reads.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import ConfigDict, Field, model_validator

from judge.engine.games.common.vocab import Model as _M, all_known, check_all, check_one, exactly_one, nested, \
    one_verb, short_form
from judge.engine.games.riftbound.state import ABILITY_KINDS
from judge.engine.games.riftbound.words import CONDITION, KEYWORD, RESOURCE, TARGETS, TYPE, ZONE, zone_of_word

TYPES = TYPE.words()
TARGET_WORDS = tuple(spec["word"] for spec in TARGETS.values())
KEYWORDS = KEYWORD.words()
FROM_ZONES = ("hand", "trash", "deck", "banishment")


class Filter(_M):
    """Which cards qualify. Only the conditions given are checked."""

    type: str | None = None                 # 单位 | 法术 | 装备 | …
    types: list[str] = []                   # any of these
    tag: str | None = None                  # has this 标签 (133.8.a; never read from flavour text, 138.1)
    name: str | None = None
    champion: bool | None = None
    controller: Literal["you", "opponent", "any"] = "any"
    other: bool = False                     # not the source itself

    @model_validator(mode="after")
    def _types(self):
        check_one(self.type, TYPES, "card type")
        check_all(self.types, TYPES, "card type")
        return self

    def names_a_characteristic(self) -> bool:
        """128.6: the instruction names a card type or another characteristic."""
        return bool(self.type or self.types or self.tag or self.name or self.champion)


class Target(_M):
    """One use of the word 选择 as a card is played: what it may choose (a target word of the vocabulary)."""

    what: str = TARGETS["unit"]["word"]
    filter: Filter | None = None

    _short = short_form("what")

    @model_validator(mode="after")
    def _word(self):
        check_one(self.what, TARGET_WORDS, "target word")
        return self


def _from_not_zone(v):
    """An instruction names the zone its cards are in with `from:` (to_hand, discard, reveal, play, look): one
    word for one thing. `zone:` (a natural guess: other games' filters use it) gets an error that says so."""
    if isinstance(v, dict) and "zone" in v:
        raise ValueError(f"an instruction names the zone its cards are in with `from:`, not `zone:` — write "
                         f"`from: {v['zone']}`")
    return v


class Choose(_M):
    """Cards a player picks on resolution (not targets): `from` a zone, matching `filter`, `count` of them."""

    from_: str = Field("hand", alias="from")
    filter: Filter = Filter()
    count: int = 1

    @model_validator(mode="before")
    @classmethod
    def _zone_word(cls, v):
        return _from_not_zone(v)

    @model_validator(mode="after")
    def _zone(self):
        z = zone_of_word(self.from_)
        if z not in FROM_ZONES:
            raise ValueError(f"cannot choose from {self.from_!r}; zones: {', '.join(FROM_ZONES)}")
        return self


Ref = Union[str, dict]

VERBS: dict[str, tuple[str, ...]] = {
    # verb: its own parameters (every verb also takes text, if, instead_of, if_done)
    "damage": ("to",),
    "destroy": (),
    "banish": (),
    "to_hand": (),
    "to_champion_zone": (),
    "draw": ("who",),
    "discard": ("who",),
    "gain": ("who",),
    "channel": ("who",),
    "reveal": ("who",),
    "look": ("who",),
    "play": ("ignore_cost",),
    "delayed": (),
    "exhaust": (),
    "ready": (),
}
COMMON = ("text", "if", "instead_of", "if_done")
VERBS = {v: params + COMMON for v, params in VERBS.items()}
REFS = ("target", "target2", "self", "it", "you", "opponent", "chosen")


class Delayed(_M):
    """"The next time it takes damage this turn, …": waits for one event about one object, this turn."""

    when: Literal["dealt_damage"] = "dealt_damage"
    about: str = "target"
    effects: list["Effect"] = []


class Look(_M):
    """"Look at the top N cards of your main deck" (the player may see them: 128.2.a): `from` a zone."""

    from_: str = Field("deck", alias="from")
    count: int = 1

    @model_validator(mode="before")
    @classmethod
    def _zone_word(cls, v):
        return _from_not_zone(v)


class Effect(_M):
    """One instruction: exactly one verb key plus its parameters (`{damage: 3, to: target}`)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _one_verb(cls, v):
        verb = one_verb(v, VERBS, "{damage: 3, to: target}")
        nested(v, verb, _NESTED, {}, Effect)
        val = v[verb]
        if verb in ("to_hand", "discard", "reveal", "play") and isinstance(val, dict):
            Choose.model_validate(val)
        if verb in ("destroy", "banish", "exhaust", "ready", "to_hand", "to_champion_zone") and isinstance(val, str):
            check_one(val, REFS, "reference")
        if "to" in v:
            check_one(v["to"], REFS, "reference")
        if verb == "gain":
            if not isinstance(val, dict) or not val:
                raise ValueError(f"`gain` takes the resources gained, such as {{{RESOURCE.energy}: 2}}")
            check_all(list(val), RESOURCE.words(), "resource")
        if verb in ("damage", "draw", "channel") and (not isinstance(val, int) or isinstance(val, bool) or val < 0):
            raise ValueError(f"`{verb}` takes a number, not {val!r}")
        if v.get("if") is not None:
            check_one(v["if"], CONDITION.words(), "condition")
        n = v.get("instead_of")
        if n is not None and (not isinstance(n, int) or isinstance(n, bool) or n < 1):
            raise ValueError("`instead_of` is the number of an earlier instruction (1 is the first)")
        return v


class TriggerOn(_M):
    """The event a triggered ability waits for."""

    event: Literal["dealt_damage", "destroyed", "played"]
    self_: bool = Field(False, alias="self")
    filter: Filter | None = None
    whose: Literal["you", "any"] = "any"        # played: a card played by this ability's controller, or by anyone


class Triggered(_M):
    when: TriggerOn
    effects: list[Effect] = []


class ActivatedCost(_M):
    exhaust: bool = False
    energy: int = 0


class Activated(_M):
    cost: ActivatedCost = ActivatedCost()
    effects: list[Effect] = []


class Replacement(_M):
    """"If I would be destroyed, … instead" (a replacement effect: not in this book)."""

    would: Literal["destroyed"] = "destroyed"
    instead: list[Effect] = []


class Ability(_M):
    key: str | None = None
    text: str | None = None
    triggered: Triggered | None = None
    activated: Activated | None = None
    replacement: Replacement | None = None

    _one = exactly_one(ABILITY_KINDS, "an ability is exactly one of: triggered, activated, replacement")


class Card(_M):
    """One card definition as written in a card library or a scenario's `define:`."""

    type: str | None = None
    types: list[str] = []
    cost: int = 0
    power: int = 0
    might: int | None = None
    tags: list[str] = []
    champion: bool = False
    flavour: str | None = None
    keywords: list[str] = []
    play_to: list[str] = []
    targets: list[Target] = []
    effects: list[Effect] = []
    abilities: list[Ability] = []
    text: str | None = None
    note: str | None = None
    en: str | None = None

    _kw = all_known("keywords", known=KEYWORDS, what="keyword")

    @model_validator(mode="after")
    def _shape(self):
        types = self.types or ([self.type] if self.type else [])
        if not types:
            raise ValueError("a card needs `type` (or `types` for a card with several)")
        if self.type and self.types:
            raise ValueError("give `type` or `types`, not both")
        check_all(types, TYPES, "card type")
        if TYPE.unit in types and self.might is None:
            raise ValueError(f"a {TYPE.unit} needs `might`")
        if (self.effects or self.targets) and TYPE.spell not in types:
            raise ValueError(f"only a {TYPE.spell} has `targets` and `effects` (others act through abilities)")
        for z in self.play_to:
            if zone_of_word(z) not in ("base", "battlefield"):
                raise ValueError(f"`play_to` names where it may be played: {ZONE.base} or {ZONE.battlefield}")
        return self


class Library(_M):
    """A card library file: `cards: {name: Card}`."""

    game: Literal["riftbound"] = "riftbound"
    cards: dict[str, Card]


_NESTED = {"delayed": Delayed, "look": Look}
Delayed.model_rebuild()
