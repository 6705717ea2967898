"""`judge explain`: a ruling a judge can read out, from a rule id or a scenario file.

Only typer is imported at module level (see judge/app.py); the rulebook, the
engine, yaml, pydantic and rich are imported inside the command.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from judge.app import app
from judge.commands.common import book_option, open_book, resolve_book
from judge.commands.editions import originals, originals_text


def _fail(message: str, code: int = 1) -> None:
    sys.stderr.write(f"judge: {message}\n")
    raise typer.Exit(code)


def _is_scenario(target: str) -> bool:
    return target.endswith((".yaml", ".yml")) or Path(target).is_file()


def _bundled_scenario(target: str) -> str | None:
    """The path of a bundled scenario named `target` (420.5c-lethal-damage), else None (a rule id)."""
    from judge.engine.scenario.files import NotAScenario, display, resolve  # start-up: judge.engine.scenario.files (~0.8 ms) would load at every `judge` start

    try:
        return display(resolve(target))
    except NotAScenario:
        return None


@app.command()
def explain(
    target: Optional[str] = typer.Argument(None, help="A rule (709.2a, 420.5c, glossary:激活) or a scenario file (scenarios/mtg/….yaml)."),
    book: Optional[str] = book_option("Book of a rule id (default: $RULES_JUDGE_BOOK, else the config file's book, else mtg); "
                                      "a scenario names its own book."),
    fmt: str = typer.Option("text", "--format", "-f", help="text (rich on a terminal, plain when piped), md, json, html."),
    max_chars: Optional[int] = typer.Option(None, "--max-chars", min=1, help="Keep the answer and the cited rules, shorten the rest to fit N characters."),
    variant: Optional[str] = typer.Option(None, "--variant", "-v", help="Explain one of the scenario's variants (by name)."),
    lang: str = typer.Option("zh", "--lang", help="Template language (judge/data/templates/<lang>/explain.yaml)."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Write to this file instead of standard output."),
    color: Optional[bool] = typer.Option(None, "--color/--plain", help="Force rich or plain text (default: rich on a terminal)."),
    also_lang: Optional[str] = typer.Option(None, "--also-lang", help="Also quote each cited rule in this language (en), from the linked book of the same edition (docs/editions.md)."),
    bless: bool = typer.Option(False, "--bless", help="Re-generate the golden explanations under tests/golden/explain from the scenarios, then exit."),
) -> None:
    """Explain a rule (breadcrumb, text, terms, references, examples) or a scenario's ruling (裁定, steps, why not)."""
    from judge.explain.output import FORMATS  # start-up: judge.explain.output (~15 ms) would load at every `judge` start

    if bless:
        from judge.explain.bless import bless_all  # start-up: judge.explain.bless (~2 ms) would load at every `judge` start

        for line in bless_all(only=target):
            sys.stdout.write(line + "\n")
        return
    if target is None:
        _fail("give a rule id (judge explain 420.5c) or a scenario file (judge explain scenarios/mtg/….yaml)", 2)
    if fmt not in FORMATS:
        _fail(f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}", 2)

    from judge.explain.errors import ExplainError  # start-up: judge.explain (~0.3 ms) would load at every `judge` start
    from judge.explain.templates import TemplateError  # start-up: judge.explain.templates (~3 ms) would load at every `judge` start

    try:
        if not _is_scenario(target) and "-" in target and not book:
            target = _bundled_scenario(target) or target
        if _is_scenario(target):
            from judge.explain.trace import explain_scenario  # start-up: judge.explain.trace (~47 ms) would load at every `judge` start

            if book:
                _fail("--book is for rule ids; a scenario file names its own book", 2)
            doc = explain_scenario(target, lang=lang, variant=variant)
        else:
            if variant:
                _fail("--variant is for scenario files", 2)
            from judge.explain.rule import explain_rule  # start-up: judge.explain.rule (~18 ms) would load at every `judge` start

            book = resolve_book(book)
            b = open_book(book)
            doc = explain_rule(b, target, lang=lang)
        if also_lang:
            if fmt not in ("text", "md", "json") or max_chars:
                _fail("--also-lang works with --format text, md or json, without --max-chars", 2)
            extra = originals(doc, book, b, also_lang.strip().lower())
            if fmt == "json":   # the explanation keeps its schema; the originals sit beside it
                from judge.explain.output import to_string  # start-up: judge.explain.output (~15 ms) would load at every `judge` start

                text = json.dumps({"explanation": json.loads(to_string(doc, "json")), "originals": extra},
                                  ensure_ascii=False, indent=2) + "\n"
            else:
                from judge.explain.output import to_string  # start-up: judge.explain.output (~15 ms) would load at every `judge` start

                text = to_string(doc, fmt).rstrip("\n") + "\n" + originals_text(extra, fmt)
            if output is None:
                sys.stdout.write(text)
            else:
                try:
                    with open(output, "w", encoding="utf-8") as f:
                        f.write(text)
                except OSError as e:
                    _fail(f"{output}: {e.strerror}", 2)
            return
        _write(doc, fmt, max_chars, output, color)
    except (ExplainError, TemplateError) as e:
        _fail(str(e), getattr(e, "code", 1))


def _write(doc: dict, fmt: str, max_chars: Optional[int], output: Optional[str], color: Optional[bool]) -> None:
    from judge.explain.output import emit  # start-up: judge.explain.output (~15 ms) would load at every `judge` start

    if output is None:
        emit(doc, fmt, max_chars=max_chars, rich=color)
        return
    try:
        with open(output, "w", encoding="utf-8") as f:
            emit(doc, fmt, max_chars=max_chars, stream=f, rich=False if color is None else color)
    except OSError as e:
        _fail(f"{output}: {e.strerror}", 2)
