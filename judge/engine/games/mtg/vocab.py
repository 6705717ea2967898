"""The MTG card vocabulary: what a card in `scenarios/cards/mtg.yaml` may say.

Composable, not one keyword per card: a card is its printed characteristics
plus a list of abilities, and every ability is built from the same parts —
`effects` (a list of verbs such as `damage`, `destroy`, `draw`, `pump`), `targets`
(what the word "目标" asks for), `filters` (which objects an effect or trigger
looks at), amounts (a number, `x`, or a count) and durations. Triggers name an
event and filters on it; statics name what they affect and how (by layer);
replacement/prevention effects name the event they watch and what happens
instead. The printed Chinese text stays next to each card (`text`) so an
explanation can quote the card.

This module is the edge: pydantic validates a library or an inline `define:`
and `state.card_def()` turns it into the `CardDef` the engine reads.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import ConfigDict, Field, field_validator, model_validator

from judge.engine.games.common.vocab import (
    Model as _M, all_known, exactly_one, nested, one_verb, short_form,
)
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.state import ABILITY_KINDS, parse_pt
from judge.engine.games.mtg.words import COLOR, KEYWORD, SUPERTYPE, TARGET, TYPE

TYPES = TYPE.words()
SUPERTYPES = SUPERTYPE.words()
COLORS = COLOR.words()
KEYWORDS = KEYWORD.words()
TARGET_WORDS = TARGET.words()


class Compare(_M):
    """A comparison on power or toughness: "power 3 or greater" = `{at_least: 3}`, "2 or less" = `{at_most: 2}`.
    An object with no power or toughness (not a creature, 208.3) never qualifies."""

    at_least: int | None = None
    at_most: int | None = None

    @model_validator(mode="after")
    def _some(self):
        if self.at_least is None and self.at_most is None:
            raise ValueError("a comparison needs at_least and/or at_most, e.g. {at_least: 3}")
        return self


class Filter(_M):
    """Which objects qualify. All given conditions must hold (413.2g: only the named characteristics)."""

    types: list[str] = []          # has all of these types
    any_types: list[str] = []      # has at least one
    not_types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    not_supertypes: list[str] = []   # "nonbasic", "nonlegendary" (205.4b)
    power: Compare | None = None     # "with power 3 or greater"
    toughness: Compare | None = None
    colors: list[str] = []         # has all of these colours
    not_colors: list[str] = []     # "non-black"
    colorless: bool | None = None
    keywords: list[str] = []
    not_keywords: list[str] = []
    name: str | None = None
    controller: Literal["you", "opponent", "any"] = "any"
    owner: Literal["you", "opponent", "any"] = "any"
    zone: Literal["battlefield", "graveyard", "hand", "library", "exile", "stack", "ante"] = "battlefield"
    tapped: bool | None = None
    attacking: bool | None = None
    blocking: bool | None = None
    other: bool = False            # not the source itself
    combat_with_source: bool | None = None   # blocking the source, or blocked by it ("阻挡～或被～阻挡的生物")
    token: bool | None = None
    shares_color_with: str | None = None   # a ref word, e.g. "target"
    set: str | None = None         # "cards from the X expansion": the printed expansion symbol only (206.3)

    _types = all_known("types", "any_types", "not_types", known=TYPES, what="card type")
    _supertypes = all_known("supertypes", "not_supertypes", known=SUPERTYPES, what="supertype")
    _colors = all_known("colors", "not_colors", known=(*COLORS, "chosen"), what="colour")   # chosen: 419.1b


Amount = Union[int, str, dict]
Ref = Union[str, dict]


class Target(_M):
    """One use of the word "目标" (409.1c): what it may choose, and how many. `what` may list several kinds, "target
    spell or creature" (`what: [咒语, 生物]`): one target, legal if it is any one of them."""

    what: Union[Literal[TARGET_WORDS], list[Literal[TARGET_WORDS]]] = TARGET.permanent
    filter: Filter | None = None
    count: int = 1
    up_to: bool = False

    _short = short_form("what")

    @field_validator("what")
    @classmethod
    def _kinds(cls, v):
        if isinstance(v, list) and (len(v) < 2 or len(set(v)) != len(v)):
            raise ValueError("a list of target kinds names two or more different kinds ('target spell or "
                             "creature'); one kind is written alone")
        return v


VERBS: dict[str, tuple[str, ...]] = {
    # verb: allowed extra parameters
    "damage": ("to", "source", "divided", "replace"),
    "destroy": ("no_regen", "replace"),
    "exile": (),
    "bounce": (),
    "return_to_hand": (),
    "return_to_battlefield": (),
    "shuffle_into_library": (),
    "put_on_library": ("bottom",),   # on top of (bottom of) its owner's library; several at once: 217.2d
    "sacrifice": ("who", "count"),
    "draw": ("who",),
    "discard": ("who",),
    "discard_hand": (),
    "gain_life": ("who",),
    "lose_life": ("who",),
    "add_mana": ("who",),
    "tap": (),
    "untap": (),
    "counter": ("replace",),          # replace: a self-replacement of this instruction's own event (419.6d)
    "change_target": (),
    "copy_spell": ("new_targets",),   # a spell on the stack: a copy of it, also a spell, not cast (401.1a)              # a spell or ability on the stack: its controller's new target for it (415.7)
    "pump": ("what", "until", "x", "may_end"),   # "+X/+0" with `x: AMOUNT`: X determined once as it resolves (418.3c)
    "set_pt": ("what", "until", "may_end"),
    "switch_pt": ("until", "may_end"),
    "add_counters": ("on",),
    "remove_counters": ("on",),
    "gain": ("what", "until", "may_end"),
    "lose": ("what", "until", "may_end"),
    "lose_all_abilities": ("until", "may_end"),   # may_end: its controller may end it (408.2i)
    "set_color": ("what", "until", "may_end"),
    "becomes": ("what", "until", "may_end"),
    "control": ("until", "who", "may_end"),
    "prevent": ("to", "from", "until", "combat", "source", "once"),   # source: choose — "a source of your choice"
    "redirect": ("to", "until"),      # damage that would be dealt to `to` is dealt to this object instead (419.6c)
    "regenerate": (),
    "token": ("count", "who"),
    "delayed": (),
    "may": ("who", "otherwise", "pay"),   # pay: "you may pay {三}" — with `otherwise`, "… unless REF pays" (413.2e)
    "choose_type": ("kind",),
    "choose_color": (),
    "grant": ("what", "until", "may_end"),
    "haunt": (),
    "gain_abilities_of": ("what", "until", "kinds"),
    "win_game": (),                   # a player ref: that player wins the game, the others lose (102.2b)
    "extra_turn": (),                 # a player ref: that player takes an extra turn after this one (300.6)
    "extra_phase": ("after",),        # phase word(s) added after this phase, or after `after:` (300.7)
    "extra_step": ("after",),         # step word(s) added after this step, or after `after:` (300.8)
    "skip": ("who",),                 # a step, phase or 回合 the player skips next time (300.9)
    "phase_out": (),
    "change_text": ("what", "until"),       # {from: 红, to: 蓝}: the words of the rules text (418.6)
    "attach": ("to",),                # an Equipment or Aura (REF) attached to `to` (212.2g–h, 212.4e)
}


class Effect(_M):
    """One instruction (413.2b). Exactly one verb key plus its parameters, e.g. `{damage: 3, to: target}`."""

    model_config = ConfigDict(extra="allow", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _one_verb(cls, v):
        verb = one_verb(v, VERBS, "{damage: 3, to: target}")
        for key in (verb, *VERBS[verb]):
            _check_refs(v.get(key))
        nested(v, verb, _NESTED, _EFFECT_LISTS, Effect)
        if verb == "may" and v.get("pay") is not None:
            M.parse_cost(str(v["pay"]))
        if v.get("replace") is not None:      # "… instead": the instruction replaces its own event (419.6d)
            Replacement.model_validate(v["replace"])
        return v


class Becomes(_M):
    types: list[str] | None = None        # replaces types unless `still` keeps them
    add_types: list[str] = []
    subtypes: list[str] | None = None
    colors: list[str] | None = None
    pt: str | None = None                 # "3/3"
    pt_count: Filter | None = None        # P/T each equal to the number of matching objects (6b in 2006)
    still: bool | None = None             # "it's still a land": keep old types (212.1c); unsaid: a new type
                                          # replaces the old ones (212.1b) — except "becomes an artifact
                                          # creature", which keeps them (212.1c)


class TokenDef(_M):
    name: str | None = None               # none: the token is named after its creature types (216.1)
    id: str | None = None                 # a stable id for the (first) token, so expectations can name it
    types: list[str] = [TYPE.creature]
    subtypes: list[str] = []
    colors: list[str] = []
    pt: str | None = None
    keywords: list[str] = []
    abilities: list["Ability"] = []

    @model_validator(mode="after")
    def _named(self):
        if not self.name and not self.subtypes:
            raise ValueError("a token needs a `name:` or creature `subtypes:` to be named after (216.1)")
        return self


class TriggerOn(_M):
    """The trigger event of a triggered ability (404.1)."""

    event: Literal["enters", "leaves", "dies", "attacks", "attacks_unblocked", "blocks", "blocks_creature",
                   "becomes_blocked", "blocked_by", "deals_damage",
                   "dealt_damage",
                   "step", "cast", "tapped_for_mana", "untaps", "gains_life", "draws", "discards",
                   "hand_empty"]
    self_: bool = Field(False, alias="self")   # the subject is this object
    filter: Filter | None = None               # the subject object must match (checked at the event, 308.3)
    to: Literal["graveyard", "hand", "exile", "library", "any"] = "any"
    step: str | None = None
    whose: Literal["you", "opponent", "any"] = "any"
    source: Filter | None = None
    recipient: Literal["player", "creature", "any"] = "any"
    combat: bool | None = None
    by: Filter | None = None                   # blocked_by: the blocker must match
    at_least: int | None = None                # blocks / becomes_blocked: N or more creatures (410.9e)
    haunted: bool = False                      # dies: the creature this card haunts (from exile)
    enchanted: bool = False                    # the permanent this Aura enchants ("when enchanted creature …", 410.10f)
    caused_by: Literal["you", "opponent", "any"] | None = None   # "a spell or ability [an opponent] controls causes …"


class Condition(_M):
    """An intervening "若…" condition (404.3, 410.8), checked on triggering and on resolution."""

    life_at_most: int | None = None
    hand_empty: bool | None = None
    controls: Filter | None = None
    source_tapped: bool | None = None


class Activated(_M):
    cost: str = ""                     # mana symbols and {横置}
    sacrifice: Filter | None = None    # additional cost: sacrifice a matching permanent
    sacrifice_self: bool = False
    discard: int = 0
    discard_self: bool = False         # "discard this card": payable only from its owner's hand (402.8e)
    exile_top: int = 0                 # additional cost: remove the top N cards of your library from the game
    link: str | None = None            # abilities of one card with the same link are linked (217.7d)
    remove_counters: dict[str, int] = {}
    targets: list[Target] = []
    effects: list[Effect] = []
    zone: Literal["battlefield", "graveyard", "hand"] = "battlefield"
    timing: Literal["instant", "sorcery", "your_upkeep"] | None = None   # unsaid: like an instant, no 212.5e
    limit: Literal["once_each_turn"] | None = None   # "activate this ability only once each turn" (403.3)

    @field_validator("cost")
    @classmethod
    def _cost(cls, v):
        M.parse_cost(v)
        return v


class Triggered(_M):
    when: TriggerOn
    if_: Condition | None = Field(None, alias="if")
    targets: list[Target] = []
    effects: list[Effect] = []
    mana: bool = False                 # a triggered mana ability (406.1b, 411.3): resolves at once
    zone: Literal["battlefield", "graveyard", "exile", "hand"] = "battlefield"
    link: str | None = None            # linked with the same card's abilities of that link (217.7d)


class Delayed(_M):
    """A delayed triggered ability created by an effect (404.4)."""

    when: TriggerOn
    effects: list[Effect] = []
    about: Ref = "target"              # the object it refers to ("that creature")
    once: bool = True
    may_stop: bool = False             # its controller may stop it while holding priority (408.2i)


class Ignore(_M):
    """"[who] may pay COST to ignore this effect until end of turn": the special action of 408.2j."""

    cost: str = ""
    who: Literal["you", "opponent", "any"] = "any"

    @field_validator("cost")
    @classmethod
    def _cost(cls, v):
        M.parse_cost(v)
        return v


class Static(_M):
    """A static ability (405, 412): what it affects and how, by layer (418.5a)."""

    affects: Union[str, Filter, None] = None   # "self", "enchanted", or a filter
    pump: str | None = None          # "+1/+1"  (layer 6d)
    set_pt: str | None = None        # "1/1"    (layer 6b)
    add_types: list[str] = []        # layer 4, keeps old types (212.1c)
    set_color: list[str] | None = None   # layer 5
    gain: list[str] = []             # layer 5
    lose: list[str] = []             # layer 5
    lose_all_abilities: bool = False
    grant: list["Ability"] = []      # layer 5: "has '…'"
    cda_pt: dict[str, Amount] | None = None   # {power: amount, toughness: amount} (6a)
    cost_reduction: str | None = None   # "{一}" (409.1f); with `affects: self`, this spell's own (402.8c)
    cost_increase: str | None = None
    spells: Filter | None = None     # which spells the cost change applies to
    cast_from: list[Literal["graveyard", "exile", "library"]] = []   # "you may cast this from …" (401.4)
    cast_only_if: Condition | None = None    # "can't be cast unless …", checked where it is cast from (402.8d)
    cant_cast: Filter | None = None  # "players can't cast [filter] spells" (409.4)
    cant_attack: bool = False
    cant_block: bool = False
    cant_attack_alone: bool = False
    must_attack: bool = False
    must_block: bool = False
    max_attackers: int | None = None     # "no more than N creatures can attack each turn"
    min_blockers: int | None = None      # "can't be blocked except by N or more creatures"
    extra_blocks: int | None = None      # "can block N additional creatures" (309.2a: otherwise one)
    attack_cost: str | None = None       # "creatures can't attack you unless their controller pays … for each" (308.2d)
    block_cost: str | None = None        # "creatures can't block unless their controller pays … for each" (309.2b)
    untargetable: bool = False
    doesnt_untap: bool = False           # "this doesn't untap during its controller's untap step" (302.2)
    may_not_untap: bool = False          # "you may choose not to untap this during your untap step" (302.2)
    top_revealed: bool = False           # "play with the top card of your library revealed" (217.2e)
    assign_as_unblocked: bool = False    # "you may have this assign its combat damage as though it weren't blocked" (310.2e)
    protection: list[str] = []
    unblockable_if_defender_controls: Filter | None = None   # 308.1: each attacker's own defending player
    may_ignore: Ignore | None = None     # a player may take an action to ignore this effect this turn (408.2j)


class Replacement(_M):
    """A replacement or prevention effect from a static ability (419)."""

    event: Literal["damage", "to_graveyard", "gain_life", "draw", "destroy", "enters"]
    source: Filter | None = None           # damage dealt by a matching source
    source_controller: Literal["you", "any", "opponent"] = "any"
    self_: bool = Field(False, alias="self")   # only events about this object
    whose: Literal["you", "any", "opponent"] = "any"   # the affected player
    from_zone: Literal["battlefield", "any"] = "any"
    double: bool = False
    plus: int = 0
    instead: Literal["exile", "shuffle_into_library", "put_on_library", "draw", "return_from_graveyard",
                     "nothing"] | None = None
    prevent: Union[int, Literal["all"], None] = None
    tapped: bool = False                   # event enters: "… comes into play tapped" (419.1c)
    filter: Filter | None = None           # event enters: which permanents ("creatures your opponents control")


class Ability(_M):
    key: str | None = None
    text: str | None = None
    activated: Activated | None = None
    mana: Activated | None = None
    triggered: Triggered | None = None
    static: Static | None = None
    replacement: Replacement | None = None

    _one = exactly_one(ABILITY_KINDS, "an ability is exactly one of: activated, mana, triggered, static, replacement")


Static.model_rebuild()
TokenDef.model_rebuild()
# what an effect's verb holds, validated through its model; which parameters are lists of effects
_NESTED = {"delayed": Delayed, "becomes": Becomes, "token": TokenDef, "grant": Ability}
_EFFECT_LISTS = {"may": ("may", "otherwise")}


class Spell(_M):
    targets: list[Target] = []
    effects: list[Effect] = []
    modes: list[list[Effect]] = []
    mode_by: Literal["you", "opponent"] = "you"    # "an opponent chooses one —" (409.2)


class Card(_M):
    """One card definition as written in a card library or a scenario's `define:`."""

    en: str | None = None
    cost: str | None = None
    types: list[str]
    subtypes: list[str] = []
    supertypes: list[str] = []
    colors: list[str] | None = None        # only when not implied by the cost (tokens, 203.2)
    pt: str | None = None                  # "2/2", "*/*"
    keywords: list[str] = []
    text: str = ""                         # the printed Chinese rules text
    abilities: list[Ability] = []
    spell: Spell | None = None
    additional_cost: Activated | None = None   # e.g. sacrifice a creature (409.1f)
    as_enters: list[Literal["choose_color", "choose_type"]] = []   # "as this comes into play, choose …" (419.1b)
    set: str | None = None                 # the expansion symbol printed on it (206); a board card's `set:` wins

    _types = all_known("types", known=TYPES, what="card type")
    _super = all_known("supertypes", known=SUPERTYPES, what="supertype")
    _kw = all_known("keywords", known=KEYWORDS, what="keyword")

    @field_validator("cost")
    @classmethod
    def _cost(cls, v):
        if v is not None:
            M.parse_cost(v)
        return v

    @field_validator("pt")
    @classmethod
    def _pt(cls, v):
        if v is not None:
            parse_pt(v)
        return v


class Library(_M):
    """A card library file: `cards: {name: Card}`."""

    game: Literal["mtg"] = "mtg"
    cards: dict[str, Card]


def _check_refs(v) -> None:
    """Nested filters inside effect parameters ({all: …}, {count: …}, {linked: …, filter: …}) are validated as
    `Filter`s; `{choose: N, from: REF}` checks its reference."""
    if isinstance(v, dict):
        for k in ("all", "count"):
            if k in v and isinstance(v[k], dict):
                Filter.model_validate(v[k])
        if "linked" in v:
            extra = set(v) - {"linked", "filter"}
            if extra or not isinstance(v["linked"], str):
                raise ValueError(f"a linked reference is {{linked: LINK, filter: FILTER}}, got {v!r}")
            Filter.model_validate(v.get("filter") or {})
        if "half" in v:
            if set(v) != {"half", "round"} or v["round"] not in ("up", "down"):
                raise ValueError(f"half an amount is {{half: AMOUNT, round: up|down}} (104.1: the card says how a "
                                 f"fraction is rounded), got {v!r}")
            _check_refs(v["half"])
        if "choose" in v:
            extra = set(v) - {"choose", "from"}
            if extra or "from" not in v or not isinstance(v["choose"], int) or isinstance(v["choose"], bool):
                raise ValueError(f"a choice among objects is {{choose: N, from: REF}}, got {v!r}")
            _check_refs(v["from"])

