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
    assert re.search(r'；见(第<a href="/r/4">4</a>章|<a href="/r/4">第4章</a>)', out), out   # the chapter links


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


def test_every_reference_and_term_is_looked_at_after_one_that_is_not_linked():
    mtg, wow = load_book("mtg"), load_book("wow")
    out = str(linking.rich_text(mtg, "见第9章，见规则420.5e", href))       # the book has no chapter 9
    assert out == '见第9章，见规则<a href="/r/420.5e">420.5e</a>'
    out = str(linking.rich_text(wow, "连结连结中断", href))                 # the second 连结 is not linked
    assert out.endswith('连结<a href="/r/glossary:中断" class="term">中断</a>')


def test_cited_ids_link_in_order_once_each():
    assert str(linking.cite_ids("420.5c 在前", ["420.5c"], href)) == '<a href="/r/420.5c">420.5c</a> 在前'
    out = str(linking.cite_ids("规则 420.5b，420.5c，再 420.5b", ["420.5c", "420.5b"], href))
    assert out == '规则 420.5b，<a href="/r/420.5c">420.5c</a>，再 <a href="/r/420.5b">420.5b</a>'
    out = str(linking.cite_ids("裁定：…（规则 420.5c）。规则 420.5b 没有适用，420.5c。", ["420.5c", "420.5b"], href))
    assert out == ('裁定：…（规则 <a href="/r/420.5c">420.5c</a>）。规则 <a href="/r/420.5b">420.5b</a> 没有适用，'
                   '420.5c。')
    assert str(linking.cite_ids("无", ["420.5c"], href)) == "无"


def test_highlight_marks_the_spans_and_escapes_the_rest():
    assert str(linking.highlight("a<传奇>b同名", [(2, 4), (6, 8)])) == "a&lt;<mark>传奇</mark>&gt;b<mark>同名</mark>"
    assert str(linking.highlight("x", [])) == "x"


# --- the body limit ------------------------------------------------------------------------------------

class Echo:
    """An ASGI app that answers with the body it read, strictly: every message must be well formed; after the
    body it asks once more and reports what came (the client going away)."""

    def __init__(self):
        self.after = None

    async def __call__(self, scope, receive, send):
        assert scope["type"] == "http" and receive is not None and send is not None
        body = b""
        while True:
            m = await receive()
            assert m["type"] == "http.request" and isinstance(m["body"], bytes), m
            body += m["body"]
            if not m["more_body"]:
                break
        self.after = (await receive())["type"]
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": body})


def call(app, chunks: list[bytes], headers=(), sent: list | None = None) -> tuple[int, bytes]:
    messages = [{"type": "http.request", "body": c, "more_body": i + 1 < len(chunks)} for i, c in enumerate(chunks)]
    sent = [] if sent is None else sent

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(m):
        sent.append(m)

    asyncio.run(app({"type": "http", "headers": list(headers)}, receive, send))
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_body_within_the_limit_passes_unchanged():
    echo = Echo()
    app = BodyLimit(echo, 10)
    assert call(app, [b"12345", b"67890"]) == (200, b"1234567890")
    assert echo.after == "http.disconnect"          # asked again after the body: the real receive answers
    assert call(app, [b"1234567890"], [(b"content-length", b"10")]) == (200, b"1234567890")
    assert call(app, [b"12", b"", b"3"]) == (200, b"123")
    seen = []

    async def first_message(scope, receive, send):
        seen.append((await receive())["type"])
        await send({"type": "http.response.start", "status": 499, "headers": []})

    assert call(BodyLimit(first_message, 10), [])[0] == 499     # the client went before sending a body:
    assert seen == ["http.disconnect"]                           # the app is told, not left waiting


def test_body_over_the_limit_is_413_declared_or_counted():
    app = BodyLimit(Echo(), 10)
    sent: list = []
    status, body = call(app, [b"x"], [(b"content-length", b"11")], sent)
    assert status == 413 and json.loads(body) == {"error": "request body larger than 0 KiB"}
    assert sent == [{"type": "http.response.start", "status": 413,
                     "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]},
                    {"type": "http.response.body", "body": body}]
    assert call(app, [b"x" * 10, b"y"], [(b"content-length", b"11")])[0] == 413
    assert call(app, [b"x" * 11], [(b"content-length", b"10")])[0] == 200   # the declared length is trusted
    assert call(app, [b"123456", b"78901"])[0] == 413
    assert call(app, [b"1"], [(b"content-length", b"-1")])[0] == 413      # not a number: refused
    big = BodyLimit(Echo(), 2048)
    status, body = call(big, [b"x" * 2049])
    assert status == 413 and json.loads(body)["error"] == "request body larger than 2 KiB"


def test_lifespan_and_other_scopes_pass_through():
    seen = []

    async def app(scope, receive, send):
        seen.append((scope["type"], receive, send))

    asyncio.run(BodyLimit(app, 1)({"type": "lifespan"}, "r", "s"))
    assert seen == [("lifespan", "r", "s")]


def test_messages_may_leave_out_what_asgi_lets_them_leave_out():
    async def one(scope, receive, send):          # a scope without headers, a message without body/more_body
        m = await receive()
        assert m == {"type": "http.request", "body": b"", "more_body": False}
        await send({"type": "http.response.start", "status": 200, "headers": []})

    sent = []

    async def receive():
        return {"type": "http.request"}

    async def send(m):
        sent.append(m)

    asyncio.run(BodyLimit(one, 10)({"type": "http"}, receive, send))
    assert sent[0]["status"] == 200


# --- the library ---------------------------------------------------------------------------------------

def test_library_knows_book_ids_only():
    lib = Library()
    assert lib.ids()[:3] == ["mtg", "wow", "riftbound"]
    for bad in ("nope", "rulebook/data/mtg.txt", str(ROOT / "rulebook" / "data" / "mtg.txt")):
        with pytest.raises(UnknownBook, match="unknown book") as e:
            lib.book(bad)
        assert e.value.book == bad
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
    lib._rows["mtg"] = {"id": "mtg", "error": "the file is gone"}
    assert lib.readable() == []


def test_library_keeps_the_search_index():
    lib = Library(["wow"])
    idx = lib.index("wow")
    assert idx is not None and idx is lib.index("wow") and idx.dir.is_dir()
    with pytest.raises(UnknownBook):
        lib.index("mtg")


def test_page_order_and_neighbours():
    lib = Library(["mtg"])
    order = lib.order("mtg")
    assert order[0] == "1" and "420.5e" in order and not any(u.startswith("front") for u in order)
    assert lib.neighbours("mtg", "420.5e") == ("420.5d", "420.5f")
    assert lib.neighbours("mtg", order[0]) == (None, order[1])
    assert lib.neighbours("mtg", order[1]) == (order[0], order[2])
    assert lib.neighbours("mtg", order[-2]) == (order[-3], order[-1])
    assert lib.neighbours("mtg", order[-1]) == (order[-2], None)
    assert lib.neighbours("mtg", "no-such") == (None, None)


def test_resolves_nodes_and_implicit_sections_only():
    lib = Library(["wow", "mtg"])
    assert lib.resolves("mtg", "420.5e") and lib.resolves("wow", "716.1")
    assert not lib.resolves("wow", "716") and not lib.resolves("mtg", "999.9")
    assert lib.resolves("wow", "glossary:护卫#2")          # a node lookup does not answer: still a page


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
    assert inside.rule("mtg", "999.9") == "index.html#r-999.9"           # not in the book: its contents page
    assert inside.rule("wow", "Activate") == "../wow/index.html#r-Activate"


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
    assert {"id": "704", "label": "704. 持续式能力", "children": []} in tops
    assert {"id": "703.5", "label": "703.5", "children": []} in tops


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
    assert "灰熊.区域: 场上 → 坟墓场" in f["changes"] and f["caused_by"] == "5.2" and f["objects"] == ["灰熊(bear)"]
    assert step["after"] == "战斗后的行动阶段，优先权：甲，堆叠：空"
    assert not next(s for s in v["steps"] if s["index"] == 1)["open"]
    assert "灰熊：坟墓场" in v["final"] and "甲 的生命 20" in v["final"]


def test_replay_run_reports_bad_input_and_failed_expectations():
    from judge.server.replays import run

    bad = run("book: mtg\ntitle: x\n", "bad.yaml", None)
    assert bad["error"].startswith("bad.yaml:1: ") and bad["errors"][0]["file"] == "bad.yaml"
    text = (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
    failing = run(text.replace("fired: [420.5c]", "fired: [420.5a]"), "f.yaml", None, want_view=True)
    assert not failing["passed"] and failing["explain"] is None
    assert "fails its own expectations" in failing["explain_error"] and failing["view"]["failures"]
    assert failing["view"]["answer"] is None


def test_near_misses_are_listed_with_their_step():
    from judge.server.replays import bundled, run

    for p in bundled()["mtg"]:
        if "near_miss" in p.read_text("utf-8"):
            v = run(p.read_text("utf-8"), p.name, None, want_view=True)["view"]
            if not v["near_misses"]:        # the scenario expects its near misses in a variant only
                continue
            m = v["near_misses"][0]
            step = next(s for s in v["steps"] if s["index"] == m["step"])
            assert any(f["near"] and f["rule"] == m["rule"] for f in step["firings"])
            return
    pytest.fail("no bundled scenario expects a near miss")


def _view(name: str) -> dict:
    from judge.server.replays import run

    return run((ROOT / "scenarios" / "mtg" / f"{name}.yaml").read_text("utf-8"), "v.yaml", None, want_view=True)["view"]


def test_the_view_of_a_step_in_full():
    """Step 5 of 420.5c-lethal-damage: 闪电击 resolves (413.1) — its target still legal, 413.2a decides nothing —, it deals 3
    damage (413.2b), goes to the graveyard (413.2h) — no longer a spell (401.2) — as an instant does (212.5b); then
    state-based effects are checked (420.3, as a player would receive priority: 408.2c) and the 2/2 灰熊 with 3 damage is destroyed (420.5c), which the damage caused; no regeneration shield replaced the destruction (419.6b, a near miss)."""
    v = _view("420.5c-lethal-damage")
    step = v["steps"][5]
    assert (step["index"], step["kind"], step["line"], step["choices"], step["open"]) == (5, "event", 14, [], True)
    assert [f["id"] for f in step["firings"]] == [f"5.{i}" for i in range(1, 11)]
    assert step["rules"] == [{"id": r, "near": False}
                             for r in ("413.1", "413.2b", "413.2h", "401.2", "212.5b", "420.3", "408.2c",
                                       "420.5c")] + [
        {"id": "419.6b", "near": True}, {"id": "217.4a", "near": False}]       # the bear's graveyard after its destruction
    assert [f["caused_by"] for f in step["firings"]] == [None, "5.1", "5.1", "5.3", "5.1", None, None, "5.2",
                                                         None, "5.8"]
    damage = step["firings"][1]
    assert damage["objects"] == ["闪电击(bolt)", "灰熊(bear)"] and damage["changes"] == ["灰熊.伤害: 0 → 3"]
    assert damage["rule_text"].startswith("咒语或异能的操控者依序执行其上的指示") and damage["rule_text"].endswith("…")
    assert len(damage["rule_text"]) == 60
    cast = v["steps"][3]
    assert cast["after"] == "战斗后的行动阶段，优先权：乙，堆叠：闪电击"   # the caster keeps priority and cast["kind"] == "action"
    assert v["steps"][0]["after"] == "" and v["steps"][0]["kind"] == "load"
    assert v["label"] == "v.yaml" and v["passed"] and v["checked"] == 1 and v["error"] is None and not v["failures"]
    assert v["variant"] is None and v["game"] == "mtg" and v["ruling_error"] is None
    assert v["board"]["turn"] == 1 and v["board"]["priority"] == "甲" and v["board"]["shared"] == []
    players = {pl["name"]: pl for pl in v["board"]["players"]}
    assert players["乙"]["zones"] == [{"label": "手牌", "cards": ["闪电击(bolt)"]}, {"label": "场上", "cards": ["山脉(m1)"]}]


def test_the_view_of_a_refused_action_and_of_a_choice():
    v = _view("212.3d-summoning-sickness-attack")
    step = next(s for s in v["steps"] if s["rules"] == [{"id": "212.3d", "near": True}, {"id": "422.1", "near": False},
                                                        {"id": "308.2", "near": False}])
    f = step["firings"][0]
    assert f["text"].startswith("引擎拒绝此动作：") and f["near"] and f["rule"] == "212.3d"
    assert (f["objects"], f["changes"], f["caused_by"]) == ([], [], None) and f["id"].startswith(f"{step['index']}.")
    assert f["rule_text"].startswith("生物") or f["rule_text"]
    v = _view("212.1e-choose-creature-type")
    chosen = next(s for s in v["steps"] if s["choices"])
    assert chosen["choices"] == ["选择 type[call] = 人鱼"]
    assert not chosen["firings"][0]["near"] and chosen["firings"][2]["changes"]


def test_replay_errors_carry_file_line_field_and_message_each():
    from judge.server.replays import run

    text = (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
    bad = text.replace("turn: {active: 甲,", "turn: {actve: 甲,").replace("title: 受到", "titel: 受到")
    out = run(bad, "two.yaml", None)
    assert len(out["errors"]) >= 2 and out["error"].count("two.yaml:") == len(out["errors"])
    fields = {e["field"] for e in out["errors"]}
    assert {"title", "turn.actve"} <= fields or {"titel", "turn.actve"} <= fields
    for e in out["errors"]:
        assert e["file"] == "two.yaml" and isinstance(e["line"], int) and e["message"] and e["message"] in out["error"]
    one = run("- just a list\n", "one.yaml", None)
    assert one["errors"] == [{"file": "one.yaml", "line": 1, "field": None,
                              "message": one["error"].split("one.yaml:1: ", 1)[1]}]
    missing = run(text, "m.yaml", "没有这个变体")
    assert "no variant" in missing["error"]


def test_site_build_of_one_book(tmp_path):
    from judge.server.site import build, sections

    lib = Library(["wow", "riftbound"])
    lib._rows["riftbound"] = {"id": "riftbound", "error": "the file is gone"}
    build(tmp_path / "a" / "b", lib)
    counts = build(tmp_path / "a" / "b", lib)                          # a second build overwrites
    tmp_path = tmp_path / "a" / "b"
    wow = load_book("wow")
    secs = sections(wow)
    assert counts == {"wow": len(secs) + 2, "riftbound": 0}          # contents, sections, glossary
    assert not (tmp_path / "riftbound").exists()
    assert (tmp_path / "static" / "style.css").read_text("utf-8").startswith("/* rules-judge pages")
    home = (tmp_path / "index.html").read_text("utf-8")
    assert 'href="wow/index.html"' in home and 'href="static/style.css"' in home and "riftbound" in home
    assert "<title>规则查询 · rules-judge</title>" in home and 'href="wow/index.html">wow 目录</a>' in home
    first, second = secs[0], secs[1]
    page = (tmp_path / "wow" / f"{first.uid}.html").read_text("utf-8")
    assert f'id="r-{first.uid}"' in page and 'href="../static/style.css"' in page
    assert f'rel="next" href="{second.uid}.html#r-{second.uid}"' in page and 'rel="prev"' not in page
    assert f"<title>{first.uid} {first.title or ''}".strip() in page
    assert f'>{second.uid}. {second.title} →</a>' in page if second.title else f">{second.uid} →</a>" in page
    page2 = (tmp_path / "wow" / f"{second.uid}.html").read_text("utf-8")
    assert f'rel="prev" href="{first.uid}.html#r-{first.uid}"' in page2
    before_last = (tmp_path / "wow" / f"{secs[-2].uid}.html").read_text("utf-8")
    assert f'rel="next" href="{secs[-1].uid}.html#r-{secs[-1].uid}"' in before_last
    assert 'id="r-709.2a"' in (tmp_path / "wow" / "709.html").read_text("utf-8")      # every subrule on it
    last = (tmp_path / "wow" / f"{secs[-1].uid}.html").read_text("utf-8")
    assert 'rel="next"' not in last and f'rel="prev" href="{secs[-2].uid}.html#r-{secs[-2].uid}"' in last
    glossary = (tmp_path / "wow" / "glossary.html").read_text("utf-8")
    assert 'id="g-激活"' in glossary and glossary.count('class="rule-block"') == 82
    entry = glossary.split('id="g-连结"')[1].split('class="rule-block"')[0]
    assert "#g-%E8%BF%9E%E7%BB%93" not in entry and 'class="term"' in entry    # terms link, but not to itself
    contents = (tmp_path / "wow" / "index.html").read_text("utf-8")
    assert 'href="glossary.html">词汇表</a>' in contents and "<form" not in contents
    assert f"<h1>{lib.title('wow')}</h1>" in contents and f"<title>{lib.title('wow')} · rules-judge</title>" in contents


def test_the_view_names_rules_as_the_book_does_and_words_as_the_game_does():
    """WoW cites rules its excerpt states only in its glossary by headword (`wow:提议`): the page links the entry
    (`glossary:提议`); WoW's stack is 连锁."""
    from judge.server.replays import run

    p = ROOT / "scenarios" / "wow" / "703-brigg-judged-before-damage.yaml"
    v = run(p.read_text("utf-8"), p.name, None, want_view=True)["view"]
    rules = {f["rule"] for s in v["steps"] for f in s["firings"]}
    assert "glossary:提议" in rules and "提议" not in rules
    assert v["steps"][1]["after"].startswith("行动阶段，优先权：乙，连锁：") and "堆叠" not in v["steps"][1]["after"]
    assert v["steps"][1]["title"] == "乙 提议战斗：Brigg(brigg)→示例盟军(ally)"


def test_the_view_opens_only_the_steps_the_ruling_cites_and_shows_the_winner_and_counters():
    v = _view("420.5c-lethal-damage")
    assert [s["index"] for s in v["steps"] if s["open"]] == [5]          # 411.1 in step 2 is not in the answer
    assert _view("102.3a-concede")["final"][-1].endswith(" 获胜")
    from judge.server.replays import _short, run

    assert _short("字" * 60) == "字" * 60 and _short("字" * 61) == "字" * 59 + "…" and _short("a\nb") == "a b"
    text = (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8")
    poisoned = run(text.replace("甲: {life: 20}", "甲: {life: 20, poison: 3}"), "p.yaml", None, want_view=True)
    players = {pl["name"]: pl for pl in poisoned["view"]["board"]["players"]}
    assert players["甲"]["stats"] == ["生命 20", "中毒 3"] and players["乙"]["stats"] == ["生命 20"]
