"""Turning an `Outcome` into what a judge reads (text) or a bot reads (JSON).

The JSON document is `Trace.to_dict()` plus the scenario's identity, with the
rule text quoted from the rulebook and each firing's reason rendered from its
template; `schema.TraceDoc` validates it (docs/scenarios.md documents it).
"""
from __future__ import annotations

import json
import shutil
import sys
from functools import lru_cache

from rulebook.lookup import resolve_one

from judge.engine import reasons
from judge.engine.games import game_for
from judge.engine.scenario.fold import bare, routine_firing, runs
from judge.engine.scenario.run import Outcome
from judge.labels import book_line


@lru_cache(maxsize=8)
def _book(book: str):
    """`load_book` is memoised too, but resolves and stats the file on every call; this runs once per firing."""
    from rulebook import load_book  # start-up: rulebook.books (~14 ms) only when a rule's text is shown

    return load_book(book)


def rule_text(rule_id: str) -> str:
    game, _, number = rule_id.partition(":")     # a game's id is its book's id
    node = resolve_one(_book(game), number)
    return node.text if node is not None else ""


def short(text: str, n: int = 48) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= n else text[: n - 1] + "…"


def to_doc(out: Outcome, sf) -> dict:
    game = out.trace.game
    doc = {
        "scenario": out.path,
        "variant": out.variant,
        "title": out.title,
        "source": sf.model.source,
        "example": sf.model.example,
    }
    doc.update(out.trace.to_dict(rule_text=rule_text, render=lambda f: reasons.render(game, f.reason, f.fields)))
    return doc


def to_json(out: Outcome, sf) -> str:
    from judge.engine.scenario.schema import TraceDoc  # start-up: the pydantic schema (~54 ms) only for --json

    doc = to_doc(out, sf)
    TraceDoc.model_validate(doc)
    return json.dumps(doc, ensure_ascii=False, indent=2)


def to_text(out: Outcome, sf, *, full_rule: bool = False, fold: bool = True) -> str:
    """The trace as plain text (piped output): one line per row, never wrapped."""
    return "\n".join(prefix + body for prefix, body in rows(out, sf, full_rule=full_rule, fold=fold))


def print_text(out: Outcome, sf, *, full_rule: bool = False, stream=None, width: int | None = None,
               fold: bool = True) -> None:
    """The trace for a person: on a terminal each row is wrapped to the terminal's width by cell width (a
    Chinese character is two cells), its continuation lines indented under the row's text; piped, `to_text`."""
    s = stream or sys.stdout
    if width is None and not getattr(s, "isatty", lambda: False)():
        s.write(to_text(out, sf, full_rule=full_rule, fold=fold) + "\n")
        return
    if width is None:
        width = shutil.get_terminal_size((100, 24)).columns
    from judge.wrap import hang  # start-up: judge.wrap (~2 ms: rich.cells) only for text output

    for prefix, body in rows(out, sf, full_rule=full_rule, fold=fold):
        s.write("\n".join(hang(prefix, body, width)) + "\n")


def _book_line(book_id: str) -> str:
    """规则书：mtg · Magic: The Gathering · 完整规则 2006-10-01 (judge.labels.book_line)."""
    b = _book(book_id)
    return book_line(book_id, b.game, b.edition, b.language)


def _folded_row(group: list, names: dict, game: str) -> tuple[str, str]:
    """A run of routine steps as one row: `[1–2] 例行：甲 让过优先权；乙 起动 山脉(m1) 的异能（411.1、413.2b）`."""
    first, last = group[0].index, group[-1].index
    label = f"[{first}] " if first == last else f"[{first}–{last}] "
    def one(s) -> str:
        rules = "、".join(dict.fromkeys(bare(f.rule) for f in s.firings if f.rule))
        return reasons.render_step(s.what, s.data, names, game=game) + (f"（{rules}）" if rules else "")

    return label, "例行：" + "；".join(one(s) for s in group)


def _step_rows(s, quiet: list, *, names: dict, game: str, display, zones: dict, attrs: dict, stack_label: str,
               full_rule: bool) -> list[tuple[str, str]]:
    """One step's rows: what happened, the set-up's board, choices, each firing (the routine ones in `quiet`
    folded into one row) after a refusal if the action was refused, what a refused attempt had done (undone),
    and the state after it."""
    lines: list[tuple[str, str]] = []
    desc = reasons.render_step(s.what, s.data, names, game=game)
    where = f"  (第{s.line}行)" if s.line else ""
    lines.append((f"[{s.index}] ", f"{desc}{where}"))
    if s.kind == "load":
        for p, info in s.data.get("players", {}).items():
            lines.append(("      ", f"{p}：" + "，".join(reasons.player_stats(info, game))))
        for z, ids in s.data.get("zones", {}).items():
            who, _, zone = z.rpartition(".")
            label = f"{who} {zones.get(zone, zone)}" if who else zones.get(zone, zone)
            lines.append(("      ", f"{label}：" + "、".join(reasons.show(i, names) for i in ids)))
        lines.append(("      ", f"{s.data.get('note', '')}"))
    for c in s.choices:
        how = f"（自动：{c.why}）" if c.why else "（自动：唯一合法选项）" if c.auto else ""
        lines.append(("      ", f"选择 {c.choice}[{c.subject}] = {reasons.show(c.answer)}{how}"))
    if s.rejected is not None:          # the refusal first: what follows it (422.1…) explains the rewind
        f = s.rejected
        if f.rule is None:
            lines.append(("    ⊘ 引擎拒绝此动作：", reasons.outside_book(f.mechanic)))
        else:
            lines.append((f"    ⊘ 引擎拒绝此动作：{f.rule}  ", short(rule_text(f.rule))))
        lines.append(("        理由：", reasons.render(game, f.reason, f.fields)))
    if quiet:
        lines.append((f"    ⋯ {'、'.join(dict.fromkeys(bare(f.rule) for f in quiet))}  ",
                      "例行：" + "；".join(reasons.render(game, f.reason, f.fields).split("；")[0] for f in quiet)))
    items = [(f, False) for f in s.firings if f not in quiet] + [(n, True) for n in s.near_misses]
    items.sort(key=lambda x: tuple(int(p) for p in x[0].id.split(".")))
    for f, near in items:
        mark = "✗ 未发生" if near else "▸"
        if f.rule is None:     # a mechanic the book does not number: no rule, no rule text
            lines.append((f"    {mark} ", reasons.outside_book(f.mechanic)))
        else:
            text = rule_text(f.rule)
            lines.append((f"    {mark} {f.rule}  ", text if full_rule else short(text)))
        lines.append(("        理由：", reasons.render(game, f.reason, f.fields)))
        if f.objects:
            lines.append(("        对象：", "、".join(reasons.show(i, names) for i in f.objects)))
        if not near and f.changes:
            lines.append(("        变化：", "；".join(reasons.render_change(c, names, display, zones=zones,
                                                                             attrs=attrs) for c in f.changes)))
        if f.caused_by:
            lines.append(("        起因：", f"{f.caused_by}"))
    if s.undone:
        undone = [f"{f.rule or reasons.outside_book(f.mechanic)}（{reasons.render(game, f.reason, f.fields)}）"
                  for f in s.undone.all_firings()]
        if undone:
            lines.append(("    ↺ 已倒回的尝试：", "；".join(undone)))
    if s.after and s.kind != "load":
        a = s.after
        stack = "、".join(names.get(i, i) for i in a.get("stack", [])) or "空"
        step = a.get("step") or reasons.render_step("before_first_turn", {}, names, game=game)
        lines.append(("      → ", f"{step}，优先权：{a.get('priority') or '无'}，{stack_label}：{stack}"))
    return lines


def rows(out: Outcome, sf, *, full_rule: bool = False, fold: bool = True) -> list[tuple[str, str]]:
    """The trace as (prefix, body) rows: the prefix is the indentation and label a wrapped row hangs from.
    With `fold`, each run of routine steps (judge.engine.scenario.fold) is one row."""
    t = out.trace
    game = t.game
    names = {oid: o["name"] for oid, o in t.objects.items()}
    display = game_for(game).display_value
    zones = reasons.zone_words(game)
    attrs = reasons.attr_words(game)
    stack_label = reasons.game_steps(game).get("stack_label", "堆叠")
    lines: list[tuple[str, str]] = []
    src = sf.model.source if isinstance(sf.model.source, str) else "、".join(sf.model.source)
    lines.append(("", f"{out.label} — {out.title}"))
    lines.append(("  出处：", src + (f"（{sf.model.example}）" if sf.model.example else "")))
    lines.append(("  ", _book_line(t.book)))
    sources = sf.model.source if isinstance(sf.model.source, list) else [sf.model.source]
    about = {str(x) for x in sources if x}
    words = {"names": names, "game": game, "display": display, "zones": zones, "attrs": attrs,
             "stack_label": stack_label, "full_rule": full_rule}
    folded = 0
    for routine, group in runs(t.steps, game, about):
        if routine and fold:
            lines.append(_folded_row(group, names, game))
            folded += sum(max(1, len(x.firings)) for x in group)
            continue
        for s in group:
            quiet = [f for f in s.firings if fold and routine_firing(f, game, about)]
            folded += len(quiet)
            lines += _step_rows(s, quiet, **words)
    lines.append(("", ""))
    if folded:
        lines.append(("", f"（{folded} 处例行步骤已折叠；judge replay --full 全部显示）"))
    if out.passed:
        lines.append(("", f"结果：通过（{out.checked} 组期望）"))
    else:
        lines.append(("", "结果：失败"))
        if out.error:
            lines.append(("  错误：", out.error.located()))
        for f in out.failures:
            lines.append(("  ✗ ", f.text()))
    return lines
