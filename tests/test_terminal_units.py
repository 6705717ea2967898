"""The terminal layout in-process: wrapping by cell width, the check table, the panel title, replay rows.

test_terminal.py reads a real pseudo-terminal; these drive the same functions with rich's Console forced to
a terminal at a fixed width, so each rule of the layout is pinned where a mutation would break it.
"""
from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from judge.wrap import _tokens, hang, rich_lines, wrap


def test_tokens_split_wide_characters_and_keep_words_and_spaces():
    assert _tokens("a  bc 灰熊100–502.5b，x") == ["a", "  ", "bc", " ", "灰", "熊", "100–502.5b", "，", "x"]
    assert _tokens("") == [] and _tokens("  ") == ["  "] and _tokens("\t x") == ["\t ", "x"]


@pytest.mark.parametrize("text, width, lines", [
    ("", 10, [""]),
    ("abc", 10, ["abc"]),
    ("abc def", 7, ["abc def"]),
    ("abc def", 6, ["abc", "def"]),               # at a space; the space is dropped
    ("abc  def", 3, ["abc", "def"]),
    ("灰熊受到伤害", 4, ["灰熊", "受到", "伤害"]),   # anywhere between wide characters, by cells
    ("灰熊受到伤害", 5, ["灰熊", "受到", "伤害"]),   # a wide character never straddles the edge
    ("灰熊受到伤害", 6, ["灰熊受", "到伤害"]),
    ("abcdefgh", 3, ["abc", "def", "gh"]),        # a word longer than a line is cut
    ("x abcdefgh", 4, ["x ab", "cdef", "gh"]),
    ("灰熊受伤。", 8, ["灰熊受", "伤。"]),           # 。 never starts a line: the character before goes down
    ("灰熊（受伤）", 6, ["灰熊", "（受", "伤）"]),     # （ never ends one
    ("甲甲（乙乙））；丙丙", 12, ["甲甲（乙", "乙））；丙丙"]),   # a run of closers goes down with what precedes it
    ("ab\ncd ef", 3, ["ab", "cd", "ef"]),          # each line of the text on its own
    ("  lead", 10, ["  lead"]),                    # the text's own leading spaces stay
    ("受", 1, ["受"]),                             # narrower than a character: still progresses
])
def test_wrap(text, width, lines):
    out = wrap(text, width)
    assert out == lines
    assert all(cell_len(x) <= max(width, 2) for x in out)


def test_no_wrapped_line_starts_with_closing_punctuation():
    """Seen in `judge replay` at 100 columns: "…（操控者：甲）" then a line starting "）；wow:709.2g"."""
    from judge.wrap import _NO_START

    text = "尝试结算最顶端的 示例抉择盟军（操控者：甲））；wow:709.2g（示例抉择盟军 结算的最后一步）。"
    for width in range(8, 60):
        out = wrap(text, width)
        assert not any(x[:1] in _NO_START for x in out[1:]), (width, out)
        assert "".join(out).replace(" ", "") == text.replace(" ", "")


def test_wrap_never_loses_or_reorders_text():
    text = "乙 使用 山脉 的魔法力异能，产生 {红}；魔法力异能立即结算，不用到堆叠。 The quick brown fox jumps"
    for width in range(2, 60):
        out = wrap(text, width)
        assert "".join(out).replace(" ", "") == text.replace(" ", "")
        assert all(cell_len(x) <= width for x in out), width


def test_hang_indents_continuations_under_the_body():
    assert hang("  理由：", "短", 40) == ["  理由：短"]
    out = hang("  理由：", "灰熊受到三点伤害伤害大于防御力，灰熊被消灭", 30)
    assert len(out) == 2 and out[0].startswith("  理由：灰熊") and out[1].startswith(" " * 8) and out[1][8] != " "
    assert all(cell_len(x) <= 30 for x in out)
    assert "".join(x.strip() for x in out).replace("理由：", "") == "灰熊受到三点伤害伤害大于防御力，灰熊被消灭"
    out = hang("  理由：", "灰熊受到三点伤害伤害大于防御力", 20)       # under 16 cells left: indentation + 4
    assert out[1].startswith("    伤") and all(cell_len(x) <= 20 for x in out)
    # a prefix leaving under 16 cells: continuation at the prefix's indentation + 4
    out = hang("    ▸ mtg:409.1a  ", "甲" * 30, 30)
    assert out[0].startswith("    ▸ mtg:409.1a  甲") and all(x.startswith("        甲") for x in out[1:])
    assert sum(x.count("甲") for x in out) == 30 and all(cell_len(x) <= 30 for x in out)
    assert hang("a: ", "x\ny", 40) == ["a: x", "   y"]


def test_rich_lines_keep_styles_across_breaks():
    t = Text("灰熊")
    t.append("受到伤害", style="bold")
    t.append(" 规则 420.5c", style="cyan")
    lines = rich_lines(t, 6)
    assert [x.plain for x in lines] == ["灰熊受", "到伤害", "规则", "420.5c"]
    assert lines[1].spans and lines[1].spans[0].style == "bold"
    assert any(s.style == "cyan" for s in lines[3].spans)


# --- judge check on a terminal -------------------------------------------------------

def _results():
    from judge.engine.scenario.check import FAIL, PASS, CheckResult

    return [
        CheckResult("scenarios/mtg/420.5c-lethal-damage.yaml", None, "M47", PASS, 1),
        CheckResult("scenarios/mtg/420.5c-lethal-damage.yaml", "防御力4则存活", "M47", PASS, 2),
        CheckResult("scenarios/mtg/420.5c-lethal-damage.yaml", "一个很长很长很长很长很长的变体名字", "M47", FAIL, 0,
                    ["scenarios/mtg/420.5c-lethal-damage.yaml:40: expect.life: expected 3, got 2"]),
        CheckResult("scenarios/wow/bad.yaml", None, None, FAIL, problems=["scenarios/wow/bad.yaml:1: x", "y"],
                    load_error=True),
    ]


def _table(width: int, quiet: bool = False) -> list[str]:
    from judge.engine.scenario.check import print_table

    buf = io.StringIO()
    con = Console(file=buf, width=width, force_terminal=True, color_system=None, highlight=False)
    print_table(_results(), quiet=quiet, console=con)
    return buf.getvalue().splitlines()


def test_check_lines_are_grep_able():
    from judge.engine.scenario.check import lines, summary

    out = lines(_results())
    assert out == [
        "PASS scenarios/mtg/420.5c-lethal-damage.yaml",
        "PASS scenarios/mtg/420.5c-lethal-damage.yaml#防御力4则存活",
        "FAIL scenarios/mtg/420.5c-lethal-damage.yaml:40: expect.life: expected 3, got 2 (#一个很长很长很长很长很长的变体名字)",
        "FAIL scenarios/wow/bad.yaml:1: x", "FAIL y"]
    assert lines(_results(), quiet=True) == out[2:]
    assert summary(_results()) == "2 passed, 2 failed (2 files)"


def test_check_table_fits_and_never_breaks_a_path():
    rows = _table(60)
    assert rows[0] == "scenarios in scenarios"
    assert rows[1].split() == ["scenario", "example", "checks"]
    assert set(rows[2]) == {"─"}
    assert rows[3].split() == ["✓", "mtg/420.5c-lethal-damage.yaml", "M47", "1"]
    assert rows[3].index("M47") == rows[1].index("example") and rows[3].endswith("1") and len(rows[3]) == len(rows[1])
    assert rows[4].startswith("✓   #防御力4则存活") and rows[4].endswith("2")
    assert rows[5].startswith("✗   #一个很长很长很长很长") and rows[6].startswith("     ") and rows[6].strip()
    assert (rows[5].split()[1] + rows[6].strip()) == "#一个很长很长很长很长很长的变体名字"
    assert rows[7].startswith("✗ wow/bad.yaml")
    assert "✗ scenarios/mtg/420.5c-lethal-damage.yaml:40: expect.life: expected 3, got 2" in rows[8]
    assert rows[-1] == "2 passed, 2 failed (2 files)"
    assert all(cell_len(r) <= 60 for r in rows[:8])


def test_check_table_too_narrow_prints_the_lines():
    rows = _table(30)
    assert rows[1] == "PASS scenarios/mtg/420.5c-lethal-damage.yaml"
    quiet = _table(60, quiet=True)
    assert not any(r.startswith("✓") for r in quiet)
    assert quiet[3] == "  mtg/420.5c-lethal-damage.yaml"       # a variant shown alone gets its file's path first


# --- the rule panel's title -----------------------------------------------------------

CRUMBS = [{"id": "4", "label": "4. 咒语，异能，和效应"}, {"id": "420", "label": "420. 依状态而生的效应"},
          {"id": "420.5", "label": "420.5"}, {"id": "420.5c", "label": "420.5c"}]


@pytest.mark.parametrize("width, title", [
    (80, "4. 咒语，异能，和效应 › 420. 依状态而生的效应 › 420.5 › 420.5c"),
    (54, "4 › 420 › 420.5 › 420.5c"),
    (24, "4 › 420 › 420.5 › 420.5c"),
    (20, "… › 420.5 › 420.5c"),
    (16, "… › 420.5c"),
    (3, "… › 420.5c"),
])
def test_a_panel_title_keeps_the_rules_own_number(width, title):
    from judge.render import _fit_title

    assert _fit_title(CRUMBS, width) == title
    assert _fit_title([], 10) == ""


def test_a_rule_panel_on_a_forced_terminal():
    from rulebook import load_book
    from rulebook.lookup import lookup

    from judge.render import print_rules
    from judge.ruledoc import lookup_doc

    b = load_book("mtg")
    buf = io.StringIO()
    import judge.render as render

    doc = lookup_doc(b, "420.5", lookup(b, "420.5"))
    Console_ = Console

    class Fixed(Console_):
        def __init__(self, **kw):
            super().__init__(**{**kw, "width": 60, "color_system": None})

    import rich.console

    old = rich.console.Console
    rich.console.Console = Fixed
    try:
        render.print_rules(doc, stream=buf, rich=True)
    finally:
        rich.console.Console = old
    rows = buf.getvalue().splitlines()
    assert rows[:2] == ["规则书：mtg · Magic: The Gathering · 完整规则 2006-10-01 ", "(rules 100–502.5b)"]   # wrapped to 60
    rows = rows[2:]
    assert rows[0].startswith("╭─ 4. 咒语，异能，和效应 › 420. 依状态而生的效应 › 420.5 ─")
    row = next(r for r in rows if "420.5c " in r)
    assert row.startswith("│ 420.5c 防御力大于0")
    nxt = rows[rows.index(row) + 1]
    assert nxt.startswith("│        ") and nxt[9] != " "             # continues under the text
    assert all(cell_len(r) == 60 for r in rows if r.startswith("│"))


# --- what mutation testing asked for ----------------------------------------------------

def test_wrap_edges():
    assert wrap("ab cd", 5) == ["ab cd"] and wrap("ab cd", 4) == ["ab", "cd"]     # exactly full fits
    assert wrap("ab   cd", 4) == ["ab", "cd"]                 # the spaces at a break are dropped, no line ends in one
    assert wrap("abc\tdef", 7) == ["abc\tdef"] and wrap("a \t b", 2) == ["a", "b"]
    assert wrap("  ab", 4) == ["  ab"] and wrap("x  abcdef", 4) == ["x  a", "bcde", "f"]   # a long word fills the line first
    assert wrap("灰熊 受到", 4) == ["灰熊", "受到"]
    assert wrap("a b\nc", 10) == ["a b", "c"]
    assert hang("ab: ", "cd", 6) == ["ab: cd"] and hang("ab: ", "cde", 6) != ["ab: cde"]
    # a prefix leaving exactly 16 cells still hangs under the body; 15 falls back to indentation + 4
    assert hang("  " + "x" * 14, "甲" * 10, 32)[1] == " " * 16 + "甲" * 2
    assert hang("  " + "x" * 15, "甲" * 10, 32)[1].startswith("      甲")
    assert hang("    ▸ 12345678901234567890  ", "甲乙", 30) == ["    ▸ 12345678901234567890  甲", "        乙"]
    assert hang("x" * 18, "甲", 12) == ["x" * 12, "xxxxxx甲"]      # narrower than the prefix: no indent left


def test_rich_lines_find_each_line_after_the_previous_one():
    t = Text("ab ab ab")
    assert [x.plain for x in rich_lines(t, 2)] == ["ab", "ab", "ab"]
    t = Text("甲\n\n乙")
    assert [x.plain for x in rich_lines(t, 4)] == ["甲", "", "乙"]


def _scenario_dir(tmp_path):
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    text = (root / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
    d = tmp_path / "s"
    d.mkdir()
    (d / "a-pass.yaml").write_text(text, "utf-8")
    i = text.index("variants:")
    bad_variant = text[:i] + text[i:].replace("damage: {bear: 3}", "damage: {bear: 2}", 1)
    assert bad_variant != text
    (d / "b-variant-fails.yaml").write_text(bad_variant, "utf-8")
    (d / "c-broken.yaml").write_text("book: mtg\ntitle: x\nsource: '420.5c'\n", "utf-8")
    stops = text.replace("{as: 乙, cast: bolt, targets: [bear]}", "{as: 乙, cast: bolt}", 1)   # no target chosen
    assert stops != text
    (d / "d-stops.yaml").write_text(stops, "utf-8")
    return d


def test_run_all_reports_every_instance_and_every_problem(tmp_path, monkeypatch):
    from judge.engine.scenario.check import FAIL, PASS, lines, run_all
    from judge.engine.scenario.files import scenario_files

    d = _scenario_dir(tmp_path)
    monkeypatch.chdir(tmp_path)
    res = run_all(scenario_files(d))
    by = {(r.path, r.variant): r for r in res}
    assert [(r.path, r.variant) for r in res][:4] == [("s/a-pass.yaml", None), ("s/a-pass.yaml", "防御力4则存活"),
                                                      ("s/a-pass.yaml", "已有伤害累计致命"),
                                                      ("s/a-pass.yaml", "回合结束时伤害移除")]
    ok = by[("s/a-pass.yaml", None)]
    assert (ok.status, ok.example, ok.problems, ok.load_error) == (PASS, None, [], False) and ok.checked >= 1
    assert by[("s/a-pass.yaml", "回合结束时伤害移除")].checked == 2
    broken = by[("s/c-broken.yaml", None)]
    assert broken.status == FAIL and broken.load_error and len(broken.problems) == 2   # players, turn
    assert all(p.startswith("s/c-broken.yaml:") for p in broken.problems)
    failing = [r for r in res if r.path == "s/b-variant-fails.yaml" and r.status == FAIL]
    assert [r.variant for r in failing] == ["防御力4则存活"] and not failing[0].load_error
    assert failing[0].problems and failing[0].problems[0].startswith("s/b-variant-fails.yaml:")
    stops = [r for r in res if r.path == "s/d-stops.yaml"]
    assert stops[0].status == FAIL and stops[0].problems[0].startswith("s/d-stops.yaml:13:")   # the replay stopped
    assert stops[-1].variant == "回合结束时伤害移除" and stops[-1].status == PASS           # it has its own actions
    assert len([r for r in res if r.path.startswith("s/")]) == len(res)
    out = lines(res)
    assert sum(x.startswith("PASS ") for x in out) == sum(r.status == PASS for r in res)


def test_common_dir():
    from judge.engine.scenario.check import _common_dir

    assert _common_dir([]) == ""
    assert _common_dir(["a/x.yaml", "a/b/y.yaml"]) == "a"
    assert _common_dir(["x.yaml", "y.yaml"]) == ""
    assert _common_dir(["/abs/x.yaml", "rel/y.yaml"]) == ""
    assert _common_dir(["/abs/x.yaml"]) == "/abs"
