"""What `judge rule --in`, `judge rule --lang` and `judge diff` say, as data and as text.

One function per document builds plain data (the JSON output, checked by the
pydantic models in `judge.schema_editions`); the text, Markdown and terminal
renderings below all read that same data. Chinese stays Chinese in the output
(重新编号, 改写, 新增, 删除); only the JSON keys are English.
"""
from __future__ import annotations

import sys
from typing import TextIO

from rulebook.editions.changes import Bulletin, Change, in_scope
from rulebook.editions.chardiff import char_diff, marked as mark
from rulebook.ids import sort_key, key_of
from rulebook.model import Book

from judge.render import use_rich

KIND_LABELS = {
    "renumbered": "重新编号",
    "reworded": "改写",
    "references": "仅引用编号变化",
    "split": "拆分",
    "merged": "合并",
    "added": "新增",
    "removed": "删除",
    "unchanged": "未变",
}
GLOSSARY_LABELS = {"renamed": "改名", "reworded": "释义改写", "added": "新增", "removed": "删除"}
ORDER = ("renumbered", "reworded", "references", "split", "merged", "added", "removed", "unchanged")


# ---------------------------------------------------------------- documents


def counterpart_doc(al, book: Book, other: Book, uid: str, bridge=None) -> dict:
    """The rules of `other` that correspond to rule `uid` of `book`, with confidence and diff.

    `bridge` (judge.commands.editions.Bridge) when the two books differ in language and edition: the
    alignment was computed through a translation of one of them, and the diff compares the texts of
    the one language (the translation's rule and `other`'s, or `book`'s and the translation's)."""
    node = book.node(uid)
    words_old, words_new = (bridge.old, bridge.new) if bridge is not None else (book, other)
    out = []
    # `book` is the alignment's old side (judge.commands.editions.show_in); the one-to-one counterpart
    # first, then the parts split off (or the rule it was merged into with others), most confident first
    for m in sorted(al.for_old(uid), key=lambda m: m.role != "one"):
        ouid = m.new
        if not other.has(ouid):
            continue   # through a translation: a rule the translation has and `other` lacks
        o = other.node(ouid)
        a = words_old.node(uid).text if words_old.has(uid) else node.text
        b = words_new.node(ouid).text if words_new.has(ouid) else o.text
        runs = char_diff(a, b)
        out.append({"id": ouid, "confidence": m.confidence, "role": m.role, "text": o.text,
                    "diff": [[op, t] for op, t in runs]})
    doc = {"id": uid, "book": book.id, "in": other.id, "text": node.text, "counterparts": out}
    if bridge is not None:
        doc["via"] = bridge.via
    return doc


def bulletin_doc(b: Bulletin, *, rules: list[str] | None = None, kinds: list[str] | None = None,
                 unchanged: bool = False, diffs: bool = True) -> dict:
    changes = []
    for ch in _ordered(b.changes):
        if rules and not any(in_scope(ch, r) for r in rules):
            continue
        if kinds and ch.kind not in kinds:
            continue
        if ch.kind == "unchanged" and not unchanged and not (kinds and "unchanged" in kinds):
            continue
        doc = {"kind": ch.kind, "old": ch.old, "new": ch.new, "confidence": ch.confidence,
               "reworded": ch.reworded, "old_text": ch.old_text, "new_text": ch.new_text, "diff": None}
        if diffs and ch.old and ch.new and (ch.reworded or ch.kind == "references"):
            doc["diff"] = [[op, t] for op, t in char_diff(ch.old_text, ch.new_text)]
        changes.append(doc)
    glossary = [{"kind": g.kind, "old": g.old, "new": g.new, "old_text": g.old_text, "new_text": g.new_text}
                for g in b.glossary if not rules]
    terms = [{"old": t.old, "new": t.new, "source": t.source, "evidence": t.evidence, "example": t.example}
             for t in b.terms if not rules]
    counts = {k: int(v) for k, v in sorted(b.counts.items())}
    return {"old_book": b.old_book, "new_book": b.new_book, "counts": counts, "filter": {"rules": rules or [],
            "kinds": kinds or []}, "changes": changes, "glossary": glossary, "terms": terms}


def as_asked(doc: dict, old: Book, new: Book, bridge) -> dict:
    """The bulletin `doc` of a `bridge`d alignment, told of the books the user asked for.

    Through a translation (`judge diff cr2022en cr2026`), the alignment and the diffs are between texts of one
    language: the translation stands in for one of the two books. The user asked about their own books, though:
    the bulletin names them (`via` names the translation), and each change carries the asked book's text on the
    bridged side (`old_text` or `new_text`, same ids: the translation is linked, `check_link`), the translation's
    text the diff was read from kept as `via_text`. Without a bridge `doc` is returned unchanged."""
    if bridge is None:
        return doc
    side, asked, stand_in = ("old", old, bridge.old) if bridge.old is not old else ("new", new, bridge.new)
    changes = []
    for ch in doc["changes"]:
        uids = ch[side]
        ch = dict(ch)
        if uids:
            ch["via_text"] = ch[f"{side}_text"]
            ch[f"{side}_text"] = "\n".join(_text_of(asked, stand_in, u) for u in uids)
        changes.append(ch)
    return {**doc, "old_book": old.id, "new_book": new.id, "via": bridge.via, "via_side": side, "changes": changes}


def _text_of(book: Book, stand_in: Book, uid: str) -> str:
    """Rule `uid`'s text as the bulletin shows it, from `book`, or from its translation `stand_in` in the rare
    case `book` lacks that id."""
    from rulebook.editions.changes import shown_text  # start-up: rulebook.editions.changes (~5 ms) only for a bulletin

    return shown_text(book.node(uid) if book.has(uid) else stand_in.node(uid))


def _ordered(changes: list[Change]) -> list[Change]:
    def key(ch: Change):
        uid = (ch.old or ch.new)[0]
        return (ORDER.index(ch.kind), sort_key(key_of(uid.split("#")[0])))

    return sorted(changes, key=key)


# ---------------------------------------------------------------- plain text


def marked(diff) -> str:
    return mark([(op, t) for op, t in diff])


def _via_line(doc: dict) -> str:
    return f"（经由译本 {doc['via']} 对应；变化为同一语言的条文之间的差异）" if doc.get("via") else ""


def plain_counterparts(doc: dict) -> str:
    out = [f"{doc['id']} 在 {doc['in']} 中对应:"]
    if doc.get("via"):
        out.append(f"  {_via_line(doc)}")
    if not doc["counterparts"]:
        out.append("  （无对应规则：此规则在该版本中已删除或无法对应）")
    for c in doc["counterparts"]:
        role = {"split": "（拆分的一部分）", "merge": "（合并的一部分）"}.get(c["role"], "")
        out.append(f"  {c['id']}  置信度 {c['confidence']:.2f}{role}")
        out.append(f"  {c['text']}")
        out.append(f"  变化: {marked(c['diff'])}")
    return "\n".join(out)


def _grouped(changes: list[dict], limit: int | None) -> tuple[list[tuple[str | None, dict]], dict[str, int]]:
    """The changes a bulletin shows (at most `limit` of each kind), each with the heading of the kind it opens
    (None inside a group), and how many of each kind are left out: the plain and the coloured bulletin share it."""
    shown: dict[str, int] = {}
    rows: list[tuple[str | None, dict]] = []
    current = None
    for ch in changes:
        shown[ch["kind"]] = shown.get(ch["kind"], 0) + 1
        if limit is not None and shown[ch["kind"]] > limit:
            continue
        head = KIND_LABELS[ch["kind"]] if ch["kind"] != current else None
        current = ch["kind"]
        rows.append((head, ch))
    more = {kind: n - limit for kind, n in shown.items() if limit is not None and n > limit}
    return rows, more


def _more_line(kind: str, n: int) -> str:
    return f"  … {KIND_LABELS[kind]}: 另有 {n} 条（--limit 或 --json 查看全部）"


def plain_bulletin(doc: dict, limit: int | None = None) -> str:
    c = doc["counts"]
    out = [f"{doc['old_book']} → {doc['new_book']}{_via_line(doc)}",
           f"规则: 旧 {c.get('old_rules', 0)}，新 {c.get('new_rules', 0)}；"
           f"对应 {c.get('matched', 0)}，重新编号 {c.get('renumbered', 0)}，改写 {c.get('reworded_all', 0)}，"
           f"拆分 {c.get('split', 0)}，合并 {c.get('merged', 0)}，新增 {c.get('added', 0)}，删除 {c.get('removed', 0)}"]
    rows, more = _grouped(doc["changes"], limit)
    for head, ch in rows:
        if head:
            out.append(f"\n{head}:")
        out.append("  " + _change_line(ch))
        if ch["diff"]:
            out.append("    " + marked(ch["diff"]))
            if asked := _asked_line(doc, ch):
                out.append("    " + asked)
        elif ch["kind"] == "added":
            out.append("    " + ch["new_text"])
        elif ch["kind"] == "removed":
            out.append("    " + ch["old_text"])
    out.extend(_more_line(kind, n) for kind, n in more.items())
    if doc["glossary"]:
        out.append("\n词汇表:")
        for g in doc["glossary"]:
            out.append("  " + _glossary_line(g))
    if doc["terms"]:
        out.append("\n术语变化:")
        for t in doc["terms"]:
            out.append(f"  {t['old']} → {t['new']}（{_term_source(t)}）")
    return "\n".join(out)


def _asked_line(doc: dict, ch: dict) -> str:
    """Under a diff read from a translation (`as_asked`): the asked book's own text of that side, by its id. (Added
    and removed rules have no diff: their own text is shown.)"""
    if "via_text" not in ch:
        return ""
    side = doc["via_side"]
    return f"{doc[side + '_book']}：{ch[side + '_text']}"


def _change_line(ch: dict) -> str:
    old, new = ", ".join(ch["old"]), ", ".join(ch["new"])
    conf = f"  置信度 {ch['confidence']:.2f}" if ch["confidence"] is not None else ""
    if ch["kind"] == "added":
        return new
    if ch["kind"] == "removed":
        return old
    if ch["kind"] in ("reworded", "references", "unchanged"):
        return f"{old}{conf}"
    extra = "（文字也有改动）" if ch["kind"] == "renumbered" and ch["reworded"] else ""
    return f"{old} → {new}{conf}{extra}"


def _glossary_line(g: dict) -> str:
    label = GLOSSARY_LABELS[g["kind"]]
    if g["kind"] == "renamed":
        return f"{label}: {g['old']} → {g['new']}"
    return f"{label}: {g['old'] or g['new']}"


def _term_source(t: dict) -> str:
    return {"glossary": "词汇表改名", "heading": "规则标题改名"}.get(t["source"], f"{t['evidence']} 条规则中替换")


# ---------------------------------------------------------------- Markdown


def markdown_bulletin(doc: dict) -> str:
    """A forum post: one section per kind, diffs as ~~删去~~ **加入**."""
    c = doc["counts"]
    out = [f"# 规则更新：{doc['old_book']} → {doc['new_book']}{_via_line(doc)}", "",
           f"旧版 {c.get('old_rules', 0)} 条规则，新版 {c.get('new_rules', 0)} 条：重新编号 {c.get('renumbered', 0)}，"
           f"改写 {c.get('reworded_all', 0)}，拆分 {c.get('split', 0)}，合并 {c.get('merged', 0)}，"
           f"新增 {c.get('added', 0)}，删除 {c.get('removed', 0)}。"]
    current = None
    for ch in doc["changes"]:
        if ch["kind"] != current:
            current = ch["kind"]
            out += ["", f"## {KIND_LABELS[current]}", ""]
        line = f"- **{_change_line(ch)}**"
        if ch["diff"]:
            line += "：" + _md_diff(ch["diff"])
        elif ch["kind"] == "added":
            line += "：" + _md_escape(ch["new_text"])
        elif ch["kind"] == "removed":
            line += "：" + _md_escape(ch["old_text"])
        out.append(line)
        if ch["diff"] and (asked := _asked_line(doc, ch)):
            out.append("  - " + _md_escape(asked))
    if doc["glossary"]:
        out += ["", "## 词汇表", ""] + [f"- {_glossary_line(g)}" for g in doc["glossary"]]
    if doc["terms"]:
        out += ["", "## 术语变化", ""] + [f"- {t['old']} → {t['new']}（{_term_source(t)}）" for t in doc["terms"]]
    return "\n".join(out) + "\n"


def _md_escape(text: str) -> str:
    return text.replace("\n", " ").replace("*", "\\*").replace("~", "\\~").replace("_", "\\_")


def _md_diff(diff) -> str:
    out = []
    for op, t in diff:
        t = _md_escape(t)
        out.append(t if op == "=" else f"~~{t}~~" if op == "-" else f"**{t}**")
    return "".join(out)


# ---------------------------------------------------------------- terminal


def rich_diff(diff):
    from rich.text import Text  # start-up: rich (~7-12 ms) only on a terminal

    text = Text()
    for op, t in diff:
        text.append(t, style="" if op == "=" else "red strike" if op == "-" else "bold green")
    return text


def print_counterparts(doc: dict, stream: TextIO | None = None, rich: bool | None = None) -> None:
    s = stream or sys.stdout
    if not use_rich(s, rich):
        s.write(plain_counterparts(doc) + "\n")
        return
    from rich.console import Console, Group  # start-up: rich (~7-12 ms) only on a terminal
    from rich.panel import Panel  # start-up: as above
    from rich.text import Text  # start-up: as above

    console = Console(file=s, force_terminal=rich if rich is not None else None, highlight=False)
    if not doc["counterparts"]:
        console.print(Panel(Text(f"{doc['id']} 在 {doc['in']} 中无对应规则：此规则在该版本中已删除或无法对应"), title=doc["id"],
                            title_align="left", border_style="yellow"))
    for c in doc["counterparts"]:
        role = {"split": "（拆分的一部分）", "merge": "（合并的一部分）"}.get(c["role"], "")
        body = Group(Text(f"{doc['id']} 在 {doc['in']} 中对应 {c['id']}{_via_line(doc)}", style="dim"), Text(c["text"]), Text(""),
                     Text("变化: ", style="bold") + rich_diff(c["diff"]))
        console.print(Panel(body, title=f"{c['id']}  置信度 {c['confidence']:.2f}{role}",
                            title_align="left", border_style="cyan"))


def print_bulletin(doc: dict, stream: TextIO | None = None, rich: bool | None = None, limit: int | None = None) -> None:
    s = stream or sys.stdout
    if not use_rich(s, rich):
        s.write(plain_bulletin(doc, limit) + "\n")
        return
    from rich.console import Console  # start-up: rich (~7-12 ms) only on a terminal
    from rich.padding import Padding  # start-up: as above
    from rich.text import Text  # start-up: as above

    def indented(text: Text) -> Padding:
        """Wrapped lines keep the indentation (rich measures the cells: Chinese is double width)."""
        return Padding(text, (0, 0, 0, 4))

    console = Console(file=s, force_terminal=rich if rich is not None else None, highlight=False)
    text = plain_bulletin({**doc, "changes": []}).split("\n")
    console.print(Text(text[0], style="bold"))
    console.print(text[1])
    rows, more = _grouped(doc["changes"], limit)
    for head, ch in rows:
        if head:
            console.print(Text(f"\n{head}:", style="bold cyan"))
        console.print(Text("  " + _change_line(ch), style="bold"))
        if ch["diff"]:
            console.print(indented(rich_diff(ch["diff"])))
            if asked := _asked_line(doc, ch):
                console.print(indented(Text(asked, style="dim")))
        elif ch["kind"] in ("added", "removed"):
            console.print(indented(Text(ch["new_text"] or ch["old_text"],
                                        style="green" if ch["kind"] == "added" else "red")))
    for kind, n in more.items():
        console.print(_more_line(kind, n))
    rest = plain_bulletin({**doc, "changes": []}).split("\n")[2:]
    if rest:
        console.print("\n".join(rest))
