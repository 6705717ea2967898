"""World of Warcraft TCG (book `wow`, the Chinese comprehensive rules, an excerpt: 703–803 and the glossary).

`judge.engine.games.wow.game.WowGame` is the `Game` subclass; each module here
implements the rules of one part of the book and registers them, by number,
on the shared registry in `judge.engine.games.wow.rules`. Where the excerpt
states a rule only in its glossary (combat damage, lethal damage, readying),
the rule is cited by the glossary headword (`wow:战斗伤害`).
"""
