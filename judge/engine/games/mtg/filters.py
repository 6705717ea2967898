"""Filters, references and target legality.

`matches()` answers "does this object qualify?" and, when it does not, names
the first check that failed (`("colors", "绿", "蓝")`) so a near miss can say
*why* a trigger did not trigger or a target became illegal (413.2a, 410.8).
Only the characteristics a filter names are checked (413.2g).
"""
from __future__ import annotations

from judge.engine.games.mtg.words import say
from judge.engine.games.mtg.words import zone as zone_zh

def matches(game, obj, f: dict, *, controller: str | None = None, source_id: str | None = None, ch=None):
    """None if `obj` matches filter `f`, else (check, expected, actual)."""
    if not f:
        return None if obj.zone == "battlefield" else ("zone", zone_zh("battlefield"), zone_zh(obj.zone))
    zone = f.get("zone", "battlefield")
    if obj.zone != zone:
        return ("zone", zone_zh(zone), zone_zh(obj.zone))
    c = ch if ch is not None else game.chars(obj)
    for t in f.get("types", ()):
        if t not in c.types:
            return ("types", t, "/".join(c.types) or say("check.no_types"))
    anyt = f.get("any_types")
    if anyt and not any(t in c.types for t in anyt):
        return ("types", say("check.or").join(anyt), "/".join(c.types) or say("check.no_types"))
    for t in f.get("not_types", ()):
        if t in c.types:
            return ("not_types", say("check.non", value=t), t)
    for t in f.get("subtypes", ()):
        if t not in c.subtypes:
            return ("subtypes", t, "/".join(c.subtypes) or say("none"))
    for t in f.get("supertypes", ()):
        if t not in c.supertypes:
            return ("supertypes", t, "/".join(c.supertypes) or say("none"))
    for col in f.get("colors", ()):
        if col not in c.colors:
            return ("colors", col, "".join(c.colors) or say("check.colorless"))
    for col in f.get("not_colors", ()):
        if col in c.colors:
            return ("not_colors", say("check.non", value=col), "".join(c.colors))
    cl = f.get("colorless")
    if cl is not None and (not c.colors) != cl:
        return ("colorless", say("check.colorless") if cl else say("check.colored"),
                "".join(c.colors) or say("check.colorless"))
    for k in f.get("keywords", ()):
        if k not in c.keywords:
            return ("keywords", k, "、".join(c.keywords) or say("none"))
    for k in f.get("not_keywords", ()):
        if k in c.keywords:
            return ("not_keywords", say("check.lacks", value=k), k)
    if f.get("name") and c.name != f["name"]:
        return ("name", f["name"], c.name)
    who = f.get("controller", "any")
    if who != "any" and controller is not None:
        ctrl = c.controller if obj.zone in ("battlefield", "stack") else obj.owner
        if (who == "you") != (ctrl == controller):
            return ("controller", say("check.you") if who == "you" else say("check.opponent"), ctrl)
    own = f.get("owner", "any")
    if own != "any" and controller is not None and (own == "you") != (obj.owner == controller):
        return ("owner", say("check.you") if own == "you" else say("check.opponent"), obj.owner)
    tp = f.get("tapped")
    if tp is not None and obj.tapped != tp:
        return ("tapped", _tap(tp), _tap(obj.tapped))
    at = f.get("attacking")
    if at is not None and bool(getattr(obj, "attacking", None)) != at:
        return ("attacking", _att(at), _att(obj.attacking))
    bl = f.get("blocking")
    if bl is not None and bool(getattr(obj, "blocking", None)) != bl:
        return ("blocking", _blk(bl), _blk(obj.blocking))
    if f.get("other") and obj.id == source_id:
        return ("other", say("check.other"), say("check.itself"))
    cw = f.get("combat_with_source")
    if cw is not None and source_id is not None:
        src = game.objects.get(source_id)
        engaged = src is not None and (obj.id in getattr(src, "blocking", ()) or source_id in getattr(obj, "blocking", ()))
        if engaged != cw:
            name = src.name if src is not None else source_id
            return ("blocking", say("check.combat_with", object=name) if cw else say("check.not_combat_with", object=name),
                    say("check.not_combat_with", object=name) if cw else say("check.combat_with", object=name))
    tk = f.get("token")
    if tk is not None and obj.token != tk:
        return ("token", _tok(tk), _tok(obj.token))
    return None


def source_matches(game, src, f: dict, *, controller: str | None = None, source_id: str | None = None, ch=None):
    """`matches` for the source of damage: judged on the characteristics the event carries (as the source is,
    or as it last existed in play, 402.6) wherever the source is now — a red instant on the stack or a creature
    already in the graveyard is still a red source (200.9c)."""
    return matches(game, src, {**f, "zone": src.zone}, controller=controller, source_id=source_id, ch=ch)


def _tap(v) -> str:
    return say("check.tapped") if v else say("check.untapped")


def _att(v) -> str:
    return say("check.attacking") if v else say("check.not_attacking")


def _blk(v) -> str:
    return say("check.blocking") if v else say("check.not_blocking")


def _tok(v) -> str:
    return say("check.token") if v else say("check.card")


def candidates(game, f: dict) -> list:
    zone = (f or {}).get("zone", "battlefield")
    if zone == "battlefield":
        return [game.objects[i] for i in game.battlefield_ids()]
    if zone == "stack":
        return [s for s in game.stack]
    return [o for o in game.objects.values() if o.zone == zone]


def select(game, f: dict, *, controller: str | None, source_id: str | None = None) -> list:
    return [o for o in candidates(game, f) if matches(game, o, f, controller=controller, source_id=source_id) is None]


def count(game, f: dict, *, controller: str | None, source_id: str | None = None) -> int:
    return len(select(game, f, controller=controller, source_id=source_id))


