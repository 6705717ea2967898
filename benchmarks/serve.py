"""Load test of `judge serve` over loopback: requests/s and p50/p95/p99 per endpoint at 1, 10 and 50 clients.

    pip install -e '.[bench]'
    python benchmarks/serve.py                       # one server process
    python benchmarks/serve.py --workers 2           # two (uvicorn --workers): how it scales on this machine
    python benchmarks/serve.py --cache 0             # every answer computed (no repeated question is free)
    python benchmarks/serve.py --seconds 3 --clients 1,10

The script starts `judge serve` on a free loopback port, waits until the books, indexes and replay
workers are loaded, then drives each endpoint with C clients (aiohttp, one connection each, each client
sends its next request when the last one answered) for a fixed time, and stops the server. Only
127.0.0.1 is ever contacted; every loop is bounded in time.

Endpoints and their inputs:
- rule:    GET /api/books/mtg/rules/{id}, cycling over every rule of the bundled MTG book;
- search:  GET /api/books/{book}/search?q=…, cycling over the development queries of ../shared/eval
           (queries-dev, questions-seeds-dev2) when present, else a built-in list;
- page:    GET /books/mtg/rules/{id}, the HTML page of each rule;
- replay:  POST /api/replay, a bundled scenario made unique per request (a YAML comment with a counter),
           so every request really replays it in a worker process;
- static:  GET /static/style.css, the baseline: what the server costs with no work at all. Each endpoint's
           p50 is also given as a ratio to it, measured in the same run at the same concurrency.

Errors (non-2xx answers or failed connections) are counted and must be 0.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("RULES_JUDGE_SHARED", ROOT.parent / "shared"))
SCENARIO = ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml"
FALLBACK_QUERIES = [("mtg", q) for q in ("传奇 同名", "致命伤害", "先攻 战斗伤害", "横置 费用", "状态动作",
                                         "反击 咒语", "墓地 放逐", "牺牲", "生物 防御力 0", "优先权")] + \
                   [("wow", q) for q in ("连结 结算", "激活", "护卫", "中断 目标")]


def queries() -> list[tuple[str, str]]:
    out = []
    for name in ("queries-dev.jsonl", "questions-seeds-dev2.jsonl"):
        f = SHARED / "eval" / name
        if f.is_file():
            for line in f.read_text("utf-8").splitlines():
                q = json.loads(line)
                if q.get("game") in ("mtg", "wow", "riftbound"):
                    out.append((q["game"], q["query"]))
    return out or FALLBACK_QUERIES


def rule_ids() -> list[str]:
    from rulebook import load_book

    return [n.uid for n in load_book("mtg").rules()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, workers: int, replay_workers: int, cache: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--port", str(port), "--workers",
                             str(workers), "--replay-workers", str(replay_workers), "--cache", str(cache)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"judge serve exited: {proc.stderr.read()}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/books", timeout=5).read()
            # every worker process answers once its books are loaded; warm a few requests through each
            for _ in range(4 * workers):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/books/mtg/search?q=warm", timeout=30).read()
            return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("judge serve did not start within 180 s")


class Endpoint:
    def __init__(self, name: str, make):
        self.name = name
        self.make = make      # i -> (method, path, body)


def endpoints(rules: list[str], qs: list[tuple[str, str]]) -> list[Endpoint]:
    text = SCENARIO.read_text("utf-8")
    return [
        Endpoint("static", lambda i: ("GET", "/static/style.css", None)),
        Endpoint("rule", lambda i: ("GET", f"/api/books/mtg/rules/{quote(rules[i % len(rules)])}", None)),
        Endpoint("search", lambda i: ("GET", f"/api/books/{qs[i % len(qs)][0]}/search?q="
                                             f"{quote(qs[i % len(qs)][1])}", None)),
        Endpoint("page", lambda i: ("GET", f"/books/mtg/rules/{quote(rules[i % len(rules)], safe=':')}", None)),
        Endpoint("replay", lambda i: ("POST", "/api/replay", f"{text}\n# request {i} {time.time_ns()}\n".encode())),
    ]


async def drive(base: str, ep: Endpoint, clients: int, seconds: float) -> dict:
    import aiohttp

    latencies: list[float] = []
    errors = 0
    counter = iter(range(10**9))
    stop = time.perf_counter() + seconds

    async def client():
        nonlocal errors
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=1)) as s:
            while time.perf_counter() < stop:
                method, path, body = ep.make(next(counter))
                t = time.perf_counter()
                try:
                    async with s.request(method, base + path, data=body,
                                         timeout=aiohttp.ClientTimeout(total=60)) as r:
                        await r.read()
                        ok = 200 <= r.status < 300
                except (aiohttp.ClientError, asyncio.TimeoutError):
                    ok = False
                latencies.append(time.perf_counter() - t)
                if not ok:
                    errors += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    elapsed = time.perf_counter() - t0
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(round(p / 100 * (len(ms) - 1))))] if ms else float("nan")

    return {"endpoint": ep.name, "clients": clients, "requests": len(ms), "rps": len(ms) / elapsed,
            "p50": pct(50), "p95": pct(95), "p99": pct(99), "mean": statistics.fmean(ms) if ms else 0.0,
            "errors": errors}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=1, help="judge serve --workers (server processes)")
    ap.add_argument("--replay-workers", type=int, default=1)
    ap.add_argument("--cache", type=int, default=4096, help="judge serve --cache (0: every answer computed)")
    ap.add_argument("--clients", default="1,10,50", help="comma-separated concurrency levels")
    ap.add_argument("--seconds", type=float, default=5.0, help="per endpoint and concurrency level")
    ap.add_argument("--only", default="", help="comma-separated endpoint names")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args()
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        raise SystemExit("benchmarks/serve.py needs aiohttp: pip install -e '.[bench]'")
    port = free_port()
    proc = start_server(port, args.workers, args.replay_workers, args.cache)
    base = f"http://127.0.0.1:{port}"
    rows = []
    try:
        eps = endpoints(rule_ids(), queries())
        if args.only:
            eps = [e for e in eps if e.name in args.only.split(",")]
        for c in (int(x) for x in args.clients.split(",")):
            for ep in eps:
                rows.append(asyncio.run(drive(base, ep, c, args.seconds)))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    base_p50 = {r["clients"]: r["p50"] for r in rows if r["endpoint"] == "static"}
    print(f"judge serve --workers {args.workers} --replay-workers {args.replay_workers} --cache {args.cache}; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"{args.seconds:g} s per row; client: aiohttp on the same machine")
    print(f"{'endpoint':8} {'clients':>7} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'p50/static':>10} "
          f"{'errors':>6}")
    for r in rows:
        ratio = r["p50"] / base_p50[r["clients"]] if base_p50.get(r["clients"]) else float("nan")
        print(f"{r['endpoint']:8} {r['clients']:>7} {r['rps']:>8.0f} {r['p50']:>8.1f} {r['p95']:>8.1f} "
              f"{r['p99']:>8.1f} {ratio:>10.1f} {r['errors']:>6}")
    if any(r["errors"] for r in rows):
        raise SystemExit("errors: see the table")


if __name__ == "__main__":
    main()
