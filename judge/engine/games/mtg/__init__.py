"""Magic: The Gathering, comprehensive rules 2006-10-01 (book `mtg`, Chinese translation).

`judge.engine.games.mtg.game.MtgGame` is the `Game` subclass; each module here
implements the rules of one part of the book and registers them, by number,
on the shared registry in `judge.engine.games.mtg.rules`.
"""
