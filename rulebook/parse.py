"""Rulebook text → rule graph.

The parser walks the lines once per dialect tried. Each line either starts a
node (a chapter, a rule, an example, a card, a bullet, a glossary entry, a
block of front matter) or continues the node before it. So every line ends up
in exactly one node's `raw`, and `"".join(n.raw for n in book.nodes)` is the
input text: nothing is dropped, and what the parser could not place is an
`unclassified` node that `judge lint` reports with its line number.

Rule numbers are recognised by their shape (`rulebook.ids.NUMBER`: any depth,
any separators, a trailing dot or none, Markdown or HTML around them) and the
hierarchy is read from the number's components. Detection parses the file with
every candidate dialect and keeps the one that understands most of its lines
(`rulebook.understood`), so the choice comes with its evidence.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import NamedTuple

from rulebook import ids
from rulebook.dialects import DIALECTS, GENERIC, Dialect, candidates, weighted
from rulebook.meta import detect_metadata, script_of
from rulebook.model import (
    BULLET, CARD, CHAPTER, EXAMPLE, FRONT, GLOSSARY, HEADING, RULE, UNCLASSIFIED,
    Book, Node, RuleRef,
)
from rulebook.refs import find_refs
from rulebook.terms import alternatives, exact_keys, headword_key, inverted, variant_keys
from rulebook.understood import LOOKS_NUMBERED, share_of

from rulebook.source import RulebookError, decode, read_bytes  # noqa: F401  (re-exported)


# ---------------------------------------------------------------- line shapes

# Markup a book may put around a rule number: HTML anchors and tags
# (`<b id='cr100-1'>100.1.</b>`, `<span id='cr100'>100.</span>`, `<a id="x"></a>`)
# and Markdown emphasis (`**701.28a**`), after a Markdown heading or list marker.
_OPEN = r"(?:<(?:a|span|b|strong|em|i)\b[^>]*>(?:[ \t]*</a>)?[ \t]*|\*\*|__)*"
_CLOSE = r"(?:</(?:span|b|strong|em|i|a)>|\*\*|__)*"
_RULE_LINE_TAIL = (
    r")(?P<dot>\.)?(?P<close>" + _CLOSE + r")"
    # the text follows after a space, or glued: Chinese text (100.6b牌手), emphasis,
    # or a capital after the number's dot (901.4.All plane… in the 2025 CR)
    r"(?P<sep>[ \t\u3000]+|(?=[^\x00-\x7f])|(?=\*)|(?<=\.)(?=[A-Z“\"(])|$)(?P<rest>.*)$"
)
_RULE_LINE_OPEN = r"^(?P<indent>[ \t\u3000]*)(?P<hashes>#{1,6}[ \t]+)?(?P<bullet>[*+\-][ \t]+)?(?P<open>" + _OPEN + r")"
_RULE_LINE_HEAD = _RULE_LINE_OPEN + r"(?P<num>"
_RULE_LINE = re.compile(_RULE_LINE_HEAD + ids.NUMBER + _RULE_LINE_TAIL)
# the same line numbered with hyphens (1-1., 1-2-1., 10-1-3-2.): only in a book that numbers its rules so
# (`HYPHEN_LINES` such lines at least), so that a stray "2-3 players" line never starts a rule elsewhere
_HYPHEN_LINE = re.compile(_RULE_LINE_HEAD + ids.HYPHEN_NUMBER + _RULE_LINE_TAIL)
HYPHEN_LINES = 3
# a number after a label word ("Rule 1.2.1 text", "Section 3.4", "Article 5", "§ 2.2 text"), dotted or hyphenated:
# likewise only in a book that prints at least `HYPHEN_LINES` such lines
_LABEL = r"(?P<label>(?:Rules?|RULES?|Section|SECTION|Sec\.|Article|ARTICLE|Art\.|§{1,2}|¶)[ \t]*)"
_LABELLED_LINE = re.compile(_RULE_LINE_OPEN + _LABEL + r"(?P<num>" + ids.HYPHEN_NUMBER + "|" + ids.NUMBER + _RULE_LINE_TAIL)
# a line that starts with a full-width number (１－１－１．): its number is read in half-width digits
_FULL_WIDTH_LEAD = re.compile(r"^[ \t\u3000]*[０-９][０-９0-9－．‐‑−\-.]*")
# page furniture of a PDF's text: "- 3 -", "Page 3", "3 / 40", and a running header or footer printed
# again on every page (same words, its page number aside)
_PAGE_NUMBER = re.compile(r"^(?:[-–—]\s*\d{1,4}\s*[-–—]|(?:[Pp]age|[Pp]\.)\s*\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?|\d{1,4}\s*/\s*\d{1,4})$")
_TRAILING_PAGE = re.compile(r"\s+\d{1,4}$")
_SPACED_PAGE = re.compile(r"\S[ \t]{3,}\d{1,4}$")
_CHAPTER_LINE = re.compile(r"^(?P<num>\d{1,2})\.\s*(?P<title>[^\d\s].{0,40})$")
_MD_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?:(?P<num>\d{3}(?:\.(?:\d+|[a-z]))*)\.\s*)?(?P<title>.*)$")
_EXAMPLE = re.compile(
    r"^[ \t\u3000]*(?:[*_>]+[ \t]*)?(?:_?(?:例|例如|举例|範例|范例|Example|Examples)_?[*_]*[：:，]_?|例如，"
    # bracketed: (Example) …, （例）…, 【例】…, [Example] …
    r"|[(（【\[][ \t]*(?:例|Example|Examples)[ \t]*[)）】\]])")
_BULLET = re.compile(r"^[ \t\u3000]*[·•]")
_BELONGS = re.compile(r"^所属[：:]\s*(?P<path>.*)$")
_CARD = re.compile(r"^[^，,：:。（(]{1,60}，(?:\d+|X)，|^[^，,：:。]{1,60}，(?:任务|Quest)\s*$")
_GLOSSARY_INLINE = re.compile(
    r"^(?P<term>[^\s：:（(/·•，][^\s：:（(/•，]{0,15}(?:，[^\s：:（(/，]{1,8})?)"
    r"(?:/(?P<en>[A-Za-z][^（(：:]*))?"
    r"(?:[（(](?P<see>[^）)]*)[）)])?\s*(?P<colon>[：:])?"
)
_ENDS_WITH_CUE = re.compile(r"(?:\brules?|\b[Ss]ee|规则|参见|见)[\s*_\[]*$")
_TOC_HEADINGS = {"目录", "目錄", "contents", "table of contents"}
_GLOSSARY_HEADINGS = {"词汇表", "詞彙表", "名词解释", "名詞解釋", "glossary"}
_CREDITS_HEADINGS = {"版权信息", "版權信息", "credits", "工作人员名单", "製作人員"}
_TERMINAL = "。！？；：.!?;:）)」』”\"'"
# a sentence's end, closing quotes and brackets after it, and the bracketed references some books
# print after a sentence ("A player's hero is a hero-card.[1.3.2a]", Flesh and Blood)
_SENTENCE_END = re.compile(r"[。！？；;:：.!?]\s*[”\"'」』)）]*(?:\s*\[[^\[\]]*\])*$")
_MOJIBAKE = re.compile(r"\ufffd|\?/a>|[\ue000-\uf8ff]|[^\x00-\x7f]\?(?:$|\s)")
# a line that looks numbered ("12.3 …", "4a. …") even when it is not a rule we accept
_LOOKS_NUMBERED = LOOKS_NUMBERED
# a contents entry's dot leaders and page number ("1. Overview ........ 2"): the entry is its title
_TOC_LEADERS = re.compile(r"[ \t]*(?:[.…·・]{3,}|[ \t]{2,})[ \t]*\d{1,4}$")
_MARKUP_LINE = re.compile(r"^\s*(?:#{1,6}\s|<(?:b|span|a|strong)\b|\*\*\d|[*\-]\s+\*\*\d)")
_MD_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
_HTML_TAG = re.compile(r"</?[A-Za-z][^>\n]*>")
_WORDS = re.compile(r"[0-9A-Za-z\u3040-\u30ff\u3400-\u9fff]")

_JOINED = (RULE, EXAMPLE, BULLET, GLOSSARY, CARD)   # the kinds of text a hard-wrapped book's lines are joined in
_CONTINUES_A_SENTENCE = set(",，;；:：)）、")   # a rule's text never starts with these
TOP_STEP = 5                 # a new top-level number follows the last within this step (718 after 717)
TITLE_MAX = 40               # a section title is short


def _clean(s: str) -> str:
    """Text for display and search: no-break and ideographic spaces become plain spaces."""
    return s.replace("\xa0", " ").replace("\u3000", " ").strip()


def _heading_word(s: str) -> str:
    return _HTML_TAG.sub("", s).strip().strip("#").strip().lower()


def _md_clean(s: str) -> str:
    s = s.replace("**", "").replace("```", "")
    s = re.sub(r"(?<![A-Za-z0-9])_(?=\S)|(?<=\S)_(?![A-Za-z0-9])", "", s)
    return re.sub(r"\s+([,.;:])", r"\1", s).strip()


# a Markdown backslash escape: any ASCII punctuation (a PDF's text converted to Markdown writes
# `\(see rule 201.3\)`, `DON\!\!`)
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_ESCAPED = 0xF0000                  # an escaped character's stand-in while the emphasis is cleaned: a private plane
_UNESCAPE = re.compile("[\U000F0021-\U000F007E]")


def _markup_clean(s: str) -> str:
    """Markdown links, backslash escapes and HTML tags out of text; the markup stays in `raw`."""
    s = _MD_LINK.sub(r"\1", s)
    s = _HTML_TAG.sub("", s).replace("&nbsp;", " ").replace("&amp;", "&")
    if "\\" not in s:
        return _md_clean(s)
    # an escaped character is kept out of the emphasis clean-up (`\*\*` stays `**`), then printed plainly
    s = _MD_ESCAPE.sub(lambda m: chr(_ESCAPED + ord(m.group(1))), s)
    return _UNESCAPE.sub(lambda m: chr(ord(m.group(0)) - _ESCAPED), _md_clean(s))


def _join(a: str, b: str, wrapped: bool = True) -> str:
    """Join a continuation line to text. Books that are not hard-wrapped keep
    one paragraph per line. In hard-wrapped books: a new line after a finished
    sentence, nothing between wrapped Chinese, a space between English words."""
    if not a:
        return b
    if not b:
        return a
    if not wrapped:
        return a + "\n" + b
    if a[-1] in _TERMINAL:
        return a + "\n" + b
    if a[-1].isascii() and b[0].isascii():
        return a + " " + b
    return a + b


# a continuation line that opens a list item: it keeps its own line in a hard-wrapped book too
_LIST_ITEM = re.compile(r"^(?:[-–—*]\s|[·•・※]|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)）]\s|[（(][0-9０-９a-z][)）])")
_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")
_BROKEN_WORD = re.compile(r"([A-Za-z]+)-$")
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
WRAP_MIN_LINES = 5           # a book is hard-wrapped with at least this many wrapped lines…
WRAP_SHARE = 0.6             # …that are this share of the lines a continuation line follows…
WRAP_WIDTH = 0.7             # …each at least this share of the book's common line width


def wrap_stats(lines: list[Line], pages: set[int]) -> tuple[int, int, int]:
    """(wrapped, continued, width): of the lines that a continuation line follows (a non-blank line that starts
    nothing: no number, example, bullet or list item), how many end mid-sentence (no terminal punctuation)
    near the book's common width (the 90th percentile of its line lengths): the lines a PDF's conversion
    cut. Page furniture is skipped."""
    body = [ln for i, ln in enumerate(lines) if i not in pages]
    lengths = sorted(len(ln.s) for ln in body if ln.s)
    if not lengths:
        return 0, 0, 0
    width = lengths[len(lengths) * 9 // 10]
    wrapped = continued = 0
    for a, b in zip(body, body[1:]):
        if not a.s or not b.s or b.number is not None or _EXAMPLE.match(b.body) or _BULLET.match(b.body) \
                or _LIST_ITEM.match(b.s):
            continue
        continued += 1
        if a.s[-1] not in _TERMINAL and len(a.s) >= WRAP_WIDTH * width:
            wrapped += 1
    return wrapped, continued, width


def hard_wrapped(lines: list[Line], pages: set[int]) -> bool:
    """Is the text hard-wrapped (a PDF's conversion), read from its lines alone? Many continuation lines follow
    a line cut mid-sentence at the common width. A book of one paragraph per line (a glossary's short
    headword over its definition included) is not."""
    wrapped, continued, _ = wrap_stats(lines, pages)
    return wrapped >= WRAP_MIN_LINES and wrapped >= WRAP_SHARE * continued


def _join_wrapped(a: str, b: str, words: set[str]) -> str:
    """Join a continuation line to the text before it in a hard-wrapped book: a new line after a finished
    sentence or before a list item; nothing when either side is CJK; a word broken by a hyphen joined
    whole when the book prints it whole elsewhere and never hyphenated (play-/ers: players; non-/turn stays
    non-turn); otherwise one space."""
    if not a:
        return b
    if not b:
        return a
    if a[-1] in _TERMINAL or _LIST_ITEM.match(b):
        return a + "\n" + b
    if _CJK.match(a[-1]) or _CJK.match(b[0]):
        return a + b
    m = _BROKEN_WORD.search(a)
    if m and b[0].isalpha():
        head, tail = m.group(1), _WORD.match(b)
        tail = tail.group(0) if tail else ""
        if tail[:1].islower() and (head + tail).lower() in words and f"{head}-{tail}".lower() not in words:
            return a[:-1] + b
        return a + b
    return a + " " + b


def book_words(lines: list[Line]) -> set[str]:
    """The words (hyphenated ones whole) a book prints within its lines, lowercased."""
    return {w.lower() for ln in lines for w in _WORD.findall(ln.s)}     # "play-" at a line's end is "play"


def _title_like(rest: str) -> bool:
    """A section heading, not a sentence: short, no sentence end, not a lowercase continuation."""
    return 0 < len(rest) <= TITLE_MAX and not _SENTENCE_END.search(rest) and not rest[0].islower()


class Line(NamedTuple):
    """One input line, read once and shared by every dialect's walk."""

    raw: str                    # as in the file, line ending included
    body: str                   # without the line ending (and a BOM)
    s: str                      # stripped
    number: re.Match | None     # the rule-number shape at its start, if any
    key: str                    # that number's canonical key ("" without one)
    word: str                   # lowercased heading word, for short lines (目录, Glossary)


def prepare(lines: list[str]) -> list[Line]:
    """Read every line once: its number (dotted; hyphenated, or after a label word, in a book that numbers
    so), key and heading word."""
    out = []
    hyphen: list[tuple[int, re.Match]] = []
    labelled: list[tuple[int, re.Match]] = []
    for raw in lines:
        body = _half_width_number(raw.rstrip("\r\n").lstrip("\ufeff"))
        s = body.strip()
        m = _RULE_LINE.match(body) if s else None
        if s and m is None:
            h = _HYPHEN_LINE.match(body)
            if h:
                hyphen.append((len(out), h))
            else:
                h = _LABELLED_LINE.match(body)
                if h:
                    labelled.append((len(out), h))
        out.append(Line(raw, body, s, m, ids.key_of(m.group("num")) if m else "",
                        _heading_word(s) if 0 < len(s) <= 60 else ""))
    for found in (hyphen, labelled):
        if len(found) >= HYPHEN_LINES:
            for i, h in found:
                out[i] = out[i]._replace(number=h, key=ids.key_of(h.group("num")))
    return out


def _half_width_number(body: str) -> str:
    """A line that starts with a full-width number (１－１－１．) read with half-width digits and separators;
    its text is left as printed. The length is kept, so columns still match the raw line."""
    m = _FULL_WIDTH_LEAD.match(body)
    if not m:
        return body
    return body[: m.end()].translate(ids.HALF_WIDTH) + body[m.end():]


def toc_entry(s: str) -> str:
    """A contents line without its dot leaders and page number: `1. Overview …… 2` → `1. Overview`."""
    return _TOC_LEADERS.sub("", s)


def toc_repeats(lines: list[Line], i: int, first: str) -> bool:
    """Is the contents' first entry (`first`, read on line `i`, 1-based) printed again after it, as
    the body's first heading? Only a heading counts: a short line that is no sentence."""
    for ln in lines[i:]:
        if ln.s and len(ln.s) <= 2 * TITLE_MAX and ln.s[-1] not in _TERMINAL and toc_entry(ln.s) == first:
            return True
    return False


def furniture(lines: list[Line]) -> set[int]:
    """Indexes of the lines that are a PDF's page furniture, so that their words never join a rule's text:
    page numbers (`- 3 -`, `Page 3`), and a running header or footer: a line that is no sentence, printed
    on two pages or more (its page number aside), next to a page number, ending in one set apart by
    spaces (`…Comprehensive Rules  Ver. 1.1      14`), or repeating the file's title (its first lines
    before any numbered one)."""
    keys: list[str] = []
    counts: dict[str, int] = {}
    pages: set[int] = set()
    for i, ln in enumerate(lines):
        k = _running_key(ln.s) if ln.s and ln.number is None else ""
        keys.append(k)
        if k:
            counts[k] = counts.get(k, 0) + 1
        if ln.s and _PAGE_NUMBER.match(ln.s):
            pages.add(i)
    if not pages and not counts:
        return set()
    nonblank = [i for i, ln in enumerate(lines) if ln.s]
    first_numbered = next((i for i in nonblank if lines[i].number is not None), len(lines))
    title = {keys[i] for i in nonblank[:5] if keys[i] and i < first_numbered}
    out = set(pages)
    for j, i in enumerate(nonblank):
        k = keys[i]
        if not k or counts[k] < 2:
            continue
        near_page = (j > 0 and nonblank[j - 1] in pages) or (j + 1 < len(nonblank) and nonblank[j + 1] in pages)
        if near_page or _SPACED_PAGE.search(lines[i].s) or k in title:
            out.add(i)
    return out


def _running_key(s: str) -> str:
    """What a running header prints on every page: its words without the page number; "" for a line
    that cannot be one (short, or a sentence)."""
    k = " ".join(_TRAILING_PAGE.sub("", s).split())
    if len(k) < 12 or len(k.split()) < 3 or k[-1] in _TERMINAL or _EXAMPLE.match(k):
        return ""
    return k


def has_markup(lines: list[str]) -> bool:
    """Does the book mark its numbers up (Markdown headings, HTML, bold numbers)?"""
    n = 0
    for line in lines:
        if _MARKUP_LINE.match(line):
            n += 1
            if n >= 3:
                return True
    return False


# ---------------------------------------------------------------- the walk

class _Walk:
    def __init__(self, lines: list[Line], dialect: Dialect, markup: bool = False, pages: set[int] | None = None,
                 words: set[str] | None = None):
        self.lines = lines
        self.d = dialect
        self.furniture = furniture(lines) if pages is None else pages   # indexes of page-furniture lines
        # the book's words when its text is hard-wrapped (`hard_wrapped`) and the dialect does not join its lines
        # itself: a rule's continuation lines are then joined into its paragraphs (`_join_wrapped`)
        self.words = words
        self.markup = markup or dialect.markdown
        self.nodes: list[Node] = []
        self.cur: Node | None = None
        self.mode = "front"           # front | toc | rules | glossary | credits
        self.toc_first: str | None = None
        self.toc_numbered: set[str] = set()   # numbered entries of the contents (each printed once there)
        self.toc_repeats = False              # is the contents' first entry printed again after them?
        self.last_chapter: int | None = None
        self.rule: Node | None = None         # last rule (owner of examples and bullets)
        self.example: Node | None = None      # last example (owner of cards)
        self.prev_blank = True
        self.last = ""                        # the last non-blank line, stripped
        # lines appended to the open node, joined once when it closes: appending to a
        # string per line is quadratic in a node that swallows a huge file
        self._raw: list[str] = []
        self._text: list[str] = []
        self.top_seen: str | None = None      # top component of the last rule ("100", "1", "0000")
        self.step_next: int | None = None     # the number the next step of a list inside the current rule would have
        self.keys: set[str] = set()           # keys of the rules so far
        # id(node) -> the rule or example an attached node (example, bullet, card) belongs to
        self.owner: dict[int, Node | None] = {}
        # id(node) -> Markdown heading level of a numbered heading ("## 100." is 2)
        self.level: dict[int, int] = {}

    # -- node creation
    def start(self, kind: str, lineno: int, raw: str, text: str = "", **kw) -> Node:
        self.flush()
        if kw.get("title"):
            kw["title"] = _clean(kw["title"])
        n = Node(uid="", kind=kind, line=lineno, raw=raw, text=_clean(text), **kw)
        self.nodes.append(n)
        self.cur = n
        self.step_next = None
        return n

    def cont(self, lineno: int, raw: str, text: str | None) -> None:
        """Append a line to the open node (or open a front-matter node)."""
        if self.cur is None:
            self.start(FRONT, lineno, raw, (text or "").strip())
            return
        self._raw.append(raw)
        if text:
            t = _clean(text)
            if t:
                self._text.append(t)

    def flush(self) -> None:
        """Join the lines appended to the open node into its `raw` and `text`."""
        cur = self.cur
        if cur is None or not (self._raw or self._text):
            return
        cur.raw += "".join(self._raw)
        if self._text and self.words is not None and not self.d.wrapped and cur.kind in _JOINED:
            text = cur.text
            for piece in self._text:
                text = _join_wrapped(text, piece, self.words)
            cur.text = text
        elif self._text:
            out = [cur.text] if cur.text else []
            last = cur.text
            for piece in self._text:
                out.append(_join(last[-1:], piece, self.d.wrapped)[len(last[-1:]):] if last else piece)
                last = piece
            cur.text = "".join(out)
        self._raw, self._text = [], []

    def text_of(self, s: str) -> str:
        return _markup_clean(s) if self.markup else s

    # -- classification
    def run(self) -> None:
        for i, ln in enumerate(self.lines, 1):
            s = ln.s
            if self.markup and s in ("```",):
                self.cont(i, ln.raw, None)
                continue
            if not s:
                self.cont(i, ln.raw, None)
                self.prev_blank = True
                continue
            if i - 1 in self.furniture and self.cur is not None and self.mode != "front":
                self.cont(i, ln.raw, None)      # page furniture: kept in the raw text, out of the rule's words
                continue
            self.line(i, ln)
            self.prev_blank = False
            self.last = s
        self.flush()

    def line(self, i: int, ln: Line) -> None:
        raw, body, s, word = ln.raw, ln.body, ln.s, ln.word
        if self.mode == "front" and word in _TOC_HEADINGS:
            self.mode = "toc"
            self.start(FRONT, i, raw, s, title=s)
            return
        if self.mode == "toc":
            entry = toc_entry(s)
            if self.toc_first is None:
                self.toc_first = entry
                self.toc_repeats = toc_repeats(self.lines, i, entry)
                self.cont(i, raw, s)
                return
            # the contents end where the body starts: their first entry printed again, a numbered
            # entry printed again (a body whose first heading the contents did not list first), or a
            # subrule, unless the first entry is printed again further on: then the contents list
            # sections too (Lorcana's `1.1. General …` under `## 1. CONCEPTS`) and run until it
            m = ln.number
            if entry != self.toc_first and entry not in self.toc_numbered \
                    and not (m and "." in ln.key and not self.toc_repeats):
                if m:
                    self.toc_numbered.add(entry)
                self.cont(i, raw, s)
                return
            self.mode = "rules"
        if self.mode in ("rules", "glossary", "front") and word in _CREDITS_HEADINGS:
            self.mode = "credits"
            self.start(HEADING, i, raw, s, title=s)
            return
        if self.mode in ("rules", "front") and word in _GLOSSARY_HEADINGS:
            self.mode = "glossary"
            self.start(HEADING, i, raw, s, title=s)
            return
        if self.d.markdown and s.startswith("#"):
            self.md_heading(i, raw, s)
            return
        # credits after the rules hold everything to the end; credits printed before any rule
        # (a front page's 版权信息) end where the first chapter or rule starts
        if self.mode == "credits" and (self.top_seen is not None or self.last_chapter is not None):
            if self.d.chapters and self.chapter_line(i, raw, s, only_if_next=True):
                return
            self.cont(i, raw, s)
            return
        if self.mode == "glossary" and self.leaves_glossary(ln):
            self.mode = "rules"     # a numbered rule: the glossary has ended (or its heading was a contents entry)
        if self.mode == "glossary":
            self.glossary_line(i, raw, body, s)
            return
        # front or rules
        if self.d.chapters and self.chapter_line(i, raw, s):
            return
        if self.rule_line(i, ln):
            return
        if self.markup and s.startswith("#") and self.mode == "rules":
            self.start(HEADING, i, raw, self.text_of(s.lstrip("#")), title=self.text_of(s.lstrip("#")))
            self.rule, self.example = None, None
            return
        if self.mode == "front" and _EXAMPLE.match(body):
            self.mode = "rules"  # an excerpt that starts inside a rule, with its example
        if self.mode == "front":
            if self.cur is None or self.cur.kind != FRONT or self.prev_blank or (len(s) <= 8 and not re.search(r"[，。,.:：]", s)):
                self.start(FRONT, i, raw, s, title=s if len(s) <= 40 else None)
            else:
                self.cont(i, raw, s)
            return
        self.body_line(i, raw, body, s)

    def leaves_glossary(self, ln: Line) -> bool:
        """Does this line end a glossary of term blocks? A glossary's terms are words, not rule numbers:
        a line that starts with a subrule's number (`1.2.1. If…`, `2-1-3. …`) or with a numbered
        chapter heading (`## 2. Deck Rules`) after a blank line is the rules going on."""
        if self.d.glossary_inline or not self.prev_blank:
            return False
        m = ln.number
        if m is not None and ("." in ln.key) and m.group("rest").strip():
            return True
        return bool(_CHAPTER_LINE.match(_HTML_TAG.sub("", ln.s).lstrip("#").strip())) and ln.s.startswith("#")

    def numbers_after(self, i: int, within: int = 6):
        """The keys of the numbered lines after line `i` (1-based), until `within` non-blank lines without a number
        have gone by: the look-ahead the layout's guesses share."""
        seen = 0
        for ln in self.lines[i:]:
            if not ln.s:
                continue
            if ln.number:
                yield ln.key
                continue
            seen += 1
            if seen >= within:
                return

    def next_number(self, i: int) -> str | None:
        """The key of the next numbered line after line `i` (1-based), looking a few non-blank lines ahead."""
        return next(self.numbers_after(i), None)

    def steps_then(self, i: int, n: int, back) -> bool:
        """Do the numbered lines after line `i` (1-based) carry on counting from `n` (n+1, n+2: more steps of a list,
        or more top-level numbers) and then come back to a number `back` accepts? The look-ahead that tells a
        numbered list inside a rule from the next chapter or top-level rule."""
        count = n + 1
        for key in self.numbers_after(i):
            if key != str(count):
                return back(key)
            count += 1
        return False

    def continues_chapter(self, i: int, n: int) -> bool:
        """Is `n.` after line `i` (1-based) the step of a list inside the current chapter's rules rather than the next
        chapter? Past the numbers that carry on counting, the next numbered line is a rule of the current chapter
        (2. 横置你的牌, 3. 支付费用, then 100.2), not one numbered in `n`."""
        chapter = str(self.last_chapter)
        return self.steps_then(i, n, lambda key: key.startswith(chapter))   # (it cannot also start with n = last + 1)

    def list_step(self, i: int, n: int) -> bool:
        """Is `n.` after line `i` (1-based) the step of a list inside the current rule rather than a top-level rule?
        In a book whose top-level numbers have as many digits as a list's (Flesh and Blood: `1.0.1 …:` then `1.`,
        `2.`), a list starts at 1 inside a rule, or goes on from its last step; past the numbers that carry on
        counting, the next numbered line is a subrule under the current top-level number again (1.0.2), not one
        numbered under `n`. (Rules 101., 102. followed by 100.1 start at no 1: they stay rules.)"""
        top = self.top_seen
        if top is None or n != (self.step_next or 1):
            return False
        if self.steps_then(i, n, lambda key: "." in key and key.split(".")[0] == top):
            self.step_next = n + 1
            return True
        return False

    def chapter_line(self, i: int, raw: str, s: str, only_if_next: bool = False) -> bool:
        m = _CHAPTER_LINE.match(_HTML_TAG.sub("", s).lstrip("#").strip())
        if not m or re.search(r"[。；;]|[.。]\s*$", m.group("title")):
            return False
        n = int(m.group("num"))
        if self.last_chapter is not None and n <= self.last_chapter:
            return False
        if only_if_next and self.last_chapter is None:
            return False
        if self.last_chapter is None or n != self.last_chapter + 1:
            # the first chapter of an excerpt, or one after a gap (1. … 7.): only if its
            # rules follow, numbered in it (6. → 613.)
            nxt = self.next_number(i)
            if nxt is None or not nxt.split(".")[0].startswith(str(n)):
                return False
        elif self.continues_chapter(i, n):
            return False
        self.last_chapter = n
        title = self.text_of(m.group("title").strip())
        self.start(CHAPTER, i, raw, title, number=m.group("num"), title=title)
        self.rule, self.example = None, None
        word = _heading_word(title)
        self.mode = "glossary" if word in _GLOSSARY_HEADINGS else "credits" if word in _CREDITS_HEADINGS else "rules"
        return True

    def md_heading(self, i: int, raw: str, s: str) -> None:
        m = _MD_HEADING.match(s)
        title = _md_clean(m.group("title")) if m else s
        if m and m.group("num"):
            kind = CHAPTER if len(m.group("hashes")) <= 2 else RULE
            node = self.start(kind, i, raw, title, number=m.group("num"), title=title)
            self.rule, self.example = node, None
            self.mode = "rules"
        else:
            self.start(FRONT if self.mode == "front" else HEADING, i, raw, title, title=title)

    def top_ok(self, m: re.Match, top: str, rest: str, i: int) -> bool:
        """May a one-component number start a rule here? `100. 总则` and `704.持续式能力`
        (with their dot), `718 更动的互动` and `1 Game Concepts` (without: only as a title
        that continues the top-level numbering or opens rules numbered under it)."""
        if not rest:
            return False
        if self.top_seen is not None and not self.continues(top) and not self.confirmed(i, top):
            return False
        if not m.group("hashes") and self.list_step(i, int(top)):
            return False
        if m.group("dot") or m.group("hashes"):
            if m.group("dot") and not m.group("sep") and rest[:1].isascii() and not self.markup:
                return False           # "5.The…": a glued capital after a top-level dot is prose
            return True
        if not _title_like(self.text_of(rest)):
            return False
        if self.top_seen is not None and 0 < int(top) - int(self.top_seen) <= TOP_STEP:
            return True
        nxt = self.next_number(i)
        return nxt is not None and nxt.split(".")[0] == ids.key_of(top) and "." in nxt

    def continues(self, top: str) -> bool:
        """Does a rule numbered under `top` fit the numbering so far? The same
        number of digits, or the next few numbers (9 → 10): a wrapped line
        "2. If they had…" among rules 352.x does not."""
        last = self.top_seen
        if last is None or len(top) == len(last):
            return True
        return 0 < int(top) - int(last) <= TOP_STEP

    def confirmed(self, i: int, top: str) -> bool:
        """Does the next numbered line carry on a numbering that starts here? A title
        numbered "# 0" before rules 0000.0.1… must not make every later rule a stray."""
        nxt = self.next_number(i)
        return nxt is not None and nxt.split(".")[0] == ids.key_of(top)

    def rule_line(self, i: int, ln: Line) -> bool:
        m, raw = ln.number, ln.raw
        if not m:
            return False
        num = m.group("num")
        rest = m.group("rest").strip()
        marked = bool(m.group("hashes") or m.group("open") or m.group("bullet"))
        if self.d.wrapped and self.cur is not None and self.cur.title is None and _ENDS_WITH_CUE.search(self.last):
            return False  # "…during **rule\n352.2.** , they chose…": a wrapped reference
        key = ln.key
        parts = key.split(".")
        if self.d.top_digits and len(parts[0]) != self.d.top_digits:
            return False
        if m.group("bullet") and not (m.group("open") or m.group("hashes")) and len(parts) == 1:
            return False  # "- 2 cards": a list item, not a rule
        if self.d.number_alone:
            if rest:
                return False
        elif len(parts) == 1:
            if not self.top_ok(m, parts[0], rest, i):
                return False
        else:
            if not rest and not (self.d.markdown or marked):
                return False
            if not self.continues(parts[0]) and ids.parent_key(key) not in self.keys and not self.confirmed(i, parts[0]):
                return False
        text = self.text_of(rest)
        if text.startswith(("— ", "– ")):
            text = text[2:]
        if text[:1] in _CONTINUES_A_SENTENCE:
            return False  # "rule\n352.2.** , they chose…": the number ends a wrapped reference
        if self.bilingual(key, text, raw):
            return True
        heading = len(m.group("hashes").strip()) if m.group("hashes") else 0
        title = None
        if len(parts) == 1 and not self.d.markdown and len(text) <= TITLE_MAX:
            title = text
        elif heading and not self.d.markdown and _title_like(text):
            title = text
        node = self.start(RULE, i, raw, text, number=num, title=title)
        if heading:
            self.level[id(node)] = heading
        self.top_seen = parts[0]
        self.keys.add(key)
        self.rule, self.example = node, None
        self.mode = "rules"
        return True

    def bilingual(self, key: str, text: str, raw: str) -> bool:
        """A bilingual book prints each rule twice, Chinese then English, under
        the same number: the second becomes the rule's `alt_text`."""
        r = self.rule
        if r is None or self.cur is not r or r.alt_text or ids.key_of(r.number or "") != key:
            return False
        self.flush()
        first, second = script_of(r.text or r.title or ""), script_of(text)
        if not first or not second or first == second:
            return False
        self._raw.append(raw)
        r.alt_text = _clean(text)
        return True

    def body_line(self, i: int, raw: str, body: str, s: str) -> None:
        cur = self.cur
        if self.d.number_alone and cur is not None and cur.kind == RULE and not cur.section_path and not cur.text and not self._text:
            b = _BELONGS.match(s)
            if b:
                self._raw.append(raw)
                cur.section_path = [p.strip() for p in re.split(r"[›>]", b.group("path")) if p.strip()]
                return
        if _EXAMPLE.match(body):
            text = self.text_of(s)
            if cur is not None and cur.kind == EXAMPLE and not cur.alt_text and self.example is cur:
                self.flush()
            if cur is not None and cur.kind == EXAMPLE and not cur.alt_text and self.example is cur \
                    and script_of(cur.text) and script_of(text) and script_of(cur.text) != script_of(text):
                self._raw.append(raw)           # a bilingual book's example, in its second language
                cur.alt_text = _clean(text)
                return
            self.example = self.start(EXAMPLE, i, raw, text)
            self.owner[id(self.example)] = self.rule
            return
        if _BULLET.match(body) and self.rule is not None:
            n = self.start(BULLET, i, raw, s)
            self.owner[id(n)] = self.rule
            return
        if self.d.cards and _CARD.match(s) and (self.example is not None or self.rule is not None):
            in_example = self.example is not None and self.cur is not None and self.cur.kind in (EXAMPLE, CARD)
            n = self.start(CARD, i, raw, s, title=re.split(r"[，,]", s, 1)[0].strip())
            self.owner[id(n)] = self.example if in_example else self.rule
            return
        if cur is None or cur.kind in (CHAPTER,) or (cur.kind == RULE and cur.title and "." not in (cur.number or "") and not self.d.markdown):
            # text under a chapter heading or a section title: not a rule line we understand
            self.start(UNCLASSIFIED, i, raw, s)
            return
        if cur.kind in (EXAMPLE, CARD) and _LOOKS_NUMBERED.match(body):
            # a numbered line we could not accept never disappears into an example
            self.start(UNCLASSIFIED, i, raw, s)
            return
        self.cont(i, raw, self.text_of(s))

    def glossary_line(self, i: int, raw: str, body: str, s: str) -> None:
        if self.d.glossary_inline:
            m = _GLOSSARY_INLINE.match(s)
            if m and not _BULLET.match(s) and (m.group("colon") or m.group("en") or (m.group("see") and re.search(r"\d", m.group("see")))):
                term = m.group("term").strip()
                en = (m.group("en") or "").strip()
                definition = s[m.end():].strip()
                n = self.start(GLOSSARY, i, raw, definition, title=term)
                if en:
                    n.aliases = [_clean(en)]
                return
            self.cont(i, raw, s)
            return
        if self.prev_blank or self.cur is None or self.cur.kind not in (GLOSSARY,):
            self.start(GLOSSARY, i, raw, "", title=self.text_of(s))
            return
        self.cont(i, raw, self.text_of(s))


# ---------------------------------------------------------------- detection

def _walk(lines: list[Line], name: str, markup: bool, pages: set[int] | None = None,
          words: set[str] | None = None) -> _Walk:
    walk = _Walk(lines, DIALECTS[name], markup, pages, words)
    walk.run()
    return walk


def detect(lines: list[Line], markup: bool, words: set[str] | None = None,
           pages: set[int] | None = None) -> tuple[_Walk, list[tuple[str, float]]]:
    """Parse with every dialect; keep the one that understands most lines.

    Every dialect is tried and reported, but only `generic` and the families
    whose marker lines are really in the file (`dialects.candidates`) may win.
    Shares that differ by no more than a few lines (`_tolerance`) count as
    equal, and then the family with more marker lines wins, `generic` last: a
    handful of stray lines never decides.
    Returns the winning walk and every dialect's share, the winner first."""
    eligible, markers = candidates([ln.s for ln in lines])
    names = list(DIALECTS)
    scored = []
    walked: dict[tuple, tuple[int, int, _Walk]] = {}   # dialects that read lines alike share one walk
    pages = furniture(lines) if pages is None else pages   # the same lines for every dialect
    for name in names:
        layout = DIALECTS[name].layout()
        if layout not in walked:
            walk = _walk(lines, name, markup, pages, words)
            walked[layout] = (*share_of(walk.nodes), walk)
        good, total, walk = walked[layout]
        scored.append((good, total, name, walk))
    total = max(t for _, t, _, _ in scored)
    tol = _tolerance(total)
    scored_eligible = [s for s in scored if s[2] in eligible]
    best_good = max(g for g, _, _, _ in scored_eligible)
    near = [s for s in scored_eligible if best_good - s[0] <= tol]
    weights = weighted(markers)
    for _, _, name, walk in near:
        if style_contradicts(DIALECTS[name].style, walk.nodes):
            weights[name] = 0       # its marker lines are there, but the book prints its numbers otherwise
    winner = max(near, key=lambda s: (weights.get(s[2], -1), s[0]))
    shares = sorted(((s[2], round(s[0] / s[1], 4) if s[1] else 0.0) for s in scored),
                    key=lambda x: (x[0] != winner[2], -x[1]))
    walk = winner[3]
    walk.d = DIALECTS[winner[2]]          # a shared walk carries the winner's name and style
    return walk, shares


def style_contradicts(style: str, nodes: list[Node]) -> bool:
    """Does a family that prints subrule letters one way (`joined`: 100.1a, `dotted`: 103.1.b) meet a book
    whose lettered rules mostly print the other way? Then its marker lines (a Markdown `## 100.` heading,
    which any converted rulebook may print) do not make the book one of its family."""
    if style not in ("joined", "dotted"):
        return False
    joined = dotted = 0
    for n in nodes:
        if n.kind == RULE and n.number:
            joined += bool(re.search(r"\d[a-z]", n.number))
            dotted += bool(re.search(r"\.[a-z](?:\.|$)", n.number))
    return joined > dotted if style == "dotted" else dotted > joined


def _tolerance(nonblank: int) -> int:
    """Shares within this many lines are a tie (0.5% of the lines, at least 4)."""
    return max(4, nonblank // 200)


# ---------------------------------------------------------------- assembling the graph

def parse_text(text: str, *, book_id: str = "book", path: str = "<text>", dialect: str | None = None,
               sha256: str | None = None) -> Book:
    """Parse rulebook text into a `Book`. `dialect=None` detects it."""
    raw_lines = text.splitlines(keepends=True)
    if dialect is not None and dialect not in DIALECTS:
        raise RulebookError(f"unknown dialect {dialect!r}; known: {', '.join(DIALECTS)}")
    lines = prepare(raw_lines)
    markup = has_markup(raw_lines)
    pages = furniture(lines)          # read once: the wrap test and every dialect's walk skip the same lines
    words = book_words(lines) if hard_wrapped(lines, pages) else None
    if dialect is None:
        walk, detection = detect(lines, markup, words, pages)
        name = walk.d.name
    else:
        name = dialect
        walk = _walk(lines, name, markup, pages, words)
        good, total = share_of(walk.nodes)
        detection = [(name, round(good / total, 4) if total else 0.0)]
    d = DIALECTS[name]
    book = Book(
        id=book_id,
        path=path,
        sha256=sha256 or hashlib.sha256(text.encode("utf-8")).hexdigest(),
        dialect=name,
        title=_title(walk.nodes),
        number_style=d.style or _number_style(walk.nodes),
        detection=detection,
        detected=dialect is None,
        nodes=walk.nodes,
    )
    _assign_ids(book, walk.owner)
    _link(book, d, walk.owner, walk.level)
    if d.subtitles:
        _subtitles(book)
    _collect_refs(book)
    _suspicious(book)
    detect_metadata(book)
    book.reindex()
    return book


def _number_style(nodes: list[Node]) -> str:
    """How a book of no known family prints its numbers: letters joined to the
    number before them (1.0.1a) or after a dot of their own (103.1.b)."""
    joined = dotted = hyphen = rules = 0
    for n in nodes:
        if n.kind == RULE and n.number:
            rules += 1
            joined += bool(re.search(r"\d[a-z]", n.number))
            dotted += bool(re.search(r"\.[a-z](?:\.|$)", n.number))
            hyphen += "-" in n.number
    if hyphen * 2 > rules:
        return "hyphen"          # 1-2-1 (Bandai's books)
    return "dotted" if dotted > joined else "joined"


def _title(nodes: list[Node]) -> str:
    """The book's title: its first line of front matter. An excerpt that starts
    inside a rule (the WoW seed) has none."""
    for n in nodes:
        if n.kind == FRONT and n.text:
            return _markup_clean(n.text.split("\n", 1)[0]).lstrip("#").strip()
        if n.kind != FRONT and n.raw.strip():
            return ""
    return ""


def _assign_ids(book: Book, owners: dict[int, Node | None]) -> None:
    first_line: dict[str, int] = {}     # key -> line of its first occurrence
    counters: dict[str, int] = {}
    used: set[str] = set()

    def unique(base: str) -> str:
        uid = base
        k = 1
        while uid in used:
            k += 1
            uid = f"{base}#{k}"
        used.add(uid)
        return uid

    for n in book.nodes:
        if n.kind in (RULE, CHAPTER):
            key = ids.key_of(n.number or "") if n.kind == RULE else (n.number or "")
            canon = ids.display(key, book.number_style) if n.kind == RULE else key
            count = len(book.by_key.get(key, ())) + 1
            first_line.setdefault(key, n.line)
            n.uid = unique(canon if count == 1 else f"{canon}#{count}")
            book.by_key.setdefault(key, []).append(n.uid)
            if n.number and n.number != canon:
                n.aliases.append(n.number)
            if count > 1:
                book.warnings.append((n.line, "duplicate", f"rule number {n.number} is printed twice (lines {first_line[key]} and {n.line}); the second is {n.uid}"))
        elif n.kind == GLOSSARY:
            n.uid = unique(f"glossary:{n.title}")
        elif n.kind in (EXAMPLE, BULLET, CARD):
            owner = owners.get(id(n))
            base = owner.uid if owner is not None and owner.uid else f"line{n.line}"
            tag = {EXAMPLE: "ex", BULLET: "b", CARD: "card"}[n.kind]
            counters[(base, tag)] = counters.get((base, tag), 0) + 1
            n.uid = unique(f"{base}~{tag}{counters[(base, tag)]}")
        else:
            n.uid = unique(f"{n.kind}:{n.line}")


def _link(book: Book, d: Dialect, owners: dict[int, Node | None], levels: dict[int, int]) -> None:
    """Parents and children: the nearest printed ancestor by number components
    (613.41's parent is 613, not 613.4), otherwise the heading the rule sits
    under: a Markdown heading of a higher level, or the chapter."""
    chapter: Node | None = None
    section: Node | None = None
    headings: list[tuple[int, Node]] = []     # open numbered Markdown headings, outermost first
    opens = _opening_headings(book.nodes, levels)      # headings whose next rule is numbered under them
    for n in book.nodes:
        if id(n) in owners:
            owner = owners[id(n)]
            if owner is not None:
                n.parent = owner.uid
                owner.attached.append(n.uid)
            continue
        if n.kind == CHAPTER:
            chapter, section, headings = n, None, []
            continue
        if n.kind != RULE:
            continue
        key = ids.key_of(n.number or "")
        parent_uid = None
        pk = ids.parent_key(key)
        while pk is not None:
            if pk in book.by_key:
                parent_uid = book.by_key[pk][0]
                break
            pk = ids.parent_key(pk)
        level = levels.get(id(n))
        if level is not None:
            while headings and headings[-1][0] >= level:
                headings.pop()
        if parent_uid is None:
            above = heading_above([h for _, h in headings], key, opens)
            if d.markdown and section is not None and n.title is None and section is not n:
                parent_uid = section.uid
            elif above is not None:
                parent_uid = above.uid
            elif chapter is not None:
                parent_uid = chapter.uid
        if level is not None:
            headings.append((level, n))
        if d.markdown and n.title is not None and "." not in (n.number or ""):
            section = n
            parent_uid = chapter.uid if chapter is not None else None
        n.parent = parent_uid
    by_uid = {n.uid: n for n in book.nodes}
    for n in book.nodes:
        if n.kind in (RULE,) and n.parent and n.parent in by_uid:
            by_uid[n.parent].children.append(n.uid)


def _opening_headings(nodes: list[Node], levels: dict[int, int]) -> set[int]:
    """The numbered headings (`id`s) whose first rule after them is numbered under their own number:
    `## 100. General` then `100.1. …` (an MTG-style section), not `### 104. Setup` then `105. Spaces`."""
    out: set[int] = set()
    prev: Node | None = None
    for n in nodes:
        if n.kind != RULE or not n.number:
            continue
        if prev is not None and id(prev) in levels:
            hk, key = ids.key_of(prev.number or ""), ids.key_of(n.number)
            if key != hk and hk in _ancestors(key):
                out.add(id(prev))
        prev = n
    return out


def heading_above(headings: list[Node], key: str, opens: set[int]) -> Node | None:
    """The innermost of the open numbered headings (outermost first) that may hold a rule numbered `key`.
    A heading holds the rules after it (Riftbound's `### 104. Setup` holds `105. Spaces`, `106. …`), but one
    that opens a section numbered under its own number (`## 100. General`, then `100.1`) holds only those:
    a number of as many components after it (`101. Golden Rules`) is its sibling, not its child."""
    depth = len(ids.components(key))
    for h in reversed(headings):
        if len(ids.components(ids.key_of(h.number or ""))) < depth or id(h) not in opens:
            return h
    return None


def _subtitles(book: Book) -> None:
    """A subrule-bearing rule whose whole text is a short heading ("1.0 General")
    is titled by it, so breadcrumbs read `1.0 General`, not a bare number."""
    for n in book.nodes:
        if n.kind == RULE and not n.title and n.children and _title_like(n.text) and "\n" not in n.text \
                and not n.attached:
            n.title = n.text


def _collect_refs(book: Book) -> None:
    # a number the book never prints but whose subrules it does (the Riftbound
    # fragments cite "规则128.隐私" and print 128.1–128.6) is in the book too
    printed_parents = {pk for k in book.by_key for pk in _ancestors(k)}
    for n in book.nodes:
        if n.kind in (FRONT, UNCLASSIFIED):
            continue
        lineno = n.line
        own = [ids.key_of(n.number)] if n.kind == RULE and n.number else None
        for ln in n.raw.splitlines():
            for start, end, phrase, targets in find_refs(ln, book.number_style):
                if lineno == n.line and targets == own and not _WORDS.search(_HTML_TAG.sub("", ln[:start])):
                    continue        # "Rule 1.2 text", "§ 1.2 text": the label of the rule's own number
                resolved = [t in book.by_key or t in printed_parents for t in targets]
                n.refs.append(RuleRef(n.uid, phrase, targets, lineno, start, end, resolved))
                for t, ok in zip(targets, resolved):
                    if ok:
                        for uid in book.by_key.get(t, [])[:1]:
                            lst = book.cited_by.setdefault(uid, [])
                            if n.uid not in lst and uid != n.uid:
                                lst.append(n.uid)
            lineno += 1
    _index_headwords(book)


def _index_headwords(book: Book) -> None:
    """Glossary headwords and aliases by their exact keys first, then by their
    variants (the other number of an English headword), so a variant never
    takes a key a real headword has."""
    names = []
    for n in book.nodes:
        if n.kind == GLOSSARY:
            bare = re.sub(r"[（(][^）)]*[）)]\s*$", "", n.title or "").strip()  # "放置（译注：…）" → 放置
            names.append((n.uid, [n.title or "", bare, *n.aliases]))
    # a headword with alternatives (生命，总生命; Life, Life Total) answers to each of them, after every
    # real headword (a part never takes a key an entry of its own has) and unless it is an inverted index form
    heads = {headword_key(f) for _, forms in names for f in forms if f}
    parts = [(uid, [p for f in forms[:1] + forms[2:] if not inverted(alternatives(f), heads) for p in alternatives(f)])
             for uid, forms in names]
    for keys_of in (exact_keys, variant_keys):
        for tier in (names, parts):
            for uid, forms in tier:
                for form in forms:
                    for k in keys_of(form):
                        book.glossary_index.setdefault(k, uid)


def _ancestors(key: str):
    pk = ids.parent_key(key)
    while pk is not None:
        yield pk
        pk = ids.parent_key(pk)


def _suspicious(book: Book) -> None:
    for n in book.nodes:
        lineno = n.line
        for ln in n.raw.splitlines():
            m = _MOJIBAKE.search(ln)
            if m:
                book.warnings.append((lineno, "mojibake", f"suspicious characters {m.group(0)!r}: {ln.strip()[:60]}"))
            lineno += 1
        if n.kind == UNCLASSIFIED:
            book.warnings.append((n.line, "unclassified", f"line not understood: {n.raw.strip()[:60]}"))


def parse_bytes(data: bytes, *, book_id: str, path: str, dialect: str | None = None) -> Book:
    """Decode and parse a file's bytes; a file that was not UTF-8 says so in the warnings."""
    text, enc = decode(data, path)
    book = parse_text(text, book_id=book_id, path=path, dialect=dialect, sha256=hashlib.sha256(data).hexdigest())
    if enc != "utf-8":
        book.warnings.insert(0, (0, "encoding", f"decoded as {enc}"))
    return book


def parse_file(path: str | Path, *, book_id: str | None = None, dialect: str | None = None) -> Book:
    """Parse a file without the cache (see `rulebook.books.load_book` for the cached path)."""
    return parse_bytes(read_bytes(path), book_id=book_id or Path(path).stem, path=str(path), dialect=dialect)
