"""Resolving the top link of the chain (709).

When all players pass in succession with a non-empty chain, the top link is
tried (709.1). No player gets priority meanwhile (709.2). Its targets are
checked again (709.2a): one that left play, no longer fits its description or
can't be targeted now is illegal — each is a near miss naming the failed
check — and if all are illegal the link is interrupted (711, `interrupt.py`).
A proposal whose combat became illegal is also interrupted. Otherwise its text is followed in order (709.2b, `effects.py`),
doing what can be done (709.2c), and as the last step (709.2g) an ally,
equipment or resource enters play, an ongoing ability enters play (attached
to its target if it attaches), any other ability card goes to its owner's
graveyard, an effect leaves the chain, and a proposal starts the combat step.
Then the turn player gets priority (709.2h). A "next time" shield that
replaced this link's packets is used up now (717.4).
"""
from __future__ import annotations

from judge.engine.games.common.targets import recheck
from judge.engine.games.wow import turn
from judge.engine.games.wow.combat import resolve_proposal
from judge.engine.games.wow.effects import Ctx, resolve_text
from judge.engine.games.wow.filters import target_problem
from judge.engine.games.wow.interrupt import cease_copy, interrupt
from judge.engine.games.wow.loops import mandatory_without_triggers
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import WCard
from judge.engine.games.wow.weapons import resolve_strike
from judge.engine.games.wow.words import GROUP, TYPE, say, zone


@rules.implements("709.1", reasons={"resolves": "object controller"})
@rules.implements("709.2a", reasons={"targets_legal": "object targets some_illegal"},
                  near_misses={"target_illegal": "object target check expected actual"})
@rules.implements("709.2g", reasons={"enters_play": "object player", "to_graveyard": "object",
                                     "effect_leaves": "object", "combat_begins": "attacker defender"})
@rules.implements("709.2h", reasons={"turn_player_priority": "player"})
def resolve(game, item) -> bool:
    """True if the link was a proposal and its combat step began (which gave priority)."""
    controller = item.link["controller"] if isinstance(item, WCard) else item.controller
    if mandatory_without_triggers(game, item):
        return False
    f = game.fire("709.1", "resolves", [item], object=item, controller=game.by_name[controller])
    outer, game.resolving = game.resolving, item
    try:
        with game.under(f):
            began_combat = _resolve(game, item, controller)
    finally:
        game.resolving = outer
    if began_combat:
        return True                     # the combat step began; its attack window gave priority
    for s in game.shields:
        if s.kind == "next_time" and not s.used and s.link == item.id:
            game.set(s, "used", True)
    if not game.over:
        game.fire("709.2h", "turn_player_priority", [game.active], player=game.by_name[game.active])
    return False


def _resolve(game, item, controller: str) -> bool | None:
    """True if the link was a proposal whose combat step began (it has given priority)."""
    is_card = isinstance(item, WCard)
    if not is_card and item.kind == "strike":
        resolve_strike(game, item)
        return
    if not is_card and item.kind == "proposal":
        if not resolve_proposal(game, item):
            return False
        turn.begin(game, turn.ATTACK_WINDOW)
        return True
    if is_card:
        card = item.card
        specs = item.link.get("specs") or ([card.attach] if card.attach else []) + list((card.play or {}).get("targets", []))
        slots = item.link.get("targets", [])
        source = item
    else:
        specs = item.ability.spec.get("targets", [])
        slots = item.targets
        source = game.objects.get(item.source)
        independent_of_source(game, item, source)
    legal_slots, all_illegal = recheck_targets(game, item, specs, slots, controller)
    if all_illegal:
        interrupt(game, item, say("why.all_targets_illegal"))
        return
    if not is_card:
        effect_source(game, item, source)
    if not (is_card and item.link.get("resource")):
        modifier_controller(game, item, source, controller)
    ctx = Ctx(item, source, item.name if is_card else item.source_name, controller, legal_slots,
              event=None if is_card else item.extra.get("event"), link=item.id, link_name=item.name,
              with_=_with_of(game, item),
              data=({} if is_card else dict(item.extra)), x=item.link.get("x", 0) if is_card else 0)
    if not is_card and item.extra.get("about"):
        about = item.extra["about"]
        o = game.objects.get(about[0])
        ctx.about = o
        ctx.about_key = about
    if is_card:
        if item.link.get("resource"):
            game.card_resolved(item, controller, "709.2g", "enters_play", area="resource")
            return
        effects = item.link.get("effects", (item.card.play or {}).get("effects", []))
        resolve_text(game, ctx, effects)
        if item.zone != "chain":
            return
        if item.extra.get("copy_of"):
            cease_copy(game, item)
            return
        if item.card.type in (TYPE.ally, TYPE.weapon, TYPE.armor, TYPE.item) or item.card.ongoing:
            host = None
            if item.card.attach and legal_slots and legal_slots[0]:
                host = legal_slots[0][0]
            game.card_resolved(item, controller, "709.2g", "enters_play", attach=host)
        else:
            game.card_resolved(item, controller, "709.2g")
    else:
        resolve_text(game, ctx, item.ability.spec.get("effects", []))
        game.fire("709.2g", "effect_leaves", [item], object=item)
        game.remove_from_stack(item)


@rules.implements("707.3", reasons={"source_gone": "object source where"})
def independent_of_source(game, item, source) -> None:
    """707.3: once created, an effect exists apart from its source — the source leaving play (as a cost, in
    response) does not interrupt it; on resolution, what it needs of the source is its last known information."""
    if source is None:
        return
    if source.key == (item.source, item.source_inc) and source.zone == "play":
        return
    where = zone(source.zone) if source.zone != "gone" else say("zone.gone")
    game.fire("707.3", "source_gone", [item, source], object=item, source=source, where=where)


@rules.implements("712.5", reasons={"effect_source": "object source"})
def effect_source(game, item, source) -> None:
    """712.5: the modifiers a resolving effect creates have as their source the card that created the effect (not
    the effect, and not the hero who deals the damage)."""
    if source is None:
        return
    game.fire("712.5", "effect_source", [item, source], object=item, source=source)


@rules.implements("712.6", reasons={"link_controller": "object player owner"})
def modifier_controller(game, item, source, controller: str) -> None:
    """712.6: a link's modifiers are controlled by whoever controls the link as it resolves — said when that is
    not the owner of the card it comes from (a stolen ally's power, a copy put on the chain by another player)."""
    card = item if isinstance(item, WCard) else source
    if card is None:
        return
    owner = card.owner if not (isinstance(item, WCard) and item.extra.get("copy_of")) else \
        game.objects[item.extra["copy_of"]].owner
    if owner == controller:
        return
    game.fire("712.6", "link_controller", [item], object=item, player=game.by_name[controller],
              owner=game.by_name[owner])


def _with_of(game, item) -> str | None:
    """A packet's association (glossary 囊包): dealt with an ability card or with equipment (or their effects)."""
    src = item if isinstance(item, WCard) else game.objects.get(item.source)
    if src is None:
        return None
    t = src.card.type
    return TYPE.ability if t == TYPE.ability else (GROUP.equipment if t in (TYPE.weapon, TYPE.armor, TYPE.item) else None)


def recheck_targets(game, item, specs, slots, controller):
    """709.2a: (legal targets per slot, whether all are illegal). Illegal ones become near misses."""
    return recheck(game, item, "709.2a", specs, slots,
                   problem=lambda spec, t: target_problem(game, spec, t, source=item, controller=controller),
                   went=lambda t: zone(t.zone) if t else say("zone.elsewhere"))


__all__ = ["resolve", "recheck_targets"]
