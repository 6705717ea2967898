"""What the card-game modules share but the core does not need: the vocabulary's building blocks,
loading a scenario's card libraries and board, and `CardGame`, the hooks every card game wires the same way.

The core (`judge.engine.core`) knows players, zones, a stack, events and choices; this package knows
that a game has printed cards with a list of abilities, card libraries and boards in a scenario file,
named steps, and a rule that says who has priority. It never names a game, a card or a rule number:
each game passes its own (`judge.engine.games.mtg`, `judge.engine.games.wow`).
"""
