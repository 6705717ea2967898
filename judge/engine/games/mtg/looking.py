"""Who may look at which cards, and who may put a zone in another order (217.1b, 217.2b, 217.3c, 217.4b, 217.7b,
217.8b) — the `look` and `arrange` actions of a scenario (docs/scenarios.md).

Each zone's rule is data (`judge/data/games/mtg.yaml`, `look:` and `order:` of each zone): the library is face
down and nobody looks at it or changes its order (217.2b); a player may look at his own hand, not another's
(217.3c); anyone may look at a graveyard, whose order never changes (217.4b); cards removed from the game are face
up and anyone may look at them, except face-down ones (217.7b); face-up phased-out objects too (217.8b); the
order of the library, the graveyard and the stack can't change, and the owner may arrange the objects of any
other zone (217.1b). A look or an arrangement the rules allow is cited; one they forbid is refused.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError
from judge.engine.games.mtg import zones
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import ZONE_LOOK, ZONE_OF_WORD, ZONE_ORDER, ZONE_SPECS, say
from judge.engine.games.mtg.words import zone as zone_zh

ARRANGE_RULE = "217.1b"

rules.declare("217.2b", reasons={"library_hidden": "player zone"})
rules.declare("217.3c", reasons={"own_hand": "player zone", "others_hand": "player zone owner"})
rules.declare("217.4b", reasons={"graveyard_public": "player zone", "graveyard_order_kept": "player zone"})
rules.declare("217.7b", reasons={"removed_face_up": "player zone", "removed_face_down": "player object"})
rules.declare("217.8b", reasons={"phased_out_face_up": "player zone"})
rules.declare("217.1b", reasons={"order_kept": "player zone", "owner_arranges": "player zone before after",
                                 "not_owner_arranges": "player zone owner"})
rules.declare("217.4c", reasons={"arranged_together": "player zone before after"})
rules.declare("217.2d", reasons={"arranged_on_library": "player zone before after"})
rules.declare("217.9b", reasons={"ante_public": "player zone"})

# the reason a zone's look rule gives when the look is allowed, and when it is not
_LOOK_OK = {"217.3c": "own_hand", "217.4b": "graveyard_public", "217.7b": "removed_face_up",
            "217.8b": "phased_out_face_up", "217.9b": "ante_public"}
_LOOK_NO = {"217.2b": "library_hidden", "217.3c": "others_hand"}
_ORDER_NO = {"217.2b": "library_hidden", "217.4b": "graveyard_order_kept", "217.1b": "order_kept"}


def _zone(game, what: str) -> tuple[str | None, str]:
    """`甲.hand` / `甲.手牌` → (甲, hand); a shared zone (`battlefield`, `跃离区`) → (None, zone)."""
    player, dot, name = what.partition(".")
    z = ZONE_OF_WORD.get(name if dot else what, name if dot else what)
    if z not in ZONE_SPECS:
        raise EngineError(f"{what}: not a zone; zones: {', '.join(ZONE_SPECS)} (PLAYER.zone for a player's own)")
    if ZONE_SPECS[z].shared:
        return None, z
    if not dot or player not in game.by_name:
        raise EngineError(f"{what}: say whose zone it is (PLAYER.{z})")
    return player, z


def _name(owner, z) -> str:
    return zone_zh(z) if owner is None else say("zone_of", player=owner, zone=zone_zh(z))


def look(game, actor: str | None, look=None, **_) -> None:
    """May `actor` look at this zone's cards (`甲.hand`) or at this card (an id)?"""
    what = str(look)
    if actor is None:
        raise EngineError("look: say who looks (`as: PLAYER`)")
    p = game.by_name[actor]
    obj = game.objects.get(what)
    if obj is not None:
        game.recorder.step.data["what"] = obj.id       # an object key of the step: each reader names it its way
        owner, z = (None if ZONE_SPECS[obj.zone].shared else obj.owner), obj.zone
        if z == "exile" and obj.face_down:
            raise game.illegal("217.7b", "removed_face_down", f"{obj.name} was removed face down", player=p,
                               object=obj)
    else:
        owner, z = _zone(game, what)
    rule = ZONE_LOOK.get(z)
    name = _name(owner, z)
    if obj is None:
        game.recorder.step.data["what"] = name         # how the step reads: 乙的手牌, not 乙.hand
    if rule is None:                             # the battlefield and the stack: in view of both players
        return
    if rule in _LOOK_NO and not (rule in _LOOK_OK and actor == owner):
        fields = {"owner": game.by_name[owner]} if _LOOK_NO[rule] == "others_hand" else {}
        raise game.illegal(rule, _LOOK_NO[rule], f"{actor} may not look at {what}", player=p, zone=name, **fields)
    game.fire(rule, _LOOK_OK[rule], [p], player=p, zone=name)


def arrange(game, actor: str | None, arrange=None, order: list | None = None, **_) -> None:
    """May `actor` put this zone's objects in the order `order`? The library, graveyard and stack keep theirs
    (217.2b, 217.4b, 217.1b); any other zone's objects their owner may arrange (217.1b)."""
    what = str(arrange)
    if actor is None:
        raise EngineError("arrange: say who rearranges (`as: PLAYER`)")
    p = game.by_name[actor]
    owner, z = _zone(game, what) if what != "stack" else (None, "stack")
    name = _name(owner, z)
    game.recorder.step.data["what"] = name
    rule = ZONE_ORDER.get(z)
    if z in ("graveyard", "library") and owner == actor:
        ids = list(game.zones.get(game.zone_key(owner, owner, z), ()))
        new = [str(x) for x in (order or [])]
        if new != ids and zones.arranges_together(game, owner, ids, new, z):     # cards that went there together
            rule, code = ("217.4c", "arranged_together") if z == "graveyard" else ("217.2d", "arranged_on_library")
            game.fire(rule, code, [p], player=p, zone=name,
                      before=[game.objects[i] for i in ids], after=[game.objects[i] for i in new])
            game.zones[game.zone_key(owner, owner, z)][:] = new
            return
    if rule is not None:
        raise game.illegal(rule, _ORDER_NO[rule], f"the order of {what} can't change", player=p, zone=name)
    if owner is not None and owner != actor:
        raise game.illegal(ARRANGE_RULE, "not_owner_arranges", f"only {owner} arranges {what}", player=p, zone=name,
                           owner=game.by_name[owner])
    key = game.zone_key(owner, owner, z)
    ids = list(game.zones.get(key, ()))
    new = [str(x) for x in (order or [])]
    if sorted(new) != sorted(ids):
        raise EngineError(f"arrange: `order` must list each object of {what} once: {', '.join(ids) or 'none'}")
    game.fire(ARRANGE_RULE, "owner_arranges", [p], player=p, zone=name, before=list(ids), after=new)
    game.zones[key][:] = new


@rules.implements("217.2c", reasons={"count_library": "player zone n"})
def count(game, actor: str | None, count=None, **_) -> None:
    """May `actor` count this library's cards (`乙.library`)? Any player may, at any time (217.2c), though nobody
    may look at them (217.2b)."""
    what = str(count)
    if actor is None:
        raise EngineError("count: say who counts (`as: PLAYER`)")
    p = game.by_name[actor]
    owner, z = _zone(game, what)
    if z != "library":
        raise EngineError(f"count: {what}: the rules let a player count a library's cards (217.2c); "
                          f"the cards of {z} are counted by looking at them (`look:`)")
    name = _name(owner, z)
    game.recorder.step.data["what"] = name
    game.fire("217.2c", "count_library", [p], player=p, zone=name,
              n=len(game.zones.get(game.zone_key(owner, owner, z), ())))
