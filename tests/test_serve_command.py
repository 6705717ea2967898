"""`judge serve` as a user starts it: the address it prints, the warning for 0.0.0.0, a clean Ctrl-C, and
the rest of the CLI not paying for the server's imports."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from typer.testing import CliRunner

from judge.cli import app as cli


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, proc: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode}: {proc.stderr.read()}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer within {seconds} s")


def test_the_rest_of_the_cli_does_not_import_the_server():
    code = ("import sys; from typer.testing import CliRunner; from judge.cli import app; "
            "r = CliRunner().invoke(app, ['rule', '420.5c', '--book', 'mtg']); assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'jinja2', 'starlette', 'pebble') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_serve_binds_loopback_by_default_and_warns_for_every_interface(monkeypatch):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: calls.append(kw))
    r = CliRunner().invoke(cli, ["serve", "--port", "8123"])
    assert r.exit_code == 0, r.output
    assert calls[-1]["host"] == "127.0.0.1" and calls[-1]["port"] == 8123 and calls[-1]["workers"] == 1
    assert "serving on http://127.0.0.1:8123/" in r.stderr and "warning" not in r.stderr
    r = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--workers", "3", "--time-limit", "5"])
    assert "warning: listening on 0.0.0.0" in r.stderr and "reverse proxy" in r.stderr
    assert calls[-1]["workers"] == 3 and calls[-1]["factory"] is True
    assert json.loads(os.environ["RULES_JUDGE_SERVE"])["time_limit"] == 5


def test_serve_refuses_an_unknown_book_or_a_path():
    for book in ("nope", "rulebook/data/mtg.txt"):
        r = CliRunner().invoke(cli, ["serve", "--book", book])
        assert r.exit_code == 2 and f"unknown book {book!r}" in r.stderr and "never paths" in r.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_serve_answers_then_stops_cleanly_on_ctrl_c():
    port = free_port()
    env = dict(os.environ)
    proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--port", str(port), "--book", "mtg"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/api/books", proc)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/books/mtg/rules/420.5c") as r:
            assert json.load(r)["rules"][0]["canonical_id"] == "420.5c"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert f"serving on http://127.0.0.1:{port}/" in err
