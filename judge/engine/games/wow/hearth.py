"""Hearthstone (800.1): a payment power whose cost includes conceding ("hearthing").

A player may hearth while he has priority (800.1b). Hearthing adds no link, so nobody can respond to it
(800.1c); the conceding part of the cost creates a modifier that affects every remaining player: each, turn
player first (802.1), chooses any number of equipment he owns and controls; then the game ends and any link
still on the chain is interrupted. The chosen equipment stays in play between games with its counters and
counts toward the next game's deck; every other card is shuffled into its owner's deck (800.1d; the shuffle is
seeded by the scenario's `seed`). What happens in
the next game (800.1e: uniqueness conflicts fixed after the mulligans) is outside a one-game scenario.
"""
from __future__ import annotations

from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.interrupt import interrupt
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import GROUPS, GROUP, RULE, TYPE, say

#: the zones whose cards are shuffled into their owner's deck between games (800.1d)
BETWEEN_GAMES = ("hand", "graveyard", "removed", "play", "resources")


def is_hearth(ab) -> bool:
    return bool(ab is not None and ab.kind == "payment" and (ab.spec.get("cost") or {}).get("concede"))


@rules.implements("800.1a", reasons={"hearthing": "player object"})
@rules.implements("800.1b", reasons={"with_priority": "player", "without_priority": "player holder"})
@rules.implements("800.1c", reasons={"no_link": "player object", "keeps": "player objects"})
@rules.implements(RULE.equipment, reasons={"equipment_kept": "player objects"})
def hearth(game, actor: str, obj, ab) -> None:
    """Hearthing with Hearthstone `obj`'s power `ab` (800.1a–d)."""
    p = game.by_name[actor]
    if game.priority != actor:
        raise game.illegal("800.1b", "without_priority", f"{actor} may hearth only while he has priority",
                           player=p, holder=game.priority or say("none"))
    game.fire("800.1b", "with_priority", [p], player=p)
    f = game.fire("800.1a", "hearthing", [p, obj], player=p, object=obj)
    with game.under(f):
        game.fire("800.1c", "no_link", [obj], player=p, object=obj)
        kept = {name: keep(game, name) for name in game.apnap()}
        for item in list(reversed(game.stack)):
            interrupt(game, item, say("why.hearthed", player=actor))
    game.players_lose([(p, f)])
    game.over = True
    between_games(game, kept)


def keep(game, name: str) -> list:
    """800.1c: the equipment a player keeps — any number of those he owns and controls (none is a choice too)."""
    equipment = GROUPS[GROUP.equipment]
    own = [o for o in game.in_play() if o.owner == name and chars(game, o).controller == name
           and chars(game, o).type in equipment and o.area != "resource"]
    if not own:
        return []
    ids = [o.id for o in own]
    ans = game.choose("keep_equipment", name, by=name, options=ids, auto=False, rule="800.1c",
                      legal=lambda a: keep_problem(game, name, a, ids),
                      hint="800.1c: the equipment (owned and controlled) this player keeps in play between games")
    picked = [game.objects[i] for i in ans]
    f = game.fire("800.1c", "keeps", picked or [game.by_name[name]], player=game.by_name[name],
                  objects=picked or say("none"))
    if picked:
        game.fire(RULE.equipment, "equipment_kept", picked, caused_by=f.id, player=game.by_name[name], objects=picked)
    return picked


def keep_problem(game, name: str, answer, ids: list):
    """Why an answer to "which equipment do you keep" is illegal (None if legal): a card he owns and controls in
    play that is not equipment — 装备 is an armor, item or weapon — is refused under 装备, anything else under
    800.1c."""
    if isinstance(answer, list) and all(isinstance(x, str) for x in answer) and len(set(answer)) == len(answer):
        for x in answer:
            o = game.objects.get(x)
            if x not in ids and o is not None and o.zone == "play" and o.owner == name \
                    and chars(game, o).controller == name and chars(game, o).type not in GROUPS[GROUP.equipment]:
                return say("hearth.not_equipment", card=o.name, kind=chars(game, o).type), RULE.equipment
        if all(x in ids for x in answer):
            return None
    return say("hearth.keep_legal", ids="、".join(ids))


@rules.implements("800.1d", reasons={"between_games": "player kept moved"})
def between_games(game, kept: dict) -> None:
    """800.1d: the kept equipment stays in play (with its counters); every other card goes into its owner's deck
    (not the hero: it is not part of the deck)."""
    for name, objs in kept.items():
        p = game.by_name[name]
        moved = []
        for o in list(game.objects.values()):
            if o.owner != name or o in objs or o.zone not in BETWEEN_GAMES + ("deck",) or o.zone == "deck" \
                    or o.card.type == TYPE.hero or o.token:
                continue
            moved.append(o)
        f = game.fire("800.1d", "between_games", [p, *objs], player=p, kept=objs or say("none"),
                      moved=len(moved))
        with game.under(f):
            for o in moved:
                game.relocate(o, "deck", controller=name, top=False)
            game.shuffle(name)
