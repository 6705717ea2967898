"""The one YAML loader for every YAML file the tool reads: bounded, alias-free, with line numbers.

Scenario files, card libraries and the template data files are all read here, so
untrusted YAML is bounded before anything is built from it:

- the file is read up to `MAX_BYTES` (1 MiB; the largest bundled file is 30 KB);
- aliases (`*name`) are refused where they appear: an alias bomb ("billion
  laughs") is a few lines of text that expands to gigabytes, and no file of
  ours needs one;
- at most `MAX_NODES` values and `MAX_DEPTH` levels of nesting;
- one document per file; only the plain types (mapping, sequence, string,
  integer, true/false, null): any other tag (`!!python/object`, `!!float`,
  `!!binary`) is refused.

Three YAML 1.1 surprises are switched off: floats (`source: 420.5` stays the
string "420.5"), booleans other than true/false (`on: creator` is a key, not
True; `no` is a string), and the sexagesimal, underscore and date forms
(`1:30`, `1_000`, `2006-07-01` stay strings). Duplicate keys are an error, not
a silent overwrite.

Every problem is a `YamlError` carrying the file and 1-based line. It lives in
`rulebook`, the package every other one may import (the arrows run judge →
index → rulebook).

Why not `yaml.safe_load`: it expands aliases before anything can be checked,
and its nodes do not keep the line of each value. We build plain data from
PyYAML's event stream (libyaml's parser when available) with an explicit stack
instead of composing nodes, so an alias is refused at its own line, the limits
are checked while parsing, and no recursion depends on the input.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml
from yaml import events as ev
from yaml.nodes import ScalarNode

MAX_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 64

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _BOOL, _NULL, _SEQ, _MAP = (_TAG + t for t in ("str", "int", "bool", "null", "seq", "map"))


class YamlError(ValueError):
    """Bad YAML: the file, the line (1-based, or None for the whole file) and what was expected."""

    def __init__(self, file: str, line: int | None, message: str):
        self.file, self.line, self.message = file, line, message
        super().__init__(self.located())

    def located(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else f"{self.file}: {self.message}"


class _Resolver(yaml.resolver.BaseResolver):
    """Implicit types: null, true/false (YAML 1.2 spellings), decimal integers; everything else is a string."""


_Resolver.add_implicit_resolver(_NULL, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
_Resolver.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_Resolver.add_implicit_resolver(_INT, re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))

_Parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


def _scalar(e: ev.ScalarEvent, resolver: _Resolver, file: str):
    tag = e.tag
    if tag is None or tag == "!":
        tag = resolver.resolve(ScalarNode, e.value, e.implicit)
    line = e.start_mark.line + 1
    if tag == _STR:
        return e.value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        if e.value.lower() not in ("true", "false"):
            raise YamlError(file, line, f"not true or false: {e.value!r}")
        return e.value.lower() == "true"
    if tag == _INT:
        try:
            return int(e.value)
        except ValueError:
            raise YamlError(file, line, f"not an integer (or too long): {e.value[:40]!r}") from None
    raise YamlError(file, line, f"tag {_short(tag)} is not allowed: only mappings, lists, strings, integers, "
                                f"true/false and null")


class _Frame:
    __slots__ = ("container", "path", "key", "key_line", "is_map")

    def __init__(self, container, path: tuple, is_map: bool):
        self.container, self.path, self.is_map = container, path, is_map
        self.key = _NO_KEY
        self.key_line = 0


_NO_KEY = object()


def loads_with_lines(text: str, file: str = "<string>", *, max_nodes: int = MAX_NODES,
                     max_depth: int = MAX_DEPTH) -> tuple[object, dict[tuple, int]]:
    """YAML text → (plain data, marks): `marks` maps each value's path (`("actions", 3, "cast")`) to its line;
    a mapping entry's path maps to the line of its key. `YamlError` for anything refused (see the module)."""
    resolver = _Resolver()
    marks: dict[tuple, int] = {}
    stack: list[_Frame] = []
    root: object = None
    nodes = docs = 0

    def child_path() -> tuple | None:
        """The path of the value starting now; None when it is a mapping key (keys have no path)."""
        if not stack:
            return ()
        top = stack[-1]
        if top.is_map:
            if top.key is _NO_KEY:
                return None
            return top.path + (top.key,)
        return top.path + (len(top.container),)

    def attach(value, path: tuple | None, line: int) -> None:
        nonlocal root
        if not stack:
            root = value
            return
        top = stack[-1]
        if not top.is_map:
            top.container.append(value)
            return
        if path is None:   # the value is a key
            if value is None:
                raise YamlError(file, line, "a mapping key must not be empty (null)")
            key = value if isinstance(value, (str, bool)) else str(value)
            if key in top.container:
                raise YamlError(file, line, f"duplicate key {key!r}")
            top.key, top.key_line = key, line
            return
        top.container[top.key] = value
        marks[path] = top.key_line
        top.key = _NO_KEY

    try:
        for e in yaml.parse(text, Loader=_Parser):
            if isinstance(e, (ev.StreamStartEvent, ev.StreamEndEvent, ev.DocumentEndEvent)):
                continue
            line = e.start_mark.line + 1
            if isinstance(e, ev.DocumentStartEvent):
                docs += 1
                if docs > 1:
                    raise YamlError(file, line, "one YAML document per file (a second `---` starts here)")
                continue
            if isinstance(e, ev.AliasEvent):
                raise YamlError(file, line, f"aliases (*{e.anchor}) are not allowed: write the value out")
            if isinstance(e, (ev.ScalarEvent, ev.CollectionStartEvent)):
                nodes += 1
                if nodes > max_nodes:
                    raise YamlError(file, line, f"more than {max_nodes} values: too large for a rules file")
            if isinstance(e, ev.ScalarEvent):
                path = child_path()
                if path is not None:
                    marks[path] = line
                attach(_scalar(e, resolver, file), path, line)
            elif isinstance(e, (ev.SequenceStartEvent, ev.MappingStartEvent)):
                is_map = isinstance(e, ev.MappingStartEvent)
                tag = e.tag
                if tag not in (None, "!", _MAP if is_map else _SEQ):
                    raise YamlError(file, line, f"tag {_short(tag)} is not allowed on a {'mapping' if is_map else 'list'}")
                path = child_path()
                if path is None:
                    raise YamlError(file, line, "a mapping key must be a plain value")
                if len(stack) >= max_depth:
                    raise YamlError(file, line, f"nested more than {max_depth} levels deep")
                marks[path] = line
                stack.append(_Frame({} if is_map else [], path, is_map))
            elif isinstance(e, (ev.SequenceEndEvent, ev.MappingEndEvent)):
                done = stack.pop()
                attach(done.container, done.path, line)
    except yaml.reader.ReaderError as e:
        # a character YAML does not allow (a control character): PyYAML names it by an offset into the text it
        # was given (bytes for libyaml, characters for PyYAML) and no line; the reader stops at the first one,
        # so the character's first occurrence is where it is (given text, not bytes, the character is its code)
        at = text.find(chr(e.character))
        raise YamlError(file, text.count("\n", 0, at) + 1 if at >= 0 else None,
                        f"YAML syntax error: unacceptable character #x{e.character:04x}: {e.reason}") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = getattr(e, "problem", None) or str(e)
        raise YamlError(file, mark.line + 1 if mark else None, f"YAML syntax error: {problem}") from None
    return root, marks


def loads(text: str, file: str = "<string>") -> object:
    """YAML text → plain data (see `loads_with_lines`)."""
    return loads_with_lines(text, file)[0]


def read_text(path: str | Path, *, max_bytes: int = MAX_BYTES) -> str:
    """A YAML file's text, UTF-8 (a BOM is allowed), at most `max_bytes`; `YamlError` naming the file otherwise."""
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise YamlError(str(path), None, "file not found") from None
    except IsADirectoryError:
        raise YamlError(str(path), None, "is a directory, not a YAML file") from None
    except OSError as e:
        raise YamlError(str(path), None, f"cannot read: {e.strerror or e}") from None
    if len(raw) > max_bytes:
        raise YamlError(str(path), None, f"larger than {max_bytes // 1024} KiB: too large for a rules file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise YamlError(str(path), line, f"not UTF-8 text ({e.reason})") from None


def read_with_lines(path: str | Path, *, max_bytes: int = MAX_BYTES) -> tuple[object, dict, str]:
    """A YAML file → (plain data, marks, text)."""
    text = read_text(path, max_bytes=max_bytes)
    data, marks = loads_with_lines(text, str(path))
    return data, marks, text


def read(path: str | Path, *, max_bytes: int = MAX_BYTES) -> object:
    """A YAML file → plain data."""
    return read_with_lines(path, max_bytes=max_bytes)[0]
