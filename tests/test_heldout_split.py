"""benchmarks/heldout_scenarios.py --split: board right and rules named, measured apart.

The split is how unseen variants are measured (a board can be right while the rules that decide it go unnamed), so
its two counts must each be able to fail on their own."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("heldout_scenarios", ROOT / "benchmarks" / "heldout_scenarios.py")
hs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hs)

BASE = """book: mtg
title: 未受阻挡的生物对玩家造成伤害
source: "310.2b"
players: {甲: {}, 乙: {}}
turn: {active: 甲, step: 战斗开始, priority: 甲}
board:
  甲: {battlefield: [{card: 灰熊, id: bear}]}
actions:
  - advance: 宣告攻击者
  - {as: 甲, attack: [bear]}
  - advance: 战斗结束
expect:
  life: {乙: LIFE}
  fired: [FIRED]
variants:
  - name: 不攻击
    actions:
      - advance: 宣告攻击者
      - {as: 甲, attack: []}
      - advance: 战斗结束
    expect:
      life: {乙: 20}
      not_fired: [310.2b]
"""


def write(tmp_path: Path, life: int, fired: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text(BASE.replace("LIFE", str(life)).replace("FIRED", fired), encoding="utf-8")
    return p


def test_board_right_and_rule_named(tmp_path):
    rows = hs.split_file(write(tmp_path, 18, "310.2b"))
    assert [(r[1], r[2], r[3]) for r in rows] == [(True, 1, 1), (True, 0, 0)]


def test_rule_not_named_while_the_board_is_right(tmp_path):
    # 103.4 is a rule of the book this board never reaches: listed as deciding, not cited
    rows = hs.split_file(write(tmp_path, 18, "103.4"))
    assert [(r[1], r[2], r[3]) for r in rows] == [(True, 1, 0), (True, 0, 0)]


def test_board_wrong(tmp_path):
    rows = hs.split_file(write(tmp_path, 17, "310.2b"))
    assert rows[0][1] is False and rows[0][3] == 1


def test_rule_keys_stripped_only_inside_expect():
    data = {"expect": {"fired": [1], "life": {"甲": 1}}, "fired": "kept",
            "variants": [{"expect": {"not_fired": [2], "near_miss": [], "where": {}}}]}
    assert hs._strip_rules(data) == {"expect": {"life": {"甲": 1}}, "fired": "kept",
                                     "variants": [{"expect": {"where": {}}}]}


def test_listed_rules_of_a_variant_and_rejections():
    data = {"actions": [{"rejected": "409.1"}, {"expect": {"fired_in_order": ["1.1", {"rule": "1.2"}]}}],
            "expect": {"fired": ["2.1"]},
            "variants": [{"name": "v", "expect": {"fired": ["3.1"]}},
                         {"name": "w", "actions": [], "expect": {}}]}
    assert hs._listed(data, None) == ["2.1", "1.1", "1.2", "409.1"]
    assert hs._listed(data, "v") == ["3.1", "1.1", "1.2", "409.1"]
    assert hs._listed(data, "w") == []
