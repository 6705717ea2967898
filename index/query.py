"""Query text → weighted terms.

A query is a list of *concepts*, one per thing the user typed (a Chinese
word, an English phrase, a number). Each concept has terms:

- the typed word and the shorter dictionary words inside it, weight 1;
- for an English phrase, its Chinese names (book glossary aliases and the
  `terms/*-en.tsv` tables), weight `ENGLISH`;
- player vocabulary from the lexicon (`lexicon/*.tsv`), weight by the kind of entry (`index.vocab.KINDS`),
  below the typed words so that a rule using the user's own word still wins;
- for a run the book does not know (a typo: 卡排, 死循坏), book words one
  character away, weight `TYPO`, only when the correction is unambiguous.

The typed Chinese text also yields character bigrams for the fallback field.
Function words (吗, 什么, 的) are dropped. Concepts are what the ranking counts
when it rewards a rule for covering more of the query (`index.search`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from index.analysis import bigrams_of, pieces, stem
from index.normalize import normalize

ENGLISH = 0.9
SYNONYM = 0.5
TYPO = 0.5
CHAR_WORD = 0.3      # a book word containing a lone typed character the book (almost) never uses alone
RARE_CHAR = 3        # "almost never": in fewer documents than this

EN_STOP = frozenset("a an the of to in on at is are be been can could do does did it its this that and or "
                    "what how when why who which with for by from as if not no i you we".split())


@dataclass
class Term:
    word: str
    weight: float
    concept: int


@dataclass
class Concept:
    typed: str                       # as typed (normalised)
    kind: str                        # han | english | number | typo (a window replaced by its corrections)
    weight: float = 1.0              # share of the query this concept stands for
    show: list[str] = field(default_factory=list)   # strings to highlight in a hit


@dataclass
class Query:
    text: str
    norm: str
    concepts: list[Concept] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    bigrams: list[tuple[str, int]] = field(default_factory=list)  # (bigram, concept)

    def add(self, word: str, weight: float, concept: int) -> None:
        for t in self.terms:
            if t.word == word and t.concept == concept:
                t.weight = max(t.weight, weight)
                return
        self.terms.append(Term(word, weight, concept))


def parse(text: str, seg, vocab, known: Callable[[str], bool],
          occurs: Callable[[str], bool] = lambda s: True, df: Callable[[str], int] | None = None,
          term: Callable[[str], bool] = lambda w: False) -> Query:
    """`vocab`: the book's vocabulary (`index.build.book_vocabulary`);
    `known(word)`: whether the index holds the word; `occurs(s)`: whether the
    character string `s` appears anywhere in the book (both for typos);
    `df(word)`: in how many documents the word stands; `term(word)`: whether
    the book names it as a term (a headword, a heading: likelier typo targets)."""
    norm = normalize(text)
    q = Query(text, norm)
    items = list(pieces(norm))
    i = 0
    while i < len(items):
        kind, s = items[i]
        if kind == "lat":
            j = i
            while j < len(items) and items[j][0] == "lat":
                j += 1
            _english(q, [w for _, w in items[i:j]], vocab, seg, known)
            i = j
            continue
        if kind == "num":
            c = _concept(q, s, "number")
            q.add(s, 1.0, c)
            q.concepts[c].show.append(s)
        else:
            _han(q, s, seg, vocab, known, occurs, df or (lambda w: int(known(w))), term)
        i += 1
    _once(q)
    return q


def _once(q: Query) -> None:
    """A word asked twice is one concept (是进我的坟场还是进他的坟场: 坟场 once):
    a repeat keeps its terms and bigrams but weighs nothing in coverage, so a
    rule matching it is not credited twice."""
    seen: set[tuple[str, str]] = set()
    for c in q.concepts:
        key = (c.kind, c.typed)
        if key in seen:
            c.weight = 0.0
        elif c.weight > 0:
            seen.add(key)


def _concept(q: Query, typed: str, kind: str, weight: float = 1.0) -> int:
    q.concepts.append(Concept(typed, kind, weight))
    return len(q.concepts) - 1


def _chinese_terms(q: Query, text: str, weight: float, c: int, seg) -> None:
    """Add the word terms of a Chinese expansion (segmented like the book)."""
    for kind, s in pieces(normalize(text)):
        if kind == "han":
            for group in seg.words(s):
                for w in group:
                    q.add(w, weight, c)
        elif kind == "lat":
            q.add(stem(s), weight, c)
    q.concepts[c].show.append(text)


def _english(q: Query, words: list[str], vocab, seg, known: Callable[[str], bool]) -> None:
    """Greedy longest match of English phrases against the name tables."""
    stems = [stem(w) for w in words]
    i = 0
    while i < len(words):
        for n in range(min(5, len(words) - i), 0, -1):
            key = " ".join(stems[i:i + n])
            names = vocab.english.get(key, [])
            if names:
                break
        else:
            n, names = 1, []
        typed = " ".join(words[i:i + n])
        if not names and (words[i] in EN_STOP or len(words[i]) < 2 and not known(words[i])):
            i += 1
            continue
        c = _concept(q, typed, "english")
        for s in stems[i:i + n]:
            q.add(s, 1.0, c)
        q.concepts[c].show.append(typed)
        for z in names[:3]:
            _chinese_terms(q, z, ENGLISH, c, seg)
            for syn in vocab.synonyms.get(z, [])[:4]:
                _chinese_terms(q, syn, ENGLISH * _weight(vocab, z, syn), c, seg)
        if not names:   # no name table knows it: the lexicon may (cmc, etb, buff: players' abbreviations)
            for syn in vocab.synonyms.get(typed, []):
                _chinese_terms(q, syn, _weight(vocab, typed, syn), c, seg)
        i += n


def _weight(vocab, word: str, expansion: str) -> float:
    """The weight the lexicon gives an expansion (by the kind of its entry)."""
    return vocab.weights.get(word, {}).get(expansion, SYNONYM)


def _synonyms_for(word: str, vocab, known: Callable[[str], bool]) -> list[tuple[str, float]]:
    """(expansion, weight) for a word; for a word the book does not use, of the
    longest table entries inside it (被杀 → 杀 → 消灭)."""
    if word in vocab.synonyms:
        return [(s, _weight(vocab, word, s)) for s in vocab.synonyms[word]]
    if len(word) < 2 or known(word):
        return []
    out: list[tuple[str, float]] = []
    for n in range(len(word) - 1, 0, -1):
        for k in range(len(word) - n + 1):
            sub = word[k:k + n]
            for s in vocab.synonyms.get(sub, []):
                if all(s != o for o, _ in out):
                    out.append((s, _weight(vocab, sub, s)))
        if out:
            break
    return out


def _han(q: Query, run: str, seg, vocab, known: Callable[[str], bool], occurs: Callable[[str], bool],
         df: Callable[[str], int], term: Callable[[str], bool] = lambda w: False) -> None:
    groups = seg.words(run)
    concept_of: list[int | None] = []   # per word of the run: its concept, None for a stop word
    content: list[tuple[int, list[list[str]]]] = []   # (first concept, runs of non-stop words)
    cur: list[list[str]] = []
    for g in groups:
        if g[0] in vocab.stopwords:
            concept_of.append(None)
            if cur:
                content.append((len(q.concepts) - len(cur), cur))
            cur = []
            continue
        word = g[0]
        c = _concept(q, word, "han", 1.0 if len(word) > 1 else 0.5)
        concept_of.append(c)
        cur.append(g)
        for w in g:
            q.add(w, 1.0, c)
        q.concepts[c].show.append(word)
        for syn, w in _synonyms_for(word, vocab, known):
            _chinese_terms(q, syn, w, c, seg)
    if cur:
        content.append((len(q.concepts) - len(cur), cur))
    _typos(q, groups, concept_of, seg, known, occurs, df, term)
    # lone characters the book hardly uses, not already explained by a synonym or a typo fix
    expanded = {t.concept for t in q.terms if t.weight < 1.0}
    for first, chunk in content:
        for n, g in enumerate(chunk):
            c = first + n
            if len(g[0]) == 1 and c not in expanded and q.concepts[c].weight > 0 and df(g[0]) < RARE_CHAR:
                for w in _words_with(g[0], seg, df):
                    q.add(w, CHAR_WORD, c)
        joined = "".join(g[0] for g in chunk)
        for k, b in enumerate(bigrams_of(joined)):
            q.bigrams.append((b, _concept_at(chunk, first, k)))


def _words_with(ch: str, seg, df: Callable[[str], int], k: int = 3) -> list[str]:
    """The book's words that contain a character it never uses as a word of
    its own: players abbreviate (减费 for 减少费用, 攻防 for 攻击/防御, 横掉
    for 横置), so a lone 减 most likely means one of these. The ones in most of
    the book's documents first (not jieba's general-language frequency: 横
    means 横置 in a rulebook, not 横线), at most `k`."""
    memo = seg.words_with   # per dictionary: each character scans every word once
    hit = memo.get((ch, k))
    if hit is None:
        cands = [(n, w) for w, f in seg.tk.FREQ.items() if f and ch in w and 2 <= len(w) <= 3 and (n := df(w))]
        cands.sort(key=lambda x: (-x[0], x[1]))
        hit = memo[(ch, k)] = [w for _, w in cands[:k]]
    return hit


def _concept_at(chunk: list[list[str]], first: int, pos: int) -> int:
    """The concept whose word covers character `pos` of the chunk (a position
    inside the chunk: past every other word, the last word covers it)."""
    at = 0
    for n, g in enumerate(chunk[:-1]):
        at += len(g[0])
        if pos < at:
            return first + n
    return first + len(chunk) - 1


def _typos(q: Query, groups: list[list[str]], concept_of: list[int | None], seg, known: Callable[[str], bool],
           occurs: Callable[[str], bool], df: Callable[[str], int], term: Callable[[str], bool]) -> None:
    """Where typos hide: a wrong character breaks a word, and jieba leaves it
    alone (卡排 → 卡/排, 衍生务 → 衍生/务, 再条度 → 再/条/度). A window of 2–4
    characters over neighbouring words, holding such a lone character, that
    never occurs in the book is replaced by book words one character away,
    the changed character being a lone one, if there are at most two (see
    `_sounds_alike`). Stop words count as characters here (再 of 再条度 is a
    stop word on its own), but a window of stop words only is never a typo.

    Windows compete for their characters: corrections to the book's own
    terms first (死处只 → 死触, not 处只 → 处置), then longer windows, then
    corrections the book uses more. Without pypinyin, only windows of lone
    characters (the sound is what tells 衍生务 from 能横置)."""
    starts = []
    at = 0
    for g in groups:
        starts.append(at)
        at += len(g[0])
    cands = []
    for i in range(len(groups)):
        for j in range(i, len(groups)):
            window = "".join(g[0] for g in groups[i:j + 1])
            if len(window) > 4:
                break
            if len(window) < 2 or all(concept_of[k] is None for k in range(i, j + 1)):
                continue
            lone = {starts[k] - starts[i] for k in range(i, j + 1) if len(groups[k][0]) == 1}
            if not lone or occurs(window):
                continue
            if len(lone) < j - i + 1 and not _have_pinyin():
                # a word plus a character (能 + 横置): without the sound, any word next to an
                # unusual character would look like a typo of its one-character-off neighbour (未横置)
                continue
            fixes = [f for f in seg.one_away(window) if known(f) and _changed(window, f) in lone]
            if len(window) == 2:
                # two characters are little evidence: only a typo of one of the book's own
                # words (横至 → 横置, not 打到 → 达到), and never with a stop word (攻几 → 攻击)
                if any(concept_of[k] is None for k in range(i, j + 1)):
                    continue
                fixes = [f for f in fixes if term(f)]
            fixes = _sounds_alike(window, fixes)
            if 0 < len(fixes) <= 2:
                best = max(fixes, key=lambda f: (term(f), df(f)))
                cands.append(((term(best), len(window), df(best)), i, j, window, fixes))
    cands.sort(key=lambda x: x[0], reverse=True)
    taken: set[int] = set()
    for _, i, j, window, fixes in cands:
        if taken & set(range(i, j + 1)):
            continue
        taken.update(range(i, j + 1))
        # the window becomes a concept of its own (typed 传记, meant 传纪); its
        # words no longer count as separate things the user asked
        for k in range(i, j + 1):
            if concept_of[k] is not None:
                q.concepts[concept_of[k]].weight = 0.0
        c = _concept(q, window, "typo")
        for f in fixes:
            _chinese_terms(q, f, TYPO, c, seg)


def _have_pinyin() -> bool:
    try:
        from pypinyin import pinyin  # start-up: pypinyin (~90 ms; optional) only when a typo is corrected  # noqa: F401
    except ImportError:
        return False
    return True


def _changed(a: str, b: str) -> int:
    """The position where two strings of the same length differ (the first)."""
    return next(i for i in range(len(a)) if a[i] != b[i])


def _sounds_alike(window: str, fixes: list[str]) -> list[str]:
    """Keep the corrections whose changed character sounds like the typed one.

    Chinese typos come from pinyin input methods: 忍述 for 忍术, 卡排 for 卡牌,
    传记 for 传纪. With pypinyin installed, a correction whose new character
    shares a toneless reading with the typed one wins; failing that, in a
    window of three or more characters, one whose reading is one letter away
    (坏 huai / 环 huan, z/zh, n/ng). Without pypinyin, only a single
    correction of a window of three or more characters."""
    try:
        from pypinyin import Style, pinyin  # start-up: as above
    except ImportError:
        # no way to tell a typo from a word the book lacks: only a long window
        # with a single correction (死循坏 → 死循环), never two-character guesses
        return fixes if len(window) >= 3 and len(fixes) == 1 else []

    def readings(ch: str) -> set[str]:
        # the common reading only: 施 also reads yì, which would make 施法 a typo of 译法
        return set(pinyin(ch, style=Style.NORMAL, heteronym=False)[0])

    same, near = [], []
    for f in fixes:
        p = next(i for i in range(len(f)) if f[i] != window[i])
        a, b = readings(window[p]), readings(f[p])
        if a & b:
            same.append(f)
        elif any(_one_edit(x, y) for x in a for y in b):
            near.append(f)
    # one letter off is weaker evidence: only for windows of three or more characters,
    # where the two characters that match already make a mistake likely (死循坏 → 死循环)
    return same or (near if len(window) >= 3 else [])


def _one_edit(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    if len(a) > len(b):
        a, b = b, a
    return any(b[:i] + b[i + 1:] == a for i in range(len(b)))
