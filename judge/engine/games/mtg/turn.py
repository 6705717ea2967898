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
from judge.engine.games.mtg.combat import assign_combat_damage, declaration_begins
from judge.engine.games.mtg.game_actions import game_action
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.sba import CHECKS
from judge.engine.games.mtg.schedule import inserted_after, next_turn_player, skipped, steps_of
from judge.engine.games.mtg.words import PHASE, PHASE_OF, STEP, STEPS, TERM, say

# the rule that says which steps a phase has, by phase (306.1, the combat phase, is cited by `combat`)
PHASE_RULES = {PHASE.beginning: "301.1", PHASE.main1: "305.1", PHASE.main2: "305.1", PHASE.ending: "312.1"}
MAIN_PHASES = (PHASE.main1, PHASE.main2)

@rules.implements("300.2", reasons={"step_ends": "step"})
@rules.implements("305.2", reasons={"main_phase_ends": "step"})
@rules.implements("300.3", reasons={"mana_burn": "player amount mana"})
@rules.implements("311.2", reasons={"combat_over": "objects"})
def end_step(game) -> None:
    old = game.step
    if PHASE_OF[old] in MAIN_PHASES:       # a main phase has no steps: it is what ends (305.2, its case of 300.2)
        game.fire("305.2", "main_phase_ends", [], step=old)
    else:
        game.fire("300.2", "step_ends", [], step=old)
    if old == STEP.cleanup and game.cleanup_again:
        game.cleanup_again = False
        game.fire("314.3", "cleanup_again", [game.active], player=game.by_name[game.active])
        begin(game, STEP.cleanup, again=True)
        return
    since = (game.turn, old)
    nxt = _next(game, old)
    new_turn = old == STEP.cleanup
    if not new_turn:
        nxt = _not_skipped(game, nxt)
    if new_turn or PHASE_OF[old] != PHASE_OF[nxt]:
        _end_phase(game, PHASE_OF[old])
    if new_turn:
        _new_turn(game)
    begin(game, nxt, since=since)


def _not_skipped(game, nxt: str) -> str:
    """The first step from `nxt` on that the active player doesn't skip (300.9): a skipped phase skips each of
    its steps; the cleanup step ends the turn whatever is skipped."""
    phase = None
    while nxt != STEP.cleanup:
        if PHASE_OF[nxt] == phase:
            pass
        elif nxt == steps_of(PHASE_OF[nxt])[0] and skipped(game, game.active, PHASE_OF[nxt], "phase"):
            phase = PHASE_OF[nxt]
        elif not skipped(game, game.active, nxt, "step"):
            return nxt
        nxt = _next(game, nxt)
    return nxt


def _next(game, old: str) -> str:
    """The step after `old`: extra steps and phases added after it come first (300.7, 300.8); once they are
    taken, the turn goes on after the step they followed."""
    if old == STEP.cleanup:
        return STEP.untap
    if old == STEP.combat_damage and game.first_strike_pending:
        return STEP.combat_damage
    extra = inserted_after(game, old)
    if extra:
        if not game.step_queue and game.resume_after is None:
            game.resume_after = old
        game.step_queue = [*extra, *game.step_queue]
    if old == STEP.declare_attackers and not game.attackers():
        queue = list(game.step_queue)          # 308.4: the rest of this combat phase is skipped
        while queue and queue[0] != STEP.end_of_combat and PHASE_OF[queue[0]] == PHASE_OF[old]:
            queue.pop(0)
        game.step_queue = queue[1:] if queue and queue[0] == STEP.end_of_combat else queue
        return STEP.end_of_combat
    if game.step_queue:
        nxt, game.step_queue = game.step_queue[0], game.step_queue[1:]
        return nxt
    if game.resume_after is not None:
        old, game.resume_after = game.resume_after, None
    return STEPS[STEPS.index(old) + 1]


def _end_phase(game, phase: str) -> None:
    for p in game.in_game():
        total = sum(p.pool.values())
        if total:
            f = game.fire("300.3", "mana_burn", [p], player=p, amount=total, mana=M.show(p.pool))
            with game.under(f):
                game.set(p, "pool", {})
                game.set(p, "life", p.life - total)
            game_action(game, p, "mana_burn")
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
    """The next turn: an extra turn if one is pending (300.6), else the next player's in turn order after the
    last turn that was not an extra one; a player who skips his turn doesn't take it (300.9)."""
    while True:
        normal = game.next_player(game.normal_active)
        who = next_turn_player(game, normal)
        if who == normal:
            game.normal_active = who
        if not skipped(game, who, TERM.turn, "turn"):
            break
    game.active = who
    game.turn += 1
    for p in game.players:
        if p.lands_played:
            game.set(p, "lands_played", 0)


@rules.implements("302.2", reasons={"untap_step": "player objects", "untap_nothing": "player",
                                    "stays_tapped": "player objects", "chose_not_to_untap": "player objects"})
@rules.implements("302.3", reasons={"no_priority_in_untap": "player"})
@rules.implements("304.1", reasons={"draw_step": "player"})
@rules.implements("308.4", reasons={"no_attackers": "player"})
@rules.implements("314.1", reasons={"discard_to_hand_size": "player count limit"})
@rules.implements("217.3b", reasons={"hand_size_limit": "player limit"})
@rules.implements("314.2", reasons={"cleanup": "objects effects", "cleanup_damage": "objects",
                                    "cleanup_effects": "effects"})
@rules.implements("314.3", reasons={"cleanup_priority": "player", "cleanup_no_priority": "player",
                                    "cleanup_again": "player"})
@rules.implements("103.1", reasons={"card_text_wins": "object does rule_says"})
def _untapping(game, ap, tapped: list) -> list:
    """Which of the active player's tapped permanents untap (302.2: he decides, and effects may stop some):
    one that doesn't untap stays tapped; for one whose controller may choose not to untap it, he is asked
    (`choices: {untap: {ID: false}}`), never by default."""
    kept, chosen = [], []
    for o in tapped:
        flags = chars(game, o).flags
        if flags.get("doesnt_untap"):
            kept.append(o)
        elif flags.get("may_not_untap") and not game.choose("untap", o.id, by=ap.name, options=[True, False],
                                                             auto=False):
            chosen.append(o)
    if kept:
        f = game.fire("302.2", "stays_tapped", kept, player=ap, objects=kept)
        for o in kept:          # the card says what the rule would not: the card wins (103.1)
            game.fire("103.1", "card_text_wins", [o], object=o, does=say("text_wins.doesnt_untap"),
                      rule_says=say("text_wins.untap_rule"), caused_by=f.id)
    if chosen:
        f = game.fire("302.2", "chose_not_to_untap", chosen, player=ap, objects=chosen)
        for o in chosen:
            game.fire("103.1", "card_text_wins", [o], object=o, does=say("text_wins.may_not_untap"),
                      rule_says=say("text_wins.untap_rule"), caused_by=f.id)
    return [o for o in tapped if o not in kept and o not in chosen]


@rules.implements("300.1", reasons={"turn_phases": "player turn phases"})
@rules.implements("200.3", reasons={"active_player": "player others"})
@rules.implements("301.1", reasons={"phase_steps": "phase steps"})
@rules.implements("312.1", reasons={"phase_steps": "phase steps"})
@rules.implements("305.1", reasons={"main_phase": "phase other"})
def phase_begins(game, ap, step: str, since: tuple | None) -> None:
    """The step just begun starts a phase (`since`, the turn and step that ended for it, was of another phase or
    another turn): a new turn goes through all five phases in order, whether or not anything happens in them
    (300.1); the beginning phase is untap, upkeep, draw (301.1), the end phase end of turn and cleanup (312.1); a
    main phase is one of two, separate, with combat between them (305.1)."""
    if since is None:
        return
    turn, before = since
    phase = PHASE_OF[step]
    if turn == game.turn and PHASE_OF[before] == phase:
        return
    if turn != game.turn:
        game.fire("300.1", "turn_phases", [ap], player=ap, turn=game.turn, phases="、".join(PHASE.words()))
        others = [p for p in game.in_game() if p is not ap]      # whose turn it is: the active player (200.3)
        game.fire("200.3", "active_player", [ap], player=ap, others=others or say("none"))
    rule = PHASE_RULES.get(phase)
    if rule is None:
        return
    if phase in MAIN_PHASES:
        other = MAIN_PHASES[1 - MAIN_PHASES.index(phase)]
        game.fire(rule, "main_phase", [], phase=phase, other=other)
    else:
        game.fire(rule, "phase_steps", [], phase=phase, steps="、".join(steps_of(phase)))


@rules.implements("302.1", reasons={"phasing_first": "player objects"})
def _phasing_first(game, ap) -> None:
    """302.1: first in the untap step, the active player's permanents with phasing phase out and what phased
    out under his control phases in, at once and without the stack (cited only when something phases)."""
    going, coming = zones.phasing_objects(game, ap)
    if not (going or coming):
        return
    f = game.fire("302.1", "phasing_first", [*going, *coming], player=ap, objects=[*going, *coming])
    with game.under(f):
        zones.phasing(game, going, coming)
    game_action(game, ap, "phasing")


def begin(game, step: str, again: bool = False, since: tuple | None = None) -> None:
    """`step` begins; `since` is the turn and step that just ended (none when a game starts or a step repeats)."""
    ap = game.enter_step(step)
    phase_begins(game, ap, step, since)
    if step == STEP.untap and skipped(game, ap.name, step, "step"):
        begin(game, STEP.upkeep)
        return
    if step == STEP.untap:
        _phasing_first(game, ap)             # phasing happens first in the untap step (302.1, 217.8, 502.15)
        sick = [o for o in game.battlefield() if o.controller == ap.name and o.sick]
        if sick:
            f = game.fire("212.3d", "sickness_ends", sick, player=ap, objects=sick)
            with game.under(f):
                for o in sick:
                    game.set(o, "sick", False)
        tapped = _untapping(game, ap, [o for o in game.battlefield() if chars(game, o).controller == ap.name
                                       and o.tapped])
        f = game.fire("302.2", "untap_step" if tapped else "untap_nothing", tapped, player=ap,
                      **({"objects": tapped} if tapped else {}))
        game.happen_under(f, "untap", *({"object": o} for o in tapped))
        if tapped:
            game_action(game, ap, "untap")
        game.fire("302.3", "no_priority_in_untap", [], player=ap)
        begin(game, STEP.upkeep)
        return
    if step == STEP.draw and not skips_first_draw(game, ap):
        f = game.fire("304.1", "draw_step", [ap], player=ap)
        game.happen_under(f, "draw", {"player": ap})
        game_action(game, ap, "draw", by=f)
    if step in (STEP.declare_attackers, STEP.declare_blockers):
        declaration_begins(game, step)
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


@rules.implements("101.5a", reasons={"first_draw_skipped": "player"})
def skips_first_draw(game, ap) -> bool:
    """101.5a: in a two-player game the player who plays first skips the draw step of his first turn (set when
    a scenario starts the game, `start:`; a scenario loaded in the middle of a game never skips it)."""
    if game.first_draw_skip != ap.name or game.turn != 1:
        return False
    game.fire("101.5a", "first_draw_skipped", [ap], player=ap)
    game.first_draw_skip = None
    return True


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
        game_action(game, ap, "cleanup")
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
        if not over > 0:
            game_action(game, ap, "cleanup")
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
