"""WoW 717.3a/717.3b: a judge writes the chooser's whole order of modifiers (`replacement: {甲: [cloak.plus,
wif1.double, wif2.double]}`), including the modifiers applied with nothing left to choose (the last of a tier, or
identical ones). Before, those items were never read and the replay stopped on "unused choice(s)"."""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from judge.engine.core.objects import Event
from judge.engine.games.wow import packets
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "wow"
ORDER = ROOT / "717.3a-packet-controller-writes-whole-order.yaml"
TEAM = ROOT / "717.3b-team-intervene-helm-stance.yaml"


def _run(path: Path, variant: str | None = None):
    return replay(load_scenario(path), variant)


def _variant(path: Path, prefix: str) -> str:
    return next(v.name for v in load_scenario(path).model.variants if v.name.startswith(prefix))


def test_whole_order_written_out_is_taken():
    out = _run(ORDER)
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    chosen = [c.answer for s in out.trace.steps for c in s.choices if c.choice == "replacement"]
    assert chosen == ["cloak.plus", "wif1.double", "wif2.double"], chosen


def test_identical_modifiers_follow_the_written_order():
    out = _run(ORDER, _variant(ORDER, "相同的两张"))
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    chosen = [c.answer for s in out.trace.steps for c in s.choices if c.choice == "replacement"]
    assert chosen == ["cloak.plus", "wif2.double", "wif1.double"], chosen


def test_order_by_another_player_is_refused_under_717_3a():
    out = _run(ORDER, _variant(ORDER, "由乙写出"))
    assert out.passed, [f.text() for f in out.failures]
    [step] = [s for s in out.trace.steps if s.rejected is not None]
    assert step.rejected.rule == "wow:717.3a" and step.rejected.reason == "wrong_chooser", step.rejected


def test_single_modifier_written_out_is_taken_and_717_3a_does_not_fire():
    out = _run(ORDER, _variant(ORDER, "只有一张"))
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert not [f for f in out.trace.firings() if f.rule in ("wow:717.3a", "wow:717.3")]


def _team(tmp_path, answers: dict, tapped_helm: bool = True) -> Path:
    """The book's W23 board with the helm exhausted: after the increases only Intervene is left for 乙."""
    data = yaml.safe_load(TEAM.read_text(encoding="utf-8"))
    actions = copy.deepcopy(data["actions"][:4])       # not shared with the main actions: no YAML aliases
    data["variants"] = [{"name": "t", "objects": {"helm": {"tapped": tapped_helm}},
                         "actions": actions + [{"pass_until": "stack_empty", "choices": {"replacement": answers}}],
                         "expect": {"damage": {"c_hero": 6}}}]
    p = tmp_path / "t.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return p


def test_last_modifier_of_tier_b_written_by_its_chooser(tmp_path):
    out = _run(_team(tmp_path, {"甲": ["stance.dealt", "wif.double"], "乙": ["intervene.next"]}), "t")
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])
    assert not [s for s in out.trace.steps if s.rejected is not None]


def test_last_modifier_of_tier_b_written_by_another_is_refused_under_717_3b(tmp_path):
    out = _run(_team(tmp_path, {"甲": ["stance.dealt", "wif.double"], "丙": ["intervene.next"]}), "t")
    [step] = [s for s in out.trace.steps if s.rejected is not None]
    assert step.rejected.rule == "wow:717.3b" and step.rejected.reason == "wrong_chooser", step.rejected


def test_character_keyed_list_keeps_items_for_later_choices():
    """`{b_hero: [stance.dealt, helm]}`: one list for both choosers; World in Flames, applied with nothing left to
    choose, is not named next, so the list's next item waits for the 717.3b choice."""
    out = _run(TEAM)
    assert out.error is None and out.passed, (out.error, [f.text() for f in out.failures])


class _Card:
    def __init__(self, name):
        self.name = name


class _Src:
    def __init__(self, name):
        self.card = _Card(name)


def _rep(rid, name="World in Flames", controller="甲", kind="static", tier="a"):
    return packets.Rep(rid, kind, name, controller, tier, source=_Src(name))


def test_identical():
    assert packets.identical([_rep("w1.double"), _rep("w2.double")])
    assert not packets.identical([_rep("w1.double"), _rep("c.plus", name="Chromatic Cloak")])
    assert not packets.identical([_rep("w1.double"), _rep("w2.double", controller="乙")])
    assert not packets.identical([_rep("w1.double"), _rep("w2.other")])
    assert not packets.identical([_rep("w1.double"), _rep("w2.double", kind="next_time")])


class _Game:
    def __init__(self):
        self.by_name = {}


def test_tier_chooser(monkeypatch):
    ev = Event("damage", {"controller": "甲", "target": object()})
    monkeypatch.setattr(packets, "affected_controller", lambda game, e: "乙")
    assert packets.tier_chooser(_Game(), ev, _rep("w.double")) == ("甲", "717.3a")
    assert packets.tier_chooser(_Game(), ev, _rep("iv.next", tier="b")) == ("乙", "717.3b")
