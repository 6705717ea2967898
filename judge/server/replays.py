"""Scenario replays for the server: in worker processes, with a time limit.

A scenario comes from a client (pasted, uploaded, a request body) or from the bundled set. It goes
through the same bounded YAML reader as on the command line, its card libraries are looked up among
the bundled ones only (`load_scenario_text`), and the replay runs in a worker process that is killed
when it takes longer than the time limit (pebble's process pool: a thread cannot be stopped, a
process can, and the pool starts a fresh worker in its place). Workers load the engine and the books
once, when they start. The same text replays to the same trace byte for byte, so recent results are
kept (keyed by the text's hash).

`run` is what a worker executes: it returns plain data (the trace document of `judge replay --json`,
the explanation document of `judge explain --format json`, and a `view` the scenario page renders), or
an error with the CLI's messages (`file:line: field: …`).
"""
from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from types import SimpleNamespace

from rulebook.lookup import resolve_one

from judge.engine.scenario.files import bundled_root, scenario_files
from judge.explain.errors import ExplainError

PASTED = "粘贴的情景.yaml"     # how errors name a scenario that came without a file name


def scenarios_dir() -> Path:
    """The bundled scenarios (and their card libraries, `cards/`): package data, found from anywhere."""
    return bundled_root()


def bundled() -> dict[str, list[Path]]:
    """Bundled scenario files by game folder (`mtg`, `wow`), sorted."""
    root = scenarios_dir()
    out: dict[str, list[Path]] = {}
    for p in scenario_files(root):
        out.setdefault(p.relative_to(root).parts[0], []).append(p)
    return out


def bundled_file(game: str, name: str) -> Path | None:
    """The bundled scenario `game/name` (name without `.yaml`), or None; never a path outside the set."""
    for p in bundled().get(game, []):
        if p.stem == name:
            return p
    return None


class ReplayRefused(Exception):
    """The scenario cannot be replayed: a bad file (with the CLI's `file:line: field: message` lines)."""

    def __init__(self, message: str, errors: list[dict]):
        super().__init__(message)
        self.message = message
        self.errors = errors


class ReplayTimeout(Exception):
    pass


# --- in the worker -----------------------------------------------------------------------------------

def warm() -> None:
    """Worker start-up: import the engine and load the books by replaying one bundled scenario."""
    for files in bundled().values():
        try:
            run(files[0].read_text("utf-8"), files[0].name, None, want_view=True)
        except Exception:   # a broken bundled file must not stop the worker; the request will say what is wrong
            pass


def _errors_of(e) -> list[dict]:
    parts = getattr(e, "errors", None) or [e]
    return [{"file": getattr(x, "file", None), "line": getattr(x, "line", None), "field": getattr(x, "field", None),
             "message": getattr(x, "message", str(x))} for x in parts]


def run(text: str, name: str, variant: str | None, want_view: bool = False, lang: str = "zh") -> dict:
    """Replay `text` (one variant, or the base scenario): the trace, the ruling (or why there is none), and
    the page's view. A scenario that does not load or replay is `{"error", "errors"}`."""
    from judge.engine.core.errors import EngineError  # start-up: the engine (~100 ms) in the replay workers, not the server process
    from judge.engine.scenario.load import instances, load_scenario_text  # start-up: as above
    from judge.engine.scenario.render import to_doc  # start-up: as above
    from judge.engine.scenario.run import replay  # start-up: as above
    from judge.explain.trace import explain_outcome  # start-up: as above

    try:
        sf = load_scenario_text(text, name, scenarios_dir())
        out = replay(sf, variant)
    except EngineError as e:
        return {"error": e.located(), "errors": _errors_of(e)}
    trace = to_doc(out, sf)
    try:
        ruling, ruling_error = explain_outcome(sf, out, lang), None
    except ExplainError as e:
        ruling, ruling_error = None, str(e)
    result = {"trace": trace, "explain": ruling, "explain_error": ruling_error, "passed": out.passed}
    if want_view:
        result["view"] = view(trace, ruling, ruling_error, out, [v for v in instances(sf)])
    return result


def view(trace: dict, ruling: dict | None, ruling_error: str | None, out, variants: list) -> dict:
    """What the scenario page shows, in words: the board, the steps with their firings, the near misses."""
    from rulebook import load_book  # start-up: rulebook.books (~14 ms) in the replay workers

    from judge.engine import reasons  # start-up: the engine (~26 ms) in the replay workers, not the server process
    from judge.engine.games import game_for  # start-up: as above
    from judge.explain.trace import number_of  # start-up: as above

    game, book = trace["game"], load_book(trace["book"])
    names = {oid: o["name"] for oid, o in trace["objects"].items()}
    display = game_for(game).display_value
    zone_zh = zones = reasons.zone_words(game)
    stack_label = reasons.game_steps(game).get("stack_label", "堆叠")

    def uid(rule: str) -> str:
        node = resolve_one(book, number_of(rule))
        return node.uid if node is not None else number_of(rule)

    # a step opens when it holds an act the 裁定 rests on (not merely a firing of a rule it cites: a mana
    # ability's 413.2b is not the spell's)
    focus = set(ruling.get("answer_firings") or ()) if ruling else set()
    steps, misses = [], []
    for s in trace["steps"]:
        items = [(f, False) for f in s["firings"]] + [(n, True) for n in s["near_misses"]]
        items.sort(key=lambda x: tuple(int(p) for p in x[0]["id"].split(".")))
        firings = []
        for f, near in items:
            firings.append({
                "id": f["id"], "rule": uid(f["rule"]) if f["rule"] else None, "near": near, "text": f["text"],
                "mechanic": reasons.outside_book(f["mechanic"]) if f["rule"] is None else None,
                "rule_text": _short(f["rule_text"]),
                "objects": [reasons.show(i, names) for i in f["objects"]],
                "changes": [reasons.render_change(SimpleNamespace(**c), names, display, zones=zones,
                                                  attrs=reasons.attr_words(game)) for c in f.get("changes", [])]
                if not near else [],
                "caused_by": f["caused_by"],
            })
            if near and f["rule"] is not None:
                misses.append({"rule": uid(f["rule"]), "text": f["text"], "step": s["index"]})
        if s.get("rejected"):
            f = s["rejected"]
            firings.insert(0, {"id": f["id"], "rule": uid(f["rule"]) if f["rule"] else None, "near": True,
                            "mechanic": reasons.outside_book(f["mechanic"]) if f["rule"] is None else None,
                            "text": "引擎拒绝此动作：" + f["text"],
                            "rule_text": _short(f["rule_text"]), "objects": [], "changes": [], "caused_by": None})
        after = ""
        if s["after"] and s["kind"] != "load":
            a = s["after"]
            stack = "、".join(names.get(i, i) for i in a.get("stack", [])) or "空"
            after = f"{a.get('step')}，优先权：{a.get('priority') or '无'}，{stack_label}：{stack}"
        steps.append({
            "index": s["index"], "line": s["line"], "kind": s["kind"],
            "title": reasons.render_step(s["what"], s["data"], names, game=game),
            "rules": [{"id": f["rule"], "near": f["near"]} for f in firings if f["rule"] is not None],
            "firings": firings,
            "choices": [f"选择 {c['choice']}[{c['subject']}] = {reasons.show(c['answer'])}"
                        + (f"（自动：{c['why']}）" if c.get("why") else "（自动：唯一合法选项）" if c["auto"] else "") for c in s["choices"]],
            "after": after,
            "open": any(f["id"] in focus for f in firings),
        })
    res = trace["result"]
    final = [f"{o['name']}：{zone_zh.get(o.get('zone'), o.get('zone') or '')}" for o in trace["objects"].values()]
    final += [f"{p} 的生命 {life}" for p, life in (res.get("life") or {}).items()]
    if res.get("winner"):
        final.append(f"{res['winner']} 获胜")
    return {
        "label": out.label, "title": trace["title"], "book": trace["book"], "game": game,
        "source": [uid(s) for s in ([trace["source"]] if isinstance(trace["source"], str) else trace["source"])
                   if resolve_one(book, number_of(s)) is not None],
        "passed": out.passed, "checked": out.checked,
        "error": out.error.located() if out.error else None,
        "failures": [f.text() for f in out.failures],
        "answer": ruling["answer"] if ruling else None,
        "answer_cites": ruling["answer_cites"] if ruling else [],
        "ruling_error": ruling_error,
        "board": _board(trace, names, zone_zh),
        "final": final,
        "steps": steps,
        "near_misses": misses,
        "variants": variants,
        "variant": out.variant,
    }


def _short(text: str, n: int = 60) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= n else text[: n - 1] + "…"


def _board(trace: dict, names: dict, zone_zh: dict) -> dict:
    from judge.engine import reasons  # start-up: the engine (~26 ms) in the replay workers, not the server process

    load = next((s for s in trace["steps"] if s["kind"] == "load"), None)
    data = load["data"] if load else {}
    players = []
    for p in trace["players"]:
        info = data.get("players", {}).get(p, {})
        stats = reasons.player_stats(info, trace["game"])
        players.append({"name": p, "stats": stats, "zones": []})
    by_name = {p["name"]: p for p in players}
    shared = []
    for z, ids in data.get("zones", {}).items():
        who, _, zone = z.rpartition(".")
        entry = {"label": zone_zh.get(zone, zone), "cards": [reasons.show(i, names) for i in ids]}
        (by_name[who]["zones"] if who in by_name else shared).append(entry)
    return {"turn": data.get("turn"), "active": data.get("active"), "step": data.get("step"),
            "priority": data.get("priority"), "players": players, "shared": shared}


# --- in the server -----------------------------------------------------------------------------------

class Replayer:
    """Runs `run` in a pool of worker processes, each replay limited to `time_limit` seconds."""

    def __init__(self, workers: int = 1, time_limit: float = 10.0, cache_size: int = 64):
        import multiprocessing  # start-up: multiprocessing (~3 ms) only when a Replayer starts (not `site build`)

        from pebble import ProcessPool  # start-up: pebble (~20 ms) only when a Replayer starts (not `site build`)

        self.time_limit = time_limit
        # spawn, not fork: the server process has threads (uvicorn, the thread pool), and a forked child
        # inherits their locks in whatever state they were in
        self.pool = ProcessPool(max_workers=workers, initializer=warm, context=multiprocessing.get_context("spawn"))
        self.cache: OrderedDict[str, dict] = OrderedDict()
        self.cache_size = cache_size

    async def replay(self, text: str, name: str, variant: str | None, want_view: bool = False) -> dict:
        key = hashlib.sha256("\0".join([text, name, variant or "", str(want_view)]).encode()).hexdigest()
        hit = self.cache.get(key)
        if hit is not None:
            self.cache.move_to_end(key)
            return hit
        result = await self.call(run, text, name, variant, want_view, what=name)
        if "error" in result:
            raise ReplayRefused(result["error"], result["errors"])
        self.cache[key] = result
        if len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)
        return result

    async def call(self, fn, *args, what: str = "the replay"):
        """`fn(*args)` in a worker; `ReplayTimeout` (and a fresh worker) when it runs past the time limit."""
        future = self.pool.schedule(fn, args=args, timeout=self.time_limit)
        try:
            return await asyncio.wrap_future(future)
        except FutureTimeout:
            raise ReplayTimeout(f"{what}: the replay took longer than {self.time_limit:g} s and was stopped") from None

    def close(self) -> None:
        self.pool.stop()
        self.pool.join()
