"""`judge explain SCENARIO.yaml`: rulings built from real engine traces."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.cli import app
from judge.explain.errors import ExplainError
from judge.explain.output import to_string
from judge.explain.schema import ExplainDoc
from judge.explain.trace import explain_scenario

from conftest import ROOT

runner = CliRunner()
LETHAL = "scenarios/mtg/420.5c-lethal-damage.yaml"
BLAST = "scenarios/mtg/413.2a-aura-blast-countered.yaml"


def explain(*args: str):
    return runner.invoke(app, ["explain", *args])


@pytest.fixture(scope="module")
def lethal() -> dict:
    return explain_scenario(LETHAL, root=ROOT)


def test_answer_gives_the_result_then_the_decisive_chain(lethal):
    # the answer first, what matters: the bear in the graveyard (not the Lightning Bolt, which went where
    # every resolved spell goes); then the reason: the damage, then the lethal-damage check it caused,
    # with their rules
    answer = lethal["answer"]
    assert answer.startswith("裁定：灰熊在坟墓场。理由：")
    assert answer.index("闪电击 对 灰熊 造成 3 点伤害") < answer.index("灰熊 受到 3 点伤害，伤害 ≥ 防御力 2，被消灭")
    assert answer.endswith("（规则 413.2b、420.5c）。")    # 413.2a decided nothing: the target was still legal
    assert "结果：" not in answer
    assert "420.5c" in lethal["answer_cites"] and lethal["citations"] == lethal["answer_cites"]
    # the acts themselves, by trace firing: the damage, the destruction (not the mana
    # ability's 413.2b in step 2, though the rule is the same); found by rule in the spell's step, so a rule
    # the engine comes to cite in between (212.5b, 420.3) does not renumber the test
    resolve = next(s for s in lethal["steps"] if s["text"] == "结算 闪电击")
    firing = {d["rule"]: d["firing"] for d in resolve["details"]}
    assert lethal["answer_firings"] == [firing["413.2b"], firing["420.5c"]]
    assert not {d["firing"] for s in lethal["steps"] if s is not resolve for d in s["details"]} & \
        set(lethal["answer_firings"])


def test_steps_leave_out_passes_and_bookkeeping(lethal):
    texts = [s["text"] for s in lethal["steps"]]
    assert not any("让过优先权" in t for t in texts)              # a pass where nothing fired is not a step
    details = [d for s in lethal["steps"] for d in s["details"]]
    reasons = {d["text"] for d in details}
    assert not any("总费用决定为" in t for t in reasons)          # 409.1f total_cost: quiet (explain-select.yaml)
    last = lethal["steps"][-1]
    assert last["text"] == "结算 闪电击"       # an id only where two objects share a name
    assert [d["rule"] for d in last["details"]] == ["413.1", "413.2b", "413.2h", "212.5b", "420.3", "420.5c",
                                                   "217.4a"]        # the destroyed bear: its owner's graveyard


def test_rules_are_quoted_on_first_citation_and_in_full(lethal):
    quotes = [d["quote"] for s in lethal["steps"] for d in s["details"] if d["rule"] == "413.2b"]
    assert quotes[0] == "（规则 413.2b：「咒语或异能的操控者依序执行其上的指示」）"
    assert quotes[1:] == []
    full = {b["id"]: b["text"] for b in lethal["rules"]}
    assert full["420.5c"].startswith("防御力大于0且受到致命伤害的生物会被消灭。")
    assert {"409.1b", "408.2e", "416"} <= {r["id"] for r in lethal["related"]}      # one level deep


def test_near_misses_answer_why_not():
    doc = explain_scenario(BLAST, root=ROOT)
    (miss,) = doc["near_misses"]
    assert miss["rule"] == "413.2a" and "已不是合法目标" in miss["text"]
    assert "被反击" in doc["answer"] and miss["text"] in doc["answer"]
    text = to_string(doc, "text")
    assert "\n为什么没有发生？\n" in text


def test_variant_that_survives_says_which_rule_did_not_apply():
    doc = explain_scenario(LETHAL, variant="防御力4则存活", root=ROOT)
    assert doc["title"] == "防御力4则存活"                # the variant's own title, not the base one's
    assert doc["scenario"]["title"] == "受到致命伤害的生物被消灭"
    assert "\n基本情景：受到致命伤害的生物被消灭\n" in to_string(doc, "text")
    # the ruling says why 420.5c did not apply: the engine's near miss (3 damage < toughness 4)
    assert doc["answer"] == ("裁定：灰熊负有 3 点伤害。理由：闪电击 对 灰熊 造成 3 点伤害；灰熊 受到 3 点伤害，"
                             "小于防御力 4：不是致命伤害，不会因此被消灭（规则 413.2b、420.5c）。")


def test_objects_sharing_a_name_are_told_apart_in_the_result():
    # the raider and the guard are both 示例盟军, one of each player: the ruling names them by owner,
    # everywhere (the chain, the result, the steps)
    doc = explain_scenario("scenarios/wow/714.3a-sudden-reversal-while-defending.yaml", root=ROOT)
    assert doc["answer"].startswith("裁定：乙的示例盟军在坟墓场；甲的示例盟军负有 2 点伤害。理由：")
    assert "攻击者 乙的示例盟军 与防御者 甲的示例盟军" in doc["answer"]
    # two copies of Charge of one owner: by the scenario's id
    doc = explain_scenario("scenarios/wow/709.2b-last-stand-unless-discard.yaml", root=ROOT)
    assert "Charge（c1）、Charge（c2）在坟墓场" in doc["answer"]


def test_every_format_of_a_ruling(lethal):
    for fmt in ("text", "md", "html"):
        out = to_string(lethal, fmt)
        assert "灰熊 受到 3 点伤害" in out and "420.5c" in out
    ExplainDoc.model_validate(json.loads(to_string(lethal, "json")))
    res = explain(LETHAL, "--format", "md")
    assert res.exit_code == 0 and res.stdout.startswith("# 裁定说明：受到致命伤害的生物被消灭\n")
    # the step (no scenario id: no other 山脉), then its firings as a list: first what kind of ability it is
    # (406.1), then its use (411.1)
    assert "\n1. 乙 起动 山脉 的异能\n   - 山脉 的「{横置}：加{红}到你的魔法力池中。」是魔法力异能" in res.stdout
    assert "\n   - 乙 使用 山脉 的魔法力异能" in res.stdout


@pytest.mark.parametrize("fmt", ["text", "md", "json"])
def test_max_chars_keeps_answer_and_citations(fmt, lethal):
    full = explain(LETHAL, "--format", fmt).stdout
    short = explain(LETHAL, "--format", fmt, "--max-chars", "600").stdout
    assert len(short) < len(full)
    assert "灰熊 受到 3 点伤害，伤害 ≥ 防御力 2，被消灭" in short
    assert "防御力大于0且受到致命伤害的生物会被消灭。致命伤害是指大于等于生物防御力的伤害。" in short


def test_max_chars_shortens_in_order(lethal):
    full = explain(LETHAL).stdout
    mid = explain(LETHAL, "--max-chars", "2500").stdout
    assert len(mid) <= 2500 < len(full) and "（已按 --max-chars 2500 缩短" in mid
    # related rules go before the steps, and the steps' lines before the rules the answer cites
    assert "\n相关规则" in full and "\n相关规则" not in mid
    assert "经过" in mid and "结算 闪电击" in mid and "闪电击 对 灰熊 造成 3 点伤害" in mid
    assert "防御力大于0且受到致命伤害的生物会被消灭。致命伤害是指大于等于生物防御力的伤害。" in mid


def test_missing_file_and_variant_errors(tmp_path):
    with pytest.raises(ExplainError, match="nope.yaml: no such scenario file"):
        explain_scenario("nope.yaml")
    res = explain(LETHAL, "--variant", "没有这个变体")
    assert res.exit_code == 1 and "没有这个变体" in res.stderr and "Traceback" not in res.output


def _copy_with(tmp_path: Path, old: str, new: str) -> Path:
    (tmp_path / "cards").mkdir()
    shutil.copy(ROOT / "scenarios/cards/mtg.yaml", tmp_path / "cards/mtg.yaml")
    text = (ROOT / LETHAL).read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "s.yaml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def test_a_scenario_that_fails_its_expectations_is_not_explained(tmp_path):
    p = _copy_with(tmp_path, "甲.graveyard: [bear]", "甲.graveyard: []")
    res = explain(str(p))
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert f"{p}:" in res.stderr and "fails its own expectations" in res.stderr


def test_a_broken_scenario_names_file_and_line(tmp_path):
    p = _copy_with(tmp_path, "cast: bolt", "cast: nosuchcard")
    res = explain(str(p))
    assert res.exit_code == 2 and "Traceback" not in res.output   # bad input, as in `judge replay`
    assert f"{p}:" in res.stderr and "nosuchcard" in res.stderr


def test_rulings_read_answer_first_in_each_shape():
    # a result, its reason, and a rule that did not apply with the engine's reason for it
    doc = explain_scenario("scenarios/mtg/420.3-all-at-once.yaml", variant="没有任何条件成立则什么也不执行", root=ROOT)
    assert doc["answer"] == ("裁定：乙的生命为 18。理由：地震 对 乙 造成 2 点伤害（规则 413.2b）。"
                             "规则 420.5a没有适用：乙 的生命为 18，大于0：不会因生命值而输掉游戏。")
    assert doc["answer_cites"] == ["413.2b", "420.5a"]
    # nothing the scenario checks changed, but an act decided it: the act is the answer, with no empty 理由
    doc = explain_scenario("scenarios/riftbound/108.7.d-hand-unordered.yaml", root=ROOT)
    assert doc["answer"].startswith("裁定：甲 重新整理甲的手牌：") and doc["answer"].endswith("（规则 108.7.d）。")
    # only the result, citing the scenario's own rule
    doc = explain_scenario("scenarios/riftbound/148.2.b-type-in-every-zone.yaml", variant="手牌中没有装备：单位牌不符合",
                           root=ROOT)
    assert doc["answer"] == "裁定：小兵（d1）仍在主牌堆区域；小兵（m）仍在手牌（规则 148.2.b）。"
    for d in (doc, explain_scenario(LETHAL, root=ROOT)):
        for text in (to_string(d, "text"), to_string(d, "md"), to_string(d, "html"), to_string(d, "json")):
            assert "结果：" not in text and "理由：。" not in text and "：。" not in text
    # every format carries the same paragraph, answer first
    lethal_doc = explain_scenario(LETHAL, root=ROOT)
    for fmt in ("text", "md", "html"):
        out = to_string(lethal_doc, fmt)
        assert out.index("灰熊在坟墓场。理由：") < out.index("闪电击 对 灰熊 造成 3 点伤害")
    assert json.loads(to_string(lethal_doc, "json"))["answer"].startswith("裁定：灰熊在坟墓场。理由：闪电击")
