"""`judge check`: run a set of scenarios and say, per scenario and variant, whether it meets its expectations.

Two outputs from one list of `CheckResult`: piped, one grep-able line per scenario instance
(`PASS path[#variant]`, `FAIL path:line: reason`), nothing else on stdout; on a terminal, a table whose
scenario column is never wrapped (paths relative to the folder they share, named above the table), then
each failure as `path:line: reason`. When even that table is wider than the terminal, the lines are
printed instead: a path is never broken.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from judge.engine.core.errors import EngineError
from judge.engine.scenario.files import display
from judge.engine.scenario.load import instances, load_scenario
from judge.engine.scenario.run import replay

PASS, FAIL = "PASS", "FAIL"


@dataclass
class CheckResult:
    path: str                   # as the user types it (`files.display`)
    variant: str | None
    example: str | None
    status: str                 # PASS or FAIL
    checked: int = 0            # expectations checked
    problems: list[str] = field(default_factory=list)   # `path:line: reason`, one per problem
    load_error: bool = False    # the file itself did not load (bad input: exit 2)

    @property
    def label(self) -> str:
        return f"{self.path}#{self.variant}" if self.variant else self.path


def run_all(files: list[Path]) -> list[CheckResult]:
    """Load and replay every instance (base and variants) of every file; problems are collected, never raised."""
    out: list[CheckResult] = []
    for f in files:
        shown = display(f)
        try:
            sf = load_scenario(shown)
        except EngineError as e:
            out.append(CheckResult(shown, None, None, FAIL, problems=e.located().split("\n"), load_error=True))
            continue
        for v in instances(sf):
            try:
                res = replay(sf, v)
            except EngineError as e:
                out.append(CheckResult(shown, v, sf.model.example, FAIL, problems=[e.located()]))
                continue
            problems = ([res.error.located()] if res.error else []) + [x.text() for x in res.failures]
            out.append(CheckResult(shown, v, sf.model.example, PASS if res.passed else FAIL, res.checked,
                                   problems))
    return out


def summary(results: list[CheckResult]) -> str:
    n_pass = sum(r.status == PASS for r in results)
    files = len(dict.fromkeys(r.path for r in results))
    return f"{n_pass} passed, {len(results) - n_pass} failed ({files} files)"


def lines(results: list[CheckResult], quiet: bool = False) -> list[str]:
    """One line per passing instance, one per problem of a failing one: `FAIL path:line: reason (#variant)`."""
    out = []
    for r in results:
        if r.status == PASS:
            if not quiet:
                out.append(f"PASS {r.label}")
            continue
        tail = f" (#{r.variant})" if r.variant else ""
        out.extend(f"FAIL {p}{tail}" for p in (r.problems or [f"{r.path}: failed"]))
    return out


def print_table(results: list[CheckResult], quiet: bool = False, console=None) -> None:
    """The terminal view: a table of scenario paths (relative to the folder they share, named above it), each
    variant under its file, then the failures. Laid out here rather than with rich's `Table`, which measures a
    Chinese variant name with no spaces as one unbreakable word and then squeezes or drops the other columns:
    here the path column is as wide as the longest path, variant names wrap inside it, and when the terminal is
    too narrow for that the grep-able lines are printed instead."""
    from rich.cells import cell_len          # start-up: rich only for the terminal table, not for piped lines
    from rich.console import Console         # start-up: as above
    from rich.markup import escape           # start-up: as above

    from judge.wrap import hang              # start-up: wrap loads rich

    con = console or Console(highlight=False)
    shown = [r for r in results if not quiet or r.status != PASS]
    base = _common_dir([r.path for r in results])
    if base:
        con.print(f"scenarios in {escape(base)}", soft_wrap=True)
    rows = []
    for r in shown:
        name = os.path.relpath(r.path, base) if base else r.path
        rows.append((r, name))
    path_w = max([cell_len("scenario")] + [cell_len(n) for _, n in rows])
    ex_w = max([cell_len("example")] + [cell_len(r.example or "") for r, _ in rows])
    ck_w = cell_len("checks")
    if rows and 2 + path_w + 2 + ex_w + 2 + ck_w > con.width:
        for line in lines(shown):                   # too narrow for whole paths: one line each instead
            con.print(escape(line), soft_wrap=True)
    elif rows:
        con.print(f"[bold]  {_pad('scenario', path_w)}  {_pad('example', ex_w)}  checks[/bold]")
        con.print("─" * (2 + path_w + 2 + ex_w + 2 + ck_w))
        last = None
        for r, name in rows:
            mark = "[green]✓[/green]" if r.status == PASS else "[red]✗[/red]"
            tail = f"  {_pad(escape(r.example or ''), ex_w, r.example or '')}  " + \
                   (str(r.checked) if r.status == PASS else "").rjust(ck_w)
            if r.variant is None:
                label = [name]
            else:
                if r.path != last:          # its base instance is not shown (--quiet): the path first
                    con.print(f"  {escape(name)}", soft_wrap=True)
                label = hang("  #", r.variant, path_w)
            first = escape(label[0])
            con.print(f"{mark} {first}{' ' * (path_w - cell_len(label[0]))}{tail}", soft_wrap=True)
            for more in label[1:]:
                con.print(f"  {escape(more)}", soft_wrap=True)
            last = r.path
    for r in results:
        if r.status != PASS:
            tail = f" (#{r.variant})" if r.variant else ""
            for p in r.problems:
                con.print(f"[red]✗[/red] {escape(p + tail)}", soft_wrap=True)
    con.print(summary(results))


def _pad(markup: str, width: int, plain: str | None = None) -> str:
    from rich.cells import cell_len          # start-up: rich only for the terminal table

    return markup + " " * (width - cell_len(markup if plain is None else plain))


def _common_dir(paths: list[str]) -> str:
    if not paths:
        return ""
    try:
        common = os.path.commonpath([os.path.dirname(p) or "." for p in paths])
    except ValueError:      # relative and absolute mixed
        return ""
    return common if common not in ("", ".") else ""
