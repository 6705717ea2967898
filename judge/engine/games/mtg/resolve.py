"""Resolving the top of the stack (413, 414, 415, 404.4, 410.8).

When all players pass in succession the top object resolves (413.1). Its
targets are checked again (413.2a): a target that left its zone, changed so
it no longer qualifies, or gained protection is illegal — each illegal target
is a near miss naming the failed check; if every target is illegal the spell
or ability is countered and does nothing else; otherwise it resolves and does
nothing to the illegal ones. Then its instructions are followed in order
(413.2b) and a permanent spell enters the battlefield / an instant or sorcery
goes to its owner's graveyard (413.2h).
"""
from __future__ import annotations

from judge.engine.games.mtg.chars import chars
from judge.engine.games.mtg.effects import run
from judge.engine.games.mtg.refs import Ctx
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.state import Card
from judge.engine.games.mtg.targets import recheck_targets
from judge.engine.games.mtg.triggers import condition_holds, condition_zh
from judge.engine.games.mtg.words import PERMANENT_TYPES, SUBTYPE, say

@rules.implements("413.1", reasons={"resolves": "object"})
@rules.implements("413.2a", reasons={"all_targets_illegal": "object", "targets_legal": "object targets some_illegal"},
                  near_misses={"target_illegal": "object target check expected actual"})
@rules.implements("413.2h", reasons={"permanent_enters": "object player", "to_graveyard": "object"})
@rules.implements("404.4c", reasons={"follows_object": "object was now"})
@rules.implements("404.4d", near_misses={"delayed_object_left": "object"})
def resolve(game, item) -> None:
    f = game.fire("413.1", "resolves", [item], object=item)
    with game.under(f):
        _resolve(game, item)


def _resolve(game, item) -> None:
    is_spell = isinstance(item, Card)
    if is_spell:
        spec_targets = (item.card.spell or {}).get("targets", [])
        slots = (item.cast or {}).get("targets", [])
        colors = tuple(chars(game, item).colors)
        controller = (item.cast or {}).get("controller", item.controller)
        source = item
    else:
        spec_targets = item.ability.spec.get("targets", [])
        slots = item.targets
        src_obj = game.objects.get(item.source)
        colors = item.extra.get("source_colors") or (tuple(chars(game, src_obj).colors) if src_obj else ())
        controller = item.controller
        source = src_obj
    legal_slots, all_illegal = recheck_targets(game, item, spec_targets, slots, controller, colors)
    if all_illegal:
        game.fire("413.2a", "all_targets_illegal", [item], object=item)
        game.counter_item(item, None, None)
        return
    if not is_spell:
        cond = item.ability.spec.get("if")
        if cond and not condition_holds(game, source or item, controller, cond):
            game.fire("410.8", "intervening_if_false_resolution", [item], ability=item.name,
                      condition=condition_zh(cond))
            game.remove_from_stack(item)
            return
    ctx = Ctx(item, source if is_spell else (source or None), item.name if is_spell else item.source_name,
              controller, legal_slots, x=(item.cast or {}).get("x", 0) if is_spell else item.extra.get("x", 0),
              event=None if is_spell else item.extra.get("event"), source_colors=colors)
    if not is_spell and item.extra.get("about"):
        about_key = item.extra["about"]
        about = game.objects.get(about_key[0])
        leaving = item.ability.spec.get("when", {}).get("event") in ("leaves", "dies")
        if not leaving and (about is None or about.key != about_key):
            game.near_miss("404.4d", "delayed_object_left", [about_key[0]], object=about or about_key[0])
            game.remove_from_stack(item)
            return
        was = item.extra.get("about_types") or ()
        now = tuple(chars(game, about).types) if about is not None else ()
        if not leaving and was and set(was) - set(now):
            game.fire("404.4c", "follows_object", [about], object=about, was="".join(was), now="".join(now) or say("none"))
        ctx.about = about
    if is_spell:
        effects = (item.cast or {}).get("effects", (item.card.spell or {}).get("effects", []))
        run(game, ctx, effects)
        if item.zone != "stack":
            return                      # it left the stack while resolving (it exiled itself…)
        c = chars(game, item)
        if any(t in c.types for t in PERMANENT_TYPES):
            host = None
            if SUBTYPE.aura in c.subtypes and legal_slots and legal_slots[0]:
                host = legal_slots[0][0]                 # 212.4d: an Aura enters attached to its target
            game.card_resolved(item, controller, "413.2h", "permanent_enters", attach=host)
        else:
            game.card_resolved(item, controller, "413.2h")
    else:
        run(game, ctx, item.ability.spec.get("effects", []))
        game.remove_from_stack(item)


rules.declare("410.8", reasons={"intervening_if_false_resolution": "ability condition"})


