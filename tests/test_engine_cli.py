"""judge replay / check / coverage / new-scenario as a judge runs them."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from judge.cli import app
from judge.engine.scenario.model import Scenario
from judge.engine.scenario.schema import TraceDoc

ROOT = Path(__file__).resolve().parents[1]
LETHAL = str(ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml")
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_replay_prints_rules_reasons_and_changes():
    res = run("replay", LETHAL)
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "mtg:420.5c  防御力大于0且受到致命伤害的生物会被消灭" in out
    assert "理由：灰熊 受到 3 点伤害，伤害 ≥ 防御力 2，被消灭" in out
    assert "灰熊.区域: 场上 → 坟墓场" in out
    assert "[0] 布置局面" in out and "结果：通过" in out


def test_replay_json_is_the_documented_schema_and_deterministic():
    a = run("replay", LETHAL, "--json")
    b = run("replay", LETHAL, "--json")
    assert a.exit_code == 0 and a.stdout == b.stdout
    doc = json.loads(a.stdout)
    TraceDoc.model_validate(doc)
    assert doc["result"]["passed"] is True


def test_replay_a_variant():
    res = run("replay", LETHAL, "--variant", "防御力4则存活")
    assert res.exit_code == 0
    fired = [line.split()[1] for line in res.stdout.splitlines() if line.strip().startswith("▸")]
    assert "mtg:413.2b" in fired and "mtg:420.5c" not in fired
    assert run("replay", LETHAL, "--variant", "没有这个").exit_code == 2


def test_schema_option():
    res = run("replay", "x", "--schema")
    assert res.exit_code == 0 and json.loads(res.stdout)["title"] == "TraceDoc"


def test_check_table_and_exit_codes(tmp_path):
    res = run("check", str(ROOT / "scenarios" / "mtg" / "420.5a-life-zero.yaml"))
    assert res.exit_code == 0 and "3 passed, 0 failed" in res.stderr
    path = ROOT / "scenarios" / "mtg" / "420.5a-life-zero.yaml"
    assert res.stdout.splitlines()[0] in (f"PASS {path}", "PASS scenarios/mtg/420.5a-life-zero.yaml")
    assert len(res.stdout.splitlines()) == 3 and all(x.startswith("PASS ") for x in res.stdout.splitlines())
    root = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "cards", root / "cards")
    bad = root / "bad.yaml"
    bad.write_text(Path(LETHAL).read_text("utf-8").replace("zones: {甲.graveyard: [bear], 乙.graveyard: [bolt]}",
                                                           "zones: {甲.graveyard: [], 乙.graveyard: [bolt]}"), "utf-8")
    res = run("check", str(root))
    assert res.exit_code == 1
    assert f"FAIL {bad}:16: expect.zones.甲.graveyard: expected [], got [bear] (at end)\n" in res.stdout


def test_bad_input_exits_2_without_traceback(tmp_path):
    root = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "cards", root / "cards")
    bad = root / "bad.yaml"
    bad.write_text("book: mtg\ntitle: x\nsource: '1'\nplayers: {甲: {}, 乙: {}}\nturn: {active: 甲, step: 维持}\n"
                   "board: {甲: {hand: [{card: 不存在的牌, id: x}]}}\n", "utf-8")
    p = subprocess.run([sys.executable, "-m", "judge.cli", "replay", str(bad)], capture_output=True, text=True)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    assert f"{bad}:6: board.甲.hand.0.card: unknown card '不存在的牌'" in p.stderr


def test_coverage_is_generated_from_registry_and_traces():
    res = run("coverage", "--book", "mtg", "--json", str(ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml"))
    assert res.exit_code == 0
    doc = json.loads(res.stdout)
    rows = {r["rule"]: r for r in doc["implemented"]}
    # 420.5c fires in the base and the accumulated-damage variant, and is a near miss (3 damage < toughness 4)
    # in the two variants where the bear is 2/4: all four instances exercise it
    assert sorted(rows["mtg:420.5c"]["scenarios"]) == sorted([
        "420.5c-lethal-damage.yaml", "420.5c-lethal-damage.yaml#已有伤害累计致命",
        "420.5c-lethal-damage.yaml#防御力4则存活", "420.5c-lethal-damage.yaml#回合结束时伤害移除"])
    assert rows["mtg:420.5a"]["scenarios"] == []
    chapters = {c["chapter"]: c for c in doc["chapters"]}
    assert chapters["4. 咒语，异能，和效应"]["implemented"] > 40
    res = run("coverage", "--book", "nope")
    assert res.exit_code == 2


def test_new_scenario_template_is_a_valid_scenario(tmp_path):
    res = run("new-scenario", "420.5b")
    assert res.exit_code == 0
    assert "防御力为0或更少的生物会置入其拥有者的坟墓场" in res.stdout
    Scenario.model_validate(yaml.safe_load(res.stdout))
    out = tmp_path / "x.yaml"
    res = run("new-scenario", "420.5b", "--out", str(out))
    assert res.exit_code == 0 and out.exists()
    assert run("new-scenario", "420.5b", "--out", str(out)).exit_code == 2
    assert run("new-scenario", "999.9").exit_code == 2


@pytest.mark.parametrize("book, rule", [("mtg", "420.5b"), ("wow", "717.2b"), ("riftbound", "158.1")])
def test_new_scenario_of_each_game_replays_as_written(tmp_path, book, rule):
    """Each game's own skeleton (its zones, steps and cards), written next to a copy of its card library, loads
    and replays as it stands."""
    from judge.engine.games import game_for, known_books
    from judge.engine.scenario.load import load_scenario
    from judge.engine.scenario.run import replay

    assert sorted(known_books()) == ["mtg", "riftbound", "wow"]      # a new game: add it here
    assert game_for(book).SCENARIO_TEMPLATE
    res = run("new-scenario", rule, "--book", book)
    assert res.exit_code == 0, res.output
    assert f"book: {book}\n" in res.stdout
    root = tmp_path / "scenarios"
    (root / "cards").mkdir(parents=True)
    shutil.copy(ROOT / "scenarios" / "cards" / f"{book}.yaml", root / "cards" / f"{book}.yaml")
    p = root / book / f"{rule}-new.yaml"
    p.parent.mkdir()
    p.write_text(res.stdout, "utf-8")
    out = replay(load_scenario(p))
    assert out.passed, out.error or [f.text() for f in out.failures]


def test_new_scenario_refuses_a_book_without_an_engine(tmp_path, monkeypatch):
    """A book with a rulebook but no engine module (as Riftbound was before issue 14): no skeleton that could
    never load, and the books that do have an engine are named."""
    from judge.engine.games import GAMES

    monkeypatch.delitem(GAMES, "riftbound")
    res = run("new-scenario", "108.3.c.1", "--book", "riftbound", "--out", str(tmp_path))
    assert res.exit_code == 2
    assert res.stdout == ""
    assert "no engine for book 'riftbound'" in res.stderr and "books with an engine: mtg, wow" in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_scenario_discovery_takes_yaml_and_yml_and_skips_cards_folders_at_any_depth(tmp_path):
    """One discovery for `judge check`, `judge coverage` and the golden explanations: `.yaml` and `.yml` (what
    `judge explain` takes), never a card library — in `scenarios/cards/` or in a `cards/` folder beside the
    scenarios that use it. A file named explicitly is taken as given; a missing path is an input error."""
    from judge.engine.scenario.files import scenario_files, scenario_paths
    from judge.explain import bless

    root = tmp_path / "scenarios"
    lib = ROOT / "scenarios" / "cards" / "mtg.yaml"
    for d in ("cards", "mtg/cards", "wow/deep"):
        (root / d).mkdir(parents=True)
    shutil.copy(lib, root / "cards" / "mtg.yaml")
    shutil.copy(lib, root / "mtg" / "cards" / "mtg.yaml")
    shutil.copy(LETHAL, root / "mtg" / "a.yaml")
    shutil.copy(LETHAL, root / "mtg" / "b.yml")
    (root / "mtg" / "notes.txt").write_text("not a scenario\n", "utf-8")
    (root / "wow" / "deep" / "c.yaml").write_text("book: wow\n", "utf-8")
    assert scenario_files(root) == [root / "mtg" / "a.yaml", root / "mtg" / "b.yml", root / "wow" / "deep" / "c.yaml"]
    assert scenario_files(root / "cards") == [] and scenario_files(root / "nope") == []
    assert scenario_paths([root / "wow", root / "mtg" / "cards" / "mtg.yaml"]) == [
        root / "wow" / "deep" / "c.yaml", root / "mtg" / "cards" / "mtg.yaml"]
    with pytest.raises(FileNotFoundError):
        scenario_paths([root / "missing.yaml"])
    assert bless.scenario_files is scenario_files
    res = run("check", str(root / "mtg"))      # both copies replay; neither card library is taken for a scenario
    assert res.exit_code == 0, res.output
    assert "8 passed, 0 failed (2 files)" in res.stderr
    res = run("check", str(root / "missing.yaml"))
    assert res.exit_code == 2 and "missing.yaml: no such file or directory" in res.stderr


def test_trace_is_identical_across_processes_and_hash_seeds():
    import os

    outs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        p = subprocess.run([sys.executable, "-m", "judge.cli", "replay", "--json",
                            str(ROOT / "scenarios" / "mtg" / "410.3-apnap-trigger-order.yaml")],
                           capture_output=True, text=True, env=env)
        assert p.returncode == 0, p.stderr
        outs.append(p.stdout)
    assert outs[0] == outs[1]
