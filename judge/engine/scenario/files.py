"""Which files are scenarios: the one discovery `judge check`, `judge coverage` and the golden explanations share.

A scenario is a YAML file, `.yaml` or `.yml` (`judge explain` takes either); a file in a `cards/` folder,
at any depth, is a card library, not a scenario — a scenario's `cards:` is looked up next to it and in each
parent directory, so a library may sit in `scenarios/cards/` or beside the scenarios that use it
(`scenarios/mtg/cards/`). A file named explicitly is taken as given.
"""
from __future__ import annotations

from pathlib import Path

SUFFIXES = (".yaml", ".yml")
CARDS_DIR = "cards"


def scenario_files(root: Path) -> list[Path]:
    """Every scenario file under the directory `root`, sorted; none when `root` is not a directory or is itself
    a `cards/` folder."""
    root = Path(root)
    if not root.is_dir() or root.name == CARDS_DIR:
        return []
    return sorted(p for p in root.rglob("*")
                  if p.suffix in SUFFIXES and p.is_file() and CARDS_DIR not in p.relative_to(root).parts[:-1])


def scenario_paths(paths: list[Path]) -> list[Path]:
    """The scenario files the given files and directories name, in the order given (each directory sorted);
    `FileNotFoundError` for a path that does not exist."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(scenario_files(p))
        elif p.exists():
            out.append(p)
        else:
            raise FileNotFoundError(p)
    return out
