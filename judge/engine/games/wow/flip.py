"""Hero flips (glossary 翻转, 翻转式能力).

A flip power is a hero's payment power whose cost includes flipping that hero (`cost: {flip: true}`,
翻转式能力): paying that part of the cost flips the hero — face up to face down, or back — and flipping does not
change whether it is exhausted (翻转).
"""
from __future__ import annotations

from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import RULE, say


@rules.implements(RULE.flip_power, reasons={"flip_power": "player object power"})
@rules.implements(RULE.flip, reasons={"flipped": "object face state"})
def pay_flip(game, p, hero, item, ab) -> None:
    """翻转式能力: the flip part of a hero's payment power is paid by flipping it (翻转), its exhaustion kept."""
    f = game.fire(RULE.flip_power, "flip_power", [hero, item.id], player=p, object=hero,
                  power=ab.text or ab.key)
    down = not hero.face_down
    ff = game.fire(RULE.flip, "flipped", [hero], caused_by=f.id, object=hero,
                   face=say("face.down" if down else "face.up"),
                   state=say("flip.exhausted" if hero.tapped else "flip.ready"))
    with game.under(ff):
        game.set(hero, "face_down", down)
