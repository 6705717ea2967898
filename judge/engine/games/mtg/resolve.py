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
from judge.engine.games.mtg.text import changed_effects
from judge.engine.games.mtg.refs import Ctx
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.state import Card
from judge.engine.games.mtg.targets import recheck_targets
from judge.engine.games.mtg.triggers import condition_holds, condition_zh
from judge.engine.games.mtg.words import PERMANENT_TYPES, SUBTYPE, TYPE, say

@rules.implements("413.1", reasons={"resolves": "object"})
@rules.implements("413.2a", reasons={"all_targets_illegal": "object", "targets_legal": "object targets some_illegal"},
                  near_misses={"target_illegal": "object target check expected actual",
                               "targets_still_legal": "object targets"})
@rules.implements("413.2h", reasons={"permanent_enters": "object player", "to_graveyard": "object",
                                     "to_graveyard_would": "object"})
@rules.implements("404.4c", reasons={"follows_object": "object was now"})
@rules.implements("404.4d", reasons={"delayed_object_left": "object"})
@rules.implements("212.4d", reasons={"aura_enters_attached": "object host"})
@rules.implements("202.2a", reasons={"still_that_object": "object was now"})
def resolve(game, item) -> None:
    f = game.fire("413.1", "resolves", [item], object=item)
    with game.under(f):
        if isinstance(item, Card):
            _spell(game, item)
        else:
            _ability(game, item)


def _still_legal(game, item, specs, slots, controller, colors) -> list | None:
    """413.2a: the targets still legal, per use of "目标"; None (and the spell or ability is countered) when
    it had targets and all are illegal now."""
    legal_slots, all_illegal = recheck_targets(game, item, specs, slots, controller, colors)
    if all_illegal:
        # the spell leaves the stack because 413.2a counters it: the move is this firing's, not 413.1's
        with game.applying("413.2a", "all_targets_illegal", [item], object=item):
            game.counter_item(item, None, None)
        return None
    return legal_slots


def _spell(game, card) -> None:
    """Its instructions in order (413.2b); then a permanent spell enters the battlefield (an Aura attached to
    its target, 212.4d) and any other goes to its owner's graveyard (413.2h)."""
    cast = card.cast or {}
    spell = card.card.spell or {}
    controller = cast.get("controller", card.controller)
    colors = tuple(chars(game, card).colors)
    legal_slots = _still_legal(game, card, spell.get("targets", []), cast.get("targets", []), controller, colors)
    if legal_slots is None:
        return
    ctx = Ctx(card, card, card.name, controller, legal_slots, x=cast.get("x", 0), event=None, source_colors=colors)
    run(game, ctx, changed_effects(game, card, cast.get("effects", spell.get("effects", []))))   # 418.6c-d
    if card.zone != "stack":
        return                      # it left the stack while resolving (it exiled itself…)
    c = chars(game, card)
    if any(t in c.types for t in PERMANENT_TYPES):
        host = None
        if SUBTYPE.aura in c.subtypes and legal_slots and legal_slots[0]:
            host = legal_slots[0][0]
        game.card_resolved(card, controller, "413.2h", "permanent_enters", attach=host)
        if host is not None and card.attached_to == host.id:     # an Aura spell enters attached to its target
            game.fire("212.4d", "aura_enters_attached", [card, host], object=card, host=host)
    else:
        game.card_resolved(card, controller, "413.2h")
    by_type(game, card, c, controller)


# what each card type's own rule says its spell does on resolving (cited beside 413.2h)
_RESOLVES_AS = ((TYPE.artifact, "212.2b", "enters_under_controller"), (TYPE.creature, "212.3b", "enters_under_controller"),
                (TYPE.enchantment, "212.4b", "enters_under_controller"), (TYPE.instant, "212.5b", "instant_resolved"),
                (TYPE.sorcery, "212.7b", "sorcery_resolved"))


@rules.implements("212.2b", reasons={"enters_under_controller": "object type player"})
@rules.implements("212.3b", reasons={"enters_under_controller": "object type player"})
@rules.implements("212.4b", reasons={"enters_under_controller": "object type player"})
@rules.implements("212.5b", reasons={"instant_resolved": "object"})
@rules.implements("212.7b", reasons={"sorcery_resolved": "object"})
def by_type(game, card, c, controller) -> None:
    """The rule of each of the resolved spell's card types (an artifact creature: both 212.2b and 212.3b), by the
    types it had as it resolved; a countered spell never gets here (414.1 decides instead)."""
    for t, number, code in _RESOLVES_AS:
        if t in c.types:
            more = {"type": t, "player": game.by_name[controller]} if code == "enters_under_controller" else {}
            game.fire(number, code, [card], object=card, **more)


def _ability(game, item) -> None:
    """Its intervening "if" is checked again (410.8), a delayed ability finds the object it refers to
    (404.4c–d); then its instructions in order, and it leaves the stack."""
    src = game.objects.get(item.source)
    colors = item.extra.get("source_colors") or (tuple(chars(game, src).colors) if src else ())
    controller = item.controller
    legal_slots = _still_legal(game, item, item.ability.spec.get("targets", []), item.targets, controller, colors)
    if legal_slots is None:
        return
    cond = item.ability.spec.get("if")
    if cond:
        holds = condition_holds(game, src or item, controller, cond)
        game.fire("404.3", "intervening_if_checked", [item], ability=item.name, condition=condition_zh(cond),
                  result=say("answer.yes") if holds else say("answer.no"))
        if not holds:
            game.fire("410.8", "intervening_if_false_resolution", [item], ability=item.name,
                      condition=condition_zh(cond))
            game.remove_from_stack(item)
            return
    ctx = Ctx(item, src, item.source_name, controller, legal_slots, x=item.extra.get("x", 0),
              event=item.extra.get("event"), source_colors=colors)
    if item.extra.get("about") and not _about(game, item, ctx):
        game.remove_from_stack(item)
        return
    run(game, ctx, item.ability.spec.get("effects", []))
    game.remove_from_stack(item)


def _about(game, item, ctx) -> bool:
    """A delayed ability's "that creature": False if it left the zone it was in — 404.4d fires, its text decides
    that the ability does nothing (even if the object came back: a new object) — unless the ability waited for it
    to leave; a change of its types is noted (404.4c)."""
    about_key = item.extra["about"]
    about = game.objects.get(about_key[0])
    leaving = item.ability.spec.get("when", {}).get("event") in ("leaves", "dies")
    if not leaving and (about is None or about.key != about_key):
        game.fire("404.4d", "delayed_object_left", [about_key[0]], object=about or about_key[0])
        return False
    was = item.extra.get("about_types") or ()
    now = tuple(chars(game, about).types) if about is not None else ()
    if not leaving and was and set(was) - set(now):
        game.fire("404.4c", "follows_object", [about], object=about, was="".join(was), now="".join(now) or say("none"))
        game.fire("202.2a", "still_that_object", [about], object=about, was="".join(was), now="".join(now) or say("none"))
    ctx.about = about
    return True


rules.declare("410.8", reasons={"intervening_if_false_resolution": "ability condition"})


