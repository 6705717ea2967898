"""Interrupting a link (711): it leaves the chain and nothing else happens; a copy ceases to exist (705.6).

A link is interrupted when all its targets became illegal (709.2a), when a proposal's combat became
illegal, or when a card says so (Shield Bash). It leaves the chain; a card goes to its owner's graveyard,
a copy (not represented by a card) ceases to exist; costs stay paid (711.1, 711.2).
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.wow.events import move
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import WCard


@rules.implements("711.1", reasons={"interrupted": "object why"})
@rules.implements("711.2", reasons={"nothing_happens": "object"})
def interrupt(game, item, why: str, by=None) -> None:
    """711: the link leaves the chain; a card goes to its owner's graveyard; costs stay paid."""
    f = game.fire("711.1", "interrupted", [item], object=item, why=why)
    with game.under(f):
        if isinstance(item, WCard) and item.extra.get("copy_of"):
            cease_copy(game, item)
        elif isinstance(item, WCard):
            game.happen([Event("move", {"object": item, "to": "graveyard", "from": "chain", "reason": "interrupt"},
                               f.id, firing=f)])
        else:
            game.remove_from_stack(item)
    game.fire("711.2", "nothing_happens", [item], object=item)


def cease_copy(game, item) -> None:
    """705.6: a copy is not represented by a card; when it leaves the chain it ceases to exist."""
    f = game.fire("705.6", "copy_ceases", [item], copy=item)
    with game.under(f):
        move(game, item, "gone")
        item.extra["gone"] = True
