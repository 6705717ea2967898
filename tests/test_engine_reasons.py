"""Every reason code the engine can emit has a Chinese template that renders (issue 6 depends on this)."""
from __future__ import annotations

from judge.engine import reasons
from judge.engine.core.trace import Ref
from judge.engine.games.mtg.game import MtgGame
from judge.engine.games.mtg.rules import rules


def test_every_reason_code_has_a_template():
    assert reasons.missing(rules) == []


def test_templates_use_only_declared_fields():
    assert reasons.bad_fields(rules) == []


def test_no_template_without_a_reason_code():
    extra = sorted(set(reasons.templates("mtg")) - set(rules.codes))
    assert extra == [], f"templates for codes the engine never declares: {extra}"


def test_every_template_renders_with_sample_fields():
    for code, r in rules.codes.items():
        sample = {f: Ref(f"id_{f}", f"名{f}") for f in r.fields}
        text = reasons.render("mtg", code, sample)
        assert "{" not in text.replace("{横置}", "").replace("{{", ""), (code, text)
        for f in r.fields:
            assert f"名{f}" in text or f not in reasons.fields_of(reasons.templates("mtg")[code]), (code, f)
        assert not text.startswith("[mtg:"), code


def test_templates_are_chinese():
    for code, t in reasons.templates("mtg").items():
        assert any("\u4e00" <= ch <= "\u9fff" for ch in t), code


def test_step_templates_cover_every_action_and_event():
    st = reasons.step_templates()
    for kind in MtgGame.ACTIONS:
        assert kind in st, kind
    for kind in ("load", "checkpoint", "resolve", "step_begins"):
        assert kind in st, kind
