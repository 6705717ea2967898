"""Find the cross-references written in rule text.

Every phrasing seen in the corpora: 见规则409.5, （见规则707）, 请参见规则 502.33,
参见规则110.2和112.2, 参见规则603.7d-f, 请参见603.7d-f, 请查阅规则327.结算链, 见第6章,
规则420, 见规则205.4c和规则420.5e, See rule 704.5g, see rules 702.1 and 702.2,
See section 5, _See_ **_rule 318. Cleanups_**. A reference is a cue word followed
by a list of numbers; the list may use 和/及/与/或/、/，/and/or/, and ranges.
"""
from __future__ import annotations

import re

from rulebook.ids import NUMBER, expand_range, key_of

# A cue, then optional "规则"/"rule(s)" and markdown emphasis, then a number.
_CUE = r"(?:请?参见|请?查阅|亦见|见|参考|[Ss]ee|规则|条|[Rr]ules?)"
_GAP = r"[\s_*“”\"']*(?:规则|[Rr]ules?)?[\s_*]*"
_SEP = r"\s*(?:和|及|与|或|、|，|,|;|；|\band\b|\bor\b|&)\s*(?:规则|[Rr]ules?)?\s*"
_RANGE = r"\s*(?:-|–|—|~|～|至|到|\bthrough\b|\bto\b)\s*"
_REF_RE = re.compile(_CUE + _GAP + r"(?P<first>" + NUMBER + r")")
_NEXT_RE = re.compile(r"(?P<sep>" + _SEP + r")(?P<num>" + NUMBER + r")")
_RANGE_FULL_RE = re.compile(_RANGE + r"(?P<num>" + NUMBER + r")")
_RANGE_SHORT_RE = re.compile(r"-(?P<short>[a-z](?![a-z])|\d+(?![\d.]))")
_CHAPTER_RE = re.compile(r"第\s*(?P<n>\d{1,2})\s*章|[Ss]ection\s+(?P<m>\d{1,2})\b")


def find_refs(text: str) -> list[tuple[int, int, str, list[str]]]:
    """All references in one line of text: (start, end, raw phrase, target keys)."""
    found: list[tuple[int, int, str, list[str]]] = []
    pos = 0
    while True:
        m = _REF_RE.search(text, pos)
        if not m:
            break
        start = m.start()
        end = m.end("first")
        keys: list[str] = []
        cur_key = key_of(m.group("first"))
        more, end = _range_after(text, end, cur_key)
        keys.extend(more)
        while True:
            n = _NEXT_RE.match(text, end)
            if not n:
                break
            cur_key = key_of(n.group("num"))
            end = n.end()
            more, end = _range_after(text, end, cur_key)
            keys.extend(more)
        found.append((start, end, text[start:end], _dedupe(keys)))
        pos = end
    for m in _CHAPTER_RE.finditer(text):
        n = m.group("n") or m.group("m")
        found.append((m.start(), m.end(), m.group(0), [n]))
    found.sort()
    return found


def _range_after(text: str, end: int, key: str) -> tuple[list[str], int]:
    """If a range (`-f`, `–603.7f`) follows position `end`, expand it.
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
