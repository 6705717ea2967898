"""`judge explain RULE`: a rule explained from the rule graph alone."""
from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from typer.testing import CliRunner

from rulebook import load_book

from judge.cli import app
from judge.explain.output import to_string
from judge.explain.rule import explain_rule
from judge.explain.schema import ExplainDoc
from judge.explain.terms import find_terms, terms_used

runner = CliRunner()


def explain(*args: str):
    return runner.invoke(app, ["explain", *args])


def doc_ids(doc: dict) -> set[str]:
    """Every rule or glossary id an explanation shows."""
    out = set(doc["citations"]) | set(doc["answer_cites"])
    for b in doc["rules"]:
        out |= {b["id"], *b["terms"], *b["refs_out"], *b["cited_by"], *b["subrules"]}
    for r in doc["related"]:
        out |= {r["id"], *(c["id"] for c in r["contents"])}
    out |= {g["id"] for g in doc["glossary"]}
    for s in doc["steps"]:
        out |= set(s["rules"]) | {d["rule"] for d in s["details"] if d["rule"] is not None}   # None: not in the book
    out |= {m["rule"] for m in doc["near_misses"]}
    return out


class Links(HTMLParser):
    """Anchors (`id=`) and same-page links (`href="#…"`) of an html page."""

    def __init__(self):
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])


def links_of(page: str) -> Links:
    p = Links()
    p.feed(page)
    return p


def test_wow_709_2a_has_everything_a_judge_needs():
    doc = explain_rule(load_book("wow"), "709.2a")
    (b,) = doc["rules"]
    assert b["breadcrumb"] == ["709. 结算连结", "709.2", "709.2a"]
    assert b["text"].startswith("若连结具有目标（见规则706）")
    assert {"glossary:连结", "glossary:结算", "glossary:中断"} <= set(b["terms"])
    assert b["refs_out"] == ["706", "711"]
    assert b["missing_refs"] == [{"raw": "见规则601.2", "target": "601.2"}]   # not in this book: no id
    (ex,) = b["examples"]
    assert [c["name"] for c in ex["cards"]] == ["Blessing of Freedom", "Charge"]
    # 706 is only a heading in the book: its subrules are quoted instead
    r706 = next(r for r in doc["related"] if r["id"] == "706")
    assert [c["id"] for c in r706["contents"]] == ["706.1", "706.2"]
    defs = {g["headword"]: g["text"] for g in doc["glossary"]}
    assert defs["中断"].startswith("被中断的连结会离开连锁")


def test_plain_text_reads_in_order():
    res = explain("709.2a", "--book", "wow")
    assert res.exit_code == 0, res.output
    out = res.stdout
    order = ["规则 709.2a", "位置：709. 结算连结 › 709.2 › 709.2a", "规则原文", "例", "▌ Charge，1，战士",
             "本条引用的规则", "706. 目标", "711. 中断连结", "见规则601.2：规则 601.2 不在本书中",
             "引用本条的规则", "术语", "中断（Interrupt）："]
    pos = [out.find(s) for s in order]
    assert all(p >= 0 for p in pos) and pos == sorted(pos), list(zip(order, pos))


def test_cited_by_is_quoted():
    doc = explain_rule(load_book("mtg"), "420.5e")
    (b,) = doc["rules"]
    assert {"205.4c", "215"} <= set(b["cited_by"])
    assert {"205.4c", "215"} <= {r["id"] for r in doc["related"]}


def test_glossary_entry_and_english_headword():
    doc = explain_rule(load_book("wow"), "Activate")
    assert doc["rules"][0]["id"] == "glossary:激活"
    assert "glossary:激活" not in doc["rules"][0]["terms"]      # an entry does not define itself
    assert explain("glossary:激活", "--book", "wow").stdout.startswith("术语 激活\n")


def test_terms_longest_match_and_no_english_aliases():
    book = load_book("wow")
    hits = [u for _, _, u in find_terms(book, "于非战斗行动阶段造成战斗伤害")]
    assert hits == ["glossary:非战斗行动阶段", "glossary:战斗伤害"]
    assert terms_used(book, "你的对手使用Charge来Play") == ["glossary:使用"]


def test_a_headword_is_found_in_the_forms_running_text_gives_it():
    """The 2026 CR defines 输去游戏 and its rules say 输掉此盘游戏 / 输去了游戏: 704.5a listed no such term."""
    from judge.explain.terms import forms, scan

    heads = {"输去游戏": ["g:lose"], "游戏": ["g:game"], "牌手": ["g:player"]}
    for text, span in [("该牌手输掉此盘游戏。", (3, 9)), ("若该牌手输去了游戏", (4, 9)), ("牌手输掉游戏", (2, 6)),
                       ("牌手输去游戏", (2, 6))]:
        assert [(s, e) for s, e, u in scan(text, heads) if u == "g:lose"] == [span], text
    assert [u for _, _, u in scan("该牌手输了此盘游戏", heads)] == ["g:player", "g:game"]   # 输了 is not 输去
    assert forms("游戏") == ("游戏",)                                # two characters take no forms
    assert forms("Lose the Game") == ("Lose the Game",)
    assert len(forms("输去游戏")) == len(set(forms("输去游戏"))) and forms("输去游戏")[0] == "输去游戏"
    assert "输去游此盘戏" in forms("输去游戏") and "输掉了游戏" in forms("输去游戏")
    own = {"输去游戏": ["g:lose"], "输掉游戏": ["g:other"]}          # a form that is a headword stays that one
    assert [u for _, _, u in scan("输掉游戏与输去游戏", own)] == ["g:other", "g:lose"]


def test_an_english_headword_is_a_word_whatever_its_case():
    """An English book's glossary says Deathtouch, Creature, Tap; its rules say "with deathtouch", "creatures",
    and "untap", which is not Tap. Case-sensitive matching listed no term for the 2022 English CR's 704.5a."""
    from judge.explain.terms import scan

    heads = {"Deathtouch": ["g:dt"], "Creature": ["g:cr"], "Tap": ["g:tap"], "Player": ["g:pl"]}
    assert scan("A source with deathtouch", heads) == [(14, 24, "g:dt")]
    assert scan("Creatures you control", heads) == [(0, 9, "g:cr")]            # a plural -s is the same word
    assert scan("untap it; tapped; tap it", heads) == [(18, 21, "g:tap")]     # never part of a longer word
    assert scan("TAP.", heads) == [(0, 3, "g:tap")]
    assert scan("the player's turn", heads) == [(4, 10, "g:pl")]              # a possessive is the word
    assert scan("players lose", heads) == [(0, 7, "g:pl")]
    assert scan("Creaturesque", heads) == []
    assert scan("某玩家的Creature", {"玩家": ["g:zh"], "Creature": ["g:cr"]}) == [(1, 3, "g:zh"), (4, 12, "g:cr")]
    assert scan("玩家", {"玩家": ["g:zh"]}) == [(0, 2, "g:zh")]


def test_explaining_704_5a_lists_the_term_its_text_inflects():
    from conftest import corpus_file

    path = str(corpus_file("mtg-cr-20260417-zh-hans.txt"))
    out = explain("704.5a", "--book", path).stdout
    assert "\n  输去游戏：有多种方式输去游戏。" in out and "\n  生命，总生命：" in out


@pytest.mark.parametrize("book_id", ["mtg", "wow", "riftbound"])
def test_every_rule_of_every_book_explains_with_resolving_ids(book_id):
    book = load_book(book_id)
    for node in book.nodes:
        if node.kind not in ("rule", "glossary"):
            continue
        doc = explain_rule(book, node.uid)
        missing = [i for i in doc_ids(doc) if not book.has(i)]
        assert not missing, (node.uid, missing)
        page = links_of(to_string(doc, "html"))
        assert len(page.ids) == len(set(page.ids)), node.uid
        broken = set(page.links) - set(page.ids)
        assert not broken, (node.uid, broken)


def test_json_is_the_documented_schema():
    res = explain("709.2a", "--book", "wow", "--format", "json")
    assert res.exit_code == 0
    doc = json.loads(res.stdout)
    ExplainDoc.model_validate(doc)
    assert doc["schema"] == "rules-judge/explain/1" and doc["kind"] == "rule"


def test_html_links_rule_numbers_and_terms():
    page = to_string(explain_rule(load_book("wow"), "709.2a"), "html")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="zh-Hans">' in page
    assert 'href="#r-706">706</a>' in page and 'id="r-706"' in page
    assert 'class="term">中断</a>' in page and 'id="g-中断"' in page
    assert "601.2" in page and 'href="#r-601.2"' not in page          # not in the book: not a link
    assert "<script" not in page and "http" not in page.split("<main>")[1]   # self-contained


def test_markdown_quotes_the_book():
    md = explain("709.2a", "--book", "wow", "--format", "md").stdout
    assert md.startswith("# 规则 709.2a\n")
    assert "\n> 若连结具有目标（见规则706）" in md
    assert "> ▌ Charge，1，战士，技能——武器系" in md
    assert "\\[某件事\\]" in md       # markdown specials in book text are escaped


@pytest.mark.parametrize("fmt", ["text", "md", "json", "html"])
def test_max_chars_keeps_the_rule_and_shortens_the_rest(fmt):
    full = explain("709.2a", "--book", "wow", "--format", fmt).stdout
    limit = len(full) * 2 // 3
    short = explain("709.2a", "--book", "wow", "--format", fmt, "--max-chars", str(limit)).stdout
    assert len(short) <= limit < len(full)
    assert "若连结具有目标" in short and "将它中断" in short      # the rule text itself is never cut
    if fmt != "json":
        assert "--max-chars" in short


def test_max_chars_below_the_citation_still_prints_the_citation():
    out = explain("709.2a", "--book", "wow", "--max-chars", "50").stdout
    assert "若连结的所有目标都不合法，将它中断（见规则711）" in out
    assert "706" in out and "711" in out           # the ids it references survive as ids


def test_unknown_rule_is_a_clear_error():
    res = explain("999.9")
    assert res.exit_code == 1
    assert "no rule or glossary entry '999.9'" in res.stderr and "Traceback" not in res.output


def test_missing_scenario_file_is_a_clear_error():
    res = explain("scenarios/nope.yaml")
    assert res.exit_code == 2   # bad input, as `judge replay` of a missing file
    assert "scenarios/nope.yaml" in res.stderr and "Traceback" not in res.output


def test_bad_format_and_unknown_book():
    assert explain("420.5c", "--format", "pdf").exit_code == 2
    res = explain("420.5c", "--book", "nosuchbook")
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_a_heading_rule_is_explained_by_its_subrules_quoted():
    doc = explain_rule(load_book("mtg"), "502.2")
    (block,) = doc["rules"]
    assert block["quote_subrules"] and block["subrules"] == ["502.2a", "502.2b", "502.2c", "502.2d"]
    text = to_string(doc, "text")
    assert "\n子规则\n  502.2a：先攻属于静止式异能" in text and "  502.2d：同一个生物上的数个先攻异能并无意义。" in text
    doc = explain_rule(load_book("mtg"), "100.1")          # a sentence of its own: its subrules by id
    assert not doc["rules"][0]["quote_subrules"]


def test_a_rule_naming_a_mechanism_points_to_its_rules():
    doc = explain_rule(load_book("mtg"), "420.5c")          # 重生可以替代此事件
    assert doc["rules"][0]["mechanisms"] == ["419.6b"]
    text = to_string(doc, "text")
    assert "\n本条提到的机制（定义它们的规则）\n  419.6b：重生是针对消灭的替代性效应。" in text
    assert explain_rule(load_book("mtg"), "419.6b")["rules"][0]["mechanisms"] == ["419.6d", "306.2"]
    glossary = explain_rule(load_book("wow"), "glossary:激活")["rules"][0]
    assert "mechanisms" not in glossary or glossary["mechanisms"] == []
