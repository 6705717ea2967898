"""The import graph, read from the source: no cycles anywhere, counting imports inside functions.

Every module of `rulebook/`, `index/` and `judge/` is parsed (AST); each `import` and `from … import`
— at module level or inside a function — is an edge to the module it names (`from pkg import name`
names `pkg.name` when that is a module, else `pkg`), and so is `import_module("a.b")` with a literal
name. A cycle is a strongly connected set of two or more modules: dependencies must point one way
(BRIEF: judge → index → rulebook; inside a game package, vocabulary and state at the bottom, effects
and resolution above). A function-level import — of a project module, the standard library or a
third-party package — is allowed only to keep start-up cheap, and its line says why: `# start-up: <why>`.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rulebook", "index", "judge")
# cycles known to exist and to be fixed by their owners: each must still exist (else remove it from here)
KNOWN_CYCLES: list[frozenset] = []


def modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for f in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = f
    return out


def _resolve(name: str, mods: dict) -> str | None:
    """The module `name` refers to: itself, or the longest enclosing module (a name inside it)."""
    while name:
        if name in mods:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(mod: str, path: Path, mods: dict) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for every import in the file."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for sub in ast.walk(node):
                if sub is not node:
                    in_function.add(id(sub))
    is_pkg = path.name == "__init__.py"
    out = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = mod.split(".") if is_pkg else mod.split(".")[:-1]
                pkg = pkg[:len(pkg) - (node.level - 1)]
                base = ".".join(pkg + ([base] if base else []))
            names = [f"{base}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                names = [node.args[0].value]
        for n in names:
            target = _resolve(n, mods)
            if target is not None and target != mod:
                out.append((target, node.lineno, id(node) in in_function))
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {m: {t for t, _, _ in imports_of(m, p, mods)} for m, p in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[frozenset]:
    """Strongly connected sets of two or more modules (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[frozenset] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.add(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    out.append(frozenset(comp))
    return out


def test_the_cycle_finder_finds_cycles():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set(), "f": {"g"}, "g": {"f"}}
    assert sorted(map(sorted, cycles(g))) == [["a", "b", "c"], ["f", "g"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions(tmp_path):
    mods = {"p": tmp_path / "p" / "__init__.py", "p.a": tmp_path / "p" / "a.py", "p.b": tmp_path / "p" / "b.py"}
    (tmp_path / "p").mkdir()
    mods["p"].write_text("")
    mods["p.a"].write_text("from p import b\n")
    mods["p.b"].write_text("def f():\n    from .a import thing\n    import_module('p.a')\n")
    found = imports_of("p.b", mods["p.b"], mods)
    assert {(t, inner) for t, _, inner in found} == {("p.a", True)}
    assert imports_of("p.a", mods["p.a"], mods)[0][:1] == ("p.b",)


def test_no_import_cycles_in_the_repository():
    found = cycles(graph())
    new = [sorted(c) for c in found if c not in KNOWN_CYCLES]
    assert not new, f"import cycles (counting imports inside functions): {new}"
    fixed = [sorted(c) for c in KNOWN_CYCLES if c not in found]
    assert not fixed, f"these known cycles are gone: remove them from KNOWN_CYCLES: {fixed}"

START_UP = re.compile(r"#.*\bstart-up: \S")


def function_level_imports(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every `import` / `from … import` statement inside a function (or lambda), whatever it
    imports — the standard library, a third-party package or a module of the project."""
    src = path.read_text("utf-8")
    lines = src.splitlines()
    found: dict[int, str] = {}
    for node in ast.walk(ast.parse(src, str(path))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    found[sub.lineno] = lines[sub.lineno - 1]
    return sorted(found.items())


def unexplained_imports(path: Path) -> list[tuple[int, str]]:
    """The function-level imports whose line gives no `# start-up: <why>` reason."""
    return [(n, line) for n, line in function_level_imports(path) if not START_UP.search(line)]


def test_imports_inside_functions_only_for_start_up():
    """A function-level import anywhere in rulebook/, index/ and judge/ says why on its line: start-up cost
    (`# start-up: whoosh only for a search`). Anything else belongs at the top of its module."""
    bad = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
           for path in modules().values() for n, line in unexplained_imports(path)]
    assert not bad, "function-level imports without a '# start-up:' reason (move them to the top, or say why):\n" \
        + "\n".join(bad)


def test_the_start_up_check_fails_on_a_bare_function_level_import(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import os\n\n\n"
                 "def f():\n    import json\n    from pathlib import Path\n    return json, Path\n\n\n"
                 "def g():\n    import yaml  # start-up: yaml only here\n    return yaml\n\n\n"
                 "class C:\n    def m(self):\n        from . import sibling  # only here\n\n"
                 "    async def a(self):\n        import typer  # start-up:\n\n\n"
                 "h = lambda: __import__('x')\n", encoding="utf-8")
    assert [n for n, _ in function_level_imports(f)] == [5, 6, 11, 17, 20]
    assert [n for n, _ in unexplained_imports(f)] == [5, 6, 17, 20]   # no marker, a comment without it, no reason
    f.write_text("import json\n\n\ndef f():\n    return json\n", encoding="utf-8")
    assert unexplained_imports(f) == []
