"""Turn structure (300–314): steps and phases, turn-based actions, mana burn, cleanup.

A step ends when all players pass in succession with an empty stack (300.2).
Mana empties from pools at the end of each *phase*, not step, and each point
lost costs a life: mana burn (300.3, a loss of life, not damage). The cleanup
step discards to hand size, then removes all damage and ends "until end of
turn" effects at once (314.2); players get priority there only if a
state-based effect or a trigger needs it (314.3), and then another cleanup
step follows.
"""
from __future__ import annotations

from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg import zones
from judge.engine.games.mtg.chars import chars, compute
from judge.engine.games.mtg.combat import assign_combat_damage, begin_blockers
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.sba import CHECKS
from judge.engine.games.mtg.words import PHASE, PHASE_OF, STEP, STEPS

@rules.implements("300.2", reasons={"step_ends": "step"})
@rules.implements("300.3", reasons={"mana_burn": "player amount mana"})
@rules.implements("311.2", reasons={"combat_over": "objects"})
def end_step(game) -> None:
    old = game.step
    game.fire("300.2", "step_ends", [], step=old)
    if old == STEP.cleanup and game.cleanup_again:
        game.cleanup_again = False
        game.fire("314.3", "cleanup_again", [game.active], player=game.by_name[game.active])
        begin(game, STEP.cleanup, again=True)
        return
    nxt = _next(game, old)
    new_turn = old == STEP.cleanup
    if new_turn or PHASE_OF[old] != PHASE_OF[nxt]:
        _end_phase(game, PHASE_OF[old])
    if new_turn:
        _new_turn(game)
    begin(game, nxt)


def _next(game, old: str) -> str:
    if old == STEP.cleanup:
        return STEP.untap
    if old == STEP.declare_attackers and not game.attackers():
        return STEP.end_of_combat               # 308.4
    if old == STEP.combat_damage and game.first_strike_pending:
        return STEP.combat_damage
    return STEPS[STEPS.index(old) + 1]


def _end_phase(game, phase: str) -> None:
    for p in game.in_game():
        total = sum(p.pool.values())
        if total:
            f = game.fire("300.3", "mana_burn", [p], player=p, amount=total, mana=M.show(p.pool))
            with game.under(f):
                game.set(p, "pool", {})
                game.set(p, "life", p.life - total)
    if phase == PHASE.combat:
        inc = [o for o in game.battlefield() if o.attacking or o.blocking]
        if inc:
            f = game.fire("311.2", "combat_over", inc, objects=inc)
            with game.under(f):
                for o in inc:
                    game.remove_from_combat(o)
        _until_end_of_combat(game)


@rules.implements("300.4", reasons={"effects_end_with_phase": "count"})
def _until_end_of_combat(game) -> None:
    """300.4: "until end of combat" effects end as the combat phase ends (not as the end of combat step begins)."""
    n = game.count_effects("end_of_combat")
    if not n:
        return
    f = game.fire("300.4", "effects_end_with_phase", [], count=n)
    with game.under(f):
        game.end_effects("end_of_combat")


def _new_turn(game) -> None:
    game.active = game.next_player(game.active)
    game.turn += 1
    for p in game.players:
        if p.lands_played:
            game.set(p, "lands_played", 0)


@rules.implements("302.2", reasons={"untap_step": "player objects", "untap_nothing": "player"})
@rules.implements("302.3", reasons={"no_priority_in_untap": "player"})
@rules.implements("304.1", reasons={"draw_step": "player"})
@rules.implements("308.4", reasons={"no_attackers": "player"})
@rules.implements("314.1", reasons={"discard_to_hand_size": "player count limit"})
@rules.implements("217.3b", reasons={"hand_size_limit": "player limit"})
@rules.implements("314.2", reasons={"cleanup": "objects effects", "cleanup_damage": "objects",
                                    "cleanup_effects": "effects"})
@rules.implements("314.3", reasons={"cleanup_priority": "player", "cleanup_no_priority": "player",
                                    "cleanup_again": "player"})
def begin(game, step: str, again: bool = False) -> None:
    ap = game.enter_step(step)
    if step == STEP.untap:
        zones.phasing(game, ap)              # phasing happens first in the untap step (217.8, 502.15)
        sick = [o for o in game.battlefield() if o.controller == ap.name and o.sick]
        if sick:
            f = game.fire("212.3d", "sickness_ends", sick, player=ap, objects=sick)
            with game.under(f):
                for o in sick:
                    game.set(o, "sick", False)
        tapped = [o for o in game.battlefield() if chars(game, o).controller == ap.name and o.tapped]
        f = game.fire("302.2", "untap_step" if tapped else "untap_nothing", tapped, player=ap,
                      **({"objects": tapped} if tapped else {}))
        game.happen_under(f, "untap", *({"object": o} for o in tapped))
        game.fire("302.3", "no_priority_in_untap", [], player=ap)
        begin(game, STEP.upkeep)
        return
    if step == STEP.draw:
        game.happen_under(game.fire("304.1", "draw_step", [ap], player=ap), "draw", {"player": ap})
    if step == STEP.declare_attackers:
        if not game.possible_attackers():
            game.auto_declared = (game.turn, step)
            f = game.fire("308.4", "no_attackers", [], player=ap)
            with game.under(f):
                game.step_event(step)
            end_step(game)
            return
        game.step_event(step)
        game.awaiting = (STEP.declare_attackers, ap.name)
        return
    if step == STEP.declare_blockers:
        begin_blockers(game)
        return
    if step == STEP.combat_damage:
        game.step_event(step)
        assign_combat_damage(game)
        game.give_priority(ap.name)
        return
    if step == STEP.cleanup:
        _cleanup(game, ap, again)
        return
    game.step_event(step)
    game.give_priority(ap.name)


def _cleanup(game, ap, again: bool) -> None:
    hand = game.zone_objects(ap.name, "hand")
    over = len(hand) - ap.hand_limit
    if over > 0:
        ids = [o.id for o in hand]
        ans = game.choose("discard", ap.name, by=ap.name, options=ids, legal=lambda a: (
            None if isinstance(a, list) and len(a) == over and len(set(a)) == over and all(x in ids for x in a)
            else f"discard exactly {over} of {', '.join(ids)}"))
        f = game.fire("314.1", "discard_to_hand_size", [ap], player=ap, count=over, limit=ap.hand_limit)
        game.fire("217.3b", "hand_size_limit", [ap], player=ap, limit=ap.hand_limit)
        game.happen_under(f, "discard", *({"object": game.objects[i], "player": ap} for i in ans))
    damaged = [o for o in game.battlefield() if o.damage]
    eot = game.count_effects("end_of_turn")
    if damaged or eot:
        if damaged and eot:
            f = game.fire("314.2", "cleanup", damaged, objects=damaged, effects=eot)
        elif damaged:
            f = game.fire("314.2", "cleanup_damage", damaged, objects=damaged)
        else:
            f = game.fire("314.2", "cleanup_effects", [], effects=eot)
        with game.under(f):
            for o in damaged:
                game.set(o, "damage", 0)
            game.end_effects("end_of_turn")
    game.step_event(STEP.cleanup)
    acted = game.pending or _sba_would_apply(game)
    if acted:
        game.fire("314.3", "cleanup_priority", [ap], player=ap)
        game.cleanup_again = True
        game.give_priority(ap.name)
        return
    game.fire("314.3", "cleanup_no_priority", [ap], player=ap)
    end_step(game)


def _sba_would_apply(game) -> bool:
    cm = compute(game)
    return any(fn(game, cm) for _, fn in CHECKS)
