"""What every command module shares: the `--book` help, failing with a message, opening a book.

A module of its own at the bottom of `judge.commands`, so that command modules that
use each other's functions (`judge rule --in` shows `judge.commands.editions`'
counterparts) never import each other both ways. Only typer at module level.
"""
from __future__ import annotations

import sys
from typing import Optional

import typer

BOOK_HELP = "Book id (mtg, wow, riftbound, or one added with `judge books add`) or a path to a rulebook text file."
DIALECT_HELP = "Force a dialect (mtg, wow, riftbound, riftbound-md) instead of detecting it."


def fail(message: str, code: int = 2) -> None:
    sys.stderr.write(f"judge: {message}\n")
    raise typer.Exit(code)


def open_book(book: str, dialect: Optional[str] = None):
    from rulebook import RulebookError, load_book

    try:
        return load_book(book, dialect=dialect)
    except RulebookError as e:
        fail(str(e))
