"""An MTG activated ability another card granted ("target creature gains '{横置}: …'") answers to its key and to
`ORIGIN.KEY`, ORIGIN the card that granted it — the two forms a WoW power takes (docs/scenarios.md;
common.state.find_ability_by_id). Neither form: refused under 409.1a listing both."""
from __future__ import annotations

import pytest
import yaml

from judge.engine.games.common.state import AbilityDef, ability_ids, ability_ids_listed, find_ability_by_id
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

SCENARIO = {
    "book": "mtg",
    "title": "被给予的启动式异能",
    "source": ["409.1a"],
    "define": {"火之赐": {"cost": "{红}", "types": ["瞬间"], "text": "目标生物获得「{横置}：此生物对目标玩家造成1点伤害」。",
                          "spell": {"targets": ["生物"], "effects": [{
                              "grant": {"key": "ping", "text": "{横置}：此生物对目标玩家造成1点伤害",
                                        "activated": {"cost": "{横置}", "targets": ["玩家"],
                                                      "effects": [{"damage": 1, "to": "target"}]}},
                              "what": "target"}]}}},
    "players": {"甲": {"mana": "{红}"}, "乙": {}},
    "turn": {"active": "甲", "step": "战斗前的行动阶段", "priority": "甲"},
    "board": {"甲": {"battlefield": [{"card": "灰熊", "id": "bear"}], "hand": [{"card": "火之赐", "id": "gift"}]}},
}


def _run(tmp_path, ability, rejected=None):
    data = dict(SCENARIO)
    act = {"as": "甲", "activate": "bear", "ability": ability, "targets": ["乙"]}
    if rejected:
        act["rejected"] = rejected
    data["actions"] = [{"as": "甲", "cast": "gift", "targets": ["bear"]}, {"pass_until": "stack_empty"}, act,
                       {"pass_until": "stack_empty"}]
    data["expect"] = {"life": {"乙": 20 if rejected else 19}, "tapped": {"bear": not rejected}}
    p = tmp_path / "g.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return replay(load_scenario(p), None)


@pytest.mark.parametrize("ability", ["ping", "gift.ping"])
def test_granted_ability_by_key_or_by_origin(tmp_path, ability):
    out = _run(tmp_path, ability)
    assert out.error is None and out.passed, [f.text() for f in out.failures]


def test_granted_ability_by_another_card_is_refused_listing_both_forms(tmp_path):
    out = _run(tmp_path, "bear.ping", rejected="409.1a")
    assert out.passed, [f.text() for f in out.failures]
    out = _run(tmp_path, "bear.ping")                  # not expecting the refusal: it fails with its text
    text = "\n".join(f.text() for f in out.failures) + (out.error.located() if out.error else "")
    assert "no activated ability 'bear.ping'" in text and "it has: ping or gift.ping" in text, text


def test_find_ability_by_id_prefers_the_own_key():
    own, granted, other = AbilityDef("aura.g", "activated", {}), AbilityDef("g", "activated", {}), AbilityDef("x", "activated", {})
    origin = {id(granted): "aura", id(other): "aura"}.get
    of = lambda a: origin(id(a))                                                          # noqa: E731
    assert find_ability_by_id([granted, own], "aura.g", of) is own      # a key said exactly wins over ORIGIN.KEY
    assert find_ability_by_id([own, granted], "g", of) is granted
    assert find_ability_by_id([own, other], "aura.x", of) is other
    assert find_ability_by_id([own, other], "own.x", of) is None and find_ability_by_id([own], None, of) is None
    assert ability_ids("k", None) == ["k"] and ability_ids("k", "o") == ["k", "o.k"]
    assert ability_ids_listed([own, other], of) == "aura.g, x or aura.x"
