"""World of Warcraft TCG (book `wow`, the Chinese comprehensive rules, an excerpt: 703–803 and the glossary).

`judge.engine.games.wow.game.WowGame` is the `Game` subclass; each module here implements the rules of
one part of the book and registers them, by number, on the registry in `judge.engine.games.wow.rules`.
Where the excerpt states a rule only in its glossary (combat damage, lethal damage, readying), the rule
is cited by the glossary headword (`wow:战斗伤害`).

Dependencies point one way (a module imports only those on lines above it; `tests/test_import_graph.py`):

    words, rules                    the game's vocabulary, steps and phrases
    state, filters                  card definitions and game objects; "does this card qualify?"
    chars, vocab                    characteristics (modifiers, 714, 719); the card vocabulary
    events, loops, prepriority,     moving cards and describing events; mandatory loops (801);
    setup                           pre-priority checks (708.1); loading a scenario's board
    chain, enter, interrupt,        adding links (705, 707); entering play (710.1); interrupting (711);
    triggers                        triggered powers and effects (708)
    combat, effects, packets        combat; the verbs of resolving links; damage packets (716, 717)
    perform, turn                   carrying events out; the turn's steps
    resolve                         resolving the top link of the chain (709)
    game                            `WowGame`: the core's hooks wired to the modules above

A module below `chars` that needs a card's characteristics asks the game (`game.chars(obj)`).
"""
