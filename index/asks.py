"""What a question asks (permission, result, order, time, …) and which rules
are worded to answer that kind of question.

A player's question carries its kind in its scaffolding: 能不能…吗 asks for a
permission, 会怎样 for a result, 谁先 for an order. The rules that answer such
questions say so with modal and connective words: 可以/不能/只能, 则/改为/不再,
顺序/依次/首先. Both lists are data (`index/data/asks.txt`); this module
matches them. Search uses the match to re-rank, never to filter: the words
of the question still decide which rules are candidates at all.
"""
from __future__ import annotations

import re
from functools import lru_cache

GAP = 8  # `…` in a phrase: up to this many characters in between
_GAP = re.compile(r"…|\.\.\.")  # NFKC turns … into ...


def _pattern(phrases: list[str]) -> re.Pattern | None:
    gap = ".{0,%d}" % GAP
    alts = [gap.join(re.escape(part) for part in _GAP.split(p)) for p in phrases if _GAP.sub("", p)]
    return re.compile("|".join(sorted(alts, key=len, reverse=True))) if alts else None


@lru_cache(maxsize=32)
def _compiled(frozen: tuple) -> list[tuple[str, re.Pattern | None, re.Pattern | None]]:
    return [(kind, _pattern(list(asks)), _pattern(list(answers))) for kind, asks, answers in frozen]


def _freeze(table: dict[str, dict[str, list[str]]]) -> tuple:
    return tuple((k, tuple(v.get("asks", ())), tuple(v.get("answers", ()))) for k, v in table.items())


def kinds(table: dict[str, dict[str, list[str]]]) -> list[str]:
    """The kinds in a fixed order: bit i of a mask stands for kinds(table)[i]."""
    return list(table)


def asked(text: str, table: dict[str, dict[str, list[str]]]) -> int:
    """The kinds a (normalised) question asks, as a bit mask."""
    mask = 0
    for i, (_, ask, _) in enumerate(_compiled(_freeze(table))):
        if ask is not None and ask.search(text):
            mask |= 1 << i
    return mask


def answered(text: str, table: dict[str, dict[str, list[str]]]) -> int:
    """The kinds a (normalised) rule text is worded to answer, as a bit mask."""
    mask = 0
    for i, (_, _, ans) in enumerate(_compiled(_freeze(table))):
        if ans is not None and ans.search(text):
            mask |= 1 << i
    return mask
