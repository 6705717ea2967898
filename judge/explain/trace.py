"""`judge explain SCENARIO.yaml`: a ruling in Chinese from the engine's trace.

The engine replays the scenario and hands back its trace in the documented
JSON form (`judge replay --json`, docs/scenarios.md), each firing's reason
rendered from the engine's templates (`reasons.yaml`). The ruling is built
from it in parts, each in its own module:

- `focus.py`: what the scenario asks (the facts it checks, the rules it names);
- `chain.py`: the decisive chain — which firings decided it, in order, and why;
- `result.py`: 结果, what the replay ended with as far as it matters;
- `misses.py`: 为什么没有发生？, the near misses a player would ask about;
- `steps.py`: 经过, the steps with each firing and its rule, quoted by the
  sentence that decides (`quote.py`);
- `answer.py`: the 裁定 paragraph;
- `names.py`: objects by name, with the scenario id only when names collide;
- `citing.py`: rule ids, and how a citation reads.

Every sentence about the game is a rendered engine reason, an engine step
description, a fact of the trace's final state, or rulebook text; the frame
around them comes from `explain.yaml`.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulebook import safe_yaml
from rulebook.model import Book

from judge.engine import reasons
from judge.engine.core.errors import EngineError
from judge.engine.scenario.load import load_scenario, variant as get_variant
from judge.engine.scenario.render import to_doc
from judge.engine.scenario.run import replay
from judge.explain import answer, chain, misses, result, steps
from judge.explain.cite import rule_block
from judge.explain.citing import Cites, number_of
from judge.explain.errors import ExplainError
from judge.explain.focus import focus_of
from judge.explain.names import Names
from judge.explain.rule import document
from judge.explain.templates import load, template_dir
from judge.explain.view import TraceView

__all__ = ["explain_trace", "explain_scenario", "explain_outcome", "number_of"]


@lru_cache(maxsize=1)
def _select() -> dict:
    return safe_yaml.read(template_dir().parent / "explain-select.yaml") or {}


def quiet_reasons(game: str) -> frozenset[str]:
    """Bookkeeping a ruling leaves out of its steps (explain-select.yaml `quiet`)."""
    return frozenset((_select().get("quiet") or {}).get(game) or ())


def frame_reasons(game: str) -> frozenset[str]:
    """Acts that frame the game rather than decide it (explain-select.yaml `frame`, plus `quiet`)."""
    return frozenset((_select().get("frame") or {}).get(game) or ()) | quiet_reasons(game)


def explain_trace(trace: dict, scenario: dict, book: Book, lang: str = "zh") -> dict:
    """The explanation document of one replayed scenario instance.

    `trace` is the engine's trace document (`judge replay --json`), reasons
    rendered. `scenario` gives `path`, `title`, `source` (str or list),
    `variant`, `example`, and `expect`: the instance's expectations as a dict
    (`fired`, `fired_in_order`, `near_miss`, `where`, `zones`, `life`, …).
    """
    t = load(lang)
    where = scenario["path"]
    _check_rendered(trace, where)
    view = TraceView(trace)
    cites = Cites(book, where)
    focus = focus_of(scenario, book, view.objects, view.players)
    frame = frame_reasons(view.game)
    names = Names(view, t, lang)
    quotes = steps.Quotes(book, t)

    decisive = chain.decisive(view, focus, cites, frame)
    changed, _ = result.changed_facts(view, focus, frame)
    shown = misses.relevant(view, focus, decisive, cites, {f.subject for f in changed})
    step_list = steps.build(view, names, cites, quotes, t, quiet=quiet_reasons(view.game),
                            keep_rules=focus.rules(cites), keep_acts={a.id for a in decisive})
    near = [{"text": names.text(m), "rule": cites.cite(m.rule), "quote": "", "trace_step": m.step, "id": m.id,
             "reason": m.reason} for m in shown]
    for m in near:
        m["quote"] = quotes(m["rule"], m["text"])

    fired = {cites.uid(a.rule) for a in view.fired()}
    why = misses.why_not(view.near(), cites)
    not_applied = [(u, names.text(why[u]) if u in why else None)
                   for u in dict.fromkeys(cites.uid(s.rule) for s in focus.not_fired) if u not in fired]
    zones = reasons.zone_words(view.game, lang)
    final = result.items(view, focus, decisive, scenario.get("expect") or {}, names, t, zones, frame)
    source_ids = [cites.uid(s.rule) for s in focus.sources]
    text, answer_cites = answer.compose(decisive, not_applied, final, trace, names, cites, t, source_ids)
    for u in source_ids:      # the header cites the rule the scenario reproduces: quote it too
        cites.order.setdefault(u, None)

    blocks = [rule_block(book, book.node(u), examples=False, cited_by=False) for u in cites.order]
    sources = scenario.get("source") or []
    sources = [sources] if isinstance(sources, str) else list(sources)
    query = where + (f"#{scenario['variant']}" if scenario.get("variant") else "")
    return document(book, lang, "scenario", query, scenario.get("title") or Path(where).stem, blocks, cited_by=False,
                    answer=text, answer_cites=answer_cites, answer_firings=[a.id for a in decisive], citations=answer_cites, steps=step_list,
                    near_misses=near,
                    scenario={
                        "path": where,
                        "variant": scenario.get("variant"),
                        "title": scenario.get("base_title") or scenario.get("title") or "",
                        "source": sources,
                        "source_ids": source_ids,
                        "example": scenario.get("example"),
                        "result": {k: trace["result"].get(k) for k in ("life", "winner", "lost")},
                    })


def _check_rendered(trace: dict, where: str) -> None:
    """Every firing of the trace carries its rendered reason (`judge replay --json` renders them)."""
    for s in trace["steps"]:
        for f in s["firings"] + s["near_misses"] + ([s["rejected"]] if s.get("rejected") else []):
            if not f.get("text"):
                raise ExplainError(f"{where}: the trace has no rendered reason for {f['rule']} {f['reason']!r}")


def _instance_expect(sf, v) -> dict:
    """The expectations of the base scenario, or of its variant `v`, as given in the file."""
    e = v.expect if v is not None else sf.model.expect
    return e.model_dump(mode="json", include=set(e.given()) | {"fired", "fired_in_order", "near_miss"})


def explain_scenario(path: str, lang: str = "zh", variant: str | None = None, root: Path | None = None) -> dict:
    """Replay a scenario file (one variant, or the base scenario) and explain its ruling.

    `path` is shown as given; `root` (the repository, for golden files) is
    where it is relative to. A file that does not load, a replay that stops
    and a scenario that fails its own expectations are errors naming the file
    and line: a ruling must not be read out from a scenario that is wrong.
    """
    full = Path(path) if root is None else Path(root) / path
    if not full.is_file():
        raise ExplainError(f"{path}: no such scenario file", code=2)
    try:
        sf = load_scenario(full)
    except EngineError as e:
        raise ExplainError(e.located(), code=2) from None
    try:
        sf.path = path
        out = replay(sf, variant)
    except EngineError as e:
        raise ExplainError(e.located()) from None
    return explain_outcome(sf, out, lang)


def explain_outcome(sf, out, lang: str = "zh") -> dict:
    """The explanation of a replay already made (`judge.engine.scenario.run.replay(sf, variant)`): the web
    server replays once and shows both the trace and the ruling. Errors as in `explain_scenario`."""
    from rulebook import load_book  # start-up: rulebook.books (~14 ms) only when the book is opened here


    path, variant = sf.path, out.variant
    if out.error is not None:
        raise ExplainError(f"{out.error.located()}\n(the replay stopped; `judge replay {path}` shows the trace)")
    if out.failures:
        fails = "\n".join(f.text() for f in out.failures)
        raise ExplainError(f"{fails}\n({out.label} fails its own expectations; `judge check {path}` — "
                           f"no ruling is explained from a scenario that is wrong)")
    trace = to_doc(out, sf)
    book = load_book(trace["book"])   # memoised per process: the golden tests explain hundreds of instances
    v, _ = get_variant(sf, variant)
    # a variant's ruling carries the variant's own title (its name when it has none): the base title says the
    # base outcome ("受到致命伤害的生物被消灭"), which a variant often contradicts ("防御力4则存活")
    title = (v.title or variant) if v is not None else out.title
    scenario = {"path": path, "variant": variant, "title": title, "base_title": sf.model.title,
                "source": sf.model.source, "example": sf.model.example, "expect": _instance_expect(sf, v)}
    return explain_trace(trace, scenario, book, lang)
