"""A scenario action as the engine receives it: the verb and its arguments, and the fields it would ignore.

Each game's action functions name the arguments they read (`def propose(game, actor, attack=None, **_)`); the
rest of what a scenario may write on an action (`bands:` is MTG's 308.2b, `divide:` MTG's 409.1e) means nothing to
them. A field that would be ignored is an input error at load, naming the field, never silently dropped data.
"""
from __future__ import annotations

import inspect

from judge.engine.core.errors import EngineError
from judge.engine.scenario.model import Action

# fields of every action that are not the verb's arguments
_NOT_ARGS = {"as_", "choices", "rejected", "expect", "note"}


def action_args(a: Action) -> tuple[str, dict]:
    v = a.verb
    if v == "pass":
        return "pass", {}
    if v == "pass_until":
        return "pass_until", {"until": a.pass_until, "turn": a.turn}
    if v == "advance":
        return "advance", {"step": a.advance, "turn": a.turn}
    if v == "concede":
        return "concede", {}
    targets = a.targets if not isinstance(a.targets, str) else [a.targets]
    if v == "cast":
        return "cast", {"cast": a.cast, "targets": targets, "x": a.x, "mode": a.mode, "costs": a.costs,
                        "mana": a.mana, "pay": a.pay, **({"divide": a.divide} if a.divide is not None else {})}
    if v == "play":
        return "play", {"play": a.play}
    if v == "activate":
        return "activate", {"activate": a.activate, "ability": a.ability, "targets": targets, "x": a.x,
                            "costs": a.costs, "mana": a.mana, "pay": a.pay}
    if v == "strike":
        return "strike", {"strike": a.strike, "costs": a.costs}
    if v == "attack":
        return "attack", {"attack": a.attack, "mana": a.mana, "pay": a.pay,
                          **({"bands": a.bands} if a.bands is not None else {})}
    if v == "block":
        return "block", {"block": a.block, "mana": a.mana, "pay": a.pay}
    if v in ("mulligan", "keep"):
        return v, {}
    if v == "look":
        return "look", {"look": a.look}
    if v == "arrange":
        return "arrange", {"arrange": a.arrange, "order": a.order}
    if v == "count":
        return "count", {"count": a.count}
    if v in ("turn_face_up", "end_effect"):
        return v, {v: getattr(a, v)}
    if v == "ignore_effect":
        return v, {"ignore_effect": a.ignore_effect, "mana": a.mana, "pay": a.pay}
    if v == "loop":
        turn = []
        for x in a.loop:
            k, args = action_args(x)
            turn.append({"kind": k, "actor": x.as_, "args": {n: y for n, y in args.items() if y is not None},
                         "choices": x.choices})
        return "loop", {"loop": turn, "count": len(turn)}
    raise EngineError(f"unknown action {v!r}")


def ignored_fields(a: Action, perform) -> list[str]:
    """The fields written on action `a` that neither its verb nor the game function `perform` reads.

    A verb reads the fields `action_args` passes it (its own field, `pass_until: STEP`, is passed on as `until`);
    a game function reads the parameters it names — one that ends in `**_` ignores the rest (one ending in
    `**kw` passes them on, and is trusted)."""
    kind, args = action_args(a)
    given = [n for n in sorted(a.model_fields_set - _NOT_ARGS) if getattr(a, n) is not None and n.rstrip("_") != kind]
    out = [n for n in given if n not in args]
    params = inspect.signature(perform).parameters.values()
    if any(p.kind is p.VAR_KEYWORD and p.name == "_" for p in params):
        named = {p.name for p in params}
        out += [n for n in given if n in args and n not in named]
    return out
