"""Events both card games define as other events.

Destroying or sacrificing a permanent and discarding a card are, by definition, putting it into its
owner's graveyard (MTG 420.5c's "destroy", 212.6's sacrifice, 416.3's discard; WoW glossary 消灭, 弃牌):
the game's `expand` hook rewrites them into that move, which replacement effects then see as a move.
"""
from __future__ import annotations

from judge.engine.core.objects import Event


def into_graveyard(ev: Event, frm: str, *, only_from_there: bool = True) -> list[Event]:
    """`ev` (destroy, sacrifice, discard) as a move of its object from `frm` into its owner's graveyard, with
    `ev.kind` as the move's reason; nothing when the object is no longer in `frm` (unless told not to look)."""
    o = ev.data["object"]
    if only_from_there and o.zone != frm:
        return []
    # who made it happen, when a game records it (MTG: the controller of the spell or ability, `by`; a
    # state-based effect, which no player controls, `sba`) stays with the move it is defined as
    kept = {k: ev.data[k] for k in ("by", "sba") if k in ev.data}
    return [Event("move", {"object": o, "to": "graveyard", "from": frm, "reason": ev.kind, **kept})]
