"""How each family of rulebooks lays out its text, and how to tell them apart.

A dialect is data, not code: the parser (`rulebook.parse`) reads these flags.
Adding a rulebook family means adding a `Dialect` here and, only if its layout
is really new, a flag the parser understands.
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    name: str
    description: str
    style: str                  # how numbers print: "joined" (420.5c) or "dotted" (108.3.c.1)
    chapters: bool = True       # "1. 游戏" lines are chapter headings
    number_alone: bool = False  # Riftbound zh: the number on its own line, then 所属：, then text
    markdown: bool = False      # Riftbound en: "## 100." / "### 101." headings, **bold**, _italic_
    undotted_top: bool = False  # WoW: "718 更动的互动" is a top-level heading without a dot
    cards: bool = False         # WoW: examples quote cards as "Name，cost，faction，type…"
    glossary_inline: bool = False  # WoW: "激活/Activate（见规则701.3）：definition" on one line
    glossary_blocks: bool = True   # MTG CR: term on one line, definition below, blank line between
    wrapped: bool = False       # lines are hard-wrapped (PDF conversions): join them into paragraphs


DIALECTS: dict[str, Dialect] = {
    d.name: d
    for d in (
        Dialect(
            "mtg",
            "Magic: The Gathering comprehensive rules (100.1. / 100.1a, 1. 游戏, 例：/例如：/Example:)",
            style="joined",
        ),
        Dialect(
            "wow",
            "World of Warcraft TCG rules (703.5 text, 704.持续式能力, card lines, 术语/English（见规则…）：)",
            style="joined",
            undotted_top=True,
            cards=True,
            glossary_inline=True,
            glossary_blocks=False,
        ),
        Dialect(
            "riftbound",
            "Riftbound rules, Chinese (number alone on a line, 所属：A › B, wrapped text, 举例：)",
            style="dotted",
            chapters=False,
            number_alone=True,
            wrapped=True,
        ),
        Dialect(
            "riftbound-md",
            "Riftbound core rules converted to Markdown (## 100., ### 101., 103.1.a., hard-wrapped lines)",
            style="dotted",
            chapters=False,
            markdown=True,
            wrapped=True,
        ),
    )
}

_MTG_RULE = re.compile(r"^\d{3}\.\d+\.\s")          # 100.1. text
_WOW_RULE = re.compile(r"^\d{3}\.\d+[a-z]?\s")       # 703.5 text / 704.1a text
_NUMBER_ALONE = re.compile(r"^\d{3}(?:\.\d+|\.[a-z])*\.?\s*$")
_BELONGS = re.compile(r"^所属[：:]")
_MD_HEADING = re.compile(r"^#{2,3}\s+\d{3}\.")
_WOW_CARD = re.compile(r"^[^，]{1,60}，\d+，")
_WOW_GLOSSARY = re.compile(r"^[^\s：/（]{1,12}/[A-Za-z]")


def detect(lines: list[str]) -> str:
    """Name of the dialect that best explains these lines."""
    score = {name: 0 for name in DIALECTS}
    for line in lines[:4000]:
        s = line.strip()
        if _BELONGS.match(s):
            score["riftbound"] += 3
        elif _NUMBER_ALONE.match(s):
            score["riftbound"] += 1
        if _MD_HEADING.match(s):
            score["riftbound-md"] += 100
        if _MTG_RULE.match(s):
            score["mtg"] += 1
        elif _WOW_RULE.match(s):
            score["wow"] += 1
            score["mtg"] += 0.5  # MTG subrules (100.1a …) look the same
        if _WOW_CARD.match(s) or _WOW_GLOSSARY.match(s):
            score["wow"] += 1
    best = max(score, key=lambda k: score[k])
    return best if score[best] > 0 else "mtg"
