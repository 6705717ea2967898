"""The user's settings: a small TOML file in the user config directory.

`judge config set book cr2026` writes `book = "cr2026"` to
`<user config dir>/rules-judge/config.toml` (platformdirs; `RULES_JUDGE_CONFIG_DIR`
overrides the directory for tests and portable installs). Only the settings in
`SETTINGS` are understood: an unknown key, in the file or on the command line,
is refused with the file, line and the keys that exist — never silently ignored.

Which book a command reads is decided once, here (`book_choice`):
`--book` > `RULES_JUDGE_BOOK` > the config file > `DEFAULT_BOOK`.
Standard library only (tomllib reads; a flat table of strings is written by hand,
as the standard library has no TOML writer and the file holds only `key = "value"`).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BOOK = "mtg"
BOOK_ENV = "RULES_JUDGE_BOOK"
CONFIG_ENV = "RULES_JUDGE_CONFIG_DIR"
MAX_BYTES = 64 * 1024     # a settings file is a few lines; refuse anything that is not

# setting -> what it means (shown by `judge config show` and in errors)
SETTINGS: dict[str, str] = {
    "book": "the book a command reads when --book is not given (a book id or a rulebook path)",
}


class ConfigError(Exception):
    """A settings file or a setting that cannot be understood; the message names the file and line."""


@dataclass(frozen=True)
class Choice:
    """A value and where it came from: `--book`, `RULES_JUDGE_BOOK`, the config file's path, or `default`."""

    value: str
    source: str

    def describe(self) -> str:
        """`wow (from RULES_JUDGE_BOOK)`: for messages that must say why this book was read."""
        return f"{self.value} (from {self.source})"


def config_dir() -> Path:
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    from platformdirs import user_config_dir  # start-up: platformdirs (~2 ms) only without RULES_JUDGE_CONFIG_DIR

    return Path(user_config_dir("rules-judge", appauthor=False))


def config_file() -> Path:
    return config_dir() / "config.toml"


def read_settings(path: Path | None = None) -> dict[str, str]:
    """The settings in the file (empty when there is none). Raises ConfigError on anything not understood."""
    import tomllib  # start-up: tomllib (~1.5 ms) only when the settings are read

    f = path or config_file()
    try:
        data = f.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise ConfigError(f"{f}: cannot read the settings file ({e.strerror or e})") from None
    if len(data) > MAX_BYTES:
        raise ConfigError(f"{f}: {len(data):,} bytes is too large for a settings file (at most {MAX_BYTES:,}); "
                          f"fix or delete it")
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ConfigError(f"{f}: not UTF-8 text (byte {e.start + 1}); fix or delete it") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{f}: not a valid settings file: {e}; expected lines like book = \"wow\"") from None
    out: dict[str, str] = {}
    for key, value in raw.items():
        line = _line_of(data.decode("utf-8"), key)
        if key not in SETTINGS:
            raise ConfigError(f"{f}, line {line}: unknown setting {key!r}; known: {', '.join(SETTINGS)}")
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(f"{f}, line {line}: {key} must be a non-empty text such as {key} = \"wow\"")
        out[key] = value
    return out


def _line_of(text: str, key: str) -> int:
    for i, ln in enumerate(text.splitlines(), 1):
        s = ln.strip().lstrip("[").strip()          # `book = …`, `"book" = …`, or a table `[book]`
        if s.startswith((key, f'"{key}"', f"'{key}'")):
            return i
    return 1


def write_settings(settings: dict[str, str], path: Path | None = None) -> Path:
    """Write the settings atomically (a temporary file renamed over the old one)."""
    f = path or config_file()
    f.parent.mkdir(parents=True, exist_ok=True)
    body = "# rules-judge settings (`judge config show` lists them)\n" + "".join(
        f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in sorted(settings.items()))
    tmp = f.with_name(f".{f.name}.{os.getpid()}.tmp")
    tmp.write_text(body, "utf-8")
    os.replace(tmp, f)
    return f


def check_key(key: str) -> None:
    if key not in SETTINGS:
        raise ConfigError(f"unknown setting {key!r}; known: {', '.join(SETTINGS)}")


def book_choice(given: str | None) -> Choice:
    """The book a command reads: `--book` > `RULES_JUDGE_BOOK` > the config file > `mtg`."""
    if given is not None:
        if not given.strip():
            raise ConfigError("--book is empty; give a book id or a rulebook path")
        return Choice(given, "--book")
    env = os.environ.get(BOOK_ENV)
    if env is not None:
        if not env.strip():
            raise ConfigError(f"{BOOK_ENV} is set but empty; unset it or give a book id")
        return Choice(env.strip(), BOOK_ENV)
    settings = read_settings()
    if "book" in settings:
        return Choice(settings["book"].strip(), str(config_file()))
    return Choice(DEFAULT_BOOK, "default")
