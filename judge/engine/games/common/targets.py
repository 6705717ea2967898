"""Checking a resolving spell's or ability's targets again, as every card game does on resolution.

Each target chosen when it was put on the stack is checked once more: one that left its zone (a
new object now) or no longer qualifies is illegal and recorded as a near miss naming the failed
check; the spell or ability then does nothing to it. If it had targets and none is legal, the
caller counters or interrupts it (its own rule); otherwise the check is one firing listing the
legal targets. The rule numbers and the words for where a target went are the game's.
"""
from __future__ import annotations

from judge.engine.reasons import phrase


def recheck(game, item, rule: str, specs: list, slots: list, problem, went,
            cite_all_legal: bool = True) -> tuple[list, bool]:
    """(legal targets per slot, whether every target is illegal).

    `slots` holds ("player" | "obj", id, incarnation) per target word; `problem(spec, target)` is the
    game's legality check (None, or (check, expected, actual)); `went(obj)` says where an object that
    changed zones is now (obj is None when it ceased to exist). `cite_all_legal=False`: when every target is
    still legal the rule decided nothing (nothing countered, nothing left out) and is not cited — only, where the
    scenario expects it not to apply (`not_fired`), a near miss `targets_still_legal` says why."""
    say = game.game
    out = []
    any_target = any_legal = False
    for i, slot in enumerate(slots):
        spec = specs[i] if i < len(specs) else {}
        legal = []
        for kind, tid, inc in slot:
            any_target = True
            if kind == "player":
                t = game.by_name[tid]
                bad = problem(spec, t)
            else:
                t = game.objects.get(tid)
                if t is None or t.inc != inc:
                    bad = ("zone", phrase(say, "check.still_there"), phrase(say, "check.left_zone", zone=went(t)))
                else:
                    bad = problem(spec, t)
            if bad:
                check, exp, act = bad
                game.near_miss(rule, "target_illegal", [item.id, tid], object=item, target=t or tid,
                               check=check, expected=exp, actual=act)
            else:
                legal.append(t)
                any_legal = True
        out.append(legal)
    if any_target and any_legal:
        legal = [t for slot in out for t in slot]
        some_illegal = sum(len(s) for s in slots) > len(legal)
        if some_illegal or cite_all_legal:
            game.fire(rule, "targets_legal", [item, *legal], object=item, targets=legal,
                      some_illegal=phrase(say, "targets.some_illegal") if some_illegal else "")
        elif rule in game.watched:
            game.near_miss(rule, "targets_still_legal", [item, *legal], object=item, targets=legal)
    return out, any_target and not any_legal
