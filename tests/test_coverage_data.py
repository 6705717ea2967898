"""`judge coverage`: the classification data (judge/data/coverage/<book>.yaml) and the one status every numbered
rule gets from it, the registry and the scenarios' traces."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.cli import app
from judge.engine.coverage import (CLASSES, STATUSES, CoverageDataError, _finish, _row, chapter_of, data_file,
                                   load_classification, report)
from judge.engine.games import game_for
from rulebook import load_book

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("mtg", "wow", "riftbound")
CJK = re.compile(r"[\u4e00-\u9fff]")
runner = CliRunner()


@pytest.fixture
def reports() -> dict[str, dict]:
    """Each book's report with no scenario replayed: every registered rule is `unexercised`. Built per test
    (0.05 s once the books are cached), so mutation testing sees every test that reads it."""
    return {b: report(b, []) for b in BOOKS}


def scratch(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "c.yaml"
    p.write_text(text, "utf-8")
    return p


# ---- the bundled data ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("book_id", BOOKS)
def test_every_bundled_book_has_valid_classification_naming_only_its_own_rules(book_id):
    book = load_book(book_id)
    data = load_classification(book)
    assert data_file(book_id).exists() and data
    for uid, c in data.items():
        node = book.node(uid)                          # exists exactly as parsed
        assert node.kind in ("rule", "glossary")
        assert c.cls in CLASSES
        assert CJK.search(c.reason), f"{uid}: the reason is a Chinese one-liner"
        if c.cls == "heading":
            assert node.children, uid


def test_a_number_printed_twice_is_two_rules_and_the_registry_cites_only_the_first(reports):
    """The MTG book prints 212.6b twice (the one-land rule, then the land subtypes): the engine's 212.6b is the
    first; the second is classified on its own and never counted as implemented."""
    rules = {r["rule"]: r for r in reports["mtg"]["rules"]}
    assert rules["212.6b"]["status"] == "unexercised" and rules["212.6b"]["id"] == "mtg:212.6b"
    assert rules["212.6b#2"]["status"] == "not_procedural" and rules["212.6b#2"]["id"] is None
    assert rules["212.6f"]["same_as"] == ["205.4b"] and rules["212.6f"]["class"] == "restatement"
    assert rules["212.6b"]["same_as"] == [] and rules["212.6b"]["reason"] is None
    assert reports["mtg"]["total"]["implemented"] == len(game_for("mtg").rules.entries)


# ---- one status per rule; the figures add up ------------------------------------------------------------------

@pytest.mark.parametrize("book_id", BOOKS)
def test_every_numbered_rule_and_glossary_entry_gets_exactly_one_status(reports, book_id):
    book = load_book(book_id)
    rep = reports[book_id]
    nodes = [*book.rules(), *book.glossary()]
    ids = [r["rule"] for r in rep["rules"]]
    assert len(ids) == len(set(ids)) == len(nodes)
    assert all(r["status"] in STATUSES for r in rep["rules"])
    classified = load_classification(book)
    registered = {r["rule"] for r in rep["rules"] if r["id"]}
    assert rep["total"]["chapter"] == "all" and rep["total"]["numbered"] is True
    for r, node in zip(rep["rules"], nodes):
        assert (r["status"] == "not_procedural") == (node.uid in classified)
        assert (r["status"] in ("exercised", "unexercised")) == (r["rule"] in registered)
        assert (r["class"] is None) == (r["status"] != "not_procedural")


@pytest.mark.parametrize("book_id", BOOKS)
def test_the_figures_add_up(reports, book_id):
    rep = reports[book_id]
    numbered = [c for c in rep["chapters"] if c["numbered"]]
    for row in [*rep["chapters"], rep["total"]]:
        assert sum(row[s] for s in STATUSES) == row["rules"]
        assert row["implemented"] == row["exercised"] + row["unexercised"]
        assert row["procedural"] == row["rules"] - row["not_procedural"]
        assert sum(row["classes"].values()) == row["not_procedural"]
        assert row["exercised_pct"] == pytest.approx(100 * row["exercised"] / row["rules"])
    for key in ("rules", *STATUSES):
        assert rep["total"][key] == sum(c[key] for c in numbered)
    per_chapter = {}
    for r in rep["rules"]:
        per_chapter.setdefault(r["chapter"], []).append(r["status"])
    for c in rep["chapters"]:
        assert [c[s] for s in STATUSES] == [per_chapter[c["chapter"]].count(s) for s in STATUSES]
    assert rep["total"]["rules"] == sum(1 for _ in load_book(book_id).rules())


def test_glossary_entries_have_a_row_of_their_own_outside_the_numbered_total(reports):
    wow = reports["wow"]
    gloss = [c for c in wow["chapters"] if not c["numbered"]]
    assert [c["chapter"] for c in gloss] == ["glossary"]
    assert gloss[0]["rules"] == sum(1 for _ in load_book("wow").glossary())
    assert wow["total"]["rules"] == 127
    rules = {r["rule"]: r for r in wow["rules"]}
    assert rules["战斗伤害"]["id"] == "wow:战斗伤害" and rules["护卫#2"]["id"] is None


def test_an_excerpt_without_chapter_headings_is_grouped_by_section():
    wow, rift = load_book("wow"), load_book("riftbound")
    assert chapter_of(wow, wow.node("704.1a")) == "704. 持续式能力"
    assert chapter_of(wow, wow.node("703.5")) == "703"               # its heading is not in the excerpt
    assert chapter_of(wow, wow.node("800.1a")) == "8. 附加术语"
    assert chapter_of(wow, wow.node("glossary:护卫#2")) == "glossary"
    names: dict[str, str] = {}
    assert chapter_of(rift, rift.node("148.1.a.1"), names) == "148. 游戏物体"
    assert chapter_of(rift, rift.node("148.2.a"), names) == "148. 游戏物体"   # one section, one row


def test_exercised_and_unexercised_follow_the_traces():
    """Each variant is replayed as itself and labelled file#variant (the base run: the file name alone)."""
    mtg = ROOT / "scenarios" / "mtg"
    rep = report("mtg", [ROOT / "scenarios" / "wow" / "705.1-placing-a-resource.yaml",     # another book: skipped
                         mtg / "420.5c-lethal-damage.yaml", mtg / "212.6b-one-land-per-turn.yaml"])
    rules = {r["rule"]: r for r in rep["rules"]}
    assert rep["scenarios"] == 4 + 4          # each file: the base run and its three variants
    assert rules["420.5c"]["status"] == "exercised"
    assert "420.5c-lethal-damage.yaml" in rules["420.5c"]["scenarios"]
    assert "420.5c-lethal-damage.yaml#防御力4则存活" in rules["420.5c"]["scenarios"]     # a near miss counts
    assert rules["314.2"]["scenarios"] == ["420.5c-lethal-damage.yaml#回合结束时伤害移除"]  # only that variant
    assert rules["212.6b"]["status"] == "exercised"                # it only ever refuses the second land
    assert rules["420.5a"]["status"] == "unexercised" and rules["420.5a"]["scenarios"] == []
    # a rule no engine registers is not_implemented, whatever the traces hold; every registered one is not
    assert all((r["status"] == "not_implemented") == (r["id"] is None and r["class"] is None)
               for r in rep["rules"] if r["chapter"] != "glossary")
    tot = rep["total"]
    assert tot["exercised"] + tot["unexercised"] == tot["implemented"]
    assert 0 < tot["exercised"] < tot["implemented"]
    assert tot["exercised_pct"] == pytest.approx(100 * tot["exercised"] / 609)
    assert tot["implemented_pct"] == pytest.approx(100 * tot["implemented"] / 609)
    lethal = next(r for r in rep["implemented"] if r["rule"] == "mtg:420.5c")
    assert lethal == {"rule": "mtg:420.5c", "reasons": ["below_lethal", "lethal_damage", "lethal_damage_would"],
                      "where": ["judge.engine.games.mtg.sba.lethal_damage"],
                      "scenarios": sorted(["420.5c-lethal-damage.yaml", "420.5c-lethal-damage.yaml#已有伤害累计致命",
                                           "420.5c-lethal-damage.yaml#防御力4则存活",
                                           "420.5c-lethal-damage.yaml#回合结束时伤害移除"])}


def test_an_empty_row_has_zero_shares():
    row = _finish(_row("x", True))
    assert (row["rules"], row["implemented"], row["procedural"]) == (0, 0, 0)
    assert row["exercised_pct"] == 0.0 and row["implemented_pct"] == 0.0


def test_a_missing_classification_file_classifies_nothing(tmp_path):
    rep = report("mtg", [], classification=tmp_path / "none.yaml")
    assert rep["classification"] is None
    assert rep["total"]["not_procedural"] == 0
    assert rep["total"]["not_implemented"] == 609 - rep["total"]["implemented"]


@pytest.fixture
def no_riftbound_engine(monkeypatch):
    """Riftbound as it was before issue 14: a book whose game has no engine module."""
    from judge.engine.games import GAMES

    monkeypatch.delitem(GAMES, "riftbound")


def test_a_book_without_an_engine_is_reported_from_its_classification(no_riftbound_engine):
    rift = report("riftbound", [])
    assert [c["chapter"] for c in rift["chapters"]] == [
        "108. 非场地区域", "128. 隐私", "133. 类别", "138. 趣味性文本", "148. 游戏物体", "158", "168", "170", "174", "178"]
    assert rift["engine"] is False and rift["scenarios"] == 0 and rift["implemented"] == []
    assert {r["status"] for r in rift["rules"]} == {"not_procedural", "not_implemented"}


# ---- contradictions and bad data are errors naming the file and line ----------------------------------------

def test_a_registered_rule_classified_not_procedural_is_a_contradiction(tmp_path):
    p = scratch(tmp_path, 'book: mtg\nrules:\n  "100": {class: heading, reason: "标题：只把100.1–100.5归为一组"}\n'
                          '  "420.5c": {class: definition, reason: "故意写错的分类"}\n')
    with pytest.raises(CoverageDataError) as e:
        report("mtg", [], classification=p)
    assert e.value.line == 4 and e.value.file == str(p)
    assert e.value.message == ("mtg:420.5c is registered by the engine (judge.engine.games.mtg.sba.lethal_damage) "
                               "but classified definition here: a rule the engine implements is procedural")
    p = scratch(tmp_path, 'book: mtg\nrules:\n  "104.4": {class: definition, reason: "故意写错的分类"}\n')
    with pytest.raises(CoverageDataError, match=r"mtg:104.4 is registered by the engine \(declared\)"):
        report("mtg", [], classification=p)


def test_a_glossary_entry_the_engine_cites_cannot_be_classified_either(tmp_path):
    p = scratch(tmp_path, 'book: wow\nglossary:\n  "护卫": {class: definition, reason: "故意写错的分类"}\n')
    with pytest.raises(CoverageDataError, match="wow:护卫 is registered"):
        report("wow", [], classification=p)


@pytest.mark.parametrize("text, line, message", [
    ('book: mtg\nrules:\n  "999.9": {class: heading, reason: "没有这条规则"}\n', 3, "has no rule '999.9'"),
    ('book: mtg\nrules:\n  "102.4.a": {class: definition, reason: "写法不对的编号"}\n', 3, "did you mean '102.4a'"),
    ('book: mtg\nrules:\n  "420.5a": {class: boring, reason: "没有这个分类"}\n', 3, "class"),
    ('book: mtg\nrules:\n  "420.5a": {class: definition}\n', 3, "required"),
    ('book: mtg\nrules:\n  "420.5a": {class: definition, reason: "多余的栏位", note: x}\n', 3, "unknown field"),
    ('book: mtg\nrules:\n  "420.5a": {class: heading, reason: "没有子规则的标题"}\n', 3, "has none"),
    ('book: mtg\nrules:\n  "212.6f": {class: restatement, reason: "没写重述了哪一条"}\n', 3, "same_as"),
    ('book: mtg\nrules:\n  "212.6f": {class: physical, same_as: ["205.4b"], reason: "不是重述却写了"}\n', 3,
     "same_as"),
    ('book: mtg\nrules:\n  "212.6f": {class: restatement, same_as: ["999.1"], reason: "指向不存在的规则"}\n', 3,
     "'999.1' is not another rule"),
    ('book: mtg\nrules:\n  "212.6f": {class: restatement, same_as: ["212.6f"], reason: "指向自己的重述"}\n', 3,
     "not another rule"),
    ('book: mtg\nrules:\n  "212.6f": {class: restatement, same_as: ["205.4b"], reason: "重述一条非程序性规则"}\n'
     '  "205.4b": {class: definition, reason: "故意写错的分类"}\n', 3, "itself classified"),
    ('book: wow\nrules: {}\n', 1, "classifies 'wow', not 'mtg'"),
    ('book: mtg\nglossary:\n  "护卫": {class: definition, reason: "本书没有名词解释"}\n', 3, "has no glossary"),
    ('book: mtg\nrules:\n  "420.5a": {class: definition, reason: "两行\\n的理由"}\n', 3, "reason"),
    ('book: mtg\nrules:\n  "420.5a": {class: definition, reason: x}\n  "420.5a": {class: deck, reason: y}\n', 4,
     "duplicate key"),
])
def test_bad_classification_data_names_file_line_and_what_was_expected(tmp_path, text, line, message):
    p = scratch(tmp_path, text)
    with pytest.raises(CoverageDataError) as e:
        load_classification(load_book("mtg"), p)
    assert message in str(e.value)
    assert f"{p}:{line}:" in str(e.value)


def test_the_messages_say_what_was_expected(tmp_path):
    book = load_book("mtg")
    cases = {
        'book: mtg\nrules:\n  "999.9": {class: editorial, reason: "没有这条规则"}\n':
            "rules: book 'mtg' has no rule '999.9'",
        'book: mtg\nrules:\n  "212.6f": {class: restatement, reason: "没写重述了哪一条"}\n':
            "rules.212.6f: same_as names the rules a restatement repeats (required for class restatement, and "
            "only for it)",
        'book: mtg\nrules:\n  "212.6f": {class: restatement, same_as: ["205.4b"], reason: "重述非程序性规则"}\n'
        '  "205.4b": {class: definition, reason: "故意写错的分类"}\n':
            "212.6f: same_as '205.4b' is itself classified not procedural; a restatement repeats a rule that decides",
        # 404.4a's only children are its examples: it groups no subrule
        'book: mtg\nrules:\n  "404.4a": {class: heading, reason: "只有例子的规则"}\n':
            "rules.404.4a: a heading must group subrules; 404.4a has none",
        "": "book: required field is missing",
    }
    for text, message in cases.items():
        with pytest.raises(CoverageDataError) as e:
            load_classification(book, scratch(tmp_path, text))
        assert e.value.message == message


def test_a_huge_classification_file_is_refused_before_parsing(tmp_path):
    p = scratch(tmp_path, "book: mtg\n" + "#" * (1 << 20) + "\n")
    with pytest.raises(CoverageDataError, match="larger than"):
        load_classification(load_book("mtg"), p)


# ---- the command a judge runs ---------------------------------------------------------------------------------

def run(*args: str):
    return runner.invoke(app, list(args))


def test_coverage_json_documents_every_rule_and_the_share():
    res = run("coverage", "--book", "riftbound", "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert set(doc) >= {"book", "engine", "scenarios", "classification", "classes", "chapters", "total", "rules",
                        "implemented"}
    assert doc["classification"] == "riftbound.yaml" and doc["classes"] == CLASSES
    row = next(r for r in doc["rules"] if r["rule"] == "138.2")
    assert row["status"] == "not_procedural" and row["class"] == "physical" and "趣味性文本" in row["reason"]


def test_coverage_text_shows_each_class_and_reason_and_lists_a_status_on_request(no_riftbound_engine):
    res = run("coverage", "--book", "riftbound")
    assert res.exit_code == 0, res.output
    assert "no engine yet" in res.stdout and "趣味性文本印在规则文本下方" in res.stdout
    assert "implemented and exercised: 0 of 63 numbered rules (0.0%)" in res.stdout
    assert "…" not in res.stdout                       # a reason is folded onto more lines, never cut short
    res = run("coverage", "--book", "riftbound", "--status", "not_implemented")
    assert res.exit_code == 0
    assert "108.1.a" in res.stdout and "138.2" not in res.stdout
    res = run("coverage", "--book", "riftbound", "--status", "not_procedural")
    assert "138.2" in res.stdout and "physical:" in res.stdout and "…" not in res.stdout
    wide = runner.invoke(app, ["coverage", "--book", "riftbound", "--status", "not_procedural"], env={"COLUMNS": "200"})
    assert "physical: 趣味性文本印在规则文本下方、以斜体印刷：印刷细节" in wide.stdout


def test_coverage_refuses_what_it_cannot_report(no_riftbound_engine):
    assert run("coverage", "--book", "nope").exit_code == 2
    res = run("coverage", "--book", "mtg", "--status", "done")
    assert res.exit_code == 2 and "not_implemented" in res.output
    res = run("coverage", "--book", "riftbound", str(ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml"))
    assert res.exit_code == 2 and "has no engine" in res.output
