"""Filters, references and target legality.

`matches()` answers "does this object qualify?" and, when it does not, names
the first check that failed (`("colors", "绿", "蓝")`) so a near miss can say
*why* a trigger did not trigger or a target became illegal (413.2a, 410.8).
Only the characteristics a filter names are checked (413.2g).
"""
from __future__ import annotations

from judge.engine.core.objects import Player
from judge.engine.games.mtg.chars import chars as chars_of

TYPE_WORD = {"生物": "生物", "结界": "结界", "地": "地", "神器": "神器", "永久物": None}


def matches(game, obj, f: dict, *, controller: str | None = None, source_id: str | None = None, ch=None):
    """None if `obj` matches filter `f`, else (check, expected, actual)."""
    if not f:
        return None if obj.zone == "battlefield" else ("zone", "场上", _zone_zh(obj.zone))
    zone = f.get("zone", "battlefield")
    if obj.zone != zone:
        return ("zone", _zone_zh(zone), _zone_zh(obj.zone))
    c = ch if ch is not None else chars_of(game, obj)
    for t in f.get("types", ()):
        if t not in c.types:
            return ("types", t, "/".join(c.types) or "无类别")
    anyt = f.get("any_types")
    if anyt and not any(t in c.types for t in anyt):
        return ("types", "或".join(anyt), "/".join(c.types) or "无类别")
    for t in f.get("not_types", ()):
        if t in c.types:
            return ("not_types", f"非{t}", t)
    for t in f.get("subtypes", ()):
        if t not in c.subtypes:
            return ("subtypes", t, "/".join(c.subtypes) or "无")
    for t in f.get("supertypes", ()):
        if t not in c.supertypes:
            return ("supertypes", t, "/".join(c.supertypes) or "无")
    for col in f.get("colors", ()):
        if col not in c.colors:
            return ("colors", col, "".join(c.colors) or "无色")
    for col in f.get("not_colors", ()):
        if col in c.colors:
            return ("not_colors", f"非{col}", "".join(c.colors))
    cl = f.get("colorless")
    if cl is not None and (not c.colors) != cl:
        return ("colorless", "无色" if cl else "有色", "".join(c.colors) or "无色")
    for k in f.get("keywords", ()):
        if k not in c.keywords:
            return ("keywords", k, "、".join(c.keywords) or "无")
    for k in f.get("not_keywords", ()):
        if k in c.keywords:
            return ("not_keywords", f"不具{k}", k)
    if f.get("name") and c.name != f["name"]:
        return ("name", f["name"], c.name)
    who = f.get("controller", "any")
    if who != "any" and controller is not None:
        ctrl = c.controller if obj.zone in ("battlefield", "stack") else obj.owner
        if (who == "you") != (ctrl == controller):
            return ("controller", "你" if who == "you" else "对手", ctrl)
    own = f.get("owner", "any")
    if own != "any" and controller is not None and (own == "you") != (obj.owner == controller):
        return ("owner", "你" if own == "you" else "对手", obj.owner)
    tp = f.get("tapped")
    if tp is not None and obj.tapped != tp:
        return ("tapped", "横置" if tp else "未横置", "横置" if obj.tapped else "未横置")
    at = f.get("attacking")
    if at is not None and bool(getattr(obj, "attacking", None)) != at:
        return ("attacking", "进行攻击" if at else "未攻击", "进行攻击" if obj.attacking else "未攻击")
    bl = f.get("blocking")
    if bl is not None and bool(getattr(obj, "blocking", None)) != bl:
        return ("blocking", "进行阻挡" if bl else "未阻挡", "进行阻挡" if obj.blocking else "未阻挡")
    if f.get("other") and obj.id == source_id:
        return ("other", "其它", "自己")
    tk = f.get("token")
    if tk is not None and obj.token != tk:
        return ("token", "衍生物" if tk else "牌", "衍生物" if obj.token else "牌")
    return None


def _zone_zh(z: str) -> str:
    return {"battlefield": "场上", "graveyard": "坟墓场", "hand": "手牌", "library": "牌库", "exile": "移出游戏",
            "stack": "堆叠"}.get(z, z)


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


# ---------------------------------------------------------------- targets (409.1c, 413.2a, 415)

def target_problem(game, spec: dict, cand, *, source, controller: str, source_colors=()) -> tuple | None:
    """None if `cand` is a legal choice for this use of "目标", else (check, expected, actual)."""
    what = spec.get("what", "永久物")
    if isinstance(cand, Player):
        if what in ("玩家", "生物或玩家"):
            return None if not cand.lost else ("player", "仍在游戏中", "已离开游戏")
        return ("kind", what, "玩家")
    if what == "玩家":
        return ("kind", "玩家", cand.name)
    if source is not None and cand.id == getattr(source, "id", None) and cand.zone == "stack":
        return ("self", "其它咒语或异能", "自己")                                   # 415.6
    f = dict(spec.get("filter") or {})
    if what == "生物或玩家":
        f.setdefault("types", ["生物"])
    elif what == "咒语":
        f["zone"] = "stack"
    elif what in ("坟墓场中的牌", "坟墓场中的生物牌"):
        f["zone"] = "graveyard"
        if what == "坟墓场中的生物牌":
            f.setdefault("types", ["生物"])
    elif TYPE_WORD.get(what):
        f["types"] = list({*f.get("types", []), TYPE_WORD[what]})
    if f.get("zone", "battlefield") == "stack":
        if cand.zone != "stack" or cand not in game.stack:
            return ("zone", "堆叠", "已离开堆叠")
        return None
    bad = matches(game, cand, f, controller=controller, source_id=getattr(source, "id", None))
    if bad:
        return bad
    if cand.zone == "battlefield":
        c = chars_of(game, cand)
        if c.flags.get("untargetable"):
            return ("untargetable", "可以被指定为目标", "不能被指定为目标")
        prot = c.flags.get("protection") or ()
        for col in source_colors:
            if col in prot:
                return ("protection", f"不具反{col}保护", f"具有反{col}保护")
    return None


def resolve_target_name(game, name: str):
    """A scenario's target id: an object id or a player name."""
    if name in game.by_name:
        return game.by_name[name]
    return game.objects.get(name)
