"""Terms an edition renamed, learned from aligned rules.

A translation team renames terms between editions (魔法力 → 法术力, 玩家 →
牌手, 场上 → 战场, 阴谋 → 邪计). The aligner uses these renames to compare
an old rule with a new one in the new words, and the bulletin lists them
(so the search vocabulary can read them as data).

- `heading_renames`: a matched rule heading printed with other words
  (一般规则 → 总则, 巫术 → 法术).
- `text_renames`: over the aligned pairs, a phrase the old rule has and its
  counterpart lacks, exactly where the counterpart gains a term of the new
  book (a glossary headword or a short heading), paired by Dice.
"""
from __future__ import annotations

import re
from collections import Counter

from rulebook.model import CHAPTER, EXAMPLE, GLOSSARY, RULE, Book

_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
_NOTE = re.compile(r"[（(][^）)]*[）)]|[A-Za-z].*$")


def names(headword: str) -> list[str]:
    """The names a headword lists: `增幅，增幅过` → [增幅, 增幅过]; notes and English dropped."""
    return [p.strip() for p in re.split(r"[，,、/／]", _NOTE.sub("", headword)) if p.strip()]


def grams(text: str, sizes=(2, 3, 4)) -> set[str]:
    out: set[str] = set()
    for run in _HAN_RUN.findall(text):
        for n in sizes:
            out.update(run[i:i + n] for i in range(len(run) - n + 1))
    return out


def book_text(book: Book) -> str:
    return "".join(n.text for n in book.nodes if n.kind in (RULE, CHAPTER, GLOSSARY, EXAMPLE))


def term_vocabulary(book: Book) -> set[str]:
    """The book's terms: glossary headwords and short rule headings."""
    vocab = {x for n in book.glossary() if n.title for x in names(n.title)}
    vocab |= {n.title for n in book.rules() if n.title and len(n.title) <= 6}
    return vocab


def heading_renames(titles: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(old heading, new heading) of matched headings that are single short
    names sharing no character (巫术 → 法术 shares 术: kept only if the rest differs)."""
    out: dict[tuple[str, str], None] = {}
    for a, b in titles:
        ta, tb = names(a), names(b)
        if len(ta) == len(tb) == 1 and ta[0] != tb[0] and len(ta[0]) <= 8 and len(tb[0]) <= 8 \
                and not (set(ta[0]) & set(tb[0])):
            out.setdefault((ta[0], tb[0]), None)
    return list(out)


def text_renames(pairs: list[tuple[str, str]], vocabulary: set[str], old_text: str, new_text: str, *,
                 min_pairs: int = 4, min_dice: float = 0.5, max_old_uses: int = 2,
                 sizes=(2, 3, 4, 5, 6)) -> dict[tuple[str, str], tuple[int, int]]:
    """(old phrase, new term) → (pairs showing it, index of an example pair).

    The old side is any phrase of 2–6 characters that the old book uses and the
    new one (nearly) never does; the new side a term of the new book. Of
    phrases equally good (魔法力, 魔法, 法力 are lost in the same rules) the
    longest is kept; a phrase sharing no character with the term needs twice
    the evidence (玩家 → 牌手 shows in 145 rules), and may be at most two
    characters longer than it."""
    vocab = {v for v in vocabulary if 2 <= len(v) <= max(sizes)}
    lost_in: dict[str, set[int]] = {}
    gained_in: dict[str, set[int]] = {}
    for k, (a, b) in enumerate(pairs):
        ga, gb = grams(a, sizes), grams(b, sizes)
        for g in ga - gb:
            lost_in.setdefault(g, set()).add(k)
        for g in (gb - ga) & vocab:
            gained_in.setdefault(g, set()).add(k)
    gained = {g: s for g, s in gained_in.items() if len(s) >= min_pairs}
    lost = {g: s for g, s in lost_in.items() if len(s) >= min_pairs}
    rare_memo: dict[str, bool] = {}

    def rare(g: str) -> bool:
        """(Nearly) gone from the new book and used in the old one: a full scan of both texts,
        so asked last, only of a phrase that would otherwise pair with a term."""
        if g not in rare_memo:
            rare_memo[g] = new_text.count(g) <= max_old_uses and old_text.count(g) >= min_pairs
        return rare_memo[g]

    index: dict[int, list[str]] = {}
    for g, s in lost.items():
        for k in s:
            index.setdefault(k, []).append(g)
    chosen: dict[str, tuple[float, int, str]] = {}
    for h, s in gained.items():
        co: Counter = Counter()
        for k in s:
            co.update(index.get(k, ()))
        scored = [(2 * c / (len(s) + len(lost[g])), c, g) for g, c in co.items() if c >= min_pairs]
        scored = [t for t in scored if t[0] >= min_dice and t[2] not in h and h not in t[2]
                  and (set(t[2]) & set(h) or t[1] >= 2 * min_pairs) and len(t[2]) <= len(h) + 2 and rare(t[2])]
        if not scored:
            continue
        top = max(t[0] for t in scored)
        dice, c, g = max((t for t in scored if t[0] >= top - 0.02), key=lambda t: (len(t[2]), t[0], t[2]))
        if g not in chosen or (dice, c) > chosen[g][:2]:
            chosen[g] = (dice, c, h)
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for g, (dice, c, h) in sorted(chosen.items(), key=lambda kv: (-kv[1][0], kv[0])):
        if not fragment(g, old_text):
            out[(g, h)] = (c, min(lost[g] & gained[h]))
    return out


def fragment(phrase: str, text: str, dominance: float = 0.9) -> bool:
    """Is `phrase` a piece of a longer phrase in `text`: almost always preceded
    or followed by the same character (状态而生的效 is always followed by 应)?"""
    before: Counter = Counter()
    after: Counter = Counter()
    start = text.find(phrase)
    n = 0
    while start != -1:
        n += 1
        if start > 0:
            before[text[start - 1]] += 1
        end = start + len(phrase)
        if end < len(text):
            after[text[end]] += 1
        start = text.find(phrase, start + 1)
    if not n:
        return False
    top = max([c for ch, c in before.items() if "\u4e00" <= ch <= "\u9fff"] + [0])
    top = max([top] + [c for ch, c in after.items() if "\u4e00" <= ch <= "\u9fff"])
    return top / n >= dominance
