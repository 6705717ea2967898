"""Cost changes both card games read the same way (MTG 409.1f, WoW 707.1e): an ability in play that says
`cost_increase` or `cost_reduction`, limited to what its filter names (`spells:`, `cards:`) where the card
being paid for is now. Each game then adds and subtracts by its own rules (mana values and order in MTG;
additional costs first and "but not below (N)" in WoW)."""
from __future__ import annotations


def cost_changers(game, obj, kind: str, scope: str, matches, **match_kw):
    """(source, spec) for each ability of `kind` in play, in play order, that changes a cost
    and whose filter under `scope` matches `obj` in its current zone (`matches` is the game's filter reader:
    None when it matches; `match_kw` goes to it, e.g. the object's characteristics as `ch`)."""
    for src, sc, ab in game.abilities_in_play(kind):
        s = ab.spec
        if not (s.get("cost_reduction") or s.get("cost_increase")):
            continue
        f = dict(s.get(scope) or {})
        f["zone"] = obj.zone
        if matches(game, obj, f, controller=sc.controller, source_id=src.id, **match_kw) is None:
            yield src, s
