"""Starting a game (glossary 再调度, 800.1e): opening hands, mulligans, and the conflicts of kept equipment.

A scenario that gives `start: {first: 甲}` instead of `turn:` begins before the first turn: each player's `deck:`
is shuffled (by the scenario's `seed`) and he draws seven cards as his opening hand (抓牌). Then, before the
first turn begins, each player may mulligan once (`{as: 甲, mulligan: true}`: his hand shuffled into his deck,
seven new cards drawn; a second mulligan in the game is refused under 再调度) or keep (`{as: 甲, keep: true}`).
Equipment on the board in play at the start is what the previous game's Hearthstone kept (800.1d); a
uniqueness conflict it causes is fixed right after the mulligans are done (800.1e, by the uniqueness check,
710.1e). Then the first player's first turn begins.
"""
from __future__ import annotations

from judge.engine.games.common.game import MULLIGAN  # what the game waits for while hands are decided
from judge.engine.games.wow import turn
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.enter import uniqueness
from judge.engine.games.wow.weapons import weapons_conflict
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import GROUP, GROUPS, RULE, STEP, say

OPENING_HAND = 7          # 再调度: "重新抓七张牌作为起手"

rules.declare(RULE.draw, reasons={"opening_hand": "player count"})


def start_game(game, spec) -> None:
    """The game begins: decks shuffled, who plays first, opening hands of seven; then the hands are decided."""
    first = spec.first
    order = [first]
    while len(order) < len(game.players):
        order.append(game.next_player(order[-1]))
    game.active = first
    for name in order:
        game.shuffle(name)
        _draw(game, name)
    game.mulligan_order = tuple(order)
    game.decided = {}
    game.awaiting = (MULLIGAN, _next(game))


def _draw(game, name: str) -> None:
    p = game.by_name[name]
    n = min(OPENING_HAND, len(game.zones.get((name, "deck"), ())))
    f = game.fire(RULE.draw, "opening_hand", [p], player=p, count=n)
    game.happen_under(f, "draw", *({"player": p} for _ in range(n)))


def _next(game) -> str:
    return next(n for n in game.mulligan_order if n not in game.decided)


@rules.implements(RULE.mulligan, reasons={"mulligan": "player count", "once_per_game": "player", "not_now": "player"},
                  near_misses={"kept": "player"})
def deciding(game, actor) -> str:
    """再调度: after the opening hands are drawn and before the first turn begins, each player may mulligan once."""
    if not game.awaiting or game.awaiting[0] != MULLIGAN:
        raise game.illegal(RULE.mulligan, "not_now", f"{actor} cannot mulligan or keep now: only after drawing the "
                           f"opening hands, before the first turn", player=game.by_name.get(actor) or actor or "-")
    who = actor or game.awaiting[1]
    if who in game.decided:
        raise game.illegal(RULE.mulligan, "once_per_game", f"{who} has already decided on his opening hand (one "
                           f"mulligan a game)", player=game.by_name[who])
    return who


def do_mulligan(game, actor, **_) -> None:
    """再调度: the hand is shuffled into the deck and seven new cards are drawn as the opening hand."""
    who = deciding(game, actor)
    p = game.by_name[who]
    f = game.fire(RULE.mulligan, "mulligan", [p], player=p, count=OPENING_HAND)
    with game.under(f):
        for o in list(game.zone_objects(who, "hand")):
            game.relocate(o, "deck", controller=who, top=False)
        game.shuffle(who)
        n = min(OPENING_HAND, len(game.zones.get((who, "deck"), ())))
        game.happen_under(f, "draw", *({"player": p} for _ in range(n)))
    _decided(game, who, "mulligan")


def do_keep(game, actor, **_) -> None:
    who = deciding(game, actor)
    p = game.by_name[who]
    game.near_miss(RULE.mulligan, "kept", [p], player=p)        # he may mulligan, and keeps
    _decided(game, who, "keep")


def _decided(game, who: str, how: str) -> None:
    game.decided = {**game.decided, who: how}
    if len(game.decided) < len(game.mulligan_order):
        game.awaiting = (MULLIGAN, _next(game))
        return
    game.awaiting = None
    kept_conflicts(game)
    game.turn = 1
    game.active = game.mulligan_order[0]
    turn.begin(game, STEP.start_of_turn)


@rules.implements("800.1e", reasons={"fixed_after_mulligans": "player objects"})
def kept_conflicts(game) -> None:
    """800.1e: the equipment kept from the previous game (in play at the start) is checked for uniqueness
    conflicts right after the mulligans, each player's in turn order."""
    equipment = GROUPS[GROUP.equipment]
    for name in game.mulligan_order:
        kept = [o for o in game.in_play() if o.controller == name and o.area != "resource"
                and chars(game, o).type in equipment]
        if not in_conflict(game, name, kept):
            continue
        f = game.fire("800.1e", "fixed_after_mulligans", kept, player=game.by_name[name], objects=kept)
        with game.under(f):
            for o in kept:
                if o.zone == "play":
                    uniqueness(game, o)


def in_conflict(game, name: str, kept: list) -> bool:
    """Whether the equipment a player kept conflicts: two unique cards of one name, or his weapons (710.1e)."""
    names = [chars(game, o).name for o in kept if chars(game, o).unique]
    return len(names) != len(set(names)) or weapons_conflict(game, name)
