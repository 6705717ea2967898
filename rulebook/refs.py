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

from rulebook.ids import HALF_WIDTH, HYPHEN_NUMBER, NUMBER_RE, REF_NUMBER, expand_range, key_of

# A cue, then optional "规则"/"rule(s)", Markdown emphasis or a link's bracket, then a number.
_CUE = r"(?:请?参见|请?查阅|亦见|见|参考|[Ss]ee|规则|条|[Rr]ules?|[Ss]ections?)"
_GAP = r"[\s_*“”\"'\[]*(?:规则|[Rr]ules?)?[\s_*\[]*"
_SEP = (r"[\s\]]*(?:,\s*(?:and|or)\b|和|及|与|或|、|，|,|;|；|\band\b|\bor\b|&)\s*"
        r"(?:规则|[Rr]ules?)?\s*\[?")
_RANGE = r"[\s\]]*(?:-|–|—|~|～|至|到|\bthrough\b|\bto\b)\s*\[?"
# after a section sign any number is a reference (§ 4, § 2.2, §§ 2.1 and 3.1)
_REF_RE = re.compile(_CUE + _GAP + r"(?P<first>" + REF_NUMBER + r")|§§?[ \t\u00a0]*(?P<sec>\d{1,4}(?:\.\d+[a-z]?|\.[a-z](?![a-z]))*)")
_NEXT_RE = re.compile(r"(?P<sep>" + _SEP + r")(?P<num>" + REF_NUMBER + r")")
# a title printed after a number in a list: 703，“回合动作”和704 / 703, “Turn-Based Actions,” and 704
_TITLE_RE = re.compile(r"\s*[，,]?\s*[“\"「『][^”\"」』\n]{1,40}[”\"」』]")
_RANGE_FULL_RE = re.compile(_RANGE + r"(?P<num>" + REF_NUMBER + r")")
# the short end of a range: a letter, or a number that a sentence's full stop may
# follow (712.9–10.) but that does not go on as a longer number (712.9–10.5)
_RANGE_SHORT_RE = re.compile(r"[-–—](?P<short>[a-z](?![a-z])|\d+(?!\d)(?!\.[\da-z]))")
# "section 5" is a chapter; "section 7.4" (Lorcana) is the rule 7.4, read by the cue above
_CHAPTER_RE = re.compile(r"第\s*(?P<n>\d{1,2})\s*章|[Ss]ection\s+(?P<m>\d{1,2})\b(?!\.\d)")
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


# Hyphen-numbered books (`style="hyphen"`, Bandai's: "(See 6-5-3.)", "refer to 10-1-3", "See 8-4 and 8-4-2",
# "after 9-2-1 is done", "（7-3-2参照）", "詳細は5-4を参照してください"): a number of three parts or more
# is a reference wherever it is; one of two parts (5-4) only after a cue word or before 参照, since
# "2-3 players" or a score "5-4" are prose. Never inside a longer token (a card number OP01-001, a date).
_HYPHEN_REF = re.compile(r"(?<![A-Za-z0-9\-./])(?P<num>" + HYPHEN_NUMBER + r")(?![\d\-]|\.\d)")
_HYPHEN_CUE_BEFORE = re.compile(r"(?:\b(?:[Ss]ee|[Rr]efer(?:ring)?\s+to|[Rr]ules?|[Ss]ections?|and|or)|[、，,]|参见|参照|見|见)[\s\[(（「\"“]*$")
_HYPHEN_CUE_AFTER = re.compile(r"\s*(?:を|の)?(?:参照|參照|参看)")
_HYPHEN_RANGE = re.compile(r"\s*(?:～|〜|~|–|—|\bto\b|\bthrough\b|から)\s*(?P<num>" + HYPHEN_NUMBER + r")(?![\d\-]|\.\d)")
# what follows a rule's own number at the start of its line: a dot, then its text, or a space and a text
# that does not start in lowercase ("3-1-3 and 3-1-4 list…" wrapped to a line's start is a reference)
_OWN_NUMBER = re.compile(r"\.(?:[ \t\u3000]|$|[^\x00-\x7f])|[ \t\u3000]+(?![a-z])|$|(?=[^\x00-\x7f])")
_HYPHEN_OR_NUMBER = re.compile(HYPHEN_NUMBER + "|" + NUMBER_RE.pattern)
# a chapter cited by its number and title in a hyphen-numbered book: "(See 9. Rule Processing)",
# "(See 9.Rule Processing.)", "(See 7. Card Attacking and Battle.)"
_HYPHEN_CHAPTER = re.compile(r"\b[Ss]ee[ \t]+(?P<num>\d{1,2})\.[ \t]?(?=[A-Z])")


def numbers_in(phrase: str, style: str = ""):
    """The rule numbers written in a reference's phrase (409.5; 6-5-3 in a book of `style="hyphen"`, where
    a dotted book's 100-103 is two numbers): the spans a page turns into links."""
    return (_HYPHEN_OR_NUMBER if style == "hyphen" else NUMBER_RE).finditer(phrase)


def find_refs(text: str, style: str = "") -> list[tuple[int, int, str, list[str]]]:
    """All references in one line of text: (start, end, raw phrase, target keys). A book numbered with
    hyphens (`style="hyphen"`) also has its references in its own style (`hyphen_refs`)."""
    found = _dotted_refs(text)
    if style == "hyphen":
        taken = [(s, e) for s, e, _, _ in found]
        found += [r for r in hyphen_refs(text) if not any(s < r[1] and r[0] < e for s, e in taken)]
        found.sort()
    return found


def hyphen_refs(text: str) -> list[tuple[int, int, str, list[str]]]:
    """References to hyphen-numbered rules in one line (see `_HYPHEN_REF`). A rule's own number at the
    start of its line is not one; a range (`1-2-1 to 1-2-3`, `1-2-1～1-2-3`) names every rule between."""
    half = text.translate(HALF_WIDTH)       # same length: columns stay those of `text`
    found = []
    pos = 0
    while True:
        m = _HYPHEN_REF.search(half, pos)
        if not m:
            break
        pos = m.end()
        num = m.group("num")
        if not half[: m.start()].strip() and _OWN_NUMBER.match(half, m.end()) and not _HYPHEN_RANGE.match(half, m.end()):
            continue            # "1-2-1. text", "1-2-1 Text": the line's own number
        cued = bool(_HYPHEN_CUE_BEFORE.search(half, 0, m.start()) or _HYPHEN_CUE_AFTER.match(half, m.end()))
        if num.count("-") < 2 and not cued:
            continue
        keys = [key_of(num)]
        end = m.end()
        r = _HYPHEN_RANGE.match(half, end)
        if r:
            keys = expand_range(keys[0], key_of(r.group("num")))
            end = pos = r.end()
        found.append((m.start(), end, text[m.start():end], keys))
    for m in _HYPHEN_CHAPTER.finditer(half):
        found.append((m.start(), m.end("num"), text[m.start():m.end("num")], [m.group("num")]))
    found.sort()
    return found


def _dotted_refs(text: str) -> list[tuple[int, int, str, list[str]]]:
    found: list[tuple[int, int, str, list[str]]] = []
    masked = _mask_links(text)
    pos = 0
    while True:
        m = _REF_RE.search(masked, pos)
        if not m:
            break
        start = m.start()
        first = "first" if m.group("first") else "sec"
        end = m.end(first)
        keys: list[str] = []
        more, end = _range_after(masked, end, key_of(m.group(first)))
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
