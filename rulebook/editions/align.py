"""The computed correspondence between the rules of two books.

Two editions of a game renumber, reword, move, split and merge rules (the 2006
legend rule 420.5e is 704.5j in 2026; 300.3 became parts of 106.4 and 500.5).
A translation keeps the numbering but shares no words with its source. One
procedure handles both:

1. **Content.** How alike each old rule reads to each new rule
   (`textsim`: character bigrams; across languages, a lexicon learned from a
   structural first pass, step 0).
2. **Context, iterated.** A pair scores more when the rules around it agree
   under the current matching: the parents are matched to each other, the
   neighbours in reading order are, the children are, and the rules each
   one cites are. Candidates come from the content (the best few per rule)
   and from the structure (the children of matched parents), so a rule
   reworded beyond recognition is still found where its neighbours went.
   Each round matches greedily, best pair first, one to one.
3. **Splits and merges** (`splits`): a sentence of an old rule that a free
   new rule holds and its counterpart does not is a part split off (the
   reverse: merged), compared in the new edition's words (`terms`).
4. **Confidence.** A logistic function of the pair's score and its margin
   over the next best candidate of either rule.

0. Across languages there is no content at first: the two trees are aligned
   top down by an order-preserving dynamic programme over each list of
   children, scored by shape (size of the subtree, length of the text,
   numbers in it, examples); the lexicon is learned from those pairs.

The rule numbers are not read unless `use_ids` is set (then only as one
more feature): the benchmark measures that the translation's numbering is
recovered without them.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from rulebook.editions.units import Unit, language_of, units_of
from rulebook.model import Book

ALIGNER_VERSION = "3"


@dataclass(frozen=True)
class Weights:
    """How much each kind of evidence counts. Tuned on the development half of
    the hand-checked samples (benchmarks/align.py); the held-out half is
    reported separately."""

    text: float = 1.0          # content cosine
    subtree: float = 0.35      # cosine of the subtrees (headings are short; their rules are not)
    parent: float = 0.25       # the parents are matched to each other
    neighbours: float = 0.2    # the previous / next siblings are
    children: float = 0.3      # share of children matched into each other
    refs: float = 0.2          # share of cited rules matched into each other
    same_id: float = 0.0       # same rule number (only with use_ids)
    depth: float = 0.05        # same depth in the tree
    threshold: float = 0.3     # a pair below this is no match
    min_content: float = 0.1   # same language: text + subtree cosine a pair needs, whatever its context
    candidates: int = 8        # content candidates per rule
    rounds: int = 3
    # confidence = logistic(c0 + c_score * score + c_margin * margin)
    c0: float = -4.0
    c_score: float = 6.0
    c_margin: float = 6.0


@dataclass(slots=True)
class Match:
    """One old rule ↔ one new rule. A split is several matches sharing `old`,
    a merge several sharing `new` (`role` says which)."""

    old: str
    new: str
    confidence: float
    score: float
    text: float
    role: str = "one"          # one | split | merge


@dataclass(slots=True)
class Alignment:
    old_book: str
    new_book: str
    old_sha256: str
    new_sha256: str
    old_language: str
    new_language: str
    matches: list[Match] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)   # old rules with no counterpart
    added: list[str] = field(default_factory=list)     # new rules with no counterpart
    version: str = ALIGNER_VERSION
    seconds: float = 0.0
    glossary: list = field(default_factory=list)   # changes.GlossaryChange, filled by cache.cached_alignment
    terms: list = field(default_factory=list)      # changes.TermChange, likewise
    renames: list | None = None   # (old phrase, new term, pairs showing it, an old rule id): terms.text_renames; None across languages

    def for_old(self, uid: str) -> list[Match]:
        return sorted((m for m in self.matches if m.old == uid), key=lambda m: -m.confidence)


def align(old: Book, new: Book, *, use_ids: bool = False, weights: Weights | None = None,
          seed_only: bool = False, split_weights=None) -> Alignment:
    """Align the rules of `old` to those of `new` (see the module docstring).

    `seed_only` stops after the structural seed (across languages) or the first
    content-only round: the benchmark's ablation. `split_weights`
    (`splits.SplitWeights`) sets what a part split off must show."""
    t0 = time.perf_counter()
    w = weights or Weights(same_id=0.3 if use_ids else 0.0)
    ua, ub = units_of(old), units_of(new)
    la, lb = language_of(old), language_of(new)
    content = _Content(ua, ub, la, lb)
    content.w_subtree = w.subtree
    if content.cross:
        seed = tree_seed(ua, ub, content.shape_score)
        content.learn(seed)
    else:
        seed = {}
    if seed_only:
        w = Weights(**{**w.__dict__, "rounds": 1}) if not content.cross else w
        match = seed if content.cross else _iterate(ua, ub, content, w, {}, use_ids)
    else:
        match = _iterate(ua, ub, content, w, seed, use_ids)
    result = Alignment(old.id, new.id, old.sha256, new.sha256, la, lb)
    scored = _final(ua, ub, content, w, match, use_ids)
    parts, result.renames = _parts(old, new, ua, ub, content, w, match, scored, split_weights)
    result.matches = scored + parts
    matched_a = {m.old for m in result.matches}
    matched_b = {m.new for m in result.matches}
    result.removed = [u.uid for u in ua if u.uid not in matched_a]
    result.added = [u.uid for u in ub if u.uid not in matched_b]
    result.seconds = time.perf_counter() - t0
    return result


# ---------------------------------------------------------------- content


class _Content:
    """Content similarity between every old and every new unit (dense arrays)."""

    def __init__(self, ua: list[Unit], ub: list[Unit], la: str, lb: str):
        from rulebook.editions import textsim as ts  # start-up: textsim: numpy and scipy (~100 ms)

        self.ts = ts
        self.ua, self.ub = ua, ub
        self.cross = la != lb
        self.top: dict[int, set[int]] | None = None
        self.w_subtree = 0.0
        self.kids_b = [frozenset(u.children) for u in ub]   # read by every pair_score call
        self.refs_b = [frozenset(u.refs) for u in ub]
        self.english_old = la != "zh"
        self.bags_a = [ts.tokens(u.text) for u in ua]
        self.bags_b = [ts.tokens(u.text) for u in ub]
        self.sets_a = [set(b) for b in self.bags_a]
        self.sets_b = [set(b) for b in self.bags_b]
        if not self.cross:
            self._same_language()
        else:
            import numpy as np  # start-up: as above

            self.text = np.zeros((len(ua), len(ub)), dtype=np.float32)
            self.subtree = self.text
            self._shape_features()

    def _same_language(self) -> None:
        ts = self.ts
        v = ts.Vectors(self.bags_a, self.bags_b)
        self.vocab, self.idf = v.vocab, v.idf      # the split finder weighs words by these
        self.text = ts.cosine(v.a, v.b)
        sa = ts.normalize_rows(_subtree_sum(self.ua, v.a))
        sb = ts.normalize_rows(_subtree_sum(self.ub, v.b))
        self.subtree = ts.cosine(sa, sb)

    # -- across languages
    def _shape_features(self) -> None:
        self.size_a = _subtree_sizes(self.ua)
        self.size_b = _subtree_sizes(self.ub)
        self.len_a = [max(1, len(u.text)) for u in self.ua]
        self.len_b = [max(1, len(u.text)) for u in self.ub]
        self.nums_a = [{t for t in s if t[0] == "#"} for s in self.sets_a]
        self.nums_b = [{t for t in s if t[0] == "#"} for s in self.sets_b]
        ratios = sorted(a / b for a, b in zip(self.len_a, self.len_b)) if len(self.ua) == len(self.ub) else []
        total_a, total_b = sum(self.len_a), sum(self.len_b)
        # the typical length ratio of a rule and its translation: the median over a book of equal size, else
        # the ratio of the totals (an empty book, which has no pairs to score, must not divide by zero)
        self.len_ratio = ratios[len(ratios) // 2] if ratios else max(1, total_a) / max(1, total_b)

    def shape_score(self, i: int, j: int) -> float:
        """How alike two units are in shape alone (no words): 0 … 1."""
        a, b = self.ua[i], self.ub[j]
        if (a.kind == "chapter") != (b.kind == "chapter"):
            return 0.0
        size = min(self.size_a[i], self.size_b[j]) / max(self.size_a[i], self.size_b[j])
        ratio = (self.len_a[i] / self.len_b[j]) / self.len_ratio
        length = math.exp(-abs(math.log(ratio)) * 2)
        na, nb = self.nums_a[i], self.nums_b[j]
        nums = len(na & nb) / len(na | nb) if (na or nb) else 0.5
        ex = 1.0 if bool(a.examples) == bool(b.examples) else 0.0
        kids = 1.0 if len(a.children) == len(b.children) else 0.0
        return 0.3 * size + 0.3 * length + 0.2 * nums + 0.1 * ex + 0.1 * kids

    def learn(self, seed: dict[int, int]) -> None:
        """Learn the bilingual lexicon from the structural pairs and compute the
        content similarity through it."""
        ts = self.ts
        if self.english_old:
            pairs = [(self.bags_a[i], self.bags_b[j]) for i, j in seed.items()]
        else:
            pairs = [(self.bags_b[j], self.bags_a[i]) for i, j in seed.items()]
        lex = ts.Lexicon(pairs)
        en_bags, zh_bags = (self.bags_a, self.bags_b) if self.english_old else (self.bags_b, self.bags_a)
        v = ts.Vectors([], zh_bags)
        en = ts.translated_vectors(lex, en_bags, v.vocab, v.idf)
        zh = v.b
        units_en, units_zh = (self.ua, self.ub) if self.english_old else (self.ub, self.ua)
        sim = ts.cosine(en, zh)
        sub = ts.cosine(ts.normalize_rows(_subtree_sum(units_en, en)), ts.normalize_rows(_subtree_sum(units_zh, zh)))
        if self.english_old:
            self.text, self.subtree = sim, sub
        else:
            self.text, self.subtree = sim.T.copy(), sub.T.copy()
        self.lexicon = lex


def _subtree_sum(units: list[Unit], m):
    """Each unit's vector plus those of all its descendants (rows of a sparse matrix)."""
    from scipy import sparse  # start-up: scipy (with numpy ~100 ms) only on a cache miss

    rows, cols = [], []
    for u in units:
        stack = [u.index]
        while stack:
            k = stack.pop()
            rows.append(u.index)
            cols.append(k)
            stack.extend(units[k].children)
    import numpy as np  # start-up: numpy (~30 ms) only on a cache miss

    agg = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(units), len(units)))
    return agg @ m


def _subtree_sizes(units: list[Unit]) -> list[int]:
    sizes = [1] * len(units)
    for u in reversed(units):  # children come after their parent in reading order
        if u.parent is not None:
            sizes[u.parent] += sizes[u.index]
    return sizes


# ---------------------------------------------------------------- structure seed


def tree_seed(ua: list[Unit], ub: list[Unit], score) -> dict[int, int]:
    """Align two trees top down: at each level an order-preserving alignment of
    the children lists (`order_pairs`), then recurse into each matched pair."""
    match: dict[int, int] = {}
    roots_a = [u.index for u in ua if u.parent is None]
    roots_b = [u.index for u in ub if u.parent is None]
    todo = [(roots_a, roots_b)]
    while todo:
        la, lb = todo.pop()
        for i, j in order_pairs(la, lb, score):
            match[i] = j
            if ua[i].children and ub[j].children:
                todo.append((ua[i].children, ub[j].children))
    return match


def order_pairs(la: list[int], lb: list[int], score, floor: float = 0.35) -> list[tuple[int, int]]:
    """The order-preserving pairing of two lists that maximises the sum of
    (score − floor) over paired items; unpaired items cost nothing.

    A weighted longest common subsequence; written here because it is twelve
    lines and difflib only pairs equal items."""
    n, m = len(la), len(lb)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for x in range(n - 1, -1, -1):
        row, below = best[x], best[x + 1]
        for y in range(m - 1, -1, -1):
            gain = score(la[x], lb[y]) - floor
            row[y] = max(below[y], row[y + 1], below[y + 1] + gain if gain > 0 else -1.0)
    pairs, x, y = [], 0, 0
    while x < n and y < m:
        if best[x][y] == best[x + 1][y]:
            x += 1
        elif best[x][y] == best[x][y + 1]:
            y += 1
        else:
            pairs.append((la[x], lb[y]))
            x, y = x + 1, y + 1
    return pairs


# ---------------------------------------------------------------- context rounds


def _content_candidates(content, k: int) -> dict[int, set[int]]:
    """The best `k` new rules of each old rule by content, and the best `k` old
    rules of each new rule (computed once: the content does not change between rounds)."""
    import numpy as np  # start-up: as above

    if content.top is not None:
        return content.top
    combined = content.text + content.w_subtree * content.subtree
    n, m = combined.shape
    cands: dict[int, set[int]] = {i: set() for i in range(n)}
    if n and m:
        ka, kb = min(k, m), min(k, n)
        top = np.argpartition(-combined, ka - 1, axis=1)[:, :ka]
        for i in range(n):
            cands[i].update(map(int, top[i]))
        top_b = np.argpartition(-np.ascontiguousarray(combined.T), kb - 1, axis=1)[:, :kb]
        for j in range(m):
            for i in top_b[j]:
                cands[int(i)].add(j)
    content.top = cands
    return cands


def _candidates(ua, ub, content, w, match: dict[int, int], use_ids: bool) -> dict[int, set[int]]:
    """Content candidates plus structural ones: the children of the rule the
    parent went to, the rules beside where the neighbours went."""
    base = _content_candidates(content, w.candidates)
    cands = {i: set(js) for i, js in base.items()}
    by_key = {u.key: u.index for u in ub} if use_ids else {}
    for u in ua:
        c = cands[u.index]
        if u.parent is not None and u.parent in match:
            c.update(ub[match[u.parent]].children)
        if u.prev is not None and u.prev in match and ub[match[u.prev]].next is not None:
            c.add(ub[match[u.prev]].next)
        if u.next is not None and u.next in match and ub[match[u.next]].prev is not None:
            c.add(ub[match[u.next]].prev)
        if u.index in match:
            c.add(match[u.index])
        if use_ids and u.key in by_key:
            c.add(by_key[u.key])
    return cands


def pair_score(ua, ub, content, w, match: dict[int, int], i: int, j: int, use_ids: bool) -> float:
    a, b = ua[i], ub[j]
    s = w.text * float(content.text[i, j]) + w.subtree * float(content.subtree[i, j])
    if a.parent is not None and b.parent is not None and match.get(a.parent) == b.parent:
        s += w.parent
    nb = 0.0
    if a.prev is not None and b.prev is not None and match.get(a.prev) == b.prev:
        nb += 0.5
    if a.next is not None and b.next is not None and match.get(a.next) == b.next:
        nb += 0.5
    s += w.neighbours * nb
    if a.children or b.children:
        kids_b = content.kids_b[j]
        agree = sum(1 for c in a.children if match.get(c) in kids_b)
        s += w.children * agree / max(len(a.children), len(b.children))
    if a.refs or b.refs:
        refs_b = content.refs_b[j]
        agree = sum(1 for r in a.refs if match.get(r) in refs_b)
        s += w.refs * agree / max(len(a.refs), len(b.refs))
    if a.depth == b.depth:
        s += w.depth
    if use_ids and a.key == b.key:
        s += w.same_id
    return s


def _iterate(ua, ub, content, w, seed: dict[int, int], use_ids: bool) -> dict[int, int]:
    match = dict(seed)
    for _ in range(w.rounds):
        cands = _candidates(ua, ub, content, w, match, use_ids)
        scored = []
        for i, js in cands.items():
            for j in js:
                if (ua[i].kind == "chapter") != (ub[j].kind == "chapter"):
                    continue
                if not content.cross and content.text[i, j] + content.subtree[i, j] < w.min_content:
                    continue   # neighbours alone do not make two unrelated rules the same rule
                s = pair_score(ua, ub, content, w, match, i, j, use_ids)
                if s >= w.threshold:
                    scored.append((s, i, j))
        new = _greedy(scored)
        if new == match:
            break
        match = new
    return match


def _greedy(scored: list[tuple[float, int, int]]) -> dict[int, int]:
    """One-to-one, best pair first. (Optimal assignment would need the whole
    score matrix; greedy is within a few pairs of it here and ten times faster.)"""
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    match: dict[int, int] = {}
    taken: set[int] = set()
    for _, i, j in scored:
        if i in match or j in taken:
            continue
        match[i] = j
        taken.add(j)
    return match


# ---------------------------------------------------------------- results


def _final(ua, ub, content, w, match: dict[int, int], use_ids: bool) -> list[Match]:
    cands = _candidates(ua, ub, content, w, match, use_ids)
    by_b: dict[int, list[float]] = {}
    best_a: dict[int, list[float]] = {}
    scores: dict[tuple[int, int], float] = {}
    for i, js in cands.items():
        for j in js:
            if (ua[i].kind == "chapter") != (ub[j].kind == "chapter"):
                continue
            s = pair_score(ua, ub, content, w, match, i, j, use_ids)
            scores[(i, j)] = s
            best_a.setdefault(i, []).append(s)
            by_b.setdefault(j, []).append(s)
    out = []
    for i, j in sorted(match.items()):
        s = scores.get((i, j), pair_score(ua, ub, content, w, match, i, j, use_ids))
        rivals = [x for x in best_a.get(i, []) if x != s] + [x for x in by_b.get(j, []) if x != s]
        second = max([x for x in rivals if x <= s], default=0.0)
        out.append(Match(ua[i].uid, ub[j].uid, confidence(s, s - second, w), round(s, 4),
                         round(float(content.text[i, j]), 4)))
    return out


def confidence(score: float, margin: float, w: Weights) -> float:
    z = w.c0 + w.c_score * score + w.c_margin * margin
    return round(1.0 / (1.0 + math.exp(-z)), 3)


def _parts(old: Book, new: Book, ua, ub, content, w, match: dict[int, int], scored: list[Match], split_weights=None):
    """Splits and merges (`splits.find_parts`), with the edition's renamed terms
    learned from the one-to-one pairs (`terms.text_renames`) so that an old
    sentence is compared in the new words. Returns the extra matches and the renames."""
    from rulebook.editions.splits import definitions_of, find_parts  # start-up: splits and terms (~5 ms) only on a cache miss
    from rulebook.editions.terms import book_text, term_vocabulary, text_renames  # start-up: as above

    if content.cross:
        return [], None
    index_a = {u.uid: u.index for u in ua}
    confidences = {index_a[m.old]: m.confidence for m in scored}
    pairs = [(old.node(ua[i].uid).text, new.node(ub[j].uid).text) for i, j in sorted(match.items())]
    renames = text_renames(pairs, term_vocabulary(new), book_text(old), book_text(new))
    firsts = [ua[i].uid for i, _ in sorted(match.items())]
    found = [(a, b, n, firsts[k]) for (a, b), (n, k) in renames.items()]
    splits, merges = find_parts(ua, ub, content, match, confidences, [(a, b) for a, b, _, _ in found], split_weights,
                                definitions_of(new, ub))
    out = []
    for role, parts in (("split", splits), ("merge", merges)):
        for p in parts:
            s = (p.held + p.source) / 2
            out.append(Match(ua[p.old].uid, ub[p.new].uid, confidence(s, p.margin, w), round(s, 4),
                             round(float(content.text[p.old, p.new]), 4), role))
    # a part may be a rule whose one-to-one match was weak (splits.find_parts allows that only when
    # this rule explains it best): the part replaces that match; a shared part (a definition the
    # sentence moved into) keeps its own
    inverse = {j: i for i, j in match.items()}
    replaced = ({ua[inverse[p.new]].uid for p in splits if p.new in inverse and not p.shared}
                | {ua[p.old].uid for p in merges if p.old in match and not p.shared})
    scored[:] = [m for m in scored if m.old not in replaced]
    return out, found
