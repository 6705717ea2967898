"""The headline command as a user sees it in a real terminal (a pseudo-terminal), not a pipe.

The piped tests passed while a terminal showed an empty panel (rich's Text.rstrip()
returns None): this test reads what a pty shows.
"""
from __future__ import annotations

import os
import pty
import re
import shutil
import subprocess
import sys

import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run_in_pty(*args: str, columns: int = 100) -> str:
    judge = shutil.which("judge") or os.path.join(os.path.dirname(sys.executable), "judge")
    master, slave = pty.openpty()
    env = dict(os.environ, COLUMNS=str(columns), LINES="50", TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([judge, *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    return ANSI.sub("", b"".join(chunks).decode("utf-8", "replace"))


@pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX only")
def test_rule_in_a_terminal_shows_the_text():
    out = run_in_pty("rule", "420.5c", "--book", "mtg")
    assert "420.5c" in out
    assert "致命伤害" in out
    assert "重生可以替代此事件" in out.replace("│", "").replace(" ", "").replace("\r\n", "").replace("\n", "")
