"""Write the search index of one book into a directory.

The directory holds the whoosh index, the pruned jieba dictionary the query
side segments with (`words.dict`), the exact-match tables for rule numbers and
glossary headwords (`lookup.json`), and `meta.json`, written last, which says
what was indexed. `index.store` decides where the directory lives and makes
the write atomic; this module only fills it.
"""
from __future__ import annotations

import json
import marshal
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

from index import ANALYZER_VERSION
from index.analysis import bigram_terms, word_terms
from index.asks import answered
from index.documents import HEADING_PRIOR, Doc, book_terms, documents
from index.normalize import normalize
from index.segment import Segmenter
from index.vocab import Vocabulary, english_key, game_of, snapshot, vocabulary
from index.whooshlib import prepare

Progress = Callable[[str, int, int], None]

# BM25F field weights. A term's frequency in the `words` field is the weighted
# sum of its frequencies in these parts of a document, so that a heading
# match counts more than a body match and an inherited section heading or an
# example counts less: the BM25F of Robertson et al. (weighted term
# frequencies, then one saturation), not whoosh's per-field sum.
FIELD_WEIGHTS = {"title": 1.6, "text": 1.0, "gloss": 0.9, "section": 0.3, "examples": 0.35}
# A stop word the book names as a term and uses in fewer than this share of its documents is a term there.
STOP_TERM_SHARE = 0.1


def schema():
    """`words`: word terms, each with its field weight (`term^1.6`); `bigram`:
    character bigrams of the heading and the text."""
    prepare()
    from whoosh.analysis import DelimitedAttributeFilter, SpaceSeparatedTokenizer  # start-up: whoosh only after prepare(), which spares asyncio and urllib.request (index/whooshlib.py)
    from whoosh.fields import ID, STORED, TEXT, Schema  # start-up: as above

    return Schema(
        uid=ID(stored=True, unique=True),
        kind=STORED, label=STORED, crumb=STORED, display=STORED,
        words=TEXT(analyzer=SpaceSeparatedTokenizer() | DelimitedAttributeFilter(), phrase=False),
        bigram=TEXT(analyzer=SpaceSeparatedTokenizer(), phrase=False),
    )


def _noop(stage: str, done: int, total: int) -> None:
    pass


def build(book, dest: Path, *, progress: Progress = _noop, jieba_cache: Path | None = None) -> dict:
    """Index `book` into the (new, empty) directory `dest`; returns the meta record."""
    from whoosh import index as windex  # start-up: as above

    t0 = time.perf_counter()
    game = game_of(book.dialect)
    vocab = vocabulary(game)
    docs = documents(book)
    progress("loading the segmenter", 0, 1)
    named = {normalize(w) for w in book_terms(book)}
    user_words = named | vocab.user_words()
    seg = Segmenter.full(user_words, tmp_dir=jieba_cache)
    progress("loading the segmenter", 1, 1)

    dest.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(dest), schema())
    writer = ix.writer(limitmb=256)
    seg.collect = used = set()
    for w in user_words:
        seg.words(w)
    stop_df: dict[str, int] = {}
    lengths: list[float] = []   # weighted length of each document's `words` field (BM25F)
    for i, d in enumerate(docs):
        words = []
        counts = {}
        for name, text in _fields(d).items():
            boost = FIELD_WEIGHTS[name]
            suffix = "" if boost == 1.0 else f"^{boost}"
            terms = word_terms(normalize(text), seg)
            counts[name] = len(terms)
            words += [t + suffix for t in terms]
        lengths.append(round(sum(FIELD_WEIGHTS[name] * n for name, n in counts.items()), 2))
        for w in vocab.stopwords.intersection(t.split("^")[0] for t in words):
            stop_df[w] = stop_df.get(w, 0) + 1
        writer.add_document(uid=d.uid, kind=d.kind, label=d.label, crumb=d.crumb, display=d.text,
                            words=" ".join(words), bigram=" ".join(bigram_terms(normalize(d.title + "\n" + d.text))))
        if i % 50 == 0 or i == len(docs) - 1:
            progress("indexing", i + 1, len(docs))
    progress("writing", 0, 1)
    writer.commit()
    seg.collect = None
    seg.export(used | user_words, dest / "words.dict")
    vocab = book_vocabulary(vocab, docs, stop_df)
    (dest / "vocab.json").write_text(json.dumps(snapshot(vocab), ensure_ascii=False), encoding="utf-8")
    lookup = _lookup(book, docs)
    (dest / "lookup.json").write_text(json.dumps(lookup, ensure_ascii=False), encoding="utf-8")
    # what ranking reads on every text query, in marshal: it loads 5–10× faster than JSON
    parents = _parents(book, docs)
    topic, topic_words = _topics(docs, parents, seg)
    ranking = {"lengths": lengths, "cites": _cites(book, docs, lookup["keys"]),
               "links": _links(book, docs, lookup["keys"]), "parent": parents,
               "topic": topic, "topic_words": topic_words,
               "answers": [answered(normalize(d.text), vocab.asks) for d in docs],
               "terms": sorted(w for w in named if len(w) > 1)}   # likelier typo targets (index.query._typos)
    (dest / "ranking.marshal").write_bytes(marshal.dumps(ranking))
    meta = {
        "format": 1, "analyzer": ANALYZER_VERSION, "book_id": book.id, "path": book.path, "sha256": book.sha256,
        "dialect": book.dialect, "game": game, "title": book.title or book.id, "docs": len(docs),
        # the header of `judge search` answers names the book and edition without loading the rulebook
        "game_name": book.game, "edition": book.edition, "language": book.language,
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "build_seconds": round(time.perf_counter() - t0, 3),
    }
    (dest / "meta.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    progress("writing", 1, 1)
    return meta


def book_vocabulary(vocab: Vocabulary, docs: list[Doc], stop_df: dict[str, int]) -> Vocabulary:
    """The game's vocabulary as this book needs it.

    English names: the ones the book prints (WoW's `优先权 Priority`) name its
    headwords, ahead of the game's table (`terms/*-en.tsv`); a query and an
    exact headword match both read them from here.

    Stop words: a stop word that the book names as a term of its own (a
    glossary headword or a rule heading) and uses in few documents is a term
    here, not a function word: MTG's 地 (land) is also the adverb particle 地,
    but a book that writes 的 in 75 % of its rules and 地 in 3–6 % means the
    land. The 2026 CR also defines 你 (8 %: a term there too) and 如果 (28 %:
    still a stop word)."""
    names = set()
    english: dict[str, list[str]] = {}
    for d in docs:
        names.update(normalize(n) for n in d.names)
        if d.kind != "glossary" and d.title:
            names.add(normalize(d.title))
        for n in d.names:
            k = english_key(n)
            if k and not any("\u4e00" <= c <= "\u9fff" for c in n):
                head = normalize(d.label)
                if head not in english.setdefault(k, []):
                    english[k].append(head)
    for k, zh in vocab.english.items():
        own = english.get(k, [])
        english[k] = own + [z for z in zh if z not in own]
    limit = STOP_TERM_SHARE * max(len(docs), 1)
    terms = {w for w in vocab.stopwords & names if stop_df.get(w, 0) < limit}
    return replace(vocab, english=english, stopwords=vocab.stopwords - terms)


def _fields(d: Doc) -> dict[str, str]:
    """The parts of a document, by field weight. Names the book gives it
    besides its own (`Doc.aka`: 场上区, APNAP, 旅法师) count as its heading."""
    title = " ".join(x for x in [d.title] + d.aka if x)
    if d.kind == "glossary":
        return {"title": title, "gloss": d.text}
    text = "" if d.text.strip() == d.title else d.text  # a heading-only rule: count the heading once
    return {"text": text, "title": title, "section": d.section, "examples": d.examples}


def _lookup(book, docs: list[Doc]) -> dict:
    """Exact-match tables: rule number key → uid, glossary name → uid, a rule's
    subrules, the priors."""
    keys: dict[str, str] = {}
    children: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    indexed = {d.uid for d in docs}
    for d in docs:
        if d.key and d.key not in keys:
            keys[d.key] = d.uid
        for n in d.names:
            names.setdefault(normalize(n), d.uid)
    for d in docs:
        node = book.node(d.uid)
        kids = [c for c in node.children if c in indexed]
        if kids:
            children[d.uid] = kids
    # document number (= position in `docs`, the order documents are added) → prior, when not 1
    priors = {str(i): d.prior for i, d in enumerate(docs) if d.prior != 1.0}
    return {"keys": keys, "names": names, "children": children, "priors": priors}


def _cites(book, docs: list[Doc], keys: dict[str, str]) -> dict[int, list[int]]:
    """Glossary entry (document number) → the rules its definition cites
    (`参见规则702.19`), as document numbers. A cited rule that is only a heading
    (702.19 践踏) stands for the rules below it, which answer: they are listed
    after it, at every depth (708 牌面朝下 → 708.2a).
    The glossary bridge of `index.search` passes weight along these links;
    `keys` is the number table of `_lookup`."""
    num = {d.uid: i for i, d in enumerate(docs)}
    out: dict[int, list[int]] = {}
    for i, d in enumerate(docs):
        if d.kind != "glossary":
            continue
        targets: list[int] = []
        for ref in book.node(d.uid).refs:
            for key in ref.targets:
                uid = keys.get(key)
                if uid is None or uid not in num:
                    continue
                targets.append(num[uid])
                if docs[num[uid]].prior < 1.0:  # a heading: the whole rule below it
                    stack = list(book.node(uid).children)
                    while stack:
                        c = stack.pop(0)
                        if c in num:
                            targets.append(num[c])
                        stack.extend(book.node(c).children)
        if targets:
            out[i] = list(dict.fromkeys(targets))
    return out


def _refs_of(book, uid: str):
    """The references written in a node and in the examples and bullets attached to it."""
    node = book.node(uid)
    yield from node.refs
    stack = list(node.attached)
    while stack:
        a = stack.pop(0)
        if book.has(a):
            yield from book.node(a).refs
            stack.extend(book.node(a).attached)


def _links(book, docs: list[Doc], keys: dict[str, str]) -> dict[int, list[int]]:
    """Rule (document number) → the documents its text and examples cite
    (`参见规则506.4`), as document numbers; a cited heading stands for itself
    only (the rules below it are reached through `_parents`). The citation
    vote of `index.search` passes weight along these links, both ways."""
    num = {d.uid: i for i, d in enumerate(docs)}
    out: dict[int, list[int]] = {}
    for i, d in enumerate(docs):
        if d.kind == "glossary":
            continue
        targets = [num[u] for ref in _refs_of(book, d.uid) for key in ref.targets
                   if (u := keys.get(key)) is not None and u in num and num[u] != i]
        if targets:
            out[i] = list(dict.fromkeys(targets))
    return out


def _parents(book, docs: list[Doc]) -> list[int]:
    """Per document, the document number of the rule it sits under (-1: none).
    The section vote of `index.search` reads it."""
    num = {d.uid: i for i, d in enumerate(docs)}
    out = []
    for d in docs:
        p = book.node(d.uid).parent
        out.append(num.get(p, -1) if p else -1)
    return out


def _topics(docs: list[Doc], parents: list[int], seg) -> tuple[list[int], dict[int, list[str]]]:
    """Per document, the named topic it belongs to (-1: none), and each topic's words.

    A named topic is a rule that is only a name and sits below another rule —
    a keyword ability or action in its catalogue (`702.55. 发掘` under `702`),
    a card type's list of subtypes — not a top section (`101.`, whose parent is a
    chapter or nothing). A rule belongs to its nearest such ancestor, or is one.
    `index.search` holds a rule of a topic the query never names a little below
    the rules of the general sections: such catalogues repeat the book's common
    words (生物, 放逐, 触发) in hundreds of subrules, so a question about a general
    situation found them ahead of the rule that answers it."""
    named = {i for i, d in enumerate(docs)
             if d.kind == "rule" and d.prior == HEADING_PRIOR and parents[i] >= 0 and docs[parents[i]].kind == "rule"}
    topic: list[int] = []
    for i in range(len(docs)):
        a = i
        while a >= 0 and a not in named:
            a = parents[a]
        topic.append(a)
    words = {i: sorted(set(word_terms(normalize(docs[i].title), seg))) for i in sorted(named)}
    return topic, words
