"""State-based effects (420): checked whenever a player would receive priority (408.1b, 420.3).

All conditions are checked at once and every applicable effect happens
simultaneously as one event; then they are checked again, until none
applies. They never look at what happens in the middle of a resolution
(420.4): they run only from `check_state`, which the core calls before giving
priority. Each check below is the rule it applies, word for word from the
book's numbering; 420.5 has no "l".
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.mtg.chars import compute
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import SUBTYPE, SUPERTYPE, TYPE, say
from judge.engine.games.mtg.words import zone as zone_zh

CHECKS = []


def sba(number: str, **kw):
    def deco(fn):
        rules.implements(number, **kw)(fn)
        CHECKS.append((number, fn))
        return fn
    return deco


@sba("420.5a", reasons={"life_zero": "player life"}, near_misses={"life_positive": "player life"})
@rules.implements("102.3b", reasons={"loses_life_zero": "player life"})
def life_zero(game, cm):
    out = []
    for p in game.in_game():
        if p.life <= 0:
            out.append(("420.5a", "life_zero", [p], {"player": p, "life": p.life}, ("lose", p),
                        [("102.3b", "loses_life_zero", {"player": p, "life": p.life})]))
    return out


@sba("420.5b", reasons={"toughness_zero": "object toughness"}, near_misses={"toughness_positive": "object toughness"})
def toughness_zero(game, cm):
    out = []
    for o in game.battlefield():
        c = cm[o.id]
        if c.toughness is not None and c.toughness <= 0:
            out.append(("420.5b", "toughness_zero", [o], {"object": o, "toughness": c.toughness},
                        ("move", o, "graveyard")))
    return out


@sba("420.5c", reasons={"lethal_damage": "object damage toughness", "lethal_damage_would": "object damage toughness"},
     near_misses={"below_lethal": "object damage toughness"})
def lethal_damage(game, cm):
    out = []
    for o in game.battlefield():
        c = cm[o.id]
        if c.toughness is not None and c.toughness > 0 and o.damage >= c.toughness:
            out.append(("420.5c", "lethal_damage", [o], {"object": o, "damage": o.damage, "toughness": c.toughness},
                        ("destroy", o)))
    return out


@sba("420.5d", reasons={"aura_illegal": "object why"})
@rules.implements("212.4f", reasons={"aura_host_illegal": "object why"})
@rules.implements("212.4g", reasons={"aura_cannot_enchant": "object why"})
def aura_illegal(game, cm):
    """An Aura attached to nothing, to a permanent gone from play (212.4f), to itself or while it is a creature
    (212.4g) goes to its owner's graveyard."""
    out = []
    for o in game.battlefield():
        c = cm[o.id]
        if SUBTYPE.aura not in c.subtypes:
            continue
        host = game.objects.get(o.attached_to) if o.attached_to else None
        if host is None or host.zone != "battlefield":
            why, beside = say("why.not_attached"), ("212.4f", "aura_host_illegal")
        elif host is o:
            why, beside = say("why.attached_to_itself"), ("212.4g", "aura_cannot_enchant")
        elif TYPE.creature in c.types:
            why, beside = say("why.attachment_is_creature"), ("212.4g", "aura_cannot_enchant")
        else:
            continue
        fields = {"object": o, "why": why}
        out.append(("420.5d", "aura_illegal", [o], fields, ("move", o, "graveyard"), [(*beside, fields)]))
    return out


@sba("420.5e", reasons={"legend_rule": "objects name"})
def legend_rule(game, cm):
    by_name: dict[str, list] = {}
    for o in game.battlefield():
        c = cm[o.id]
        if SUPERTYPE.legendary in c.supertypes:
            by_name.setdefault(c.name, []).append(o)
    out = []
    for name, objs in by_name.items():
        if len(objs) >= 2:
            for o in objs:
                out.append(("420.5e", "legend_rule", [*objs], {"objects": objs, "name": name},
                            ("move", o, "graveyard")))
    return out


@sba("420.5f", reasons={"token_gone": "object zone"})
@rules.implements("216.3", reasons={"token_cannot_return": "object zone"})
def token_gone(game, cm):
    out = []
    for o in list(game.objects.values()):
        if o.token and o.zone not in ("battlefield",) and not o.extra.get("gone"):
            fields = {"object": o, "zone": zone_zh(o.zone)}
            out.append(("420.5f", "token_gone", [o], fields, ("cease", o), [("216.3", "token_cannot_return", fields)]))
    return out


@sba("420.5j", reasons={"copy_gone": "object zone"})
def copy_gone(game, cm):
    """A copy of a spell in a zone other than the stack ceases to exist (a resolved or countered copy went to a
    graveyard: it is gone at the next check)."""
    return [("420.5j", "copy_gone", [o], {"object": o, "zone": zone_zh(o.zone)}, ("cease", o))
            for o in copies_off_the_stack(game.objects.values())]


def copies_off_the_stack(objects) -> list:
    """The copies of spells (401.1a) that are anywhere but the stack and still exist."""
    return [o for o in objects if o.extra.get("copy_of") and o.zone != "stack" and not o.extra.get("gone")]


@sba("420.5g", reasons={"drew_from_empty": "player"})
@rules.implements("102.3c", reasons={"loses_drew_too_many": "player"})
def drew_from_empty(game, cm):
    out = []
    for p in game.in_game():
        if p.drew_from_empty:
            out.append(("420.5g", "drew_from_empty", [p], {"player": p}, ("lose", p),
                        [("102.3c", "loses_drew_too_many", {"player": p})]))
    return out


@sba("420.5h", reasons={"poison_ten": "player poison"}, near_misses={"poison_below_ten": "player poison"})
@rules.implements("102.3d", reasons={"loses_poison_ten": "player poison"})
def poison_ten(game, cm):
    out = []
    for p in game.in_game():
        if p.poison >= 10:
            fields = {"player": p, "poison": p.poison}
            out.append(("420.5h", "poison_ten", [p], fields, ("lose", p), [("102.3d", "loses_poison_ten", fields)]))
    return out


@sba("420.5i", reasons={"world_rule": "object"})
def world_rule(game, cm):
    worlds = [o for o in game.battlefield() if SUPERTYPE.world in cm[o.id].supertypes]
    if len(worlds) < 2:
        return []
    newest = max(o.timestamp for o in worlds)
    keep = [o for o in worlds if o.timestamp == newest]
    return [("420.5i", "world_rule", [o], {"object": o}, ("move", o, "graveyard"))
            for o in worlds if o not in keep or len(keep) > 1]


@sba("420.5k", reasons={"equipment_unattached": "object"})
@rules.implements("212.2i", reasons={"equipment_cannot_equip": "object why"})
def equipment(game, cm):
    """212.2i: an Equipment that is a creature, that equips itself, or whose permanent is gone or no longer a
    creature is unattached and stays in play (issue 11 §3: the Equipment's own state counts, not only its host's)."""
    out = []
    for o in game.battlefield():
        c = cm[o.id]
        if SUBTYPE.equipment not in c.subtypes or not o.attached_to:
            continue
        host = game.objects.get(o.attached_to)
        if host is o:
            why = say("why.attached_to_itself")
        elif TYPE.creature in c.types:
            why = say("why.attachment_is_creature")
        elif host is None or host.zone != "battlefield":
            why = say("why.not_attached")
        elif TYPE.creature not in cm[host.id].types:
            why = say("why.host_not_creature")
        else:
            continue
        out.append(("420.5k", "equipment_unattached", [o], {"object": o}, ("unattach", o),
                    [("212.2i", "equipment_cannot_equip", {"object": o, "why": why})]))
    return out


@sba("420.5m", reasons={"unattached": "object"})
def other_attached(game, cm):
    """Anything else attached comes off; an Equipment that lost the subtype can no longer equip (212.2i)."""
    out = []
    for o in game.battlefield():
        c = cm[o.id]
        if o.attached_to and SUBTYPE.aura not in c.subtypes and SUBTYPE.equipment not in c.subtypes:
            beside = []
            if SUBTYPE.equipment in (o.card.subtypes or ()):
                beside = [("212.2i", "equipment_cannot_equip", {"object": o, "why": say("why.lost_equipment")})]
            out.append(("420.5m", "unattached", [o], {"object": o}, ("unattach", o), beside))
    return out


def near_misses(game, cm, found) -> None:
    """Thresholds not reached, recorded only where a judge would ask "why didn't it die / lose?": a creature
    that has damage marked on it (420.5c) or whose toughness was lowered (420.5b), a player with poison
    counters (420.5h); and, when the scenario expects the rule not to apply (`not_fired`), the toughness of
    every creature an effect changed (420.5b) and the life of every player who lost some (420.5a). Each
    comparison is recorded once per value, so repeated checks add nothing."""
    hit = {id(o) for x in found for o in x[2]}
    watched = game.watched
    turn = game.turn
    for o in game.battlefield():
        if id(o) in hit:
            continue
        c = cm[o.id]
        t = c.toughness
        if t is None or t <= 0:
            continue
        if o.damage:
            game.near_miss("420.5c", "below_lethal", [o], caused_by=game.cause_of(o),
                           once=("420.5c", o.id, o.inc, o.damage, t, turn), object=o, damage=o.damage, toughness=t)
        printed = o.card.toughness
        lowered = isinstance(printed, int) and t < printed
        if lowered or ("420.5b" in watched and t != printed):
            game.near_miss("420.5b", "toughness_positive", [o], caused_by=game.cause_of(o),
                           once=("420.5b", o.id, o.inc, t), object=o, toughness=t)
    for p in game.in_game():
        if id(p) in hit:
            continue
        if 0 < p.poison < 10:
            game.near_miss("420.5h", "poison_below_ten", [p], caused_by=game.cause_of(p),
                           once=("420.5h", p.name, p.poison), player=p, poison=p.poison)
        if "420.5a" in watched and 0 < p.life < game.start_life.get(p.name, p.life):
            game.near_miss("420.5a", "life_positive", [p], caused_by=game.cause_of(p),
                           once=("420.5a", p.name, p.life), player=p, life=p.life)


@rules.implements("420.3", reasons={"sba_round": "count"})
@rules.implements("408.2c", reasons={"checked_before_priority": "count"})
def check(game) -> bool:
    """One round of 420.3: everything that applies, as one simultaneous event. True if anything happened.
    A round that finds something cites 420.3 (all of them at once, then checked again); each finding is cited
    under its 420.5 letter and, beside it, the rule a judge quotes with it (102.3b beside 420.5a…)."""
    found = []
    cm = compute(game)
    for _, fn in CHECKS:
        found.extend(fn(game, cm))
    near_misses(game, cm, found)
    if not found:
        return False
    game.fire("420.3", "sba_round", [], caused_by=None, count=len(found))
    # 408.2c: they use no stack — checked as a player would receive priority, and what they find is done then
    game.fire("408.2c", "checked_before_priority", [], caused_by=None, count=len(found))
    events = []
    losers = []
    for number, code, objs, fields, act, *beside in found:
        cause = game.cause_of(objs[0]) if objs else None
        f = game.fire(number, code, objs, caused_by=cause, **fields)
        for b_number, b_code, b_fields in (beside[0] if beside else ()):
            game.fire(b_number, b_code, objs, caused_by=cause, **b_fields)
        kind = act[0]
        if kind == "lose":
            losers.append((act[1], f))
        elif kind == "destroy":          # no player controls a state-based effect (420.2): `sba`, and no `by`
            events.append(Event("destroy", {"object": act[1], "sba": number}, f.id, firing=f))
        elif kind == "move":
            events.append(Event("move", {"object": act[1], "to": act[2], "from": "battlefield", "reason": "sba",
                                         "sba": number}, f.id, firing=f))
        elif kind == "cease":
            with game.under(f):
                game.cease(act[1])
        elif kind == "unattach":
            with game.under(f):
                game.set(act[1], "attached_to", None)
    if events:
        game.happen(events)
    game.players_lose(losers)
    return True


def findings_now(game) -> dict:
    """What the state-based effects would find now, keyed (rule, object or player id): each finding's rule,
    objects and fields."""
    cm = compute(game)
    out = {}
    for _, fn in CHECKS:
        for number, code, objs, fields, *_ in fn(game, cm):
            key = (number, objs[0].id if objs and hasattr(objs[0], "id") else getattr(objs[0], "name", None)
                   if objs else None)
            out[key] = (number, objs)
    return out


@rules.implements("420.4", reasons={"ignored_during_resolution": "object rule"})
def ignored_during_resolution(game, seen: dict) -> None:
    """420.4: state-based effects pay no attention to what happens while a spell or ability resolves — a
    condition that held only in the middle of a resolution (a creature at 0 toughness between "discard your
    hand" and "draw seven") is never acted on. Cited, after the resolution, for each one that no longer holds."""
    if not seen:
        return
    now = findings_now(game)
    for key, (number, objs) in seen.items():
        if key not in now:
            game.fire("420.4", "ignored_during_resolution", objs[:1], object=objs[0], rule=number)
