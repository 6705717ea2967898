"""The turn (not in this book: the excerpt has no chapter on it) and the game's setup (108.3.b).

The smallest turn the excerpt's text relies on ("this turn", drawing, channelling runes): in the setup
(准备阶段, 128.1's word) each player puts his chosen champion into his champion zone (108.3.b); then each
turn the turn player readies his cards (唤醒), channels two runes from his own rune deck (引导), draws a
card (抽牌, 108.7.b), and acts (行动阶段, the only phase in which players receive priority here); when every
player passes with an empty chain the turn ends (结束阶段): damage is removed, "this turn" instructions
expire, rune pools empty and what an effect showed stops being shown (128.2.a) — then the next player's
turn begins.
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.riftbound import moves
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.words import ON_BOARD, STEP, TYPE, say

mechanic("turn", reasons={"phase_ends": "step"})
mechanic("end_of_turn", reasons={"turn_ends": "player"})
mechanic("awaken", reasons={"readied": "player objects"})
mechanic("setup", reasons={"no_champion": "player"})

CHANNEL_PER_TURN = 2
DRAW_PER_TURN = 1


def end_step(game) -> None:
    """Every player passed with an empty chain."""
    old = game.step
    game.unnumbered("turn", "phase_ends", [], step=old)
    if old == STEP.setup:
        setup(game)
        start_turn(game)
        return
    end_turn(game)
    game.active = game.next_player(game.active)
    game.turn += 1
    start_turn(game)


def start_turn(game) -> None:
    ap = game.enter_step(STEP.awaken)
    mine = [o for o in game.objects.values() if o.zone in ON_BOARD and o.controller == ap.name and o.tapped]
    f = game.unnumbered("awaken", "readied", mine, player=ap, objects=mine)
    game.happen_under(f, "ready", *({"object": o} for o in mine))
    game.enter_step(STEP.channel)
    moves.channel(game, ap, None, CHANNEL_PER_TURN)
    game.enter_step(STEP.draw)
    game.happen([Event("draw", {"player": ap, "by": None}) for _ in range(DRAW_PER_TURN)])
    game.enter_step(STEP.action)
    game.give_priority(ap.name)


def end_turn(game) -> None:
    ap = game.enter_step(STEP.end)
    f = game.unnumbered("end_of_turn", "turn_ends", [], player=ap)
    with game.under(f):
        for o in game.objects.values():
            if o.damage and o.zone in ON_BOARD:
                game.set(o, "damage", 0)
            if o.shown_to:
                game.set(o, "shown_to", frozenset())
        for d in game.delayed:
            if not d.done and d.spec.get("until") == "end_of_turn":
                game.set(d, "done", True)
        for p in game.players:
            if p.pool:
                game.set(p, "pool", {})
            if p.played:
                game.set_quiet(p, "played", 0)


@rules.implements("108.3.b", reasons={"champion_placed": "player object", "not_champion": "player object why"})
@rules.implements("108.3.a", reasons={"own_champion_zone": "player object"})
def setup(game) -> None:
    """108.3.b: at the start of the game each player puts his chosen champion into his own champion zone
    (108.3.a). He chooses it among the champion units of his main deck (`choices: {champion: {甲: ID}}`)."""
    for name in game.apnap():
        p = game.by_name[name]
        deck = [game.objects[i] for i in game.zones.get((name, "deck"), ())]
        options = [o.id for o in deck if o.card.champion and TYPE.unit in o.card.types]
        ids = [o.id for o in deck]
        if not ids:
            game.unnumbered("setup", "no_champion", [p], player=p)
            continue
        ans = game.choose("champion", name, by=name, options=options or ids,
                          legal=lambda a: None if str(a) in ids else say("why.not_in_deck"),
                          hint=say("hint.champion"))
        o = game.objects[str(ans)]
        if not (o.card.champion and TYPE.unit in o.card.types):
            raise game.illegal("108.3.b", "not_champion", f"{o.id} is not a champion unit", player=p, object=o,
                               why=say("why.not_champion"))
        f = game.fire("108.3.b", "champion_placed", [o], player=p, object=o)
        game.fire("108.3.a", "own_champion_zone", [o], player=p, object=o)
        moves.relocate(game, o, "champion", f)
        with game.under(f):
            game.set(o, "chosen_champion", True)
