"""The decisive chain: which acts of the trace decided what the scenario asks, in the order they happened.

A judge's answer gives its reason: not "the dog is 4/4" but which effects
applied, in which layer and order. The chain is computed from the structure of
the trace, whatever rules it cites:

1. **seeds** — what the question is about:
   - an action the engine refused (the scenario's action was not legal);
   - the firings and near misses the scenario expects (`fired`, `near_miss`),
     and those of the rule it reproduces (`source`) that touch what it checks;
   - for each checked fact that ended different from how it began (the bear's
     zone, the hero's damage, the dog's P/T), the act that last changed it —
     unless that act only frames the game (a resolved spell going to its
     owner's graveyard, `frame` in explain-select.yaml).
2. **context** — why each seed happened:
   - its nearest cause (`caused_by`) that is not a frame act: the damage a
     lethal-damage check rests on;
   - an earlier act of the same cause, on the same objects, that changed
     nothing itself: an event that was then replaced or prevented (恐惧将消灭
     再生者 → 改为重生), so the chain shows what would have happened and what
     happened instead.

Acts are kept in trace order; an expectation naming a rule without objects or
reason (`fired: [413.2a]`) means its application that touches what is checked,
else the last one — not every spell's target check.
"""
from __future__ import annotations

from judge.explain.citing import Cites
from judge.explain.focus import Focus, Spec, matches
from judge.explain.view import FIRED, NEAR, REFUSED, Act, TraceView

CHARACTERISTIC_ATTRS = {"pt": ("pt", "atk", "health")}


def attrs_of(attr: str) -> tuple[str, ...]:
    """The trace's change attributes a checked attribute covers (WoW's P/T is 攻击力 and 总生命)."""
    return CHARACTERISTIC_ATTRS.get(attr, (attr,))


def decider(view: TraceView, subject: str, attr: str) -> Act | None:
    """The act that last changed `attr` of `subject`, if it ended different from how it began."""
    attrs = attrs_of(attr)
    if not any(view.net_changed(subject, a) for a in attrs):
        return None
    last = None
    for a in attrs:
        ch = view.changers(subject, a)
        if ch and (last is None or ch[-1].pos > last.pos):
            last = ch[-1]
    return last


ADDITIVE = ("life", "damage", "poison", "counters")     # facts every change adds to, not only the last


def deciders(view: TraceView, subject: str, attr: str) -> list[Act]:
    """The acts that decided a fact that changed: the last change — or, for life, damage, poison and
    counters, which add up, every change since the actions began."""
    last = decider(view, subject, attr)
    if last is None:
        return []
    if attr in ADDITIVE:
        return view.changers(subject, attr)
    return [last]


def checked_subjects(focus: Focus) -> set[str]:
    return {f.subject for f in focus.facts}


def _pick(acts: list[Act], s: Spec, touched: set[str]) -> list[Act]:
    """All acts an expectation matches, or — when it names neither objects nor reason — those that touch
    what the scenario checks, else the last."""
    if not s.bare or len(acts) <= 1:
        return acts
    near = [a for a in acts if a.subjects() & touched]
    return near or acts[-1:]


def seeds(view: TraceView, focus: Focus, cites: Cites, frame: frozenset[str]) -> list[Act]:
    touched = checked_subjects(focus)
    out: list[Act] = list(view.refused())
    for s in focus.fired:
        out += _pick([a for a in view.acts if a.kind in (FIRED, REFUSED) and matches(a, s, cites)], s, touched)
    for s in focus.near:
        out += _pick([a for a in view.near() if matches(a, s, cites)], s, touched)
    source_uids = {cites.uid(s.rule) for s in focus.sources}
    on_source = [a for a in view.acts if a.kind in (FIRED, NEAR) and cites.uid(a.rule) in source_uids]
    touching = [a for a in on_source if a.subjects() & touched]
    relevant = ([a for a in touching if a.kind == FIRED and a.reason not in frame]
                or [a for a in touching if a.kind == NEAR][-1:] or touching or on_source[-1:])
    out += relevant[-3:]
    for f in focus.facts:
        for d in deciders(view, f.subject, f.attr):
            d = d if d.reason not in frame else _cause(view, d, frame)   # mana added under a mana ability
            if d is not None:
                out.append(d)
    return out


def _cause(view: TraceView, act: Act, frame: frozenset[str]) -> Act | None:
    a = view.cause(act)
    while a is not None and a.reason in frame:
        a = view.cause(a)
    return a


def _replaced(view: TraceView, act: Act, frame: frozenset[str]) -> list[Act]:
    """Earlier acts of the same cause and step, on the same objects, that changed nothing themselves:
    events that were replaced or prevented before they happened, `act` being (part of) what happened."""
    if act.kind != FIRED or act.caused_by is None:
        return []
    mine = act.subjects()
    return [a for a in view.acts
            if a.kind == FIRED and a.step == act.step and a.pos < act.pos and a.caused_by == act.caused_by
            and not a.changes and a.reason not in frame and set(a.objects) & mine]


def _leading(view: TraceView, act: Act, frame: frozenset[str]) -> list[Act]:
    """For an act the engine records without a cause (a state the game noticed: a creature's P/T
    changed after a spell resolved), the acts earlier in its step that involved its first object:
    the effects that made the state what it is."""
    if act.caused_by is not None or not act.objects:
        return []
    first = act.objects[0]
    return [a for a in view.acts
            if a.kind == FIRED and a.step == act.step and a.pos < act.pos and a.reason not in frame
            and first in a.objects]


def _last_about(view: TraceView, focus: Focus, frame: frozenset[str]) -> list[Act]:
    """Nothing changed what the scenario checks: the last act that involved what it checks (the choice
    that made an effect find no creature) is what the outcome rests on."""
    touched = checked_subjects(focus)
    about = [a for a in view.acts if a.kind in (FIRED, NEAR) and a.reason not in frame and a.subjects() & touched]
    return about[-1:]


def decisive(view: TraceView, focus: Focus, cites: Cites, frame: frozenset[str]) -> list[Act]:
    """The decisive chain, in trace order."""
    chosen: dict[str, Act] = {}
    for s in seeds(view, focus, cites, frame) or _last_about(view, focus, frame):
        chosen.setdefault(s.id if s.kind != REFUSED else f"refused:{s.pos}", s)
        if s.kind == FIRED:
            c = _cause(view, s, frame)
            if c is not None and c.kind == FIRED:
                chosen.setdefault(c.id, c)
            for r in _replaced(view, s, frame) + _leading(view, s, frame):
                chosen.setdefault(r.id, r)
    anchor = _numbered_before(view, list(chosen.values()))
    if anchor is not None:
        chosen.setdefault(anchor.id, anchor)
    return sorted(chosen.values(), key=lambda a: a.pos)


def _numbered_before(view: TraceView, chain: list[Act]) -> Act | None:
    """A chain made only of mechanics the book does not number (a unit entering the board) rests on the last
    numbered rule applied earlier to the same things (it was played: 108.1.a), frame or not — so the ruling
    cites the book's rule for how it got there, not a rule that did not apply."""
    if not chain or any(a.rule is not None for a in chain):
        return None
    about = set().union(*(a.subjects() for a in chain))
    first = min(a.pos for a in chain)
    earlier = [a for a in view.fired() if a.pos < first and a.subjects() & about]
    return earlier[-1] if earlier else None
