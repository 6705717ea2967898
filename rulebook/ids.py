"""Rule numbers: one canonical key however a book or a judge writes them.

Books disagree on separators (`102.4a`, `102.4.a`, `102.4a.`), Riftbound nests
deeper (`108.3.c.1`), and prefix matching on strings is wrong (613.4 is not the
parent of 613.41). So a number is split into its components and compared as a
tuple: `102.4.a`, `102.4a` and `102.4a.` all have the key ``102.4.a``.
"""
from __future__ import annotations

import re

# A rule number of any depth and separator style: a top number of one to four
# digits (MTG 100, FaB 1, Riftbound 002, 0000), then dotted components, where a
# letter may follow its number directly (100.1a, 1.0.1a) or after a dot
# (103.1.b.1). The hierarchy is read from the components, never from the game.
_COMPONENTS = r"(?:\.\d+[a-z]?|\.[a-z](?![a-z]))"
NUMBER = r"\d{1,4}" + _COMPONENTS + "*"
NUMBER_RE = re.compile(NUMBER)
# A number a cross-reference names after its cue ("See rule", "参见规则"): as
# above, but a bare one- or two-digit number ("rule 2 times", "规则2条") is
# prose, not a reference; chapters are cited as "第6章" / "section 5" instead.
REF_NUMBER = r"(?:\d{3,4}" + _COMPONENTS + r"*|\d{1,2}" + _COMPONENTS + r"+)"
# Hyphen numbering (the comprehensive rules of Bandai's card games and others: `1-1.`, `1-2-1.`,
# `10-1-3-2.`): a top number, then hyphenated numeric components, any depth. The hierarchy is
# read from the components as for dotted numbers: `1-2-1` has the key ``1.2.1``.
HYPHEN_NUMBER = r"\d{1,3}(?:-\d{1,3}[a-z]?)+"
HYPHEN_RE = re.compile(HYPHEN_NUMBER)
# Full-width digits and separators a number may be printed with (１－１－１．): the same number.
HALF_WIDTH = str.maketrans("０１２３４５６７８９－．‐‑−", "0123456789-.---")
_COMPONENT = re.compile(r"\d+|[a-z]")

# Subrule letters in MTG-style books skip l and o (they look like 1 and 0).
LETTERS = "abcdefghijkmnpqrstuvwxyz"
_LETTER = frozenset(LETTERS)     # one letter: `in LETTERS` would also take "" and "ab" (substrings)


def components(number: str) -> list[str]:
    """`'102.4.a'` → `['102', '4', 'a']`; `'108.3.c.1'` → `['108', '3', 'c', '1']`."""
    return _COMPONENT.findall(number.strip().lower())


def key_of(number: str) -> str:
    """Canonical lookup key: components joined by dots (`102.4.a`)."""
    return ".".join(components(number))


def parent_key(key: str) -> str | None:
    parts = key.split(".")
    return ".".join(parts[:-1]) if len(parts) > 1 else None


def depth(key: str) -> int:
    return key.count(".") + 1


def display(key: str, style: str) -> str:
    """Print a key the way the book prints numbers.

    `style="joined"` (MTG, WoW): letters join the number before them, so
    ``420.5.c`` prints `420.5c`; `style="dotted"` (Riftbound): every part is
    dotted, `108.3.c.1`; `style="hyphen"` (Bandai's books): parts joined by
    hyphens, `1-2-1`, a letter joined to the number before it (`3-2-1a`).
    """
    parts = key.split(".")
    if style == "dotted":
        return key
    if style == "hyphen":
        return display(key, "joined").replace(".", "-")
    out = parts[0]
    for prev, part in zip(parts, parts[1:]):
        if part.isalpha() and prev.isdigit():
            out += part
        else:
            out += "." + part
    return out


def sort_key(key: str) -> tuple:
    """Order keys numerically component by component (613.4 < 613.10 < 613.41)."""
    out = []
    for part in key.split("#", 1)[0].split("."):
        out.append((0, int(part), "") if part.isdigit() else (1, 0, part))
    return tuple(out)


def letter_range(first: str, last: str) -> list[str]:
    """`a`..`d` in subrule order (skipping l and o); empty if not a range."""
    if first not in _LETTER or last not in _LETTER:
        return []
    i, j = LETTERS.index(first), LETTERS.index(last)
    return list(LETTERS[i : j + 1]) if i <= j else []


def expand_range(start_key: str, end: str) -> list[str]:
    """Expand `603.7d` + `f` (or + `603.7f`) into the keys of every subrule
    between them. Returns `[start_key]` when the range cannot be understood."""
    start_parts = start_key.split(".")
    end_parts = components(end)
    if not end_parts:
        return [start_key]
    if len(end_parts) < len(start_parts):  # short form: only the last part(s)
        end_parts = start_parts[: len(start_parts) - len(end_parts)] + end_parts
    if len(end_parts) != len(start_parts) or end_parts[:-1] != start_parts[:-1]:
        return [start_key, ".".join(end_parts)]
    a, b = start_parts[-1], end_parts[-1]
    prefix = start_parts[:-1]
    if a.isdigit() and b.isdigit():
        lo, hi = int(a), int(b)
        if lo <= hi and hi - lo <= 60:
            return [".".join(prefix + [str(i)]) for i in range(lo, hi + 1)]
    elif a.isalpha() and b.isalpha():
        letters = letter_range(a, b)
        if letters:
            return [".".join(prefix + [x]) for x in letters]
    return [start_key, ".".join(end_parts)]
