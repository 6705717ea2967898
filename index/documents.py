"""A parsed book → the documents of its search index, one per rule or glossary entry.

Examples, quoted cards and list bullets are not documents of their own: a
judge wants the rule, so they are folded into the rule they belong to (bullets
into its text, examples and cards into a separate, lower-weighted field).
A rule also carries the headings above it (`section`) with a small weight, so
that 践踏 finds every subrule of 702.19 "践踏", not only the heading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulebook import ids
from rulebook.model import BULLET, CARD, EXAMPLE, GLOSSARY, RULE, Book, Node

_QUOTED = re.compile(r"[“「『\"]([\u4e00-\u9fff]{2,8})[”」』\"]")
# A name the book itself gives a rule's subject besides its own (issue 16): "这个规则经常被称为
# “主动牌手先决定（APNAP）”规则", "多年以来，战场被称为“场上区”", "该规则也被称作“传奇规则”",
# a translator's note "一些较旧版本的简体中文牌译为“受此结界”". Quoted, so the name's extent is the book's.
_NAMED = re.compile(r"(?:称为|称作|称之为|叫做|简称|俗称|旧译|旧称|译为)(?:为)?[“「『]([^”」』]{1,16})[”」』]")
# A glossary headword's note in brackets: an old or informal name (鹏洛客（旧译旅法师）) is a name
# of the entry; any other note (已废止, 动作, 译注：…) is not part of the headword.
_NOTE = re.compile(r"[（(]([^）)]*)[）)]")
_ALIAS_NOTE = re.compile(r"^(?:旧译|旧称|又称|也称|俗称|简称|亦称)(?:为)?[：:]?\s*(.+)$")
_HAN_ONLY = re.compile(r"[\u4e00-\u9fff]{2,12}")


@dataclass
class Doc:
    uid: str
    kind: str               # rule | glossary
    label: str              # 702.19b / 优先权
    key: str                # canonical number key ("" for glossary entries)
    crumb: str              # "7. 其他规则 › 702. 关键字异能 › 702.19 践踏"
    text: str               # what is shown (rule text, glossary definition)
    title: str = ""         # own heading / glossary headword and aliases
    section: str = ""       # headings of the ancestors
    examples: str = ""      # examples and cards attached to the rule
    names: list[str] = field(default_factory=list)  # glossary headword + aliases
    aka: list[str] = field(default_factory=list)    # other names the book gives it (`informal_names`)
    prior: float = 1.0      # how likely this document is an answer at all (see `prior_of`)


# Text no rule carries (a chapter heading, front matter, a line the parser could not
# place) is findable, but answers a question less often than a rule does.
LOOSE_PRIOR = 0.5
HEADING_PRIOR = 0.7   # a rule that is only a heading (`prior_of`); `index.build` finds the named topics by it


def prior_of(kind: str, text: str, heading_only: bool) -> float:
    """A document's prior. A rule that is only a heading (`702.19. 践踏`) and a
    glossary entry that only points elsewhere (`参见规则702.19`) match the words
    of a question well, being short, but answer it badly: the subrules or the
    rule pointed to do. Exact headword queries still pin them first."""
    if heading_only:
        return HEADING_PRIOR
    if kind == GLOSSARY and len(text) < 40 and "参见" in text:
        return 0.85
    return 1.0


def label_of(node: Node) -> str:
    """What a judge calls a node: its number as printed, or its headword."""
    return node.number or node.title or node.uid


def heading_of(node: Node) -> str:
    """The heading a rule gives its subrules: its title, or its whole text when
    the rule is only a heading (CR `702.19. 践踏` has text 践踏 and no title)."""
    if node.title:
        return node.title.strip()
    t = (node.text or "").strip()
    if node.kind == RULE and 0 < len(t) <= 24 and "\n" not in t and not t.endswith(("。", ".", "：", ":")):
        return t
    return ""


def _attached_texts(book: Book, node: Node) -> tuple[list[str], list[str]]:
    """(bullets, examples+cards) attached to `node`, recursively."""
    bullets, examples = [], []
    stack = list(node.attached)
    while stack:
        uid = stack.pop(0)
        if not book.has(uid):
            continue
        a = book.node(uid)
        if a.kind == BULLET:
            bullets.append(a.text)
        elif a.kind in (EXAMPLE, CARD):
            examples.append(a.text)
        stack.extend(a.attached)
    return bullets, examples


def informal_names(text: str) -> list[str]:
    """Names the book says its subject is (or was) also called: quoted after
    称为/称作/旧译/译为 … ("主动牌手先决定（APNAP）" gives 主动牌手先决定 and
    APNAP). They join the heading field of the rule that states them, so a
    judge's name for a rule finds it as its heading would."""
    out: list[str] = []
    for m in _NAMED.finditer(text or ""):
        for part in re.split(r"[（）()，,、/]", m.group(1)):
            part = part.strip()
            if part and part not in out:
                out.append(part)
    return out


def headword_names(head: str) -> tuple[str, list[str]]:
    """A glossary headword without its bracketed notes, and the names those
    notes give (鹏洛客（旧译旅法师） → 鹏洛客, [旅法师]; 传奇（已废止） → 传奇, [])."""
    aliases = []
    for note in _NOTE.findall(head):
        m = _ALIAS_NOTE.match(note.strip())
        if m:
            aliases += [a.strip() for a in re.split(r"[，,、/]", m.group(1)) if a.strip()]
    bare = _NOTE.sub("", head).strip()
    return (bare or head), aliases


# A name the book gives that stands in more of its documents than this share (使用, the old
# wording of 施放, in hundreds of rules) tells nothing about which rule is meant.
NAME_SHARE = 0.01


def _distinctive_names(docs: list[Doc]) -> None:
    """Keep only the informal names that few documents mention (see NAME_SHARE)."""
    names = {n for d in docs for n in d.aka}
    if not names:
        return
    limit = max(2, NAME_SHARE * len(docs))
    texts = [d.text for d in docs]
    common = {n for n in names if sum(n in t for t in texts) > limit}
    for d in docs:
        if d.aka and common.intersection(d.aka):
            d.aka = [n for n in d.aka if n not in common]


def crumb_of(book: Book, node: Node) -> str:
    parts = []
    for n in book.breadcrumb(node)[:-1]:
        h = heading_of(n)
        label = label_of(n)
        parts.append(f"{label} {h}" if h and h != label else label)
    parts += node.section_path
    return " › ".join(parts)


def documents(book: Book) -> list[Doc]:
    docs: list[Doc] = []
    for node in book.nodes:
        if node.kind == RULE:
            bullets, examples = _attached_texts(book, node)
            own = heading_of(node)
            section = [heading_of(n) for n in book.breadcrumb(node)[:-1]] + list(node.section_path)
            heading_only = bool(own) and own == (node.text or "").strip() and not bullets
            text = "\n".join([node.text] + bullets)
            docs.append(Doc(
                uid=node.uid, kind=RULE, label=node.number or node.uid,
                key=ids.key_of(node.number or node.uid.split("#")[0]),
                crumb=crumb_of(book, node), text=text, title=own,
                section=" ".join(s for s in section if s), examples="\n".join(examples),
                prior=prior_of(RULE, text, heading_only), aka=informal_names(node.text),
            ))
        elif node.kind == GLOSSARY:
            head = node.title or node.uid.split(":", 1)[-1]
            names = [head] + [a for a in node.aliases if a]
            parts = [p.strip() for n in names for p in re.split(r"[，,、/]", n) if p.strip()]
            bare = [headword_names(p) for p in parts]
            # a note's old or informal name is a name of the entry, and so is the headword without
            # that note (鹏洛客（旧译旅法师）: 鹏洛客, 旅法师); the headword without any other note is
            # not: 传奇（已废止）or EDH（已废止）must not answer for 传奇 or EDH
            parts += [n for b, al in bare if al for n in [b] + al]
            aka = [a for _, al in bare for a in al] + informal_names(node.text)
            docs.append(Doc(
                uid=node.uid, kind=GLOSSARY, label=head, key="", crumb="词汇表",
                text=node.text, title=" ".join(names), names=sorted(set(names + parts)),
                prior=prior_of(GLOSSARY, node.text or "", False), aka=list(dict.fromkeys(aka)),
            ))
    _distinctive_names(docs)
    for node in book.loose():  # chapters, front matter, unclassified text, examples of no rule (issue 12)
        docs.append(Doc(uid=node.uid, kind=node.kind, label=node.number or node.uid, key="",
                        crumb=crumb_of(book, node), text=node.text or node.title or "", title=node.title or "",
                        prior=LOOSE_PRIOR))
    return docs


def book_terms(book: Book) -> set[str]:
    """Words the book itself treats as terms: glossary headwords, rule headings
    (keyword abilities and actions, steps, zones), Riftbound section names and
    quoted terms. They become jieba user words so segmentation keeps them whole."""
    out: set[str] = set()
    for node in book.nodes:
        cands: list[str] = []
        if node.kind == GLOSSARY:
            # a note's old name is a term (旅法师 of 鹏洛客（旧译旅法师）); the note itself is not (已废止, 旧译旅法师)
            for part in re.split(r"[，,、/]", node.title or ""):
                bare, aliases = headword_names(part.strip())
                cands += [bare] + aliases
        elif node.kind == RULE:
            cands.append(heading_of(node))
            cands += node.section_path
        if node.kind in (RULE, GLOSSARY, EXAMPLE, BULLET):
            cands += _QUOTED.findall(node.text or "")
        for c in cands:
            c = c.strip()
            if _HAN_ONLY.fullmatch(c):
                out.add(c)
    return out
