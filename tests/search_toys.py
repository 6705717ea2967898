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
