"""What a zone change decides about the object that moves (217.1a, 217.1c, 217.5c; 200.1a, 200.4a) and what is
remembered of it (402.6 last known information).

`MtgGame.move` calls `leaving` before an object leaves its zone and `arrived` once it is on the stack or the
battlefield.
A firing is recorded only where the rule decides something a judge would ask about: the card goes to its
owner's zone although another player controlled it (217.1a, the owner by 200.1a or, for a token, 200.4a); the
object becomes a new object and leaves behind effects, counters, damage or attachments that affected it
(217.1c, cited when the card comes back to the stack or play, where that decides what it now is); a card that
was a permanent before enters again as a new permanent (217.5c).
"""
from __future__ import annotations

from judge.engine.games.mtg.chars import chars, snapshot
from judge.engine.games.mtg.filters import matches
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.targets import target_filter
from judge.engine.games.mtg.words import COLOR, CREATURE_TYPES, KEYWORD, SUBTYPE, TERM, TYPE, say
from judge.engine.games.mtg.words import zone as zone_zh

rules.declare("217.1a", reasons={"to_owners_zone": "object owner controller zone"})
rules.declare("200.1a", reasons={"card_owner": "object owner"})
rules.declare("200.4a", reasons={"token_owner": "object owner controller"})
rules.declare("217.1c", reasons={"new_object": "object from to lost"})
rules.declare("217.5c", reasons={"new_permanent": "object from"})
rules.declare("217.1", reasons={"owners_own_zone": "object owner zone"})
rules.declare("217.4a", reasons={"on_top_of_owners_graveyard": "object owner how"})
rules.declare("217.5d", reasons={"no_tapped_state": "object zone"})
rules.declare("214.3", reasons={"enters_untapped": "object"})
rules.declare("217.6b", reasons={"stack_order": "object below"})
for _rule in ("212.4i", "212.2k"):
    rules.declare(_rule, reasons={"attachment_control_separate": "object host controller host_controller"})
rules.declare("200.6a", reasons={"controller_put_it_into_play": "object owner controller"})
rules.declare("217.7a", reasons={"removed_token_gone": "object"})
rules.declare("217.1d", reasons={"mover_chooses": "player object"})
rules.declare("402.7", reasons={"each_instance_works": "object ability n"})
rules.declare("409.3", near_misses={"cost_change_too_late": "source object"})
rules.declare("217.6c", reasons={"stack_controller": "object player why"})
rules.declare("419.1b", reasons={"as_enters_chosen": "object player what value"})
rules.declare("410.10e", reasons={"as_enters_not_trigger": "object"})
rules.declare("212.2h", reasons={"equipment_enters_unattached": "object"})
rules.declare("214.2", reasons={"token_types": "object types source"})
rules.declare("213.4", reasons={"spell_controller": "object player"})
rules.declare("200.6", reasons={"is_permanent": "object"})
rules.declare("214.4", reasons={"put_into_play_by": "object player"})

OWNED_ZONES = ("hand", "graveyard", "library")
# the ways of going to a graveyard that 217.4a names: countered, discarded, destroyed, sacrificed (a move's reason
# → the phrase a judge reads). A resolved instant or sorcery, which it also names, is cited by its own rules
# (413.2h beside 212.5b/212.7b): a third line saying the same would bury what decides.
TO_GRAVEYARD = {"counter": "how.countered", "discard": "how.discarded", "destroy": "how.destroyed",
                "sacrifice": "how.sacrificed"}


# how a spell left the stack (a move's reason → the phrase a judge reads), 401.2
LEFT_STACK = {"resolve": "left_stack.resolved", "counter": "left_stack.countered"}


@rules.implements("213.1", reasons={"card_is_spell": "object types"})
@rules.implements("401.2", reasons={"no_longer_spell": "object how"})
@rules.implements("305.4", reasons={"land_no_stack": "player object"})
def spell_or_not(game, obj, frm: str, to: str, reason: str) -> None:
    """Whether the card that moves is a spell: a card other than a land is a spell as it is cast and while it is on
    the stack (213.1), and no longer one once it leaves the stack — resolved, countered or otherwise (401.2); a
    land played from the hand never is one: playing it doesn't use the stack, so it can't be countered or
    responded to (305.4)."""
    if to == "stack" and reason == "cast":
        game.casting = obj.id                          # being cast until it has been cast (409.1i): 217.2f
        game.revealed_tops = revealed_tops(game)       # the top cards revealed now (217.2e)
        game.fire("213.1", "card_is_spell", [obj], object=obj, types="".join(chars(game, obj).types))
    elif frm == "stack" and to != "stack":
        game.fire("401.2", "no_longer_spell", [obj], object=obj, how=say(LEFT_STACK.get(reason, "left_stack.other")))
    elif frm == "hand" and to == "battlefield" and reason == "play":
        game.fire("305.4", "land_no_stack", [obj], player=game.by_name[chars(game, obj).controller], object=obj)


@rules.implements("217.4c", reasons={"owner_orders_together": "player objects"})
@rules.implements("200.1", near_misses={"token_not_card": "object cards"})
@rules.implements("217.2d", reasons={"owner_orders_library": "player objects where"})
def together(game, evs) -> None:
    """Two or more cards an event put into one graveyard at the same time: their owner may put them in any order
    (217.4c); they arrive in the order the events were performed, and he may `arrange` them in the same step. A
    token is not a card, even one a card stands for (200.1): one that went there with cards is not counted among
    them (a near miss, where a judge would ask)."""
    by_owner: dict = {}
    tokens: dict = {}
    for ev in evs:
        o = ev.data.get("object") if ev.kind == "move" and ev.data.get("to") == "graveyard" else None
        if o is not None and o.zone == "graveyard":
            (tokens if o.token else by_owner).setdefault(o.owner, []).append(o)
    for owner, toks in tokens.items():
        cards = by_owner.get(owner, [])
        for t in toks if cards else ():
            game.near_miss("200.1", "token_not_card", [t], once=("200.1", t.key), object=t, cards=cards)
    for owner, objs in by_owner.items():
        if len(objs) < 2:
            continue
        game.fire("217.4c", "owner_orders_together", objs, player=game.by_name[owner], objects=objs)
        _remember_batch(game, (owner, "graveyard"), objs)
    on_library(game, evs)


def on_library(game, evs) -> None:
    """Two or more cards an effect put on top of (or on the bottom of) the same library at the same time: their
    owner may put them in any order and needn't reveal it (217.2d); he may `arrange` them in the same step. A
    library shuffled into is not in any order to choose."""
    by_owner: dict = {}
    for ev in evs:
        d = ev.data
        o = d.get("object") if ev.kind == "move" and d.get("to") == "library" and not d.get("shuffle") else None
        if o is not None and o.zone == "library" and not o.token:
            by_owner.setdefault((o.owner, "library_top" if d.get("top", True) else "library_bottom"), []).append(o)
    for (owner, where), objs in by_owner.items():
        if len(objs) < 2:
            continue
        game.fire("217.2d", "owner_orders_library", objs, player=game.by_name[owner], objects=objs,
                  where=say(f"move_to.{where}"))
        _remember_batch(game, (owner, where), objs)


def _remember_batch(game, key: tuple, objs: list) -> None:
    """The cards put into one graveyard or one end of a library together, in this step: `arranges_together` lets
    their owner reorder them among themselves (a new dict, so the undo journal keeps the old one)."""
    game.batches_together = {**game.batches_together, key: (tuple(o.id for o in objs), game.turn, game.step)}


def arranges_together(game, owner: str, ids: list, new: list, zone: str = "graveyard") -> bool:
    """Whether putting `owner`'s graveyard (library) `ids` in the order `new` only reorders among themselves the
    cards that went there together in this step, still side by side (217.4c, 217.2d); every other card keeps its
    place."""
    if zone == "library":
        return any(arranges_together(game, owner, ids, new, where) for where in ("library_top", "library_bottom"))
    batch = game.batches_together.get((owner, zone))
    if batch is None or (batch[1], batch[2]) != (game.turn, game.step) or len(new) != len(ids):
        return False
    pos = sorted(ids.index(i) for i in batch[0] if i in ids)
    if not pos or pos != list(range(pos[0], pos[0] + len(batch[0]))):
        return False
    lo, hi = pos[0], pos[-1] + 1
    return new[:lo] == ids[:lo] and new[hi:] == ids[hi:] and sorted(new[lo:hi]) == sorted(batch[0])


def leaving(game, obj, frm: str, to: str, reason: str = "effect") -> None:
    """Before `obj` leaves `frm` for `to`: remember it as it last existed in play (402.6), and cite the rules that
    decide where it goes and what it leaves behind."""
    spell_or_not(game, obj, frm, to, reason)
    if frm == "battlefield":
        obj.extra.setdefault("lki", {})[obj.inc] = snapshot(chars(game, obj))
        obj.extra["was_permanent"] = True
        obj.extra["left_tapped"] = bool(obj.tapped)
        if obj.tapped and to != "stack":            # a card outside play is neither tapped nor untapped
            game.fire("217.5d", "no_tapped_state", [obj], object=obj, zone=zone_zh(to))
    if to == "exile" and obj.token:                     # only cards can come back from being removed (217.7a)
        game.fire("217.7a", "removed_token_gone", [obj], object=obj)
    if to == "graveyard" and reason in TO_GRAVEYARD:
        game.fire("217.4a", "on_top_of_owners_graveyard", [obj], object=obj, owner=obj.owner,
                  how=say(TO_GRAVEYARD[reason]))
    if to in OWNED_ZONES and frm in ("battlefield", "stack"):
        ctrl = chars(game, obj).controller
        if ctrl != obj.owner:
            f = game.fire("217.1a", "to_owners_zone", [obj], object=obj, owner=obj.owner, controller=ctrl,
                          zone=zone_zh(to))
            with game.under(f):
                game.fire("217.1", "owners_own_zone", [obj], object=obj, owner=obj.owner, zone=zone_zh(to))
                if obj.token:          # its owner: who controlled what created it; who put it into play controls it
                    game.fire("200.4a", "token_owner", [obj], object=obj, owner=obj.owner,
                              controller=obj.base_controller or ctrl)
                else:
                    game.fire("200.1a", "card_owner", [obj], object=obj, owner=obj.owner)
    if frm in ("battlefield", "stack") and not (frm == "stack" and to == "battlefield"):
        lost = left_behind(game, obj)
        if lost:
            obj.extra["left_behind"] = (lost, frm)
        else:
            obj.extra.pop("left_behind", None)


@rules.implements("212.4e", reasons={"aura_put_onto": "object host player", "aura_stays": "object zone"})
def aura_entering(game, obj, frm: str, who: str) -> tuple[bool, object]:
    """An Aura put into play other than by resolving as a spell, by an effect that doesn't say what it enchants:
    as it enters, the player putting it into play chooses a permanent it can legally enchant by its enchant
    ability (the word its spell targets with; nothing is targeted) — `choices: {attach: {AURA: HOST}}`, taken
    alone when only one can be. With none, it stays in the zone it was in (212.4e). Returns (enters, host)."""
    c = chars(game, obj)
    if SUBTYPE.aura not in c.subtypes:
        return True, None
    specs = (obj.card.spell or {}).get("targets") or [{}]
    spec = specs[0] if isinstance(specs[0], dict) else {"what": specs[0]}
    f = target_filter(spec)
    legal = [o for o in game.battlefield() if o is not obj and matches(game, o, f, controller=who, source_id=obj.id)
             is None]
    if not legal:
        game.fire("212.4e", "aura_stays", [obj], object=obj, zone=zone_zh(frm))
        return False, None
    ans = game.choose("attach", obj.id, by=who, options=[o.id for o in legal])
    host = game.objects[str(ans)]
    game.fire("212.4e", "aura_put_onto", [obj, host], object=obj, host=host, player=game.by_name[who])
    return True, host


@rules.implements("212.2g", reasons={"equipment_equips": "object host"},
                  near_misses={"equipment_not_creature": "object host types"})
@rules.implements("212.4e", reasons={"aura_moves": "object host"}, near_misses={"aura_cannot_move": "object host"})
def attach(game, obj, host, effect) -> bool:
    """An effect attaches `obj` to the permanent `host` (an equip ability, "attach target Equipment to …", an Aura
    moved). An Equipment can equip a creature and can't legally equip anything else (212.2g) — nor itself, nor be a
    creature itself (212.2i) —, and one that can't equip the permanent doesn't move (212.2h); an Aura moves only
    to a permanent it can legally enchant, else it doesn't move (212.4e). `effect(obj, host)` records the
    instruction (its firing); the attachment is made under it. Whether `obj` moved."""
    c = chars(game, obj)
    problem = attach_problem(game, obj, host, c)
    if problem == "not_attachable":      # only an Equipment or an Aura is attached by such an effect
        return False
    if problem == "equipment_not_creature":
        game.near_miss("212.2g", "equipment_not_creature", [obj, host], object=obj, host=host,
                       types="/".join(chars(game, host).types) or say("check.no_types"))
        return False
    if problem == "aura_cannot_move":
        game.near_miss("212.4e", "aura_cannot_move", [obj, host], object=obj, host=host)
        return False
    if problem is not None:             # an Equipment that can't equip at all (212.2i)
        game.fire("212.2i", "equipment_cannot_equip", [obj], object=obj, why=say(problem))
        return False
    f = effect(obj, host)
    with game.under(f):
        game.set(obj, "attached_to", host.id)
    if SUBTYPE.equipment in c.subtypes:
        game.fire("212.2g", "equipment_equips", [obj, host], object=obj, host=host)
    else:
        game.fire("212.4e", "aura_moves", [obj, host], object=obj, host=host)
    return True


def attach_problem(game, obj, host, c) -> str | None:
    """Why `obj` (characteristics `c`) can't be attached to `host`, None if it can: `not_attachable` (neither an
    Equipment nor an Aura), an Equipment's 212.2i reason (a phrase key: itself, or it is a creature),
    `equipment_not_creature` (212.2g), `aura_cannot_move` (not a permanent its enchant ability allows, 212.4e)."""
    if SUBTYPE.equipment in c.subtypes:
        if host is obj:
            return "why.attached_to_itself"
        if TYPE.creature in c.types:
            return "why.attachment_is_creature"
        return None if TYPE.creature in chars(game, host).types else "equipment_not_creature"
    if SUBTYPE.aura in c.subtypes:
        specs = (obj.card.spell or {}).get("targets") or [{}]
        spec = specs[0] if isinstance(specs[0], dict) else {"what": specs[0]}
        if host is obj or matches(game, host, target_filter(spec), controller=obj.controller,
                                  source_id=obj.id) is not None:
            return "aura_cannot_move"
        return None
    return "not_attachable"


def left_behind(game, obj) -> str:
    """What affected `obj` only in the zone it leaves (217.1c): continuous effects locked onto it, counters,
    damage, objects attached to it, the object it is attached to; '' when nothing."""
    parts = []
    key = obj.key
    names = [e.source_name for e in game.effects if not e.ended and e.locked and key in e.locked]
    if names:
        parts.append(say("lost.effects", sources="、".join(dict.fromkeys(names))))
    if obj.counters:
        parts.append(say("lost.counters", counters="、".join(f"{k}×{n}" for k, n in obj.counters.items())))
    if obj.damage:
        parts.append(say("lost.damage", n=obj.damage))
    on_it = [o.name for o in game.battlefield() if o.attached_to == obj.id]
    if on_it:
        parts.append(say("lost.attached", objects="、".join(on_it)))
    return say("lost.sep").join(parts)


def arrived(game, obj, frm: str, to: str) -> None:
    """The card comes back onto the stack or the battlefield: it is a new object, and what affected it where it
    was before (remembered by `leaving`) no longer does (217.1c) — cited here, where it decides what the card now
    is, not when it went to a zone where nothing looks at it; entering play, it is a new permanent (217.5c)."""
    if to == "stack":                    # only casting puts a card on the stack: who cast it controls it (213.4)
        game.fire("213.4", "spell_controller", [obj], object=obj, player=game.by_name[obj.controller])
    behind = obj.extra.pop("left_behind", None)
    if behind is not None:
        lost, before = behind
        game.fire("217.1c", "new_object", [obj], object=obj, lost=lost, **{"from": zone_zh(before)},
                  to=zone_zh(to))
    if to == "battlefield" and obj.extra.get("was_permanent"):
        game.fire("217.5c", "new_permanent", [obj], object=obj, **{"from": zone_zh(frm)})
        if obj.extra.pop("left_tapped", False) and not obj.tapped:   # tapped when it left, untapped now
            game.fire("214.3", "enters_untapped", [obj], object=obj)
    if to == "battlefield" and obj.token:          # its types come from what made it, not from a card (214.2)
        src = game.objects.get(obj.extra.get("creator", ""))
        game.fire("214.2", "token_types", [obj], object=obj, types="".join(chars(game, obj).types),
                  source=src if src is not None else say("none"))
    if to == "battlefield" and SUBTYPE.equipment in chars(game, obj).subtypes and not obj.attached_to:
        game.fire("212.2h", "equipment_enters_unattached", [obj], object=obj)
    if to == "battlefield":         # a card or token in play is a permanent (200.6); who put it there controls it (214.4)
        game.fire("200.6", "is_permanent", [obj], object=obj)
        if not obj.token:
            game.fire("214.4", "put_into_play_by", [obj], object=obj, player=game.by_name[obj.controller])
        cost_change_too_late(game, obj)
        if not obj.token and obj.controller != obj.owner:          # who put it into play controls it (200.6a)
            game.fire("200.6a", "controller_put_it_into_play", [obj], object=obj, owner=obj.owner,
                      controller=obj.controller)


rules.declare("217.8a", reasons={"phases_out": "object how"})
rules.declare("217.8c", reasons={"phases_in": "object state"})
rules.declare("217.8d", reasons={"token_phased_out": "object attached"})
rules.declare("418.5e", reasons={"timestamp_kept_phasing": "object"})
PHASED_OUT = "phased_out"


def phase_out(game, obj, how: str, *, indirectly: bool = False) -> None:
    """A permanent phases out: it goes to the phased-out zone as the same object — not leaving play as an event,
    keeping its state (217.8a, 217.8c) — with whatever is attached to it (phased out indirectly). A token there
    ceases to exist (217.8d, the state-based 420.5f); what was attached to it stays phased out."""
    attached = [o for o in game.battlefield() if o.attached_to == obj.id]
    obj.extra["phased"] = {"controller": chars(game, obj).controller, "indirectly": indirectly}
    game.relocate(obj, PHASED_OUT, new_object=False)
    game.fire("217.8a", "phases_out", [obj], object=obj, how=how)
    if obj.token:
        game.fire("217.8d", "token_phased_out", [obj, *attached], object=obj, attached=attached or say("none"))
    for a in attached:
        phase_out(game, a, say("phasing.with", object=obj.name), indirectly=True)


def phasing_objects(game, player) -> tuple[list, list]:
    """What phases at the start of `player`'s untap step: (the permanents with phasing they control, which phase
    out; what they controlled when it phased out directly, which phases in)."""
    going = [o for o in game.battlefield() if chars(game, o).controller == player.name
             and KEYWORD.phasing in chars(game, o).keywords]
    coming = [o for o in game.objects.values() if o.zone == PHASED_OUT and not o.token
              and o.extra.get("phased", {}).get("controller") == player.name
              and not o.extra["phased"].get("indirectly")]
    return going, coming


def phasing(game, going: list, coming: list) -> None:
    """Simultaneously: `going` phase out, and `coming` phase in, with what phased out with them. A permanent that
    phases in has the state it had (217.8c, an exception to 217.1c) and its old timestamp (418.5e)."""
    for o in going:
        phase_out(game, o, say("phasing.keyword"))
    for o in coming:
        _phase_in(game, o)


def _phase_in(game, obj) -> None:
    obj.extra.pop("phased", None)
    game.relocate(obj, "battlefield", new_object=False)
    state = [say("phasing.tapped") if obj.tapped else say("phasing.untapped")]
    if obj.counters:
        state.append(say("lost.counters", counters="、".join(f"{k}×{n}" for k, n in obj.counters.items())))
    if obj.attached_to:
        host = game.objects.get(obj.attached_to)
        state.append(say("phasing.attached", object=host.name if host else obj.attached_to))
    game.fire("217.8c", "phases_in", [obj], object=obj, state="、".join(state))
    game.fire("418.5e", "timestamp_kept_phasing", [obj], object=obj)
    for o in [x for x in game.objects.values() if x.zone == PHASED_OUT and x.attached_to == obj.id]:
        _phase_in(game, o)


def attachments_keep_control(game, obj) -> None:
    """Control of `obj` changed: an Aura (212.4i) or Equipment (212.2k) attached to it keeps its own controller —
    only that player may activate its abilities; what it grants, the new controller of `obj` uses."""
    ctrl = chars(game, obj).controller
    for a in game.battlefield():
        if a.attached_to != obj.id:
            continue
        ca = chars(game, a)
        rule = "212.4i" if SUBTYPE.aura in ca.subtypes else "212.2k" if SUBTYPE.equipment in ca.subtypes else None
        if rule is not None and ca.controller != ctrl:
            game.fire(rule, "attachment_control_separate", [a, obj], object=a, host=obj, controller=ca.controller,
                      host_controller=ctrl)


def cost_change_too_late(game, obj) -> None:
    """A permanent that changes what spells cost entered while spells it would have changed are already on the
    stack: their costs were locked when they were cast (409.3) — a near miss for each, where a judge would ask."""
    for ab in obj.card.abilities:
        s = ab.spec if ab.kind == "static" else {}
        f = s.get("spells")
        if f is None or not (s.get("cost_reduction") or s.get("cost_increase")):
            continue
        for item in game.stack:
            if item is not obj and getattr(item, "card", None) is not None and not getattr(item, "ability", None) \
                    and matches(game, item, {**f, "zone": "stack"}, controller=obj.controller) is None:
                game.near_miss("409.3", "cost_change_too_late", [obj, item], once=("409.3", obj.key, item.key),
                               source=obj, object=item)


def mover_chooses(game, event, player) -> None:
    """Several replacement effects for one object moving between zones: its controller (its owner when it has
    none) decides which applies (217.1d, beside 419.9a)."""
    if event.kind in ("move", "destroy", "sacrifice", "discard") and "object" in event.data:
        game.fire("217.1d", "mover_chooses", [event.data["object"]], player=player, object=event.data["object"])


def instances(game, item, source) -> None:
    """A triggered ability goes on the stack while its object has another instance of the same ability: each
    instance works separately (402.7)."""
    if source is None or getattr(item, "kind", "") != "triggered":
        return
    same = [ab for ab in source.card.abilities if ab.kind == item.ability.kind and ab.spec == item.ability.spec]
    if len(same) > 1:
        game.fire("402.7", "each_instance_works", [source, item], object=source, ability=item, n=len(same))


def on_stack(game, item, below, source=None) -> None:
    """Something was put on the stack: on top of everything already there (217.6b, cited only when something
    was); and, for an ability whose source another player owns, who controls it (217.6c): the activating player,
    or the source's controller when it triggered — not the owner."""
    if below is not None:
        game.fire("217.6b", "stack_order", [item, below], object=item, below=below)
    if source is None or not getattr(item, "ability", None):
        return
    if item.controller != source.owner:
        why = say("why.triggered_controller" if item.kind == "triggered" else "why.activated_controller",
                  source=source.name)
        game.fire("217.6c", "stack_controller", [item, source], object=item, player=game.by_name[item.controller],
                  why=why)


_AS_ENTERS_WHAT = {"choose_color": "color", "choose_type": "creature_type"}


@rules.implements("103.4b", reasons={"written_order": "object player order"})
def written_order(game, obj, ctrl: str) -> None:
    """103.4b: a player making several decisions at the same time makes them in the order written — the choices of
    "as this comes into play, choose …" are all made as it comes into play (419.1b), in the card's order. Cited
    when there are two or more."""
    kinds = obj.card.as_enters
    if len(kinds) > 1:
        game.fire("103.4b", "written_order", [obj], object=obj, player=game.by_name[ctrl],
                  order=[say(_AS_ENTERS_WHAT[k]) for k in kinds])


def as_enters(game, obj) -> None:
    """"As this comes into play, choose a colour / a creature type": not a trigger (410.10e) but part of the
    event that puts it into play (419.1b): its controller chooses now, before anything can see it in play; its
    statics read the choice (`chosen` in a filter, `MtgGame.chosen`)."""
    if not obj.card.as_enters:
        return
    ctrl = obj.controller
    chosen = {}
    written_order(game, obj, ctrl)
    for kind in obj.card.as_enters:
        if kind == "choose_color":
            ans = game.choose("color", obj.id, by=ctrl, options=list(COLOR.words()), auto=False)
            chosen["color"] = ans
            what = say("color")
        else:
            ans = game.choose("type", obj.id, by=ctrl, options=None, rule="212.1e",
                              legal=lambda a: None if isinstance(a, str) and a in CREATURE_TYPES else
                              say("why.not_creature_type", value=a))
            chosen["type"] = ans
            what = say("creature_type")
        game.fire("419.1b", "as_enters_chosen", [obj], object=obj, player=game.by_name[ctrl], what=what, value=ans)
    obj.extra["chosen"] = chosen
    game.version += 1
    game.fire("410.10e", "as_enters_not_trigger", [obj], object=obj)


ANTE = "ante"


def _ante_card(obj) -> bool:
    """An ante card: its text says "remove this card from your deck before playing if you're not playing for
    ante" (217.9c; the book's words in the game's vocabulary)."""
    card = getattr(obj, "card", None)
    return card is not None and TERM.ante_card in (card.text or "")


@rules.implements("217.9c", reasons={"only_ante_cards": "object source zone"})
def ante_zone_move(game, event) -> bool:
    """Whether an object may move into or out of the ante zone: only the ante cards — those whose text says to
    remove them from the deck when not playing for ante — can put cards there or take them out (217.9c); anteing
    at the start of the game is the rule itself (217.9b, 217.9d). Another spell's or ability's effect can't: the
    card stays where it is (cited, where a judge would ask why nothing moved). Returns whether it may move."""
    obj, to = event.data.get("object"), event.data.get("to")
    if ANTE not in (getattr(obj, "zone", None), to) or event.data.get("reason") == ANTE:
        return True
    item = game.resolving
    src = game.objects.get(item.source) if item is not None and hasattr(item, "source_inc") else item
    if src is not None and _ante_card(src):
        return True
    name = src.name if src is not None else say("none")
    game.fire("217.9c", "only_ante_cards", [obj] + ([src] if src is not None else []), object=obj, source=name,
              zone=zone_zh(to if to == ANTE else obj.zone))
    return False


@rules.implements("217.2f", reasons={"drawn_face_down": "player object spell",
                                     "drawn_turned_up": "player objects spell"})
def drawn_while_casting(game, player, card) -> None:
    """A card drawn while a spell is being cast (by a mana ability activated to pay for it): it is kept face down
    until the spell has been cast (217.2f, 409.1i). (The rule says the same of an ability being played; only
    spells are followed here.)"""
    spell = game.objects.get(game.casting) if game.casting else None
    if spell is None or spell.zone != "stack":
        return
    game.set(card, "face_down", True)
    game.drawn_face_down = (*game.drawn_face_down, card.id)
    game.fire("217.2f", "drawn_face_down", [player, card, spell], player=player, object=card, spell=spell)


def cast_complete(game, spell) -> None:
    """The spell has been cast (409.1i): the cards drawn while it was being cast are turned face up (217.2f)."""
    game.casting = None
    new_top_revealed(game, spell)
    drawn = [o for o in (game.objects[i] for i in game.drawn_face_down) if o.zone == "hand" and o.face_down]
    game.drawn_face_down = ()
    for p in game.players:
        mine = [o for o in drawn if o.owner == p.name]
        if not mine:
            continue
        for o in mine:
            game.set(o, "face_down", False)
        game.fire("217.2f", "drawn_turned_up", [p, *mine, spell], player=p, objects=mine, spell=spell)


def revealed_tops(game) -> tuple:
    """(player, id of his library's top card or None) for each player who plays with the top card of his library
    revealed — a permanent he controls says so (217.2e)."""
    out = []
    for p in game.players:
        if any(chars(game, o).controller == p.name and chars(game, o).flags.get("top_revealed")
               for o in game.battlefield()):
            lib = game.zones.get((p.name, "library")) or []
            out.append((p.name, lib[0] if lib else None))
    return tuple(out)


@rules.implements("217.2e", reasons={"new_top_revealed_after": "player before after spell"})
def new_top_revealed(game, spell) -> None:
    """A player plays with the top card of his library revealed, and that card changed while a spell was being
    cast (a mana ability drew it, …): the new top card was not revealed until the spell had been cast; it is
    revealed now (217.2e, 409.1i)."""
    tops, game.revealed_tops = game.revealed_tops, ()
    for name, before in tops:
        lib = game.zones.get((name, "library")) or []
        after = lib[0] if lib else None
        if after == before or after is None:
            continue
        was = game.objects[before] if before else say("none")
        game.fire("217.2e", "new_top_revealed_after", [game.by_name[name], game.objects[after], spell],
                  player=game.by_name[name], before=was, after=game.objects[after], spell=spell)
