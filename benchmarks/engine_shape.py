"""The engine's shape in figures (issue 10): not timings, but what a newcomer taking the code over pays for.

    python benchmarks/engine_shape.py [--root REPO] [--long N]

Prints, read from the source (AST, nothing is imported or run):
- the core's parts (judge/engine/core/*.py): lines, and the classes and their method counts;
- `Game` and each game's subclass: lines and methods (and how many of the subclass's methods are hooks);
- the hooks and refinements a game may override (`HOOKS`, `REFINEMENTS` in core/game.py);
- function-level imports: how many in the engine (each listed with its line) and in the whole repository;
- the N longest functions in the engine (lines, first to last).
Import cycles are the test's job (tests/test_import_graph.py), repeated blocks the `duplicates` tool's.
"""
from __future__ import annotations

import argparse
import ast
from pathlib import Path


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text("utf-8"), str(path))


def _span(node) -> int:
    return node.end_lineno - node.lineno + 1


def classes(path: Path) -> list[tuple[str, int, list[str]]]:
    """(class name, lines, method names) for each top-level class of a file."""
    out = []
    for node in _tree(path).body:
        if isinstance(node, ast.ClassDef):
            methods = [n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            out.append((node.name, _span(node), methods))
    return out


def function_imports(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each import statement inside a function."""
    lines = path.read_text("utf-8").splitlines()
    seen: dict[int, str] = {}
    for fn in ast.walk(_tree(path)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(fn):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    seen[sub.lineno] = lines[sub.lineno - 1].strip()
    return sorted(seen.items())


def functions(path: Path) -> list[tuple[int, str, int]]:
    """(lines, qualified name, first line) of every function and method."""
    out = []

    def walk(node, prefix):
        for n in ast.iter_child_nodes(node):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append((_span(n), prefix + n.name, n.lineno))
                walk(n, prefix + n.name + ".")
            elif isinstance(n, ast.ClassDef):
                walk(n, prefix + n.name + ".")
    walk(_tree(path), "")
    return out


def _tuple_names(path: Path, name: str) -> tuple[str, ...]:
    for node in _tree(path).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    return ()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--long", type=int, default=10, help="how many of the longest functions to list")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    engine = root / "judge" / "engine"
    rel = lambda p: p.relative_to(root).as_posix()   # noqa: E731

    print("core parts (judge/engine/core):")
    total = 0
    for f in sorted((engine / "core").glob("*.py")):
        n = len(f.read_text("utf-8").splitlines())
        total += n
        cls = ", ".join(f"{c} {ln} lines/{len(m)} methods" for c, ln, m in classes(f))
        print(f"  {f.name:<14} {n:>4} lines  {cls}")
    print(f"  {'(all)':<14} {total:>4} lines")

    game_file = engine / "core" / "game.py"
    hooks, refinements = _tuple_names(game_file, "HOOKS"), _tuple_names(game_file, "REFINEMENTS")
    print(f"\nhooks a game implements: {len(hooks)}; refinements it may override: {len(refinements)}")
    for path, names in ((game_file, ("Game",)), (engine / "games" / "common" / "game.py", ("CardGame",))):
        for c, ln, m in classes(path):
            if c in names:
                print(f"  {rel(path)}: {c} {ln} lines, {len(m)} methods")
    for f in sorted((engine / "games").glob("*/game.py")):
        for c, ln, m in classes(f):
            if c.endswith("Game") and f.parent.name != "common":
                k = sum(x in hooks or x in refinements for x in m)
                print(f"  {rel(f)}: {c} {ln} lines, {len(m)} methods ({k} of them hooks or refinements)")

    eng = [(f, function_imports(f)) for f in sorted(engine.rglob("*.py"))]
    n_eng = sum(len(x) for _, x in eng)
    n_all = sum(len(function_imports(f)) for pkg in ("rulebook", "index", "judge") for f in (root / pkg).rglob("*.py"))
    print(f"\nfunction-level imports: {n_eng} in judge/engine, {n_all} in rulebook/ index/ judge/")
    for f, found in eng:
        for line, text in found:
            print(f"  {rel(f)}:{line}: {text}")

    longest = sorted(((n, f"{rel(f)}:{line} {name}") for f in engine.rglob("*.py") for n, name, line in functions(f)),
                     reverse=True)[:args.long]
    print(f"\nthe {args.long} longest functions in judge/engine (lines):")
    for n, where in longest:
        print(f"  {n:>4}  {where}")


if __name__ == "__main__":
    main()
