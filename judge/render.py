"""Print rule documents (`judge.ruledoc`) for people.

Plain text when the output is piped (bots, `grep`, tests), rich panels on a
terminal. rich is imported only on the terminal path: it costs ~30 ms that a
piped lookup does not need.
"""
from __future__ import annotations

import sys
from typing import TextIO

from judge.labels import book_line, cited_label, labels

SEP = " › "


def use_rich(stream: TextIO | None = None, force: bool | None = None) -> bool:
    if force is not None:
        return force
    s = stream or sys.stdout
    return bool(getattr(s, "isatty", lambda: False)())


def plain_rule(doc: dict, language: str = "") -> str:
    words = labels(language)
    out: list[str] = []
    crumbs = SEP.join(c["label"] for c in doc["breadcrumb"])
    out.append(crumbs)
    if doc["kind"] == "glossary":
        head = doc["title"] + (f" / {' / '.join(doc['aliases'])}" if doc["aliases"] else "")
        out.append(head)
    if doc["text"] and not (doc["kind"] in ("chapter",) or (doc["title"] and doc["text"] == doc["title"])):
        out.append(doc["text"])
    if doc.get("alt_text"):
        out.append(doc["alt_text"])
    out.extend(_plain_details(doc, "", words))
    for c in doc["contents"]:
        out.append(f"  {c['label']}" + (f"  {c['text']}" if c["text"] and c["label"] == c["id"] else ""))
    text = "\n".join(out)
    for sub in doc["subrules"]:
        head = f"{sub['canonical_id']} {sub['text']}".rstrip()
        alt = [sub["alt_text"]] if sub.get("alt_text") else []
        text += "\n\n" + "\n".join([head, *alt, *_plain_details(sub, "  ", words)])
    return text


def _plain_details(doc: dict, margin: str, words: dict[str, str]) -> list[str]:
    """Items, cards, examples, references and citers of one rule, as lines."""
    out = [f"  {item}" for item in doc["items"]]
    out += [_indent(card_lines(card["text"]), "  ▌ ") for card in doc["cards"]]
    for ex in doc["examples"]:
        out.append(_indent(ex["text"], "  "))
        if ex.get("alt_text"):
            out.append(_indent(ex["alt_text"], "  "))
        out += [_indent(card_lines(card["text"]), "    ▌ ") for card in ex["cards"]]
    refs = _ref_list(doc, words)
    if refs:
        out.append(f"{margin}{words['see']}: {refs}")
    if doc["cited_by"]:
        out.append(f"{margin}{words['cited_by']}: " + _cited_list(doc, words))
    return out


def _ref_list(doc: dict, words: dict[str, str]) -> str:
    """The references, once each: `702.9` for 参见规则702.9 (the phrase adds nothing to its number),
    `409.1b～i → 409.1b, 409.1c, …` where the phrase does not spell out what it points to, and a target the book
    lacks marked (不在本书中)."""
    parts: list[str] = []
    for r in doc["refs_out"]:
        marks = [t if ok else f"{t}({words['not_in_book']})" for t, ok in zip(r["targets"], r["resolved"])]
        spelled = r["targets"] and all(t in r["raw"] for t in r["targets"]) and \
            r["raw"].rstrip("。.，,;； ").endswith(r["targets"][-1])
        shown = ", ".join(marks) if spelled else f"{r['raw']} → {', '.join(marks)}"
        if shown not in parts:
            parts.append(shown)
    return "; ".join(parts)


def _cited_list(doc: dict, words: dict[str, str]) -> str:
    """`704.7（例）, 120.3`: the citing rules, each saying where its citation sits when not in its text."""
    where = {c["id"]: c for c in doc.get("cited_in", [])}
    return ", ".join(cited_label(where[u], words) if u in where else u for u in doc["cited_by"])


def card_lines(text: str) -> str:
    """A quoted card's text, one printed paragraph a line: WoW's books mark paragraphs with `<p>`, which is
    markup, not text a judge reads out."""
    return "\n".join(p.strip() for ln in text.split("\n") for p in ln.split("<p>") if p.strip())


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.split("\n"))


def print_rules(lookup: dict, stream: TextIO | None = None, rich: bool | None = None) -> None:
    s = stream or sys.stdout
    header = lookup_header(lookup)
    if not use_rich(s, rich):
        s.write(header + "\n\n" + "\n\n".join(plain_rule(d, lookup.get("language", "")) for d in lookup["rules"]) + "\n")
        return
    from rich.console import Console  # start-up: rich (~7-12 ms) only on a terminal
    from rich.panel import Panel  # start-up: as above
    from rich.text import Text  # start-up: as above

    console = Console(file=s, force_terminal=rich if rich is not None else None, highlight=False)
    words = labels(lookup.get("language", ""))
    console.print(header, style="dim", soft_wrap=False)
    for doc in lookup["rules"]:
        body = Text()
        title = _fit_title(doc["breadcrumb"], console.width - 6)
        if doc["kind"] == "glossary":
            body.append(doc["title"], style="bold")
            if doc["aliases"]:
                body.append(" / " + " / ".join(doc["aliases"]), style="italic")
            body.append("\n")
        if doc["text"] and not (doc["kind"] == "chapter" or (doc["title"] and doc["text"] == doc["title"])):
            body.append(doc["text"] + "\n")
        if doc.get("alt_text"):
            body.append(doc["alt_text"] + "\n", style="dim")
        _rich_details(body, doc, words)
        inner = console.width - 4      # the panel's border and padding
        for c in doc["contents"]:
            label = c["label"][len(c["id"]) + 2:] if c["label"] != c["id"] else c["text"]
            _hanging(body, f"  {c['id']}", "  ", label, inner)
        for sub in doc["subrules"]:
            body.append("\n")
            _hanging(body, sub["canonical_id"], " ", sub["text"], inner)
            if sub.get("alt_text"):
                body.append(sub["alt_text"] + "\n", style="dim")
            _rich_details(body, sub, words)
        # Text.rstrip() trims in place and returns None: trim first, then pass the Text.
        body.rstrip()
        console.print(Panel(body, title=title, title_align="left", border_style="cyan"))


def lookup_header(lookup: dict) -> str:
    """The book line of a `judge rule`/`define` answer (judge.labels.book_line)."""
    return book_line(lookup.get("book", ""), lookup.get("game", ""), lookup.get("edition", ""), lookup.get("language", ""))


def _fit_title(crumbs: list[dict], width: int) -> str:
    """The breadcrumb as a panel title that fits: rich cuts a long title at its end, which is where the rule's
    own number is; so ancestors shrink to their numbers first, then the front is elided (… › 420.5 › 420.5c)."""
    from rich.cells import cell_len  # start-up: rich.cells (~1 ms) only on a terminal

    labels = [c["label"] for c in crumbs]
    title = SEP.join(labels)
    if cell_len(title) <= width or not labels:
        return title
    short = [c.get("id") or c["label"] for c in crumbs[:-1]] + labels[-1:]
    while cell_len(SEP.join(short)) > width and len(short) > 2:
        short = ["…"] + short[2:] if short[0] == "…" else ["…"] + short[1:]
    return SEP.join(short)


def _hanging(body, label: str, gap: str, text: str, width: int) -> None:
    """`label` (bold cyan) then `text`, wrapped by cell width with continuation lines under the text: rich
    would move a Chinese text, which has no spaces to break at, to the line after its label."""
    from judge.wrap import hang  # start-up: judge.wrap (~2 ms: rich.cells) only on a terminal

    lines = hang(label + gap, text, width)
    body.append(label, style="bold cyan")
    body.append(lines[0][len(label):] + "\n")
    for line in lines[1:]:
        body.append(line + "\n")


def _rich_details(body, doc: dict, words: dict[str, str]) -> None:
    for item in doc["items"]:
        body.append(f"  {item}\n")
    for card in doc["cards"]:
        body.append(_indent(card_lines(card["text"]), "  ▌ ") + "\n", style="magenta")
    for ex in doc["examples"]:
        body.append(_indent(ex["text"], "  ") + "\n", style="green")
        if ex.get("alt_text"):
            body.append(_indent(ex["alt_text"], "  ") + "\n", style="dim green")
        for card in ex["cards"]:
            body.append(_indent(card_lines(card["text"]), "    ▌ ") + "\n", style="magenta")
    refs = _ref_list(doc, words)
    if refs:
        body.append(f"{words['see']}: ", style="bold")
        body.append(refs + "\n", style="yellow")
    if doc["cited_by"]:
        body.append(f"{words['cited_by']}: ", style="bold")
        body.append(_cited_list(doc, words) + "\n", style="yellow")
