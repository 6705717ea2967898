"""The one typer application every command module registers on.

Command modules import only typer and the standard library at module level;
anything heavy (jieba, whoosh, pydantic, yaml, rich) is imported inside the
command that needs it, so `judge rule 420.5c` starts fast.
"""
import typer

app = typer.Typer(
    name="judge",
    help="Find the rule that decides a trading-card-game situation, and prove it.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
