"""Untrusted YAML: every YAML file the tool reads goes through `rulebook.safe_yaml`, bounded before anything is built.

The "billion laughs" file below is 9 levels of 9 aliases (9^9 ≈ 387 million strings once expanded): before
the safe loader, `judge replay`, `check` and `explain` ran past 120 s at ~10 GB on a 2 KB file like it.
"""
from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook import safe_yaml
from rulebook.safe_yaml import YamlError

ROOT = Path(__file__).resolve().parents[1]

LAUGHS = "book: mtg\ntitle: 笑\nlol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 10))


def error(text: str) -> YamlError:
    with pytest.raises(YamlError) as e:
        safe_yaml.loads_with_lines(text, "f.yaml")
    return e.value


def test_an_alias_is_refused_at_its_own_line():
    e = error(LAUGHS)
    assert (e.file, e.line) == ("f.yaml", 4)
    assert "alias" in e.message and "*l0" in e.message


def test_a_recursive_alias_is_refused():
    assert error("a: &a [x, *a]\n").line == 1


def test_an_anchor_without_alias_is_harmless():
    assert safe_yaml.loads("a: &x 1\nb: 2\n") == {"a": 1, "b": 2}


@pytest.mark.parametrize("text, line, words", [
    ("a: !!python/object:os.system x\n", 1, "!!python/object:os.system is not allowed"),
    ("a: !!float 1.5\n", 1, "!!float is not allowed"),
    ("a: !!binary aGVsbG8=\n", 1, "!!binary"),
    ("!!set {a, b}\n", 1, "!!set is not allowed on a mapping"),
    ("a: 1\nb:\n  c: 2\n  c: 3\n", 4, "duplicate key 'c'"),
    ("a: 1\n---\nb: 2\n", 2, "one YAML document"),
    ("? [a]\n: 1\n", 1, "plain value"),
    ("~: 1\n", 1, "must not be empty"),
    ("a: [1, 2\n", 2, "YAML syntax error"),
    ("a: " + "9" * 5000 + "\n", 1, "not an integer"),
    ("a: !!bool maybe\n", 1, "not true or false"),
])
def test_refused_with_file_line_and_reason(text, line, words):
    e = error(text)
    assert e.line == line, e
    assert words in e.message, e
    assert str(e).startswith(f"f.yaml:{line}: ")


def test_nesting_and_size_are_bounded():
    deep = "a:\n" + "".join("  " * i + "-\n" for i in range(1, 80))
    assert "nested more than 64 levels" in error(deep).message
    assert "nested more than 3 levels" in str(pytest.raises(
        YamlError, safe_yaml.loads_with_lines, "a: [[[[1]]]]", "f", max_depth=3).value)
    many = "- a\n" * (safe_yaml.MAX_NODES + 1)
    e = error(many)
    assert "more than 100000 values" in e.message and e.line == safe_yaml.MAX_NODES
    assert safe_yaml.loads("- a\n" * 10) == ["a"] * 10
    e = pytest.raises(YamlError, safe_yaml.loads_with_lines, "[a, b, c]", "f", max_nodes=3).value
    assert "more than 3 values" in e.message
    assert safe_yaml.loads_with_lines("[a, b]", "f", max_nodes=3)[0] == ["a", "b"]


def test_yaml_1_1_surprises_stay_strings():
    text = ("source: 420.5\nd: 2006-07-01\nt: 1:30\nu: 1_000\nh: 0x1f\nb: yes\non: creator\nn:\n"
            "i: -12\nt2: TRUE\nf: false\ne: ''\nq: '7'\n")
    assert safe_yaml.loads(text) == {
        "source": "420.5", "d": "2006-07-01", "t": "1:30", "u": "1_000", "h": "0x1f", "b": "yes",
        "on": "creator", "n": None, "i": -12, "t2": True, "f": False, "e": "", "q": "7"}
    assert safe_yaml.loads("1: a\ntrue: b\n") == {"1": "a", True: "b"}
    assert safe_yaml.loads("a: !!str 5\nb: !!int '6'\n") == {"a": "5", "b": 6}
    assert safe_yaml.loads("") is None


def test_marks_give_each_value_its_line():
    text = "a: 1\nb:\n  - x\n  -\n    c: 2\n    d:\n      - 3\ne: [4,\n  5]\n"
    data, marks = safe_yaml.loads_with_lines(text, "f")
    assert data == {"a": 1, "b": ["x", {"c": 2, "d": [3]}], "e": [4, 5]}
    assert marks == {(): 1, ("a",): 1, ("b",): 2, ("b", 0): 3, ("b", 1): 5, ("b", 1, "c"): 5,
                     ("b", 1, "d"): 6, ("b", 1, "d", 0): 7, ("e",): 8, ("e", 0): 8, ("e", 1): 9}


def test_files_are_bounded_and_named(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: " + b"x" * safe_yaml.MAX_BYTES + b"\n")
    e = pytest.raises(YamlError, safe_yaml.read, big).value
    assert e.file == str(big) and e.line is None and "larger than 1024 KiB" in e.message
    small = tmp_path / "s.yaml"
    small.write_bytes(b"a: 1\n")
    assert safe_yaml.read(small, max_bytes=5) == {"a": 1}
    assert "larger than" in pytest.raises(YamlError, safe_yaml.read, small, max_bytes=4).value.message
    bom = tmp_path / "bom.yaml"
    bom.write_bytes("\ufeffa: 灰熊\n".encode())
    assert safe_yaml.read(bom) == {"a": "灰熊"}
    gbk = tmp_path / "gbk.yaml"
    gbk.write_bytes("a: 1\nb: 灰熊\n".encode("gbk"))
    e = pytest.raises(YamlError, safe_yaml.read, gbk).value
    assert (e.file, e.line, "not UTF-8" in e.message) == (str(gbk), 2, True)
    assert "file not found" in pytest.raises(YamlError, safe_yaml.read, tmp_path / "none.yaml").value.message
    assert "is a directory" in pytest.raises(YamlError, safe_yaml.read, tmp_path).value.message
    data, marks, text = safe_yaml.read_with_lines(small)
    assert (data, marks, text) == ({"a": 1}, {(): 1, ("a",): 1}, "a: 1\n")


def test_every_bundled_yaml_file_reads_with_the_safe_loader():
    """The bundled scenarios, card libraries and templates: none needs an alias, a float or a second document."""
    files = [*ROOT.glob("scenarios/**/*.yaml"), *ROOT.glob("judge/data/**/*.yaml")]
    assert len(files) > 100
    for f in files:
        assert isinstance(safe_yaml.read(f), dict), f


def test_no_module_reads_yaml_by_another_way():
    """One loader: no `yaml.safe_load`/`yaml.load` outside rulebook/safe_yaml.py."""
    offenders = []
    for pkg in ("rulebook", "index", "judge"):
        for f in (ROOT / pkg).rglob("*.py"):
            if f.name == "safe_yaml.py":
                continue
            text = f.read_text("utf-8")
            if re.search(r"^\s*(import yaml\b|from yaml\b)|\byaml\.(safe_|full_|unsafe_)?load(_all)?\(", text, re.M):
                offenders.append(str(f.relative_to(ROOT)))
    assert offenders == []


def _limit_memory():  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_AS is POSIX only")
@pytest.mark.parametrize("command", [["replay"], ["check"], ["explain"], ["replay", "--json"]])
def test_billion_laughs_is_refused_by_every_command(tmp_path, command):
    """A generous bound (2 GiB of address space, 60 s), not a timing test: the unbounded loader needed ~10 GB."""
    bomb = tmp_path / "lol.yaml"
    bomb.write_text(LAUGHS, "utf-8")
    judge = Path(sys.executable).parent / "judge"
    res = subprocess.run([str(judge), command[0], str(bomb), *command[1:]], capture_output=True, text=True,
                         timeout=60, preexec_fn=_limit_memory, env=dict(os.environ, NO_COLOR="1"))
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr + res.stdout
    assert f"{bomb}:4: aliases (*l0) are not allowed" in res.stderr + res.stdout


def test_error_texts_name_what_was_refused():
    """What mutation testing asked for: the message forms themselves."""
    assert str(YamlError("f.yaml", None, "x")) == "f.yaml: x" and str(YamlError("f.yaml", 3, "x")) == "f.yaml:3: x"
    e = pytest.raises(YamlError, safe_yaml.loads, "a: !local x\n").value
    assert e.message.startswith("tag !local is not allowed") and e.file == "<string>"
    e = pytest.raises(YamlError, safe_yaml.loads, "a: *x\n", "g.yaml").value
    assert str(e) == "g.yaml:1: aliases (*x) are not allowed: write the value out"


def test_the_nesting_bound_is_exact():
    assert safe_yaml.loads_with_lines("[[[1]]]", "f", max_depth=3)[0] == [[[1]]]
    e = pytest.raises(YamlError, safe_yaml.loads_with_lines, "[[[[1]]]]", "f", max_depth=3).value
    assert e.message == "nested more than 3 levels deep"
    assert safe_yaml.loads_with_lines("[a, b, c]", "f", max_nodes=4)[0] == ["a", "b", "c"]
    assert pytest.raises(YamlError, safe_yaml.read, "/nonexistent/x.yaml").value.message == "file not found"


def test_every_refusal_names_the_file_and_a_line():
    """What mutation testing asked for: the size, nesting, tag and syntax refusals each say which file and which
    line, and a syntax error gives PyYAML's own problem, not its whole multi-line report."""
    for text, kw in [("- a\n" * 5, {"max_nodes": 3}), ("[[[[1]]]]", {"max_depth": 3}), ("a: !!set [1]\n", {}),
                     ("a: [1, 2\n", {})]:
        e = pytest.raises(YamlError, safe_yaml.loads_with_lines, text, "f.yaml", **kw).value
        assert e.file == "f.yaml" and isinstance(e.line, int) and e.line >= 1, (text, e)
    assert error("a: !!set [1]\n").message == "tag !!set is not allowed on a list"
    e = error("a: [1, 2\n")
    assert e.message == "YAML syntax error: did not find expected ',' or ']'" and e.line == 2
    assert error("a: 1\n---\nb: 2\n").message == "one YAML document per file (a second `---` starts here)"
    assert error("~: 1\n").message == "a mapping key must not be empty (null)"


def test_a_file_that_cannot_be_read_is_named_in_the_error(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    for path, message in [(tmp_path / "none.yaml", "file not found"), (tmp_path, "is a directory, not a YAML file"),
                          (tmp_path / "notes.txt" / "x.yaml", "cannot read: Not a directory")]:   # a file as a folder
        e = pytest.raises(YamlError, safe_yaml.read, path).value
        assert (e.file, e.line, e.message) == (str(path), None, message)
        assert str(e) == f"{path}: {message}"


def test_a_file_over_the_bound_is_never_read_whole(tmp_path, monkeypatch):
    """The bound holds memory too: a file over it is refused after reading one byte more than the bound, however large."""
    from watched_reads import watch_reads

    reads = watch_reads(monkeypatch, safe_yaml)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: " + b"x" * 200 + b"\n")
    e = pytest.raises(YamlError, safe_yaml.read, big, max_bytes=100).value
    assert "larger than" in e.message and sum(got for _, got in reads) == 101


def test_a_file_whose_yaml_is_refused_is_named_in_the_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: 1\nb: *x\n", encoding="utf-8")
    e = pytest.raises(YamlError, safe_yaml.read, bad).value
    assert (e.file, e.line) == (str(bad), 2) and str(e).startswith(f"{bad}:2: aliases")


def test_the_non_specific_tag_is_no_tag():
    """YAML's non-specific tag `!` (`a: ! 420`) names no type: the value is read as if it carried no tag (as
    PyYAML's own loaders read it), never refused like the type tags (`!!float`, `!local`)."""
    text = "a: {0}420\nb: {0}true\nc: {0}x\nd: {0}[1]\n"
    assert safe_yaml.loads(text.format("! ")) == safe_yaml.loads(text.format("")) == {
        "a": 420, "b": True, "c": "x", "d": [1]}


def test_a_refused_integer_is_quoted_at_most_forty_characters():
    """An integer too long to read is refused with its first 40 characters quoted, never the whole value."""
    digits = "1234567890" * 500                          # 5,000 digits: past Python's int() string limit
    e = error(f"a: {digits}\n")
    assert e.message == f"not an integer (or too long): {digits[:40]!r}" and e.line == 1


def test_text_without_a_file_name_is_located_as_string():
    """YAML read from text (not a file) is named `<string>` in its errors, as Python names code read from text."""
    e = pytest.raises(YamlError, safe_yaml.loads_with_lines, "a: 1\nb: *x\n").value
    assert (e.file, e.line) == ("<string>", 2) and str(e).startswith("<string>:2: aliases")


def test_a_collection_may_carry_its_own_type_tag_only():
    """`!!map` on a mapping and `!!seq` on a list only say what the value is, and are read; swapped, each is refused
    on its line."""
    assert safe_yaml.loads("a: !!map {b: 1}\nc: !!seq [1, 2]\n") == {"a": {"b": 1}, "c": [1, 2]}
    e = error("a: 1\nb: !!seq {c: 1}\n")
    assert (e.line, e.message) == (2, "tag !!seq is not allowed on a mapping")
    e = error("a: !!map [1]\n")
    assert (e.line, e.message) == (1, "tag !!map is not allowed on a list")


def test_a_list_or_mapping_as_a_key_is_refused():
    """A key is a plain value: `? [a, b]` (a list used as a key) is refused on its line, naming what a key must be."""
    e = error("x: 1\n? [a, b]\n: 2\n")
    assert (e.line, e.message) == (2, "a mapping key must be a plain value")
    assert error("{[a]: 1}\n").message == "a mapping key must be a plain value"


@pytest.mark.parametrize("parser", ["libyaml", "python"])
def test_a_control_character_is_refused_at_its_line(monkeypatch, parser):
    """YAML allows no control characters (a terminal colour code pasted into a scenario, a stray \\x01): the
    error names the file and the line the character is on, in one line of text, whichever YAML parser reads it
    (libyaml counts its offset in bytes, PyYAML's own parser in characters, and neither gives a line)."""
    import yaml

    if parser == "python":
        monkeypatch.setattr(safe_yaml, "_Parser", yaml.SafeLoader)
    elif safe_yaml._Parser is yaml.SafeLoader:
        pytest.skip("PyYAML without libyaml")
    e = error("名字: 笑\n说明: 😀😀\nc: \x07\n")
    assert (e.file, e.line) == ("f.yaml", 3)
    assert e.message.startswith("YAML syntax error: unacceptable character #x0007: ")   # then the parser's reason
    assert e.message.endswith("characters are not allowed")
    e = error("a: b\r\n\x1b[31mc: d\r\n")
    assert e.line == 2 and e.message.startswith("YAML syntax error: unacceptable character #x001b")
    assert error("a: b\nc: \x07\nd: \x07\n").line == 2                # the first of two: where reading stops
    assert error("\x07a: 1\n").line == 1 and error("\n\x07a: 1\n").line == 2     # the very first character; after a blank line
    assert "\n" not in str(e)


def test_any_other_yaml_error_is_a_yaml_error_naming_the_file(monkeypatch):
    """Whatever error PyYAML raises becomes a YamlError naming the file, never a traceback: its problem and the
    line of its problem mark, else of its context mark, else no line; an error with no problem gives its text."""
    import yaml
    from yaml.error import Mark, MarkedYAMLError

    def raising(err):
        def parse(*a, **k):
            raise err
            yield   # a generator, as yaml.parse is
        return parse

    at_line_5 = Mark("<unicode string>", 40, 4, 0, None, None)                  # PyYAML's lines count from 0
    for err, line, message in [
            (MarkedYAMLError("while parsing x", None, "bad thing", at_line_5), 5, "bad thing"),
            (MarkedYAMLError("while parsing x", at_line_5, "bad thing", None), 5, "bad thing"),
            (yaml.YAMLError("odd failure"), None, "odd failure")]:
        monkeypatch.setattr(yaml, "parse", raising(err))
        e = pytest.raises(YamlError, safe_yaml.loads, "a: 1\n", "f.yaml").value
        assert (e.file, e.line, e.message) == ("f.yaml", line, f"YAML syntax error: {message}")
