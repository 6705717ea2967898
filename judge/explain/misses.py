"""Near misses a player would ask about — "why didn't X happen?" — and nothing else.

The engine records a near miss whenever a rule was checked and did not apply:
every creature with some damage short of lethal at every state check, every
replacement already used on an event. `judge replay` shows them all; a ruling
shows those a player at the table would ask about:

- a near miss of a rule the scenario names (its source, an expected near miss,
  a rule expected not to apply) or one in the decisive chain;
- one of a rule that applied in the decisive chain, about what the chain is
  about (World in Flames doubled the packet once: why not twice?);
- one about an object whose checked fact did not change (why is the bear still
  on the battlefield?), unless the chain says later what happened to it.

Each is shown once (the same rule and reason for the same objects, the latest).
"""
from __future__ import annotations

from judge.explain.citing import Cites
from judge.explain.focus import Focus
from judge.explain.view import Act, TraceView


def unchanged_subjects(view: TraceView, focus: Focus, decided: set[str]) -> set[str]:
    """Subjects of checked facts that no act changed (`decided`: subjects whose facts changed)."""
    return {f.subject for f in focus.facts} - decided


def relevant(view: TraceView, focus: Focus, chain: list[Act], cites: Cites, decided: set[str]) -> list[Act]:
    named = focus.rules(cites)
    in_chain = {a.id for a in chain}
    chain_rules = {cites.uid(a.rule) for a in chain} - {None}
    about = {s for a in chain for s in a.subjects()} | {f.subject for f in focus.facts}
    still = unchanged_subjects(view, focus, decided)
    keep: dict[tuple, Act] = {}
    for m in view.near():
        uid = cites.uid(m.rule)
        objs = set(m.objects)
        later = any(a.pos > m.pos and objs & a.subjects() for a in chain)
        if (uid in named or m.id in in_chain
                or (uid in chain_rules and (not objs or objs & about))
                or (objs & still and not later)):
            key = (uid, m.reason, m.objects) if m.objects else (uid, m.reason, m.text)   # the latest says it
            keep.pop(key, None)
            keep[key] = m
    return sorted(keep.values(), key=lambda a: a.pos)


def why_not(misses: list[Act], cites: Cites) -> dict[str, Act]:
    """Rule → its latest near miss: why it did not apply, in the engine's words."""
    out: dict[str, Act] = {}
    for m in misses:
        out[cites.uid(m.rule)] = m
    return out
