"""WoW 709.2f: "你可以支付（2），若你如此做，…" — when the optional action is declined, or the player cannot do it,
the sentence "if you do" checks and finds it was not performed: 709.2f decides that its part does not happen
(`did_not`). Before, nothing was cited: the "may" returned before the "if you do" was looked at."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.games.wow import effects
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "wow" / "709.2f-may-pay-then-if-you-do.yaml"


def _reasons(prefix: str | None, rule: str = "wow:709.2f") -> list[str]:
    sf = load_scenario(SCENARIO)
    name = None if prefix is None else next(v.name for v in sf.model.variants if v.name.startswith(prefix))
    out = replay(sf, name)
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    return [f.reason for f in out.trace.firings() if f.rule == rule]


@pytest.mark.parametrize("prefix,want", [(None, ["if_you_do"]), ("甲选择不支付", ["did_not"]),
                                         ("只有1个资源", ["did_not"]), ("横置防具", [])])
def test_if_you_do_after_may(prefix, want):
    assert _reasons(prefix) == want


class _Game:
    def __init__(self):
        self.fired = []

    def fire(self, rule, reason, objs, **kw):
        self.fired.append((rule, reason))


def test_not_done_only_with_an_if_you_do():
    g = _Game()
    effects.not_done(g, [{"exhaust": "target"}])
    assert g.fired == []
    effects.not_done(g, [{"if_you_do": [{"pay": 2}], "then": [{"to_hand": "event_source"}]}])
    assert g.fired == [("709.2f", "did_not")]
