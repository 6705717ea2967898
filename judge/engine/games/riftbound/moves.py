"""Where cards go, and the rules of 108 that decide it; the events the engine carries out.

Events (`judge.engine.core.events`): `move` (a card to a zone: `why` says what sent it), `destroy`
(defined as a move to its owner's trash: `expand`), `damage`, `draw`, `exhaust`, `ready`, `played`
(a card was played: triggers only). Each move is done under the rule that decides where the card goes:

- the trash: destroyed, discarded, a spell that finished resolving, a card an effect puts there (108.2.b),
  always its owner's (108.2.a, cited when its owner is not the player who controlled it);
- banishment: banished by a spell or ability (108.6.b), its owner's (108.6.a);
- the hand: a drawn card (108.7.b) from its player's own main deck (108.4.a) into his own hand (108.7.a);
  108.4.a and 108.7.a are cited when another player's instruction makes him draw;
- the champion zone: only if it is empty (108.3.c.1); a chosen champion never goes back there otherwise
  (108.3.c);
- the board: a unit or equipment that resolves (not in this book), equipment only to its player's base
  unless its text says otherwise (148.1.a.1, `play`);
- runes: channelled from its player's own rune deck (108.5.a).

A card that changes zones is a new object (the core's incarnations); what was marked on it on the board
(damage, exhaustion) and who an effect let see it stay behind (not in this book, 128.2.a).
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.words import ON_BOARD, TYPE, say, zone

mechanic("enter_board", reasons={"enters_board": "object player location"})
mechanic("channel", reasons={"channelled": "player object"})

rules.declare("108.2.b", reasons={"to_trash": "object why"})
rules.declare("108.2.a", reasons={"owners_trash": "object owner controller"})
rules.declare("108.6.b", reasons={"banished": "object"})
rules.declare("108.6.a", reasons={"owners_banishment": "object owner controller"})
rules.declare("108.7.b", reasons={"drawn_to_hand": "player object"})
rules.declare("108.4.a", reasons={"own_deck": "player object by"})
rules.declare("108.7.a", reasons={"own_hand": "player object by", "owners_hand": "object owner controller"})
rules.declare("108.5.a", reasons={"own_rune_deck": "player by"})
rules.declare("108.3.c", reasons={"champion_not_back": "object to"})
rules.declare("148.1.a.4", reasons={"gear_destroyed": "object"})


def move(game, obj, to: str, why: str, by: str | None = None) -> list[Event]:
    """`obj` goes to zone `to` (for reason `why`: destroyed, discarded, resolved, banished, returned…),
    by an instruction of player `by`."""
    return game.happen([Event("move", {"object": obj, "to": to, "why": why, "by": by})])


def expand(game, ev: Event):
    """`destroy` is a move to its owner's trash (108.2.b)."""
    if ev.kind == "destroy":
        o = ev.data["object"]
        if o.zone not in ON_BOARD:
            return []
        return [Event("move", {"object": o, "to": "trash", "why": "destroyed", "by": ev.data.get("by")})]
    return None


def perform(game, ev: Event) -> bool:
    k = ev.kind
    if k == "move":
        return _move(game, ev)
    if k == "damage":
        o = ev.data["object"]
        if o.zone not in ON_BOARD or ev.data["amount"] <= 0:
            return False
        game.set(o, "damage", o.damage + ev.data["amount"])
        return True
    if k == "draw":
        return _draw(game, ev)
    if k in ("exhaust", "ready"):
        o = ev.data["object"]
        if o.zone not in ON_BOARD or o.tapped == (k == "exhaust"):
            return False
        game.set(o, "tapped", k == "exhaust")
        return True
    if k == "played":
        return True
    return False


def _move(game, ev: Event) -> bool:
    o, to, why, by = ev.data["object"], ev.data["to"], ev.data["why"], ev.data.get("by")
    if o.zone == to:
        return False
    controller = o.controller
    if to == "trash":
        if why == "destroyed" and TYPE.gear in o.card.types:
            game.fire("148.1.a.4", "gear_destroyed", [o], object=o)
        f = game.fire("108.2.b", "to_trash", [o], object=o, why=say(f"why.{why}"))
        if o.owner != controller:
            game.fire("108.2.a", "owners_trash", [o], object=o, owner=game.by_name[o.owner],
                      controller=game.by_name[controller])
    elif to == "banishment":
        f = game.fire("108.6.b", "banished", [o], object=o)
        if o.owner != controller:
            game.fire("108.6.a", "owners_banishment", [o], object=o, owner=game.by_name[o.owner],
                      controller=game.by_name[controller])
    elif to == "hand":
        f = game.current_firing()
        if o.owner != controller:
            f = game.fire("108.7.a", "owners_hand", [o], object=o, owner=game.by_name[o.owner],
                          controller=game.by_name[controller])
    elif to in ON_BOARD:
        f = game.unnumbered("enter_board", "enters_board", [o], object=o, player=game.by_name[controller],
                            location=zone(to))
    else:     # the champion zone and the chain are entered by their own rules (108.3.c.1, 108.1.a)
        f = game.current_firing()
    if o.chosen_champion and o.zone in ON_BOARD and to != "champion":
        game.fire("108.3.c", "champion_not_back", [o], object=o, to=zone(to))
    relocate(game, o, to, f)
    return True


def relocate(game, o, to: str, firing=None, *, controller: str | None = None) -> None:
    """Move a card and leave behind what only its old self had (damage, exhaustion, who was shown it)."""
    def do():
        leaving_board = o.zone in ON_BOARD and to not in ON_BOARD
        if leaving_board:
            if o.damage:
                game.set(o, "damage", 0)
            if o.tapped:
                game.set(o, "tapped", False)
        if o.shown_to:
            game.set(o, "shown_to", frozenset())
        new_controller = controller if controller is not None else (o.owner if to not in ON_BOARD else None)
        game.relocate(o, to, controller=new_controller)

    if firing is not None and firing is not game.current_firing():
        with game.under(firing):
            do()
    else:
        do()


def _draw(game, ev: Event) -> bool:
    p = ev.data["player"]
    by = ev.data.get("by")
    deck = game.zones.get((p.name, "deck"), [])
    if not deck:
        return False
    o = game.objects[deck[0]]
    f = game.fire("108.7.b", "drawn_to_hand", [o], player=p, object=o)
    if by is not None and by != p.name:
        game.fire("108.4.a", "own_deck", [o], player=p, object=o, by=game.by_name[by])
        game.fire("108.7.a", "own_hand", [o], player=p, object=o, by=game.by_name[by])
    relocate(game, o, "hand", f)
    return True


def channel(game, player, by: str | None, n: int) -> int:
    """`player` channels `n` runes: the top runes of his own rune deck go to his base (not in this book)."""
    done = 0
    for _ in range(n):
        runes = game.zones.get((player.name, "runes"), [])
        if not runes:
            break
        o = game.objects[runes[0]]
        if by is not None and by != player.name:
            game.fire("108.5.a", "own_rune_deck", [player], player=player, by=game.by_name[by])
        f = game.unnumbered("channel", "channelled", [o], player=player, object=o)
        relocate(game, o, "base", f)
        done += 1
    return done
