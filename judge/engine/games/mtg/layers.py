"""Why a characteristic came out as it did: the rules of the layer system that decided it (418.4, 418.5b-i,
407.1, 212.1b-d, 205.4a).

`chars.compute` applies the effects and notes, on each object, every application (`Chars.applied`), each
dependency that changed the order (`Chars.deps`) and each filtered effect whose reach another effect decided
(`Chars.via`). When a permanent's characteristic changes (`MtgGame.note_characteristics`, 418.5a) or a
permanent enters already affected (418.2), `cite` fires the rules those notes show decided the new value;
`statics_moved` fires 418.4a/418.4b when a static ability starts or stops applying to a permanent that stayed
on the battlefield. Each firing names the objects and effects it decided about: nothing here fires for a value
the rule did not decide (one effect alone, no switch, no dependency, no supertype).
"""
from __future__ import annotations

from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import BASIC_LAND_MANA, TYPE, say

rules.declare("418.5b", reasons={"multi_layer": "object source layers"})
rules.declare("418.5c", reasons={"depends_on": "object layer dependent independent"})
rules.declare("418.5d", reasons={"independent_first": "object layer dependent independent"})
rules.declare("418.5f", reasons={"static_timestamp": "object what layer source other"})
rules.declare("418.5g", reasons={"later_timestamp_wins": "object what layer winner earlier"})
rules.declare("418.5h", reasons={"reach_decided_by_other": "object source"},
              near_misses={"missed_by_other": "object source"})
rules.declare("418.5i", reasons={"pt_switched": "object source before after"})
rules.declare("407.1", reasons={"latest_gain_or_loss": "object ability winner earlier result"})
rules.declare("212.1b", reasons={"new_type_replaces": "object source before after"})
rules.declare("212.1c", reasons={"types_kept": "object source added after"})
for _rule in ("212.1d", "205.4a"):
    rules.declare(_rule, reasons={"supertypes_kept": "object supertypes types"})
rules.declare("418.4a", reasons={"static_now_applies": "object source", "static_no_longer_applies": "object source"})
# a static's effect follows its source being in play (418.4b, 412.1); statics work only while their object is in
# play (405.1), as the abilities of any object other than an instant or sorcery do (402.8)
STATIC_IN_PLAY = ("418.4b", "412.1", "405.1", "402.8")
for _rule in STATIC_IN_PLAY:
    rules.declare(_rule, reasons={"static_starts": "object source", "static_stops": "object source"})
rules.declare("405.2", reasons={"characteristic_defining": "object source what"})
rules.declare("408.2f", reasons={"cda_applies_now": "object what value"})
rules.declare("407.3", reasons={"all_instances_removed": "object ability n source"})
rules.declare("407.2", reasons={"set_is_not_granted": "object source kept",
                                  "granted_removed": "object source granter ability"})
rules.declare("200.10", reasons={"counters_change_pt": "object counters"})
rules.declare("212.6e", reasons={"becomes_basic_land_type": "object source land_types"})
rules.declare("412.5", reasons={"static_no_last_known": "object source"})
rules.declare("412.2", reasons={"attached_static_starts": "object source", "attached_static_stops": "object source"})

# which recorded operations make each observed characteristic (the attributes of 418.5a's firings)
KINDS = {
    "types": ("add_types", "set_types", "set_subtypes"),
    "colors": ("set_color",),
    "keywords": ("gain", "lose", "lose_all", "grant"),
}
SETS = ("set_pt", "set_pt_count", "cda_pt", "set_color", "set_types", "set_subtypes", "lose_all", "control")
LAYER_OF = {"types": 4, "colors": 5, "keywords": 5}


def _records(c, attr: str) -> list:
    if attr == "pt":
        return [r for r in c.applied if r.layer.startswith("6")]
    kinds = KINDS.get(attr, ())
    return [r for r in c.applied if r.kind in kinds]


def cite(game, obj, c, attr: str, printed_types=None, seen_multi: set | None = None) -> None:
    """Fire the layer rules that decided `obj`'s new value of `attr` (pt, colors, types, keywords). `seen_multi`:
    the effects already cited under 418.5b for this object in this check (one firing, not one per attribute)."""
    recs = _records(c, attr)
    what = say(f"char.{attr}")
    seen_multi = set() if seen_multi is None else seen_multi
    for r in recs:
        layers = sorted({x.layer for x in c.applied if x.eid == r.eid})
        if len({x[0] for x in layers}) > 1 and r.eid not in seen_multi:          # 418.5b: several layers
            seen_multi.add(r.eid)
            game.fire("418.5b", "multi_layer", [obj], object=obj, source=r.source_name, layers="、".join(layers))
    for r in recs:
        if r.kind == "switch":                                                    # 418.5i
            game.fire("418.5i", "pt_switched", [obj], object=obj, source=r.source_name, before=r.before, after=c.pt)
    for layer, dependent, independent in c.deps:                                 # 418.5c-d
        if LAYER_OF.get(attr) == layer:
            game.fire("418.5c", "depends_on", [obj], object=obj, layer=layer, dependent=dependent,
                      independent=independent)
            game.fire("418.5d", "independent_first", [obj], object=obj, layer=layer, dependent=dependent,
                      independent=independent)
    if attr == "pt":                                                              # 200.10 (layer 6c)
        got = [(name, n) for (sub, kind, name, n) in c.notes if sub == "6c" and kind == "counters"]
        if got:
            game.fire("200.10", "counters_change_pt", [obj], object=obj,
                      counters="、".join(f"{name}×{n}" for name, n in got))
    for r in recs:
        if r.kind == "cda_pt":                                                    # 405.2 (layer 6a)
            f = game.fire("405.2", "characteristic_defining", [obj], object=obj, source=r.source_name, what=what)
            # 408.2f: a characteristic-defining ability uses no stack; it applies whenever it is relevant, so the
            # value follows the game state at once (nothing waits to resolve)
            game.fire("408.2f", "cda_applies_now", [obj], caused_by=f.id, object=obj, what=what, value=c.pt)
            break
    _timestamps(game, obj, recs, what)
    if attr == "keywords":
        _gain_and_loss(game, obj, c, recs)
        _all_instances(game, obj, c, recs)
    if attr == "types":
        _types(game, obj, c, recs, printed_types)



def _timestamps(game, obj, recs, what) -> None:
    """418.5f/418.5g: two effects in one (sub)layer where the later one sets the value: timestamp order decides,
    a resolved effect's being when it was created (418.5g), a static's its object's or its grant's (418.5f)."""
    by_layer: dict[str, list] = {}
    for r in recs:
        by_layer.setdefault(r.layer, []).append(r)
    for layer, rs in by_layer.items():
        winner = next((r for r in reversed(rs) if r.kind in SETS), None)
        if winner is None:
            continue
        earlier = [r for r in rs[:rs.index(winner)] if r.eid != winner.eid]
        if not earlier:
            continue
        names = "、".join(dict.fromkeys(r.source_name for r in earlier))
        if not winner.static or any(not r.static for r in earlier):
            game.fire("418.5g", "later_timestamp_wins", [obj], object=obj, what=what, layer=layer,
                      winner=winner.source_name, earlier=names)
        for r in [winner, *earlier]:
            if r.static:
                others = "、".join(dict.fromkeys(x.source_name for x in [winner, *earlier] if x.eid != r.eid))
                game.fire("418.5f", "static_timestamp", [obj], object=obj, what=what, layer=layer,
                          source=r.source_name, other=others)
                break


def _gain_and_loss(game, obj, c, recs) -> None:
    """407.1: effects that add and remove the same ability: the most recent one wins."""
    done = set()
    for i, r in enumerate(recs):
        if r.kind not in ("gain", "lose"):
            continue
        for k in r.value or ():
            if k in done:
                continue
            other = [x for x in recs[:i] if x.eid != r.eid and x.kind in ("gain", "lose") and x.kind != r.kind
                     and k in (x.value or ())]
            later = [x for x in recs[i + 1:] if x.kind in ("gain", "lose") and k in (x.value or ())]
            if other and not later:
                done.add(k)
                result = say("check.has", value=k) if k in c.keywords else say("check.lacks", value=k)
                game.fire("407.1", "latest_gain_or_loss", [obj], object=obj, ability=k, winner=r.source_name,
                          earlier=other[-1].source_name, result=result)


def _all_instances(game, obj, c, recs) -> None:
    """407.3: an effect that removes an ability removes every instance of it — printed and gained alike."""
    printed = list(obj.card.keywords)
    for i, r in enumerate(recs):
        if r.kind != "lose":
            continue
        for k in r.value or ():
            n = printed.count(k) + sum((x.value or ()).count(k) for x in recs[:i] if x.kind == "gain")
            if n > 1 and k not in c.keywords:
                game.fire("407.3", "all_instances_removed", [obj], object=obj, ability=k, n=n, source=r.source_name)


_SETTERS = ("set_color", "add_types", "set_types", "set_subtypes", "set_pt", "set_pt_count")


def set_not_granted(game, obj, c) -> bool:
    """407.2: an effect that sets a characteristic ("is blue", "is an artifact creature") grants no ability, so
    losing all abilities leaves what it set; an ability the object "has" because an effect gave it ("has 'this
    creature is an artifact creature'") can be removed, and what it said goes with it (`granted_removed`)."""
    lost = [r for r in c.applied if r.kind == "lose_all"]
    if not lost:
        return False
    granted_removed(game, obj, c, lost)
    kept = [r for r in c.applied if r.kind in _SETTERS and r.eid not in {x.eid for x in lost}]
    if kept:
        game.fire("407.2", "set_is_not_granted", [obj], object=obj, source=lost[-1].source_name,
                  kept="、".join(dict.fromkeys(r.source_name for r in kept)))
    return bool(kept)


_SETTING_KEYS = ("add_types", "set_types", "set_subtypes", "set_color", "set_pt")


def granted_removed(game, obj, c, lost) -> None:
    """407.2, its first half: an ability an effect gave the object can be removed by another effect — cited where
    losing all abilities removed a granted static ability that set one of the object's characteristics (a granted
    keyword lost is 418.5a's to say)."""
    last = max(c.applied.index(r) for r in lost)
    for r in c.applied[:last]:
        if r.kind != "grant" or r.eid in {x.eid for x in lost}:
            continue
        for ab in r.value or ():
            if ab.kind == "static" and any(ab.spec.get(k) for k in _SETTING_KEYS):
                game.fire("407.2", "granted_removed", [obj], object=obj, source=lost[-1].source_name,
                          granter=r.source_name, ability=ab.text or ab.key)


def _types(game, obj, c, recs, printed_types) -> None:
    """212.1b a new type replaces the old ones; 212.1c "still a …" / "in addition" keeps them; 212.1d and 205.4a
    supertypes stay whatever happens to types."""
    before = "".join(printed_types if printed_types is not None else obj.card.types)
    after = "".join(c.types)
    for r in recs:
        if r.kind == "set_types":
            game.fire("212.1b", "new_type_replaces", [obj], object=obj, source=r.source_name, before=before,
                      after=after)
        elif r.kind == "add_types":
            game.fire("212.1c", "types_kept", [obj], object=obj, source=r.source_name, added="".join(r.value),
                      after=after)
    if recs and c.supertypes:
        for rule in ("212.1d", "205.4a"):
            game.fire(rule, "supertypes_kept", [obj], object=obj, supertypes="".join(c.supertypes), types=after)


def reach(game, obj, c) -> None:
    """418.5h: a filtered effect that reaches (or misses) `obj` only because another effect changed it."""
    for v in c.via:
        if v.reached:
            game.fire("418.5h", "reach_decided_by_other", [obj], object=obj, source=v.source_name)
        else:
            game.near_miss("418.5h", "missed_by_other", [obj], object=obj, source=v.source_name)


def static_keys(c) -> frozenset:
    """The static abilities applying to an object now: (effect id, source id, source name, through attachment)."""
    return frozenset((r.eid, r.source, r.source_name, r.attached) for r in c.applied if r.static)


def statics_on_entering(game, obj, c) -> None:
    """418.4b: a static ability of a permanent in play applies to a permanent the moment it enters (418.2)."""
    for eid, src, name, attached in sorted(static_keys(c)):
        if src != obj.id:
            game.fire("418.4b", "static_starts", [obj, src], object=obj, source=name)


def statics_moved(game, obj, before: frozenset, after: frozenset, was_there: set, now_there: set, cm) -> None:
    """A static ability started or stopped applying to `obj`, which stayed on the battlefield. If its source
    entered or left the battlefield, the effect follows the source being in play (418.4b, 412.1; leaving, no
    last known information keeps it, 412.5); if the source stayed, the static is not locked: `obj` came to
    match, or stopped matching, what it says (418.4a)."""
    for keys, starts in ((after - before, True), (before - after, False)):
        for eid, src, name, attached in sorted(keys):
            if src == obj.id:
                continue
            if src not in (was_there if starts else now_there):          # the source entered or left play
                for rule in STATIC_IN_PLAY:
                    game.fire(rule, "static_starts" if starts else "static_stops", [obj, src], object=obj, source=name)
                if not starts:
                    game.fire("412.5", "static_no_last_known", [obj, src], object=obj, source=name)
            elif attached:                                              # the aura or equipment moved (412.2)
                if starts or game.objects[src].attached_to != obj.id:
                    game.fire("412.2", "attached_static_starts" if starts else "attached_static_stops", [obj, src],
                              object=obj, source=name)
            elif starts or _still_has(cm, src, eid):                    # it came to match, or stopped (418.4a)
                game.fire("418.4a", "static_now_applies" if starts else "static_no_longer_applies", [obj, src],
                          object=obj, source=name)


def _still_has(cm, src: str, eid: str) -> bool:
    c = cm.get(src)
    key = eid[len(src) + 1:]
    return c is not None and any(ab.key == key for ab in c.abilities)


def becomes_basic_land_type(game, objs, source_name: str, subtypes) -> None:
    """An effect makes lands a basic land type: they lose their old land types and printed rules text and gain
    that type's mana ability (212.6e) — cited when the effect starts, since the subtypes a judge reads are not
    among the characteristics whose change 418.5a notes."""
    if not any(t in BASIC_LAND_MANA for t in subtypes):
        return
    for o in objs:
        if TYPE.land in game.chars(o).types:
            game.fire("212.6e", "becomes_basic_land_type", [o], object=o, source=source_name,
                      land_types="、".join(subtypes))
