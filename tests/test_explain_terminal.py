"""`judge explain` as a user sees it: in a terminal (a pseudo-terminal, rich) and piped (plain text).

The ruling a judge reads out — the 裁定 with its reason and citations, a variant's own title, a heading
rule's subrules, the rules of a mechanism a rule names — must reach the screen whole in both, and read
the same in both: the terminal only wraps and colours it. `run_in_pty` is in test_terminal_headline.py.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

from test_terminal_headline import run_in_pty

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX only")
JUDGE = str(Path(sys.executable).parent / "judge")


def piped(*args: str) -> str:
    out = subprocess.run([JUDGE, *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def screen_lines(out: str) -> list[str]:
    return [x.rstrip() for x in out.replace("\r\n", "\n").split("\n")]


def joined(out: str) -> str:
    """What a reader reads across the terminal's wrapped lines (indentation, line ends and spaces dropped:
    a line may wrap at a space)."""
    return "".join(x.strip() for x in screen_lines(out)).replace(" ", "")


def same_text(answer: str, out: str) -> bool:
    return answer.replace(" ", "") in joined(out)


def answer_of(text: str) -> str:
    """The 裁定 paragraph of a piped ruling (one line)."""
    return next(x.strip() for x in text.splitlines() if x.strip().startswith("裁定："))


def test_a_ruling_in_a_terminal_gives_the_decisive_chain_as_piped():
    out = run_in_pty("explain", "418.5b-wild-mongrel", columns=72)
    assert all(cell_len(x) <= 72 for x in screen_lines(out))
    plain = piped("explain", "418.5b-wild-mongrel")
    answer = answer_of(plain)
    # the result first, then the reason, not a list of results: which effects applied in which layer
    assert "分类层" in answer and "（规则 " in answer and "理由：" in answer
    assert answer.index("理由：") < answer.index("分类层")
    assert same_text(answer, out)                  # the terminal shows the same ruling, only wrapped
    for text in (out, plain):
        assert "glossary:" not in text and "Traceback" not in text
        assert not re.search(r"\((?:m|c|d)\d+\)", text)     # no scenario ids after names that do not collide


def test_a_variant_in_a_terminal_carries_its_own_title_and_reason():
    args = ("explain", "419.4-regenerate-in-response", "--variant", "没有响应则被消灭")
    out = run_in_pty(*args, columns=80)
    assert screen_lines(out)[0].startswith("裁定说明：没有响应则被消灭")
    assert any(x.startswith("基本情景：") for x in screen_lines(out))
    answer = answer_of(piped(*args))
    assert "没有重生护盾" in answer and same_text(answer, out)


def test_a_heading_rule_in_a_terminal_quotes_its_subrules():
    out = run_in_pty("explain", "502.2", columns=80)
    text = joined(out)
    for sub in "abcd":
        assert f"502.2{sub}：" in text
    assert "502.2d：同一个生物上的数个先攻异能并无意义。" in text
    assert "502.2d：同一个生物上的数个先攻异能并无意义。" in piped("explain", "502.2")


def test_a_rule_naming_a_mechanism_in_a_terminal_points_to_its_rules():
    out = run_in_pty("explain", "420.5c", columns=80)
    text = joined(out)
    assert "本条提到的机制" in text and "419.6b：重生是针对消灭的替代性效应。" in text
    plain = piped("explain", "420.5c")
    assert plain.index("本条提到的机制") < plain.index("419.6b：重生是针对消灭的替代性效应。")
