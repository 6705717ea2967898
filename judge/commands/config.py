"""`judge config show|set|unset`: the user's settings (judge.config), e.g. the default book.

Only typer at module level; the book registry is read only by `set book`, to refuse a book that does not exist.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from judge.app import app
from judge.commands.common import fail

config_app = typer.Typer(help="Show or change the settings (the default book) kept in the user config directory.",
                         no_args_is_help=True, add_completion=False)
app.add_typer(config_app, name="config")


@config_app.command("show")
def config_show() -> None:
    """Every setting, its value and where the value comes from (precedence: --book > $RULES_JUDGE_BOOK > file > default)."""
    from judge.config import BOOK_ENV, SETTINGS, ConfigError, book_choice, config_file  # start-up: judge.config (~1 ms) would load at every `judge` start

    try:
        choice = book_choice(None)
    except ConfigError as e:
        fail(str(e))
    sys.stdout.write(f"config file: {config_file()}{'' if config_file().exists() else ' (not written yet)'}\n")
    for key in SETTINGS:
        sys.stdout.write(f"{key} = {choice.value}    (from {choice.source})\n")
    if os.environ.get(BOOK_ENV) is not None:
        from judge.config import read_settings  # start-up: judge.config (~1 ms) would load at every `judge` start

        file_book = read_settings().get("book")
        if file_book:
            sys.stdout.write(f"  ({BOOK_ENV} overrides the file's book = {file_book})\n")


@config_app.command("set")
def config_set(key: str = typer.Argument(..., help="The setting: book."),
               value: str = typer.Argument(..., help="Its value: a book id (`judge books`) or a rulebook path.")) -> None:
    """Set a setting, e.g. `judge config set book wow` (the book must exist: `judge books` lists them)."""
    from judge.config import ConfigError, check_key, read_settings, write_settings  # start-up: judge.config (~1 ms) would load at every `judge` start

    try:
        check_key(key)
        settings = read_settings()
    except ConfigError as e:
        fail(str(e))
    value = value.strip()
    if key == "book":
        value = _known_book(value)
    settings[key] = value
    try:
        f = write_settings(settings)
    except OSError as e:
        fail(f"cannot write the settings file: {e}")
    sys.stdout.write(f"{key} = {value}    (written to {f})\n")


@config_app.command("unset")
def config_unset(key: str = typer.Argument(..., help="The setting: book.")) -> None:
    """Remove a setting from the file (the built-in default applies again)."""
    from judge.config import ConfigError, check_key, config_file, read_settings, write_settings  # start-up: judge.config (~1 ms) would load at every `judge` start

    try:
        check_key(key)
        settings = read_settings()
    except ConfigError as e:
        fail(str(e))
    if key not in settings:
        sys.stdout.write(f"{key} was not set in {config_file()}\n")
        return
    del settings[key]
    write_settings(settings)
    sys.stdout.write(f"{key} unset    (written to {config_file()})\n")


def _known_book(value: str) -> str:
    """A registered book id as given, or a rulebook path made absolute (so the setting works from any folder);
    anything else is refused with the ids that exist."""
    from rulebook import RulebookError, all_books  # start-up: rulebook.books (~14 ms) would load at every `judge` start

    if not value:
        fail("give a book id (`judge books` lists them) or a rulebook path")
    try:
        books = all_books()
    except RulebookError as e:
        fail(str(e))
    if value in books:
        return value
    p = Path(value).expanduser()
    if p.is_file():
        return str(p.resolve())
    fail(f"unknown book {value!r}: not a book id ({', '.join(sorted(books))}) and not a file")
    return value
