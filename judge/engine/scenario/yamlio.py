"""YAML with line numbers, so every error can name file, line and field.

The reading itself is `rulebook.safe_yaml`, the one bounded loader for every
YAML file the tool reads (size, aliases, nesting; YAML 1.2 booleans, no floats,
no duplicate keys); this module turns its errors into `ScenarioError` and maps
pydantic's errors back to lines.
"""
from __future__ import annotations

from pathlib import Path

from rulebook import safe_yaml
from judge.engine.core.errors import EngineError


class ScenarioError(EngineError):
    """Bad input: the file, the line and what was expected."""

    kind = "scenario_error"

    def __init__(self, file: str | None, line: int | None, message: str, field: str | None = None):
        self.field = field
        msg = f"{field}: {message}" if field else message
        super().__init__(msg, line=line, file=file)


def load(text: str, file: str) -> tuple[object, dict]:
    """YAML text → (data, marks: each value's path → its line)."""
    try:
        return safe_yaml.loads_with_lines(text, file)
    except safe_yaml.YamlError as e:
        raise ScenarioError(e.file, e.line, e.message) from None


def read(path: str | Path) -> tuple[object, dict, str]:
    try:
        return safe_yaml.read_with_lines(path)
    except safe_yaml.YamlError as e:
        raise ScenarioError(e.file, e.line, e.message) from None


def line_of(marks: dict, loc: tuple) -> int | None:
    """The line of the deepest prefix of `loc` that has a mark."""
    loc = tuple(loc)
    while loc:
        if loc in marks:
            return marks[loc]
        loc = loc[:-1]
    return marks.get(())


def pydantic_errors(err, file: str, marks: dict, prefix: tuple = ()) -> list[ScenarioError]:
    """A pydantic ValidationError → one ScenarioError per problem, with line numbers."""
    out = []
    seen = set()
    for e in err.errors(include_url=False):
        loc = tuple(x for x in e["loc"] if not (isinstance(x, str) and (x.startswith("function-") or
                                                                        x in ("str", "dict", "list", "int",
                                                                              "bool", "tagged-union"))))
        full = prefix + loc
        field = ".".join(str(x) for x in full) or "(document)"
        msg = e["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        if e["type"] == "extra_forbidden":
            msg = "unknown field"
        elif e["type"] == "missing":
            msg = "required field is missing"
        key = (field, msg)
        if key in seen:
            continue
        seen.add(key)
        out.append(ScenarioError(file, line_of(marks, full), msg, field))
    return out
