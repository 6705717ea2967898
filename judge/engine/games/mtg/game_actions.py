"""Game actions (408.2g): what the game itself does in a step — phasing and untapping, the draw step's draw,
declaring attackers and blockers, the cleanup, mana burn — uses no stack. Its own module so that the turn
(`turn.py`) and combat (`combat.py`, which the turn imports) cite it through one function.
"""
from __future__ import annotations

from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import say


@rules.implements("408.2g", reasons={"game_action_no_stack": "player action"})
def game_action(game, player, action: str, by=None) -> None:
    """408.2g: a game action does not use the stack: it simply happens, with nothing on the stack to respond to.
    Cited once the action has been done (`action`: its phrase key under `game_action.`), and only when something
    was actually done; `by`, the firing it followed, when it is not the one applying now."""
    game.fire("408.2g", "game_action_no_stack", [player], caused_by=by.id if by is not None else "", player=player,
              action=say(f"game_action.{action}"))
