"""Filters, references and target legality.

`matches()` answers "does this object qualify?" and, when it does not, names
the first check that failed (`("colors", "绿", "蓝")`) so a near miss can say
*why* a trigger did not trigger or a target became illegal (413.2a, 410.8).
Only the characteristics a filter names are checked (413.2g).
"""
from __future__ import annotations

from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import SUPERTYPE, TYPE, say
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
    for t in f.get("not_supertypes", ()):                       # "nonbasic", "nonlegendary" (205.4b)
        if t in c.supertypes:
            return ("not_supertypes", say("check.non", value=t), t)
    for what in ("power", "toughness"):                         # "power 2 or less", "toughness 4 or greater"
        cmp = f.get(what)
        if cmp:
            bad = _compare(what, cmp, getattr(c, what))
            if bad:
                return bad
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
    if f.get("name") and c.name != f["name"] and not same_card(game, obj, c, f["name"]):
        return ("name", f["name"], c.name)
    if f.get("set") and expansion(obj) != f["set"]:
        return ("set", f["set"], expansion(obj) or say("check.no_set_symbol"))
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


def expansion(obj) -> str | None:
    """The expansion symbol printed on this copy: its board placement's `set:`, else its card's; None: no symbol
    (the first core sets had none, 206.3; a token has none)."""
    extra = getattr(obj, "extra", None) or {}
    card = getattr(obj, "card", None)
    return extra.get("set") or getattr(card, "set", None)


def english_name(game, name: str) -> str | None:
    """The English name of the card printed `name` among the cards of this game (None when none says it)."""
    for o in game.objects.values():
        card = getattr(o, "card", None)
        if card is not None and card.name == name and card.en:
            return card.en
    return None


def same_card(game, obj, c, name: str) -> bool:
    """Whether `obj`, printed under another name, is the card named `name`: two cards with the same English name
    are the same card, whatever else is printed on them (202.3) — two translations of one card."""
    card = getattr(obj, "card", None)
    if card is None or not card.en:
        return False
    return c.name == card.name and english_name(game, name) == card.en


def source_matches(game, src, f: dict, *, controller: str | None = None, source_id: str | None = None, ch=None):
    """`matches` for the source of damage: judged on the characteristics the event carries (as the source is,
    or as it last existed in play, 402.6) wherever the source is now — a red instant on the stack or a creature
    already in the graveyard is still a red source (200.9c, cited once per source and filter when the source that
    qualified is not a permanent)."""
    bad = matches(game, src, {**f, "zone": src.zone}, controller=controller, source_id=source_id, ch=ch)
    if bad is None and src.zone != "battlefield" and any(f.get(k) for k in _KIND_KEYS) and \
            game.recorder.first_time(("200.9c", getattr(src, "key", src.id), repr(sorted(f.items())))):
        game.fire("200.9c", "source_of_kind", [src], object=src, zone=zone_zh(src.zone))
    return bad


# what a filter names of a source's kind: its colours, types, subtypes or supertypes (200.9c)
_KIND_KEYS = ("colors", "types", "any_types", "subtypes", "supertypes")


def _compare(what: str, cmp: dict, value):
    """(check, expected, actual) when `value` fails `{at_least: N, at_most: N}`; an object without P/T (not a
    creature, 208.3) fails every comparison."""
    lo, hi = cmp.get("at_least"), cmp.get("at_most")
    want = say(f"check.{what}_range", at_least="" if lo is None else lo, at_most="" if hi is None else hi) \
        if lo is not None and hi is not None else say(f"check.{what}_at_least", n=lo) if lo is not None \
        else say(f"check.{what}_at_most", n=hi)
    if value is None:
        return (what, want, say(f"check.no_{what}"))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        return (what, want, str(value))
    return None


# ------------------------------------------------------------------ why a characteristic is what a filter saw

rules.declare("203.2", reasons={"color_from_cost": "object cost colors"},
              near_misses={"color_from_cost_misses": "object cost colors"})
rules.declare("203.2a", reasons={"colorless_cost": "object cost"}, near_misses={"colorless_cost_misses": "object cost"})
rules.declare("203.2b", reasons={"each_color_of_cost": "object cost colors"},
              near_misses={"each_color_of_cost_misses": "object cost colors"})
rules.declare("203.2e", reasons={"hybrid_both_colors": "object cost colors"},
              near_misses={"hybrid_both_colors_misses": "object cost colors"})
rules.declare("212.2d", reasons={"artifact_colorless": "object"}, near_misses={"artifact_colorless_misses": "object"})
rules.declare("205.4b", reasons={"basic_land": "object", "nonbasic_land": "object"},
              near_misses={"basic_land_misses": "object", "nonbasic_land_misses": "object"})
rules.declare("205.4e", reasons={"snow_land": "object", "non_snow_land": "object"},
              near_misses={"snow_land_misses": "object", "non_snow_land_misses": "object"})
rules.declare("208.3", near_misses={"no_pt_not_creature": "object what"})
rules.declare("202.3", reasons={"same_english_name": "object name"})
rules.declare("200.9c", reasons={"source_of_kind": "object zone"})
rules.declare("203.2c", reasons={"symbol_colors": "object symbols"}, near_misses={"symbol_colors_misses": "object symbols"})
rules.declare("200.9a", reasons={"card_in_zone": "object zone types"})
rules.declare("200.9b", reasons={"spell_of_type": "object types"})
rules.declare("213.2", reasons={"spell_types_of_card": "object types"})
rules.declare("216.2", reasons={"token_is_permanent": "object"})
for _rule in ("405.2a", "402.8a"):
    rules.declare(_rule, reasons={"color_defining_everywhere": "object colors zone"},
                  near_misses={"color_defining_everywhere_misses": "object colors zone"})
rules.declare("205.3e", reasons={"artifact_subtypes": "object subtypes kind"})
rules.declare("205.2b", reasons={"one_of_its_types": "object type types"},
              near_misses={"one_of_its_types_misses": "object type types"})
rules.declare("212.2e", reasons={"artifact_creature_both": "object type"},
              near_misses={"artifact_creature_both_misses": "object type"})
rules.declare("208.2", reasons={"star_outside_play": "object what zone"})
rules.declare("413.2g", reasons={"only_named_colors": "object colors named"},
              near_misses={"excluded_color_counts": "object colors named"})

_COLOR_KEYS = ("colors", "not_colors", "colorless")
_SUPERTYPE_RULES = ((SUPERTYPE.basic, "205.4b", "basic_land", "nonbasic_land"),
                    (SUPERTYPE.snow, "205.4e", "snow_land", "non_snow_land"))


def cite_characteristics(game, obj, f: dict, bad, *, ch=None) -> None:
    """Cite the rules that made `obj`'s characteristics what filter `f` checked, as a firing when the object
    qualified (`ok`) and as a near miss when it did not: a colour read from the mana cost (203.2: none →
    colourless 203.2a, an artifact 212.2d; several 203.2b; hybrid symbols 203.2e) unless an effect set it (then
    418.5a says so); basic or nonbasic (205.4b), snow or not (205.4e); no power or toughness on a non-creature
    (208.3). Nothing is cited for a check the filter does not make (413.2g), nor, for an object that did not
    qualify, for a check other than the one it failed (`bad`, from `matches`)."""
    ok = bad is None
    failed = None if ok else bad[0]
    if not f or obj.zone not in ("battlefield", "stack", "graveyard", "hand", "library", "exile"):
        return
    c = ch if ch is not None else game.chars(obj)

    def cite(rule: str, code: str, **fields):
        if ok:
            game.fire(rule, code, [obj], object=obj, **fields)
        else:
            game.near_miss(rule, f"{code}_misses", [obj], object=obj, **fields)

    if any(f.get(k) not in (None, [], ()) for k in _COLOR_KEYS) and (ok or failed in _COLOR_KEYS):
        cost = obj.card.cost
        from_cost = cost is not None and list(c.colors) == list(M.colors_of(cost)) == list(obj.card.colors) and \
            not any(getattr(r, "kind", "") == "set_color" for r in getattr(c, "applied", ()))
        if from_cost:
            shown = M.show_cost(cost)
            colors = "".join(c.colors) or say("check.colorless")
            cite("203.2", "color_from_cost", cost=shown, colors=colors)
            if c.colors:         # which colour each coloured mana symbol is (203.2c)
                cite("203.2c", "symbol_colors", symbols="、".join(say("symbol_color", symbol="{" + col + "}", color=col)
                                                                 for col in c.colors))
            if not c.colors:
                cite("203.2a", "colorless_cost", cost=shown)
                if TYPE.artifact in c.types:
                    cite("212.2d", "artifact_colorless")
            if len(c.colors) > 1:
                cite("203.2b", "each_color_of_cost", cost=shown, colors=colors)
            if any(isinstance(x, tuple) for x in cost):
                cite("203.2e", "hybrid_both_colors", cost=shown, colors=colors)
        elif list(obj.card.colors) != list(M.colors_of(cost or ())) and list(c.colors) == list(obj.card.colors) and \
                not any(getattr(r, "kind", "") == "set_color" for r in getattr(c, "applied", ())):
            # the card says its own colour ("this card is green"): that works in every zone (405.2a)
            for rule in ("405.2a", "402.8a"):     # a colour-setting ability works in every zone
                cite(rule, "color_defining_everywhere", colors="".join(c.colors) or say("check.colorless"),
                     zone=zone_zh(obj.zone))
    _cite_named_colors(game, obj, f, c, ok, failed)
    if f.get("set") and (ok or failed == "set"):
        printed_symbol(game, obj, f["set"], ok)
    # another printing's name of the same card (202.3)
    if ok and f.get("name") and c.name != f["name"] and getattr(obj, "card", None) is not None:
        game.fire("202.3", "same_english_name", [obj], object=obj, name=f["name"])
    named = set(f.get("supertypes", ())) | set(f.get("not_supertypes", ()))
    if TYPE.land in c.types and (ok or failed in ("supertypes", "not_supertypes")):
        for supertype, rule, has, lacks in _SUPERTYPE_RULES:
            if supertype in named:
                cite(rule, has if supertype in c.supertypes else lacks)
    if failed in ("power", "toughness") and c.power is None and obj.zone == "battlefield":
        game.near_miss("208.3", "no_pt_not_creature", [obj], object=obj, what=say(f"char.{failed}"))
    _cite_types(game, obj, f, c, ok, failed, cite)


@rules.implements("206.3", reasons={"expansion_symbol": "object set symbol"},
                  near_misses={"expansion_symbol_misses": "object set symbol"})
def printed_symbol(game, obj, wanted: str, ok: bool) -> None:
    """206.3: a spell or ability that affects the cards of an expansion looks only at the expansion symbol — a
    reprint in a core set has that core set's symbol (or none), and is not a card of the original expansion.
    A firing when the object has the symbol, a near miss naming the symbol it has when it is a reprint of a card of
    that expansion (`reprint_of`)."""
    fields = {"object": obj, "set": wanted, "symbol": expansion(obj) or say("check.no_set_symbol")}
    if ok:
        game.fire("206.3", "expansion_symbol", [obj], **fields)
    elif reprint_of(game, obj, wanted):
        game.near_miss("206.3", "expansion_symbol_misses", [obj], **fields)


def reprint_of(game, obj, wanted: str) -> bool:
    """Whether `obj` is a printing of a card that was printed in `wanted` — its card says so, or another copy in the
    game bears that symbol: where a judge is asked whether the reprint counts (any other object is no question)."""
    card = getattr(obj, "card", None)
    if card is not None and card.set == wanted:
        return True
    name = getattr(card, "name", None)
    return name is not None and any(getattr(getattr(o, "card", None), "name", None) == name and expansion(o) == wanted
                                    for o in game.objects.values())


def _cite_named_colors(game, obj, f: dict, c, ok: bool, failed) -> None:
    """413.2g: an effect that names a characteristic checks only that one. A black-and-white creature is a black
    creature to "destroy all black creatures" (the white does not matter), and is not a nonblack creature to
    "destroy all nonblack creatures" (the white does not make it one). Cited only where the object has a colour
    the filter did not name, the case the rule decides."""
    if len(c.colors) < 2:
        return
    colors = "".join(c.colors)
    wanted = [x for x in f.get("colors", ()) if x in c.colors]
    if ok and wanted and set(c.colors) - set(f.get("colors", ())):
        game.fire("413.2g", "only_named_colors", [obj], object=obj, colors=colors, named="".join(wanted))
    excluded = [x for x in f.get("not_colors", ()) if x in c.colors]
    if failed == "not_colors" and excluded and set(c.colors) - set(excluded):
        game.near_miss("413.2g", "excluded_color_counts", [obj], object=obj, colors=colors, named="".join(excluded))


def _cite_types(game, obj, f: dict, c, ok: bool, failed, cite) -> None:
    """What a type word in the filter meant for this object: with a zone, the cards of that type there (200.9a),
    on the stack the spells of that type (200.9b); an object of several types is reached through any one of them
    (205.2b; an artifact creature is both, 212.2e); a */* power or toughness outside play is 0 (208.2)."""
    named = list(f.get("types", ())) + list(f.get("any_types", ()))
    zone = f.get("zone", "battlefield")
    if ok and named and zone in ("graveyard", "hand", "library", "exile"):
        game.fire("200.9a", "card_in_zone", [obj], object=obj, zone=zone_zh(zone), types="/".join(named))
    if ok and named and zone == "stack":
        game.fire("200.9b", "spell_of_type", [obj], object=obj, types="/".join(named))
        game.fire("213.2", "spell_types_of_card", [obj], object=obj, types="/".join(c.types))
    if ok and obj.token and obj.zone == "battlefield":       # what affects permanents affects a token (216.2)
        game.fire("216.2", "token_is_permanent", [obj], object=obj)
    if ok and f.get("subtypes") and TYPE.artifact in c.types and (TYPE.creature in c.types or TYPE.land in c.types):
        # an artifact creature's subtypes are creature types, an artifact land's land types (205.3e)
        game.fire("205.3e", "artifact_subtypes", [obj], object=obj, subtypes="、".join(f["subtypes"]),
                  kind=TYPE.creature if TYPE.creature in c.types else TYPE.land)
    hit = [t for t in named if t in c.types]
    if hit and len(c.types) > 1 and (ok or failed not in ("types", "zone")):
        cite("205.2b", "one_of_its_types", type=hit[0], types="/".join(c.types))
        if TYPE.artifact in c.types and TYPE.creature in c.types:
            cite("212.2e", "artifact_creature_both", type=hit[0])
    if (ok or failed in ("power", "toughness")) and obj.zone != "battlefield":
        for what in ("power", "toughness"):
            if f.get(what) and getattr(obj.card, what, None) == "*":
                # the rule sets the value whether or not the object then qualifies: a firing either way
                game.fire("208.2", "star_outside_play", [obj], object=obj, what=say(f"char.{what}"),
                          zone=zone_zh(obj.zone))


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


