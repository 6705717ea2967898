"""Which cards an instruction, a target word or a trigger means: card types in every zone, tags, several types.

- A card type applies in every zone (148.2.b): "an equipment card in your hand" is an equipment.
- An object with several types has every type's properties (178.1): a unit that is also an equipment is
  chosen by "equipment" and by "unit", and is played as an equipment is (148.1.a.1).
- A tag has no rules meaning of its own but rules and effects refer to it (133.8.a); flavour text means
  nothing in play (138.1): a card whose flavour text quotes a champion does not have that champion's tag.

`problem(game, obj, flt, …)` says which check a card fails (None if it matches); `cite(game, obj, flt, …)`
records, for a card that matched, the rules that made it match.
"""
from __future__ import annotations

from judge.engine.games.riftbound.rules import rules
from judge.engine.games.riftbound.words import ON_BOARD, TERM, say


def types_of(flt: dict) -> tuple:
    return tuple(flt.get("types") or ([flt["type"]] if flt.get("type") else ()))


def problem(game, obj, flt: dict | None, *, source=None, controller: str | None = None) -> tuple | None:
    """(check, expected, actual) for the first condition of `flt` that `obj` fails; None if it matches."""
    if not flt:
        return None
    card = obj.card
    want = types_of(flt)
    if want and not any(t in card.types for t in want):
        return ("type", "、".join(want), "、".join(card.types))
    tag = flt.get("tag")
    if tag and tag not in card.tags:
        return ("tag", tag, "、".join(card.tags) or say("none"))
    if flt.get("name") and card.name != flt["name"]:
        return ("name", flt["name"], card.name)
    if flt.get("champion") is not None and bool(card.champion) != flt["champion"]:
        return ("champion", say(f"answer.{'yes' if flt['champion'] else 'no'}"),
                say(f"answer.{'yes' if card.champion else 'no'}"))
    who = flt.get("controller", "any")
    holder = obj.controller if obj.zone in ON_BOARD else obj.owner
    if who == "you" and holder != controller or who == "opponent" and holder == controller:
        return ("controller", say(f"controller.{who}"), holder)
    if flt.get("other") and source is not None and obj.id == source.id:
        return ("other", say("check.other"), obj.name)
    return None


@rules.implements("133.8.a", reasons={"tag_referred": "object tag"})
@rules.implements("138.1", near_misses={"flavour_no_meaning": "object tag"})
@rules.implements("148.2.b", reasons={"type_in_every_zone": "object type zone"})
@rules.implements("178.1", reasons={"all_types": "object types as_type"})
def cite(game, obj, flt: dict | None, zone_word: str | None = None) -> None:
    """The rules that made `obj` match `flt` (it matched): its tag (133.8.a), its type outside the board
    (148.2.b), one of its several types (178.1)."""
    if not flt:
        return
    if flt.get("tag"):
        game.fire("133.8.a", "tag_referred", [obj], object=obj, tag=flt["tag"])
    want = types_of(flt)
    if want:
        t = next(t for t in want if t in obj.card.types)
        if obj.zone not in ON_BOARD and obj.zone != "chain":
            game.fire("148.2.b", "type_in_every_zone", [obj], object=obj, type=t, zone=zone_word or obj.zone)
        multi(game, obj, t)


def multi(game, obj, as_type: str) -> None:
    """178.1: an object of several types, taken as one of them, keeps all their properties."""
    if len(obj.card.types) > 1:
        game.fire("178.1", "all_types", [obj], object=obj, types="、".join(obj.card.types), as_type=as_type)


def flavour_miss(game, obj, flt: dict | None) -> None:
    """138.1: `obj` lacks the tag `flt` asks for, though its flavour text names it — which means nothing."""
    tag = (flt or {}).get("tag")
    if tag and tag not in obj.card.tags and tag in (obj.card.flavour or ""):
        game.near_miss("138.1", "flavour_no_meaning", [obj], object=obj, tag=tag)


def names_a_characteristic(flt: dict | None) -> bool:
    """128.6: the instruction names a card type or another characteristic (a tag, a name, champion)."""
    f = flt or {}
    return bool(types_of(f) or f.get("tag") or f.get("name") or f.get("champion"))


__all__ = ["cite", "flavour_miss", "multi", "names_a_characteristic", "problem", "types_of", "TERM"]
