"""Find the cross-references written in rule text.

Every phrasing seen in the corpora: 见规则409.5, （见规则707）, 请参见规则 502.33,
参见规则110.2和112.2, 参见规则603.7d-f, 请参见603.7d-f, 请查阅规则327.结算链, 见第6章,
规则420, 见规则205.4c和规则420.5e, See rule 704.5g, see rules 702.1 and 702.2,
See rules 119.6, 510.1, and 704.5g, rules 701.27a–f, 712.9–10, and 712.18 (en-dash
ranges), 参见规则703，“回合动作”和704，“状态动作” and See rules 703, “Turn-Based
Actions,” and 704 (a title after each number), See section 5,
_See_ **_rule 318. Cleanups_**, 参见规则[100.2a](/cr/1/#cr100-2a) (Markdown links),
and Flesh and Blood's bracketed numbers `hero-card.[1.3.2a]`, `zone[3]`.
A reference is a cue word followed by a list of numbers (和/及/与/或/、/，/and/or/,
"…, and"), ranges (-, –, —, ~, 至, through), or a number in brackets.
"""
from __future__ import annotations

import re

from rulebook.ids import REF_NUMBER, expand_range, key_of

# A cue, then optional "规则"/"rule(s)", Markdown emphasis or a link's bracket, then a number.
_CUE = r"(?:请?参见|请?查阅|亦见|见|参考|[Ss]ee|规则|条|[Rr]ules?)"
_GAP = r"[\s_*“”\"'\[]*(?:规则|[Rr]ules?)?[\s_*\[]*"
_SEP = (r"[\s\]]*(?:,\s*(?:and|or)\b|和|及|与|或|、|，|,|;|；|\band\b|\bor\b|&)\s*"
        r"(?:规则|[Rr]ules?)?\s*\[?")
_RANGE = r"[\s\]]*(?:-|–|—|~|～|至|到|\bthrough\b|\bto\b)\s*\[?"
_REF_RE = re.compile(_CUE + _GAP + r"(?P<first>" + REF_NUMBER + r")")
_NEXT_RE = re.compile(r"(?P<sep>" + _SEP + r")(?P<num>" + REF_NUMBER + r")")
# a title printed after a number in a list: 703，“回合动作”和704 / 703, “Turn-Based Actions,” and 704
_TITLE_RE = re.compile(r"\s*[，,]?\s*[“\"「『][^”\"」』\n]{1,40}[”\"」』]")
_RANGE_FULL_RE = re.compile(_RANGE + r"(?P<num>" + REF_NUMBER + r")")
# the short end of a range: a letter, or a number that a sentence's full stop may
# follow (712.9–10.) but that does not go on as a longer number (712.9–10.5)
_RANGE_SHORT_RE = re.compile(r"[-–—](?P<short>[a-z](?![a-z])|\d+(?!\d)(?!\.[\da-z]))")
_CHAPTER_RE = re.compile(r"第\s*(?P<n>\d{1,2})\s*章|[Ss]ection\s+(?P<m>\d{1,2})\b")
# [1.3.2a], [100.2a](/cr/1/#cr100-2a); a bare [3] only glued to an English word
# (zone[3]), so that a loyalty cost "[0]", an energy cost "pay [1]" or a
# footnote " [2]" is not a reference
_BRACKET_RE = re.compile(r"\[(?P<num>\d{1,4}(?:\.\d+[a-z]?|\.[a-z](?![a-z]))+|(?<=[A-Za-z]\[)\d{1,4})\](?:\([^)\s]*\))?")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
_LINK_CLOSE = re.compile(r"\](?:\([^)\s]*\))?")


def _mask_links(text: str) -> str:
    """Markdown link targets become spaces (columns kept), so a list of linked
    numbers reads like a plain list: [100.2a](…)和[100.2b](…) → [100.2a  和[100.2b."""
    if "](" not in text:
        return text
    return _LINK_TARGET.sub(lambda m: " " * len(m.group(0)), text)


def find_refs(text: str) -> list[tuple[int, int, str, list[str]]]:
    """All references in one line of text: (start, end, raw phrase, target keys)."""
    found: list[tuple[int, int, str, list[str]]] = []
    masked = _mask_links(text)
    pos = 0
    while True:
        m = _REF_RE.search(masked, pos)
        if not m:
            break
        start = m.start()
        end = m.end("first")
        keys: list[str] = []
        more, end = _range_after(masked, end, key_of(m.group("first")))
        keys.extend(more)
        while True:
            n = _NEXT_RE.match(masked, end)
            if not n:
                t = _TITLE_RE.match(masked, end)
                n = _NEXT_RE.match(masked, t.end()) if t else None
                if not n:
                    break
            end = n.end()
            more, end = _range_after(masked, end, key_of(n.group("num")))
            keys.extend(more)
        end = _close_link(text, end)
        found.append((start, end, text[start:end], _dedupe(keys)))
        pos = end
    taken = [(s, e) for s, e, _, _ in found]
    for m in _BRACKET_RE.finditer(text):
        if any(s <= m.start() < e or m.start() <= s < m.end() for s, e in taken):
            continue
        found.append((m.start(), m.end(), m.group(0), [key_of(m.group("num"))]))
    for m in _CHAPTER_RE.finditer(text):
        n = m.group("n") or m.group("m")
        found.append((m.start(), m.end(), m.group(0), [n]))
    found.sort()
    return found


def _close_link(text: str, end: int) -> int:
    """Extend a phrase over the Markdown link that closes its last number."""
    m = _LINK_CLOSE.match(text, end)
    return m.end() if m else end


def _range_after(text: str, end: int, key: str) -> tuple[list[str], int]:
    """If a range (`-f`, `–f`, `–10`, `–603.7f`) follows position `end`, expand it.
    Returns the keys and the position after what was consumed."""
    s = _RANGE_SHORT_RE.match(text, end)
    if s:
        return expand_range(key, s.group("short")), s.end()
    f = _RANGE_FULL_RE.match(text, end)
    if f:
        return expand_range(key, f.group("num")), f.end()
    return [key], end


def _dedupe(keys: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for k in keys:
        seen.setdefault(k, None)
    return list(seen)
