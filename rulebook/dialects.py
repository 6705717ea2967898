"""How each family of rulebooks lays out its text, and how to tell them apart.

Rule numbers are recognised by their shape for every book (`rulebook.ids`,
`rulebook.parse`): any depth, any separators, with or without a trailing dot,
with Markdown or HTML around them, the hierarchy read from the number itself.
A dialect only adds what is truly a family's own: WoW's inline glossary
headwords and quoted cards, Riftbound's number-alone lines and `所属：` paths,
the Riftbound Markdown conversion's heading levels. A book of a game nobody
wrote a dialect for gets `generic`, which works on its own.

A dialect is data, not code: the parser reads these flags. Detection
(`rulebook.parse.detect`) parses the file with every dialect whose `marker`
lines are really there and keeps the one that understands most of it
(`rulebook.understood`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    name: str
    description: str
    style: str                  # how numbers print: "joined" (420.5c), "dotted" (108.3.c.1), or "" (as the book does)
    marker: str = ""            # a regex for lines only this family prints; "" for generic
    # how much one marker line weighs when shares tie: a Markdown chapter heading "## 100."
    # says more about a book than one more "100.1." line, which other families print too
    marker_weight: int = 1
    top_digits: int = 0         # digits of a top-level rule number (MTG/WoW/Riftbound: 3, as in 100); 0: any
    chapters: bool = True       # "1. 游戏" lines are chapter headings
    number_alone: bool = False  # Riftbound zh: the number on its own line, then 所属：, then text
    markdown: bool = False      # Riftbound en: "## 100." chapters / "### 101." sections by heading level
    cards: bool = False         # WoW: examples quote cards as "Name，cost，faction，type…"
    glossary_inline: bool = False  # WoW: "激活/Activate（见规则701.3）：definition" on one line
    glossary_blocks: bool = True   # MTG CR: term on one line, definition below, blank line between
    wrapped: bool = False       # lines are hard-wrapped (PDF conversions): join them into paragraphs
    # a numbered line that is only a short heading over its subrules ("1.0 General",
    # "205.2. Card Types") is the title of its section. Off for the bundled families,
    # whose breadcrumbs the engine's golden explanations print as they were.
    subtitles: bool = False


    def layout(self) -> tuple:
        """The flags that decide how lines are read (not the name, style or marker):
        two dialects with the same layout parse a file the same way."""
        return (self.top_digits, self.chapters, self.number_alone, self.markdown, self.cards,
                self.glossary_inline, self.glossary_blocks, self.wrapped)


GENERIC = "generic"

DIALECTS: dict[str, Dialect] = {
    d.name: d
    for d in (
        Dialect(
            "mtg",
            "Magic: The Gathering comprehensive rules (100.1. / 100.1a, 1. 游戏, 例：/例如：/Example:)",
            style="joined",
            marker=r"^\d{3}\.\d+(?:\.|[a-z]\.?)(?:[ \t]|[^\x00-\x7f])",   # 100.1. / 100.1a: not 103.1.a.
            top_digits=3,
        ),
        Dialect(
            "wow",
            "World of Warcraft TCG rules (703.5 text, 704.持续式能力, card lines, 术语/English（见规则…）：)",
            style="joined",
            marker=r"^[^，\s]{1,60}，\d+，|^[^\s：/（<>]{1,12}/[A-Za-z]|^\d{3}\.[^\d\s.]",
            top_digits=3,
            cards=True,
            glossary_inline=True,
            glossary_blocks=False,
        ),
        Dialect(
            "riftbound",
            "Riftbound rules, Chinese (number alone on a line, 所属：A › B, wrapped text, 举例：)",
            style="dotted",
            marker=r"^所属[：:]",
            marker_weight=10,
            top_digits=3,
            chapters=False,
            number_alone=True,
            wrapped=True,
        ),
        Dialect(
            "riftbound-md",
            "Riftbound core rules converted to Markdown (## 100., ### 101., 103.1.a., hard-wrapped lines)",
            style="dotted",
            marker=r"^#{2,3}\s+\d{3}\.",
            marker_weight=50,
            top_digits=3,
            chapters=False,
            markdown=True,
            wrapped=True,
        ),
        Dialect(
            GENERIC,
            "any numbered rulebook: numbers of any depth (1.0.1a, 100.1., 103.1.b.1), hierarchy from the number, "
            "Markdown/HTML around numbers, Example:/例：, glossary blocks",
            style="",
            subtitles=True,
        ),
    )
}

_MARKERS = {name: re.compile(d.marker) for name, d in DIALECTS.items() if d.marker}

# A family's marker lines make it a candidate only when they are really there:
# at least this many, or this share of the non-blank lines (for short excerpts).
# So a few stray lines never decide the dialect of a book.
MIN_MARKER_LINES = 5
MIN_MARKER_SHARE = 0.10


# markup before a number (<b id=…>, **, a list marker) is not part of the family's layout
_LEAD_MARKUP = re.compile(r"^(?:[*+\-][ \t]+)?(?:<(?:a|span|b|strong|em|i)\b[^>]*>(?:[ \t]*</a>)?[ \t]*|\*\*|__)+")
_CLOSE_MARKUP = re.compile(r"</(?:span|b|strong|em|i|a)>|\*\*")


def marker_counts(lines: list[str]) -> dict[str, int]:
    """How many lines carry each family's marker (markup around numbers ignored), weighted."""
    counts = {name: 0 for name in _MARKERS}
    for line in lines:
        s = line.strip()
        if not s:
            continue
        if s[0] in "<*-+_":
            s = _CLOSE_MARKUP.sub("", _LEAD_MARKUP.sub("", s))
        for name, rx in _MARKERS.items():
            if rx.match(s):
                counts[name] += 1
    return counts


def weighted(counts: dict[str, int]) -> dict[str, int]:
    return {name: c * DIALECTS[name].marker_weight for name, c in counts.items()}


def candidates(lines: list[str]) -> tuple[list[str], dict[str, int]]:
    """The dialects worth trying on these lines (generic always), and the marker counts."""
    counts = marker_counts(lines)
    nonblank = sum(1 for line in lines if line.strip()) or 1
    names = [n for n, c in counts.items() if c >= MIN_MARKER_LINES or c / nonblank >= MIN_MARKER_SHARE]
    return names + [GENERIC], counts
