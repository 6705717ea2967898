"""Which sentence of a rule to quote after a step: the one that decides what the firing did.

A rule's first sentence is often not what applied: 717.2b opens with a
clause ending in a colon and states its effect in the items below it; 418.5a
names the six layers first and the P/T sublayers later. The quote is chosen by
what the firing decided — the sentence (or item) sharing the most
distinctive words with the engine's reason for it ("6b", "6d", "分类层" for a
P/T value; "防止", "减少" for a prevention) — and, when that sentence is
long, the run of its clauses that carries them, marked with an ellipsis
where it was cut. Words every sentence of the rule shares weigh little
(inverse document frequency over the rule's own sentences); ties go to the
earlier sentence, so a firing that says nothing specific quotes the opening.
"""
from __future__ import annotations

import math
import re

QUOTE_CHARS = 72
_SENTENCE_END = "。；！？"
_CLAUSE_END = "，："
_OPEN, _CLOSE = "（「『", "）」』"
_ASIDE = re.compile(r"（[^（）]*）")        # a parenthetical aside (an example, a cross-reference): not what decides
MARGIN = 1.0        # a later sentence must match this much better than the opening to be quoted instead
_LATIN = re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*")    # "6b", "X"; a lone number says little
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")


def sentences(text: str, items: list[str] = ()) -> list[str]:
    """The rule's sentences, then its items. A sentence that ends in a colon (it introduces a
    list) is joined to the sentence or item that follows it, so a quote never ends on a colon."""
    out: list[str] = []
    for line in [*text.split("\n"), *items]:
        buf, depth = "", 0
        for ch in line.strip():
            buf += ch
            depth += (ch in _OPEN) - (ch in _CLOSE)
            if ch in _SENTENCE_END and depth <= 0:      # never inside 「…」 or （…）: a quoted example is one piece
                out.append(buf)
                buf, depth = "", 0
        if buf.strip():
            out.append(buf)
    joined: list[str] = []
    carry = ""
    for s in out:
        s = s.strip().lstrip("·•")
        if s.endswith(("：", ":")):
            carry += s
            continue
        joined.append(carry + s)
        carry = ""
    if carry:
        joined.append(carry)
    return [s for s in joined if s]


def _grams(text: str) -> set[str]:
    """Distinctive units of a text: Latin words ("6b", "X") and the character bigrams of each run of
    Chinese characters (never across punctuation or a space)."""
    grams = set(_LATIN.findall(text))
    for run in _HAN_RUN.findall(text):
        grams |= {run[i:i + 2] for i in range(len(run) - 1)}
    return grams


def _weights(parts: list[str]) -> dict[str, float]:
    df: dict[str, int] = {}
    for p in parts:
        for g in _grams(p):
            df[g] = df.get(g, 0) + 1
    n = len(parts)
    return {g: math.log((n + 1) / (d + 0.5)) + 0.1 for g, d in df.items()}


def _score(part: str, wanted: set[str], w: dict[str, float]) -> float:
    # summed in a fixed order and rounded: a set's order changes with the process's hash seed, and
    # floating-point sums in another order could break a tie the other way
    return round(sum(w.get(g, 0.0) for g in sorted(_grams(_ASIDE.sub("", part)) & wanted)), 9)


def deciding_sentence(text: str, items: list[str], decided: str, limit: int = QUOTE_CHARS,
                      ellipsis: str = "…") -> str:
    """The sentence of a rule (`text` and its `items`) that best matches `decided`, the engine's
    reason for a firing of it; at most `limit` characters, cut at clause boundaries."""
    parts = sentences(text, items)
    if not parts:
        return ""
    w = _weights(parts)
    wanted = _grams(decided)
    scores = [_score(p, wanted, w) for p in parts]
    best = max(range(len(parts)), key=lambda i: (scores[i], -i))
    if scores[best] < scores[0] + MARGIN:
        best = 0
    return _window(parts[best], wanted, w, limit, ellipsis).rstrip("；，")


def _clauses(sentence: str) -> list[str]:
    out, buf, depth = [], "", 0
    for ch in sentence:
        buf += ch
        depth += (ch in _OPEN) - (ch in _CLOSE)
        if ch in _CLAUSE_END and depth <= 0:
            out.append(buf)
            buf, depth = "", 0
    if buf:
        out.append(buf)
    return out


def _window(sentence: str, wanted: set[str], w: dict[str, float], limit: int, ellipsis: str) -> str:
    """The sentence, or when it is longer than `limit` the run of whole clauses within the limit that
    carries most of what the firing decided (the earliest such run), with an ellipsis where cut."""
    if len(sentence) <= limit:
        return sentence
    cl = _clauses(sentence)
    best: tuple[float, int, int] | None = None
    for i in range(len(cl)):
        size = 0
        for j in range(i, len(cl)):
            size += len(cl[j])
            extra = (len(ellipsis) if i else 0) + (len(ellipsis) if j < len(cl) - 1 else 0)
            if size + extra > limit:
                break
            score = _score("".join(cl[i:j + 1]), wanted, w)
            if best is None or score > best[0]:
                best = (score, i, j)
    if best is None:    # one clause longer than the limit: its opening, cut
        return sentence[: max(1, limit - len(ellipsis))] + ellipsis
    _, i, j = best
    body = "".join(cl[i:j + 1])
    if j < len(cl) - 1:
        body = body.rstrip(_CLAUSE_END) + ellipsis
    return (ellipsis if i else "") + body
