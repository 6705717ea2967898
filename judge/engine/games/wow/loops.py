"""Loops (801): a mandatory loop of triggered effects is shortcut by a number a player chooses.

When a triggered power is about to trigger, the game state it triggers in is
summarised (cards in play with their state, the chain, hands and decks, the
pending triggers — object ids of tokens left out, since each Wisp is a new
token). If the same power triggered before in exactly the same state, the
loop has been shown once in full (801.3 "需先完整地演示该循环") and nobody broke
it (801.4: a player who wants to break it acts before that). The controller of
the loop's first triggered effect then chooses a number greater than one
million (`choices: {loop: {PLAYER: 2000000}}`, a number the scenario gives);
the loop counts as repeated that many extra times and ends just before the
effect would trigger again: this time it does not trigger, and play goes on.
"""
from __future__ import annotations

from judge.engine.core.errors import IllegalAction
from judge.engine.games.wow.chars import compute
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import say

MIN_LOOP = 1_000_000


def signature(game) -> tuple:
    cm = compute(game)
    board = []
    for o in game.in_play():
        c = cm.get(o.id)
        board.append((c.name if c else o.name, c.controller if c else o.controller, o.area, o.tapped, o.damage,
                      game.objects[o.attached_to].name if o.attached_to in game.objects else None,
                      c.atk if c else None, c.health if c else None))
    chain = tuple(getattr(s, "name", s.id) for s in game.stack)
    zones = tuple((p.name, len(game.zone_objects(p.name, "hand")), len(game.zone_objects(p.name, "deck")),
                   len(game.zone_objects(p.name, "graveyard"))) for p in game.players)
    pend = tuple(sorted((t.source_name, t.ability.key) for t in game.pending))
    live = tuple(sorted((m.source_name, m.kind) for m in game.live_modifiers()))
    return (tuple(sorted(board, key=repr)), chain, zones, pend, live, game.turn, game.step)


@rules.implements("801.3", reasons={"mandatory_loop": "player ability times",
                                     "loop_number_too_small": "player ability times"},
                  near_misses={"loop_ended": "ability"})
def check_loop(game, src, ab, controller: str) -> bool:
    """True if this trigger is where a shortcut loop ends (801.3): it does not trigger."""
    key = (src.card.name, ab.key, controller, signature(game))
    if key in game.loops_done:
        game.near_miss("801.3", "loop_ended", [src], ability=say("name.power_of", source=src.name))
        return True
    if key not in game.loop_seen:
        game.loop_seen[key] = game.turn
        return False

    def legal(ans):
        if isinstance(ans, bool) or not isinstance(ans, int):
            return "a whole number"
        return None

    n = game.choose("loop", controller, by=controller, legal=legal, auto=False,
                    hint=f"801.3: the loop of {src.name}'s triggered effect repeats; its controller chooses a number "
                         f"greater than {MIN_LOOP:,}")
    if n <= MIN_LOOP:
        raise IllegalAction(game.rid("801.3"), "loop_number_too_small",
                            {"player": game.by_name[controller], "ability": say("name.power_of", source=src.name),
                             "times": n},
                            f"801.3: the number for a mandatory loop must be greater than one million, not {n}")
    game.fire("801.3", "mandatory_loop", [src], player=game.by_name[controller],
              ability=say("name.power_of", source=src.name), times=n)
    game.loops_done.add(key)
    game.near_miss("801.3", "loop_ended", [src], ability=say("name.power_of", source=src.name))
    return True
