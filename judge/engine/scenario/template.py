"""The skeleton `judge new-scenario` writes: every section of the format, with the rule quoted.

Each game keeps its own skeleton, a data file (`judge/data/games/<game>.skeleton.yaml`, the game's
`SCENARIO_TEMPLATE`: its zones, steps and cards differ) whose `$rule_id $short $quoted $book $number` are
filled in; a book with no engine module has none, and no scenario of it could load.
"""
from __future__ import annotations

from string import Template

from judge.wrap import wrap

from judge.engine.games import game_for, known_books


class NoEngine(LookupError):
    """The book has no engine module, so a scenario of it cannot be replayed (or written from a skeleton)."""

    def __init__(self, book: str, known: list[str]):
        self.book = book
        self.known = known
        super().__init__(f"no engine for book {book!r}, so a scenario of it could not be replayed; "
                         f"books with an engine: {', '.join(known)}")


def game_template(book: str) -> str:
    """The skeleton of `book`'s game (`string.Template` fields: rule_id short quoted book number); `NoEngine` if
    the book has no game module."""
    try:
        return game_for(book).SCENARIO_TEMPLATE
    except KeyError:
        raise NoEngine(book, known_books()) from None


def cite_id(node) -> str:
    """How a scenario's `source:` names the node: a rule by its number, a glossary entry by its headword
    (`激活`, as `judge.engine.core.registry.citable` accepts it)."""
    if node.kind == "glossary":
        return node.uid.partition(":")[2]
    return node.number


def scenario_template(book: str, node) -> str:
    """The skeleton for a rule or glossary entry of `book`, with its text quoted; `NoEngine` if the book has no
    game module."""
    tmpl = game_template(book)
    text = (node.text or "").replace("\n", " ")
    quoted = "\n# ".join(wrap(text, 76)) if text else "(no text)"   # by cell width: 中文 is two cells
    number = cite_id(node)
    return Template(tmpl).substitute(rule_id=f"{book}:{number}", short=text[:30], quoted=quoted, book=book,
                                     number=number)
