"""Wrapping mixed Chinese and English text for a terminal, by cell width, with a hanging indent.

Why by hand: rich's `Text.wrap` (and `textwrap`) break only at spaces, so a Chinese
line with a few spaces in it ("乙 使用 山脉 的魔法力异能，…") breaks early and leaves
half-empty lines, and `textwrap` counts characters, not cells (a Chinese character
is two cells), so its lines overflow. Here a line may break between any two wide
(CJK) characters and at spaces, English words stay whole unless longer than a line,
widths come from rich's wcwidth tables (`rich.cells.cell_len`), and closing
punctuation (，。；：）」 …) never starts a line, nor an opening one (（「 {) ends one.
"""
from __future__ import annotations

from rich.cells import cell_len

_NO_START = set("，。、；：？！）」』》〉】…—·,.;:!?)]}％%")
_NO_END = set("（「『《〈【([{")


def _tokens(text: str) -> list[str]:
    """Runs of spaces, runs of narrow non-space characters (an English word, 409.1b, 100–502), and each wide
    character on its own (a line may break between any two of them)."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ch in " \t" or cell_len(ch) == 2:
            if word:
                out.append(word)
                word = ""
            if ch in " \t" and out and out[-1][0] in " \t":
                out[-1] += ch
            else:
                out.append(ch)
        else:
            word += ch
    if word:
        out.append(word)
    return out


def wrap(text: str, width: int) -> list[str]:
    """`text` as lines of at most `width` cells (a single token wider than the line is cut by character)."""
    width = max(width, 2)
    if "\n" in text:                       # each line of the text wrapped on its own
        return [line for part in text.split("\n") for line in wrap(part, width)]
    lines: list[str] = []
    line: list[str] = []
    used = 0
    for tok in _tokens(text):
        w = cell_len(tok)
        if tok.isspace():
            if used + w <= width and (line or not lines):   # leading spaces of the text are kept
                line.append(tok)
                used += w
            elif line:
                lines.append("".join(line).rstrip())
                line, used = [], 0
            continue
        if used + w <= width:
            line.append(tok)
            used += w
            continue
        if w > width:                       # a word longer than a line: fill the line, then cut it
            for ch in tok:
                cw = cell_len(ch)
                if used + cw > width:
                    lines.append("".join(line).rstrip())
                    line, used = [], 0
                line.append(ch)
                used += cw
            continue
        carry: list[str] = []
        if tok[0] in _NO_START and line and not line[-1].isspace():
            carry = [line.pop()]            # 。 goes down with the character before it,
            while carry[0][0] in _NO_START and line and not line[-1].isspace():
                carry.insert(0, line.pop())  # and after a run of closers (甲）） → ；), with the one before them
        while line and line[-1][-1] in _NO_END:
            carry.insert(0, line.pop())     # and （ with the character after it
        if not "".join(line).strip():       # nothing would be left: break where it is
            line, carry = line + carry, []
        lines.append("".join(line).rstrip())
        line = carry + [tok]
        used = sum(cell_len(t) for t in line)
    if line or not lines:
        lines.append("".join(line).rstrip())
    return lines


def hang(prefix: str, body: str, width: int) -> list[str]:
    """`prefix + body` wrapped to `width` cells, continuation lines indented to where `body` starts (or, when
    the prefix leaves too little room, to the prefix's own indentation plus four)."""
    indent = cell_len(prefix)
    if "\n" not in body and indent + cell_len(body) <= width:
        return [prefix + body]
    if width - indent < 16:
        indent = min(len(prefix) - len(prefix.lstrip()) + 4, max(width - 16, 0))
        first = wrap(prefix + body, width)[0]
        rest = (prefix + body)[len(first):].lstrip()
        return [first] + [" " * indent + line for line in wrap(rest, width - indent)] if rest else [first]
    lines = wrap(body, width - indent)
    return [prefix + lines[0]] + [" " * indent + line for line in lines[1:]]


def rich_lines(text, width: int) -> list:
    """A rich `Text` cut into lines as `wrap` cuts its plain text, keeping every span's style: the same line
    breaks for styled output (each line is a contiguous piece of the text, spaces at a break dropped)."""
    plain = text.plain
    starts, cursor = [], 0
    for line in wrap(plain, width):
        at = plain.find(line, cursor) if line else cursor
        starts.append(at)
        cursor = at + len(line)
    parts = text.divide(starts[1:])
    for part in parts:
        part.rstrip()
    return list(parts)
