"""Rules split into several, and several merged into one, found sentence by sentence.

An edition moves *parts* of a rule: the 2006 rule 300.3 said that unused mana
empties when a phase ends (2026: 106.4, the mana pool) and that this game
action does not use the stack (2026: 500.5, the turn-based action at the end
of a step). No single new rule reads like the old one, so the one-to-one
alignment pairs it weakly with one of them and leaves the other unexplained.

A rule's parts are its sentences. For an old rule, each sentence is looked
for in the new rules the rule could have gone to (its content candidates and
its one-to-one counterpart): the share of the sentence's words (weighted by
how rare they are) that a new rule contains. A sentence *went* to a new rule
when that rule holds most of it and the rule's one-to-one counterpart holds
less than half of it. The rule is split when at least one sentence went
somewhere else than its counterpart, and that other rule is free: nobody
matched it one to one, or its own match is weak and this rule explains it
better. Merges are the same read backwards (the sentences of a new rule come
from several old rules).

Two rules that merely share words are not a split: a sentence that the
counterpart holds as well as the other rule went nowhere, and a new rule whose
own old counterpart reads like it (a rule written on the old one's model) is
not free.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_SENTENCE_END = re.compile(r"(?<=[。；！？;!?])|(?<=\.)\s+(?=[A-Z(（])|\n+")
_PAREN_ONLY = re.compile(r"^[\s]*[（(][^（）()]*[）)][\s。.]*$")


@dataclass(frozen=True)
class SplitWeights:
    """What a sentence must show to have gone elsewhere. Set while reading the
    2006→2026 proposals (dev); the 2022→2026 ones were checked only after
    (benchmarks/splits-checked.tsv)."""

    min_tokens: int = 8          # shorter sentences ("这属于特殊动作") are boilerplate many rules share
    went: float = 0.5            # share of the sentence's weight the other rule holds (the counterpart: less)
    margin: float = 0.1          # … and by this much more than the one-to-one counterpart
    weak: float = 0.5            # a one-to-one match below this confidence leaves its new rule free
    part_from: float = 0.3       # share of a part's own weight that comes from the rule it was split from
    back: float = 0.4            # share of one of the part's sentences that the old sentence holds
    max_parts: int = 3           # extra parts per rule


def sentences(text: str) -> list[str]:
    """The sentences of a rule text; a sentence wholly in brackets (a cross-reference note) is dropped."""
    out = []
    for s in _SENTENCE_END.split(text):
        s = s.strip()
        if s and not _PAREN_ONLY.match(s):
            out.append(s)
    return out


class _Weigher:
    """Token weights (inverse document frequency) and set containment."""

    def __init__(self, vocab: dict[str, int], idf):
        self.of = dict(zip(vocab, idf.tolist()))   # plain floats: summed millions of times
        self.memo: dict[frozenset, float] = {}     # a sentence's or a rule's own weight, asked again and again

    def weight(self, tokens) -> float:
        if isinstance(tokens, frozenset):
            w = self.memo.get(tokens)
            if w is None:
                w = self.memo[tokens] = self._sum(tokens)
            return w
        return self._sum(tokens)

    def _sum(self, tokens) -> float:
        of = self.of
        return sum(of.get(t, 0.0) for t in tokens)

    def held(self, part: set[str], whole: set[str]) -> float:
        """The share of `part`'s weight that `whole` holds."""
        total = self.weight(part)
        return self.weight(part & whole) / total if total else 0.0


def _went(piece_tokens, home: int | None, cands, sets, pieces_of, weigher: _Weigher, w: SplitWeights,
          free) -> list[tuple[int, float, float]]:
    """For each sentence of a rule: (other rule, share it holds, margin over `home`) when the
    sentence went to a free other rule rather than to `home`: the other rule holds most of
    it, the counterpart less than that, and one sentence of the other rule is mostly made
    of it (a rule written on its model, 次元幽影 for 飞行, keeps words of its own)."""
    out = []
    for toks in piece_tokens:
        if len(toks) < w.min_tokens:
            continue
        at_home = weigher.held(toks, sets[home]) if home is not None else 0.0
        if at_home >= w.went:
            continue
        best, best_j = 0.0, None
        for j in sorted(cands):
            if j == home:
                continue
            h = weigher.held(toks, sets[j])
            if h > best and h >= w.went and h - at_home >= w.margin and free(j) \
                    and max((weigher.held(t, toks) for t in pieces_of(j)), default=0.0) >= w.back:
                best, best_j = h, j
        if best_j is not None:
            out.append((best_j, best, best - at_home))
    return out


def renamed(text: str, renames) -> str:
    """An old rule in the new edition's words (魔法力 → 法术力, 玩家 → 牌手), longest phrase first
    (魔法力池 before 魔法力, whatever order `renames` come in)."""
    for a, b in sorted(renames, key=lambda r: (-len(r[0]), r)):
        if a in text:
            text = text.replace(a, b)
    return text


def find_parts(ua, ub, content, match: dict[int, int], confidences: dict[int, float],
               renames=(), w: SplitWeights | None = None) -> tuple[list[Part], list[Part]]:
    """Splits and merges, as the extra parts found (see the module docstring):
    `confidences` are those of the one-to-one matches, by old index; `renames`
    the edition's renamed terms (old, new), so that an old sentence is compared
    in the new words."""
    import numpy as np

    from rulebook.editions.textsim import tokens

    w = w or SplitWeights()
    if content.cross:
        return [], []
    renames = list(renames)
    weigher = _Weigher(content.vocab, content.idf)
    inverse = {j: i for i, j in match.items()}
    text = content.text
    best_old = np.argmax(text, axis=0) if text.size else np.zeros(0, dtype=int)   # each new rule's best old rule
    best_new = np.argmax(text, axis=1) if text.size else np.zeros(0, dtype=int)
    cands = content.top or {}
    cands_b: dict[int, set[int]] = {}
    for i, js in cands.items():
        for j in js:
            cands_b.setdefault(j, set()).add(i)
    old_words = _Lazy(lambda i: renamed(ua[i].text, renames))
    sets_a = _Lazy(lambda i: frozenset(tokens(old_words[i])))
    sets_b = _Lazy(lambda j: frozenset(content.sets_b[j]))
    pieces_a = _Lazy(lambda i: [frozenset(tokens(x)) for x in sentences(old_words[i])])
    pieces_b = _Lazy(lambda j: [frozenset(tokens(x)) for x in sentences(ub[j].text)])

    def free_new(i: int, j: int) -> bool:
        k = inverse.get(j)
        if k is not None and not (confidences.get(k, 0.0) < w.weak and int(best_old[j]) == i):
            return False
        return weigher.held(sets_b[j], sets_a[i]) >= w.part_from

    def free_old(j: int, i: int) -> bool:
        k = match.get(i)
        if k is not None and not (confidences.get(i, 0.0) < w.weak and int(best_new[i]) == j):
            return False
        return weigher.held(sets_a[i], sets_b[j]) >= w.part_from

    def parts(units, home_of, cands_of, other_units, mine, theirs, my_pieces, their_pieces, free, part) -> list:
        """The parts each unit of one edition sent to free units of the other: splits read old → new, merges
        read new → old with the same test."""
        out = []
        for u in units:
            if u.kind == "chapter":
                continue
            home = home_of.get(u.index)
            if home is not None and mine[u.index] <= theirs[home]:
                continue   # the counterpart holds every word: no sentence went elsewhere (most rules; skipped for time)
            pieces = my_pieces[u.index]
            if len(pieces) < 2:
                continue
            others = [k for k in cands_of.get(u.index, ()) if other_units[k].kind != "chapter"]
            found = _went(pieces, home, others, theirs, their_pieces.__getitem__, weigher, w,
                          lambda k, me=u.index: free(me, k))
            out += [part(u.index, k, held, margin, weigher.held(theirs[k], mine[u.index]))
                    for k, held, margin in _best(found, w)]
        return out

    splits = parts(ua, match, cands, ub, sets_a, sets_b, pieces_a, pieces_b, free_new,
                   lambda me, k, held, margin, back: Part(me, k, held, margin, back))
    merges = parts(ub, inverse, cands_b, ua, sets_b, sets_a, pieces_b, pieces_a, free_old,
                   lambda me, k, held, margin, back: Part(k, me, held, margin, back))
    split_pairs = {(p.old, p.new) for p in splits}
    return splits, [p for p in merges if (p.old, p.new) not in split_pairs]   # a pair found both ways is a split


@dataclass(frozen=True)
class Part:
    """One extra part: old rule `old` split into new rule `new` as well (or merged into it)."""

    old: int
    new: int
    held: float        # share of the sentence's weight the part holds
    margin: float      # … more than the one-to-one counterpart holds
    source: float      # share of the part's own weight that the other side holds


class _Lazy(dict):
    """A dict that computes a missing value on first use (the parts of the few rules looked at)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


def _best(found: list[tuple[int, float, float]], w: SplitWeights) -> list[tuple[int, float, float]]:
    """Each other rule once (its best sentence), strongest first, at most `max_parts`."""
    best: dict[int, tuple[float, float]] = {}
    for j, held, margin in found:
        if j not in best or (held, margin) > best[j]:
            best[j] = (held, margin)
    return [(j, h, m) for j, (h, m) in sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))[: w.max_parts]]
