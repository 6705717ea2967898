"""Every command as a terminal shows it: a pseudo-terminal at a fixed width, the output read back.

The piped tests passed while a terminal showed an empty panel; these read what a person sees. Each test
asserts the content a user needs is there, and that nothing is wider than the terminal or broken where it
must not be (a path, a rule id, an indentation). `run_in_pty` is in test_terminal_headline.py.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

from test_terminal_headline import run_in_pty

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX only")
ROOT = Path(__file__).resolve().parents[1]


def lines_of(out: str) -> list[str]:
    """Lines as the screen ends up showing them (a progress bar's \r rewrites its line)."""
    return [x.rstrip().rsplit("\r", 1)[-1] for x in out.replace("\r\n", "\n").split("\n")]


def fits(out: str, width: int) -> None:
    wide = [x for x in lines_of(out) if cell_len(x) > width]
    assert not wide, wide[:3]


def unboxed(out: str) -> str:
    """The text inside rich panels, lines joined: what a reader reads across wrapped lines."""
    return "".join(x.strip("│ ").strip() for x in lines_of(out))


def test_rule_leaf_section_range_and_glossary():
    out = run_in_pty("rule", "420.5c", columns=100)
    assert lines_of(out)[0] == "规则书：mtg · Magic: The Gathering · 完整规则 2006-10-01 (rules 100–502.5b)"  # which book
    assert lines_of(out)[1].startswith("╭─ 4. 咒语，异能，和效应 › 420. 依状态而生的效应 › 420.5 › 420.5c ─")
    out = run_in_pty("rule", "420.5c", columns=60)
    fits(out, 60)
    panel = next(i for i, x in enumerate(lines_of(out)) if x.startswith("╭"))
    assert "".join(lines_of(out)[:panel]).replace(" ", "") == "规则书：mtg·Magic:TheGathering·完整规则2006-10-01(rules100–502.5b)"
    assert lines_of(out)[panel].startswith("╭─ 4 › 420 › 420.5 › 420.5c ─")   # too narrow: ancestors by number
    assert "防御力大于0且受到致命伤害的生物会被消灭。致命伤害是指大于等于生物防御力的伤害。重生可以替代此事件。" in unboxed(out)

    out = run_in_pty("rule", "420.5", columns=80)
    fits(out, 80)
    for sub in "abcdefghi":
        row = next(x for x in lines_of(out) if f"420.5{sub} " in x)
        assert re.search(rf"420\.5{sub} \S", row), row          # the text starts on the id's line
    cont = [x for x in lines_of(out) if x.startswith("│        ") and x.strip("│ ")]
    assert cont, "a wrapped subrule continues under its text"

    out = run_in_pty("rule", "420", columns=80)
    fits(out, 80)
    for n in range(1, 6):
        row = next(x for x in lines_of(out) if f"420.{n} " in x)
        assert re.search(rf"420\.{n}  \S", row), row            # a contents row: id and text on one line

    out = run_in_pty("rule", "409.1a-c", columns=80)
    titles = [x for x in lines_of(out) if x.startswith("╭")]
    assert [t.split(" › ")[-1].split()[0] for t in titles] == ["409.1a", "409.1b", "409.1c"]

    for args in (("rule", "glossary:激活", "--book", "wow"), ("define", "激活", "--book", "wow")):
        out = run_in_pty(*args, columns=80)
        fits(out, 80)
        assert "激活 / Activate" in out
        assert "激活式能力属于支付式能力，其费用中含有激活符号。" in unboxed(out)


def test_search_results_keep_their_indentation():
    import subprocess

    subprocess.run([str(Path(sys.executable).parent / "judge"), "index", "build"], capture_output=True)
    out = run_in_pty("search", "传奇", "同名", "--limit", "3", columns=70)
    fits(out, 70)
    rows = [x for x in lines_of(out) if x.strip()]
    assert rows[0].startswith("规则书：mtg · Magic: The Gathering")    # the book line, wrapped to fit
    rows = rows[next(i for i, x in enumerate(rows) if x.startswith(" 1. ")):]
    assert rows[0].startswith(" 1. 420.5e")
    assert all(re.match(r"\s?\d+\. |    \S", x) for x in rows), rows     # a head, or an indented snippet line
    assert "若两个或更多同名的传奇永久物在场上" in "".join(x.strip() for x in rows)


def test_books_and_lint():
    out = run_in_pty("books", columns=100)
    fits(out, 100)
    rows = {x.split()[0]: x for x in lines_of(out) if x[:1].isalpha()}
    assert {"id", "mtg", "wow", "riftbound"} <= set(rows)
    assert re.search(r"\b609\b", rows["mtg"]) and re.search(r"\b127\b.*\b82\b", rows["wow"])
    assert "Magic: The" in rows["mtg"]
    out = run_in_pty("books", columns=60)          # too narrow for the columns: one block per book
    fits(out, 60)
    text = " ".join(x.strip() for x in lines_of(out))
    assert "mtg  Magic: The Gathering · 完整规则" in text and "rules 609" in text and "glossary 82" in text

    out = run_in_pty("lint", "--book", "wow", columns=80)
    assert "dialect: wow" in out and "rules: 127" in out and "glossary: 82" in out


def test_replay_wraps_by_cell_width_under_each_label():
    out = run_in_pty("replay", "420.5c-lethal-damage", "--full", columns=60)
    fits(out, 60)
    rows = lines_of(out)
    assert rows[-2].startswith("结果：通过")
    # the full text of 409.1a wraps, each continuation under the text, not at column 0
    i = next(k for k, x in enumerate(rows) if x.startswith("    ▸ mtg:409.1a  "))
    indent = cell_len("    ▸ mtg:409.1a  ")
    assert rows[i + 1].startswith(" " * indent) and rows[i + 1][indent] != " "
    reason = next(k for k, x in enumerate(rows) if x.startswith("        理由：") and "致命" not in x)
    assert rows[reason + 1].startswith(" " * 14) or rows[reason + 1].startswith("        ")
    joined = "".join(x.strip() for x in rows)
    assert "理由：灰熊受到3点伤害，伤害≥防御力2，被消灭" in joined.replace(" ", "")
    assert "灰熊.区域:场上→坟墓场" in joined.replace(" ", "")


def test_check_is_a_table_whose_paths_never_break(tmp_path):
    out = run_in_pty("check", "420.5c-lethal-damage", "716.1d-two-world-in-flames", columns=60)
    fits(out, 60)
    rows = lines_of(out)
    assert rows[0] in (f"scenarios in {ROOT / 'scenarios'}", "scenarios in scenarios")   # as typed from here
    assert any(x.startswith("✓ mtg/420.5c-lethal-damage.yaml") for x in rows)
    assert any(x.startswith("✓ wow/716.1d-two-world-in-flames.yaml") and "W19" in x for x in rows)
    assert any(x.startswith("✓   #防御力4则存活") for x in rows)
    assert rows[-2] == "10 passed, 0 failed (2 files)"
    # a terminal too narrow for the table: the grep-able lines, each path whole
    out = run_in_pty("check", "420.5c-lethal-damage", columns=30)
    assert "PASS scenarios/mtg/420.5c-lethal-damage.yaml" in out.replace("\r\n", "")


def test_coverage_and_explain():
    out = run_in_pty("coverage", "--book", "wow", columns=100)
    assert "717. 替代和防止伤害" in out and "the bundled scenarios in" in out

    out = run_in_pty("explain", "420.5c-lethal-damage", columns=60)
    fits(out, 60)
    assert lines_of(out)[0].startswith("裁定说明：受到致命伤害的生物被消灭")
    joined = "".join(x.strip() for x in lines_of(out))
    assert "规则409.1a：「玩家宣告要使用该咒语或起动式异能。」" in joined.replace(" ", "")


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_coverage_never_breaks_a_status_word_or_a_scenario_path(columns):
    """At 80 columns the chapter table printed "exerci/sed" and the scenarios column "…-zero-lo/ses.yaml"."""
    out = run_in_pty("coverage", "--book", "mtg", columns=columns)
    rows = lines_of(out)
    head = "\n".join(rows[:rows.index("implemented rules")])
    # the notice naming where the scenarios are holds the checkout's path, whose length no test controls
    fits("\n".join(x for x in head.split("\n") if not x.startswith("judge: ")), columns)  # the chapter summary fits
    for word in ("exercised", "procedural", "implemented"):
        assert word in head
    assert re.search(r"3\. 回合结构:?\s.*\b83\b", head)     # a chapter's name and its count on one line
    assert any(x.strip() == "102.3b-life-zero-loses.yaml" or "│ 102.3b-life-zero-loses.yaml" in x for x in rows)
    assert any(re.match(r"(│ )?mtg:102\.3b\b.*loses_life_zero", x) for x in rows)


def test_piped_output_is_unwrapped_and_undecorated():
    """Piped, the same commands print plain lines: no panel, no table rules, one line per scenario."""
    import subprocess

    judge = str(Path(sys.executable).parent / "judge")
    out = subprocess.run([judge, "rule", "420.5c"], capture_output=True, text=True).stdout
    assert "╭" not in out and "防御力大于0且受到致命伤害的生物会被消灭。致命伤害是指大于等于生物防御力的伤害。" in out
    out = subprocess.run([judge, "check", "420.5c-lethal-damage"], capture_output=True, text=True).stdout
    assert all(x.startswith("PASS ") for x in out.splitlines()) and len(out.splitlines()) == 4
