"""The one typer application every command module registers on.

Command modules import only typer and the standard library at module level;
anything heavy (jieba, whoosh, pydantic, yaml, rich) is imported inside the
command that needs it, so `judge rule 420.5c` starts fast.
"""
from __future__ import annotations

import typer
from typer.core import TyperCommand, TyperGroup

app = typer.Typer(
    name="judge",
    help="Find the rule that decides a trading-card-game situation, and prove it. "
         "The book a command reads: --book, else $RULES_JUDGE_BOOK, else `judge config set book ID`, else mtg.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def refuse_repeats(command, ctx: typer.Context, args: list[str]) -> None:
    """A usage error (exit 2) when an option that takes one value is given more than once (`--book a --book b`):
    click keeps the last one silently, and a judge who typed two books must not get an answer from either.
    Options declared repeatable (`multiple`, counters) are left alone. click has no switch for this, so the
    command line is parsed once more here, before click parses it for real. (typer carries its own copy of
    click, so options are told apart by `param_type_name`, not by class.)"""
    parser = command.make_parser(ctx)
    try:
        _, _, order = parser.parse_args(args=list(args))
    except typer.BadParameter.__mro__[1]:     # click's UsageError: the real parse reports it, in click's words
        return
    given: dict[str, int] = {}
    for param in order:
        if _single(param):
            given[param.name] = given.get(param.name, 0) + 1
    for param in command.get_params(ctx):
        n = given.get(param.name, 0)
        if n > 1 and _single(param):
            raise typer.BadParameter(f"given {n} times; give it once", ctx=ctx, param=param)


def _single(param) -> bool:
    """An option that takes one value (not `multiple`, not a counter)."""
    return getattr(param, "param_type_name", "") == "option" and not param.multiple and not getattr(param, "count", False)


class StrictCommand(TyperCommand):
    """A typer command that refuses a repeated single-value option (see `refuse_repeats`)."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        refuse_repeats(self, ctx, args)
        return super().parse_args(ctx, args)


class StrictGroup(TyperGroup):
    """The same for a command group's own options (`judge books --json`)."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        refuse_repeats(self, ctx, args)
        return super().parse_args(ctx, args)


def make_strict(t: typer.Typer) -> None:
    """Every command and group of `t`, sub-apps included, refuses repeated options. Called once by judge.cli
    after every command module has registered (typer builds the click commands only when the app runs)."""
    if t.info.cls in (None, TyperGroup) or not isinstance(t.info.cls, type):
        t.info.cls = StrictGroup
    for info in t.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = StrictCommand
    for group in t.registered_groups:
        if group.cls in (None, TyperGroup) or not isinstance(group.cls, type):
            group.cls = StrictGroup
        make_strict(group.typer_instance)
