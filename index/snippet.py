"""The passage of a hit worth showing, with the words that matched marked.

The work per hit is bounded whatever the rule: at most `MAX_PER_WORD` marks
per query word, and one pass over the marks to choose the passage (a 1 MB rule
with 200,000 matches once took over 300 s here, when every candidate passage
recounted every mark).
"""
from __future__ import annotations

from index.normalize import normalize

WIDTH = 120
MAX_PER_WORD = 2000   # marks kept per word: far more than any passage of WIDTH characters shows


def spans(text: str, words: list[str]) -> list[tuple[int, int]]:
    """Non-overlapping (start, end) of `words` in `text`, longest words first,
    then in the order given (where two overlap, the one typed first is marked;
    the same every run, whatever the hash seed); the first `MAX_PER_WORD`
    occurrences of each word.

    Matching is done on the normalised text (so 優先權 in a Traditional book
    marks 优先权); when normalising changed the length, on the case-folded
    original instead."""
    norm = normalize(text)
    hay = norm if len(norm) == len(text) else text.casefold()
    taken = bytearray(len(text))
    out = []
    for w in sorted(dict.fromkeys(normalize(w) for w in words if w), key=len, reverse=True):
        if not w.strip():
            continue
        kept = 0
        start = hay.find(w)
        while start >= 0 and kept < MAX_PER_WORD:
            end = start + len(w)
            if not any(taken[start:end]):
                out.append((start, end))
                taken[start:end] = b"\x01" * (end - start)
                kept += 1
            start = hay.find(w, end)
    return sorted(out)


def best_window(text: str, found: list[tuple[int, int]], width: int = WIDTH) -> int:
    """Where the `width`-character passage holding the most distinct matched
    words starts. The candidates start a quarter width before each mark; the
    first best one wins. One pass with two pointers: the candidates move right,
    so the marks inside are `found[lo:hi]` and each mark enters and leaves once."""
    counts: dict[str, int] = {}
    best, best_start = -1, 0
    lo = hi = 0
    for s, _ in found or [(0, 0)]:
        start = max(0, min(s - width // 4, len(text) - width))
        end = start + width
        while lo < len(found) and found[lo][0] < start:
            if lo < hi:
                w = text[found[lo][0]:found[lo][1]]
                counts[w] -= 1
                if not counts[w]:
                    del counts[w]
            lo += 1
        hi = max(hi, lo)
        while hi < len(found) and found[hi][1] <= end:
            w = text[found[hi][0]:found[hi][1]]
            counts[w] = counts.get(w, 0) + 1
            hi += 1
        if len(counts) > best:
            best, best_start = len(counts), start
    return best_start


def snippet(text: str, words: list[str], width: int = WIDTH) -> tuple[str, list[tuple[int, int]]]:
    """(passage, highlight spans inside the passage): the `width`-character
    window holding the most distinct matched words, whole text if short."""
    text = " ".join(text.split())
    found = spans(text, words)
    if len(text) <= width:
        return text, found
    start = best_window(text, found, width)
    end = start + width
    pre = "…" if start > 0 else ""
    post = "…" if end < len(text) else ""
    passage = pre + text[start:end] + post
    shift = len(pre) - start
    return passage, [(a + shift, b + shift) for a, b in found if a >= start and b <= end]
