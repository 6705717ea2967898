"""`judge scenarios`: what scenarios there are, by game and rule, read from their headers only.

Each file is read with the safe YAML loader but not validated or replayed (that is `judge check`), so the
list is quick; a file that is not valid YAML is reported, not dropped.
"""
from __future__ import annotations

import os
from pathlib import Path

from rulebook import safe_yaml

from judge.engine.core.registry import sort_key
from judge.engine.scenario.files import bundled_root, display


def catalogue(files: list[Path]) -> tuple[list[dict], list[str]]:
    """(one entry per scenario, sorted by book then rule; `file: reason` for each file that could not be read)."""
    root = bundled_root()
    entries, errors = [], []
    for f in files:
        try:
            data = safe_yaml.read(f)
        except safe_yaml.YamlError as e:
            errors.append(e.located())
            continue
        if not isinstance(data, dict):
            errors.append(f"{display(f)}: not a scenario (a mapping with book, title, source, …)")
            continue
        src = data.get("source")
        rules = [str(x) for x in src] if isinstance(src, list) else ([str(src)] if src is not None else [])
        rf = Path(f).resolve()
        under = rf.is_relative_to(root)
        entries.append({
            "name": rf.relative_to(root).with_suffix("").as_posix() if under else display(f),
            "book": str(data.get("book", "")), "rules": rules, "title": str(data.get("title", "")),
            "example": data.get("example"), "variants": len(data.get("variants") or []),
            "path": display(f), "bundled": under,
        })
    def order(e):   # numbered rules in order, then those cited by a glossary headword
        first = e["rules"][0] if e["rules"] else ""
        return e["book"], not first[:1].isdigit(), sort_key(first) if first else [], e["name"]

    entries.sort(key=order)
    for e in entries:   # the short name `judge replay` takes, when it is unambiguous
        short = os.path.basename(e["name"])
        if e["bundled"] and sum(os.path.basename(x["name"]) == short for x in entries if x["bundled"]) == 1:
            e["name"] = short
    return entries, errors


def print_catalogue(entries: list[dict], console=None) -> None:
    """By game, then rule: the name to replay, the title wrapped under it."""
    from rich.console import Console         # start-up: rich only on a terminal, not for piped or JSON output
    from rich.markup import escape           # start-up: as above

    from judge.wrap import hang              # start-up: wrap loads rich

    con = console or Console(highlight=False)
    book = None
    for e in entries:
        if e["book"] != book:
            book = e["book"]
            n = sum(x["book"] == book for x in entries)
            con.print(f"\n[bold]{escape(book)}[/bold]  ({n} scenarios)" if con.is_terminal else f"{book} ({n})")
        rules = "、".join(e["rules"])
        extra = f"  [{e['example']}]" if e.get("example") else ""
        variants = f"  +{e['variants']} 变体" if e["variants"] else ""
        con.print(f"  [cyan]{escape(e['name'])}[/cyan]", soft_wrap=True)
        for line in hang("      ", f"{rules}：{e['title']}{extra}{variants}", con.width):
            con.print(escape(line), soft_wrap=True)
