"""Explanation → one self-contained HTML page, rule references hyperlinked.

No scripts, no external CSS or fonts: the page is mailed, attached to a
tournament report, opened offline. Every quoted rule and glossary entry has
an anchor; rule numbers inside quoted text ("见规则706"), the rule ids after
each step, and glossary headwords in a cited rule's text link to those
anchors. A link is only made to an anchor that exists on the page, so every
link resolves (the Chromium test checks it in a real browser).
"""
from __future__ import annotations

import html
import re

from rulebook.ids import HYPHEN_RE, key_of
from rulebook.refs import find_refs, numbers_in

from judge.explain.outline import (
    ANSWER, CARD, CITES, DETAIL, ENTRY, EXAMPLE, H2, ITEM, META, MISS, MISSING, NOTE, RULE, STEP, TEXT, TITLE, Line,
)
from judge.explain.citing import label
from judge.explain.templates import Templates, load
from judge.explain.terms import scan

CSS = """
body{font:16px/1.7 "Noto Sans CJK SC","Source Han Sans SC","PingFang SC","Microsoft YaHei",sans-serif;
max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;background:#fff}
h1{font-size:1.5rem;margin:0 0 .3rem}h2{font-size:1.15rem;margin:1.6rem 0 .4rem;border-bottom:1px solid #ddd}
h3{font-size:1rem;margin:1rem 0 .2rem}p{margin:.25rem 0}
.meta{color:#666;font-size:.9rem}.answer{font-weight:bold;background:#f4f8ff;padding:.5rem .75rem;border-left:4px solid #2a6df4}
.quote{background:#fafafa;border-left:3px solid #bbb;padding:.1rem .6rem}.example{color:#1f6f3f}
.card{color:#7a2a86;font-family:inherit;padding-left:.6rem;border-left:3px solid #d7b5e0}
.missing{color:#a33}.note{color:#777;font-style:italic}.cites a,.step a{font-variant-numeric:tabular-nums}
a{color:#1a55c2;text-decoration:none}a:hover{text-decoration:underline}a.term{color:inherit;border-bottom:1px dotted #888}
:target{background:#fff7cc}
""".strip()

_HEADING = {TITLE: "h1", H2: "h2", RULE: "h3"}
_CLASS = {   # every other line is a paragraph of this class
    META: "meta", ANSWER: "answer", STEP: "step", DETAIL: "detail", MISS: "miss", TEXT: "quote", ITEM: "quote item",
    EXAMPLE: "quote example", CARD: "card", ENTRY: "entry", CITES: "cites", MISSING: "missing", NOTE: "note",
}
_OURS = (META, ANSWER, CITES)   # our words around rule ids: only the ids the line cites are links
_PLAIN = (TITLE, H2, RULE, MISSING, NOTE)


def splice(text: str, spans: list[tuple[int, int, str]]) -> str:
    """Escape `text`, putting each (start, end, html) span in place of its characters; overlaps lose."""
    out, pos = [], 0
    for s, e, frag in sorted(spans):
        if s < pos:
            continue
        out.append(html.escape(text[pos:s]))
        out.append(frag)
        pos = e
    out.append(html.escape(text[pos:]))
    return "".join(out).replace("\n", "<br>")


def anchor_id(uid: str) -> str:
    """`709.2a` → `r-709.2a`; `glossary:激活` → `g-激活` (HTML5 ids may hold any non-space character)."""
    if uid.startswith("glossary:"):
        return "g-" + re.sub(r"\s", "_", uid.split(":", 1)[1])
    return "r-" + re.sub(r"\s", "_", uid)


class _Page:
    def __init__(self, lines: list[Line], glossary: list[dict], t: Templates):
        self.t = t
        self.anchors: dict[str, str] = {}          # uid → anchor id (first home wins)
        for ln in lines:
            if ln.anchor and ln.anchor not in self.anchors:
                self.anchors[ln.anchor] = anchor_id(ln.anchor)
        self.by_key = {key_of(u): a for u, a in self.anchors.items() if not u.startswith("glossary:")}
        # a book numbered with hyphens (1-2-1) has its references in that style too (rulebook.refs)
        self.style = "hyphen" if any(HYPHEN_RE.fullmatch(u.split("#")[0]) for u in self.anchors) else ""
        self.heads: dict[str, list[str]] = {}
        for g in glossary:
            if g["id"] in self.anchors:
                self.heads.setdefault(g["headword"], []).append(g["id"])
        self.placed: set[str] = set()

    def link(self, uid: str, text: str | None = None, cls: str = "") -> str:
        a = self.anchors.get(uid)
        label = html.escape(text if text is not None else uid)
        if not a:
            return label
        c = f' class="{cls}"' if cls else ""
        return f'<a href="#{html.escape(a)}"{c}>{label}</a>'

    def rich_text(self, text: str, terms: bool = False) -> str:
        """Escape `text`, linking rule numbers inside its references, and glossary headwords if `terms`."""
        spans: list[tuple[int, int, str]] = []   # (start, end, html)
        for start, end, raw, _keys in find_refs(text, self.style):
            for m in numbers_in(raw, self.style):
                a = self.by_key.get(key_of(m.group(0)))
                if a:
                    s, e = start + m.start(), start + m.end()
                    spans.append((s, e, f'<a href="#{html.escape(a)}">{html.escape(text[s:e])}</a>'))
        if terms and self.heads:
            taken = [(s, e) for s, e, _ in spans]
            for s, e, uid in scan(text, self.heads):
                if any(s < te and ts < e for ts, te in taken):
                    continue
                spans.append((s, e, self.link(uid, text[s:e], "term")))
                taken.append((s, e))
        return splice(text, spans)

    def cites(self, text: str, ids: list[str]) -> str:
        """Escape `text`, linking each of `ids` where it occurs (a glossary entry where its headword is
        cited, 「战斗伤害」), in order."""
        spans, pos = [], 0
        for uid in ids:
            shown = label(uid, self.t)
            i = text.find(shown, pos)
            if i >= 0:
                pos = i + len(shown)
                spans.append((i, pos, self.link(uid, shown)))
        return splice(text, spans)

    def content(self, ln: Line) -> str:
        """A line's text as html: escaped, and linked as its kind allows."""
        if ln.kind in _OURS:
            return self.cites(ln.text, ln.cites)
        if ln.kind in _PLAIN:
            return html.escape(ln.text)
        # quoted rulebook text and engine sentences: rule numbers in their references (and glossary
        # headwords in a quoted rule's own text) link; a step's rule ids follow in `suffix`
        return self.rich_text(ln.text, terms=ln.terms) + self.cites(ln.suffix, ln.cites)

    def id_attr(self, ln: Line) -> str:
        if ln.anchor and ln.anchor not in self.placed and ln.anchor in self.anchors:
            self.placed.add(ln.anchor)
            return f' id="{html.escape(self.anchors[ln.anchor])}"'
        return ""


def render(lines: list[Line], doc: dict, lang: str = "zh-Hans") -> str:
    page = _Page(lines, doc.get("glossary", []), load(doc.get("language") or "zh"))
    title = next((ln.text for ln in lines if ln.kind == TITLE), "judge explain")
    body: list[str] = []
    for ln in lines:
        tag = _HEADING.get(ln.kind, "p")
        cls = "" if ln.kind in _HEADING else f' class="{_CLASS[ln.kind]}"'
        # the answer stands out as a box, not indented
        style = f' style="margin-left:{ln.depth * 1.25:.2f}rem"' if ln.depth and ln.kind != ANSWER else ""
        body.append(f"<{tag}{cls}{page.id_attr(ln)}{style}>{page.content(ln)}</{tag}>")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="rules-judge explain">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{CSS}\n</style>\n</head>\n<body>\n<main>\n"
        + "\n".join(body)
        + "\n</main>\n</body>\n</html>\n"
    )
