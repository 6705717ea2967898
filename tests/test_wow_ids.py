"""Ids a scenario names: a WoW power gained from a link answers to its key and to `ORIGIN.KEY` (the card that
granted it), a WoW token to its name and to `SOURCE.token` (docs/scenarios.md); an id naming nothing is refused
or fails with the ids that do exist. The scenarios themselves (706.1c, 709.2f variants) run in test_scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.engine.core.objects import Objects
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

WOW = Path(__file__).resolve().parents[1] / "scenarios" / "wow"


def test_objects_alias_lookup_only_on_a_miss():
    objs = Objects({"Tooga": 1, "x": 2})
    objs.aliases["quest.token"] = "Tooga"
    assert objs["quest.token"] == 1 and objs.get("quest.token") == 1 and "quest.token" in objs
    assert objs.get("Tooga") == 1 and objs["x"] == 2
    assert objs.get("nope") is None and objs.get("nope", 7) == 7 and "nope" not in objs
    assert objs.get(("t", 1)) is None and ("t", 1) not in objs
    with pytest.raises(KeyError):
        objs["nope"]
    assert list(objs) == ["Tooga", "x"] and len(objs) == 2       # an alias is never iterated


def _without_rejected(tmp_path, name: str, variant_start: str) -> Path:
    """The scenario with one variant's `rejected:` dropped: the refusal then fails on its line, with its text."""
    data = yaml.safe_load((WOW / name).read_text(encoding="utf-8"))
    for v in data["variants"]:
        if v["name"].startswith(variant_start):
            for a in v["actions"]:
                a.pop("rejected", None) if isinstance(a, dict) else None
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return p


def _failures(path: Path, start: str) -> str:
    sf = load_scenario(path)
    v = next(x.name for x in sf.model.variants if x.name.startswith(start))
    out = replay(sf, v)
    return "\n".join(f.text() for f in out.failures) + (out.error.located() if out.error else "")


def test_power_named_by_another_card_lists_both_valid_ids(tmp_path):
    p = _without_rejected(tmp_path, "706.1c-face-smash-granted-power.yaml", "以并未给予它能力的牌")
    text = _failures(p, "以并未给予它能力的牌")
    assert "no payment power 'a_hero.face_smash'" in text
    assert "it has: face_smash or smash.face_smash" in text


def test_power_by_origin_and_by_key_are_the_same_power():
    sf = load_scenario(WOW / "706.1c-face-smash-granted-power.yaml")
    for start in ("也可以用给予它能力的牌", None):
        v = next(x.name for x in sf.model.variants if x.name.startswith(start)) if start else None
        out = replay(sf, v)
        assert out.passed, [f.text() for f in out.failures]
        used = [f for s in out.trace.steps for f in s.firings if f.rule == "wow:705.3"]
        assert len(used) == 1 and "smasher.face_smash" in str(used[0].objects), used   # one link, one id


def test_unknown_token_id_is_refused_and_lists_the_tokens_and_their_other_names(tmp_path):
    data = yaml.safe_load((WOW / "709.2f-toogas-quest-if-you-do.yaml").read_text(encoding="utf-8"))
    [v] = [v for v in data["variants"] if v["name"].startswith("衍生物也可以按创造它的牌的代号命名")]
    v["actions"][-2] = {"as": "乙", "cast": "blast", "targets": ["blast.token"]}   # a card that created nothing
    v["expect"] = {"where": {"Tooga": "play", "blast": "hand"}}
    data["variants"] = [v]
    p = tmp_path / "t.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = replay(load_scenario(p), v["name"])
    [step] = [s for s in out.trace.steps if s.rejected is not None]
    assert step.rejected.rule == "wow:706.1"
    text = "\n".join(f.text() for f in out.failures)
    assert "unknown target 'blast.token'" in text
    assert "Tooga = quest.token" in text


def test_expectation_on_a_missing_id_names_the_tokens(tmp_path):
    data = yaml.safe_load((WOW / "709.2f-toogas-quest-if-you-do.yaml").read_text(encoding="utf-8"))
    data["expect"]["where"] = {"Tooga": "gone", "quest.tokens": "gone"}
    data.pop("variants")
    p = tmp_path / "t.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = replay(load_scenario(p), None)
    [f] = out.failures
    assert "no such object (created in the game: Tooga = quest.token; close: quest.token)" in f.text()


def test_ids_like_lists_every_token_with_its_other_names_and_at_most_three_alike():
    from types import SimpleNamespace as NS

    from judge.engine.core.game import Game
    objs = Objects({"Tooga": NS(id="Tooga", token=True), "Wisp": NS(id="Wisp", token=True),
                    "smash": NS(id="smash", token=False), "smash2": NS(id="smash2", token=False),
                    "smash3": NS(id="smash3", token=False), "smash4": NS(id="smash4", token=False)})
    objs.aliases["quest.token"] = "Tooga"
    text = Game.ids_like(NS(objects=objs), "smash5")
    assert text == "created in the game: Tooga = quest.token, Wisp; close: smash, smash4, smash3"
    assert Game.ids_like(NS(objects=Objects({"a": NS(id="a", token=False)})), "zzz") == ""


def test_a_missing_id_is_a_key_error_naming_it():
    with pytest.raises(KeyError) as e:
        Objects({})["nope"]
    assert e.value.args == ("nope",)
