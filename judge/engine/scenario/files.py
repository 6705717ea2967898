"""Which files are scenarios, and where the bundled ones are: the one discovery every command shares.

A scenario is a YAML file, `.yaml` or `.yml` (`judge explain` takes either); a file in a `cards/` folder,
at any depth, is a card library, not a scenario — a scenario's `cards:` is looked up next to it and in each
parent directory, so a library may sit in `scenarios/cards/` or beside the scenarios that use it
(`scenarios/mtg/cards/`). A file named explicitly is taken as given.

The bundled scenarios and card libraries are package data of the `scenarios` package (the repository's
top-level `scenarios/` folder), so `judge check`, `judge coverage`, `judge scenarios` and
`judge replay 420.5c-lethal-damage` find them from any directory, editable install or not.
"""
from __future__ import annotations

import difflib
import os
from pathlib import Path

try:
    import scenarios
except ImportError:     # an editable install made before `scenarios` was a package
    scenarios = None

SUFFIXES = (".yaml", ".yml")
CARDS_DIR = "cards"


class NotAScenario(FileNotFoundError):
    """A name or path that names no scenario; the message says where it looked and what is close."""


def bundled_root() -> Path:
    """The folder of the bundled scenarios (`<root>/mtg/*.yaml`, `<root>/cards/mtg.yaml`)."""
    if scenarios is None:   # an editable install made before `scenarios` was a package: the source tree's
        return Path(__file__).resolve().parents[3] / "scenarios"
    return scenarios.ROOT


def scenario_files(root: Path) -> list[Path]:
    """Every scenario file under the directory `root`, sorted; none when `root` is not a directory or is itself
    a `cards/` folder."""
    root = Path(root)
    if not root.is_dir() or root.name == CARDS_DIR:
        return []
    return sorted(p for p in root.rglob("*")
                  if p.suffix in SUFFIXES and p.is_file() and CARDS_DIR not in p.relative_to(root).parts[:-1])


def scenario_paths(paths: list[Path]) -> list[Path]:
    """The scenario files the given files, directories and bundled names name, in the order given (each
    directory sorted); `NotAScenario` (a `FileNotFoundError`) for one that names nothing."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(scenario_files(p))
        else:
            out.append(resolve(str(p)))
    return out


def resolve(name: str) -> Path:
    """A scenario file named by its path, or by its bundled name: `420.5c-lethal-damage`,
    `mtg/420.5c-lethal-damage` or either with `.yaml`. `NotAScenario` if it names none, or a directory."""
    p = Path(name)
    if p.is_dir():
        raise NotAScenario(f"{name}: is a directory; name one scenario file (`judge check {name}` runs "
                           f"every scenario in it)")
    if p.exists():
        return p
    root = bundled_root()
    stem = name[: -len(p.suffix)] if p.suffix in SUFFIXES else name
    every = scenario_files(root)
    names = {f: f.relative_to(root).with_suffix("").as_posix() for f in every}
    hits = [f for f, rel in names.items() if rel == stem or rel.rsplit("/", 1)[-1] == stem]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise NotAScenario(f"{name}: several bundled scenarios have this name: "
                           f"{', '.join(names[f] for f in hits)}; name one with its game")
    close = difflib.get_close_matches(stem, [r.rsplit("/", 1)[-1] for r in names.values()], n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise NotAScenario(f"{name}: no such file or directory, nor a bundled scenario of that name (looked in {root}){hint} "
                       f"— `judge scenarios` lists them")


def bundled_library(ref: str) -> Path | None:
    """A bundled card library by game name (`mtg`) or by its path under the bundled folder (`cards/mtg.yaml`)."""
    root = bundled_root()
    rel = Path(ref)
    candidates = [root / CARDS_DIR / f"{ref}.yaml"] if rel.name == ref and not rel.suffix else []
    if not rel.is_absolute() and ".." not in rel.parts:
        candidates.append(root / rel)
    for c in candidates:
        if c.is_file():
            return c
    return None


def display(path: Path) -> str:
    """A path as a user types it: relative to the working directory when it is under it, else absolute."""
    p = Path(path)
    try:
        rel = os.path.relpath(p.resolve())
    except ValueError:      # another drive (Windows)
        return str(p)
    return rel if not rel.startswith("..") else str(p.resolve())
