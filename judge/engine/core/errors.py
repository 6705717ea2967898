"""Errors the engine raises while replaying.

Every error carries enough to print `file:line: message` without a traceback:
the runner fills in `file` and `line` from the scenario action being replayed.
`IllegalAction` is special: it is the engine *rejecting* an action (rule 422
style rewind), which a scenario may expect (`rejected: 212.3d`) to test a
class-B example ("this declaration is illegal").
"""
from __future__ import annotations


class EngineError(Exception):
    """Base class: a replay cannot continue."""

    kind = "error"

    def __init__(self, message: str, *, line: int | None = None, file: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.file = file

    def located(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else (f"{self.file}: " if self.file else "")
        return f"{where}{self.message}"

    def __str__(self) -> str:
        return self.located()


class RuleNotInBook(EngineError):
    """A game module registered a rule number the rulebook does not contain."""

    kind = "rule_not_in_book"


class IllegalAction(EngineError):
    """The engine refused an action; the game state is unchanged (rewound).

    `rule` is the namespaced rule that forbids it and `reason` a reason code
    with `fields`, so the refusal is explained like any firing. A refusal by a
    mechanic the book does not number has no rule and names the `mechanic`.
    """

    kind = "illegal_action"

    def __init__(self, rule: str | None, reason: str, fields: dict | None = None, message: str = "", *,
                 mechanic: str | None = None, **kw):
        self.rule = rule
        self.reason = reason
        self.fields = fields or {}
        self.mechanic = mechanic
        super().__init__(message or f"{rule or mechanic}: {reason}", **kw)


class MissingChoice(EngineError):
    """A choice the scenario must make was not given; lists the legal options."""

    kind = "missing_choice"

    def __init__(self, choice: str, subject: str, options: list, by: str | None = None, hint: str = "", **kw):
        self.choice, self.subject, self.options, self.by = choice, subject, options, by
        opts = ", ".join(_fmt(o) for o in options) if options else "(no legal option)"
        who = f"{by} " if by else ""
        msg = (f"missing choice `{choice}` for `{subject}`: {who}must choose; legal options: {opts}"
               + (f" — {hint}" if hint else ""))
        super().__init__(msg, **kw)


class InvalidChoice(EngineError):
    """A choice was given but is not one of the legal options."""

    kind = "invalid_choice"

    def __init__(self, choice: str, subject: str, answer, options: list | None, why: str = "", *,
                 rule: str | None = None, answerer: str | None = None, nothing: bool = False, **kw):
        self.choice, self.subject, self.answer, self.options = choice, subject, answer, options
        self.rule = rule              # the rule that forbids this answer, when the check names one
        self.answerer = answerer      # the player who answered a choice that is another player's
        self.nothing = nothing        # nothing could be chosen at all
        opts = f"; legal options: {', '.join(_fmt(o) for o in options)}" if options else ""
        super().__init__(f"choice `{choice}` for `{subject}` = {_fmt(answer)} is not legal"
                         + (f" ({why})" if why else "") + opts, **kw)


class UnusedChoice(EngineError):
    """Choices were given that the action never asked for (strict mode)."""

    kind = "unused_choice"

    def __init__(self, unused: list[tuple[str, str]], **kw):
        self.unused = unused
        items = ", ".join(f"{k}.{s}" for k, s in unused)
        super().__init__(f"unused choice(s): {items} — the action never asked for them", **kw)


class GameOver(EngineError):
    """An action was attempted after the game ended."""

    kind = "game_over"


def _fmt(o) -> str:
    if isinstance(o, bool):
        return "true" if o else "false"
    if isinstance(o, (list, tuple)):
        return "[" + ", ".join(_fmt(x) for x in o) + "]"
    if isinstance(o, dict):
        return "{" + ", ".join(f"{k}: {_fmt(v)}" for k, v in o.items()) + "}"
    return str(o)
