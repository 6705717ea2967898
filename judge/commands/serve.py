"""`judge serve` and `judge site build`: the books, search, replays and rulings in a browser.

Only typer is imported at module level; FastAPI, uvicorn and Jinja2 come in inside these two commands,
so every other command starts as fast as before.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from judge.app import app

LOCAL = ("127.0.0.1", "localhost", "::1")

site_app = typer.Typer(help="The books as static, hyperlinked HTML.", no_args_is_help=True, add_completion=False)
app.add_typer(site_app, name="site")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on. 0.0.0.0 opens the server to every "
                                                         "machine that can reach this one: see docs/serve.md."),
    port: int = typer.Option(8000, "--port", "-p", min=1, max=65535),
    workers: int = typer.Option(1, "--workers", "-w", min=1, max=64,
                                help="Server processes (each loads the books and indexes; put several behind a "
                                     "reverse proxy, or use this)."),
    replay_workers: int = typer.Option(1, "--replay-workers", min=1, max=32,
                                       help="Processes per server process that replay scenarios."),
    time_limit: float = typer.Option(10.0, "--time-limit", min=0.1, max=600, help="Seconds a replay may take."),
    book: Optional[List[str]] = typer.Option(None, "--book", "-b", help="Serve only this book id (repeat for more; "
                                                                        "default: every known book)."),
    cache: int = typer.Option(4096, "--cache", min=0, max=1_000_000,
                              help="Answers kept per kind (rule documents, searches, pages); 0 keeps none."),
) -> None:
    """Serve the rulebooks, search, scenario replays and rulings: pages for a browser and a JSON API (/docs)."""
    from rulebook import RulebookError, all_books  # start-up: rulebook.books (~14 ms) would load at every `judge` start

    try:
        known = all_books()
    except RulebookError as e:
        _fail(str(e))
    for b in book or []:
        if b not in known:
            _fail(f"unknown book {b!r}; known books: {', '.join(known)} (the server takes book ids, never paths)")
    if host not in LOCAL:
        sys.stderr.write(f"judge: warning: listening on {host}: every machine that can reach this one can use the "
                         f"server, without a password. Put it behind a reverse proxy with TLS (docs/serve.md).\n")
    os.environ["RULES_JUDGE_SERVE"] = json.dumps({"books": book or None, "replay_workers": replay_workers,
                                                  "time_limit": time_limit, "cache_size": cache})
    import uvicorn  # start-up: uvicorn (~26 ms) would load at every `judge` start

    shown = f"[{host}]" if ":" in host else host
    sys.stderr.write(f"judge: serving on http://{shown}:{port}/  (API: http://{shown}:{port}/docs; Ctrl-C stops)\n")
    try:
        uvicorn.run("judge.server.app:app_from_env", factory=True, host=host, port=port, workers=workers,
                    log_level="warning", access_log=False)
    except KeyboardInterrupt:
        pass


@site_app.command("build")
def site_build(
    out: Path = typer.Argument(..., help="Folder to write (created if needed; files in it are overwritten)."),
    book: Optional[List[str]] = typer.Option(None, "--book", "-b", help="Only this book id (repeat for more)."),
) -> None:
    """Write the books as static HTML: a page per section, an anchor per rule, references and backlinks as links."""
    from judge.server.library import Library, UnknownBook  # start-up: judge.server.library (~9 ms) would load at every `judge` start
    from judge.server.site import build  # start-up: judge.server.site (~26 ms) would load at every `judge` start

    try:
        lib = Library(book)
    except UnknownBook as e:
        _fail(str(e))
    if out.exists() and not out.is_dir():
        _fail(f"{out}: exists and is not a folder")
    try:
        counts = build(out, lib)
    except OSError as e:
        _fail(f"{out}: cannot write ({e.strerror or e})")
    for b, n in counts.items():
        sys.stdout.write(f"{b}: {n} pages\n" if n else f"{b}: skipped: {lib.row(b).get('error')}\n")
    sys.stdout.write(f"open {out / 'index.html'}\n")


def _fail(message: str, code: int = 2) -> None:
    sys.stderr.write(f"judge: {message}\n")
    raise typer.Exit(code)
