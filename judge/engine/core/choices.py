"""Strict choices: every decision a player makes is an explicit input.

A scenario attaches choices to the action they answer:

    - pass_until: stack_empty
      choices:
        order: {甲: [bear.a1, elf.a1]}     # trigger order for 甲 (first = put on the stack first)
        targets: {bear.a1: [goblin]}
        may: {bear.a1: true}

The engine asks with `need(kind, subject, ...)`. A missing choice fails and lists the legal options
(a script that never answers is an error, not a ruling). A choice with exactly one legal answer is
taken automatically (and recorded as automatic), except where the caller says a real decision is
always required (optional "may").

An answer the rules do not allow is a ruling, not a script error (issue 11 §2): like an illegal
action, the engine refuses it citing the rule that forbids it (the caller's `rule`, else the game's
`CHOICE_RULES` for that kind of choice), the action that carried it is rewound, and the replay goes on
(a scenario asserts it with `rejected: RULE` on that action). Refused alike:
- an answer outside the legal options, or one `legal(answer)` explains away (it may name the rule that
  forbids that answer: `(why, rule)`);
- an answer to a decision that has no legal option (`none_legal`: a trigger with no legal target);
- an answer given by the wrong player. Where the rules say who chooses (MTG 419.9a: the affected
  object's controller), the answer may be keyed by that player — `replacement: {乙: gate.a1}`, or
  nested `choose: {乙: {SUBJECT: ANSWER}}` — and an answer keyed by another player in the game is
  refused under the rule that says who chooses.
A choice nobody asked for at all is still an error at the end of the action (`unused`). A decision the rules
make alone (`forced`: discard two from a hand of two) takes an answer that says the same, and refuses another.

Some decisions come up more than once for the same subject within one action:
several replacement effects on one event are chosen one after another (MTG
419.9b, WoW 717.3), possibly by different players. The caller marks such a
choice `sequence=True`; a list answers it in order, one item per time it is
asked (`replacement: {hero: [stance.dealt, helm]}`), and items left over are
unused choices.

`Chooser` is the part of the game that asks: it holds the answer sheet of the action being
performed, turns an illegal answer into the engine refusing the action under a rule, and records
every decision on the trace step.
"""
from __future__ import annotations

from contextlib import contextmanager

from judge.engine.core.errors import IllegalAction, InvalidChoice, MissingChoice, UnusedChoice
from judge.engine.core.trace import ChoiceMade


_NOT_GIVEN = object()


class Choices:
    __slots__ = ("given", "used", "asked", "players")

    def __init__(self, given: dict | None = None, players=()):
        self.given = given or {}
        self.used: set[tuple[str, str]] = set()
        self.asked: dict[tuple[str, str], int] = {}
        self.players = frozenset(players)       # names an answer may be keyed by (who makes the choice)

    def _lookup(self, table: dict, subject: str, by: str | None, sequence: bool):
        """(key, answer) answering `subject`: keyed by the subject, nested under the chooser
        (`{by: {subject: answer}}`), or — for a decision made again and again — keyed by the chooser alone."""
        if subject in table:
            return subject, table[subject], False
        if by is not None and by != subject and by in table:
            v = table[by]
            if isinstance(v, dict) and subject in v:
                return by, v[subject], True
            if sequence and not isinstance(v, dict):
                return by, v, False
        return None, _NOT_GIVEN, False

    def _other_player(self, table: dict, subject: str, by: str | None, sequence: bool, options):
        """Another player's entry that answers this decision of `by`'s: nested under that player for this subject,
        or — for a decision keyed by whoever makes it — one of this decision's own options. (player, answer)."""
        if by is None or by not in self.players:
            return None
        for p in sorted(self.players):
            if p == by or p not in table:
                continue
            v = table[p]
            if isinstance(v, dict) and subject in v:
                return p, v[subject]
            if (sequence or subject == by) and options and not isinstance(v, dict):
                first = v[0] if sequence and isinstance(v, list) and v else v
                if _hashable(first) and first in options:
                    return p, first
        return None

    def need(self, kind: str, subject: str, *, options: list | None = None, by: str | None = None,
             legal=None, auto: bool = True, hint: str = "", sequence: bool = False):
        """The answer and whether it was automatic. `legal(answer)` returns None or why it is illegal (or
        `(why, rule)` to name the rule that forbids that answer)."""
        table = self.given.get(kind)
        if table is not None:
            key, answer, nested = self._lookup(table, subject, by, sequence)
            if answer is _NOT_GIVEN:
                other = self._other_player(table, subject, by, sequence, options)
                if other is not None:
                    p, answer = other
                    self.used.add((kind, p))
                    raise InvalidChoice(kind, subject, answer, options, f"this choice is {by}'s to make, not {p}'s",
                                        answerer=p)
            else:
                if sequence and isinstance(answer, list):
                    i = self.asked.get((kind, key), 0)
                    self.asked[(kind, key)] = i + 1
                    if i >= len(answer):
                        raise MissingChoice(kind, subject, options or [], by,
                                            f"asked a {i + 1}th time, but the list answers only {len(answer)}")
                    if i + 1 == len(answer):
                        self.used.add((kind, key))
                    answer = answer[i]
                else:
                    self.used.add((kind, key) if not nested else (kind, key, subject))
                if options is not None and not options:
                    raise InvalidChoice(kind, subject, answer, options, "nothing can be chosen", nothing=True)
                if legal is not None:
                    why = legal(answer)
                    if why:
                        rule = None
                        if isinstance(why, tuple):
                            why, rule = why
                        raise InvalidChoice(kind, subject, answer, options, why, rule=rule)
                elif options is not None and (not _hashable(answer) or answer not in options):
                    raise InvalidChoice(kind, subject, answer, options)
                return answer, False
        if auto and options is not None and len(options) == 1:
            return options[0], True
        raise MissingChoice(kind, subject, options or [], by, hint)

    def peek(self, kind: str, subject: str, by: str | None = None, sequence: bool = False):
        """The answer `need` would take now for this decision, without taking it (None: none given)."""
        table = self.given.get(kind)
        if table is None:
            return None
        key, answer, _nested = self._lookup(table, subject, by, sequence)
        if answer is _NOT_GIVEN:
            return None
        if sequence and isinstance(answer, list):
            i = self.asked.get((kind, key), 0)
            return answer[i] if i < len(answer) else None
        return answer

    def carry(self, prefix: str) -> dict:
        """Answers this action never asked for whose subjects start with `prefix` (`t.` — the decisions a spell
        `t` makes when it resolves, written on the action that played it): taken off this sheet, so they are not
        unused, for the game to hand on to the action that asks them (`fill`)."""
        out: dict = {}
        for kind, table in self.given.items():
            for s, v in table.items():
                if (kind, s) not in self.used and isinstance(s, str) and s.startswith(prefix):
                    out.setdefault(kind, {})[s] = v
                    self.used.add((kind, s))
        return out

    def fill(self, carried: dict) -> None:
        """Answers carried from an earlier action (`carry`) for what this action's own answers leave open: an
        answer written on this action wins (a retry after a refused carried answer). The scenario's own
        tables are copied, never changed."""
        given = dict(self.given)
        for kind, table in carried.items():
            given[kind] = {**table, **given.get(kind, {})}
        self.given = given

    def unused(self) -> list[tuple[str, str]]:
        out = []
        for k, t in self.given.items():
            for s, v in t.items():
                if (k, s) in self.used:
                    continue
                if s in self.players and isinstance(v, dict) and v and all((k, s, x) in self.used for x in v):
                    continue
                out.append((k, s))
        return out


def _hashable(v) -> bool:
    return not isinstance(v, (list, dict, set))


class Chooser:
    __slots__ = ("game", "sheet")

    def __init__(self, game):
        self.game = game
        self.sheet = Choices()

    def _sheet(self, answers: dict | None) -> Choices:
        return Choices(answers, (p.name for p in self.game.players))

    def start(self, answers: dict | None) -> None:
        """An action begins with the scenario's answers for it."""
        self.sheet = self._sheet(answers)

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
        self.sheet = self._sheet(answers)
        try:
            yield
            unused = self.sheet.unused()
            if unused:
                raise UnusedChoice(unused)
        finally:
            self.sheet = outer

    def choose(self, kind: str, subject: str, *, by: str | None = None, options: list | None = None,
               legal=None, auto: bool = True, hint: str = "", rule: str | None = None, sequence: bool = False,
               default=_NOT_GIVEN, why: str | None = None):
        """A player's decision, from the scenario's `choices`. An illegal answer is the engine refusing the
        action (`IllegalAction`) under the rule that forbids it: the one `legal` names for that answer, else
        `rule`, else the game's rule for this kind of choice (`CHOICE_RULES`), else its rewind rule. `default`:
        the answer taken when the scenario gives none, where the caller has shown no other answer could matter —
        recorded as automatic with `why` (a choice a ruling shows, never a silent one)."""
        g = self.game
        taken_why = None
        try:
            answer, was_auto = self.sheet.need(kind, subject, options=options, by=by, legal=legal, auto=auto,
                                               hint=hint, sequence=sequence)
        except InvalidChoice as e:
            raise self.refusal(e, by, e.rule or rule) from None
        except MissingChoice:
            if default is _NOT_GIVEN:
                raise
            answer, was_auto, taken_why = default, True, why
        step = g.recorder.step
        if step is not None:
            step.choices.append(ChoiceMade(kind, subject, answer, by, was_auto, taken_why))
        return answer

    def peek(self, kind: str, subject: str, *, by: str | None = None, sequence: bool = False):
        """What the scenario answers for this decision, not yet taken (None: no answer)."""
        return self.sheet.peek(kind, subject, by, sequence)

    def forced(self, kind: str, subject: str, outcome: list, *, by: str | None = None, rule: str | None = None) -> list:
        """A decision the rules make alone (discard two from a hand of two: both go): nothing is asked. An answer
        the scenario gives anyway is that player's choice written out: taken if it names the same objects (in any
        order), refused under the rule for this kind of choice if it names others — never an unused choice."""
        want = sorted(map(str, outcome))

        def same(answer) -> str | None:
            got = answer if isinstance(answer, list) else [answer]
            return None if sorted(map(str, got)) == want else f"the rules leave only {', '.join(want) or 'nothing'}"

        try:
            self.sheet.need(kind, subject, by=by, legal=same, auto=False)
        except MissingChoice:
            return outcome
        except InvalidChoice as e:
            raise self.refusal(e, by, e.rule or rule) from None
        step = self.game.recorder.step
        if step is not None:
            step.choices.append(ChoiceMade(kind, subject, outcome, by, False))
        return outcome

    def none_legal(self, kind: str, subject: str, *, by: str | None = None, rule: str | None = None) -> None:
        """A decision with no legal option (a trigger with no legal target, a sacrifice with nothing to
        sacrifice): nothing is asked, and an answer the scenario gives for it anyway is refused."""
        try:
            self.sheet.need(kind, subject, options=[], by=by, auto=False)
        except MissingChoice:
            return
        except InvalidChoice as e:
            raise self.refusal(e, by, rule) from None

    def refusal(self, e: InvalidChoice, by: str | None, rule: str | None) -> IllegalAction:
        g = self.game
        rule = rule or g.CHOICE_RULES.get(e.choice) or g.REWIND_RULE
        if not rule:
            return e
        choice, shown = g.choice_words(e.choice, e.answer)
        player = g.by_name.get(by, by) if by else "-"
        if e.answerer is not None:
            return IllegalAction(g.rid(rule), "wrong_chooser", {"player": player, "choice": choice, "answer": shown,
                                                                "answerer": g.by_name.get(e.answerer, e.answerer)},
                                 e.message)
        code = "nothing_legal" if e.nothing else "invalid_choice"
        return IllegalAction(g.rid(rule), code, {"player": player, "choice": choice, "answer": shown}, e.message)
