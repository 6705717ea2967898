"""The default book (issue 17): `judge config`, RULES_JUDGE_BOOK, the precedence
--book > environment > config file > mtg, and refusing what is not understood
(a repeated option, an unknown setting, a broken settings file, an unknown book)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.cli import app
from judge.config import BOOK_ENV, CONFIG_ENV, Choice, ConfigError, book_choice, read_settings, write_settings

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    """A private, empty settings directory and no RULES_JUDGE_BOOK."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.delenv(BOOK_ENV, raising=False)
    return tmp_path / "cfg" / "config.toml"


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(app, list(args), env=env)


def book_of(*args: str, env: dict | None = None) -> str:
    """The book `judge rule --json` read (a number no book has: the not-found document names the book too)."""
    res = run("rule", "999.9z", "--json", *args, env=env)
    assert res.exit_code == 1, res.output
    return json.loads(res.stdout)["book"]


def test_precedence_flag_over_env_over_file_over_default(cfg, tmp_path):
    assert book_of() == "mtg"                                          # built-in default
    assert run("config", "set", "book", "riftbound").exit_code == 0
    assert book_of() == "riftbound"                                    # the file
    assert book_of(env={BOOK_ENV: "wow"}) == "wow"                     # the environment beats the file
    assert book_of("--book", "mtg", env={BOOK_ENV: "wow"}) == "mtg"    # --book beats both
    assert run("config", "unset", "book").exit_code == 0
    assert book_of() == "mtg"


def test_every_single_book_command_follows_the_default(cfg, monkeypatch):
    monkeypatch.setenv(BOOK_ENV, "wow")
    res = run("define", "激活")
    assert res.exit_code == 0 and "激活 / Activate" in res.stdout
    res = run("explain", "glossary:激活")
    assert res.exit_code == 0 and "World of Warcraft TCG" in res.stdout
    res = run("lint", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["dialect"] == "wow"


def test_config_show_names_value_and_source(cfg):
    res = run("config", "show")
    assert res.exit_code == 0
    assert "book = mtg    (from default)" in res.stdout
    assert f"config file: {cfg} (not written yet)" in res.stdout
    run("config", "set", "book", "wow")
    assert f"book = wow    (from {cfg})" in run("config", "show").stdout
    res = run("config", "show", env={BOOK_ENV: "riftbound"})
    assert f"book = riftbound    (from {BOOK_ENV})" in res.stdout
    assert f"({BOOK_ENV} overrides the file's book = wow)" in res.stdout
    assert cfg.read_text("utf-8").splitlines()[-1] == 'book = "wow"'


def test_config_set_refuses_unknown_books_and_keys(cfg):
    res = run("config", "set", "book", "cr2099")
    assert res.exit_code == 2 and "unknown book 'cr2099'" in res.stderr and "mtg, riftbound" in res.stderr
    assert not cfg.exists()                                            # nothing written
    res = run("config", "set", "colour", "red")
    assert res.exit_code == 2 and res.stderr == "judge: unknown setting 'colour'; known: book\n"
    res = run("config", "unset", "colour")
    assert res.exit_code == 2 and "unknown setting 'colour'" in res.stderr
    res = run("config", "set", "book", "  ")
    assert res.exit_code == 2 and "give a book id" in res.stderr


def test_config_set_book_path_is_stored_absolute(cfg, tmp_path, monkeypatch):
    book = ROOT / "rulebook" / "data" / "wow.txt"
    monkeypatch.chdir(book.parent)
    res = run("config", "set", "book", "wow.txt")
    assert res.exit_code == 0, res.output
    assert read_settings() == {"book": str(book)}
    monkeypatch.chdir(tmp_path)                                        # works from anywhere
    assert book_of() == str(book)


def test_unset_when_nothing_is_set(cfg):
    res = run("config", "unset", "book")
    assert res.exit_code == 0 and res.stdout == f"book was not set in {cfg}\n"


@pytest.mark.parametrize("text, says", [
    ('colour = "red"\n', "line 1: unknown setting 'colour'; known: book"),
    ('# mine\n\nbooks = "wow"\n', "line 3: unknown setting 'books'"),
    ("book = \n", "not a valid settings file"),
    ("book = 3\n", "line 1: book must be a non-empty text"),
    ('book = ""\n', "line 1: book must be a non-empty text"),
])
def test_a_broken_settings_file_is_refused_with_file_and_line(cfg, text, says):
    cfg.parent.mkdir(parents=True)
    cfg.write_text(text, "utf-8")
    res = run("rule", "100.1")
    assert res.exit_code == 2, res.output
    assert res.stderr.startswith(f"judge: {cfg}") and says in res.stderr
    assert "Traceback" not in res.output


def test_settings_file_bounds(cfg):
    cfg.parent.mkdir(parents=True)
    cfg.write_bytes(b"book = \"wow\"\n" + b"#" * 70_000)
    with pytest.raises(ConfigError, match="too large"):
        read_settings()
    cfg.write_bytes(b'book = "\xff"\n')
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        read_settings()


def test_environment_book_errors_say_where_the_book_came_from(cfg):
    res = run("rule", "100.1", env={BOOK_ENV: "nope"})
    assert res.exit_code == 2
    assert res.stderr.startswith("judge: unknown book 'nope': not a book id (")     # (the ids other tests added vary)
    assert res.stderr.endswith(f") and not a file (the book comes from {BOOK_ENV})\n")
    res = run("rule", "100.1", env={BOOK_ENV: ""})
    assert res.exit_code == 2 and f"{BOOK_ENV} is set but empty" in res.stderr
    res = run("rule", "100.1", "--book", "")
    assert res.exit_code == 2 and "--book is empty" in res.stderr


def test_book_choice_unit(cfg, monkeypatch):
    assert book_choice(None) == Choice("mtg", "default")
    write_settings({"book": "wow"})
    assert book_choice(None) == Choice("wow", str(cfg))
    monkeypatch.setenv(BOOK_ENV, " riftbound ")
    assert book_choice(None) == Choice("riftbound", BOOK_ENV)
    assert book_choice("x") == Choice("x", "--book")
    assert Choice("wow", BOOK_ENV).describe() == f"wow (from {BOOK_ENV})"


@pytest.mark.parametrize("args, option", [
    (("rule", "100.1", "-b", "wow", "--book", "mtg"), "'--book' / '-b'"),
    (("rule", "100.1", "--color", "--plain"), "'--color'"),
    (("search", "传奇", "-n", "3", "--limit", "5"), "'--limit' / '-n'"),
    (("define", "激活", "-b", "wow", "-b", "wow"), "'--book' / '-b'"),
    (("replay", "420.5c-lethal-damage", "-v", "a", "-v", "b"), "'--variant' / '-v'"),
    (("books", "--json", "--json"), "'--json'"),
])
def test_a_repeated_option_is_refused(cfg, args, option):
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert f"Invalid value for {option}: given 2 times; give it once" in res.output


def test_repeatable_options_stay_repeatable(cfg):
    res = run("index", "status", "-b", "wow", "-b", "mtg", "--json")
    assert res.exit_code == 0, res.output
    assert [r["book"] for r in json.loads(res.stdout)["books"]] == ["wow", "mtg"]


def test_lint_refuses_two_books(cfg):
    res = run("lint", "wow", "--book", "mtg")
    assert res.exit_code == 2 and "give the book once" in res.stderr


def test_help_states_the_precedence():
    for cmd in (["--help"], ["rule", "--help"], ["search", "--help"], ["define", "--help"]):
        text = " ".join(run(*cmd).stdout.split())
        assert "RULES_JUDGE_BOOK" in text and "judge config set book" in text, cmd


def test_scenarios_refuses_a_book_it_has_no_scenarios_of():
    res = run("scenarios", "--book", "mgt")
    assert res.exit_code == 2
    last = res.stderr.splitlines()[-1]
    assert last.startswith("no scenarios of book 'mgt' here; books with scenarios: mtg, ") and "wow" in last
    res = run("scenarios", "--book", "wow")
    assert res.exit_code == 0 and res.stdout and all(x.startswith("wow\t") for x in res.stdout.splitlines())
