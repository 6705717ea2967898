"""Magic: The Gathering, comprehensive rules 2006-10-01 (book `mtg`, Chinese translation).

`judge.engine.games.mtg.game.MtgGame` is the `Game` subclass; each module here implements the rules of
one part of the book and registers them, by number, on the registry in `judge.engine.games.mtg.rules`.

Dependencies point one way (a module imports only those on lines above it; `tests/test_import_graph.py`):

    words, mana, data, rules     the game's vocabulary and phrases, mana symbols, reference lists
    state, filters               card definitions and game objects; "does this object qualify?"
    refs, targets, vocab         what instructions refer to and amounts; targets; the card vocabulary
    chars, setup                 characteristics (the layer system); loading a scenario's board
    effects, events, sba,        the verbs of resolving instructions; events and replacement effects;
    combat, loops                state-based actions; declaring attackers/blockers; loops of actions
    casting, triggers, turn      casting and activating; triggered abilities; the turn's steps
    resolve                      resolving the top of the stack
    game                         `MtgGame`: the core's hooks wired to the modules above

A module below `chars` that needs an object's characteristics asks the game (`game.chars(obj)`).
"""
