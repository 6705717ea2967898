"""judge replay / check / coverage / new-scenario: the scenario engine on the command line.

Only typer is imported at module level; the engine, yaml, pydantic and rich
are imported inside each command so other commands start fast.

Exit codes: 0 ok; 1 an expectation failed or a replay stopped; 2 bad input
(scenario or card file errors, unknown rule id), always as `file:line: …`
on stderr, never a traceback. `judge check` exits 2 when any file could not
be loaded, else 1 when any expectation failed.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from judge.app import app
from judge.commands.common import book_option, resolve_book


def _fail_input(err) -> None:
    typer.echo(err.located() if hasattr(err, "located") else str(err), err=True)
    raise typer.Exit(2)


def scenario_paths(paths: list[Path]) -> list[Path]:
    """Scenario files the given files, directories and bundled names name (`judge.engine.scenario.files`);
    exit 2 for one that names nothing."""
    from judge.engine.scenario.files import NotAScenario, scenario_paths as find  # start-up: judge.engine.scenario.files (~0.8 ms) would load at every `judge` start

    try:
        return find(paths)
    except NotAScenario as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(2)


def bundled(sub: str = "") -> Path:
    """The bundled scenarios (package data), with a note on stderr saying where they are."""
    from judge.engine.scenario.files import bundled_root  # start-up: judge.engine.scenario.files (~0.8 ms) would load at every `judge` start

    root = bundled_root() / sub if sub else bundled_root()
    typer.echo(f"judge: the bundled scenarios in {root}", err=True)
    return root


@app.command()
def replay(
    path: str = typer.Argument(..., help="A scenario file, or a bundled scenario's name (420.5c-lethal-damage; "
                                         "`judge scenarios` lists them)."),
    variant: Optional[str] = typer.Option(None, "--variant", "-v", help="Replay one of the file's variants."),
    as_json: bool = typer.Option(False, "--json", help="The trace as JSON (schema rules-judge/trace/1)."),
    full: bool = typer.Option(False, "--full", help="Every step (routine ones — mana abilities, priority passes with "
                                                   "the stack empty — are otherwise folded into one line) and each "
                                                   "rule's full text, not a shortened one. --json always has everything."),
    schema: bool = typer.Option(False, "--schema", help="Print the JSON Schema of --json output and exit."),
) -> None:
    """Replay a scenario and print the trace: every step, every rule that fired and why."""
    if schema:
        from judge.engine.scenario.schema import TraceDoc  # start-up: judge.engine.scenario.schema (~54 ms) would load at every `judge` start

        typer.echo(json.dumps(TraceDoc.model_json_schema(by_alias=True), ensure_ascii=False, indent=2))
        return
    from judge.engine.core.errors import EngineError  # start-up: judge.engine.core.errors (~23 ms) would load at every `judge` start
    from judge.engine.scenario.files import display  # start-up: judge.engine.scenario.files (~0.8 ms) would load at every `judge` start
    from judge.engine.scenario.load import load_scenario  # start-up: judge.engine.scenario.load (~99 ms) would load at every `judge` start
    from judge.engine.scenario.render import print_text, to_json  # start-up: judge.engine.scenario.render (~107 ms) would load at every `judge` start
    from judge.engine.scenario.run import replay as run  # start-up: judge.engine.scenario.run (~103 ms) would load at every `judge` start

    from judge.engine.scenario.files import NotAScenario, resolve  # start-up: judge.engine.scenario.files (~0.8 ms) would load at every `judge` start

    try:
        f = resolve(path)
    except NotAScenario as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(2)
    try:
        sf = load_scenario(path if f == Path(path) else display(f))   # a bundled name: its path as a user types it
        out = run(sf, variant)
    except EngineError as e:
        _fail_input(e)
    if as_json:
        typer.echo(to_json(out, sf))
    else:
        print_text(out, sf, full_rule=full, fold=not full)
    if not out.passed:
        raise typer.Exit(1)


@app.command()
def check(
    paths: Optional[List[Path]] = typer.Argument(None, help="Scenario files, directories or bundled names "
                                                            "(default: every bundled scenario)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only the failures and the summary."),
    color: Optional[bool] = typer.Option(None, "--color/--plain",
                                         help="A table (default on a terminal) or one line per scenario."),
) -> None:
    """Run every scenario's expectations. Piped: one line per scenario and variant, `PASS path[#variant]` or
    `FAIL path:line: reason`; on a terminal, a table and each failure below it. Exit 1 on a failure, 2 when a
    file could not be loaded."""
    from judge.engine.scenario.check import lines, run_all, summary  # start-up: judge.engine.scenario.check (~98 ms) would load at every `judge` start
    from judge.render import use_rich  # start-up: judge.render (~2 ms) would load at every `judge` start

    results = run_all(scenario_paths(paths or [bundled()]))
    if use_rich(sys.stdout, color):
        from judge.engine.scenario.check import print_table  # start-up: judge.engine.scenario.check (~98 ms) would load at every `judge` start

        print_table(results, quiet=quiet)
    else:
        for line in lines(results, quiet=quiet):
            sys.stdout.write(line + "\n")
        sys.stderr.write(f"judge: {summary(results)}\n")
    if any(r.load_error for r in results):
        raise typer.Exit(2)
    if any(r.status != "PASS" for r in results):
        raise typer.Exit(1)


@app.command("scenarios")
def list_scenarios(
    paths: Optional[List[Path]] = typer.Argument(None, help="Folders or files to list (default: the bundled "
                                                            "scenarios)."),
    book: Optional[str] = typer.Option(None, "--book", "-b", help="Only this book's scenarios (mtg, wow)."),
    as_json: bool = typer.Option(False, "--json", help="One object per scenario: name, book, rules, title, "
                                                      "example, variants, path."),
) -> None:
    """List scenarios by game and rule, with the name `judge replay NAME` takes. Exit 2 if a file is not valid
    YAML (listed on stderr; the others are still listed)."""
    from judge.engine.scenario.catalogue import catalogue  # start-up: judge.engine.scenario.catalogue (~35 ms) would load at every `judge` start

    entries, errors = catalogue(scenario_paths(paths or [bundled()]))
    if book:
        have = sorted({e["book"] for e in entries})
        if book not in have:     # a typo must not read as "no scenarios"
            typer.echo(f"no scenarios of book {book!r} here; books with scenarios: {', '.join(have) or 'none'}", err=True)
            raise typer.Exit(2)
        entries = [e for e in entries if e["book"] == book]
    if as_json:
        typer.echo(json.dumps(entries, ensure_ascii=False, indent=2))
    elif sys.stdout.isatty():
        from judge.engine.scenario.catalogue import print_catalogue  # start-up: judge.engine.scenario.catalogue (~35 ms) would load at every `judge` start

        print_catalogue(entries)
    else:
        for e in entries:
            sys.stdout.write("\t".join([e["book"], "、".join(e["rules"]), e["name"], e["title"]]) + "\n")
    for err in errors:
        typer.echo(err, err=True)
    if errors:
        raise typer.Exit(2)


@app.command()
def coverage(
    book: Optional[str] = book_option("Book id whose rules to report on (default: as for every command, "
                                      "$RULES_JUDGE_BOOK, else the config file's book, else mtg)."),
    paths: Optional[List[Path]] = typer.Argument(None, help="Scenarios whose traces count (default: the bundled "
                                                            "scenarios of the book)."),
    status: Optional[List[str]] = typer.Option(
        None, "--status", "-s", help="List the rules with this status: exercised, unexercised, not_procedural, "
                                     "not_implemented (repeatable)."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Every numbered rule of the book and its one status: implemented and exercised (by which scenarios),
    implemented but not exercised, not procedural (class and reason, judge/data/coverage/<book>.yaml), or not
    yet implemented; per chapter and in all. See docs/scenarios.md §Coverage."""
    from judge.engine.core.errors import EngineError  # start-up: judge.engine.core.errors (~23 ms) would load at every `judge` start
    from judge.engine.coverage import STATUSES, data_file, report  # start-up: judge.engine.coverage (~100 ms) would load at every `judge` start
    from judge.engine.games import known_books  # start-up: judge.engine (~0.3 ms) would load at every `judge` start

    book = resolve_book(book)
    has_engine = book in known_books()
    if not has_engine and not data_file(book).exists():
        known = sorted({*known_books(), *(p.stem for p in data_file(book).parent.glob("*.yaml"))})
        typer.echo(f"no engine or rule classification for book {book!r}; known: {', '.join(known)}", err=True)
        raise typer.Exit(2)
    bad = [s for s in status or [] if s not in STATUSES]
    if bad:
        typer.echo(f"--status {bad[0]!r}: expected one of {', '.join(STATUSES)}", err=True)
        raise typer.Exit(2)
    if not has_engine and paths:
        typer.echo(f"book {book!r} has no engine: its scenarios cannot be replayed", err=True)
        raise typer.Exit(2)
    files = scenario_paths(paths or [bundled(book)]) if has_engine else []
    try:
        rep = report(book, files)
    except EngineError as e:
        _fail_input(e)
    if as_json:
        typer.echo(json.dumps(rep, ensure_ascii=False, indent=2))
        return
    _print_coverage(rep, status)


def _print_coverage(rep: dict, status: Optional[List[str]]) -> None:
    from rich.console import Console  # start-up: rich.console (~12 ms) would load at every `judge` start
    from rich.markup import escape  # start-up: rich.markup (~8 ms) would load at every `judge` start
    from rich.table import Table  # start-up: rich.table (~11 ms) would load at every `judge` start

    from rich import box  # start-up: rich.box (~0.6 ms) would load at every `judge` start

    con = Console(highlight=False)
    con.soft_wrap = not con.is_terminal    # piped: a line per line; a terminal: rich wraps between words
    runs = f"{rep['scenarios']} scenario runs" if rep["engine"] else "no engine yet"
    # The status words are the ones `--status` takes: a header may wrap between its words, never inside one
    # (at 80 columns "exercised" came out as "exerci/sed"). Each count column is as wide as its longest
    # word, the borderless head saves the vertical rules, and the chapter name folds instead.
    t = Table(title=f"coverage of book {rep['book']} ({runs})", box=box.SIMPLE_HEAD, pad_edge=False)
    t.add_column("chapter", overflow="fold", min_width=8)
    # "unexercised" is a column only when some rule is: a registered rule without a scenario is the exception
    keys = ["rules", "exercised", "unexercised", "not_procedural", "not_implemented"]
    if not any(ch["unexercised"] for ch in rep["chapters"]):
        keys.remove("unexercised")
    for col in [k.replace("_", " ") for k in keys] + ["%"]:
        t.add_column(col, justify="right", min_width=max(len(w) for w in col.split()))

    def add(row: dict, name: str) -> None:
        t.add_row(escape(name), *(str(row[k]) for k in keys), f"{row['exercised_pct']:.1f}")

    numbered = [c for c in rep["chapters"] if c["numbered"]]
    for ch in numbered:
        add(ch, ch["chapter"])
    tot = rep["total"]
    add(tot, "all")
    for ch in rep["chapters"]:
        if not ch["numbered"]:
            add(ch, ch["chapter"])
    if t.__rich_measure__(con, con.options.update_width(10_000)).minimum <= con.width:
        con.print(t)
    else:                                   # too narrow for the columns: a line per chapter, words whole
        con.print(t.title)
        for row, name in [(ch, ch["chapter"]) for ch in numbered] + [(tot, "all")] + [
                (ch, ch["chapter"]) for ch in rep["chapters"] if not ch["numbered"]]:
            con.print(f"{escape(name)}: {row['rules']} rules, {row['exercised']} exercised, "
                      f"{row['unexercised']} unexercised, {row['not_procedural']} not procedural, "
                      f"{row['not_implemented']} not implemented ({row['exercised_pct']:.1f}%)")
    if len(numbered) < len(rep["chapters"]):
        con.print("(all: the numbered rules; the glossary is counted apart)")
    con.print(f"implemented and exercised: {tot['exercised']} of {tot['rules']} numbered rules "
              f"({tot['exercised_pct']:.1f}%); procedural {tot['procedural']}, of which not implemented "
              f"{tot['not_implemented']}; not procedural {tot['not_procedural']}")
    if status:
        r = Table(title=f"rules: {', '.join(status)}")
        for col in ("rule", "chapter", "status"):
            r.add_column(col, no_wrap=True)
        r.add_column("detail", overflow="fold")          # a reason is read in full, never cut to "…"
        for row in rep["rules"]:
            if row["status"] in status:
                r.add_row(escape(row["rule"]), escape(row["chapter"]), row["status"], escape(_detail(row)))
        con.print(r)
        return
    if rep["implemented"]:
        _print_implemented(con, rep["implemented"])
    r = Table(title="not procedural")
    for col in ("rule", "class"):
        r.add_column(col, no_wrap=True)
    r.add_column("reason", overflow="fold")
    for row in rep["rules"]:
        if row["status"] == "not_procedural":
            r.add_row(escape(row["rule"]), row["class"], escape(row["reason"]))
    con.print(r)
    con.print(f"not implemented: {tot['not_implemented']} numbered rules; "
              f"`judge coverage --book {rep['book']} --status not_implemented` lists them")


def _print_implemented(con, implemented: list) -> None:
    """Each implemented rule with its reasons and (the first three of) its scenarios.

    Reason codes and scenario paths are names a reader copies: a table whose cells would break them mid-word
    is not drawn; a terminal too narrow for it gets a rule per line, its scenarios indented beneath."""
    from rich.markup import escape  # start-up: rich.markup (~8 ms) would load at every `judge` start
    from rich.table import Table  # start-up: rich.table (~11 ms) would load at every `judge` start

    def shown(sc: list) -> list:
        return [escape(x) for x in sc[:3]] + ([f"… (+{len(sc) - 3})"] if len(sc) > 3 else [])

    r = Table(title="implemented rules")
    r.add_column("rule", no_wrap=True)
    for col in ("reasons", "scenarios"):
        r.add_column(col, no_wrap=True)
    for row in implemented:
        r.add_row(row["rule"], "\n".join(row["reasons"]), "\n".join(shown(row["scenarios"])) or "[red]none[/red]")
    if r.__rich_measure__(con, con.options.update_width(10_000)).minimum <= con.width:
        con.print(r)
        return
    con.print(r.title)
    for row in implemented:
        con.print(f"{row['rule']}  {', '.join(row['reasons'])}")
        for x in shown(row["scenarios"]) or ["[red]none[/red]"]:
            con.print(f"    {x}")


def _detail(row: dict) -> str:
    if row["status"] == "not_procedural":
        return f"{row['class']}: {row['reason']}"
    if row["scenarios"]:
        sc = row["scenarios"]
        return ", ".join(sc[:3]) + (f" … (+{len(sc) - 3})" if len(sc) > 3 else "")
    return ""


@app.command("new-scenario")
def new_scenario(
    rule: str = typer.Argument(..., help="The rule the scenario reproduces, e.g. 420.5c."),
    book: Optional[str] = book_option("Book id of the rule (default: $RULES_JUDGE_BOOK, else the config file's book, else mtg)."),
    slug: str = typer.Option("example", "--slug", help="Short name after the rule number in the file name."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write here (default: print to stdout)."),
) -> None:
    """A scenario template for a rule, with the rule's text quoted; see docs/scenarios.md. Only for a book whose
    game has an engine (`judge.engine.games.known_books()`)."""
    from rulebook import load_book  # start-up: rulebook.books (~14 ms) would load at every `judge` start
    from rulebook.lookup import resolve_one  # start-up: rulebook.lookup (~8 ms) would load at every `judge` start

    from judge.engine.scenario.template import NoEngine, cite_id, game_template, scenario_template  # start-up: judge.engine.scenario.template (~3 ms) would load at every `judge` start

    book = resolve_book(book)
    try:
        game_template(book)
    except NoEngine as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(2)
    b = load_book(book)
    node = resolve_one(b, rule)
    if node is None:
        typer.echo(f"book {book!r} has no rule {rule!r}", err=True)
        raise typer.Exit(2)
    if node.kind not in ("rule", "glossary"):
        typer.echo(f"{rule!r} is a {node.kind} of book {book!r}, not a rule: a scenario reproduces a rule "
                   f"(or a glossary entry)", err=True)
        raise typer.Exit(2)
    text = scenario_template(book, node)
    if out is None:
        typer.echo(text)
        return
    if out.is_dir():
        out = out / f"{cite_id(node)}-{slug}.yaml"
    if out.exists():
        typer.echo(f"{out}: exists; not overwriting", err=True)
        raise typer.Exit(2)
    out.write_text(text, "utf-8")
    typer.echo(str(out))
