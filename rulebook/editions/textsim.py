"""How alike two rules read.

Same language: TF-IDF over character bigrams of Chinese text and over words
of English text (sublinear term frequency, cosine). Bigrams, not jieba words:
a translation that changes one character of a term (魔法力 → 法术力) still
shares the bigram 术力/法力 neighbours, and the parser has no segmenter.

Across languages nothing is shared on the surface, so `Lexicon` learns which
Chinese bigrams an English word goes with from rule pairs the structure has
already aligned (Dice coefficient over the pairs), and `translate` turns an
English rule into the bigram vector it predicts.

numpy and scipy are imported here; this module is only imported when an
alignment is computed.
"""
from __future__ import annotations

import math
import re
from collections import Counter

import numpy as np
from scipy import sparse

from rulebook.editions.units import plain

_TOKEN = re.compile(r"[\u3400-\u9fff]+|[a-z]+(?:['’][a-z]+)?|\d+")
# English words that carry no rule content (the aligner's own short list: no NLP library needed for 40 words).
_EN_STOP = frozenset("""a an the of to in on at by for from with as is are be been was were it its this that
these those or and if then than any each which who whom whose what when where while not no so such can may
must will would could should do does did has have had into onto over under up out there their they them he
she his her him one""".split())


def stem(word: str) -> str:
    """A light English stemmer (plural, past, -ing): `abilities` → `ability`,
    `attacking` → `attack`, `passes` → `pass`. It is crude (`creatures` → `creatur`,
    while `creature` stays): each form is learned by the lexicon anyway. (Stripping
    -es only after s/x/z/ch/sh, so that `creatures` pairs with `creature`, was tried:
    the 2022 zh ↔ en alignment with 10 % of the English rules deleted gave 8
    deleted rules a partner instead of 6, so it is not done.)"""
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word


def tokens(text: str) -> list[str]:
    """Comparison tokens: Chinese bigrams (a lone character stands for itself),
    English stems without stop words, numbers as `#n`."""
    out: list[str] = []
    for m in _TOKEN.finditer(plain(text)):
        s = m.group()
        if s[0].isdigit():
            out.append("#" + s)
        elif "\u3400" <= s[0] <= "\u9fff":
            out.extend(s[i:i + 2] for i in range(len(s) - 1)) if len(s) > 1 else out.append(s)
        elif s not in _EN_STOP and len(s) > 1:
            out.append(stem(s.replace("’", "'")))
    return out


class Vectors:
    """TF-IDF vectors of two lists of token bags over one vocabulary."""

    def __init__(self, bags_a: list[list[str]], bags_b: list[list[str]]):
        vocab: dict[str, int] = {}
        for bag in bags_a + bags_b:
            for t in bag:
                vocab.setdefault(t, len(vocab))
        self.vocab = vocab
        counts_a, counts_b = _counts(bags_a, vocab), _counts(bags_b, vocab)
        n = len(bags_a) + len(bags_b)
        df = np.asarray((counts_a > 0).sum(axis=0)).ravel() + np.asarray((counts_b > 0).sum(axis=0)).ravel()
        self.idf = np.log((1 + n) / (1 + df)) + 1.0
        self.a = _tfidf(counts_a, self.idf)
        self.b = _tfidf(counts_b, self.idf)


def _counts(bags: list[list[str]], vocab: dict[str, int]):
    rows, cols, vals = [], [], []
    for i, bag in enumerate(bags):
        for t, c in Counter(bag).items():
            rows.append(i)
            cols.append(vocab[t])
            vals.append(c)
    return sparse.csr_matrix((np.array(vals, dtype=np.float64), (rows, cols)), shape=(len(bags), len(vocab)))


def _tfidf(counts, idf):
    m = counts.copy()
    m.data = 1.0 + np.log(m.data)
    m = m @ sparse.diags(idf)
    return normalize_rows(m)


def normalize_rows(m):
    m = sparse.csr_matrix(m)
    norms = np.sqrt(np.asarray(m.multiply(m).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    return sparse.diags(1.0 / norms) @ m


def cosine(a, b) -> np.ndarray:
    """Dense matrix of cosines between the rows of `a` and the rows of `b`."""
    return np.asarray((a @ b.T).todense(), dtype=np.float32)


class Lexicon:
    """English stems → Chinese bigrams, learned from aligned rule pairs.

    For each English stem e and Chinese bigram z, Dice(e, z) = 2·c(e,z) / (c(e)+c(z))
    counted over rule pairs; a stem keeps its best bigrams. The pairs need not
    all be right: a wrong pair adds noise to every count, a right pair adds the
    same association again and again."""

    def __init__(self, pairs: list[tuple[list[str], list[str]]], *, keep: int = 4, min_dice: float = 0.2,
                 min_count: int = 2):
        en_vocab: dict[str, int] = {}
        zh_vocab: dict[str, int] = {}
        e_rows, e_cols, z_rows, z_cols = [], [], [], []
        for k, (en, zh) in enumerate(pairs):
            for e in set(en):
                e_rows.append(k)
                e_cols.append(en_vocab.setdefault(e, len(en_vocab)))
            for z in set(zh):
                z_rows.append(k)
                z_cols.append(zh_vocab.setdefault(z, len(zh_vocab)))
        self.table: dict[str, list[tuple[float, str]]] = {}
        if not en_vocab or not zh_vocab:
            return
        E = sparse.csr_matrix((np.ones(len(e_rows)), (e_rows, e_cols)), shape=(len(pairs), len(en_vocab)))
        Z = sparse.csr_matrix((np.ones(len(z_rows)), (z_rows, z_cols)), shape=(len(pairs), len(zh_vocab)))
        joint = (E.T @ Z).tocoo()   # co-occurrence counts, one sparse product
        ce = np.asarray(E.sum(axis=0)).ravel()
        cz = np.asarray(Z.sum(axis=0)).ravel()
        dice = 2 * joint.data / (ce[joint.row] + cz[joint.col])
        keep_mask = (joint.data >= min_count) & (dice >= min_dice)
        en_words = list(en_vocab)
        zh_words = list(zh_vocab)
        best: dict[str, list[tuple[float, str]]] = {}
        for r, c, d in zip(joint.row[keep_mask], joint.col[keep_mask], dice[keep_mask]):
            best.setdefault(en_words[r], []).append((float(d), zh_words[c]))
        self.table = {e: sorted(v, reverse=True)[:keep] for e, v in best.items()}

    def translate(self, bag: list[str]) -> list[tuple[str, float]]:
        """The Chinese bigrams an English bag predicts, with weights."""
        out: Counter = Counter()
        for e, n in Counter(bag).items():
            for d, z in self.table.get(e, ()):
                out[z] += d * (1 + math.log(n))
        return list(out.items())


def translated_vectors(lexicon: Lexicon, bags_en: list[list[str]], vocab: dict[str, int], idf: np.ndarray):
    """Rows of predicted-bigram weights in the Chinese side's vocabulary."""
    rows, cols, vals = [], [], []
    for i, bag in enumerate(bags_en):
        for z, w in lexicon.translate(bag):
            j = vocab.get(z)
            if j is not None:
                rows.append(i)
                cols.append(j)
                vals.append(w * idf[j])
    m = sparse.csr_matrix((np.array(vals, dtype=np.float64), (rows, cols)), shape=(len(bags_en), len(vocab)))
    return normalize_rows(m)
