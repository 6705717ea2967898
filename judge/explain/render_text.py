"""Explanation → text for a terminal (rich) or a pipe (plain).

Plain is what bots, `grep` and the golden files see; rich adds colour and
nothing else, from the same lines (`outline.py`). rich is imported only when
the output is a terminal.
"""
from __future__ import annotations

import sys
from typing import TextIO

from judge.explain.outline import (
    ANSWER, CARD, CITES, DETAIL, ENTRY, EXAMPLE, H2, ITEM, META, MISS, MISSING, NOTE, RULE, STEP, TEXT, TITLE, Line,
)
from judge.render import use_rich

INDENT = "  "
CARD_BAR = "▌ "


def _prefix(line: Line) -> str:
    return INDENT * line.depth + (CARD_BAR if line.kind == CARD else "")


def _indent_block(text: str, prefix: str, cont: str) -> str:
    first, *rest = text.split("\n")
    return "\n".join([prefix + first] + [cont + r for r in rest])


def _gap(kind: str, prev: str | None) -> bool:
    """A blank line before each section, and before a quoted rule that does not open one."""
    return kind == H2 or (kind == RULE and prev not in (META, H2, None))


def plain(lines: list[Line]) -> str:
    out: list[str] = []
    prev = None
    for ln in lines:
        if _gap(ln.kind, prev):
            out.append("")
        prev = ln.kind
        prefix = _prefix(ln)
        cont = INDENT * (ln.depth + (1 if ln.kind in (ENTRY, STEP, DETAIL, MISS) else 0)) + (CARD_BAR if ln.kind == CARD else "")
        out.append(_indent_block(ln.text + ln.suffix, prefix, cont))
    return "\n".join(out) + "\n"


STYLES = {
    TITLE: "bold", META: "dim", H2: "bold underline", RULE: "bold cyan", TEXT: "", ITEM: "",
    EXAMPLE: "green", CARD: "magenta", ENTRY: "", STEP: "bold", DETAIL: "", MISS: "yellow", ANSWER: "bold",
    CITES: "cyan", MISSING: "red", NOTE: "dim italic",
}


def print_rich(lines: list[Line], stream: TextIO | None = None, force: bool | None = None) -> None:
    from rich.console import Console  # start-up: rich (~7-12 ms) only on a terminal
    from rich.padding import Padding  # start-up: as above
    from rich.text import Text  # start-up: as above

    from judge.wrap import rich_lines  # start-up: judge.wrap (~2 ms: rich.cells) only on a terminal

    console = Console(file=stream or sys.stdout, force_terminal=force, highlight=False)
    prev = None
    for ln in lines:
        if _gap(ln.kind, prev):
            console.print()
        prev = ln.kind
        body = Text()
        if ln.kind == CARD:
            body.append(CARD_BAR, style=STYLES[CARD])
        body.append(ln.text, style=STYLES.get(ln.kind, ""))
        if ln.suffix:
            body.append(ln.suffix, style="cyan")
        # wrapped by cell width (judge.wrap: rich alone breaks only at spaces, so a rule number before a Chinese
        # quotation would end a line early); wrapped lines keep the indentation
        pad = len(INDENT) * ln.depth
        for part in rich_lines(body, max(console.width - pad, 10)):
            console.print(Padding(part, (0, 0, 0, pad)))


def write(lines: list[Line], stream: TextIO | None = None, rich: bool | None = None) -> None:
    s = stream or sys.stdout
    if use_rich(s, rich):
        print_rich(lines, s, force=rich)
    else:
        s.write(plain(lines))
