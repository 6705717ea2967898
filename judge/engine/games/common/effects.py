"""What a resolving spell or ability's instructions refer to, read the same way in every card vocabulary.

A game's `effects.refs(game, ctx, ref)` reads its own reference words (`enchanted`, `your_hero`, …)
and hands the shared ones here: a list of references (merged, each object once), `self`, `you`,
`target` / `target2` / `targets` (the targets still legal on resolution), `active_player`. Amounts:
a number, `x`, and `damage_dealt` (what the last damage instruction dealt). `ctx` is the game's
resolution context (its `source`, `controller`, `targets`, `x`, `last`).
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError


def merged(refs, game, ctx, lst: list) -> list:
    """A list of references: every object or player they name, once, in order."""
    out = []
    for r in lst:
        for x in refs(game, ctx, r):
            if x not in out:
                out.append(x)
    return out


def shared_ref(game, ctx, r: str) -> list | None:
    """The objects or players a shared reference word names; None if `r` is not one of them."""
    if r == "self":
        return [ctx.source] if ctx.source is not None else []
    if r == "you":
        return [game.by_name[ctx.controller]]
    if r in ("target", "target1"):
        return list(ctx.targets[0]) if ctx.targets else []
    if r.startswith("target") and r[6:].isdigit():
        i = int(r[6:]) - 1
        return list(ctx.targets[i]) if i < len(ctx.targets) else []
    if r == "targets":
        return [t for slot in ctx.targets for t in slot]
    if r == "active_player":
        return [game.by_name[game.active]]
    return None


def plain_amount(ctx, a) -> int | None:
    """A number, `x` or `damage_dealt` (0 without a resolving context); None for the game's own amounts."""
    if isinstance(a, bool):
        raise EngineError(f"not an amount: {a!r}")
    if isinstance(a, int):
        return a
    if isinstance(a, str):
        if a == "x":
            return ctx.x if ctx else 0
        if a == "damage_dealt":
            return ctx.last.get("damage_dealt", 0) if ctx else 0
        if a.lstrip("-").isdigit():
            return int(a)
        raise EngineError(f"unknown amount {a!r}")
    return None
