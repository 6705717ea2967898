"""Scenarios travel with the tool: the bundled scenarios and card libraries are package data, found from any
directory, listed by `judge scenarios`, replayed by name, and reachable from a user's own folder by game name."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.cli import app

from judge.engine.scenario import files
from judge.engine.scenario.files import NotAScenario, bundled_library, bundled_root, resolve

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def judge(*args: str, cwd: Path) -> Ran:
    """The command in-process (typer's runner) from the directory `cwd`."""
    old = os.getcwd()
    os.chdir(cwd)
    try:
        res = CliRunner().invoke(app, list(args))
    finally:
        os.chdir(old)
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    return Ran(res.exit_code, res.stdout, res.stderr)


def test_the_bundled_folder_is_the_repositorys_scenarios_folder():
    assert bundled_root() == ROOT / "scenarios"
    assert (bundled_root() / "cards" / "mtg.yaml").is_file()


def test_a_scenario_resolves_by_path_by_name_and_by_game_and_name(tmp_path):
    lethal = ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml"
    assert resolve(str(lethal)) == lethal
    assert resolve("420.5c-lethal-damage") == lethal
    assert resolve("mtg/420.5c-lethal-damage") == lethal
    assert resolve("420.5c-lethal-damage.yaml") == lethal
    with pytest.raises(NotAScenario, match="did you mean 420.5c-lethal-damage"):
        resolve("420.5c-lethal-damag")
    with pytest.raises(NotAScenario, match="is a directory"):
        resolve(str(tmp_path))
    with pytest.raises(NotAScenario, match="no such file or directory"):
        resolve(str(tmp_path / "x.yaml"))


def test_two_bundled_scenarios_of_one_name_are_not_guessed(tmp_path, monkeypatch):
    for game in ("mtg", "wow"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "same.yaml").write_text("book: mtg\n", "utf-8")
    monkeypatch.setattr(files, "bundled_root", lambda: tmp_path)
    with pytest.raises(NotAScenario, match="mtg/same, wow/same"):
        resolve("same")
    assert resolve("wow/same") == tmp_path / "wow" / "same.yaml"


def test_bundled_libraries_by_game_name_or_path():
    assert bundled_library("mtg") == ROOT / "scenarios" / "cards" / "mtg.yaml"
    assert bundled_library("cards/wow.yaml") == ROOT / "scenarios" / "cards" / "wow.yaml"
    assert bundled_library("riftbound") == ROOT / "scenarios" / "cards" / "riftbound.yaml"
    assert bundled_library("no-such-game") is None
    assert bundled_library("../pyproject.toml") is None
    assert bundled_library("mtg/420.5c-lethal-damage") is None     # a scenario is not a library


def test_check_replay_coverage_and_scenarios_work_from_any_directory(tmp_path):
    res = judge("check", "420.5c-lethal-damage", "716.1d-two-world-in-flames", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == 10 and all(x.startswith("PASS ") for x in lines)
    assert f"PASS {ROOT / 'scenarios' / 'mtg' / '420.5c-lethal-damage.yaml'}#防御力4则存活" in lines

    res = judge("replay", "420.5c-lethal-damage", cwd=tmp_path)
    assert res.returncode == 0 and "结果：通过" in res.stdout
    assert "mtg:420.5c" in res.stdout

    res = judge("coverage", "--book", "wow", "--json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert f"the bundled scenarios in {ROOT / 'scenarios' / 'wow'}" in res.stderr   # says where it looked
    import json

    assert json.loads(res.stdout)["scenarios"] > 33

    res = judge("scenarios", cwd=tmp_path)
    assert res.returncode == 0
    rows = [line.split("\t") for line in res.stdout.splitlines()]
    assert len(rows) == len(files.scenario_files(ROOT / "scenarios"))
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)          # by game
    mtg = [r for r in rows if r[0] == "mtg"]
    assert mtg[0][2] == "101.4-start-of-game-mulligan" and mtg[0][1].startswith("101.4")
    for book, rules, name, title in rows:                              # every listed name replays
        assert resolve(name).is_file() and title


def test_check_with_no_argument_runs_every_bundled_scenario(tmp_path):
    res = judge("check", "--quiet", cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout == ""                                             # --quiet: only failures
    assert f"the bundled scenarios in {ROOT / 'scenarios'}" in res.stderr
    n = len(files.scenario_files(ROOT / "scenarios"))
    assert f"failed ({n} files)" in res.stderr and " 0 failed" in res.stderr


def test_a_users_own_folder_reaches_the_bundled_cards_by_game_name(tmp_path):
    text = (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
    assert "\ncards: cards/mtg.yaml\n" in text

    def cards(line: str) -> str:
        return text.replace("\ncards: cards/mtg.yaml\n", line, 1)

    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "default.yaml").write_text(cards("\n"), "utf-8")      # the game's default library
    (tmp_path / "mine" / "by-name.yaml").write_text(cards("\ncards: mtg\n"), "utf-8")
    (tmp_path / "mine" / "by-path.yaml").write_text(text, "utf-8")
    (tmp_path / "mine" / "no-such.yaml").write_text(cards("\ncards: yugioh\n"), "utf-8")
    res = judge("check", "mine", cwd=tmp_path)
    assert res.returncode == 2
    out = res.stdout.splitlines()
    for name in ("default", "by-name", "by-path"):
        assert f"PASS mine/{name}.yaml" in out
    assert any(x.startswith("FAIL mine/no-such.yaml:") and "card library 'yugioh' not found" in x
               and "by game name: mtg, riftbound, wow" in x for x in out), out


def test_a_local_library_wins_over_the_bundled_one(tmp_path):
    """`cards: cards/mtg.yaml` next to the scenario is the user's; only a missing one falls back."""
    from judge.engine.scenario.load import load_scenario

    text = (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
    root = tmp_path / "scenarios"
    (root / "cards").mkdir(parents=True)
    lib = (ROOT / "scenarios" / "cards" / "mtg.yaml").read_text("utf-8")
    (root / "cards" / "mtg.yaml").write_text(lib.replace("灰熊:", "大灰熊:", 1), "utf-8")
    (root / "s.yaml").write_text(text, "utf-8")
    with pytest.raises(Exception, match="unknown card '灰熊'"):
        load_scenario(root / "s.yaml")


def test_a_non_editable_build_carries_the_scenarios_and_card_libraries(tmp_path):
    """What `pip install .` installs is setuptools' build of the packages with their package data: build it
    (`build_py`, offline, from a copy of the project) and find every scenario and library in it."""
    pytest.importorskip("setuptools")
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".venv", ".git", "mutants", "build", "*.egg-info",
                                                               ".cache-judge", ".data-judge", "tests", "__pycache__"))
    out = tmp_path / "lib"
    res = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py",
                          "--build-lib", str(out)], cwd=src, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    built = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    expected = {p.relative_to(ROOT).as_posix() for p in (ROOT / "scenarios").rglob("*.yaml")}
    assert len(expected) > 120 and expected <= built
    assert "scenarios/__init__.py" in built and "judge/data/templates/zh/explain.yaml" in built
    res = subprocess.run([sys.executable, "-c", "import scenarios, sys; print(scenarios.ROOT)"], cwd=tmp_path,
                         env=dict(os.environ, PYTHONPATH=str(out)), capture_output=True, text=True, timeout=60)
    assert res.stdout.strip() == str(out / "scenarios")


def test_discovery_details(tmp_path, monkeypatch):
    """What mutation testing asked for: card folders at any depth, the editable-install fallback, display."""
    from judge.engine.scenario.files import display, scenario_files

    (tmp_path / "mtg" / "cards").mkdir(parents=True)
    (tmp_path / "cards").mkdir()
    for rel in ("mtg/a.yaml", "mtg/cards/lib.yaml", "cards/mtg.yaml", "b.yml", "c.txt"):
        (tmp_path / rel).write_text("x: 1\n", "utf-8")
    assert scenario_files(tmp_path) == [tmp_path / "b.yml", tmp_path / "mtg" / "a.yaml"]
    assert scenario_files(tmp_path / "cards") == [] and scenario_files(tmp_path / "b.yml") == []
    monkeypatch.chdir(tmp_path)
    assert display(tmp_path / "mtg" / "a.yaml") == "mtg/a.yaml" and display(Path("b.yml")) == "b.yml"
    assert display(ROOT / "README.md") == str(ROOT / "README.md")       # outside the working directory: absolute
    with pytest.raises(NotAScenario) as e:
        resolve("zzzzzzzz")
    assert "(looked in" in str(e.value) and "did you mean" not in str(e.value)
    monkeypatch.setitem(sys.modules, "scenarios", None)                   # an editable install from before
    assert bundled_root() == ROOT / "scenarios"
