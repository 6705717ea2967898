"""Golden explanations: every scenario instance's ruling is stored and compared.

`tests/golden/explain/<game>/<scenario>[@<variant>].txt` is the plain text a
judge reads; the JSON document is validated freshly. After an intended change (a template, an
engine reason, a new scenario), re-bless and review the diff as a judge:

    judge explain --bless          # or: python -m judge.explain.bless
    git diff tests/golden/explain

A scenario file that git does not track yet (someone's work in progress in
this checkout) is skipped until it is committed; a committed scenario without
its golden explanation fails.
"""
from __future__ import annotations

import difflib
import json
import re
import subprocess

import pytest

from rulebook import load_book

from judge.engine.scenario.files import scenario_files
from judge.explain.bless import GOLDEN, ROOT, SCENARIOS, golden_path, instances, render_golden
from judge.explain.errors import ExplainError
from judge.explain.output import to_string
from judge.explain.schema import ExplainDoc

from test_explain_rule import doc_ids


def _tracked() -> set[str] | None:
    try:
        out = subprocess.run(["git", "ls-files", "scenarios"], cwd=ROOT, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    return set(out.stdout.splitlines()) if out.returncode == 0 else None


TRACKED = _tracked()
CASES = [(s, v) for s in scenario_files(SCENARIOS) for v in instances(s)]
BLESS = "judge explain --bless  (then review: git diff tests/golden/explain)"


def _id(case) -> str:
    s, v = case
    return str(s.relative_to(ROOT / "scenarios")) + (f"@{v}" if v else "")


def _diff(want: str, got: str, name: str) -> str:
    lines = list(difflib.unified_diff(want.splitlines(), got.splitlines(), f"golden/{name}", "now", lineterm=""))
    return "\n".join(lines[:80]) + ("\n…" if len(lines) > 80 else "")


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_explanation_matches_golden(case):
    scenario, variant = case
    rel = str(scenario.relative_to(ROOT))
    path = golden_path(scenario, variant)
    wip = TRACKED is not None and rel not in TRACKED
    if wip and not path.exists():
        pytest.skip(f"{rel} is not committed yet; bless its explanation before committing it")
    assert path.exists(), f"no golden explanation for {_id(case)}; run {BLESS}"
    try:
        txt, doc = render_golden(scenario, variant)
    except ExplainError as e:
        pytest.fail(f"{_id(case)} no longer explains:\n{e}", pytrace=False)
    want = path.read_text(encoding="utf-8")
    if txt != want:
        pytest.fail(f"explanation of {_id(case)} changed; if intended, run {BLESS}\n"
                    + _diff(want, txt, path.name), pytrace=False)
    _sound(doc)


def _sound(doc: dict) -> None:
    """What a reviewer relies on: the schema, ids that resolve, reasons fully rendered, an answer."""
    ExplainDoc.model_validate(json.loads(to_string(doc, "json")))
    book = load_book(doc["book"])
    assert not [i for i in doc_ids(doc) if not book.has(i)]
    assert doc["answer"].startswith("裁定：")
    assert set(doc["answer_cites"]) <= set(doc["citations"]) <= {b["id"] for b in doc["rules"]}
    cited = {d["rule"] for s in doc["steps"] for d in s["details"] if d["rule"] is not None} | \
        {m["rule"] for m in doc["near_misses"]}          # a detail with no rule: a mechanic not in the book
    assert cited <= {b["id"] for b in doc["rules"]}, "a step cites a rule that is not quoted in full"
    texts = [doc["answer"]] + [d["text"] for s in doc["steps"] for d in s["details"]] + [m["text"] for m in
                                                                                          doc["near_misses"]]
    leftover = [t for t in texts if re.search(r"\{[a-z_]+\}", t)]
    assert not leftover, f"unfilled template fields: {leftover}"


def test_bless_keeps_the_golden_of_a_scenario_that_fails_and_removes_one_whose_scenario_is_gone(tmp_path, monkeypatch):
    from judge.explain import bless

    scenarios, golden = tmp_path / "scenarios", tmp_path / "tests" / "golden" / "explain"
    (scenarios / "mtg").mkdir(parents=True)
    (scenarios / "mtg" / "broken.yaml").write_text("book: mtg\ntitle: [unclosed\n", encoding="utf-8")
    (golden / "mtg").mkdir(parents=True)
    (golden / "mtg" / "broken.txt").write_text("裁定：a reviewed ruling\n", encoding="utf-8")
    (golden / "mtg" / "gone.txt").write_text("裁定：its scenario was deleted\n", encoding="utf-8")
    monkeypatch.setattr(bless, "ROOT", tmp_path)
    monkeypatch.setattr(bless, "SCENARIOS", scenarios)
    monkeypatch.setattr(bless, "GOLDEN", golden)
    report = bless.bless_all()
    assert [ln.split()[0] for ln in report] == ["FAILED", "removed"], report
    assert (golden / "mtg" / "broken.txt").read_text(encoding="utf-8") == "裁定：a reviewed ruling\n"
    assert not (golden / "mtg" / "gone.txt").exists()


def test_no_stale_golden_files():
    wanted = {golden_path(s, v) for s, v in CASES}
    stale = [str(p.relative_to(ROOT)) for p in GOLDEN.rglob("*") if p.is_file() and p not in wanted] \
        if GOLDEN.is_dir() else []
    assert not stale, f"golden files without a scenario: {stale}; run {BLESS}"
