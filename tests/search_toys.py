"""What the unit-level search tests share: a segmenter over a toy dictionary, a small book parsed.

Both are built per test (function-scoped fixtures call them): mutation testing maps a mutant to the
tests that ran the mutated code, and a module-scoped fixture would run it during the first test only.
"""
from __future__ import annotations

from index.segment import Segmenter, _Dictionary


def toy_segmenter(words: dict[str, int]) -> Segmenter:
    """A segmenter whose dictionary is `words` (word → frequency), with jieba's prefix entries."""
    freq: dict[str, int] = {}
    for w, f in words.items():
        freq[w] = f
        for i in range(1, len(w)):
            freq.setdefault(w[:i], 0)
    return Segmenter(_Dictionary(freq, sum(words.values())))


def parsed_book(tmp_path, text: str):
    """`text` written to a file and parsed as a user's book would be."""
    from rulebook import load_book

    p = tmp_path / "book.txt"
    p.write_text(text, encoding="utf-8")
    return load_book(str(p))


def bm25_written_out(idx, field: str, term: str, weight: float) -> dict[int, float]:
    """BM25 (k1 1.2, b 0.75) of `term` in each document, with `weight` on the idf, computed from
    whoosh's public statistics (term frequency, document frequency, field lengths; the words
    field by the index's weighted lengths): what `Index.scored` must return."""
    import math

    r = idx.reader
    n = r.doc_count_all()
    df = r.doc_frequency(field, term)
    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
    if field == "words":
        lengths = idx._weighted_lengths
        avg = sum(lengths) / len(lengths)
    else:
        lengths = [r.doc_field_length(d, field, 0) for d in range(n)]
        avg = r.field_length(field) / n
    m = r.postings(field, term)
    expect = {}
    while m.is_active():
        tf, dl = m.weight(), lengths[m.id()]
        expect[m.id()] = weight * idf * 2.2 * tf / (tf + 1.2 * (0.25 + 0.75 * dl / avg))
        m.next()
    return expect
