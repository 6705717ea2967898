"""The docs are commands: every `judge …` command in README.md and docs/*.md runs as written.

What counts as a command: each line of a fenced code block that starts with `judge ` (or `printf … | judge …`,
or `… && judge …`, whose `judge` part is taken), and inline code spans that do (`judge rule 420.5c`). What
runs and what is expected:

- a line runs from a scratch directory in which `scenarios/` is the project's, with a fresh data and config
  directory per document (so a `judge books add` or `judge config set` earlier in a document is seen by the
  lines after it), and must exit 0;
- a *template* (a placeholder in capitals — FILE, PATH, ID, NAME, N — optional syntax `[…]`, `…`, `a|b`,
  or `path/to/`) is not run: its subcommand must exist;
- a line that names `../shared` runs only where ../shared is (it is substituted), else it is skipped, and so
  are the lines after it in its document that name a book it added;
- an example of an error says so in its comment: `# exits 2` (any code) and must exit with that code;
- `--bless` (rewrites tests/golden) and `pip`/`pytest` lines are never run here; `judge serve` runs until
  Ctrl-C, so its line is checked with `--help` (tests/test_serve* start the server).
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from judge.cli import app
from conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PLACEHOLDER = re.compile(r"\b(?:[A-Z]{2,}(?:_[A-Z]+)*|N)\b(?![-\w.])|\[|…|path/to/|\w\|\w")
NEVER = ("--bless",)
# Documented but not (yet) working, each with its owner: an expected failure, strict, so the day it works this
# test says to drop the entry. Keep this empty; it is a to-do list, not a way around the test.
KNOWN_BROKEN: dict[str, str] = {}
SERVERS = ("serve",)      # runs until Ctrl-C: its options are checked with --help, tests/test_serve* start it
SHARED_DIR = SHARED if SHARED.is_dir() else None


@dataclass
class Command:
    doc: str
    line: int
    text: str          # the judge command as written (without its comment)
    comment: str
    stdin: str | None  # what a `printf '…' |` feeds it
    inline: bool = False   # an inline code span in prose

    @property
    def mention(self) -> bool:
        """An inline span that names a command and its options but gives it nothing to work on
        (`judge replay --json`): prose about the command, checked like a template."""
        rest = shlex.split(self.text)[1:]
        cmd = get_command(app)
        while rest and hasattr(cmd, "commands") and rest[0] in cmd.commands:
            cmd, rest = cmd.commands[rest[0]], rest[1:]
        return self.inline and all(a.startswith("-") for a in rest)

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}: {self.text[:60]}"


def _split_comment(line: str) -> tuple[str, str]:
    """`judge x  # note` → ('judge x', 'note'); a # inside quotes is not a comment."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


def commands(doc: Path) -> list[Command]:
    out: list[Command] = []
    text = doc.read_text("utf-8")
    rel = doc.relative_to(ROOT).as_posix()
    in_block = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            lang = line[3:].strip()
            in_block = not in_block and lang in ("", "sh", "shell", "bash", "console")
            continue
        if in_block:
            cmd, comment = _split_comment(line.strip())
            stdin = None
            m = re.match(r"printf '([^']*)' \| (judge .*)", cmd)
            if m:
                stdin, cmd = m.group(1).encode().decode("unicode_escape").encode("latin-1").decode(), m.group(2)
            if " && judge " in cmd:
                cmd = "judge " + cmd.split(" && judge ", 1)[1]
            if cmd.startswith("judge "):
                out.append(Command(rel, n, cmd, comment, stdin))
        else:
            for m in re.finditer(r"`(judge [^`]+)`", line):
                out.append(Command(rel, n, m.group(1), "", None, inline=True))
    return out


ALL = [c for d in DOCS for c in commands(d)]


def test_the_docs_have_commands():
    assert len(ALL) > 60
    assert any(c.text == "judge rule 420.5c --book mtg" for c in ALL)       # the quick start


def _expected_exit(c: Command) -> int:
    m = re.search(r"\bexits? (\d)\b", c.comment)
    return int(m.group(1)) if m else 0


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    d = tmp_path_factory.mktemp("docs-cwd")
    (d / "scenarios").symlink_to(ROOT / "scenarios")
    return d


_ADDED: dict[str, set] = {}      # doc → ids of books added from ../shared that were skipped


@pytest.mark.parametrize("c", [
    pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=KNOWN_BROKEN[c.text])) if c.text in KNOWN_BROKEN
    else c for c in ALL], ids=lambda c: c.id)
def test_a_documented_command_runs_as_written(c: Command, sandbox, monkeypatch, tmp_path_factory):
    if any(x in c.text for x in NEVER):
        pytest.skip("rewrites tests/golden: run by hand, on purpose")
    args = shlex.split(c.text)[1:]
    if args and args[0] in SERVERS:
        res = CliRunner().invoke(app, [*args, "--help"])
        assert res.exit_code == 0, f"{c.id}: {res.output[-500:]}"
        return
    if c.mention or PLACEHOLDER.search(c.text.replace("--", "  ")):
        res = CliRunner().invoke(app, [args[0], "--help"])
        assert res.exit_code == 0, f"{c.id}: no command {args[0]!r}"
        return
    skipped = _ADDED.setdefault(c.doc, set())
    if "../shared" in c.text:
        if SHARED_DIR is None:
            if "--id" in args:
                skipped.add(args[args.index("--id") + 1])
            pytest.skip("needs ../shared (developer machines and CI only)")
        args = [a.replace("../shared", str(SHARED_DIR)) for a in args]
    if any(a in skipped for a in args):
        pytest.skip("uses a book added from ../shared, which is not here")
    monkeypatch.chdir(sandbox)
    data = sandbox / ("data-" + re.sub(r"\W", "_", c.doc))
    monkeypatch.setenv("RULES_JUDGE_DATA_DIR", str(data))
    monkeypatch.setenv("RULES_JUDGE_CONFIG_DIR", str(sandbox / ("config-" + re.sub(r"\W", "_", c.doc))))  # per document too
    res = CliRunner().invoke(app, args, input=c.stdin)
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    assert res.exit_code == _expected_exit(c), f"{c.id}\n{res.stdout[-800:]}{res.stderr[-800:]}"
    assert "Traceback" not in res.stdout + res.stderr
