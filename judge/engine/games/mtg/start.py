"""Starting the game (101, 217.2a, 217.3a): shuffling, who plays first, opening hands and mulligans.

A scenario that gives `start:` instead of `turn:` begins before the first turn: each player's `library:` on
the board is his deck. Each deck is shuffled and becomes its player's library (101.1, 217.2a); the player
who plays first is the one `start.first` names — decided by an agreed method, or chosen by the loser of the
previous game, or after a drawn game by the player who chose then (101.2); each player has 20 life and
draws seven cards (101.3, 217.3a). Then, starting with the first player and in turn order, each player
either mulligans (`{as: 甲, mulligan: true}`: his hand shuffled back, one card fewer drawn each time) or
keeps (`{as: 甲, keep: true}`); once kept, a hand is final (101.4). When every player has kept, the first
player's first turn begins (101.5), and in a two-player game he skips that turn's draw step (101.5a).
"""
from __future__ import annotations

from judge.engine.games.common.game import MULLIGAN  # what the game waits for while hands are decided
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.turn import begin
from judge.engine.games.mtg.words import STEP

START_LIFE = 20          # 101.3
OPENING_HAND = 7         # 101.3, 217.3a

__all__ = ["start_game", "do_mulligan", "do_keep", "MULLIGAN"]


@rules.implements("101.1", reasons={"deck_shuffled": "player count"})
@rules.implements("217.2a", reasons={"deck_becomes_library": "player count"})
@rules.implements("101.2", reasons={"first_agreed": "player", "first_by_loser": "player loser",
                                    "first_after_draw": "player chooser"})
@rules.implements("101.3", reasons={"starting_life_and_hand": "player life count"})
@rules.implements("217.3a", reasons={"opening_hand_drawn": "player count"})
def start_game(game, spec) -> None:
    """The game begins (`spec`: the scenario's `start:`): decks shuffled into libraries, who plays first,
    starting life and opening hands; then the first player decides whether to mulligan."""
    for p in game.players:
        lib = game.zone_list((p.name, "library"))
        game.rng.shuffle(lib)
        game.fire("101.1", "deck_shuffled", [p], player=p, count=len(lib))
        game.fire("217.2a", "deck_becomes_library", [p], player=p, count=len(lib))
    if getattr(spec, "ante", False):
        ante_at_start(game)
    first = game.by_name[spec.first]
    if spec.previous_loser:
        game.fire("101.2", "first_by_loser", [first], player=first, loser=game.by_name[spec.previous_loser])
    elif spec.previous_chooser:
        game.fire("101.2", "first_after_draw", [first], player=first, chooser=game.by_name[spec.previous_chooser])
    else:
        game.fire("101.2", "first_agreed", [first], player=first)
    game.active = first.name
    order = [first.name]
    while len(order) < len(game.players):
        order.append(game.next_player(order[-1]))
    for name in order:
        p = game.by_name[name]
        can = min(OPENING_HAND, len(game.zone_list((name, "library"))))     # a deck too small: he draws
        f = game.fire("101.3", "starting_life_and_hand", [p], player=p, life=START_LIFE, count=can)  # what it has
        with game.under(f):
            if p.life != START_LIFE:
                game.set(p, "life", START_LIFE)
        _draw(game, p, can, "217.3a", "opening_hand_drawn", tries=OPENING_HAND)
    game.mulligan_order = order
    game.mulligans = {name: 0 for name in order}
    game.awaiting = (MULLIGAN, first.name)


ANTE = "ante"


@rules.implements("217.9b", reasons={"ante_at_start": "players", "ante_won": "player objects"})
@rules.implements("217.9d", reasons={"anted": "player object"})
def ante_at_start(game) -> None:
    """Playing for ante (`start: {ante: true}`): as the game starts, each player takes a card at random from his
    library and puts it into the ante zone (217.9b) — anteing it, which only its owner does (217.9d)."""
    f = game.fire("217.9b", "ante_at_start", list(game.players), players=list(game.players))
    with game.under(f):
        for p in game.players:
            lib = game.zone_list((p.name, "library"))
            if not lib:
                continue
            card = game.objects[game.rng.choice(lib)]
            game.fire("217.9d", "anted", [p, card], player=p, object=card)
            game.move(card, ANTE, reason=ANTE)


def ante_won(game) -> None:
    """The game is over with a winner: he becomes the owner of every card in the ante zone (217.9b)."""
    won = [p for p in game.players if p.won]
    if len(won) != 1:
        return
    w = won[0]
    cards = [o for o in game.objects.values() if o.zone == ANTE]
    if not cards:
        return
    f = game.fire("217.9b", "ante_won", [w, *cards], player=w, objects=cards)
    with game.under(f):
        for o in cards:
            if o.owner == w.name:
                continue
            old = game.zone_key(o.owner, o.controller, ANTE)       # it moves to the ante zone of its new owner
            lst = game.zones[old]
            idx = lst.index(o.id)
            del lst[idx]
            game.journal.moved(o, old, idx)
            game.set(o, "owner", w.name)
            key = game.zone_key(o.owner, o.controller, ANTE)
            game.zone_list(key).append(o.id)
            game.journal.placed(o, key)


def _draw(game, p, n: int, rule: str, reason: str, tries: int) -> None:
    """`n` cards drawn of the `tries` he must draw: drawing from an empty library is what loses the game at
    the next state-based check (420.5g), so every draw is attempted."""
    f = game.fire(rule, reason, [p], player=p, count=n)
    game.happen_under(f, "draw", *({"player": p} for _ in range(tries)))


@rules.implements("101.4", reasons={"mulligan": "player count", "hand_kept": "player count",
                                    "not_your_mulligan": "player expected", "no_cards_left": "player"})
def _deciding(game, actor: str | None) -> str:
    """The player whose turn it is to decide on his hand: 101.4 — the first player first, then the others in
    turn order; a player who kept can't mulligan any more."""
    if not game.awaiting or game.awaiting[0] != MULLIGAN:
        raise game.illegal("101.4", "not_your_mulligan", f"{actor} cannot mulligan or keep now: hands are decided "
                           f"only at the start of the game", player=actor or "-", expected="-")
    who = game.awaiting[1]
    if (actor or who) != who:
        raise game.illegal("101.4", "not_your_mulligan", f"{actor} cannot decide on his hand now: {who} decides "
                           f"first (101.4)", player=actor, expected=game.by_name[who])
    return who


def do_mulligan(game, actor, **_) -> None:
    """101.4: the hand is shuffled back into the library and one card fewer is drawn (down to zero)."""
    who = _deciding(game, actor)
    p = game.by_name[who]
    n = OPENING_HAND - game.mulligans[who] - 1
    if n < 0:
        raise game.illegal("101.4", "no_cards_left", f"{who} has no card left to mulligan to", player=p)
    game.mulligans = {**game.mulligans, who: game.mulligans[who] + 1}
    f = game.fire("101.4", "mulligan", [p], player=p, count=n)
    with game.under(f):
        for card in game.zone_objects(who, "hand"):
            game.move(card, "library", reason=MULLIGAN, shuffle=True)
        game.rng.shuffle(game.zone_list((who, "library")))
        if n:
            game.happen_under(f, "draw", *({"player": p} for _ in range(n)))


def do_keep(game, actor, **_) -> None:
    """101.4: the hand becomes the opening hand; the next player in turn order decides. 101.5: once every
    player has kept, the first player's first turn begins."""
    who = _deciding(game, actor)
    p = game.by_name[who]
    game.fire("101.4", "hand_kept", [p], player=p, count=len(game.zone_objects(who, "hand")))
    order = game.mulligan_order
    i = order.index(who)
    if i + 1 < len(order):
        game.awaiting = (MULLIGAN, order[i + 1])
        return
    game.awaiting = None
    first_turn(game)


@rules.implements("101.5", reasons={"first_turn_begins": "player"})
def first_turn(game) -> None:
    first = game.by_name[game.mulligan_order[0]]
    game.fire("101.5", "first_turn_begins", [first], player=first)
    game.turn = 1
    game.active = game.normal_active = first.name
    game.first_draw_skip = first.name if len(game.players) == 2 else None
    begin(game, STEP.untap)
