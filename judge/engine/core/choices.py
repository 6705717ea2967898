"""Strict choices: every decision a player makes is an explicit input.

A scenario attaches choices to the action they answer:

    - pass_until: stack_empty
      choices:
        order: {甲: [bear.a1, elf.a1]}     # trigger order for 甲 (first = put on the stack first)
        targets: {bear.a1: [goblin]}
        may: {bear.a1: true}

The engine asks with `need(kind, subject, ...)`. A missing choice fails and
lists the legal options; a choice that is not legal fails; a choice nobody
asked for fails at the end of the action (`unused`). A choice with exactly
one legal answer is taken automatically (and recorded as automatic), except
where the caller says a real decision is always required (optional "may").

Some decisions come up more than once for the same subject within one action:
several replacement effects on one event are chosen one after another (MTG
419.9b, WoW 717.3), possibly by different players. The caller marks such a
choice `sequence=True`; a list answers it in order, one item per time it is
asked (`replacement: {hero: [stance.dealt, helm]}`), and items left over are
unused choices.
"""
from __future__ import annotations

from judge.engine.core.errors import InvalidChoice, MissingChoice


class Choices:
    __slots__ = ("given", "used", "asked")

    def __init__(self, given: dict | None = None):
        self.given = given or {}
        self.used: set[tuple[str, str]] = set()
        self.asked: dict[tuple[str, str], int] = {}

    def need(self, kind: str, subject: str, *, options: list | None = None, by: str | None = None,
             legal=None, auto: bool = True, hint: str = "", sequence: bool = False):
        """The answer and whether it was automatic. `legal(answer)` returns None or why it is illegal."""
        table = self.given.get(kind)
        if table is not None and subject in table:
            answer = table[subject]
            if sequence and isinstance(answer, list):
                i = self.asked.get((kind, subject), 0)
                self.asked[(kind, subject)] = i + 1
                if i >= len(answer):
                    raise MissingChoice(kind, subject, options or [], by,
                                        f"asked a {i + 1}th time, but the list answers only {len(answer)}")
                if i + 1 == len(answer):
                    self.used.add((kind, subject))
                answer = answer[i]
            else:
                self.used.add((kind, subject))
            if legal is not None:
                why = legal(answer)
                if why:
                    raise InvalidChoice(kind, subject, answer, options, why)
            elif options is not None and answer not in options:
                raise InvalidChoice(kind, subject, answer, options)
            return answer, False
        if auto and options is not None and len(options) == 1:
            return options[0], True
        raise MissingChoice(kind, subject, options or [], by, hint)

    def unused(self) -> list[tuple[str, str]]:
        return [(k, s) for k, t in self.given.items() for s in t if (k, s) not in self.used]
