"""`rulebook` imports point one way: no cycle between its modules, counting
imports inside functions, and nothing from `index` or `judge` (read from the source)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "rulebook"


def imports_of(path: Path) -> set[str]:
    """Every module a file imports, at any depth of the file (functions included)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def graph() -> dict[str, set[str]]:
    modules = {f"rulebook.{p.stem}": p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    return {name: {m for m in imports_of(p) if m in modules and m != name} for name, p in modules.items()}


def cycle(g: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(g[n]):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(g):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_no_import_cycle_inside_rulebook():
    g = graph()
    assert "rulebook.model" in g["rulebook.lookup"], "lookup reads the model"
    assert not g["rulebook.model"] & {"rulebook.lookup", "rulebook.books", "rulebook.parse", "rulebook.store"}
    assert cycle(g) is None, " → ".join(cycle(g) or [])


def test_the_cycle_finder_finds_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_rulebook_imports_neither_index_nor_judge():
    for p in PACKAGE.glob("*.py"):
        bad = {m for m in imports_of(p) if m.split(".")[0] in ("index", "judge")}
        assert not bad, f"{p.name} imports {sorted(bad)}"
