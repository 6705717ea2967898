"""`judge explain SCENARIO.yaml`: a ruling in Chinese from the engine's trace.

The engine replays the scenario and hands back its trace in the documented
JSON form (`judge replay --json`, docs/scenarios.md), each firing's reason
already rendered from the engine's templates (`reasons.yaml`). This module
only selects and arranges. Every sentence about the game is a rendered engine
reason, an engine step description, a fact of the trace's final state, or
rulebook text; the frame around them comes from `explain.yaml`.

- 裁定 (the answer): the reasons of the firings the scenario is about (the
  expected `fired` of its `source` rule; else all its expected `fired`; else
  its `source` rule), the near misses it expects, the final zone of the
  objects it checks, life totals it checks, the winner.
- 经过 (steps): the trace steps in which a rule fired, each with its firings
  and the rule behind each, quoted on first use. Steps where nothing fired
  (a priority pass) are left out, and so are bookkeeping reasons
  (`explain-select.yaml`) unless the scenario is about them.
- 为什么没有发生？: the engine's near misses (a trigger condition that was false, a target check that
  failed, a threshold not reached, a replacement that already applied).
- 引用的规则: the full text of every rule cited above, then the rules those
  reference (one level), then the glossary terms they use.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

from rulebook.lookup import resolve_one
from rulebook.model import Book

from judge.explain.cite import rule_block
from judge.explain.errors import ExplainError
from judge.explain.rule import document
from judge.explain.shorten import cut
from judge.explain.templates import Templates, load, template_dir

QUOTE_CHARS = 40


def number_of(rule: str) -> str:
    """`mtg:420.5c` → `420.5c` (the engine namespaces its rule ids by game)."""
    return rule.split(":", 1)[1] if ":" in rule else rule


@lru_cache(maxsize=1)
def quiet_reasons() -> dict[str, frozenset]:
    from rulebook import safe_yaml

    data = safe_yaml.read(template_dir().parent / "explain-select.yaml") or {}
    return {game: frozenset(codes or []) for game, codes in (data.get("quiet") or {}).items()}


class _Cites:
    """Engine rule ids → canonical ids of the book, in order of first citation."""

    def __init__(self, book: Book, where: str):
        self.book = book
        self.where = where
        self.order: dict[str, None] = {}
        self._uids: dict[str, str] = {}    # a trace names a few rules thousands of times; resolve_one parses the query

    def uid(self, rule: str) -> str:
        if rule not in self._uids:
            node = resolve_one(self.book, number_of(rule))
            if node is None:   # the engine checks its registry against the book; this is a bug if it happens
                raise ExplainError(f"{self.where}: the trace cites rule {rule!r}, "
                                   f"which book {self.book.id!r} does not contain")
            self._uids[rule] = node.uid
        return self._uids[rule]

    def cite(self, rule: str) -> str:
        u = self.uid(rule)
        self.order.setdefault(u, None)
        return u


def _spec(x) -> dict:
    """An expectation's rule reference: `"413.2a"` or `{rule, reason, objects}`."""
    if isinstance(x, str):
        return {"rule": x, "reason": None, "objects": []}
    return {"rule": str(x["rule"]), "reason": x.get("reason"), "objects": list(x.get("objects") or [])}


def _matches(f: dict, spec: dict, cites: _Cites) -> bool:
    if cites.uid(f["rule"]) != cites.uid(spec["rule"]):
        return False
    if spec["reason"] and f["reason"] != spec["reason"]:
        return False
    return all(o in f["objects"] for o in spec["objects"])


def first_sentence(text: str, n: int = QUOTE_CHARS, ellipsis: str = "…") -> str:
    """The rule's opening sentence, for quoting it inline after a step."""
    s = text.split("\n", 1)[0]
    for stop in "。；":
        i = s.find(stop)
        if 0 <= i < n:
            return s[: i + 1]
    return cut(s, n, ellipsis)


def explain_trace(trace: dict, scenario: dict, book: Book, lang: str = "zh") -> dict:
    """The explanation document of one replayed scenario instance.

    `trace` is the engine's trace document (`judge replay --json`), reasons
    rendered. `scenario` gives `path`, `title`, `source` (str or list),
    `variant`, `example`, and `expect`: the instance's expectations as a dict
    (`fired`, `fired_in_order`, `near_miss`, `where`, `zones`, `life`, …).
    """
    from judge.engine import reasons

    t = load(lang)
    where = scenario["path"]
    cites = _Cites(book, where)
    expect = scenario.get("expect") or {}
    sources = scenario.get("source") or []
    sources = [sources] if isinstance(sources, str) else list(sources)
    source_specs = [_spec(s) for s in sources if resolve_one(book, number_of(s)) is not None]
    source_ids = [cites.uid(s["rule"]) for s in source_specs]
    source_uids = set(source_ids)
    wanted = [_spec(x) for x in (expect.get("fired") or []) + (expect.get("fired_in_order") or [])]
    # The answer is about the rule the scenario reproduces when it fired as expected;
    # otherwise about every firing the scenario expects; failing that, its source rule.
    on_source = [w for w in wanted if cites.uid(w["rule"]) in source_uids]
    wanted = on_source or wanted or source_specs
    bare = [w for w in wanted if not w["objects"]]
    focus_rules = {cites.uid(s["rule"]) for s in wanted} | source_uids
    quiet = quiet_reasons().get(trace["game"], frozenset())
    names = {oid: o["name"] for oid, o in trace["objects"].items()}
    quoted: set[str] = set()

    def quote(uid: str) -> str:
        """`（规则 420.5c：「…」）` the first time a rule is cited, `（规则 420.5c）` after."""
        if uid in quoted:
            return t("labels.cites", ids=uid)
        quoted.add(uid)
        return t("labels.cite_quote", id=uid, quote=first_sentence(book.node(uid).text, QUOTE_CHARS,
                                                                    t("labels.ellipsis")))

    steps: list[dict] = []
    decisive: list[tuple[str, str, int, bool]] = []     # (sentence, rule uid, trace step, on a source rule)
    changed: dict[str, list[dict]] = {}                 # sentence → the state changes of its firing
    for s in trace["steps"]:
        if s["kind"] == "load":
            continue
        details = []
        if s.get("rejected"):
            r = s["rejected"]
            uid = cites.cite(r["rule"])
            text = t("steps.rejected", text=_text(r, where))
            details.append({"text": text, "rule": uid, "firing": r["id"], "quote": quote(uid)})
            decisive.append((text, uid, s["index"], uid in source_uids))
        for f in s["firings"]:
            if f["rule"] is None:   # a mechanic the book does not number: shown, marked, never cited
                details.append({"text": _text(f, where), "rule": None, "firing": f["id"],
                                "quote": t("labels.outside_book", mechanic=f.get("mechanic") or "")})
                continue
            uid = cites.uid(f["rule"])
            about = any(_matches(f, w, cites) for w in wanted)
            if f["reason"] in quiet and not about and uid not in focus_rules:
                continue
            cites.cite(f["rule"])
            text = _text(f, where)
            details.append({"text": text, "rule": uid, "firing": f["id"], "quote": quote(uid)})
            if about:
                decisive.append((text, uid, s["index"], uid in source_uids))
                changed.setdefault(text, []).extend(f["changes"])
        if not details:
            continue
        steps.append({
            "n": len(steps) + 1,
            "text": reasons.render_step(s["what"], s["data"], names, lang, game=trace["game"]),
            "rules": list(dict.fromkeys(d["rule"] for d in details if d["rule"] is not None)),
            "details": details,
            "trace_step": s["index"],
            "line": s.get("line"),
        })

    misses = []
    seen = set()
    expected_misses = [_spec(x) for x in expect.get("near_miss") or []]
    misses_expected: list[tuple[str, str]] = []
    for s in trace["steps"]:
        for m in s["near_misses"]:
            if m["rule"] is None:
                continue    # a "why not" of a mechanic the book does not number answers nothing a judge cites
            text = _text(m, where)
            if (m["rule"], text) in seen:
                continue
            seen.add((m["rule"], text))
            uid = cites.cite(m["rule"])
            misses.append({"text": text, "rule": uid, "quote": quote(uid), "trace_step": s["index"],
                           "id": m["id"], "reason": m["reason"]})
            if any(_matches(m, w, cites) for w in expected_misses):
                misses_expected.append((text, uid))

    decisive = _focus(decisive, bare, cites) + misses_expected
    # nothing fired about what the scenario checks, and no zone or life fact answers it:
    # the last firing that touched a checked object is what the outcome rests on
    if not decisive and (expect.get("not_fired") or not _final_state(trace, expect, t, lang, characteristics=False)):
        decisive = _fallback(trace, expect, cites, where)
    fired = {cites.uid(f["rule"]) for st in trace["steps"] for f in st["firings"] if f["rule"] is not None}
    not_applied = [u for u in dict.fromkeys(cites.uid(_spec(x)["rule"]) for x in expect.get("not_fired") or [])
                   if u not in fired]
    for u in not_applied:
        cites.cite(u)
    # why a rule the scenario expects not to apply did not: the engine's near miss of that rule
    why_not = {}
    for m in misses:
        why_not.setdefault(m["rule"], m["text"])
    answer, answer_cites = _answer(decisive, not_applied, trace, expect, t, lang, changed, why_not)
    for spec in source_specs:  # the header cites the rule the scenario reproduces: quote it too
        cites.cite(spec["rule"])
    order = list(cites.order)
    blocks = [rule_block(book, book.node(u), examples=False, cited_by=False) for u in order]
    query = where + (f"#{scenario['variant']}" if scenario.get("variant") else "")
    return document(book, lang, "scenario", query, scenario.get("title") or Path(where).stem, blocks, cited_by=False,
                    answer=answer, answer_cites=answer_cites, citations=answer_cites, steps=steps, near_misses=misses,
                    scenario={
                        "path": where,
                        "variant": scenario.get("variant"),
                        "title": scenario.get("title") or "",
                        "source": sources,
                        "source_ids": source_ids,
                        "example": scenario.get("example"),
                        "result": {k: trace["result"].get(k) for k in ("life", "winner", "lost")},
                    })


def _text(firing: dict, where: str) -> str:
    text = firing.get("text")
    if not text:
        raise ExplainError(f"{where}: the trace has no rendered reason for {firing['rule']} {firing['reason']!r}")
    return text


def _final_state(trace: dict, expect: dict, t: Templates, lang: str, characteristics: bool = True) -> list[str]:
    """Facts of the trace's final state that the scenario's expectations check: where objects ended, life."""
    from judge.engine import reasons

    zones = reasons.zone_words(trace["game"], lang)
    ids: dict[str, None] = {}
    for oid in expect.get("where") or {}:
        ids.setdefault(oid, None)
    for listed in (expect.get("zones") or {}).values():
        for oid in listed:
            ids.setdefault(oid, None)
    shown = _namer(trace, t)
    by_zone: dict[str, list[str]] = {}
    for oid in ids:
        if oid in trace["objects"]:
            by_zone.setdefault(trace["objects"][oid]["zone"], []).append(shown(oid))
    items = []
    special = t.data.get("answer", {}).get("final_zone_by_zone", {})
    for zone, objects in by_zone.items():
        key = f"answer.final_zone_by_zone.{zone}" if zone in special else "answer.final_zone"
        items.append(t(key, object=t("labels.list_sep").join(objects), zone=zones.get(zone, zone)))
    life = trace["result"].get("life") or {}
    for player in expect.get("life") or {}:
        if player in life:
            items.append(t("answer.final_life", player=player, life=life[player]))
    if characteristics:
        items.extend(_final_characteristics(trace, expect, t, shown))
    return items


def _namer(trace: dict, t: Templates):
    """How the answer names an object: by its name, or by name and scenario id when
    the trace has another object of that name (two 树林, a raider and a guard that
    are both 示例盟军), so that a judge can tell which one ended where."""
    objects = trace["objects"]
    count = Counter(o["name"] for o in objects.values())

    def shown(oid: str) -> str:
        name = objects[oid]["name"]
        return t("labels.object_id", name=name, id=oid) if count[name] > 1 else name

    return shown


def _final_characteristics(trace: dict, expect: dict, t: Templates, shown) -> list[str]:
    """P/T, keyword abilities and colours the scenario checks at the end. A ruling
    is only written for a scenario whose expectations the engine verified, so
    these values are the final state of the trace, not claims of the author."""
    objects = trace["objects"]
    items = []
    for oid, pt in (expect.get("pt") or {}).items():
        if oid in objects:
            items.append(t("answer.final_pt", object=shown(oid), pt=pt) if pt else
                         t("answer.final_no_pt", object=shown(oid)))
    for oid, kws in (expect.get("keywords") or {}).items():
        if oid in objects:
            items.append(t("answer.final_keywords", object=shown(oid), keywords=t("labels.list_sep").join(kws))
                         if kws else t("answer.final_no_keywords", object=shown(oid)))
    for oid, colors in (expect.get("colors") or {}).items():
        if oid in objects:
            items.append(t("answer.final_colors", object=shown(oid), colors=t("labels.list_sep").join(colors))
                         if colors else t("answer.final_colorless", object=shown(oid)))
    return items


def _focus(decisive: list[tuple[str, str, int, bool]], bare: list[dict], cites: _Cites) -> list[tuple[str, str]]:
    """Narrow the firings the answer rests on.

    When some are on the rule the scenario reproduces (`source`), only those.
    An expectation that names no objects (`fired: [413.2a]`, or with a reason
    only) matches every application of it in the trace (the target check of
    each spell that resolved); the one the scenario is about is the last, so
    earlier ones are left to the steps.
    """
    if any(on for *_, on in decisive):
        decisive = [d for d in decisive if d[3]]
    bare_uids = {cites.uid(w["rule"]) for w in bare}
    last = {}
    for _, uid, step, _ in decisive:
        if uid in bare_uids:
            last[uid] = max(step, last.get(uid, -1))
    return [(text, uid) for text, uid, step, _ in decisive if uid not in last or step == last[uid]]


def _checked_objects(trace: dict, expect: dict) -> set[str]:
    """Ids of the objects and players the scenario's expectations look at (where, zones, damage, life, …)."""
    out: set[str] = set()
    players = set(trace.get("players") or [])
    for key, val in expect.items():
        if key in ("fired", "fired_in_order", "not_fired", "near_miss"):
            continue
        if isinstance(val, dict):
            out |= {k for k in val if k in trace["objects"] or k in players}
            for v in val.values():
                if isinstance(v, list):
                    out |= {x for x in v if isinstance(x, str) and x in trace["objects"]}
    return out


def _fallback(trace: dict, expect: dict, cites: _Cites, where: str) -> list[tuple[str, str]]:
    """No firing is about what the scenario checks (it expects something *not* to
    happen, or checks a characteristic): the last firing that changed or involved an
    object the scenario checks is what the outcome rests on (the 3 damage that did not
    reach toughness 4; the colour the dog became)."""
    checked = _checked_objects(trace, expect)
    last = None
    for s in trace["steps"]:
        for f in s["firings"]:
            if f["rule"] is not None and checked & ({c["subject"] for c in f["changes"]} | set(f["objects"])):
                last = f
    return [(_text(last, where), cites.cite(last["rule"]))] if last else []


def _answer(decisive: list[tuple[str, str]], not_applied: list[str], trace: dict, expect: dict, t: Templates,
            lang: str, changed: dict[str, list[dict]], why_not: dict[str, str]) -> tuple[str, list[str]]:
    sentences = list(dict.fromkeys(s for s, _ in decisive))
    # who already won or lost in the engine's own sentences: not said twice
    said = {(c["subject"], c["attr"]) for s in sentences for c in changed.get(s, []) if c["after"] is True}
    ids = list(dict.fromkeys(u for _, u in decisive))
    body = t("answer.sentence_sep").join(sentences)
    if ids:
        body += t("labels.cites", ids=t("labels.cites_sep").join(ids))
    tail = []
    if not_applied:
        # a rule with a near miss is explained by it, unless the answer already says that sentence
        explained = [u for u in not_applied if u in why_not and why_not[u] not in sentences]
        bare = [u for u in not_applied if u not in why_not]
        tail.extend(t("answer.not_applied_because", id=u, why=why_not[u]) for u in explained)
        if bare:
            tail.append(t("answer.not_applied", ids=t("labels.cites_sep").join(bare)))
        ids += [u for u in not_applied if u not in ids]
    final = _final_state(trace, expect, t, lang)
    if final:
        items = t("answer.final_sep").join(final)
        tail.append(t("answer.final", items=items) if body or not_applied else items)
    result = trace.get("result") or {}
    lost = [p for p in result.get("lost") or [] if (p, "lost") not in said]
    if result.get("winner"):
        if (result["winner"], "won") not in said:
            tail.append(t("answer.winner", player=result["winner"]))
    elif lost:
        tail.append(t("answer.lost", players=t("labels.cites_sep").join(lost)))
    parts = [p for p in [body] + tail if p]
    if not parts:
        return t("answer.lead", text=t("answer.nothing") + t("answer.end")), []
    return t("answer.lead", text=t("answer.part_sep").join(parts) + t("answer.end")), ids


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
    from judge.engine.core.errors import EngineError
    from judge.engine.scenario.load import load_scenario
    from judge.engine.scenario.run import replay

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
    from rulebook import load_book

    from judge.engine.scenario.load import variant as get_variant
    from judge.engine.scenario.render import to_doc

    path, variant = sf.path, out.variant
    if out.error is not None:
        raise ExplainError(f"{out.error.located()}\n(the replay stopped; `judge replay {path}` shows the trace)")
    if out.failures:
        fails = "\n".join(f.text() for f in out.failures)
        raise ExplainError(f"{fails}\n({out.label} fails its own expectations; `judge check {path}` — "
                           f"no ruling is explained from a scenario that is wrong)")
    trace = to_doc(out, sf)
    book = load_book(trace["book"])   # memoised per process: the golden tests explain hundreds of instances
    title = out.title
    v, _ = get_variant(sf, variant)
    if v is not None and not v.title:   # the base title would describe the base outcome, not this one
        title = load(lang)("headings.variant_title", title=sf.model.title, variant=variant)
    scenario = {"path": path, "variant": variant, "title": title, "source": sf.model.source,
                "example": sf.model.example, "expect": _instance_expect(sf, v)}
    return explain_trace(trace, scenario, book, lang)
