"""Behaviour a mutation pass found untested (issue 9 §8): each a real regression waiting to happen.

- a GBK rulebook with characters outside GB2312 (傳奇規則) decodes;
- a subrule whose intermediate level is not printed hangs under its nearest printed ancestor
  (the English Riftbound corpus: 450.3.d.1 under 450.3; and a small book written here);
- the synonym fallback for a word outside the vocabulary: `judge search 一局 --book mtg` reaches the 102 rules;
- Traditional → Simplified gives WoW's 连结 for 連結 (character conversion, not the phrase table's 链接);
- an MTG prevention shield that is only partly used keeps its remainder for the next damage.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from conftest import corpus_file

ROOT = Path(__file__).resolve().parents[1]


# --- GBK ---------------------------------------------------------------------------

GBK_BOOK = """\
万智牌完整规则
1. 游戏概念
100. 总则
100.1. 这些规则适用于任何一盘游戏。
420. 依状态而生的效应
420.5. 依状态而生的效应如下列：
420.5e 若两个或更多同名的傳奇永久物在场上，均会置入其拥有者的坟墓场。这称为「傳奇規則」。
"""


def test_a_gbk_rulebook_with_characters_outside_gb2312_decodes(tmp_path):
    from rulebook import load_book
    from rulebook.source import decode

    with pytest.raises(UnicodeEncodeError):
        "傳奇規則".encode("gb2312")           # the case: GBK has them, GB2312 does not
    p = tmp_path / "gbk.txt"
    p.write_bytes(GBK_BOOK.encode("gbk"))
    text, encoding = decode(p.read_bytes(), str(p))
    assert encoding == "gb18030" and "「傳奇規則」" in text
    book = load_book(str(p))
    from rulebook.lookup import resolve_one

    assert "这称为「傳奇規則」" in resolve_one(book, "420.5e").text


# --- an intermediate level that is not printed --------------------------------------

def test_a_subrule_whose_parent_is_not_printed_hangs_under_the_nearest_printed_ancestor(tmp_path):
    from rulebook import load_book
    from rulebook.lookup import resolve_one

    p = tmp_path / "riftbound-en.txt"
    p.write_text(textwrap.dedent("""\
        Riftbound Core Rules
        450. Layers
        450.3. 3. Arithmetic
        450.3.a. This layer deals with the mathematics of increasing and decreasing values.
        450.3.c. This layer applies arithmetic in the following way.
        450.3.d.1. Positive values, or increases, to Might are applied first.
        450.4. 4. Everything else
        """), "utf-8")
    book = load_book(str(p))
    node = resolve_one(book, "450.3.d.1")
    assert node is not None and "applied first" in node.text
    parent = book.node(node.parent)
    assert parent.number == "450.3"                          # 450.3.d is not printed: its nearest ancestor
    assert node.uid in parent.children


def test_the_english_riftbound_corpus_attaches_450_3_d_1_under_450_3():
    from rulebook import load_book
    from rulebook.lookup import resolve_one

    book = load_book(str(corpus_file("riftbound-core-2025-10-en.txt")))
    node = resolve_one(book, "450.3.d.1")
    assert node is not None
    assert book.node(node.parent).number == "450.3"


# --- search: the synonym fallback ----------------------------------------------------

def test_a_word_outside_the_vocabulary_reaches_the_102_rules_through_its_synonyms():
    from typer.testing import CliRunner

    from judge.cli import app

    res = CliRunner().invoke(app, ["search", "一局", "--book", "mtg", "--json", "--limit", "5"])
    assert res.exit_code == 0, res.output
    import json

    ids = [r["id"] for r in json.loads(res.stdout)["results"]]
    assert ids and sum(i.startswith("102") for i in ids) >= 2, ids      # 一局 → 一盘游戏: winning and losing


# --- Traditional → Simplified ---------------------------------------------------------

def test_traditional_lian_jie_becomes_wows_lian_jie_not_lian_jie_link():
    from index.normalize import normalize, to_simplified

    assert to_simplified("連結") == "连结" and normalize("連結") == "连结"
    assert "链接" not in to_simplified("連結加入連鎖")


def test_a_traditional_query_finds_wows_chain_rules():
    import json

    from typer.testing import CliRunner

    from judge.cli import app

    res = CliRunner().invoke(app, ["search", "連結", "--book", "wow", "--json", "--limit", "5"])
    hits = json.loads(res.stdout)["results"]
    assert hits and hits[0]["id"] == "glossary:连结", [h["id"] for h in hits]     # the headword, found
    assert all("连结" in h["text"] for h in hits[:3])


# --- MTG: a prevention shield partly used keeps its remainder --------------------------

SHIELD = """\
book: mtg
title: 防止伤害的护盾只用掉一部分时，剩下的部分继续防止下一次伤害
source: ["419.7b"]
cards: mtg
define:
  护身药膏:
    cost: "{白}"
    types: [瞬间]
    text: 于本回合中，防止接下来将对目标玩家造成的{n}点伤害。
    spell: {targets: [玩家], effects: [{prevent: {n}, to: target}]}
players: {甲: {}, 乙: {mana: "{白}"}}
turn: {active: 甲, step: 战斗前的行动阶段, priority: 甲}
board:
  甲:
    hand: [{card: 闪电击, id: b1}, {card: 闪电击, id: b2}]
    battlefield: [{card: 山脉, id: m1}, {card: 山脉, id: m2}]
  乙: {hand: [{card: 护身药膏, id: salve}]}
actions:
  - {as: 甲, pass: true}
  - {as: 乙, cast: salve, targets: [乙]}
  - pass_until: stack_empty
  - {as: 甲, cast: b1, targets: [乙], mana: [m1]}
  - pass_until: stack_empty
  - {as: 甲, cast: b2, targets: [乙], mana: [m2]}
  - pass_until: stack_empty
expect:
  life: {甲: 20, 乙: {life}}
"""


@pytest.mark.parametrize("n, life, prevented", [
    (4, 18, [(3, 1), (1, 0)]),      # 3 of 4 used by the first bolt; the remaining 1 takes 1 off the second
    (3, 17, [(3, 0)]),              # used up exactly: gone, the second bolt deals all 3
    (7, 20, [(3, 4), (3, 1)]),      # enough for both, 1 left over
])
def test_a_partly_used_prevention_shield_keeps_its_remainder(tmp_path, n, life, prevented):
    from judge.engine.scenario.load import load_scenario
    from judge.engine.scenario.run import replay

    p = tmp_path / "shield.yaml"
    p.write_text(SHIELD.replace("{n}", str(n)).replace("{life}", str(life)), "utf-8")
    out = replay(load_scenario(p))
    assert out.passed, out.error or [f.text() for f in out.failures]
    fired = [(f.fields["amount"], f.fields["remaining"]) for s in out.trace.steps for f in s.firings
             if f.rule == "mtg:419.7b" and f.reason == "damage_prevented"]
    assert fired == prevented
