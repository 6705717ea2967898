"""What a scenario asks: the facts it checks at the end and the rules it is about.

A scenario's expectations are its question ("where is the bear?", "what are
the dog's P/T?", "does 420.5c fire?"). They choose what the ruling answers;
the answer itself — which firings decided it, why — is computed from the
trace (`chain.py`), never copied from the expectations.

A checked fact is a (subject, attribute) pair in the trace's own vocabulary
of state changes (`zone`, `damage`, `life`, `pt`, …), so the act that decided
it is the last one whose changes touched it.
"""
from __future__ import annotations

from dataclasses import dataclass

from rulebook.lookup import resolve_one
from rulebook.model import Book

from judge.explain.citing import Cites, number_of
from judge.explain.view import Act

# expectation key → the attribute of the trace's changes it checks
_ATTR = {
    "where": "zone", "zones": "zone", "life": "life", "damage": "damage", "tapped": "tapped",
    "controller": "controller", "poison": "poison", "counters": "counters", "attacking": "attacking",
    "pt": "pt", "colors": "colors", "keywords": "keywords", "types": "types", "subtypes": "types",
    "supertypes": "types", "mana": "pool", "hand_count": "hand",
}
CHARACTERISTICS = ("pt", "colors", "keywords", "types")


@dataclass(frozen=True)
class Fact:
    subject: str      # object id or player
    attr: str
    key: str          # the expectation key that checks it ("where", "pt", …)


@dataclass(frozen=True)
class Spec:
    """An expectation's rule reference: `"413.2a"` or `{rule, reason, objects}`."""

    rule: str
    reason: str | None = None
    objects: tuple[str, ...] = ()

    @property
    def bare(self) -> bool:
        return not self.reason and not self.objects


def spec(x) -> Spec:
    if isinstance(x, str):
        return Spec(x)
    return Spec(str(x["rule"]), x.get("reason"), tuple(x.get("objects") or ()))


@dataclass
class Focus:
    facts: list[Fact]
    sources: list[Spec]             # the rules the scenario reproduces (`source`), those the book contains
    fired: list[Spec]               # expected `fired` and `fired_in_order`
    near: list[Spec]                # expected near misses
    not_fired: list[Spec]

    def rules(self, cites: Cites) -> set[str]:
        """Book ids of every rule the scenario names."""
        return {cites.uid(s.rule) for s in self.sources + self.fired + self.near + self.not_fired}


def focus_of(scenario: dict, book: Book, objects: dict, players: list[str]) -> Focus:
    expect = scenario.get("expect") or {}
    facts: dict[tuple[str, str], Fact] = {}     # one fact per (subject, attribute), however many keys check it
    known = set(objects) | set(players)
    for key, val in expect.items():
        attr = _ATTR.get(key)
        if attr is None or not isinstance(val, dict):
            continue
        if key == "zones":           # {"甲.graveyard": [ids]}: each listed object's zone
            for listed in val.values():
                for oid in listed or ():
                    if oid in known:
                        facts.setdefault((oid, attr), Fact(oid, attr, key))
            continue
        for subject in val:
            if subject in known:
                facts.setdefault((subject, attr), Fact(subject, attr, key))
    # who won or lost is a fact of a player like any other: the act that made it so decides it (a hero destroyed
    # by lethal damage, then the last player standing) — never a bare "甲 赢得这盘游戏"
    winner = expect.get("winner")
    if winner in known:                 # a winner is the last one standing: the others' losses decide it too
        facts.setdefault((winner, "won"), Fact(winner, "won", "winner"))
    for p in (expect.get("lost") or []) + ([x for x in players if x != winner] if winner in known else []):
        if p in known:
            facts.setdefault((p, "lost"), Fact(p, "lost", "lost"))
    sources = scenario.get("source") or []
    sources = [sources] if isinstance(sources, str) else list(sources)
    return Focus(
        facts=list(facts.values()),
        sources=[spec(s) for s in sources if resolve_one(book, number_of(s)) is not None],
        fired=[spec(x) for x in (expect.get("fired") or []) + (expect.get("fired_in_order") or [])],
        near=[spec(x) for x in expect.get("near_miss") or []],
        not_fired=[spec(x) for x in expect.get("not_fired") or []],
    )


def matches(act: Act, s: Spec, cites: Cites) -> bool:
    if cites.uid(act.rule) != cites.uid(s.rule):
        return False
    if s.reason and act.reason != s.reason:
        return False
    return all(o in act.objects for o in s.objects)
