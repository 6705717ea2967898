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

`Chooser` is the part of the game that asks: it holds the answer sheet of the action being
performed, turns an illegal answer into the engine refusing the action under a rule when the
caller names one, and records every decision on the trace step.
"""
from __future__ import annotations

from contextlib import contextmanager

from judge.engine.core.errors import IllegalAction, InvalidChoice, MissingChoice, UnusedChoice
from judge.engine.core.trace import ChoiceMade


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


class Chooser:
    __slots__ = ("game", "sheet")

    def __init__(self, game):
        self.game = game
        self.sheet = Choices()

    def start(self, answers: dict | None) -> None:
        """An action begins with the scenario's answers for it."""
        self.sheet = Choices(answers)

    def finish(self) -> None:
        """The action is done: a choice nobody asked for is an error (`UnusedChoice`)."""
        unused = self.sheet.unused()
        self.sheet = Choices()
        if unused:
            raise UnusedChoice(unused)

    def abandon(self) -> None:
        self.sheet = Choices()

    @contextmanager
    def answering(self, answers: dict | None):
        """Inner actions with their own answers (one turn of a loop): the outer sheet is restored after."""
        outer = self.sheet
        self.sheet = Choices(answers)
        try:
            yield
            unused = self.sheet.unused()
            if unused:
                raise UnusedChoice(unused)
        finally:
            self.sheet = outer

    def choose(self, kind: str, subject: str, *, by: str | None = None, options: list | None = None,
               legal=None, auto: bool = True, hint: str = "", rule: str | None = None, sequence: bool = False):
        """A player's decision, from the scenario's `choices`. With `rule`, an illegal answer is the engine
        refusing the action under that rule (so a scenario can expect `rejected: RULE`)."""
        g = self.game
        try:
            answer, was_auto = self.sheet.need(kind, subject, options=options, by=by, legal=legal, auto=auto,
                                               hint=hint, sequence=sequence)
        except InvalidChoice as e:
            if rule is None:
                raise
            choice, shown = g.choice_words(kind, str(e.answer))
            raise IllegalAction(g.rid(rule), "invalid_choice", {"player": by, "choice": choice, "answer": shown},
                                e.message) from None
        step = g.recorder.step
        if step is not None:
            step.choices.append(ChoiceMade(kind, subject, answer, by, was_auto))
        return answer
