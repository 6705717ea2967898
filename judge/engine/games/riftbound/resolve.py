"""Resolving the newest item of the chain: a spell's text (158, 158.1–158.3.a), a unit or equipment entering
the board, an ability's instructions.

A spell that was played successfully resolves: its player carries out its rules text (158), top to
bottom (158.1), later parts rewriting earlier ones as they say (158.2, `effects.run`). While it resolves
nothing else is finalised or resolved — abilities its instructions set off, a card it puts onto the
chain — (158.3); once all its instructions are done, those items are handled (158.3.a). Then it goes to
its owner's trash (108.2.b). A unit, an equipment or a rune enters the board where it was played to, and
a triggered ability's instructions are carried out (not in this book). Each target chosen as the spell was
played is checked again: one that has since left its zone is a new object, and the spell does nothing
to it (not in this book).
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.core.trace import Ref
from judge.engine.games.riftbound.effects import Ctx, run
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.state import RAbility
from judge.engine.games.riftbound.words import ON_BOARD, TARGETS, TARGET_IDS, TYPE, say, zone

mechanic("priority", reasons={"newest_item": "player object"})


@rules.implements("158", reasons={"spell_resolves": "object controller"})
@rules.implements("158.1", reasons={"instruction": "object n text"})
@rules.implements("158.3.a", reasons={"then_pending": "object items"})
def resolve(game, item) -> bool:
    """Resolve `item`, the newest chain item; then priority (not in this book): the controller of the newest
    item left on the chain, else the turn player. Always True: priority has been given."""
    if isinstance(item, RAbility):
        _ability(game, item)
    else:
        _card(game, item)
    game.passes = 0
    game.before_priority()
    if game.over:
        return True
    if game.stack:
        top = game.stack[-1]
        who = top.item["controller"] if getattr(top, "item", None) else top.controller
        game.unnumbered("priority", "newest_item", [top.id], player=game.by_name[who], object=top)
        game.give_priority(who)
    else:
        game.give_priority(game.active)
    return True


def _card(game, obj) -> None:
    item = obj.item or {}
    controller = item.get("controller", obj.controller)
    ctx = Ctx(obj, obj, obj.name, controller, targets=_recheck(game, obj, item), spell=obj.card.is_spell)
    if item.get("answers"):
        game.chooser.sheet.fill(item["answers"])    # choices written when it was played, made now
    game.resolving.append(ctx)
    try:
        if ctx.spell:
            f = game.fire("158", "spell_resolves", [obj], object=obj, controller=game.by_name[controller])
            with game.under(f):
                run(game, ctx, obj.card.effects)
        waiting = [x.ref for x in ctx.added] + [Ref(t.id, t.data.get("label") or say("name.ability_of", source=t.source_name))
                                                 for t in game.pending if t.data.get("during") == obj.id]
    finally:
        game.resolving.pop()
    if waiting:
        game.fire("158.3.a", "then_pending", [obj, *(r.id for r in waiting)], object=obj, items=waiting)
    if obj in game.stack:
        game.stack.remove(obj)
    if obj.zone != "chain":
        return                          # an instruction moved it already
    if ctx.spell or not any(t in TYPE_BOARD for t in obj.card.types):
        game.happen([Event("move", {"object": obj, "to": "trash", "why": "resolved", "by": controller})])
    else:
        game.happen([Event("move", {"object": obj, "to": item.get("location") or "base", "why": "resolved",
                                    "by": controller})])


TYPE_BOARD = (TYPE.unit, TYPE.gear, TYPE.rune)


def _ability(game, item: RAbility) -> None:
    src = game.objects.get(item.source)
    f = game.unnumbered("triggered", "resolves", [item], object=item, controller=game.by_name[item.controller])
    with game.under(f):
        game.remove_from_stack(item)
        it = None
        about = item.extra.get("about")
        if about is not None:
            o = game.objects.get(about[0])
            it = o if o is not None and o.inc == about[1] else None
        spec = item.ability.spec.get("effects", [])
        ctx = Ctx(item, src, item.source_name, item.controller, it=it)
        game.resolving.append(ctx)
        try:
            run(game, ctx, spec)
        finally:
            game.resolving.pop()


def _recheck(game, obj, item: dict) -> list:
    """The targets still legal on resolution: one that changed zones since is a new object (not in this book)."""
    out = []
    for spec, slot in zip(item.get("specs", []), item.get("targets", [])):
        legal = []
        want_zone = TARGETS[TARGET_IDS[spec.get("what", TARGETS["unit"]["word"])]].get("zone", "board")
        for kind, tid, inc in slot:
            if kind == "player":
                legal.append(game.by_name[tid])
                continue
            t = game.objects.get(tid)
            ok = t is not None and t.inc == inc and (t.zone in ON_BOARD if want_zone == "board" else t.zone == want_zone)
            if ok:
                legal.append(t)
            else:
                game.unnumbered("target", "target_gone", [obj, tid], object=obj, target=t or tid)
        out.append(legal)
    return out


__all__ = ["resolve", "say", "zone"]
