"""The WoW card vocabulary: what a card in `scenarios/cards/wow.yaml` may say.

The same composable shape as the MTG vocabulary (`judge/engine/games/mtg/vocab.py`):
a card is its printed characteristics plus a list of powers, and every power
is built from the same parts: `effects` (verbs such as `damage`, `destroy`,
`exhaust`, `draw`), `targets` (what the word "目标" asks for, 706), filters,
amounts and durations. What WoW needs on top:

- characters: `atk` with a `damage_type` (近战, 火焰, …), `health`; heroes,
  allies; equipment (`def` for armor, `strike_cost` for weapons); quests;
  ability cards that are `instant` and/or `ongoing` (持续: they enter play),
  `attach` for attachments (结附);
- powers: `payment` (cost >>> effect, 701; `complete` for a quest), `triggered`
  (708), `ongoing` modifiers (704, 714), `replacement` modifiers on damage
  packets (716, 717), `enters` ("enters play with 3 damage", 710.1b) and
  `as_enters` ("as an ally enters play…", 710.1a);
- damage is always a packet (717): amount, source character, controller,
  damage type, combat or not, preventable or not, with an ability or not.

The printed card line (`line`) and Chinese rules text (`text`) are quoted from
the rulebook (`rulebook/data/wow.txt`) next to each card. This module is the
edge: pydantic validates, `dump()` gives plain data the engine reads.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import ConfigDict, Field, field_validator, model_validator

from judge.engine.games.common.vocab import (
    Model as _M, all_known, check_one, exactly_one, nested, one_known, one_verb, short_form,
)
from judge.engine.games.wow.filters import REF_KEYS
from judge.engine.games.wow.state import ABILITY_KINDS
from judge.engine.games.wow.words import (
    CHARACTER_TYPES, CLASS, DAMAGE_TYPE, FACTION, KEYWORD, STEPS, TARGET, TERM, TYPE, canonical,
)

TYPES = TYPE.words()
DAMAGE_TYPES = DAMAGE_TYPE.words()
KEYWORDS = KEYWORD.words()
FACTIONS = FACTION.words()
CLASSES = CLASS.words()


class Filter(_M):
    """Which cards qualify. Only the conditions given are checked."""

    type: str | None = None                 # 盟军 | 英雄 | 技能 | 武器 | 防具 | 物品 | 任务 | 装备 | 角色 | 队员
    types: list[str] = []                   # any of these (装备 = 武器/防具/物品; 角色 = 英雄/盟军)
    subtypes: list[str] = []                # has all of these (兽人, 暗夜精灵, 盾牌, …)
    damage_type: str | None = None          # a weapon's or character's damage type
    name: str | None = None
    faction: str | None = None              # 阵营: the card's faction icon (部落盟军: an ally with the Horde icon)
    controller: Literal["you", "opponent", "friendly", "any"] = "any"
    zone: Literal["play", "hand", "deck", "graveyard", "removed", "chain"] = "play"
    exhausted: bool | None = None
    damaged: bool | None = None             # has damage on it
    attacking: bool | None = None
    defending: bool | None = None
    unique: bool | None = None
    token: bool | None = None
    other: bool = False                     # not the source itself
    instant: bool | None = None

    _dt = one_known("damage_type", known=DAMAGE_TYPES, what="damage type")
    _faction = one_known("faction", known=FACTIONS, what="faction")


Amount = Union[int, str, dict]
Ref = Union[str, dict]

TARGET_WORDS = TARGET.words()


class Target(_M):
    """One use of the word "目标" (706): what it may choose."""

    what: Literal[TARGET_WORDS] = TARGET.hero_or_ally
    filter: Filter | None = None

    _short = short_form("what")


VERBS: dict[str, tuple[str, ...]] = {
    # verb: allowed extra parameters
    "damage": ("to", "type", "by", "unpreventable"),
    "heal": ("to", "by"),
    "destroy": (),
    "exhaust": (),
    "ready": (),
    "ready_one": (),                        # ready one card you choose among those matching a filter
    "draw": ("who",),
    "discard": ("who",),
    "to_hand": (),                          # put into its owner's hand
    "remove": (),                           # remove from the game
    "pay": ("who",),                        # pay (N): exhaust N resources
    "token": ("who",),
    "grant": ("to", "until"),
    "modify": ("to", "until", "while"),
    "control": ("to", "while", "until"),
    "prevent": ("to", "until"),
    "next_time": ("to", "until"),
    "may": ("who",),
    "unless": ("who", "then"),
    "if_you_do": ("then",),
    "delayed": (),
    "destroy_one": ("who",),
    "search": ("who", "exhausted"),
    "reveal": (),                           # reveal a card of your hand matching a filter (展示)
    "interrupt": ("if_targeted", "may"),
    "choose_type": (),
    "copy": (),                             # copy a card on the chain (705.6)
    "counters": ("to",),                    # put unnamed +ATK/+Health counters: {counters: {atk: 1}} (718.2f)
    "change_target": (),
    "new_deck": (),                         # Dark Portal: build a new deck of N cards (800.2)                    # change a link's single target to another card of its kind (706.2)
}


#: the durations a link's ongoing modifier may name (714.3): this turn, none, until your next turn begins
UNTIL = ("end_of_turn", "permanent", "until_your_next_turn")


class Effect(_M):
    """One instruction (709.2b, 712.3). Exactly one verb key plus its parameters: `{damage: 2, to: target, type: 火焰}`."""

    model_config = ConfigDict(extra="allow", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _one_verb(cls, v):
        verb = one_verb(v, VERBS, f"{{damage: 2, to: target, type: {DAMAGE_TYPE.fire}}}")
        nested(v, verb, _NESTED, _EFFECT_LISTS, Effect)
        if verb == "damage":
            check_one(v.get("type"), DAMAGE_TYPES, "damage type")
        if "until" in v and v["until"] not in UNTIL:
            raise ValueError(f"`until`: one of {', '.join(UNTIL)}, not {v['until']!r}")
        if verb in ("destroy_one", "ready_one") and isinstance(v[verb], dict):
            Filter.model_validate(v[verb])
        for k in REF_KEYS:
            ref = v.get(k)
            if isinstance(ref, dict) and not (k == verb and verb in _NESTED):
                if list(ref) != ["all"]:
                    raise ValueError(f"`{k}`: a reference is a word (target, self, your_hero…) or "
                                     f"`{{all: FILTER}}` (every card the description names), not {ref}")
                Filter.model_validate(ref["all"])
        return v


class Unless(_M):
    """"…unless [someone] pays (3) / discards two cards" (709.2b, 712.7): decided on resolution."""

    pay: int | None = None
    discard: int | None = None


class Modify(_M):
    """A continuous modifier on characters (714): ATK/Health changes, optionally only "while …" (714.3a)."""

    atk: int = 0
    health: int = 0
    set_atk: int | None = None          # "its ATK becomes N": sets the value, so timestamp order matters (718.1)
    while_: Literal["defending", "attacking"] | None = Field(None, alias="while")


class NextTime(_M):
    """"This turn, the next time … would deal / be dealt damage …" (717.4): a replacement shield."""

    event: Literal["deal", "dealt"]         # the character would deal / would be dealt damage
    damage_type: str | None = None
    plus: int = 0
    redirect_to: Literal["your_hero"] | None = None


class TokenDef(_M):
    name: str
    id: str | None = None               # the token's id (else its name; it also answers to SOURCE.token)
    type: Literal[TYPE.ally] = TYPE.ally
    subtypes: list[str] = []
    atk: int = 0
    health: int = 1
    unique: bool = False


class TriggerOn(_M):
    """The trigger event of a triggered power (708)."""

    event: Literal["enters", "attacks", "becomes_exhausted", "deals_damage", "dealt_damage", "destroyed", "step",
                   "damage_prevented"]
    self_: bool = Field(False, alias="self")
    filter: Filter | None = None        # the subject card (the attacker, the destroyed card, …)
    recipient: Filter | None = None     # deals_damage: the character dealt damage (judged before the event)
    source: Filter | None = None        # dealt_damage: the character dealing it
    your_hero: bool = False             # dealt_damage, damage_prevented: the recipient is your hero
    combat: bool | None = None
    step: str | None = None
    whose: Literal["you", "any"] = "any"

    @field_validator("step")
    @classmethod
    def _step(cls, v):
        if v is not None and canonical(v) is None:
            raise ValueError(f"unknown step {v!r}; steps: {', '.join(STEPS)}")
        return v


class Delayed(_M):
    """A delayed triggered effect created by a resolving link ("at the start of your next turn…")."""

    when: TriggerOn
    effects: list[Effect] = []
    about: Ref = "it"                   # the card it refers to ("that Tooga")


class PaymentCost(_M):
    """The cost left of ">>>" (701): resources, [横置] (exhaust this card), destroy this card."""

    resources: int = 0
    exhaust: bool = False
    destroy_self: bool = False
    concede: bool = False               # Hearthstone: the cost includes conceding ("hearthing", 800.1)
    flip: bool = False                  # flip this hero (翻转): a hero's flip power (翻转式能力)


class Payment(_M):
    cost: PaymentCost = PaymentCost()
    targets: list[Target] = []
    effects: list[Effect] = []
    complete: bool = False              # a quest's completion (705.1 完成任务)


class Triggered(_M):
    when: TriggerOn
    targets: list[Target] = []
    effects: list[Effect] = []


class Ongoing(_M):
    """A non-duration continuous power (704.1a, 714.2): what it affects and how."""

    affects: Union[Literal["self", "attached", "your_hero"], Filter] = "self"
    atk: int = 0
    health: int = 0
    atk_per: Filter | None = None       # +1 ATK for each card matching (recounted continuously, 714.2)
    set_atk: int | None = None          # "has N ATK": sets the value, so timestamp order matters (718.1)
    works_in: Literal["graveyard", "removed", "hand"] | None = None   # a power that works outside play (704.1a)
    forbids_play: Filter | None = None  # "[players] can't play [cards]": adding such a link can't begin (707.1)
    add_types: Union[list[str], Literal["chosen"], None] = None
    untargetable: bool = False
    indestructible: bool = False
    keywords: list[str] = []            # the keywords the affected cards have ("your hero is in Bear Form": 熊形态)
    cost_increase: int = 0              # additional cost of the cards `cards` describes (707.1e)
    cost_reduction: int = 0             # a reduction …
    at_least: int = 0                   # … "but not below (N)": limits only this reduction (707.1e)
    cards: Filter | None = None         # which cards' costs change (zone hand; controller relative to this card's)

    _kw = all_known("keywords", known=KEYWORDS, what="keyword")


class Replacement(_M):
    """A replacement modifier on damage packets (716, 717.1): "If your hero would deal … damage, … instead"."""

    event: Literal["deal", "dealt"]     # your hero would deal / would be dealt damage
    damage_type: str | None = None
    with_ability: bool = False
    double: bool = False
    plus: int = 0


class Enters(_M):
    """"[This card] enters play exhausted / with N damage" (710.1b)."""

    exhausted: bool = False
    damage: int = 0


class AsEnters(_M):
    """"As [a card] enters play…" modifiers created before it is in play (710.1a)."""

    filter: Filter
    lose_powers: bool = False
    until: Literal["until_its_controller_next_turn", "permanent"] = "permanent"


class Ability(_M):
    key: str | None = None
    text: str | None = None
    payment: Payment | None = None
    triggered: Triggered | None = None
    ongoing: Ongoing | None = None
    replacement: Replacement | None = None
    enters: Enters | None = None
    as_enters: AsEnters | None = None
    no_ready: bool = False              # "you may choose not to ready … during your ready step"

    _one = exactly_one(ABILITY_KINDS, "a power is exactly one of: payment, triggered, ongoing, replacement, "
                                      "enters, as_enters, no_ready")


class PlayCost(_M):
    """Costs of playing a card beyond its resource cost (707.1e)."""

    alternative: Filter | None = None   # "you may exhaust [a matching card] rather than pay …"


class Mode(_M):
    """One mode of a "选择一项：" card (707.1b): its own targets and effects."""

    targets: list[Target] = []
    effects: list[Effect] = []


class Play(_M):
    """What a card does when it resolves (its one-shot part, 713); `modes` for "选择一项：" (707.1b)."""

    targets: list[Target] = []
    effects: list[Effect] = []
    modes: list[Mode] = []


class Card(_M):
    """One card definition as written in a card library or a scenario's `define:`."""

    en: str | None = None
    line: str | None = None             # the card line as printed in the book (quoted)
    text: str = ""                      # the printed Chinese rules text (quoted; <p> = paragraph break)
    cost: int | None = None
    x: bool = False                     # the cost is (N+X): the player chooses X when adding the link (707.1c)
    faction: str | None = None
    class_: str | None = Field(None, alias="class")
    type: str
    instant: bool = False
    ongoing: bool = False               # 持续: the ability card enters play on resolution
    subtypes: list[str] = []
    unique: bool = False
    atk: int | None = None
    damage_type: str | None = None
    health: int | None = None
    def_: int | None = Field(None, alias="def")
    slot: str | None = None
    strike_cost: int | None = None
    keywords: list[str] = []
    inspire: str | None = None          # 激励 [牌]: what the keyword readies (a target word: 盟军, 英雄…)
    requires: str | None = None         # "[talent] Hero Required": the hero must have this subtype
    attach: Target | None = None        # 结附目标…
    play: Play | None = None
    play_cost: PlayCost | None = None
    abilities: list[Ability] = []
    note: str | None = None             # what the scenario assumes where the book prints nothing

    _type = one_known("type", known=TYPES, what="card type")
    _dt = one_known("damage_type", known=DAMAGE_TYPES, what="damage type")
    _kw = all_known("keywords", known=KEYWORDS, what="keyword")
    _inspire = one_known("inspire", known=TARGET.words(), what="card word after the keyword Inspire")
    _faction = one_known("faction", known=FACTIONS, what="faction")
    _class = one_known("class_", known=CLASSES, what="class")

    @model_validator(mode="after")
    def _shape(self):
        if self.type in CHARACTER_TYPES and self.health is None:
            raise ValueError(f"a {self.type} needs `health` ({TERM.health})")
        if (self.inspire is None) != (KEYWORD.inspire not in self.keywords):
            raise ValueError(f"the keyword {KEYWORD.inspire} and `inspire: CARD WORD` go together")
        if self.type != TYPE.hero and any(a.payment is not None and a.payment.cost.flip for a in self.abilities):
            raise ValueError(f"only a {TYPE.hero} has a flip power (a payment power whose cost flips it): "
                             f"`cost: {{flip: true}}` on a {self.type}")
        if self.attach is not None and self.type != TYPE.ability:
            raise ValueError(f"only ability cards attach ({TERM.attach}) in this vocabulary")
        return self


class Library(_M):
    """A card library file: `cards: {name: Card}`."""

    game: Literal["wow"] = "wow"
    cards: dict[str, Card]


# what an effect's verb holds, validated through its model; which parameters are lists of effects
_NESTED = {"unless": Unless, "delayed": Delayed, "token": TokenDef, "grant": Ability, "modify": Modify,
           "next_time": NextTime, "interrupt": Filter, "reveal": Filter}
_EFFECT_LISTS = {"may": ("may",), "unless": ("then",), "if_you_do": ("if_you_do", "then")}
