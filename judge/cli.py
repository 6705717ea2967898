"""Entry point of the `judge` command: load the command modules, run typer."""
from judge.app import app

# Each module registers its commands on `app` when imported.
from judge.commands import rules as _rules  # noqa: F401,E402  judge rule / define / books / lint
from judge.commands import engine as _engine  # noqa: F401,E402  judge replay / check / coverage / new-scenario
from judge.commands import explain as _explain  # noqa: F401,E402  judge explain
from judge.commands import search as _search  # noqa: F401,E402  judge search / judge index
from judge.commands import editions as _editions  # noqa: F401,E402  judge diff (and rule --in / --lang)
from judge.commands import serve as _serve  # noqa: F401,E402  judge serve / judge site build
from judge.commands import config as _config  # noqa: F401,E402  judge config show / set / unset
from judge.app import make_strict  # noqa: E402

make_strict(app)  # every command refuses a repeated single-value option (judge.app.refuse_repeats)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
