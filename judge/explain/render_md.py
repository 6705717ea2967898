"""Explanation → Markdown, to paste into a chat or a forum post.

Quoted rulebook text goes in block quotes, so a reader sees at a glance what
is the book's and what is the ruling. No raw HTML and no anchors: most chat
apps render neither.
"""
from __future__ import annotations

import re

from judge.explain.outline import (
    ANSWER, CARD, CITES, DETAIL, ENTRY, EXAMPLE, H2, ITEM, META, MISS, MISSING, NOTE, RULE, STEP, TEXT, TITLE, Line,
)

_SPECIAL = re.compile(r"([\\`*_<>\[\]#|])")
_QUOTED = (TEXT, ITEM, CARD, EXAMPLE)   # the book's words: block quotes


def esc(text: str) -> str:
    """Escape what Markdown would otherwise read as markup (WoW cards print `>>>` and `[横置]`)."""
    return _SPECIAL.sub(r"\\\1", text)


def render(lines: list[Line]) -> str:
    out: list[str] = []
    prev = None

    def blank() -> None:
        if out and out[-1] != "":
            out.append("")

    for ln in lines:
        body = esc(ln.text + ln.suffix)
        kind = ln.kind
        quoted = kind in _QUOTED
        if prev is not None and (quoted != (prev in _QUOTED) or kind in (TITLE, H2, RULE)):
            blank()
        if kind == TITLE:
            out.append("# " + body)
            blank()
        elif kind == META:
            out.append(body + "  ")
        elif kind == H2:
            out.append("## " + body)
            blank()
        elif kind == RULE:
            out.append("**" + body + "**")
            blank()
        elif kind == ANSWER:
            out.append("**" + body.replace("\n", "  \n") + "**")
        elif quoted:
            # One level of quote; deeper lines (a related rule's subrules) sit under their list item.
            mark = "▌ " if kind == CARD else ""
            nest = "  " * max(0, ln.depth - 1 - (1 if kind in (CARD, ITEM) else 0)) + "> "
            first, *rest = body.split("\n")
            out.append(nest + mark + first + "  ")
            out.extend(nest + r + "  " for r in rest)
        elif kind == STEP:   # "1. …" from the template is already an ordered-list item
            out.append(body.replace("\n", "  \n   "))
        elif kind == DETAIL:
            out.append("   - " + body.replace("\n", "  \n     "))
        elif kind in (ENTRY, MISS, CITES, MISSING):
            out.append("  " * max(0, ln.depth - 1) + "- " + body.replace("\n", "  \n  "))
        elif kind == NOTE:
            out.append("  " * max(0, ln.depth - 1) + ("- " if ln.depth else "") + "*" + body + "*")
        prev = kind
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"
