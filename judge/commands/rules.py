"""`judge rule`, `judge define`, `judge books`, `judge lint`: looking rules up.

Only typer is imported at module level; the rulebook is loaded inside each
command (from its on-disk cache), and rich only on a terminal.
"""
from __future__ import annotations

import json
import shutil
import sys
from typing import List, Optional

import typer

from judge.app import app
from judge.commands.common import DIALECT_HELP, book_option, fail, open_book, resolve_book
from judge.commands.editions import grouped_rows, show_define_languages, show_in, show_languages
from judge.commands.search import open_search_index

def _emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


@app.command()
def rule(
    query: str = typer.Argument(..., help="420.5c, 102.4.a, 420.5 (with subrules), 420.5. (alone), 420 (contents), 409.1a-c (a range), 420.5a,420.5c (a list), glossary:激活"),
    book: Optional[str] = book_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the documented JSON (docs/json.md)."),
    dialect: Optional[str] = typer.Option(None, "--dialect", help=DIALECT_HELP),
    color: Optional[bool] = typer.Option(None, "--color/--plain", help="Force rich or plain output (default: rich on a terminal)."),
    in_book: Optional[str] = typer.Option(None, "--in", help="Another edition (book id or path): show the corresponding rule(s) there, with a confidence and what changed."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Languages to show side by side, e.g. zh,en: the same rule in the linked book of each language."),
) -> None:
    """Show a rule by number: breadcrumb, text, examples, references, and the rules that cite it."""
    from rulebook.lookup import BadQuery, NotFound, lookup  # start-up: rulebook.lookup (~8 ms) would load at every `judge` start

    from judge.render import print_rules  # start-up: judge.render (~2 ms) would load at every `judge` start
    from judge.ruledoc import lookup_doc  # start-up: judge.ruledoc (~10 ms) would load at every `judge` start

    b = open_book(book, dialect)
    try:
        hits = lookup(b, query)
    except NotFound as e:
        if as_json:
            _emit_json({"query": query, "book": b.id, "rules": [], "error": str(e), "nearest": e.suggestions})
        if isinstance(e, BadQuery):
            fail(str(e), 2)   # a query that can name nothing is bad input
        from rulebook.understood import looks_unparsed  # start-up: rulebook.understood (~6 ms) would load at every `judge` start

        if looks_unparsed(b):  # never a silent "nearest: 1, 2, 3" for a book the parser did not understand
            sys.stderr.write(f"judge: warning: the parser understood little of {b.path} "
                             f"(dialect {b.dialect}); `judge lint {b.path}` says what it found\n")
        fail(str(e), 1)
    if lang:

        languages = [x.strip().lower() for x in lang.replace("，", ",").split(",") if x.strip()]
        show_languages(resolve_book(book), b, query, languages, as_json, color)
        return
    if in_book:

        show_in(b, query, hits, in_book, as_json, color, resolve_book(book))
        return
    doc = lookup_doc(b, query, hits)
    if as_json:
        _emit_json(doc)
    else:
        print_rules(doc, rich=color)


@app.command()
def define(
    term: List[str] = typer.Argument(..., help="A glossary headword, in Chinese or English, several words without "
                                               "quotes: 激活, 生命 (one of 生命，总生命), mana burn, 生命值 (a near form)."),
    book: Optional[str] = book_option(),
    lang: Optional[str] = typer.Option(None, "--lang", help="Languages to show side by side, e.g. zh,en: the entry and its counterpart in the linked book of each language."),
    as_json: bool = typer.Option(False, "--json"),
    color: Optional[bool] = typer.Option(None, "--color/--plain"),
) -> None:
    """Show a glossary entry: by its headword, one of its alternatives (生命 finds 生命，总生命), its English name,
    or a near form (生命值, trample ability), which a note on stderr names. Exit 0 when an entry is shown; when
    none is near enough, the nearest entries and the top search hits, and exit 1."""
    from rulebook.lookup import ENTRY, Hit, glossary_uid  # start-up: rulebook.lookup (~8 ms) would load at every `judge` start
    from rulebook.nearest import confident  # start-up: rulebook.nearest (~7 ms) would load at every `judge` start

    from judge.render import print_rules  # start-up: judge.render (~2 ms) would load at every `judge` start
    from judge.ruledoc import lookup_doc  # start-up: judge.ruledoc (~10 ms) would load at every `judge` start

    text = " ".join(term).strip()
    if not text:
        fail("empty glossary term: give one, e.g. judge define 激活")
    b = open_book(book)
    uid = glossary_uid(b, text)
    note = None
    if uid is None:
        near = confident(b, text)
        if near is None:
            _no_entry(b, text, as_json, color)
        uid = near.uid
        note = f"no entry is named {text!r}; showing the nearest, {b.node(uid).title}"
    if lang:
        if note:
            sys.stderr.write(f"judge: note: {note}\n")
        languages = [x.strip().lower() for x in lang.replace("，", ",").split(",") if x.strip()]
        show_define_languages(resolve_book(book), b, uid, f"glossary:{text}", languages, as_json, color)
        return
    doc = lookup_doc(b, f"glossary:{text}", [Hit(b.node(uid), ENTRY)])
    if note:
        doc["note"] = note
        sys.stderr.write(f"judge: note: {note}\n")
    if as_json:
        _emit_json(doc)
    else:
        print_rules(doc, rich=color)


def _no_entry(b, text: str, as_json: bool, color: Optional[bool]) -> None:
    """No entry is near enough: the nearest entries and the top search hits (stdout), an error (stderr), exit 1."""
    from rulebook.nearest import near_entries  # start-up: rulebook.nearest (~7 ms) would load at every `judge` start

    from judge.labels import labels  # start-up: judge.labels (~0.4 ms) would load at every `judge` start
    from judge.render import lookup_header  # start-up: judge.render (~2 ms) would load at every `judge` start

    nearest = [f"glossary:{b.node(n.uid).title}" for n in near_entries(b, text)]
    hits = _search_hits(b, text)
    has_glossary = any(True for _ in b.glossary())
    error = f"no glossary entry {text!r} in {b.id}" if has_glossary else f"{b.id} has no glossary (no entry {text!r})"
    if nearest:
        error += "; nearest: " + ", ".join(nearest)
    if as_json:
        _emit_json({"query": f"glossary:{text}", "book": b.id, "language": b.language, "game": b.game,
                    "edition": b.edition, "rules": [], "error": error, "nearest": nearest, "search": hits})
    else:
        words = labels(b.language)
        out = [lookup_header({"book": b.id, "game": b.game, "edition": b.edition, "language": b.language}), "",
               words["no_entry"].format(term=text) if has_glossary else words["no_glossary"]]
        if nearest:
            out += ["", words["near_entries"]] + [f"  {x.split(':', 1)[1]}" for x in nearest]
        if hits:
            out += ["", words["search_hits"]] + [f"  {h['label']}  {h['snippet']}" for h in hits]
        _print_suggestions(out, color)
    fail(error, 1)


def _print_suggestions(lines: list[str], color: Optional[bool]) -> None:
    """Plain lines piped; on a terminal each wrapped to the width with its indentation kept."""
    from judge.render import use_rich  # start-up: judge.render (~2 ms) would load at every `judge` start

    if not use_rich(sys.stdout, color):
        sys.stdout.write("\n".join(lines) + "\n")
        return
    from judge.wrap import hang  # start-up: judge.wrap (~2 ms) would load at every `judge` start

    width = shutil.get_terminal_size((100, 24)).columns
    for line in lines:
        indent = line[: len(line) - len(line.lstrip(" "))]
        sys.stdout.write("\n".join(hang(indent, line.lstrip(" "), width)) + "\n")


def _search_hits(b, text: str, n: int = 5) -> list[dict]:
    """The top search hits for the term (the index is built on first use, as `judge search` does)."""
    idx = open_search_index(b.path if b.id == b.path else b.id)
    if idx is None:
        return []
    from index.search import search  # start-up: index.search (~22 ms) would load at every `judge` start

    return [{"id": h.uid, "label": h.label, "snippet": _first(h.snippet)} for h in search(idx, text, n)]


def _first(snippet: str, limit: int = 80) -> str:
    line = " ".join(snippet.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


books_app = typer.Typer(help="List the rulebooks, add one or remove one.", invoke_without_command=True,
                        no_args_is_help=False)
app.add_typer(books_app, name="books")


@books_app.callback()
def books(ctx: typer.Context, as_json: bool = typer.Option(False, "--json")) -> None:
    """List the known rulebooks with their counts."""
    if ctx.invoked_subcommand is not None:
        return
    from rulebook import RulebookError  # start-up: rulebook.source (~0.6 ms) would load at every `judge` start

    from judge.ruledoc import book_rows  # start-up: judge.ruledoc (~10 ms) would load at every `judge` start

    try:
        rows = book_rows()
    except RulebookError as e:   # the registry itself cannot be read
        fail(str(e))
    if as_json:
        _emit_json(rows)
        return
    header = ["id", "game", "edition", "language", "dialect", "rules", "glossary", "examples", "refs ok/missing"]  # missing: cited, not in this book

    table = [[r["id"], r["game"] or "", r["edition"] or "", r["language"] or "", r["dialect"] or "",
              *([str(r["rules"]), str(r["glossary"]), str(r["examples"]),
                 f"{r['references_resolved']}/{r['references_unresolved']}"] if r["error"] is None else
                ["missing: " + r["path"] if r["missing"] else "error: " + r["error"], "", "", ""])]
             for r in grouped_rows(rows)]
    _print_table(header, table)


@books_app.command("add")
def books_add(
    path: str = typer.Argument(..., help="A rulebook text file."),
    book_id: str = typer.Option(..., "--id", help="Short id to use with --book: 1–32 lowercase letters, digits, '-' or '_'."),
    game: str = typer.Option("", "--game", help="The game (default: read from the book's title)."),
    edition: str = typer.Option("", "--edition", help="Edition or date (default: the date printed at the top)."),
    language: str = typer.Option("", "--lang", "--language", help="Language tag: zh-Hans, zh-Hant, en (default: detected)."),
    dialect: Optional[str] = typer.Option(None, "--dialect", help=DIALECT_HELP),
    strict: bool = typer.Option(False, "--strict", help="Refuse (exit 2) a book the parser understood little of."),
    force: bool = typer.Option(False, "--force", help="Replace a book already registered under this id with another file."),
) -> None:
    """Register a rulebook file so later commands can say --book ID."""
    from rulebook import RulebookError, load_book  # start-up: rulebook.books (~14 ms) would load at every `judge` start
    from rulebook.books import register  # start-up: rulebook.books (~14 ms) would load at every `judge` start
    from rulebook.registry import check_id, describe  # start-up: rulebook.registry (~3 ms) would load at every `judge` start
    from rulebook.understood import warning_text  # start-up: rulebook.understood (~6 ms) would load at every `judge` start

    try:
        check_id(book_id)
        book = load_book(path, dialect=dialect)
        warning = warning_text(book)
        if warning and strict:
            fail("refused: " + warning)
        book, info, old = register(path, book_id, game=game, edition=edition, language=language, dialect=dialect,
                                   force=force)
    except RulebookError as e:
        fail(str(e))
    if old is not None and old.path != info.path:
        sys.stdout.write(f"replaced {describe(old)}\n")
    meta = ", ".join(f"{k} {v}" for k, v in (("game", game or book.game), ("edition", edition or book.edition),
                                             ("language", language or book.language)) if v)
    sys.stdout.write(f"added {info.id}: {info.path} ({meta + '; ' if meta else ''}"
                     f"{understood_line(book)})\n")
    if warning:
        sys.stderr.write("judge: warning: " + warning + "\n")


@books_app.command("remove")
def books_remove(book_id: str = typer.Argument(..., help="The id of a book added with `judge books add`.")) -> None:
    """Forget a book added with `judge books add` (its file is left alone)."""
    from rulebook import RulebookError  # start-up: rulebook.source (~0.6 ms) would load at every `judge` start
    from rulebook.registry import describe, unregister  # start-up: rulebook.registry (~3 ms) would load at every `judge` start

    try:
        old = unregister(book_id)
    except RulebookError as e:
        fail(str(e))
    sys.stdout.write(f"removed {describe(old)}\n")


def understood_line(book) -> str:
    """`dialect: generic (understood 99.8% of 1,612 non-blank lines; runner-up: mtg 2.1%)`."""
    from rulebook.understood import pct, understood  # start-up: rulebook.understood (~6 ms) would load at every `judge` start

    lines = understood(book).lines
    if not book.detection:
        return f"dialect: {book.dialect}"
    (name, share), rest = book.detection[0], book.detection[1:]
    runner = f"; runner-up: {rest[0][0]} {pct(rest[0][1])}" if rest else "; dialect given, not detected"
    if rest and pct(rest[0][1]) == pct(share):
        runner += f", a tie: {name}'s own marker lines decided" if name != "generic" else ", a tie: no family's marker lines"
    return f"dialect: {name} (understood {pct(share)} of {lines:,} non-blank lines{runner})"


def warn_understood(book) -> bool:
    """Print the parse warning of `rulebook.understood` to stderr; True if there was one."""
    from rulebook.understood import warning_text  # start-up: rulebook.understood (~6 ms) would load at every `judge` start

    text = warning_text(book)
    if text:
        sys.stderr.write("judge: warning: " + text + "\n")
    return bool(text)


@app.command()
def lint(
    target: Optional[str] = typer.Argument(None, help="A rulebook path or book id (same as --book)."),
    book: Optional[str] = book_option(),
    as_json: bool = typer.Option(False, "--json"),
    dialect: Optional[str] = typer.Option(None, "--dialect", help=DIALECT_HELP),
    limit: int = typer.Option(50, "--limit", help="Findings shown per kind in text output (all in --json)."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when the parse understood little of the file (no or few rules)."),
) -> None:
    """Parse report: dialect and how much of the file it understood, counts by kind, duplicates, gaps, unresolved references, suspicious and unclassified lines."""
    from rulebook.lint import lint as make_report  # start-up: rulebook.lint (~8 ms) would load at every `judge` start

    if target is not None and book is not None:
        fail(f"give the book once: as the argument ({target}) or as --book ({book}), not both")
    b = open_book(target if target is not None else book, dialect)
    report = make_report(b)
    if as_json:
        _emit_json(report.as_dict())
        if report.warnings and strict:
            raise typer.Exit(1)
        return
    out = sys.stdout
    u = report.understood
    out.write(f"{report.path}\n  {understood_line(b)}    lines: {report.lines}\n")
    meta = [f"{k}: {v}" for k, v in (("game", report.game), ("edition", report.edition), ("language", report.language)) if v]
    if meta:
        out.write("  " + "    ".join(meta) + "\n")
    out.write("  " + "  ".join(f"{k}: {v}" for k, v in report.counts.items() if v) + "\n")
    out.write("  lines in: " + "  ".join(f"{k} {v}" for k, v in u.parts.items() if v) + "\n")
    r = report.references
    out.write(f"  references: {r['total']} (resolved {r['resolved']}, unresolved {r['unresolved']})\n")
    warned = warn_understood(b)
    by_code = report.by_code()
    if not by_code and not warned:
        out.write("  no findings\n")
    shown: dict[str, int] = {}
    for f in report.findings:
        shown[f.code] = shown.get(f.code, 0) + 1
        if shown[f.code] <= limit:
            out.write(f"  line {f.line}: [{f.code}] {f.message}\n")
    for code, n in by_code.items():
        if n > limit:
            out.write(f"  … {n - limit} more [{code}] (see --json)\n")
    if warned and strict:
        raise typer.Exit(1)


def _print_table(header: list[str], rows: list[list[str]]) -> None:
    """Piped: tab-separated. On a terminal: aligned columns, the free-text ones (game, edition) wrapped by cell
    width into what the others leave — laid out by hand because rich's Table squeezes every column of a wide
    table, numbers and ids included, into a few cells each."""
    if not sys.stdout.isatty():
        sys.stdout.write("\t".join(header) + "\n")
        for r in rows:
            sys.stdout.write("\t".join(r) + "\n")
        return
    from rich.cells import cell_len  # start-up: rich.cells (~1 ms) would load at every `judge` start

    from judge.wrap import wrap  # start-up: judge.wrap (~2 ms) would load at every `judge` start

    width = shutil.get_terminal_size((100, 24)).columns
    free = [i for i, h in enumerate(header) if h in ("game", "edition")]
    widths = [max(cell_len(x) for x in [h, *(r[i] for r in rows)]) for i, h in enumerate(header)]
    room = width - sum(w + 2 for i, w in enumerate(widths) if i not in free) - 2 * len(free)
    for i in free:     # share what is left, at least 10 cells each
        widths[i] = max(10, min(widths[i], room // max(len(free), 1)))
    if sum(widths) + 2 * (len(widths) - 1) > width:      # too narrow for columns: a block per row
        from judge.wrap import hang  # start-up: judge.wrap (~2 ms) would load at every `judge` start

        out = []
        for r in rows:
            fields = [f"{h} {c}" if h not in ("game", "edition") else c for h, c in zip(header[1:], r[1:]) if c]
            out += hang(f"{r[0]}  ", " · ".join(fields), width)
        sys.stdout.write("\n".join(out) + "\n")
        return
    def line(cells: list[str]) -> str:
        return "  ".join(c + " " * (widths[i] - cell_len(c)) for i, c in enumerate(cells)).rstrip()

    out = [line(header), "  ".join("─" * w for w in widths)]
    for r in rows:
        cols = [wrap(c, widths[i]) if i in free else [c] for i, c in enumerate(r)]
        for k in range(max(len(c) for c in cols)):
            out.append(line([c[k] if k < len(c) else "" for c in cols]))
    sys.stdout.write("\n".join(out) + "\n")
