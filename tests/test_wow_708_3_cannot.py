"""WoW 708.3: the optional part of a triggered effect is decided on resolution — also when the player cannot do it
then. The book's own example (Crippling Poison): "若你选择不支付（3），或是无法支付（3），你必须横置你的英雄". Before,
only 712.7 was cited when he could not pay; now 708.3 (`optional_cannot`) is cited beside it, for "unless" and
"may" alike, and never while the effect is only being added to the chain."""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "wow"
POISON = ROOT / "708.3-crippling-poison-unless-pay.yaml"
WHELP = ROOT / "717.2c-green-whelp-armor-fully-prevented.yaml"


def _variant(path: Path, prefix: str) -> str:
    return next(v.name for v in load_scenario(path).model.variants if v.name.startswith(prefix))


def _fired(out, rule: str) -> list:
    return [f for f in out.trace.firings() if f.rule == rule]


def test_unless_cannot_pay_cites_708_3_beside_712_7():
    out = replay(load_scenario(POISON), _variant(POISON, "只有两个资源则无法支付"))
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert [f.reason for f in _fired(out, "wow:708.3")] == ["optional_cannot"]
    assert [f.reason for f in _fired(out, "wow:712.7")] == ["cannot_choose"]


def test_not_cited_while_the_effect_is_added():
    out = replay(load_scenario(POISON), _variant(POISON, "无法支付也是在结算时才决定"))
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])


def test_able_to_pay_keeps_the_choice_reason():
    out = replay(load_scenario(POISON), None)
    assert out.passed, [f.text() for f in out.failures]
    assert [f.reason for f in _fired(out, "wow:708.3")] == ["optional_on_resolution"]


def _whelp(tmp_path, resources: int) -> Path:
    """Green Whelp Armor's "你可以支付（2），若你如此做…" with `resources` ready resources."""
    data = yaml.safe_load(WHELP.read_text(encoding="utf-8"))
    [v] = [copy.deepcopy(v) for v in data["variants"] if v["name"].startswith("不横置防具")]
    data["board"]["甲"]["resources"] = data["board"]["甲"]["resources"][:resources]
    v["name"] = "t"
    if resources < 2:
        v["actions"][-1].pop("choices")
    v["expect"] = {"damage": {"a_hero": 1}}
    data["variants"] = [v]
    p = tmp_path / "t.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return p


def test_may_cannot_pay_cites_708_3(tmp_path):
    out = replay(load_scenario(_whelp(tmp_path, 1)), "t")
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    [f] = _fired(out, "wow:708.3")
    assert f.reason == "optional_cannot", f
    assert _fired(out, "wow:712.7")


def test_may_able_to_pay(tmp_path):
    out = replay(load_scenario(_whelp(tmp_path, 2)), "t")
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert [f.reason for f in _fired(out, "wow:708.3")] == ["optional_on_resolution"]
    assert not _fired(out, "wow:712.7")
