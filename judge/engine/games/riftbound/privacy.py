"""Who may see what (128; the privacy of each non-board zone, 108; equipment on the board, 148.1.a.2).

A card is always in exactly one zone (128.1) and has that zone's privacy unless its state says otherwise
(128.2.a): a face-down card on the board is private, a card an effect revealed is public, a card an
effect let one player look at is seen by that player too. The three levels (128.3–128.5): secret —
nobody may read it; private — on the board only its controller, elsewhere only its owner; public —
everybody. Each non-board zone's level is a rule of 108 (the hand is private, 108.7.c; the trash is
public, 108.2.d; the main deck's order is secret, 108.4.e…): the vocabulary names it per zone.

Visibility is game state: `visible_to(game, obj, player)` is what the core's `visible_to` and a
scenario's `expect: visible:` read. The actions a judge gets asked about are `look` (may this player
look at this card, or at this zone: how many cards, which ones) and `arrange` (may this player
rearrange this zone): each is allowed citing the rule that allows it, or refused citing the rule
that forbids it (an `IllegalAction`, which a scenario expects with `rejected:`).
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine.core.errors import EngineError
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.state import all_players
from judge.engine.games.riftbound.words import ON_BOARD, PRIVACY, TYPE, ZONE_SPEC, say, zone, zone_of_word

PUBLIC, PRIVATE, SECRET = "public", "owner", "hidden"     # the core's visibility identifiers (128.5, 128.4, 128.3)

mechanic("board_public", reasons={"board_public": "object"})
mechanic("zone_order", reasons={"no_order": "player zone"})


@dataclass(frozen=True, slots=True)
class Privacy:
    level: str                 # public | owner | hidden
    rule: str | None           # the rule of this book that gives the level (None: the board, not in this book)
    state: str | None = None   # the card state that overrides its zone's level (128.2.a): face_down | revealed


def privacy(game, obj) -> Privacy:
    """The privacy of `obj` where it is now, and the rule that says so."""
    z = obj.zone
    if z in ON_BOARD:
        if obj.face_down:
            return Privacy(PRIVATE, "128.2.a", "face_down")
        if TYPE.gear in obj.card.types:
            return Privacy(PUBLIC, "148.1.a.2")
        return Privacy(PUBLIC, None)
    spec = ZONE_SPEC.get(z, {})
    level = spec.get("visibility", PUBLIC)
    if level != PUBLIC and getattr(obj, "shown_to", frozenset()) >= all_players(game):
        return Privacy(PUBLIC, "128.2.a", "revealed")
    return Privacy(level, spec.get("privacy"))


def who_may_see(obj) -> str:
    """128.4: on the board its controller, in any other zone its owner."""
    return obj.controller if obj.zone in ON_BOARD else obj.owner


def visible_to(game, obj, player: str) -> bool:
    """Whether `player` may read or look at the face of `obj` now (the core's `visible_to`)."""
    p = privacy(game, obj)
    if p.level == PUBLIC or player in getattr(obj, "shown_to", ()):
        return True
    return p.level == PRIVATE and player == who_may_see(obj)


# ------------------------------------------------------------------ look at a card or a zone

def _level_word(level: str) -> str:
    return PRIVACY[level]["word"]


@rules.implements("128.1", reasons={"in_one_zone": "object zone"})
@rules.implements("128.2.a", reasons={"state_privacy": "object zone state level",
                                      "zone_level": "object zone level"})
@rules.implements("128.3", reasons={"secret_refused": "player object zone"})
@rules.implements("128.4", reasons={"private_may_look": "player object who",
                                    "private_refused": "player object zone who"})
@rules.implements("128.5", reasons={"public_may_look": "player object"})
@rules.implements("148.1.a.2", reasons={"gear_public": "object"})
@rules.implements("108.1.b", reasons={"chain_public": "object"})
@rules.implements("108.2.d", reasons={"trash_public": "object owner"})
@rules.implements("108.3.e", reasons={"champion_zone_public": "object owner"})
@rules.implements("108.6.e", reasons={"banishment_public": "object owner"})
@rules.implements("108.7.c", reasons={"hand_private": "object owner"})
@rules.implements("108.4.e", reasons={"deck_secret": "object owner"})
@rules.implements("108.5.d", reasons={"rune_deck_secret": "object owner"})
def look_at_card(game, player: str, obj) -> None:
    """`player` asks to look at `obj`: allowed by the rule that makes it visible to him, or refused."""
    game.fire("128.1", "in_one_zone", [obj], object=obj, zone=_where(obj))
    p = privacy(game, obj)
    if p.state is not None:
        game.fire("128.2.a", "state_privacy", [obj], object=obj, zone=_where(obj),
                  state=say(f"state.{p.state}"), level=_level_word(p.level))
    elif p.rule is None:
        game.unnumbered("board_public", "board_public", [obj], object=obj)
    elif p.rule == "148.1.a.2":
        game.fire("148.1.a.2", "gear_public", [obj], object=obj)
    else:
        game.fire("128.2.a", "zone_level", [obj], object=obj, zone=_where(obj), level=_level_word(p.level))
        owner = {} if p.rule == "108.1.b" else {"owner": game.by_name[obj.owner]}
        game.fire(p.rule, ZONE_REASON[p.rule], [obj], object=obj, **owner)
    if player in obj.shown_to and p.level != PUBLIC:
        game.fire("128.2.a", "state_privacy", [obj], object=obj, zone=_where(obj), state=say("state.shown"),
                  level=say("state.shown_to", player=player))
        return
    pl = game.by_name[player]
    if p.level == PUBLIC:
        game.fire("128.5", "public_may_look", [obj], player=pl, object=obj)
    elif p.level == PRIVATE:
        who = game.by_name[who_may_see(obj)]
        if player != who.name:
            raise game.illegal("128.4", "private_refused", f"{player} may not look at {obj.id} (128.4)", player=pl,
                               object=obj, zone=_where(obj), who=who)
        game.fire("128.4", "private_may_look", [obj], player=pl, object=obj, who=who)
    else:
        raise game.illegal("128.3", "secret_refused", f"{player} may not look at {obj.id} (128.3)", player=pl,
                           object=obj, zone=_where(obj))


ZONE_REASON = {"108.1.b": "chain_public", "108.2.d": "trash_public", "108.3.e": "champion_zone_public",
               "108.6.e": "banishment_public", "108.7.c": "hand_private", "108.4.e": "deck_secret",
               "108.5.d": "rune_deck_secret"}


def _where(obj) -> str:
    """The zone a card is in, as a judge names it: 甲的手牌; the shared zones without an owner."""
    z = obj.zone
    if ZONE_SPEC.get(z, {}).get("shared"):
        return zone(z)
    holder = obj.controller if z in ON_BOARD else obj.owner
    return say("zone_of", player=holder, zone=zone(z))


@rules.implements("108.4.d", reasons={"deck_count": "player owner count"})
@rules.implements("108.7.e", reasons={"hand_count": "player owner count"})
def look_at_zone(game, player: str, owner: str | None, z: str) -> None:
    """`player` looks at a zone: its number of cards where that is public (108.4.d, 108.7.e), and its cards
    as far as each one's privacy lets him (the zone's rule of 108)."""
    spec = ZONE_SPEC[z]
    pl = game.by_name[player]
    ids = game.zone_ids(owner, z)
    objs = [game.objects[i] for i in ids if i in game.objects]
    count_rule = spec.get("count")
    if count_rule:
        game.fire(count_rule, COUNT_REASON[count_rule], [], player=pl, owner=game.by_name[owner], count=len(ids))
    rule = spec.get("privacy")
    seen = [o for o in objs if visible_to(game, o, player)]
    if rule is None:        # the board: not a zone of this book's 108
        return
    game.fire(rule, ZONE_LOOK_REASON[rule], seen, player=pl, zone=_zone_name(owner, z), objects=seen)


COUNT_REASON = {"108.4.d": "deck_count", "108.7.e": "hand_count"}
ZONE_LOOK_REASON = {"108.1.b": "chain_looked", "108.2.d": "trash_looked", "108.3.e": "champion_zone_looked",
                    "108.6.e": "banishment_looked", "108.7.c": "hand_looked", "108.4.e": "deck_looked",
                    "108.5.d": "rune_deck_looked"}
for _rule, _code in ZONE_LOOK_REASON.items():
    rules.declare(_rule, reasons={_code: "player zone objects"})


def _zone_name(owner: str | None, z: str) -> str:
    return zone(z) if owner is None else say("zone_of", player=owner, zone=zone(z))


def look(game, actor: str | None, look=None, **_) -> None:
    """The `look` action: a card by id, or a zone as `PLAYER.zone` (`甲.hand`, `甲.手牌`) or `chain`."""
    what = str(look)
    game.recorder.step.data["what"] = described(game, what)
    if actor is None:
        raise EngineError("look: say who looks (`as: PLAYER`)")
    owner, z = parse_zone(game, what)
    if z is not None:
        look_at_zone(game, actor, owner, z)
        return
    obj = game.objects.get(what)
    if obj is None:
        raise EngineError(f"look: no card {what!r} (a card id, or a zone such as PLAYER.hand)")
    look_at_card(game, actor, obj)


def described(game, ref: str) -> str:
    """A zone as a judge names it (甲的手牌), or a card's id, for the step's description: the step's renderer
    names the card as its reader needs (`judge replay`: 小兵(h1); a ruling: 小兵, with the id only on a collision)."""
    owner, z = parse_zone(game, ref)
    if z is not None:
        return _zone_name(owner, z)
    o = game.objects.get(ref)
    return o.id if o is not None else ref


def parse_zone(game, what: str) -> tuple[str | None, str | None]:
    """`甲.hand` → (甲, hand); `chain` → (None, chain); anything else → (None, None)."""
    if zone_of_word(what) is not None and ZONE_SPEC[zone_of_word(what)].get("shared"):
        return None, zone_of_word(what)
    player, dot, name = what.partition(".")
    if not dot or player not in game.by_name:
        return None, None
    z = zone_of_word(name)
    if z is None:
        raise EngineError(f"{what}: no zone {name!r}; zones: {', '.join(ZONE_SPEC)}")
    return (None if ZONE_SPEC[z].get("shared") else player), z


# ------------------------------------------------------------------ rearranging a zone

@rules.implements("108.2.c", reasons={"trash_unordered": "player zone before after"})
@rules.implements("108.6.d", reasons={"banishment_unordered": "player zone before after"})
@rules.implements("108.7.d", reasons={"hand_unordered": "player zone before after"})
@rules.implements("108.4.e", reasons={"deck_order_secret": "player zone"})
@rules.implements("108.5.d", reasons={"rune_order_secret": "player zone"})
def arrange(game, actor: str | None, arrange=None, order: list | None = None, **_) -> None:
    """The `arrange` action: may `actor` put the cards of a zone in a new order? Unordered zones yes (108.2.c,
    108.6.d, 108.7.d); a deck's order is secret, so no (108.4.e, 108.5.d)."""
    what = str(arrange)
    game.recorder.step.data["what"] = described(game, what)
    if actor is None:
        raise EngineError("arrange: say who rearranges (`as: PLAYER`)")
    owner, z = parse_zone(game, what)
    if z is None:
        raise EngineError(f"arrange: {what!r} is not a zone (such as PLAYER.trash)")
    pl = game.by_name[actor]
    key = game.zone_key(owner, owner, z)
    ids = list(game.zones.get(key, ()))
    spec = ZONE_SPEC[z]
    name = _zone_name(owner, z)
    if spec.get("order"):
        raise game.illegal(spec["order"], ORDER_REASON[spec["order"]], f"the order of {what} is secret",
                           player=pl, zone=name)
    rule = spec.get("unordered")
    if rule is None:
        raise game.illegal_unnumbered("zone_order", "no_order", f"no rule of this book lets {what} be rearranged",
                                      player=pl, zone=name)
    if spec.get("visibility") == PRIVATE and actor != owner and ids:
        raise game.illegal("128.4", "private_refused", f"{actor} may not look at the cards of {what} (128.4)",
                           player=pl, object=game.objects[ids[0]], zone=name, who=game.by_name[owner])
    new = [str(x) for x in (order or [])]
    if sorted(new) != sorted(ids):
        raise EngineError(f"arrange: `order` must list each card of {what} once: {', '.join(ids) or 'none'}")
    # the cards themselves (names a judge reads, the ruling tells apart those that share one), not their ids
    game.fire(rule, UNORDERED_REASON[rule], [], player=pl, zone=name, before=[game.objects[i] for i in ids],
              after=[game.objects[i] for i in new])
    game.zones[key][:] = new


ORDER_REASON = {"108.4.e": "deck_order_secret", "108.5.d": "rune_order_secret"}
UNORDERED_REASON = {"108.2.c": "trash_unordered", "108.6.d": "banishment_unordered", "108.7.d": "hand_unordered"}
