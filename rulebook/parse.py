"""Rulebook text → rule graph.

The parser walks the lines once. Each line either starts a node (a chapter, a
rule, an example, a card, a bullet, a glossary entry, a block of front matter)
or continues the node before it. So every line ends up in exactly one node's
`raw`, and `"".join(n.raw for n in book.nodes)` is the input text: nothing is
dropped, and what the parser could not place is an `unclassified` node that
`judge lint` reports with its line number.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from rulebook import ids
from rulebook.dialects import DIALECTS, Dialect, detect
from rulebook.model import (
    BULLET, CARD, CHAPTER, EXAMPLE, FRONT, GLOSSARY, HEADING, RULE, UNCLASSIFIED,
    Book, Node, RuleRef,
)
from rulebook.refs import find_refs

from rulebook.source import RulebookError, decode, read_bytes  # noqa: F401  (re-exported)


# ---------------------------------------------------------------- line shapes

_RULE_LINE = re.compile(
    r"^(?P<indent>[ \t\u3000]*)(?P<num>" + ids.NUMBER + r")(?P<dot>\.)?"
    r"(?P<sep>[ \t\u3000]+|(?=[^\x00-\x7f])|(?=\*)|$)(?P<rest>.*)$"
)
_CHAPTER_LINE = re.compile(r"^(?P<num>\d{1,2})\.\s*(?P<title>\S.{0,40})$")
_MD_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?:(?P<num>\d{3})\.\s*)?(?P<title>.*)$")
_EXAMPLE = re.compile(r"^[ \t\u3000]*(?:_?(?:例|例如|举例|範例|范例|Example|Examples)_?[：:，]_?|例如，)")
_BULLET = re.compile(r"^[ \t\u3000]*[·•]")
_BELONGS = re.compile(r"^所属[：:]\s*(?P<path>.*)$")
_CARD = re.compile(r"^[^，,：:。（(]{1,60}，(?:\d+|X)，|^[^，,：:。]{1,60}，(?:任务|Quest)\s*$")
_GLOSSARY_INLINE = re.compile(
    r"^(?P<term>[^\s：:（(/·•，][^\s：:（(/•，]{0,15}(?:，[^\s：:（(/，]{1,8})?)"
    r"(?:/(?P<en>[A-Za-z][^（(：:]*))?"
    r"(?:[（(](?P<see>[^）)]*)[）)])?\s*(?P<colon>[：:])?"
)
_ENDS_WITH_CUE = re.compile(r"(?:\brules?|\b[Ss]ee|规则|参见|见)[\s*_]*$")
_TOC_HEADINGS = {"目录", "目錄", "contents", "table of contents"}
_GLOSSARY_HEADINGS = {"词汇表", "詞彙表", "名词解释", "名詞解釋", "glossary"}
_CREDITS_HEADINGS = {"版权信息", "版權信息", "credits", "工作人员名单", "製作人員"}
_TERMINAL = "。！？；：.!?;:）)」』”\"'"
_MOJIBAKE = re.compile(r"\ufffd|\?/a>|[\ue000-\uf8ff]|[^\x00-\x7f]\?(?:$|\s)")


def _clean(s: str) -> str:
    """Text for display and search: no-break and ideographic spaces become plain spaces."""
    return s.replace("\xa0", " ").replace("\u3000", " ").strip()


def _heading_word(s: str) -> str:
    return s.strip().strip("#").strip().lower()


def _md_clean(s: str) -> str:
    s = s.replace("**", "").replace("```", "")
    s = re.sub(r"(?<![A-Za-z0-9])_(?=\S)|(?<=\S)_(?![A-Za-z0-9])", "", s)
    return re.sub(r"\s+([,.;:])", r"\1", s).strip()


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


# ---------------------------------------------------------------- the walk

class _Walk:
    def __init__(self, lines: list[str], dialect: Dialect):
        self.lines = lines
        self.d = dialect
        self.nodes: list[Node] = []
        self.cur: Node | None = None
        self.mode = "front"           # front | toc | rules | glossary | credits
        self.toc_first: str | None = None
        self.last_chapter: int | None = None
        self.rule: Node | None = None         # last rule (owner of examples and bullets)
        self.example: Node | None = None      # last example (owner of cards)
        self.prev_blank = True
        self.top_seen: int | None = None
        # id(node) -> the rule or example an attached node (example, bullet, card) belongs to
        self.owner: dict[int, Node | None] = {}

    # -- node creation
    def start(self, kind: str, lineno: int, raw: str, text: str = "", **kw) -> Node:
        if kw.get("title"):
            kw["title"] = _clean(kw["title"])
        n = Node(uid="", kind=kind, line=lineno, raw=raw, text=_clean(text), **kw)
        self.nodes.append(n)
        self.cur = n
        return n

    def cont(self, lineno: int, raw: str, text: str | None) -> None:
        """Append a line to the open node (or open a front-matter node)."""
        if self.cur is None:
            self.start(FRONT, lineno, raw, (text or "").strip())
            return
        self.cur.raw += raw
        if text:
            self.cur.text = _join(self.cur.text, _clean(text), self.d.wrapped)

    # -- classification
    def run(self) -> None:
        for i, raw in enumerate(self.lines, 1):
            body = raw.rstrip("\r\n").lstrip("\ufeff")
            s = body.strip()
            if self.d.markdown and s in ("```",):
                self.cont(i, raw, None)
                continue
            if not s:
                self.cont(i, raw, None)
                self.prev_blank = True
                continue
            self.line(i, raw, body, s)
            self.prev_blank = False

    def line(self, i: int, raw: str, body: str, s: str) -> None:
        word = _heading_word(s)
        if self.mode == "front" and word in _TOC_HEADINGS:
            self.mode = "toc"
            self.start(FRONT, i, raw, s, title=s)
            return
        if self.mode == "toc":
            if self.toc_first is None:
                self.toc_first = s
                self.cont(i, raw, s)
                return
            m = _RULE_LINE.match(body)
            if s != self.toc_first and not (m and "." in m.group("num")):
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
        if self.mode == "credits":
            if self.d.chapters and self.chapter_line(i, raw, s, only_if_next=True):
                return
            self.cont(i, raw, s)
            return
        if self.mode == "glossary":
            self.glossary_line(i, raw, body, s)
            return
        # front or rules
        if self.d.chapters and self.chapter_line(i, raw, s):
            return
        if self.rule_line(i, raw, body):
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

    def chapter_line(self, i: int, raw: str, s: str, only_if_next: bool = False) -> bool:
        m = _CHAPTER_LINE.match(s)
        if not m or re.search(r"[。；;]|[.。]\s*$", m.group("title")):
            return False
        n = int(m.group("num"))
        if self.last_chapter is not None and n != self.last_chapter + 1:
            return False
        if only_if_next and self.last_chapter is None:
            return False
        self.last_chapter = n
        title = m.group("title").strip()
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

    def rule_line(self, i: int, raw: str, body: str) -> bool:
        m = _RULE_LINE.match(body)
        if not m:
            return False
        num = m.group("num")
        rest = m.group("rest").strip()
        if self.d.wrapped and self.cur is not None and self.cur.title is None and _ENDS_WITH_CUE.search(self.cur.raw.rstrip()):
            return False  # "…during **rule\n352.2.** , they chose…": a wrapped reference
        key = ids.key_of(num)
        top = int(key.split(".")[0])
        if self.d.number_alone:
            if rest:
                return False
        elif "." not in num:
            # a top-level number: "100. 总则" needs its dot, except in WoW ("718 更动的互动")
            if not m.group("dot"):
                if not (self.d.undotted_top and rest and self.top_seen is not None and 0 <= top - self.top_seen <= 5):
                    return False
            if not rest:
                return False
        elif not rest and not self.d.markdown:
            return False
        if self.d.markdown:
            rest = _md_clean(rest)
        title = rest if ("." not in num and len(rest) <= 40 and not self.d.markdown) else None
        node = self.start(RULE, i, raw, rest, number=num, title=title)
        self.top_seen = top
        self.rule, self.example = node, None
        self.mode = "rules"
        return True

    def body_line(self, i: int, raw: str, body: str, s: str) -> None:
        cur = self.cur
        if self.d.number_alone and cur is not None and cur.kind == RULE and not cur.section_path and not cur.text:
            b = _BELONGS.match(s)
            if b:
                cur.raw += raw
                cur.section_path = [p.strip() for p in re.split(r"[›>]", b.group("path")) if p.strip()]
                return
        if _EXAMPLE.match(body):
            text = _md_clean(s) if self.d.markdown else s
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
        if cur is None or cur.kind in (CHAPTER,) or (cur.kind == RULE and cur.title and "." not in (cur.number or "") and not self.d.markdown and not self.d.undotted_top):
            # text under a chapter heading or a section title: not a rule line we understand
            self.start(UNCLASSIFIED, i, raw, s)
            return
        if self.d.markdown:
            s = _md_clean(s)
        self.cont(i, raw, s)

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
            self.start(GLOSSARY, i, raw, "", title=s)
            return
        self.cont(i, raw, s)


# ---------------------------------------------------------------- assembling the graph

def parse_text(text: str, *, book_id: str = "book", path: str = "<text>", dialect: str | None = None,
               sha256: str | None = None) -> Book:
    """Parse rulebook text into a `Book`. `dialect=None` detects it."""
    lines = text.splitlines(keepends=True)
    name = dialect or detect(lines)
    if name not in DIALECTS:
        raise RulebookError(f"unknown dialect {name!r}; known: {', '.join(DIALECTS)}")
    d = DIALECTS[name]
    walk = _Walk(lines, d)
    walk.run()
    book = Book(
        id=book_id,
        path=path,
        sha256=sha256 or hashlib.sha256(text.encode("utf-8")).hexdigest(),
        dialect=name,
        title=_title(walk.nodes),
        nodes=walk.nodes,
    )
    _assign_ids(book, d, walk.owner)
    _link(book, d, walk.owner)
    _collect_refs(book)
    _suspicious(book)
    book.reindex()
    return book


def _title(nodes: list[Node]) -> str:
    """The book's title: its first line of front matter. An excerpt that starts
    inside a rule (the WoW seed) has none."""
    for n in nodes:
        if n.kind == FRONT and n.text:
            return n.text.split("\n", 1)[0]
        if n.kind != FRONT and n.raw.strip():
            return ""
    return ""


def _assign_ids(book: Book, d: Dialect, owners: dict[int, Node | None]) -> None:
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
            canon = ids.display(key, d.style) if n.kind == RULE else key
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


def _link(book: Book, d: Dialect, owners: dict[int, Node | None]) -> None:
    """Parents and children: the nearest printed ancestor by number components
    (613.41's parent is 613, not 613.4), otherwise the heading the rule sits under."""
    chapter: Node | None = None
    section: Node | None = None
    for n in book.nodes:
        if id(n) in owners:
            owner = owners[id(n)]
            if owner is not None:
                n.parent = owner.uid
                owner.attached.append(n.uid)
            continue
        if n.kind == CHAPTER:
            chapter, section = n, None
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
        if parent_uid is None:
            if d.markdown and section is not None and n.title is None and section is not n:
                parent_uid = section.uid
            elif chapter is not None:
                parent_uid = chapter.uid
        if d.markdown and n.title is not None and "." not in (n.number or ""):
            section = n
            parent_uid = chapter.uid if chapter is not None else None
        n.parent = parent_uid
    by_uid = {n.uid: n for n in book.nodes}
    for n in book.nodes:
        if n.kind in (RULE,) and n.parent and n.parent in by_uid:
            by_uid[n.parent].children.append(n.uid)


def _collect_refs(book: Book) -> None:
    # a number the book never prints but whose subrules it does (the Riftbound
    # fragments cite "规则128.隐私" and print 128.1–128.6) is in the book too
    printed_parents = {pk for k in book.by_key for pk in _ancestors(k)}
    for n in book.nodes:
        if n.kind in (FRONT, UNCLASSIFIED):
            continue
        lineno = n.line
        for ln in n.raw.splitlines():
            for start, end, phrase, targets in find_refs(ln):
                resolved = [t in book.by_key or t in printed_parents for t in targets]
                n.refs.append(RuleRef(n.uid, phrase, targets, lineno, start, end, resolved))
                for t, ok in zip(targets, resolved):
                    if ok:
                        for uid in book.by_key.get(t, [])[:1]:
                            lst = book.cited_by.setdefault(uid, [])
                            if n.uid not in lst and uid != n.uid:
                                lst.append(n.uid)
            lineno += 1
        if n.kind == GLOSSARY:
            book.glossary_index.setdefault((n.title or "").casefold(), n.uid)
            bare = re.sub(r"[（(][^）)]*[）)]\s*$", "", n.title or "").strip()  # "放置（译注：…）" → 放置
            if bare:
                book.glossary_index.setdefault(bare.casefold(), n.uid)
            for a in n.aliases:
                book.glossary_index.setdefault(a.casefold(), n.uid)


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
