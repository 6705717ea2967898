"""`judge define` finds the entry (issue 17): headwords with alternatives split, near forms, English
terms of several words without quotes, and — when nothing is near — the nearest entries and the top
search hits (exit 1). Also the term lists of `judge explain` (alternatives found, function words dropped)
and where a citation sits (`cited_in`)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from conftest import corpus_file
from judge.cli import app
from judge.schema import LookupDoc
from rulebook import load_book
from rulebook.lookup import glossary_uid
from rulebook.nearest import confident, near_entries
from rulebook.terms import alternatives, inverted

FIXTURE = str(Path(__file__).parent / "fixtures" / "define" / "glossary-cr.txt")


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("headword, parts", [
    ("生命，总生命", ["生命", "总生命"]),
    ("复制/复制品", ["复制", "复制品"]),
    ("反击/指示物（译注：在英文中这两个词是相同的。）", ["反击", "指示物"]),
    ("蛮化（状况）/已蛮化", ["蛮化", "已蛮化"]),
    ("结合，“与…结合”", ["结合", "与…结合"]),
    ("Banding, “Bands with Other”", ["Banding", "Bands with Other"]),
    ("Remove from the Game, Removed, Removed-from-the-Game Zone (Obsolete)",
     ["Remove from the Game", "Removed", "Removed-from-the-Game Zone"]),
    ("已跃回，已跃离", ["已跃回", "已跃离"]),
    ("你、你的；你们", ["你", "你的", "你们"]),
    ("生命", []),
    ("法术力灼烧（已废止）", []),
    ("Mana Burn (Obsolete)", []),
    ("，生命，", []),
])
def test_alternatives(headword, parts):
    assert alternatives(headword) == parts


def test_inverted_index_forms_are_not_alternatives():
    assert inverted(["双持", "远程"], {"远程双持"})
    assert inverted(["Dual Wield", "Ranged"], {"ranged dual wield"})
    assert not inverted(["生命", "总生命"], {"总生命生命x"})
    assert not inverted(["a", "b", "c"], {"cba", "c b a"})
    assert not inverted(["Life", "Life Total"], {"life"})


def test_each_alternative_finds_its_entry_and_never_takes_a_headword():
    b = load_book(FIXTURE)
    assert glossary_uid(b, "生命") == glossary_uid(b, "总生命") == "glossary:生命，总生命"
    assert glossary_uid(b, "指示物") == glossary_uid(b, "反击") == "glossary:反击/指示物（译注：在英文中这两个词是相同的。）"
    assert glossary_uid(b, "与…结合") == "glossary:结合，“与…结合”"
    assert glossary_uid(b, "双持") == "glossary:双持"               # its own entry, not 双持，远程's part
    assert glossary_uid(b, "远程") is None                          # 双持，远程 is 远程双持 inverted


@pytest.mark.parametrize("name, book_id", [
    ("mtg-cr-20260417-zh-hans.txt", None), ("mtg-cr-20220610-zh-hans.txt", None), ("mtg-cr-20220610-en.txt", None),
    (None, "wow"), (None, "mtg"), (None, "riftbound")])
def test_every_alternative_of_every_glossary_finds_an_entry_named_so(name, book_id):
    """For the class: in every book at hand, each alternative of a headword finds its own entry, or an entry
    that is itself named so (蛮化 → 蛮化（动作）, 模式 → 模式（多人游戏）): never nothing, never another's part."""
    b = load_book(str(corpus_file(name)) if name else book_id)
    titles = {n.uid: n for n in b.glossary()}
    heads = {n.title for n in titles.values()}
    checked = 0
    for n in titles.values():
        for part in alternatives(n.title or ""):
            uid = glossary_uid(b, part)
            if uid is None:
                assert inverted(alternatives(n.title), {h.casefold() for h in heads}) or \
                    any(inverted(alternatives(a), {h.casefold() for h in heads}) for a in n.aliases), (n.title, part)
                continue
            checked += 1
            other = titles[uid]
            assert uid == n.uid or part in (other.title, *other.aliases) or \
                other.title.startswith(part + "（") or other.title.startswith(part + " ("), (n.title, part, uid)
    if name:
        assert checked >= 10


def test_near_forms_and_specificity():
    b = load_book(FIXTURE)
    assert confident(b, "生命值").uid == "glossary:生命，总生命"
    assert confident(b, "总生命值").key == "总生命"                 # the longer headword covers more
    assert confident(b, "先攻异能").uid == "glossary:先攻"          # 异能 is in three other headwords
    assert confident(b, "起动式").uid == "glossary:起动式异能"       # within: 起动式 ⊂ 起动式异能
    assert confident(b, "式") is None                               # too short to be anything's near form
    assert confident(b, "龙卷风") is None
    near = near_entries(b, "起动式")
    assert near[0].how == "within" and near[0].score == pytest.approx(0.9 * 3 / 5)
    assert confident(b, "双持 远程").uid == "glossary:双持，远程"     # the same but for punctuation
    assert [n.how for n in near_entries(b, "双持 远程")][:1] == ["same"]
    assert near_entries(b, "") == [] and confident(b, "  ") is None


def test_a_tie_between_equally_specific_entries_is_not_confident():
    b = load_book(FIXTURE)
    # 横置 and 先攻 are each contained once, each in no other headword: equally near, equally specific
    assert confident(b, "横置先攻") is None
    assert {n.uid for n in near_entries(b, "横置先攻")} >= {"glossary:横置", "glossary:先攻"}


def test_english_near_forms_by_words():
    b = load_book(str(corpus_file("mtg-cr-20220610-en.txt")))
    assert confident(b, "trample ability").uid == "glossary:Trample"   # Ability is in dozens of headwords
    assert confident(b, "Dual strike") is None or confident(b, "Dual strike").how != "spelling"
    assert confident(b, "rampl") is None                                # a substring of a word is not a word


def test_define_cli_exact_alternative_near_and_words():
    res = run("define", "生命", "--book", FIXTURE)
    assert res.exit_code == 0 and res.stderr == ""
    lines = res.stdout.splitlines()
    assert lines[0] == "规则书：glossary-cr.txt · Magic: The Gathering · 版本不详" and lines[2] == "词汇表 › 生命，总生命"
    res = run("define", "生命值", "--book", FIXTURE)
    assert res.exit_code == 0
    assert res.stderr == "judge: note: no entry is named '生命值'; showing the nearest, 生命，总生命\n"
    assert "每位牌手都具有一定数量的生命。" in res.stdout
    doc = json.loads(run("define", "生命值", "--book", FIXTURE, "--json").stdout)
    LookupDoc.model_validate(doc)
    assert doc["rules"][0]["id"] == "glossary:生命，总生命" and doc["note"].startswith("no entry is named")
    res = run("define", "双持", "远程", "--book", FIXTURE)          # several words, no quotes
    assert res.exit_code == 0 and "词汇表 › 双持，远程" in res.stdout


def test_define_without_a_near_entry_lists_nearest_and_search_hits():
    res = run("define", "横置先攻", "--book", FIXTURE)
    assert res.exit_code == 1
    last = res.stderr.splitlines()[-1]                  # (after a note while the search index is built)
    assert last.startswith("judge: no glossary entry '横置先攻' in ") and "nearest: glossary:" in last
    out = res.stdout.split("\n")
    assert out[2] == "词汇表中没有「横置先攻」"
    assert out[4] == "最接近的词条：" and "  横置" in out and "  先攻" in out
    hits = out.index("搜索结果：")
    assert out[hits + 1].startswith("  ")
    doc = json.loads(run("define", "横置先攻", "--book", FIXTURE, "--json").stdout)
    LookupDoc.model_validate(doc)
    assert doc["rules"] == [] and "glossary:横置" in doc["nearest"] and doc["search"]
    assert all(set(h) == {"id", "label", "snippet"} for h in doc["search"])


def test_define_in_a_book_without_a_glossary_still_answers_with_search_hits():
    res = run("define", "传奇", "--book", "mtg")
    assert res.exit_code == 1
    assert res.stderr.splitlines()[-1] == "judge: mtg has no glossary (no entry '传奇')"
    out = res.stdout.splitlines()
    assert out[2] == "本规则书没有词汇表" and "搜索结果：" in out
    assert any(x.startswith("  420.5e") for x in out)


def test_define_english_words_without_quotes():
    path = str(corpus_file("mtg-cr-20220610-en.txt"))
    res = run("define", "mana", "burn", "--book", path)
    assert res.exit_code == 0 and "Glossary › Mana Burn (Obsolete)" in res.stdout
    res = run("define", "life", "total", "--book", path)
    assert res.exit_code == 0 and "Glossary › Life, Life Total" in res.stdout and res.stderr == ""
    res = run("define", "wibble", "wobble", "--book", path)
    assert res.exit_code == 1 and "No glossary entry “wibble wobble”" in res.stdout


def test_define_rejects_an_empty_term():
    res = run("define", " ", "--book", FIXTURE)
    assert res.exit_code == 2 and res.stderr == "judge: empty glossary term: give one, e.g. judge define 激活\n"


@pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX only")
def test_define_suggestions_in_a_terminal_fit_the_width():
    from test_terminal_headline import run_in_pty

    out = run_in_pty("define", "传奇", "同名", "--book", "mtg", columns=50)
    lines = [x.rstrip() for x in out.replace("\r\n", "\n").split("\n")]
    assert all(cell_len(x) <= 50 for x in lines), [x for x in lines if cell_len(x) > 50]
    assert "本规则书没有词汇表" in lines and "搜索结果：" in lines
    assert any(x.startswith("  420.5e") for x in lines)


def test_terms_find_alternatives_and_drop_function_words():
    from judge.explain.terms import function_words, headwords, terms_used

    b = load_book(FIXTURE)
    used = terms_used(b, b.node("100.1").text)
    assert "glossary:生命，总生命" in used and "glossary:横置" in used
    assert "glossary:如果" not in used                           # in every rule, and its entry only points on
    assert function_words(b, {"如果": ["glossary:如果"]}) == ["如果"]
    assert function_words(b, {"横置": ["glossary:横置"]}) == []    # a real definition: a term
    assert function_words(b, {"远程双持": ["glossary:远程双持"]}) == []   # points on, but rare: a term
    assert "远程" not in headwords(b) and "生命" in headwords(b)


def test_explain_lists_the_terms_of_704_5a_that_matter():
    b = str(corpus_file("mtg-cr-20260417-zh-hans.txt"))
    res = run("explain", "704.5a", "--book", b)
    assert res.exit_code == 0
    terms = res.stdout.split("术语\n", 1)[1]
    assert "生命，总生命：" in terms and "如果：" not in terms


def test_cited_by_says_where_the_citation_sits():
    b = load_book(FIXTURE)
    from judge.ruledoc import cited_in

    assert cited_in(b, b.node("100.2")) == [{"id": "100.3", "where": ["example"], "nodes": ["100.3~ex1"]}]
    assert cited_in(b, b.node("100.1")) == [{"id": "100.2", "where": ["text"], "nodes": ["100.2"]},
                                           {"id": "glossary:生命，总生命", "where": ["text"], "nodes": ["glossary:生命，总生命"]}]
    res = run("rule", "100.2", "--book", FIXTURE)
    assert res.stdout.rstrip().endswith("被引用: 100.3（例）")
    res = run("rule", "100.1", "--book", FIXTURE)
    assert "被引用: 100.2, glossary:生命，总生命" in res.stdout
    doc = json.loads(run("rule", "100.2", "--book", FIXTURE, "--json").stdout)
    LookupDoc.model_validate(doc)
    assert doc["rules"][0]["cited_in"] == [{"id": "100.3", "where": ["example"], "nodes": ["100.3~ex1"]}]


def test_explain_quotes_the_citing_example_not_the_rule_sentence():
    res = run("explain", "100.2", "--book", FIXTURE)
    cited = res.stdout.split("引用本条的规则\n", 1)[1]
    assert cited.startswith("  100.3：如果具有双持的生物攻击")
    assert "    （引用见于其例，而非规则正文：）\n    例如：如果你的生物具有先攻，参见规则100.2。" in cited
    res = run("explain", "100.1", "--book", FIXTURE)
    assert "引用见于其例" not in res.stdout                  # cited by rule text: nothing more to say
    doc = json.loads(run("explain", "100.2", "--book", FIXTURE, "--format", "json").stdout)
    block = doc["rules"][0]
    assert block["cited_in"] == [{"id": "100.3", "where": ["example"], "quotes": ["例如：如果你的生物具有先攻，参见规则100.2。"]}]


def test_label_of_a_citation_in_text_and_example():
    from judge.labels import LABELS, cited_label

    zh, en = LABELS["zh-Hans"], LABELS["en"]
    assert cited_label({"id": "704.7", "where": ["text"]}, zh) == "704.7"
    assert cited_label({"id": "704.7", "where": ["example"]}, zh) == "704.7（例）"
    assert cited_label({"id": "704.7", "where": ["text", "example"]}, zh) == "704.7（正文、例）"
    assert cited_label({"id": "704.7", "where": ["item", "card"]}, en) == "704.7 (item, card)"
    assert cited_label({"id": "704.7", "where": ["text", "example"]}, en) == "704.7 (text, example)"
    assert cited_label({"id": "1-2-1", "where": ["text", "item"]}, LABELS["ja"]) == "1-2-1（本文、項目）"


def test_every_language_has_every_label():
    from judge.labels import LABELS
    assert len({frozenset(words) for words in LABELS.values()}) == 1


def test_the_book_line_in_each_language():
    from judge.labels import book_line
    assert book_line("op", "", "", "ja") == "ルール：op · 版不明"
    assert book_line("op", "", "", "en") == "Book: op · edition unknown"
    assert book_line("op", "", "", "zh-Hans") == "规则书：op · 版本不详"


def test_no_markup_and_no_doubled_references_in_text_output():
    res = run("rule", "709.2a", "--book", "wow")
    assert "<p>" not in res.stdout
    assert "    ▌ 结附你队伍中的目标英雄或盟军。\n    ▌ 持续：被结附者不能被指定为目标。\n" in res.stdout
    assert res.stdout.rstrip().endswith("参见: 706; 711; 601.2(不在本书中)")
    res = run("rule", "411.1", "--book", "mtg")
    assert res.stdout.rstrip().endswith("参见: 409.1b; 408.2e")
    res = run("rule", "100.1", "--book", "mtg")
    assert "参见: 第6章 → 6(不在本书中)" in res.stdout          # the phrase says more than its number: kept
    res = run("rule", "709.2a", "--book", "wow", "--color")
    assert "<p>" not in res.stdout


def test_rule_glossary_miss_suggests_what_define_offers():
    """`judge rule glossary:X` suggested by difflib alone (英雄能力 → 翻转式能力, 支付式能力, 不能: entries that only
    share characters); it now offers the entries `judge define` offers, in the same order."""
    res = run("rule", "glossary:英雄能力", "--book", "wow")
    assert res.exit_code == 1
    assert res.stderr.strip() == "judge: no rule or glossary entry 'glossary:英雄能力' in this book; nearest: glossary:能力"
    defined = run("define", "英雄能力", "--book", "wow")
    assert defined.stderr.startswith("judge: note: no entry is named '英雄能力'; showing the nearest, 能力\n")
    res = run("rule", "glossary:攻击", "--book", "wow")       # headwords containing the term, shortest first
    assert "nearest: glossary:攻击力, glossary:攻击者, glossary:攻击窗口" in res.stderr
