"""Which mechanisms a rule's text names, and which rules of the book define them.

420.5c says "重生可以替代此事件": a judge explaining 420.5c wants the rule that
says what 重生 is (419.6b). The book has no markup for this, but it says it in
three ways, which are read here:

- a rule-level heading, a rule whose whole text is a name and whose subrules
  follow (502.2 "先攻First Strike" → 先攻);
- a definition sentence: "X是指…", "X意指…", "「X[永久物]」意指…", or a sentence
  opening "X是…的…" (419.6b "重生是针对消灭的替代性效应" → 重生);
- a cross-reference after a term, "重生（见规则419.6b）", which names the rule
  that defines a term already known from the two above.

Terms are found in a text longest first, never overlapping, and a rule's own
terms (those it defines) do not point back to it. A term that most rules use
(生物, 玩家) is the game's vocabulary, not a mechanism a judge looks up. Books with a glossary (WoW)
have their headwords handled as glossary terms (`terms.py`); this covers the
mechanisms a numbered rule defines.
"""
from __future__ import annotations

import re

from rulebook.model import Book

from judge.explain.terms import scan

_HAN = r"[\u4e00-\u9fff]"
_HEADING_NAME = re.compile(rf"^({_HAN}{{2,8}})")
_DEFINES = [
    re.compile(rf"(?:^|[。；])({_HAN}{{2,6}})(?:是指|意指)"),
    re.compile(rf"「({_HAN}{{2,6}})(?:\[[^\]]*\])?」(?:意指|是指)"),
    re.compile(rf"^({_HAN}{{2,4}})是{_HAN}{{1,12}}的"),
]
_NOT_A_NAME = set("可若或的都即也在于与及和由有些此并不算")      # "异能可以是…" defines nothing
COMMON = 0.05       # a term in more than this share of the rules (生物, 玩家, 咒语) is vocabulary, not a mechanism
_SEE = re.compile(rf"({_HAN}{{2,12}})（见规则([0-9][0-9.a-z]*)）")
_SENTENCE = re.compile(r"[。；！？]")
_CACHE: dict[tuple[str, str], dict[str, list[str]]] = {}


def heading_only(text: str) -> bool:
    """A rule whose text is only a name (no sentence): 502.2 "先攻First Strike"."""
    t = (text or "").strip()
    return bool(t) and len(t) <= 24 and not _SENTENCE.search(t)


def defined_terms(book: Book) -> dict[str, list[str]]:
    """Term → the uids of the rules that define it, for the book's numbered rules."""
    key = (book.path, book.sha256)
    if key not in _CACHE:
        _CACHE[key] = _collect(book)
    return _CACHE[key]


def _name(term: str) -> bool:
    return not (set(term) & _NOT_A_NAME)


def _collect(book: Book) -> dict[str, list[str]]:
    terms: dict[str, list[str]] = {}

    def add(term: str, uid: str) -> None:
        if _name(term) and uid not in terms.setdefault(term, []):
            terms[term].append(uid)

    nodes = list(book.rules())
    for n in nodes:
        text = (n.text or "").strip()
        if not n.title and n.children and heading_only(text):
            m = _HEADING_NAME.match(text)
            if m:
                add(m.group(1), n.uid)
        for pattern in _DEFINES:
            for m in pattern.finditer(text):
                add(m.group(1), n.uid)
    texts = [n.text or "" for n in nodes]
    titles = {n.title for n in nodes if n.title}     # 一般规则 heads many sections: structure, not a mechanism
    for t in list(terms):
        if t in titles or sum(t in x for x in texts) > max(3, COMMON * len(texts)):
            del terms[t]
    for n in nodes:     # "重生（见规则419.6b）": the book says where a known term is defined
        for m in _SEE.finditer(n.text or ""):
            run, target = m.group(1), m.group(2)
            if not book.has(target):
                continue
            known = [t for t in terms if run.endswith(t)]
            if known:
                add(max(known, key=len), target)
    return terms


def _lineage(book: Book, uid: str) -> set[str]:
    out = {uid}
    node = book.node(uid)
    while node.parent and book.has(node.parent):
        out.add(node.parent)
        node = book.node(node.parent)
    return out


def mechanisms(book: Book, uid: str, *texts: str) -> list[str]:
    """Uids of the rules defining the mechanisms `texts` (a rule's text and items) name, in order of mention;
    not the rule itself, the rules above it, or its own subrules."""
    terms = defined_terms(book)
    mine = {t for t, uids in terms.items() if uid in uids}
    heads = {t: uids for t, uids in terms.items() if t not in mine}
    skip = _lineage(book, uid) | set(book.node(uid).children)
    out: dict[str, None] = {}
    for text in texts:
        for _, _, target in scan(text or "", heads):
            if target not in skip and book.has(target):
                out.setdefault(target, None)
    return list(out)
