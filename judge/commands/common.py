"""What every command module shares: the `--book` option, failing with a message, opening a book.

A module of its own at the bottom of `judge.commands`, so that command modules that
use each other's functions (`judge rule --in` shows `judge.commands.editions`'
counterparts) never import each other both ways. Only typer at module level.
"""
from __future__ import annotations

import sys
from typing import Optional

import typer

BOOK_HELP = ("Book id (mtg, wow, riftbound, or one added with `judge books add`) or a path to a rulebook text file. "
             "Default: $RULES_JUDGE_BOOK, else `judge config set book ID`, else mtg (--book wins over both).")
DIALECT_HELP = "Force a dialect (mtg, wow, riftbound, riftbound-md) instead of detecting it."


def book_option(help: str = BOOK_HELP):
    """The one `--book/-b` option of the commands that read one book; None when not given, so that
    `resolve_book` can fall back to the environment, then the config file (judge.config)."""
    return typer.Option(None, "--book", "-b", help=help, show_default=False)


def fail(message: str, code: int = 2) -> None:
    sys.stderr.write(f"judge: {message}\n")
    raise typer.Exit(code)


def book_choice(book: Optional[str]):
    """The book to read and where that came from (`judge.config.Choice`); a settings problem fails (exit 2)."""
    from judge.config import ConfigError  # start-up: judge.config (~1 ms) would load at every `judge` start
    from judge.config import book_choice as choose  # start-up: judge.config (~1 ms) would load at every `judge` start

    try:
        return choose(book)
    except ConfigError as e:
        fail(str(e))


def resolve_book(book: Optional[str]) -> str:
    """`--book` if given, else `RULES_JUDGE_BOOK`, else the config file's book, else mtg."""
    return book_choice(book).value


def open_book(book: Optional[str], dialect: Optional[str] = None):
    from rulebook import RulebookError, load_book  # start-up: rulebook.books (~14 ms) would load at every `judge` start

    choice = book_choice(book)
    try:
        return load_book(choice.value, dialect=dialect)
    except RulebookError as e:
        fail(str(e) if choice.source == "--book" else f"{e} (the book comes from {choice.source})")

