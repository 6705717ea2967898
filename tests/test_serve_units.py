"""The server's parts without a server: linking rule text, the body limit, the library, the static site's
addresses, the scenario page's view. Fast, so mutation testing can run them for every mutant."""
from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from rulebook import load_book

from judge.server import linking
from judge.server.library import Library, UnknownBook
from judge.server.limits import BodyLimit

ROOT = Path(__file__).resolve().parent.parent


def href(uid: str) -> str:
    return f"/r/{uid}"


# --- linking ------------------------------------------------------------------------------------------

def test_references_link_only_to_rules_the_book_has():
    mtg = load_book("mtg")
    out = str(linking.rich_text(mtg, "请参见规则420.5e与规则999.9。", href))
    assert out == '请参见规则<a href="/r/420.5e">420.5e</a>与规则999.9。'


def test_a_list_and_a_chapter_reference_each_link():
    mtg = load_book("mtg")
    out = str(linking.rich_text(mtg, "参见规则420.5c和420.5e；见第4章", href))
    assert '<a href="/r/420.5c">420.5c</a>' in out and '<a href="/r/420.5e">420.5e</a>' in out
    assert '；见<a href="/r/4">第4章</a>' in out


def test_terms_link_once_longest_first_never_inside_a_reference_nor_to_themselves():
    wow = load_book("wow")
    text = "结算连结时中断连结（见规则711）"
    out = str(linking.rich_text(wow, text, href))
    assert out.count('class="term">连结</a>') == 1 and re.sub(r"<[^>]+>", "", out) == text
    assert '<a href="/r/glossary:中断" class="term">中断</a>' in out
    assert '<a href="/r/711">711</a>' in out
    assert "glossary:连结" not in str(linking.rich_text(wow, text, href, exclude="glossary:连结"))
    assert "term" not in str(linking.rich_text(wow, text, href, terms=False))


def test_text_is_escaped_around_the_links():
    mtg = load_book("mtg")
    out = str(linking.rich_text(mtg, '<b>"x"</b> & 见规则420.5e\n次行', href))
    assert out.startswith("&lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; 见规则<a") and out.endswith("<br>次行")


def test_link_escapes_its_href_and_label():
    assert linking.link("a\"b", "<x>", lambda u: f"/r/{u}?q=1&z", "term") == \
        '<a href="/r/a&#34;b?q=1&amp;z" class="term">&lt;x&gt;</a>'
    assert linking.link("a", "b", href) == '<a href="/r/a">b</a>'


def test_cited_ids_link_in_order_once_each():
    out = str(linking.cite_ids("裁定：…（规则 420.5c）。规则 420.5b 没有适用，420.5c。", ["420.5c", "420.5b"], href))
    assert out == ('裁定：…（规则 <a href="/r/420.5c">420.5c</a>）。规则 <a href="/r/420.5b">420.5b</a> 没有适用，'
                   '420.5c。')
    assert str(linking.cite_ids("无", ["420.5c"], href)) == "无"


def test_highlight_marks_the_spans_and_escapes_the_rest():
    assert str(linking.highlight("a<传奇>b同名", [(2, 4), (6, 8)])) == "a&lt;<mark>传奇</mark>&gt;b<mark>同名</mark>"
    assert str(linking.highlight("x", [])) == "x"


# --- the body limit ------------------------------------------------------------------------------------

class Echo:
    """An ASGI app that answers with the body it read."""

    async def __call__(self, scope, receive, send):
        body = b""
        while True:
            m = await receive()
            body += m.get("body", b"")
            if not m.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": body})


def call(app, chunks: list[bytes], headers=()) -> tuple[int, bytes]:
    messages = [{"type": "http.request", "body": c, "more_body": i + 1 < len(chunks)} for i, c in enumerate(chunks)]
    sent = []

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(m):
        sent.append(m)

    asyncio.run(app({"type": "http", "headers": list(headers)}, receive, send))
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_body_within_the_limit_passes_unchanged():
    app = BodyLimit(Echo(), 10)
    assert call(app, [b"12345", b"67890"]) == (200, b"1234567890")
    assert call(app, [b"1234567890"], [(b"content-length", b"10")]) == (200, b"1234567890")


def test_body_over_the_limit_is_413_declared_or_counted():
    app = BodyLimit(Echo(), 10)
    status, body = call(app, [b"x"], [(b"content-length", b"11")])
    assert status == 413 and json.loads(body) == {"error": "request body larger than 0 KiB"}
    assert call(app, [b"123456", b"78901"])[0] == 413
    assert call(app, [b"1"], [(b"content-length", b"-1")])[0] == 413      # not a number: refused
    big = BodyLimit(Echo(), 2048)
    status, body = call(big, [b"x" * 2049])
    assert status == 413 and json.loads(body)["error"] == "request body larger than 2 KiB"


def test_lifespan_and_other_scopes_pass_through():
    seen = []

    async def app(scope, receive, send):
        seen.append(scope["type"])

    asyncio.run(BodyLimit(app, 1)({"type": "lifespan"}, None, None))
    assert seen == ["lifespan"]


# --- the library ---------------------------------------------------------------------------------------

def test_library_knows_book_ids_only():
    lib = Library()
    assert lib.ids()[:3] == ["mtg", "wow", "riftbound"]
    for bad in ("nope", "rulebook/data/mtg.txt", str(ROOT / "rulebook" / "data" / "mtg.txt")):
        with pytest.raises(UnknownBook, match="unknown book"):
            lib.book(bad)
    with pytest.raises(UnknownBook) as e:
        Library(["wow", "nope"])
    assert e.value.book == "nope" and "known books: mtg, wow, riftbound" in str(e.value)
    assert Library(["wow"]).ids() == ["wow"]


def test_library_keeps_what_it_loaded_and_hides_paths():
    lib = Library(["mtg"])
    assert lib.book("mtg") is lib.book("mtg")
    row = lib.row("mtg")
    assert row["path"] is None and row["rules"] > 500 and lib.row("mtg") is row
    assert lib.rows() == [row] and lib.readable() == ["mtg"]
    assert lib.title("mtg").startswith("Magic: The Gathering 完整规则")


def test_page_order_and_neighbours():
    lib = Library(["mtg"])
    order = lib.order("mtg")
    assert order[0] == "1" and "420.5e" in order and not any(u.startswith("front") for u in order)
    assert lib.neighbours("mtg", "420.5e") == ("420.5d", "420.5f")
    assert lib.neighbours("mtg", order[0]) == (None, order[1])
    assert lib.neighbours("mtg", order[-1]) == (order[-2], None)
    assert lib.neighbours("mtg", "no-such") == (None, None)


def test_resolves_nodes_and_implicit_sections_only():
    lib = Library(["wow", "mtg"])
    assert lib.resolves("mtg", "420.5e") and lib.resolves("wow", "716.1")
    assert not lib.resolves("wow", "716") and not lib.resolves("mtg", "999.9")


# --- the static site's addresses ----------------------------------------------------------------------

def test_site_files_and_sections():
    from judge.server.site import page_file, section_of, sections

    assert page_file("420") == "420.html" and page_file("215#2") == "215_2.html"
    mtg, wow = load_book("mtg"), load_book("wow")
    assert section_of(mtg, "420.5e") == "420" and section_of(mtg, "420") == "420"
    assert section_of(mtg, "4") is None and section_of(mtg, "999.9") is None
    assert section_of(wow, "glossary:激活") == "glossary" and section_of(wow, "716.1") == "716.1d"
    secs = [n.uid for n in sections(mtg)]
    assert secs[:2] == ["100", "101"] and "420" in secs and "420.5" not in secs


def test_site_links_are_relative_from_where_the_page_is():
    from judge.server.site import SiteLinks

    lib = Library(["mtg", "wow"])
    inside, root = SiteLinks(lib, "mtg"), SiteLinks(lib, None)
    assert inside.rule("mtg", "420.5e") == "420.html#r-420.5e"
    assert inside.rule("wow", "glossary:激活") == "../wow/glossary.html#g-%E6%BF%80%E6%B4%BB"
    assert inside.rule("wow", "716.1") == "../wow/716.1d.html#r-716.1d"
    assert inside.rule("mtg", "4") == "index.html#r-4"
    assert root.rule("mtg", "420") == "mtg/420.html#r-420"
    assert (inside.home(), root.home()) == ("../index.html", "index.html")
    assert (inside.book("mtg"), inside.book("wow"), root.book("wow")) == ("index.html", "../wow/index.html",
                                                                           "wow/index.html")
    assert (inside.static("style.css"), root.static("style.css")) == ("../static/style.css", "static/style.css")
    assert inside.glossary("wow") == "../wow/glossary.html" and not inside.server and not inside.searchable


def test_server_links():
    from judge.server.pages import Links

    links = Links(Library(["wow"]))
    assert links.rule("wow", "glossary:激活") == "/books/wow/rules/glossary:%E6%BF%80%E6%B4%BB"
    assert links.rule("mtg", "212.5e#2") == "/books/mtg/rules/212.5e%232"
    assert links.book("wow") == "/books/wow" and links.glossary("wow") == "/books/wow/glossary"
    assert links.search_action(None) == "/search" and links.search_action("wow") == "/books/wow/search"
    assert links.scenario("mtg", "x y") == "/scenarios/mtg/x%20y"
    assert links.scenario("mtg", "x", "变体 1") == "/scenarios/mtg/x?variant=%E5%8F%98%E4%BD%93%201"
    assert links.api_rule("wow", "glossary:激活") == "/api/books/wow/rules/glossary:%E6%BF%80%E6%B4%BB"
    assert links.anchor("420.5c") == "r-420.5c" and links.static("a.css") == "/static/a.css"
    assert (links.home(), links.scenarios(), links.api_docs(), links.api("replay")) == ("/", "/scenarios", "/docs",
                                                                                         "/api/replay")


def test_page_helpers():
    from rulebook.lookup import CONTENTS, WITH_SUBRULES

    from judge.server.pages import contents, page_mode, ref_targets

    mtg = load_book("mtg")
    assert page_mode(mtg.node("4")) == CONTENTS and page_mode(mtg.node("420")) == CONTENTS
    assert page_mode(mtg.node("420.5")) == WITH_SUBRULES and page_mode(mtg.node("420.5e")) == WITH_SUBRULES
    doc = {"refs_out": [{"targets": ["706", "711"], "resolved": [True, True]},
                        {"targets": ["711", "601.2"], "resolved": [True, False]}]}
    assert ref_targets(doc) == [("706", True), ("711", True), ("601.2", False)]
    tops, glossary = contents(Library(["mtg"]), "mtg")
    assert [t["id"] for t in tops] == ["1", "2", "3", "4", "5"] and glossary == 0
    assert tops[3]["label"] == "4. 咒语，异能，和效应"
    assert {"id": "420", "label": "420. 依状态而生的效应", "text": ""} in tops[3]["children"]
    tops, glossary = contents(Library(["wow"]), "wow")
    assert glossary == 82 and tops and all(t["id"] != "line1~ex1" for t in tops)


# --- the scenario page's view --------------------------------------------------------------------------

def test_replay_run_gives_trace_ruling_and_view():
    from judge.server.replays import bundled, bundled_file, run, scenarios_dir

    assert (scenarios_dir() / "cards" / "mtg.yaml").is_file()
    files = bundled()
    assert set(files) >= {"mtg", "wow"} and all(p.suffix == ".yaml" for p in files["mtg"])
    p = bundled_file("mtg", "420.5c-lethal-damage")
    assert p is not None and bundled_file("mtg", "../../pyproject") is None and bundled_file("xx", "a") is None
    out = run(p.read_text("utf-8"), "t.yaml", None, want_view=True)
    assert out["passed"] and out["explain_error"] is None and out["trace"]["scenario"] == "t.yaml"
    v = out["view"]
    assert v["title"] == "受到致命伤害的生物被消灭" and v["source"] == ["420.5c"] and v["book"] == "mtg"
    assert v["answer"].startswith("裁定：") and "420.5c" in v["answer_cites"]
    assert v["variants"][0] is None and "防御力4则存活" in v["variants"]
    players = {pl["name"]: pl for pl in v["board"]["players"]}
    assert players["甲"]["stats"] == ["生命 20"]
    assert {"label": "场上", "cards": ["灰熊(bear)"]} in players["甲"]["zones"]
    assert v["board"]["step"] == "战斗后的行动阶段" and v["board"]["active"] == "甲"
    step = next(s for s in v["steps"] if any(f["rule"] == "420.5c" for f in s["firings"]))
    assert step["open"] and step["index"] == 5 and step["line"] == 14 and step["title"] == "结算 闪电击(bolt)"
    f = next(f for f in step["firings"] if f["rule"] == "420.5c")
    assert f["text"] == "灰熊 受到 3 点伤害，伤害 ≥ 防御力 2，被消灭" and not f["near"]
    assert "灰熊.区域: 场上 → 坟墓场" in f["changes"] and f["caused_by"] == "5.3" and f["objects"] == ["灰熊(bear)"]
    assert step["after"] == "战斗后的行动阶段，优先权：甲，堆叠：空"
    assert not next(s for s in v["steps"] if s["index"] == 1)["open"]
    assert "灰熊：坟墓场" in v["final"] and "甲 的生命 20" in v["final"]


def test_replay_run_reports_bad_input_and_failed_expectations():
    from judge.server.replays import run

    bad = run("book: mtg\ntitle: x\n", "bad.yaml", None)
    assert bad["error"].startswith("bad.yaml:1: ") and bad["errors"][0]["file"] == "bad.yaml"
    text = (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
    failing = run(text.replace("fired: [413.2a, 420.5c]", "fired: [420.5a]"), "f.yaml", None, want_view=True)
    assert not failing["passed"] and failing["explain"] is None
    assert "fails its own expectations" in failing["explain_error"] and failing["view"]["failures"]
    assert failing["view"]["answer"] is None


def test_near_misses_are_listed_with_their_step():
    from judge.server.replays import bundled, run

    for p in bundled()["mtg"]:
        if "near_miss" in p.read_text("utf-8"):
            v = run(p.read_text("utf-8"), p.name, None, want_view=True)["view"]
            assert v["near_misses"]
            m = v["near_misses"][0]
            step = next(s for s in v["steps"] if s["index"] == m["step"])
            assert any(f["near"] and f["rule"] == m["rule"] for f in step["firings"])
            return
    pytest.fail("no bundled scenario expects a near miss")
