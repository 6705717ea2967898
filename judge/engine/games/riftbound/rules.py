"""The Riftbound rule registry, and the mechanics the excerpt does not number.

Every module of this game decorates its rule code on `rules` with the book's own ids (`108.3.c.1`,
`128.6.a`, `158.2`). A mechanic the excerpt leaves out — the board, the turn, priority, costs, damage,
destroying a unit, triggered and replacement abilities — is declared here with the word the trace shows
for it (`judge/data/games/riftbound.yaml`, `mechanics`): its firings cite no rule, so a judge sees it is
not in this book, and coverage never counts it.
"""
from judge.engine.core.registry import RuleRegistry
from judge.engine.games.riftbound.words import MECHANIC

rules = RuleRegistry("riftbound", book="riftbound", dotted_letters=True)


def mechanic(key: str, *, reasons: dict | None = None, near_misses: dict | None = None):
    """Declare a mechanic the excerpt does not number, under its vocabulary word."""
    return rules.mechanic(key, word=MECHANIC[key], reasons=reasons, near_misses=near_misses)
