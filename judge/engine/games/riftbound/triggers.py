"""Triggered abilities and delayed instructions: what sets them off, and the chain they wait for.

An event a card's triggered ability waits for (it is dealt damage, it is destroyed, a card is played)
puts that ability in the pending list; a delayed instruction ("the next time it takes damage this turn,
destroy it") likewise, once. They go onto the chain when a player would next receive priority (the core).
While a chain item is resolving nothing else can be finalised or resolved, not even the abilities its own
instructions set off: they wait (158.3) until it has finished (158.3.a, `resolve`). The rest — what a
triggered ability is, who controls it — is not in this book.
"""
from __future__ import annotations

from judge.engine.core.objects import PendingTrigger
from judge.engine.core.trace import Ref
from judge.engine.games.riftbound import filters
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.state import RAbility
from judge.engine.games.riftbound.words import ON_BOARD, say

mechanic("triggered", reasons={"triggers": "ability event controller", "ability_to_chain": "object",
                               "resolves": "object controller"})

rules.declare("158.3", reasons={"waits": "object resolving"})
rules.declare("133.8.a", reasons={"tag_referred": "object tag"})


def lookback(game, events) -> dict | None:
    """Who controlled each card on the board before a card left it (a destroyed unit's own "when I am
    destroyed" ability still triggers)."""
    if any(e.kind == "move" and e.data["object"].zone in ON_BOARD for e in events):
        return {i: game.objects[i].controller for z in ON_BOARD for k, lst in game.zones.items() if k[1] == z
                for i in lst}
    return None


def collect(game, events, snapshot) -> None:
    for ev in events:
        if ev.kind == "damage":
            o = ev.data["object"]
            _listen(game, ev, "dealt_damage", o, _board(game))
            for d in list(game.delayed):
                if not d.done and d.spec["when"] == "dealt_damage" and d.about == o.key:
                    game.set(d, "done", True)
                    _pend(game, d.id, d.source, 0, d.source_name, d.controller, d, ev,
                          label=say("name.delayed_of", source=d.source_name), about=o.key, fresh=False)
        elif ev.kind == "move" and ev.data.get("why") == "destroyed" and snapshot is not None:
            o = ev.data["object"]
            before = [(game.objects[i], c) for i, c in snapshot.items() if i in game.objects]
            _listen(game, ev, "destroyed", o, before)
        elif ev.kind == "played":
            _listen(game, ev, "played", ev.data["object"], _board(game), player=ev.data["player"].name)


def _board(game) -> list:
    return [(o, o.controller) for o in game.objects.values() if o.zone in ON_BOARD]


def _listen(game, ev, event: str, subject, listeners, player: str | None = None) -> None:
    for src, controller in listeners:
        for ab in src.card.abilities:
            when = ab.spec.get("when") if ab.kind == "triggered" else None
            if not when or when.get("event") != event:
                continue
            if when.get("self") and subject.id != src.id:
                continue
            if event == "played" and when.get("whose") == "you" and player != controller:
                continue
            flt = when.get("filter")
            if filters.problem(game, subject, flt, source=src, controller=controller) is not None:
                filters.flavour_miss(game, subject, flt)
                continue
            if flt and flt.get("tag"):
                game.fire("133.8.a", "tag_referred", [subject], object=subject, tag=flt["tag"])
            _pend(game, f"{src.id}.{ab.key}", src.id, src.inc, src.name, controller, ab, ev)


def _pend(game, base: str, source: str, inc: int, name: str, controller: str, ability, ev, label: str = "",
          about=None, fresh: bool = True) -> None:
    """A triggered ability (`fresh`: a new id from `base`) or a delayed instruction (its own id) waits."""
    t = PendingTrigger(game.new_id(base) if fresh else base, source, inc, name, controller, ability, ev,
                       data={"label": label, "about": about})
    game.unnumbered("triggered", "triggers", [source], ability=label or say("name.ability_of", source=name),
                    event=say(f"event.{ev.kind}"), controller=game.by_name[controller])
    if game.resolving:
        item = game.resolving[-1].item
        t.data["during"] = item.id
        game.fire("158.3", "waits", [t.id], object=Ref(t.id, label or say("name.ability_of", source=name)),
                  resolving=item)
    game.pending.append(t)


def put_on_chain(game, t: PendingTrigger) -> None:
    item = RAbility(t.id, t.source, t.source_inc, t.source_name, t.controller, t.ability, "triggered",
                    extra={"about": t.data.get("about")}, label=t.data.get("label", ""))
    game.unnumbered("triggered", "ability_to_chain", [item.id], object=item)
    game.push(item)


__all__ = ["collect", "lookback", "put_on_chain"]
