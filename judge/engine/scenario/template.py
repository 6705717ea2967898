"""The skeleton `judge new-scenario` writes: every section of the format, with the rule quoted.

Each game keeps its own skeleton (`Game.SCENARIO_TEMPLATE`: its zones, steps and cards differ); a book
with no engine module has none, and no scenario of it could load.
"""
from __future__ import annotations

import textwrap


class NoEngine(LookupError):
    """The book has no engine module, so a scenario of it cannot be replayed (or written from a skeleton)."""

    def __init__(self, book: str, known: list[str]):
        self.book = book
        self.known = known
        super().__init__(f"no engine for book {book!r}, so a scenario of it could not be replayed; "
                         f"books with an engine: {', '.join(known)}")


def game_template(book: str) -> str:
    """The skeleton of `book`'s game (`str.format` fields: rule_id short quoted book number); `NoEngine` if the
    book has no game module."""
    from judge.engine.games import game_for, known_books

    try:
        return game_for(book).SCENARIO_TEMPLATE
    except KeyError:
        raise NoEngine(book, known_books()) from None


def scenario_template(book: str, node) -> str:
    """The skeleton for a rule of `book`, with the rule quoted; `NoEngine` if the book has no game module."""
    tmpl = game_template(book)
    text = (node.text or "").replace("\n", " ")
    quoted = "\n# ".join(textwrap.wrap(text, 60)) or "(no text)"
    return tmpl.format(rule_id=f"{book}:{node.number}", short=text[:30], quoted=quoted, book=book,
                       number=node.number)
