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

A book states some things twice: in general, where it defines a term, and
again where the term is applied (the mana pool empties at the end of each step:
106.4, the definition of the mana pool, and 703.4q, the turn-based action). So
a sentence of an old rule also lives in the rule that defines one of its terms
(the rule the new book's glossary cites for the term, 法术力池 → 106.4) when that rule holds
enough of it (`defined`) and at least as much as the counterpart does. Such a
definition keeps words of its own (it is general), so the model checks (`back`,
`part_from`) are not asked of it; the glossary link stands in for them. A
definition already matched one to one to another rule is a part too when its
own counterpart lacked the sentence (the sentence moved into it): a *shared*
part, which leaves that match in place.
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
    defined: float = 0.4         # share of a sentence the rule defining one of its terms holds (see the docstring)


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


def terms_in(text: str, pattern) -> list[str]:
    """The glossary headwords a sentence names, longest first where they overlap (法术力池, not 法术力)."""
    return list(dict.fromkeys(m.group(0) for m in pattern.finditer(text))) if pattern is not None else []


def definitions_of(book, units) -> dict[str, list[int]]:
    """Each glossary headword of `book` (two characters or more) → the rules its entry cites (unit indexes, no
    chapters): where the book defines the term."""
    index = {u.uid: u.index for u in units if u.kind != "chapter"}
    out: dict[str, list[int]] = {}
    for g in book.glossary():
        cited = [index[uid] for r in g.refs for t in r.targets for uid in book.by_key.get(t, [])[:1] if uid in index]
        if cited and len(g.title) >= 2:
            out.setdefault(g.title, [])
            out[g.title] += [k for k in cited if k not in out[g.title]]
    return out


def _term_pattern(defs: dict[str, list[int]]):
    """One alternation of the headwords, longest first, so that a match is the longest term at its place."""
    if not defs:
        return None
    return re.compile("|".join(re.escape(t) for t in sorted(defs, key=lambda t: (-len(t), t))))


def _defined(texts, piece_tokens, home: int | None, defs, pattern, sets, weigher: _Weigher, w: SplitWeights,
             allowed) -> list[tuple[int, float, float]]:
    """For each sentence of a rule: (defining rule, share it holds, margin over `home`) for every rule the
    other book's glossary cites for a term the sentence names, when that rule holds at least `defined` of the
    sentence and no less than `home` does, and `allowed` lets the sentence go there."""
    out = []
    for text, toks in zip(texts, piece_tokens):
        if len(toks) < w.min_tokens:
            continue
        at_home = weigher.held(toks, sets[home]) if home is not None else 0.0
        for term in terms_in(text, pattern):
            for k in defs[term]:
                if k == home or len(sets[k]) < w.min_tokens:
                    continue   # a bare heading ("战斗伤害步骤") holds a sentence that only names it
                h = weigher.held(toks, sets[k])
                if h >= w.defined and h >= at_home and allowed(k, toks):
                    out.append((k, h, h - at_home))
    return out


def renamed(text: str, renames) -> str:
    """An old rule in the new edition's words (魔法力 → 法术力, 玩家 → 牌手), longest phrase first
    (魔法力池 before 魔法力, whatever order `renames` come in)."""
    for a, b in sorted(renames, key=lambda r: (-len(r[0]), r)):
        if a in text:
            text = text.replace(a, b)
    return text


def find_parts(ua, ub, content, match: dict[int, int], confidences: dict[int, float],
               renames=(), w: SplitWeights | None = None, definitions=None) -> tuple[list[Part], list[Part]]:
    """Splits and merges, as the extra parts found (see the module docstring):
    `confidences` are those of the one-to-one matches, by old index; `renames`
    the edition's renamed terms (old, new), so that an old sentence is compared
    in the new words; `definitions` the new book's defining rule(s) of each
    glossary term (`definitions_of`). Definitions are looked for in splits only:
    read backwards, a new rule that names a term the old book defined merely uses
    it (every rule applying a term names it), which is no sign of a merge."""
    import numpy as np  # start-up: numpy (~30 ms) only when splits are looked for

    from rulebook.editions.textsim import tokens  # start-up: textsim: numpy and scipy (~100 ms)

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
    texts_a = _Lazy(lambda i: sentences(old_words[i]))
    texts_b = _Lazy(lambda j: sentences(ub[j].text))
    pieces_a = _Lazy(lambda i: [frozenset(tokens(x)) for x in texts_a[i]])
    pieces_b = _Lazy(lambda j: [frozenset(tokens(x)) for x in texts_b[j]])
    defs_b = definitions or {}
    pattern_b = _term_pattern(defs_b)

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

    def parts(units, home_of, cands_of, other_units, mine, theirs, my_texts, my_pieces, their_pieces, free,
              their_home_of, their_own, defs, pattern, part) -> list:
        """The parts each unit of one edition sent to free units of the other: splits read old → new, merges
        read new → old with the same test. A defining rule (`_defined`) that is not free but matched to
        another rule is a shared part when that rule (`their_home_of`, its words `their_own`) lacks the sentence."""
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
            me = u.index
            others = [k for k in cands_of.get(me, ()) if other_units[k].kind != "chapter"]
            found = _went(pieces, home, others, theirs, their_pieces.__getitem__, weigher, w,
                          lambda k: free(me, k))

            def moved_in(k: int, toks) -> bool:
                other = their_home_of.get(k)
                return other is None or free(me, k) or weigher.held(toks, their_own[other]) < w.went

            found += _defined(my_texts[me], pieces, home, defs, pattern, theirs, weigher, w, moved_in)
            out += [part(me, k, held, margin, weigher.held(theirs[k], mine[me]),
                         their_home_of.get(k) is not None and not free(me, k))
                    for k, held, margin in _best(found, w)]
        return out

    splits = parts(ua, match, cands, ub, sets_a, sets_b, texts_a, pieces_a, pieces_b, free_new,
                   inverse, sets_a, defs_b, pattern_b,
                   lambda me, k, held, margin, back, shared: Part(me, k, held, margin, back, shared))
    merges = parts(ub, inverse, cands_b, ua, sets_b, sets_a, texts_b, pieces_b, pieces_a, free_old,
                   match, sets_b, {}, None,
                   lambda me, k, held, margin, back, shared: Part(k, me, held, margin, back, shared))
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
    shared: bool = False   # the part keeps its own one-to-one match (a definition the sentence moved into)


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
