"""One entry point from an explanation document to the bytes a user gets, in any format.

`--max-chars` is applied here because it depends on the format: the limit is
on what is printed, so each shortening step is measured by rendering.
"""
from __future__ import annotations

import json
import sys
from typing import TextIO

from judge.explain.outline import outline
from judge.explain.render_text import plain, write
from judge.explain.shorten import fit
from judge.explain.templates import load

FORMATS = ("text", "md", "json", "html")


def to_json(doc: dict) -> str:
    from judge.explain.schema import ExplainDoc  # start-up: the pydantic schema (~53 ms) only for JSON

    ExplainDoc.model_validate(doc)   # the documented contract (docs/explain.md)
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def to_string(doc: dict, fmt: str) -> str:
    """The document in `fmt`; text is the plain (piped) form."""
    t = load(doc["language"])
    if fmt == "json":
        return to_json(doc)
    lines = outline(doc, t)
    if fmt == "text":
        return plain(lines)
    if fmt == "md":
        from judge.explain.render_md import render  # start-up: render_md (~14 ms) only for --format md

        return render(lines)
    if fmt == "html":
        from judge.explain.render_html import render  # start-up: render_html (~20 ms) only for --format html

        return render(lines, doc, lang=t.raw("html_lang") if "html_lang" in t.data else doc["language"])
    raise ValueError(f"unknown format {fmt!r} (use one of: {', '.join(FORMATS)})")


def shortened(doc: dict, fmt: str, max_chars: int | None) -> dict:
    if not max_chars:
        return doc
    t = load(doc["language"])
    return fit(doc, max_chars, lambda d: len(to_string(d, fmt)), t("labels.ellipsis"))


def emit(doc: dict, fmt: str = "text", *, max_chars: int | None = None, stream: TextIO | None = None,
         rich: bool | None = None) -> None:
    """Write the explanation: rich on a terminal for `text`, plain when piped."""
    s = stream or sys.stdout
    doc = shortened(doc, fmt, max_chars)
    if fmt == "text":
        write(outline(doc, load(doc["language"])), s, rich)
    else:
        s.write(to_string(doc, fmt))
