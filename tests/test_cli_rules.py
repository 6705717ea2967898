"""`judge rule`, `define`, `books`, `lint` as a user runs them."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from judge.cli import app
from judge.schema import LintDoc, LookupDoc

from conftest import corpus_file

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def rule_json(*args: str) -> dict:
    res = run("rule", *args, "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    LookupDoc.model_validate(doc)          # the documented schema
    return doc


def test_quick_start_lookup():
    res = run("rule", "420.5c", "--book", "mtg")
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    assert lines[0] == "规则书：mtg · Magic: The Gathering · 完整规则 2006-10-01 (rules 100–502.5b)"   # which book, first
    assert lines[1] == ""
    assert lines[2] == "4. 咒语，异能，和效应 › 420. 依状态而生的效应 › 420.5 › 420.5c"
    assert lines[3].startswith("防御力大于0且受到致命伤害的生物会被消灭")


def test_json_document_fields():
    doc = rule_json("420.5c")
    r = doc["rules"][0]
    assert (r["id"], r["canonical_id"], r["book"]) == ("420.5c", "420.5c", "mtg")
    assert [c["id"] for c in r["breadcrumb"]] == ["4", "420", "420.5", "420.5c"]


def test_examples_refs_and_cited_by_in_output():
    r = rule_json("413.2a")["rules"][0]
    assert len(r["examples"]) == 2
    e = rule_json("420.5e")["rules"][0]
    assert "215" in e["cited_by"] and "205.4c" in e["cited_by"]
    text = run("rule", "215").stdout
    assert "参见: " in text and "205.4c" in text and "420.5e" in text


def test_irregular_separators_and_trailing_dot():
    a = rule_json("102.4.a")["rules"][0]
    b = rule_json("102.4a")["rules"][0]
    assert a["canonical_id"] == b["canonical_id"] == "102.4a"
    assert a["id"] == "102.4.a"        # as printed in the book


def test_rule_with_subrules_versus_alone():
    whole = rule_json("420.5")["rules"][0]
    assert whole["mode"] == "with-subrules"
    assert [s["canonical_id"] for s in whole["subrules"]][:3] == ["420.5a", "420.5b", "420.5c"]
    alone = rule_json("420.5.")["rules"][0]
    assert alone["mode"] == "alone" and alone["subrules"] == []


def test_section_as_table_of_contents():
    doc = rule_json("420")["rules"][0]
    assert doc["mode"] == "contents"
    assert [c["id"] for c in doc["contents"]] == ["420.1", "420.2", "420.3", "420.4", "420.5"]
    chapter = rule_json("4")["rules"][0]
    assert chapter["kind"] == "chapter" and chapter["contents"][0]["id"] == "400"


def test_ranges_and_lists():
    doc = rule_json("409.1a-c")
    assert [r["canonical_id"] for r in doc["rules"]] == ["409.1a", "409.1b", "409.1c"]
    doc = rule_json("101.2,102.1")
    assert [r["canonical_id"] for r in doc["rules"]] == ["101.2", "102.1"]
    doc = rule_json("101.2 102.1")
    assert [r["canonical_id"] for r in doc["rules"]] == ["101.2", "102.1"]


def test_riftbound_depth():
    r = rule_json("108.3.c.1", "--book", "riftbound")["rules"][0]
    assert r["canonical_id"] == "108.3.c.1"
    assert [c["label"] for c in r["breadcrumb"]] == ["非场地区域", "英雄区域", "108.3.c", "108.3.c.1"]
    # 128 is never printed, only its subrules: a contents view of them
    sec = rule_json("128", "--book", "riftbound")["rules"][0]
    assert sec["mode"] == "contents" and sec["contents"][0]["id"] == "128.1"


def test_glossary_forms():
    for args in (("define", "激活"), ("define", "Activate"), ("define", "ACTIVATE"), ("rule", "glossary:激活")):
        res = run(*args, "--book", "wow")
        assert res.exit_code == 0, res.output
        assert "激活式能力属于支付式能力" in res.stdout
        assert "Activate" in res.stdout


def test_duplicate_number_shows_both():
    doc = rule_json("212.5e")
    assert [r["canonical_id"] for r in doc["rules"]] == ["212.5e", "212.5e#2"]


def test_missing_id_names_the_nearest_and_exits_1():
    res = run("rule", "420.5z")
    assert res.exit_code == 1
    assert "420.5z" in res.stderr and "nearest" in res.stderr and "420.5" in res.stderr
    res = run("define", "激话", "--book", "wow")
    assert res.exit_code == 1 and "glossary:激活" in res.stderr


def test_book_as_a_path_and_missing_file(tmp_path):
    p = tmp_path / "mini.txt"
    p.write_text("1. 游戏\n100. 一般规则\n100.1. 第一条。\n100.1a 子规则，见规则100.1。\n", encoding="utf-8")
    res = run("rule", "100.1a", "--book", str(p))
    assert res.exit_code == 0 and "子规则" in res.stdout
    res = run("rule", "100.1", "--book", str(tmp_path / "gone.txt"))
    assert res.exit_code == 2 and "no such file" in res.stderr and "Traceback" not in res.output


def test_books_list_and_add(tmp_path):
    res = run("books", "--json")
    rows = {r["id"]: r for r in json.loads(res.stdout)}
    assert rows["mtg"]["rules"] == 609 and rows["mtg"]["examples"] == 77
    assert rows["wow"]["glossary"] == 82
    assert rows["riftbound"]["references_unresolved"] >= 1
    p = tmp_path / "mini.txt"
    p.write_text("1. 游戏\n100. 一般规则\n100.1. 第一条。\n", encoding="utf-8")
    res = run("books", "add", str(p), "--id", "mini", "--game", "Test")
    assert res.exit_code == 0, res.output
    assert run("rule", "100.1", "--book", "mini").exit_code == 0
    rows = {r["id"]: r for r in json.loads(run("books", "--json").stdout)}
    assert rows["mini"]["game"] == "Test" and rows["mini"]["rules"] == 2
    res = run("books", "add", str(p), "--id", "mtg")
    assert res.exit_code == 2 and "bundled" in res.stderr


def test_lint_json_counts_and_findings():
    res = run("lint", "--book", "mtg", "--json")
    assert res.exit_code == 0
    doc = json.loads(res.stdout)
    LintDoc.model_validate(doc)
    assert doc["dialect"] == "mtg"
    assert doc["counts"]["rules"] == 609 and doc["counts"]["examples"] == 77
    assert doc["references"]["unresolved"] == doc["findings_by_code"]["unresolved"]
    dups = [f for f in doc["findings"] if f["code"] == "duplicate"]
    assert sorted(f["line"] for f in dups) == [214, 225]
    assert any(f["code"] == "mojibake" and f["line"] == 290 for f in doc["findings"])
    wow = json.loads(run("lint", "--book", "wow", "--json").stdout)
    assert any("413.10f" in f["message"] for f in wow["findings"] if f["code"] == "unresolved")


def test_lint_reports_unclassified_lines_with_numbers(tmp_path):
    p = tmp_path / "odd.txt"
    p.write_text("1. 游戏\n这行不属于任何规则\n100. 一般规则\n100.1. 第一条。\n", encoding="utf-8")
    doc = json.loads(run("lint", str(p), "--json").stdout)
    assert doc["counts"]["unclassified"] == 1
    assert [f["line"] for f in doc["findings"] if f["code"] == "unclassified"] == [2]


def test_lint_text_output_and_unreadable_file(tmp_path):
    res = run("lint", "--book", "wow")
    assert res.exit_code == 0 and "dialect: wow" in res.stdout and "[unresolved]" in res.stdout
    bad = tmp_path / "bin.dat"
    bad.write_bytes(b"\x00\x01\x02" * 100)
    res = run("lint", str(bad))
    assert res.exit_code == 2 and "binary" in res.stderr


def test_rich_output_on_request():
    res = run("rule", "420.5c", "--color")
    assert res.exit_code == 0 and "╭" in res.stdout and "420.5c" in res.stdout


def test_big_corpus_lookup():
    path = str(corpus_file("mtg-cr-20260417-zh-hans.txt"))
    r = rule_json("702.19c", "--book", path)["rules"][0]
    assert [c["id"] for c in r["breadcrumb"]] == ["7", "702", "702.19", "702.19c"]
    assert r["text"]


def test_cold_lookup_does_not_import_search_libraries():
    code = ("import sys; sys.argv=['judge','rule','420.5c']\n"
            "from judge.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "bad=[m for m in ('jieba','whoosh','pydantic','yaml') if m in sys.modules]\n"
            "sys.stderr.write('IMPORTED:'+','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stderr.strip().endswith("IMPORTED:"), out.stderr
