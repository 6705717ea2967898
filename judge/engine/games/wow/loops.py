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

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.games.wow.state import WCard
from judge.engine.games.wow.chars import compute
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import AGREE, BREAK_LOOP, say

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


@rules.implements("801.3", reasons={"mandatory_loop": "player ability times"},
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

    n = game.choose("loop", controller, by=controller, legal=legal, auto=False, rule="801.3",
                    hint=f"801.3: the loop of {src.name}'s triggered effect repeats; its controller chooses a number "
                         f"greater than {MIN_LOOP:,}")
    if n <= MIN_LOOP:
        raise IllegalAction(game.rid("801.3"), "mandatory_loop",
                            {"player": game.by_name[controller], "ability": say("name.power_of", source=src.name),
                             "times": n},
                            f"801.3: the number for a mandatory loop must be greater than one million, not {n}")
    game.fire("801.3", "mandatory_loop", [src], player=game.by_name[controller],
              ability=say("name.power_of", source=src.name), times=n)
    game.loops_done.add(key)
    game.near_miss("801.3", "loop_ended", [src], ability=say("name.power_of", source=src.name))
    return True


@rules.implements("801.5", reasons={"loop_draw": "object"})
def mandatory_without_triggers(game, item) -> bool:
    """801.5: a loop with neither optional actions nor triggered effects that nobody breaks — the same link about
    to resolve in exactly the same game, with no triggered effect and no player's action since it last did (the
    players only passed) — makes the game a draw. True if the game ended so."""
    controller = item.link["controller"] if isinstance(item, WCard) else item.controller
    key = (getattr(item, "name", item.id), controller, signature(game))
    seen = game.loop_seen.get(("resolve",) + key)
    mark = (game.triggered_count, game.actions_count)
    if seen is not None and seen == mark:
        game.fire("801.5", "loop_draw", [item], object=item)
        game.over = True
        return True
    game.loop_seen[("resolve",) + key] = mark
    return False


# ------------------------------------------------------------------ loops of optional actions (801.2, 801.4)

OPTIONAL = ("activate", "cast", "play", "attack")


def _perform(game, a: dict) -> None:
    """One action of the loop's shown turn, as its own trace step, with its own choices."""
    kind = a["kind"]
    if kind not in OPTIONAL + ("pass", "pass_until") or kind not in game.ACTIONS:
        raise EngineError(f"a loop's turn cannot contain {kind!r}")
    perform = game.action(kind)
    if kind in OPTIONAL:
        game.actions_count += 1
    game.begin_step("action", kind, {"actor": a["actor"], **a["args"]})
    with game.chooser.answering(a.get("choices") or None):
        perform(a["actor"], **a["args"])
    game.close_step()


def _same(a: dict) -> tuple:
    return (a["actor"], a["kind"], tuple(sorted((k, repr(v)) for k, v in a["args"].items())))


@rules.implements("801.2", reasons={"loop_shown": "players count", "loop_number": "player times",
                                    "loop_smaller": "player times", "loop_ends": "player times",
                                    "cannot_continue": "player"},
                  near_misses={"not_a_loop": "what"})
@rules.implements("801.4", reasons={"loop_broken": "player"})
def do_loop(game, actor, loop=None, count=None, **_):
    """801.2: a loop of optional actions is shown once in full (the scenario's `loop:` turn). If the game is then
    as it was, the player who took the loop's first optional action names a number; then, clockwise, each other
    player who takes optional actions in it may name a smaller one (`agree`: none). The smallest (X) is how many
    more times it repeats (counted, not replayed: each repetition leaves the game as it was); it ends before the
    first optional action of the player who named X, who gets priority and may not, this time, take the action
    that would continue it. A player may instead break it (`break`, 801.4): it stops there and play goes on."""
    turn = list(loop or [])
    if not turn:
        raise EngineError("a loop needs the actions of one turn of it")
    before = signature(game)
    actors = []
    for a in turn:
        actors.append(a["actor"] or game.priority)
        _perform(game, a)
    game.begin_step("event", "loop_decision", {"count": len(turn)})
    if signature(game) != before:
        game.near_miss("801.2", "not_a_loop", [], what=say("loop.not_same"))
        game.close_step()
        return
    optional = [(i, who) for i, (a, who) in enumerate(zip(turn, actors)) if a["kind"] in OPTIONAL]
    if not optional:
        raise EngineError("a loop of optional actions needs at least one (an activation, a card, a proposal)")
    players = list(dict.fromkeys(who for _, who in optional))
    seats = game.apnap()
    first = players[0]
    order = [n for n in seats[seats.index(first):] + seats[:seats.index(first)] if n in players]
    game.fire("801.2", "loop_shown", [game.by_name[p] for p in order], players=[game.by_name[p] for p in order],
              count=len(turn))
    x, by = None, None
    for p in order:
        def legal(v, x=x, p=p):
            if isinstance(v, str) and v in BREAK_LOOP:
                return None
            if x is not None and isinstance(v, str) and v in AGREE:
                return None
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                return say("loop.answer_first") if x is None else say("loop.answer_next", n=x)
            return None if x is None or v < x else say("loop.answer_next", n=x)
        v = game.choose("loop", p, by=p, auto=False, rule="801.2", legal=legal,
                        hint="801.2: a number (the first player), a smaller number or `agree` (the others); "
                             "`break`: this player breaks the loop (801.4)")
        if isinstance(v, str) and v in BREAK_LOOP:
            game.fire("801.4", "loop_broken", [game.by_name[p]], player=game.by_name[p])
            game.close_step()
            return
        if isinstance(v, str):
            continue
        game.fire("801.2", "loop_number" if x is None else "loop_smaller", [game.by_name[p]], player=game.by_name[p],
                  times=v)
        x, by = v, p
    game.fire("801.2", "loop_ends", [game.by_name[by]], player=game.by_name[by], times=x)
    game.close_step()
    stop = next(i for i, who in optional if who == by)
    for a in turn[:stop]:
        _perform(game, a)
    game.set(game, "priority", by)
    game.loop_barred = (_same(turn[stop] | {"actor": by}), signature(game))


def barred(game, kind: str, actor: str, args: dict) -> None:
    """801.2: the player who named X may not take the action that would continue the loop, this time."""
    if game.loop_barred is None:
        return
    want, state = game.loop_barred
    mine = _same({"actor": actor, "kind": kind, "args": {k: v for k, v in args.items() if v is not None}})
    if mine == want and signature(game) == state:
        raise game.illegal("801.2", "cannot_continue", f"{actor} may not continue the loop (801.2)",
                           player=game.by_name[actor])
    if signature(game) != state:
        game.loop_barred = None
