"""Filters and target legality (706).

`matches()` answers "does this card qualify?" and, when it does not, names
the first check that failed (`("type", TYPE.ally, TYPE.hero)`), so a near miss can
say why a target is illegal or why a trigger did not trigger.
"""
from __future__ import annotations

from judge.engine.core.objects import Player
from judge.engine.games.wow.words import GROUPS, TARGET, TARGET_FILTERS, say, zone



def friendly(game, a: str, b: str) -> bool:
    """友方: yourself, and in a team game the players of your team."""
    if a == b:
        return True
    ta, tb = game.by_name[a].team, game.by_name[b].team
    return ta is not None and ta == tb


def type_ok(ctype: str, want: str) -> bool:
    return ctype in GROUPS.get(want, (want,))


def matches(game, obj, f: dict, *, controller: str | None = None, source_id: str | None = None, ch=None):
    """None if `obj` matches filter `f`, else (check, expected, actual)."""
    zone = (f or {}).get("zone", "play")
    if obj.zone != zone:
        return ("zone", zone_zh(zone), zone_zh(obj.zone))
    if not f:
        return None
    c = ch if ch is not None else game.chars(obj)
    if zone == "play" and obj.area == "resource" and not f.get("resource"):
        return ("type", f.get("type") or say("filter.card_in_play"), say("filter.resource"))
    want = f.get("type")
    if want and not type_ok(c.type, want):
        return ("type", want, c.type)
    anyt = f.get("types")
    if anyt and not any(type_ok(c.type, t) for t in anyt):
        return ("type", say("filter.or").join(anyt), c.type)
    for t in f.get("subtypes", ()):
        if t not in c.subtypes:
            return ("subtypes", t, "、".join(c.subtypes) or say("none"))
    if f.get("damage_type") and c.damage_type != f["damage_type"]:
        return ("damage_type", f["damage_type"], c.damage_type or say("none"))
    if f.get("name") and c.name != f["name"]:
        return ("name", f["name"], c.name)
    fa = f.get("faction")
    if fa and obj.card.faction != fa:          # 阵营: the faction icon printed on the card
        return ("faction", fa, obj.card.faction or say("none"))
    who = f.get("controller", "any")
    if who != "any" and controller is not None:
        ctrl = c.controller if obj.zone in ("play", "chain") else obj.owner
        ok = {"you": ctrl == controller, "opponent": not friendly(game, ctrl, controller),
              "friendly": friendly(game, ctrl, controller)}[who]
        if not ok:
            return ("controller", say(f"filter.{who}"), ctrl)
    ex = f.get("exhausted")
    if ex is not None and obj.tapped != ex:
        return ("exhausted", _yn(ex, "exhausted", "ready"), _yn(obj.tapped, "exhausted", "ready"))
    dm = f.get("damaged")
    if dm is not None and (obj.damage > 0) != dm:
        return ("damaged", _yn(dm, "damaged", "undamaged"),
                say("filter.damage_n", n=obj.damage) if obj.damage else say("filter.undamaged"))
    at = f.get("attacking")
    if at is not None and bool(obj.attacking) != at:
        return ("attacking", _yn(at, "attacking", "not_attacking"), _yn(obj.attacking, "attacking", "not_attacking"))
    df = f.get("defending")
    if df is not None and bool(obj.defending) != df:
        return ("defending", _yn(df, "defending", "not_defending"), _yn(obj.defending, "defending", "not_defending"))
    un = f.get("unique")
    if un is not None and c.unique != un:
        return ("unique", _yn(un, "unique", "not_unique"), _yn(c.unique, "unique", "not_unique"))
    tk = f.get("token")
    if tk is not None and obj.token != tk:
        return ("token", _yn(tk, "token", "card"), _yn(obj.token, "token", "card"))
    if f.get("other") and obj.id == source_id:
        return ("other", say("filter.another"), say("filter.itself"))
    ins = f.get("instant")
    if ins is not None and c.instant != ins:
        return ("instant", _yn(ins, "instant", "not_instant"), _yn(c.instant, "instant", "not_instant"))
    return None


def _yn(v, yes: str, no: str) -> str:
    return say(f"filter.{yes}" if v else f"filter.{no}")


def zone_zh(z: str) -> str:
    return zone(z)


def candidates(game, f: dict) -> list:
    zone = (f or {}).get("zone", "play")
    if zone == "play":
        return game.in_play()
    if zone == "chain":
        return [s for s in game.stack if hasattr(s, "card")]
    return [o for o in game.objects.values() if o.zone == zone]


def select(game, f: dict, *, controller: str | None, source_id: str | None = None) -> list:
    return [o for o in candidates(game, f) if matches(game, o, f, controller=controller, source_id=source_id) is None]


# ---------------------------------------------------------------- targets (706)

def tspec(spec) -> dict:
    """A target description as written: `盟军` or `{what: 盟军, filter: {...}}` (raw inside granted powers)."""
    return {"what": spec} if isinstance(spec, str) else (spec or {})


def target_filter(spec: dict) -> dict:
    spec = tspec(spec)
    f = dict(TARGET_FILTERS.get(spec.get("what", TARGET.hero_or_ally), {}))
    f.update(spec.get("filter") or {})
    return f


def described(spec) -> str:
    """A target description as the card's text says it: its faction, then its word (部落盟军, 盟军)."""
    spec = tspec(spec)
    return ((spec.get("filter") or {}).get("faction") or "") + spec.get("what", TARGET.hero_or_ally)


def target_problem(game, spec: dict, cand, *, source, controller: str) -> tuple | None:
    """None if `cand` is a legal choice for this use of "目标" (706.1), else (check, expected, actual)."""
    spec = tspec(spec)
    if isinstance(cand, Player):
        return ("kind", spec.get("what", TARGET.hero_or_ally), say("check.player"))
    if source is not None and cand.id == getattr(source, "id", None):
        return ("self", say("check.another_card"), say("check.this_link"))                         # 706.1: not itself
    f = target_filter(spec)
    bad = matches(game, cand, f, controller=controller, source_id=getattr(source, "id", None))
    if bad:
        return bad
    if cand.zone == "play":
        c = game.chars(cand)
        if c.flags.get("untargetable"):
            return ("untargetable", say("check.untargetable_ok"), say("check.untargetable", source=c.flags["untargetable"]))
    return None


def legal_targets(game, spec, *, controller, source) -> list:
    f = target_filter(spec)
    return [c for c in candidates(game, f) if target_problem(game, spec, c, source=source, controller=controller)
            is None]


# ---------------------------------------------------------------- what a text refers to

GROUP_REFS = ("each_character",)
REF_KEYS = ("to", "destroy", "exhaust", "ready", "to_hand", "remove", "control", "copy", "search", "change_target")


def is_group(ref) -> bool:
    """A reference to every card of a description ("each hero and ally", `{all: FILTER}`), not a target."""
    return ref in GROUP_REFS or (isinstance(ref, dict) and "all" in ref)


def group_refs(effects) -> list:
    """The group references (`is_group`) in a list of instructions, nested ones included."""
    out = []
    for e in effects or ():
        for k, v in e.items():
            if k in REF_KEYS and is_group(v):
                out.append(v)
            elif isinstance(v, list) and v and isinstance(v[0], dict):
                out += group_refs(v)
    return out
