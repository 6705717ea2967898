"""The glossary entries of a Chinese and an English book of one edition, linked.

Rules keep their numbers across a translation, glossary entries do not: they
have no numbers and each language sorts its own headwords (Deathtouch, 死触).
An entry is linked to the entry of the other book that

- cites the same rules (ids are shared across the translation: 死触 and
  Deathtouch both say 参见规则702.2),
- reads like it through the translation lexicon learned from the rules the
  two books share (`textsim.Lexicon`: an English stem → the Chinese bigrams it
  goes with), headword and definition together,
- and stands at about the same place among the glossary entries (the Chinese
  glossary keeps the English order with local moves; a far entry needs the
  other two).

Pairs are taken best first, one to one; an entry with no pair scoring
`threshold` stays unlinked (a term only one language has).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from rulebook.editions.units import language_of
from rulebook.model import Book


@dataclass(frozen=True)
class GlossaryWeights:
    text: float = 1.0          # cosine through the learned lexicon
    refs: float = 0.5          # Jaccard of the cited rules
    position: float = 0.3      # closeness of the places among the entries
    spread: float = 50.0       # position = exp(-spread * |difference of relative places|)
    threshold: float = 0.3


@dataclass(frozen=True)
class GlossaryLink:
    first: str                 # uid in the first book
    second: str                # uid in the second book
    score: float


def cited(node) -> frozenset[str]:
    return frozenset(t for r in node.refs for t in r.targets)


def link_glossaries(first: Book, second: Book, w: GlossaryWeights | None = None) -> list[GlossaryLink]:
    """Link the glossary entries of two translations of one edition (see the module docstring)."""
    import numpy as np  # start-up: numpy (~30 ms) only when glossaries are linked

    from rulebook.editions import textsim as ts  # start-up: textsim: numpy and scipy (~100 ms)

    w = w or GlossaryWeights()
    ga, gb = list(first.glossary()), list(second.glossary())
    if not ga or not gb:
        return []
    bags_a = [ts.tokens(f"{n.title or ''}\n{n.text}") for n in ga]
    bags_b = [ts.tokens(f"{n.title or ''}\n{n.text}") for n in gb]
    la, lb = language_of(first), language_of(second)
    if la == lb:
        v = ts.Vectors(bags_a, bags_b)
        text = ts.cosine(v.a, v.b)
    else:
        en_book, zh_book = (first, second) if la != "zh" else (second, first)
        pairs = [(ts.tokens(n.text), ts.tokens(zh_book.node(n.uid).text)) for n in en_book.rules() if zh_book.has(n.uid)]
        lex = ts.Lexicon(pairs)
        en_bags, zh_bags = (bags_a, bags_b) if la != "zh" else (bags_b, bags_a)
        v = ts.Vectors([], zh_bags)
        sim = ts.cosine(ts.translated_vectors(lex, en_bags, v.vocab, v.idf), v.b)
        text = sim if la != "zh" else sim.T
    refs_a, refs_b = [cited(n) for n in ga], [cited(n) for n in gb]
    place_a = np.arange(len(ga)) / len(ga)
    place_b = np.arange(len(gb)) / len(gb)
    score = w.text * np.asarray(text, dtype=np.float64)
    score += w.position * np.exp(-w.spread * np.abs(place_a[:, None] - place_b[None, :]))
    for i, ra in enumerate(refs_a):
        if not ra:
            continue
        for j, rb in enumerate(refs_b):
            if rb and ra & rb:
                score[i, j] += w.refs * len(ra & rb) / len(ra | rb)
    rows, cols = np.nonzero(score >= w.threshold)
    order = sorted(zip(score[rows, cols].tolist(), rows.tolist(), cols.tolist()), key=lambda t: (-t[0], t[1], t[2]))
    taken_a: set[int] = set()
    taken_b: set[int] = set()
    out = []
    for s, i, j in order:
        if i in taken_a or j in taken_b:
            continue
        taken_a.add(i)
        taken_b.add(j)
        out.append(GlossaryLink(ga[i].uid, gb[j].uid, round(s, 4)))
    return sorted(out, key=lambda l: l.first)
