"""MTG events: what each event does to the game, and the replacement/prevention effects on it (419).

Events go through the core pipeline (`Game.happen`): every applicable
replacement or prevention effect applies at most once per event (419.6a), the
affected object's controller or the affected player chooses among several
(419.9a), a modified event may be modified again by another effect (419.9b);
then the events are performed together and triggers are looked for.

"Destroy" and "sacrifice" are defined as putting the permanent into its
owner's graveyard, so `expand()` rewrites them into zone moves after
regeneration had its chance; the moves then meet "if … would be put into a
graveyard" replacements.
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine.core.objects import Event, Player
from judge.engine.games.common.events import into_graveyard
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.chars import chars, printed
from judge.engine.games.mtg.filters import matches, source_matches
from judge.engine.games.mtg.combat import leaves_combat
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import PERMANENT_TYPES, TYPE, say, zone
from judge.engine.games.mtg.state import Card, Shield


@dataclass(slots=True, eq=False)
class Rep:
    """A replacement/prevention effect that could apply to an event."""

    id: str
    kind: str             # regenerate | prevent | static
    name: str             # what a judge calls it: the card that creates it
    controller: str
    shield: Shield | None = None
    spec: dict | None = None
    source: Card | None = None
    own: bool = False     # a self-replacement effect: the resolving instruction's own "… instead" (419.6d)


def interchangeable(tier: list) -> bool:
    """Two or more replacement effects that cannot be told apart: the same ability text (`spec`) of cards of the
    same name under the same controller, none a shield or a self-replacement. Applying them in either order gives
    the same result, each once (419.6a), so the order is no decision (as triggers of one ability need no order)."""
    if len(tier) < 2:
        return False
    def card(r):
        return getattr(getattr(r.source, "card", None), "name", None)

    first = tier[0]
    return card(first) is not None and all(
        r.kind == "static" and not r.own and r.shield is None and r.spec is not None and r.spec == first.spec
        and card(r) == card(first) and r.controller == first.controller for r in tier)


def own_replacement(game, ctx, spec: dict, index: int) -> Rep:
    """The self-replacement effect an instruction carries (`replace:`): it watches only the events that
    instruction causes while it is carried out."""
    return Rep(f"{ctx.subject}.replace{index + 1}", "static", ctx.source_name, ctx.controller, spec=spec,
               source=ctx.source if isinstance(ctx.source, Card) else None, own=True)


# ------------------------------------------------------------------ which effects could apply

def candidates(game, ev: Event) -> list[Rep]:
    out: list[Rep] = []
    k = ev.kind
    d = ev.data
    if k == "destroy":
        o = d["object"]
        shields = [s for s in game.shields if s.kind == "regenerate" and not s.used and s.protects == o.key]
        if d.get("no_regen"):
            game.near_miss("419.6b", "regeneration_forbidden", [o], once=("regen", o.id, ev.root), object=o)
        elif not shields:
            game.near_miss("419.6b", "no_regeneration_shield", [o], once=("regen", o.id, ev.root), object=o)
        else:
            out += [Rep(s.id, "regenerate", s.source_name, s.controller, shield=s) for s in shields]
    if k == "damage":
        tgt = d["target"]
        tkey = ("player", tgt.name) if isinstance(tgt, Player) else tgt.key
        for s in game.shields:
            if s.kind == "redirect" and not s.used and s.protects == tkey:
                out.append(Rep(s.id, "redirect", s.source_name, s.controller, shield=s))
                continue
            if s.kind != "prevent" or s.used:
                continue
            if s.protects is not None and s.protects != tkey:
                continue
            if s.data.get("chosen") is not None and not _chosen_source(game, s, ev):
                continue
            if s.data.get("source_filter") is not None and not _source_still_qualifies(game, s, ev):
                continue
            if s.data.get("combat_only") and not d.get("combat"):
                continue
            out.append(Rep(s.id, "prevent", s.source_name, s.controller, shield=s))
    for rep in game.self_replacing:
        if rep.source is not None and _static_applies(game, rep.source, rep.spec, ev):
            out.append(rep)
    for o, c, ab in game.abilities_in_play("replacement"):
        if _static_applies(game, o, ab.spec, ev):
            out.append(Rep(f"{o.id}.{ab.key}", "static", o.name, c.controller, spec=ab.spec, source=o))
    if k == "move" and d.get("to") == "battlefield" and d.get("from") != "battlefield":
        # "this comes into play tapped": the entering permanent's own replacement effect (419.1c)
        o = d["object"]
        for ab in o.card.abilities:
            if ab.kind == "replacement" and ab.spec["event"] == "enters" and ab.spec.get("self"):
                out.append(Rep(f"{o.id}.{ab.key}", "static", o.name, d.get("controller") or o.owner, spec=ab.spec,
                               source=o))
    return out


@rules.implements("419.8b", reasons={"shield_source_rechecked": "shield source"},
                  near_misses={"shield_source_failed": "shield source check expected actual"})
def _source_still_qualifies(game, s, ev: Event) -> bool:
    """419.8b: a shield that names its source's characteristics checks them again each time that source would
    deal damage; when they no longer match, the damage is not prevented and the shield is not used up."""
    d = ev.data
    src = d.get("source")
    name = d.get("source_name", "?")
    if src is None:
        return False
    bad = source_matches(game, src, s.data["source_filter"], controller=s.controller, ch=d.get("source_chars"))
    if bad is None:
        return True
    check, expected, actual = bad
    game.near_miss("419.8b", "shield_source_failed", [src], once=(s.id, ev.root),
                   shield=s.source_name, source=name, check=check, expected=expected, actual=actual)
    return False


def _chosen_source(game, s, ev: Event) -> bool:
    """419.8a: a shield against "a source of your choice" applies only to damage that source deals — a permanent's,
    whether from its abilities or in combat; a permanent spell's once it is the permanent it became."""
    oid, inc, permanent_spell = s.data["chosen"]
    src = ev.data.get("source")
    if src is not None and src.id == oid and (src.inc == inc or (permanent_spell and src.zone == "battlefield")):
        return True
    chosen = game.objects.get(oid)
    game.near_miss("419.8a", "not_chosen_source", [src] if src is not None else [], once=(s.id, ev.root),
                   shield=s.source_name, source=ev.data.get("source_name", "?"),
                   chosen=chosen.name if chosen is not None else oid)
    return False


def _static_applies(game, src: Card, spec: dict, ev: Event) -> bool:
    want = spec["event"]
    d = ev.data
    ctrl = chars(game, src).controller
    if want == "damage":
        if ev.kind != "damage":
            return False
        s = d.get("source")
        if spec.get("source") is not None:
            if s is None or source_matches(game, s, spec["source"], controller=ctrl, source_id=src.id,
                                           ch=d.get("source_chars")) is not None:
                return False
        who = spec.get("source_controller", "any")
        if who != "any":
            sc = d.get("source_controller")
            if (who == "you") != (sc == ctrl):
                return False
        if spec.get("self") and d["target"] is not src:
            return False
        return True
    if want == "to_graveyard":
        if ev.kind != "move" or d["to"] != "graveyard":
            return False
        o = d["object"]
        if spec.get("self") and o is not src:
            return False
        if spec.get("from_zone") == "battlefield" and d["from"] != "battlefield":
            return False
        return True
    if want == "destroy":
        return ev.kind == "destroy" and (not spec.get("self") or d["object"] is src)
    if want == "enters":
        if ev.kind != "move" or d["to"] != "battlefield" or d.get("from") == "battlefield" or spec.get("self"):
            return False
        flt = spec.get("filter")
        return not flt or matches(game, d["object"], {**flt, "zone": d["object"].zone}, controller=ctrl,
                                  source_id=src.id) is None
    if want in ("gain_life", "draw"):
        if ev.kind != want:
            return False
        who = spec.get("whose", "any")
        p = d["player"]
        return who == "any" or (who == "you") == (p.name == ctrl)
    return False


# ------------------------------------------------------------------ applying one

@rules.implements("419.6b", reasons={"regenerated": "object shield", "regenerated_in_combat": "object shield"},
                  near_misses={"no_regeneration_shield": "object", "regeneration_forbidden": "object"})
@rules.implements("419.7b", reasons={"damage_prevented": "amount source target remaining shield",
                                      "all_damage_prevented": "amount source target shield"})
@rules.implements("419.1a", reasons={"replacement_applied": "effect event before after"})
@rules.implements("419.9b", reasons={"replacement_chained": "effect event before after"})
@rules.implements("419.4", reasons={"shield_before_event": "shield event"},
                  near_misses={"damage_already_dealt": "object amount shield"})
def apply(game, rep: Rep, ev: Event) -> list[Event]:
    """The event(s) as the replacement or prevention effect `rep` changes them (nothing: the event is gone)."""
    if rep.shield is not None:
        # a shield a spell or ability created replaces only what happens after it exists (419.4): the reason a
        # regeneration or prevention "in response" works, and why one made afterwards undoes nothing
        game.fire("419.4", "shield_before_event", [ev.data.get("object") or ev.data.get("target")],
                  shield=rep.name, event=describe(ev))
    if rep.kind == "regenerate":
        return _regenerate(game, rep, ev)
    if rep.kind == "prevent":
        return _prevent(game, rep, ev)
    if rep.kind == "redirect":
        return _redirect(game, rep, ev)
    not_locked_in(game, rep)
    if rep.own:
        game.fire("419.6d", "self_replacement", [rep.source], effect=rep.name, event=describe(ev))
    static = _STATIC.get(rep.spec["event"])
    out = static(game, rep, ev) if static is not None else None
    if out is not None:
        return out
    if rep.spec.get("instead") == "nothing":
        rule, code = _applied(ev)
        before = describe(ev)
        game.fire(rule, code, [rep.source], effect=rep.name, event=before, before=before, after=say("replace.nothing"))
        return []
    return [ev]


@rules.implements("419.2", reasons={"not_locked_in": "effect item"})
def not_locked_in(game, rep: Rep) -> None:
    """419.2: replacement and prevention effects apply as the event happens — they are not locked in beforehand. Cited
    where it decides: the effect's source came into play after the spell or ability now resolving was put on the
    stack, and still it applies to that spell's event."""
    item = game.resolving
    src = rep.source
    if item is None or src is None or src.zone != "battlefield":
        return
    cast_at = getattr(item, "timestamp", None)
    if cast_at and src.timestamp > cast_at:
        game.fire("419.2", "not_locked_in", [src, item], effect=rep.name, item=item)


rules.declare("419.6d", reasons={"self_replacement": "effect event", "self_replacement_first": "effect others event"})


def first_tier(game, event, candidates: list) -> list:
    """419.6d: when several replacement effects would modify one event and some are self-replacement effects of
    the instruction that causes it, those apply first (419.9a): the choice, if any, is among them alone."""
    own = [c for c in candidates if c.own]
    return own or candidates


def self_first(game, event, chosen: Rep, candidates: list) -> None:
    """419.6d, cited as the self-replacement effect is taken before the others that would modify the event."""
    others = [c.name for c in candidates if not c.own]
    game.fire("419.6d", "self_replacement_first", [chosen.source], effect=chosen.name,
              others="、".join(dict.fromkeys(others)), event=describe(event))


def _applied(ev: Event) -> tuple[str, str]:
    """A replacement effect applies to the event (419.1a), or to an event already replaced (419.9b)."""
    return ("419.9b", "replacement_chained") if ev.applied else ("419.1a", "replacement_applied")


def _regenerate(game, rep: Rep, ev: Event) -> list[Event]:
    """419.6b: the next time it would be destroyed, instead it is tapped, removed from combat, damage removed."""
    o = ev.data["object"]
    rep.shield.used = True
    # 419.6b: "且（若在战斗中）将它移出战斗" — said only of a creature in combat
    code = "regenerated_in_combat" if (o.attacking or o.blocking) else "regenerated"
    f = game.fire("419.6b", code, [o], object=o, shield=rep.name)
    return [Event("regenerate", {"object": o}, f.id, firing=f)]


@rules.implements("419.1d", reasons={"prevention_effect": "effect event"})
@rules.implements("419.3", reasons={"shield_used_up": "shield"})
def _prevent(game, rep: Rep, ev: Event) -> list[Event]:
    """419.7b: a prevention shield prevents what it can of the damage; what is left is still dealt."""
    d = ev.data
    s = rep.shield
    amount = d["amount"]
    src, tgt = d.get("source_name", "?"), d["target"]
    if s.data.get("source_filter") is not None:
        game.fire("419.8b", "shield_source_rechecked", [tgt], shield=rep.name, source=src)
    game.fire("419.1d", "prevention_effect", [tgt], effect=rep.name, event=describe(ev))
    if s.amount == "all":
        game.fire("419.7b", "all_damage_prevented", [tgt], amount=amount, source=src, target=tgt, shield=rep.name)
        if s.data.get("once"):      # "the next time …": this damage, then it is used up (419.3)
            s.used = True
            game.fire("419.3", "shield_used_up", [tgt], shield=rep.name)
        return []
    prevented = min(s.amount, amount)
    s.amount -= prevented
    f = game.fire("419.7b", "damage_prevented", [tgt], amount=prevented, source=src, target=tgt,
                  remaining=s.amount, shield=rep.name)
    if s.amount <= 0:           # 419.3: it lasts until it is used up (or its duration ends): now it is
        s.used = True
        game.fire("419.3", "shield_used_up", [tgt], shield=rep.name)
    left = amount - prevented
    return [ev.replaced(f, amount=left)] if left > 0 else []


@rules.implements("419.6c", reasons={"damage_redirected": "shield amount source target onto"},
                  near_misses={"redirect_void": "shield onto why"})
def _redirect(game, rep: Rep, ev: Event) -> list[Event]:
    """419.6c: damage that would be dealt to one creature or player is dealt to another instead; if, as it would be
    redirected, the creature it points at is no longer in play or no longer a creature, the effect does nothing
    (and the damage is dealt as it was). Either way the shield is used."""
    s = rep.shield
    s.used = True
    d = ev.data
    onto = game.objects.get(s.data["onto"][0])
    why = None
    if onto is None or onto.key != s.data["onto"] or onto.zone != "battlefield":
        why = say("why.redirect_gone")
    elif TYPE.creature not in chars(game, onto).types:
        why = say("why.redirect_not_creature")
    if why is not None:
        game.near_miss("419.6c", "redirect_void", [onto] if onto is not None else [], shield=rep.name,
                       onto=onto if onto is not None else s.data["onto"][0], why=why)
        return [ev]
    f = game.fire("419.6c", "damage_redirected", [d["target"], onto], shield=rep.name, amount=d["amount"],
                  source=d.get("source_name", "?"), target=d["target"], onto=onto)
    return [ev.replaced(f, target=onto)]


@rules.implements("419.8c", reasons={"source_in_play": "effect source", "source_not_in_play": "effect source zone"})
def source_anywhere(game, rep: Rep, src) -> None:
    """419.8c: a static ability preventing damage from sources with a characteristic applies to permanents with it
    and to sources with it that are not in play (a spell on the stack, a card that left play)."""
    if src is None or isinstance(src, Player):
        return
    if src.zone == "battlefield":
        game.fire("419.8c", "source_in_play", [rep.source, src], effect=rep.name, source=src)
    else:
        game.fire("419.8c", "source_not_in_play", [rep.source, src], effect=rep.name, source=src, zone=zone(src.zone))


def _damage_instead(game, rep: Rep, ev: Event) -> list[Event]:
    """A static replacement of damage: prevent all or some of it, double it, or add to it."""
    spec = rep.spec
    rule, code = _applied(ev)
    before = describe(ev)
    amount = ev.data["amount"]
    if spec.get("source") is not None and (spec.get("prevent") is not None or spec.get("instead")):
        source_anywhere(game, rep, ev.data.get("source"))
    if spec.get("prevent") is not None:
        game.fire("419.1d", "prevention_effect", [rep.source], effect=rep.name, event=before)
    if spec.get("prevent") == "all":
        game.fire(rule, code, [rep.source], effect=rep.name, event=before, before=amount,
                  after=say("replace.damage", n=0))
        return []
    if isinstance(spec.get("prevent"), int):
        new = max(0, amount - spec["prevent"])
    elif spec.get("double"):
        new = amount * 2
    else:
        new = amount + spec.get("plus", 0)
    f = game.fire(rule, code, [rep.source], effect=rep.name, event=before, before=amount,
                  after=say("replace.damage", n=new))
    return [ev.replaced(f, amount=new)] if new > 0 else []


def _to_graveyard(game, rep: Rep, ev: Event) -> list[Event]:
    """"If … would be put into a graveyard, … instead": removed from the game or shuffled into its library."""
    spec = rep.spec
    rule, code = _applied(ev)
    before = describe(ev)
    inst = spec.get("instead", "exile")
    to = {"exile": "exile", "shuffle_into_library": "library", "put_on_library": "library"}.get(inst, "exile")
    ne = ev.derive(to=to, shuffle=inst == "shuffle_into_library", top=True)
    where = {"shuffle_into_library": "move_to.shuffle", "put_on_library": "move_to.library_top"}.get(inst,
                                                                                                     f"move_to.{to}")
    f = game.fire(rule, code, [rep.source, ev.data["object"]], effect=rep.name, event=before,
                  before=zone("graveyard"), after=say("replace.move", object=ev.data["object"].name, to=say(where)))
    ne.firing = f
    never_happened(game, ev, f)
    return [ne]


@rules.implements("419.6a", reasons={"each_applied_once": "effects event"},
                  near_misses={"replacement_already_applied": "effect event"})
def applied_once(game, effect, event: Event) -> None:
    """419.6a: a replacement effect gets one opportunity to affect an event. When two or more have modified it,
    the first would apply again to what the later ones made of it, and 419.6a is what stops it — the two doublers'
    8 damage, not 16 nor endless: cited then, once per event, naming the effects. Alone, the effect that just
    applied is looked at again and left out: a near miss (nothing else changed the event)."""
    if len(event.applied) < 2:
        game.near_miss("419.6a", "replacement_already_applied", [], once=(effect.id, event.root), effect=effect.name,
                       event=describe(event))
        return
    if not game.recorder.first_time(("419.6a", event.root)):
        return
    names = [r.name for r in game.replacements(event) if r.id in event.applied] or [effect.name]
    game.fire("419.6a", "each_applied_once", [], effects="、".join(dict.fromkeys(names)), event=describe(event))


@rules.implements("419.5", reasons={"replaced_never_happened": "object event after"},
                  near_misses={"replaced_event_no_trigger": "ability object event"})
def never_happened(game, ev: Event, f) -> None:
    """419.5: the event a replacement effect replaced never happened; what happens is the modified event, and only
    it triggers abilities. A permanent that would have been put into a graveyard and is removed from the game
    instead never "goes to the graveyard": each ability that would have triggered on that is a near miss."""
    o = ev.data["object"]
    game.fire("419.5", "replaced_never_happened", [o], caused_by=f.id, object=o, event=describe(ev),
              after=f.fields.get("after", ""))
    if ev.data.get("from") != "battlefield":
        return
    for src, c, ab in game.abilities_in_play("triggered"):
        w = ab.spec.get("when") or {}
        if w.get("event") != "dies" or (w.get("self") and src is not o):
            continue
        flt = w.get("filter")
        if flt and matches(game, o, {**flt, "zone": "battlefield"}, controller=c.controller, source_id=src.id):
            continue
        game.near_miss("419.5", "replaced_event_no_trigger", [src, o], caused_by=f.id,
                       once=("419.5", src.id, ab.key, o.id, ev.root),
                       ability=say("ability_of", source=src.name), object=o, event=describe(ev))
        no_trigger(game, ev, "event_replaced", [(src, ab)], caused_by=f.id)


@rules.implements("410.7", reasons={"event_prevented": "ability source event", "event_replaced": "ability source event"})
def no_trigger(game, ev: Event, code: str, would: list, caused_by: str | None = "") -> None:
    """410.7: an ability triggers only if its trigger event actually happens; an event that was prevented
    (`event_prevented`) or replaced (`event_replaced`) triggers nothing. Cited for each ability in play that the
    event would have triggered (`would`: (source, ability)), once per ability and event — the rule decides that it
    does not trigger."""
    for src, ab in would:
        if not game.recorder.first_time(("410.7", src.id, ab.key, ev.root)):
            continue
        game.fire("410.7", code, [src], caused_by=caused_by, ability=say("ability_of", source=src.name), source=src,
                  event=describe(ev))


def _gain_life(game, rep: Rep, ev: Event) -> list[Event] | None:
    """"If you would gain life, draw a card instead"."""
    if rep.spec.get("instead") != "draw":
        return None
    rule, code = _applied(ev)
    before = describe(ev)
    f = game.fire(rule, code, [rep.source], effect=rep.name, event=before, before=before, after=say("replace.draw"))
    return [Event("draw", {"player": ev.data["player"]}, f.id, firing=f)]


def _draw(game, rep: Rep, ev: Event) -> list[Event] | None:
    """"If you would draw a card, return a card from your graveyard to your hand instead" (a card you choose)."""
    if rep.spec.get("instead") != "return_from_graveyard":
        return None
    p = ev.data["player"]
    options = [o.id for o in game.zone_objects(p.name, "graveyard")]
    if not options:
        return [ev]
    rule, code = _applied(ev)
    before = describe(ev)
    pick = game.choose("targets", rep.id, by=p.name, options=options)
    card = game.objects[pick if isinstance(pick, str) else pick[0]]
    f = game.fire(rule, code, [rep.source, card], effect=rep.name, event=before, before=say("replace.draw"),
                  after=say("replace.return_from_graveyard", object=card.name))
    return [Event("move", {"object": card, "to": "hand", "from": "graveyard", "reason": "effect"}, f.id, firing=f)]


@rules.implements("419.1c", reasons={"enters_replaced": "effect object what"})
def _enters(game, rep: Rep, ev: Event) -> list[Event]:
    """419.1c: "[this permanent] comes into play tapped" / "[objects] come into play tapped" is a replacement
    effect: the permanent enters that way — it is never in play untapped first."""
    o = ev.data["object"]
    if not rep.spec.get("tapped"):
        return [ev]
    f = game.fire("419.1c", "enters_replaced", [rep.source, o], effect=rep.name, object=o,
                  what=say("replace.enters_tapped"))
    return [ev.replaced(f, tapped=True)]


# a static replacement effect, by the event it watches: what happens instead (None: not this effect's case)
_STATIC = {"damage": _damage_instead, "to_graveyard": _to_graveyard, "gain_life": _gain_life, "draw": _draw,
           "enters": _enters}


def describe(ev: Event) -> str:
    d = ev.data
    k = ev.kind
    if k == "damage":
        return say("event.damage", source=d.get("source_name", "?"), target=d["target"].name, n=d["amount"])
    if k == "move":
        return say("event.move", object=d["object"].name, zone=zone(d["to"]))
    if k == "destroy":
        return say("event.destroy", object=d["object"].name)
    if k == "gain_life":
        return say("event.gain_life", player=d["player"].name, n=d["amount"])
    if k == "draw":
        return say("event.draw", player=d["player"].name)
    if k == "lose_life":
        return say("event.lose_life", player=d["player"].name, n=d["amount"])
    if k in ("tap", "untap", "sacrifice", "discard", "regenerate"):
        return say(f"event.{k}", object=d["object"].name)
    if k == "counters":
        return say("event.counters", object=d["object"].name, counter=d["name"], n=d["n"])
    if k == "add_mana":
        return say("event.add_mana", player=d["player"].name, mana=M.show(d["mana"]))
    if k == "step":
        return say("event.step", step=d["step"])
    if k == "cast":
        return say("event.cast", player=d["player"], object=d["object"].name)
    if k == "attack":
        return say("event.attack", object=d["object"].name)
    if k == "unblocked":
        return say("event.unblocked", object=d["object"].name)
    if k == "block":
        return say("event.block", blocker=d["object"].name, attacker=d["attacker"].name)
    if k == "tap_for_mana":
        return say("event.tap_for_mana", player=d["player"], object=d["object"].name)
    return say("event.other")


def affected(ev: Event):
    """Who chooses among replacements (419.9a): the affected object's controller or the affected player."""
    d = ev.data
    if ev.kind == "damage":
        return d["target"]
    if "object" in d:
        return d["object"]
    return d.get("player")


# ------------------------------------------------------------------ performing

rules.declare("310.4c", reasons={"combat_damage_not_dealt": "object amount"})
rules.declare("419.5a", reasons={"zero_damage": "source target"})


@rules.implements("212.5d", reasons={"cannot_enter_play": "object zone"})
@rules.implements("212.7d", reasons={"cannot_enter_play": "object zone"})
@rules.implements("214.1", reasons={"not_a_permanent_type": "object"})
def _can_enter(game, o) -> bool:
    """An instant or a sorcery never enters play: it stays in the zone it was in (212.5d, 212.7d); only
    artifacts, creatures, enchantments and lands are permanents (214.1)."""
    c = chars(game, o)
    if any(t in c.types for t in PERMANENT_TYPES):
        return True
    for t, number in ((TYPE.instant, "212.5d"), (TYPE.sorcery, "212.7d")):
        if t in c.types:
            game.fire(number, "cannot_enter_play", [o], object=o, zone=zone(o.zone))
    game.fire("214.1", "not_a_permanent_type", [o], object=o)
    return False


def perform(game, ev: Event) -> bool:
    k = ev.kind
    d = ev.data
    if k == "damage":
        return _damage(game, d)
    if k == "move":
        if d["to"] == "battlefield" and d.get("from") != "stack" and not _can_enter(game, d["object"]):
            return False
        ok = game.move(d["object"], d["to"], reason=d.get("reason", "effect"), controller=d.get("controller"),
                       top=d.get("top", True), shuffle=d.get("shuffle", False))
        host = d.get("attach")
        if ok and host is not None and d["to"] == "battlefield":
            game.set(d["object"], "attached_to", host.id)
        if ok and d.get("tapped") and d["to"] == "battlefield":     # it enters tapped (419.1c)
            game.set(d["object"], "tapped", True)
        if ok and d["to"] == "battlefield":
            statics_apply(game, d["object"])
        return ok
    if k == "draw":
        return game.draw_one(d["player"])
    if k in ("gain_life", "lose_life"):
        p = d["player"]
        if d["amount"] <= 0:
            return False
        game.set(p, "life", p.life + (d["amount"] if k == "gain_life" else -d["amount"]))
        return True
    if k in ("tap", "untap"):
        return game.set_tapped(d["object"], k == "tap", "battlefield")
    if k == "regenerate":
        o = d["object"]
        game.set(o, "damage", 0)
        game.set(o, "tapped", True)
        leaves_combat(game, o, "why.combat_regenerated")
        return True
    if k == "counters":
        o = d["object"]
        cur = dict(o.counters)
        cur[d["name"]] = max(0, cur.get(d["name"], 0) + d["n"])
        if not cur[d["name"]]:
            del cur[d["name"]]
        game.set(o, "counters", cur)
        return True
    if k == "add_mana":
        p = d["player"]
        pool = dict(p.pool)
        for c, n in d["mana"].items():
            pool[c] = pool.get(c, 0) + n
        game.set(p, "pool", pool)
        return True
    if k in ("step", "cast", "attack", "block", "tap_for_mana", "hand_empty", "unblocked"):
        return True          # pure trigger events: they happened by being announced
    return False


@rules.implements("408.2b", reasons={"static_no_stack": "object ability"})
def statics_apply(game, o) -> None:
    """408.2b: a permanent's static abilities generate their effects as soon as it is in play and for as long as
    it is — nothing goes on the stack, so there is nothing to respond to. Cited as a permanent with a static
    ability enters play."""
    ab = next((a for a in chars(game, o).abilities if a.kind == "static"), None)
    if ab is not None:
        game.fire("408.2b", "static_no_stack", [o], object=o, ability=ab.text or say("ability.static"))


def _damage(game, d: dict) -> bool:
    amount = d["amount"]
    if amount <= 0:                      # 419.5a: 0 damage is no damage
        game.fire("419.5a", "zero_damage", [d["target"]], source=d.get("source_name", "?"), target=d["target"])
        return False
    t = d["target"]
    if isinstance(t, Player):
        if t.lost:
            return False
        game.set(t, "life", t.life - amount)
        return True
    if t.zone != "battlefield" or TYPE.creature not in chars(game, t).types:
        if d.get("combat"):             # 310.4c: not there or no longer a creature
            game.fire("310.4c", "combat_damage_not_dealt", [t], object=t, amount=amount)
        return False
    game.set(t, "damage", t.damage + amount)
    return True


def expand(game, ev: Event) -> list[Event] | None:
    """Destroy and sacrifice put a permanent into its owner's graveyard; discard, a card from its hand."""
    if ev.kind in ("destroy", "sacrifice"):
        return into_graveyard(ev, "battlefield")
    if ev.kind == "discard":
        return into_graveyard(ev, "hand", only_from_there=False)
    return None


__all__ = ["Rep", "candidates", "first_tier", "own_replacement", "self_first", "apply", "perform", "expand", "describe", "affected", "printed"]
