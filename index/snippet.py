"""The passage of a hit worth showing, with the words that matched marked."""
from __future__ import annotations

from index.normalize import normalize

WIDTH = 120


def spans(text: str, words: list[str]) -> list[tuple[int, int]]:
    """Non-overlapping (start, end) of `words` in `text`, longest words first,
    then in the order given (where two overlap, the one typed first is marked;
    the same every run, whatever the hash seed).

    Matching is done on the normalised text (so 優先權 in a Traditional book
    marks 优先权); when normalising changed the length, on the case-folded
    original instead."""
    norm = normalize(text)
    hay = norm if len(norm) == len(text) else text.casefold()
    taken = [False] * len(text)
    out = []
    for w in sorted(dict.fromkeys(normalize(w) for w in words if w), key=len, reverse=True):
        if not w.strip():
            continue
        start = hay.find(w)
        while start >= 0:
            end = start + len(w)
            if not any(taken[start:end]):
                out.append((start, end))
                for k in range(start, end):
                    taken[k] = True
            start = hay.find(w, end)
    return sorted(out)


def snippet(text: str, words: list[str], width: int = WIDTH) -> tuple[str, list[tuple[int, int]]]:
    """(passage, highlight spans inside the passage): the `width`-character
    window holding the most distinct matched words, whole text if short."""
    text = " ".join(text.split())
    found = spans(text, words)
    if len(text) <= width:
        return text, found
    best, best_start = -1, 0
    for s, _ in found or [(0, 0)]:
        start = max(0, min(s - width // 4, len(text) - width))
        inside = {text[a:b] for a, b in found if a >= start and b <= start + width}
        if len(inside) > best:
            best, best_start = len(inside), start
    start, end = best_start, best_start + width
    pre = "…" if start > 0 else ""
    post = "…" if end < len(text) else ""
    passage = pre + text[start:end] + post
    shift = len(pre) - start
    return passage, [(a + shift, b + shift) for a, b in found if a >= start and b <= end]
