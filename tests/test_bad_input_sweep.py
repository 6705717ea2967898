"""Every command over bad input: never a traceback, always the documented exit code and a message that says what.

The sweep is one table, `CASES`: to add a case, add a row. A row's arguments may name the bad files the
`bad` fixture writes (`{missing}`, `{dir}`, `{binary}`, `{bomb}`, …); `stdin` is bytes fed to the command.
Exit codes as documented: 0 ok; 1 nothing found / an expectation failed; 2 bad input (README, docs/*.md).
Commands run in-process (typer's runner: an exception escaping the command is a traceback) — except the
cases marked `process`, which need real argv bytes or a real pipe.
"""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.cli import app

ROOT = Path(__file__).resolve().parents[1]
LETHAL = (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{k}: &{k} [{', '.join([f'*{p}'] * 9)}]\n" for p, k in zip("abcdefgh", "bcdefghi"))


@dataclass
class Case:
    name: str
    args: list[str]
    exit: int
    says: str                    # must appear in stdout + stderr
    stdin: bytes | None = None
    process: bool = False        # run `judge` as a process (argv bytes, pipes)


CASES = [
    # rule lookup
    Case("rule unknown id", ["rule", "999.9z"], 1, "999.9z"),
    Case("rule unknown book", ["rule", "420.5c", "--book", "no-such-book"], 2, "no-such-book"),
    Case("rule book is a directory", ["rule", "1", "--book", "{dir}"], 2, "{dir}"),
    Case("rule unknown dialect", ["rule", "420.5c", "--dialect", "klingon"], 2, "klingon"),
    Case("define unknown term", ["define", "不存在的词条"], 1, "不存在的词条"),
    Case("lint missing file", ["lint", "{missing}"], 2, "missing"),
    Case("books add missing file", ["books", "add", "{missing}", "--id", "x1"], 2, "missing"),
    Case("rule empty query", ["rule", ""], 2, "empty query"),
    Case("rule blank list", ["rule", " , "], 2, "empty query"),
    Case("rule range across levels", ["rule", "100.1-102.3"], 2, "is not a range"),
    Case("rule range letter to number", ["rule", "409.1a-410"], 2, "is not a range"),
    Case("define empty term", ["define", ""], 2, "empty glossary term"),
    Case("rule --book empty", ["rule", "420.5c", "--book", ""], 2, "book id"),
    Case("rule --book dash", ["rule", "420.5c", "--book=-x"], 2, "book id"),
    Case("rule --book 5000 characters", ["rule", "420.5c", "--book", "x" * 5000], 2, "book id"),
    Case("books add empty id", ["books", "add", "{empty}", "--id", ""], 2, "not a valid book id"),
    Case("books add id with a path", ["books", "add", "{empty}", "--id", "../../x"], 2, "not a valid book id"),
    Case("books add id with a dash", ["books", "add", "{empty}", "--id=-x"], 2, "not a valid book id"),
    Case("books add 5000-character id", ["books", "add", "{empty}", "--id", "x" * 5000], 2, "not a valid book id"),
    Case("books add bundled id", ["books", "add", "{empty}", "--id", "mtg"], 2, "bundled book id"),
    Case("books remove unknown id", ["books", "remove", "no-such-book"], 2, "no added book"),
    Case("books remove bundled", ["books", "remove", "mtg"], 2, "bundled"),
    # search
    Case("search empty query", ["search", " "], 2, "give a query"),
    Case("search unknown book", ["search", "传奇", "--book", "no-such-book"], 2, "no-such-book"),
    Case("search argument not UTF-8", ["search", b"\xff\xfe".decode("utf-8", "surrogateescape")], 2,
         "not valid UTF-8"),
    Case("search --json argument not UTF-8", ["search", "a\udcff", "--json"], 2, '"error": "the query is not valid'),
    Case("search --json batch line not UTF-8", ["search", "--book", "wow", "--json", "-"], 0,
         '"error":"the query is not valid UTF-8 text (bytes ff fe at character 1)"',
         stdin="优先权\n".encode() + b"\xff\xfe\xe5\x9d\x8f\n" + "傳奇規則\n".encode()),
    Case("search argv bytes not UTF-8 (process)", ["search", "--json", b"\xff\xfe"], 2, "not valid UTF-8",
         process=True),
    Case("index status unknown book", ["index", "status", "--book", "no-such-book"], 2, "no-such-book"),
    # scenarios
    Case("replay a directory", ["replay", "{dir}"], 2, "is a directory"),
    Case("replay a missing file", ["replay", "{missing}"], 2, "no such file or directory"),
    Case("replay an unknown name", ["replay", "420.5c-lethal-damag"], 2, "did you mean 420.5c-lethal-damage"),
    Case("replay a binary file", ["replay", "{binary}"], 2, "not UTF-8"),
    Case("replay an empty file", ["replay", "{empty}"], 2, "a scenario is a mapping"),
    Case("replay a YAML list", ["replay", "{list}"], 2, "a scenario is a mapping"),
    Case("replay an alias bomb", ["replay", "{bomb}"], 2, "aliases (*a) are not allowed"),
    Case("replay a source that is no rule", ["replay", "{badsource}"], 2, "source: unknown rule '420.9z'"),
    Case("replay an unknown variant", ["replay", "420.5c-lethal-damage", "--variant", "没有这个"], 2, "no variant"),
    Case("replay a failing scenario", ["replay", "{failing}"], 1, "expected [], got [bear]"),
    Case("check a missing path", ["check", "{missing}"], 2, "no such file or directory"),
    Case("check an alias bomb", ["check", "{bomb}"], 2, "FAIL {bomb}:2: aliases"),
    Case("check a failing scenario", ["check", "{failing}"], 1, "FAIL {failing}:16:"),
    Case("coverage unknown book", ["coverage", "--book", "no-such-book"], 2, "no-such-book"),
    Case("coverage a missing path", ["coverage", "--book", "mtg", "{missing}"], 2, "no such file or directory"),
    Case("scenarios over a broken file", ["scenarios", "{dir}"], 2, "duplicate key"),
    Case("explain a missing scenario", ["explain", "{missing}.yaml"], 2, "no such scenario file"),
    Case("explain an alias bomb", ["explain", "{bomb}"], 2, "aliases"),
    Case("explain unknown rule", ["explain", "999.9"], 1, "999.9"),
    Case("explain unknown format", ["explain", "420.5c", "--format", "pdf"], 2, "pdf"),
    Case("new-scenario unknown rule", ["new-scenario", "999.9"], 2, "999.9"),
    Case("new-scenario of a chapter", ["new-scenario", "4"], 2, "is a chapter"),
    Case("new-scenario without an engine", ["new-scenario", "1", "--book", "no-such-book"], 2, "no engine"),
    Case("new-scenario over an existing file", ["new-scenario", "420.5b", "--out", "{empty}"], 2, "exists"),
]


@pytest.fixture
def bad(tmp_path) -> dict[str, str]:
    d = tmp_path / "bad"
    d.mkdir()
    files = {
        "binary": b"\x00\x01\xff\xfe" * 64,
        "empty": b"",
        "list": b"- a\n- b\n",
        "bomb": BOMB.encode(),
        "dupkey.yaml": b"book: mtg\nbook: wow\n",
        "badsource": LETHAL.replace('source: "420.5c"', 'source: "420.9z"').encode(),
        "failing": LETHAL.replace("zones: {甲.graveyard: [bear], 乙.graveyard: [bolt]}",
                                  "zones: {甲.graveyard: [], 乙.graveyard: [bolt]}").encode(),
    }
    out = {"dir": str(d), "missing": str(tmp_path / "missing")}
    for name, data in files.items():
        p = d / name
        p.write_bytes(data)
        out[name] = str(p)
    assert "420.9z" in Path(out["badsource"]).read_text("utf-8") and "[], 乙" in Path(out["failing"]).read_text("utf-8")
    return out


def _fill(arg, bad: dict[str, str]):
    if isinstance(arg, bytes):
        return arg
    for k, v in bad.items():
        arg = arg.replace("{" + k + "}", v)
    return arg


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_bad_input_gets_a_message_and_the_documented_exit(case: Case, bad):
    args = [_fill(a, bad) for a in case.args]
    says = _fill(case.says, bad)
    if case.process:
        judge = Path(sys.executable).parent / "judge"
        p = subprocess.run([str(judge).encode(), *[a if isinstance(a, bytes) else a.encode() for a in args]],
                           input=case.stdin, capture_output=True, timeout=120, env=dict(os.environ, NO_COLOR="1"))
        code, out = p.returncode, (p.stdout + p.stderr).decode("utf-8", "replace")
    else:
        res = CliRunner().invoke(app, args, input=case.stdin)
        if res.exception is not None and not isinstance(res.exception, SystemExit):
            raise res.exception                 # a traceback: show it
        code, out = res.exit_code, res.stdout + res.stderr
    assert "Traceback" not in out
    assert code == case.exit, out[-2000:]
    assert says in out, out[-2000:]


def test_a_batch_answers_every_line_even_after_a_bad_one():
    """docs/search.md: one JSON object per non-empty input line, in order."""
    import json

    res = CliRunner().invoke(app, ["search", "--book", "wow", "--json", "-"],
                             input="优先权\n".encode() + b"\xff\n\n" + "傳奇規則\n".encode())
    lines = [json.loads(x) for x in res.stdout.splitlines()]
    assert [x["query"] for x in lines] == ["优先权", "\ufffd", "傳奇規則"]
    assert lines[0]["results"] and lines[2]["results"] and lines[1]["results"] == []
    assert lines[1]["error"].startswith("the query is not valid UTF-8") and lines[0]["error"] is None
