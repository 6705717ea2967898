"""YAML with line numbers, so every error can name file, line and field.

We compose the document once (libyaml when available), keep a map from each
value's path (`("actions", 3, "cast")`) to its 1-based line, and construct the
plain data from the same nodes. Three YAML 1.1 surprises are switched off:
floats (so `source: 420.5` stays the string "420.5", never the number),
booleans other than true/false (`on: creator` is a key, not True), and
duplicate keys (an error, not a silent overwrite).
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from judge.engine.core.errors import EngineError

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Loader(_Base):
    pass


Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag not in ("tag:yaml.org,2002:float", "tag:yaml.org,2002:bool")]
    for k, v in _Base.yaml_implicit_resolvers.items()
}
# YAML 1.2 booleans only: `on:` / `yes` / `no` stay strings (an effect's `on: creator` is not True)
Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                             list("tTfF"))


class ScenarioError(EngineError):
    """Bad input: the file, the line and what was expected."""

    kind = "scenario_error"

    def __init__(self, file: str | None, line: int | None, message: str, field: str | None = None):
        self.field = field
        msg = f"{field}: {message}" if field else message
        super().__init__(msg, line=line, file=file)


def load(text: str, file: str) -> tuple[object, dict]:
    try:
        loader = Loader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(e, "problem", None) or str(e)
        raise ScenarioError(file, line, f"YAML syntax error: {problem}") from None
    if node is None:
        return None, {}
    marks: dict[tuple, int] = {}
    data = _build(node, (), marks, file)
    return data, marks


_scalar = yaml.constructor.SafeConstructor()


def _build(node, path: tuple, marks: dict, file: str):
    marks[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = {}
        for knode, vnode in node.value:
            key = _build(knode, path + ("<key>",), {}, file)
            if isinstance(key, (list, dict)):
                raise ScenarioError(file, knode.start_mark.line + 1, "a mapping key must be a plain value")
            if key in out:
                raise ScenarioError(file, knode.start_mark.line + 1, f"duplicate key {key!r}")
            key = key if isinstance(key, str) else (str(key) if not isinstance(key, bool) else key)
            out[key] = _build(vnode, path + (key,), marks, file)
            marks[path + (key,)] = knode.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(v, path + (i,), marks, file) for i, v in enumerate(node.value)]
    return _scalar.construct_object(node, deep=True)


def read(path: str | Path) -> tuple[object, dict, str]:
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except FileNotFoundError:
        raise ScenarioError(str(path), None, "file not found") from None
    except UnicodeDecodeError as e:
        raise ScenarioError(str(path), None, f"not UTF-8 text ({e.reason})") from None
    data, marks = load(text, str(path))
    return data, marks, text


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
