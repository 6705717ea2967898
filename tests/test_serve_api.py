"""`judge serve`'s JSON API, through the framework's test client: the same documents as the CLI's `--json`.

Each document is checked twice: it validates against the CLI's own schema (judge.schema, index.schema,
the trace and explanation schemas), and it is equal to what the CLI prints for the same question. One
application (and one replay worker) serves the whole module.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from index.schema import SearchResponse
from judge.cli import app as cli
from judge.engine.scenario.schema import TraceDoc
from judge.explain.schema import ExplainDoc
from judge.schema import BookRow, LookupDoc

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from judge.server.app import Settings, create_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LETHAL = ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml"
LETHAL_NAME = "scenarios/mtg/420.5c-lethal-damage.yaml"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(time_limit=30))) as c:
        yield c


def run_cli(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


def cli_json(*args: str):
    code, out, err = run_cli(*args)
    return json.loads(out)


# --- books and rules ------------------------------------------------------------------------------------

def test_books_are_the_cli_rows_without_paths(client):
    r = client.get("/api/books")
    assert r.status_code == 200
    rows = r.json()
    for row in rows:
        BookRow.model_validate(row)
        assert row["path"] is None
    expected = cli_json("books", "--json")
    for row in expected:
        row["path"] = None
    assert rows == expected
    assert [row["id"] for row in rows][:3] == ["mtg", "wow", "riftbound"]


@pytest.mark.parametrize("book,query", [
    ("mtg", "420.5e"), ("mtg", "420.5"), ("mtg", "420.5."), ("mtg", "420"), ("mtg", "409.1a-c"),
    ("mtg", "4"), ("mtg", "102.4.a"), ("wow", "glossary:激活"), ("wow", "709.2a"), ("riftbound", "108.3.c.1"),
])
def test_rule_is_the_cli_document(client, book, query):
    r = client.get(f"/api/books/{book}/rules/{query}")
    assert r.status_code == 200, r.text
    doc = r.json()
    LookupDoc.model_validate(doc)
    assert doc == cli_json("rule", query, "--book", book, "--json")
    assert doc["rules"], "a rule that exists has a document"


def test_unknown_rule_is_404_with_the_cli_error_document(client):
    r = client.get("/api/books/mtg/rules/999.9")
    assert r.status_code == 404
    doc = r.json()
    LookupDoc.model_validate(doc)
    code, out, err = run_cli("rule", "999.9", "--book", "mtg", "--json")
    assert code == 1
    assert doc == json.loads(out)
    assert doc["nearest"] and doc["error"].startswith("no rule or glossary entry '999.9'")


def test_define_is_the_cli_document(client):
    r = client.get("/api/books/wow/define/激活")
    assert r.status_code == 200
    assert r.json() == cli_json("define", "激活", "--book", "wow", "--json")
    assert client.get("/api/books/wow/define/Activate").json()["rules"][0]["canonical_id"] == "glossary:激活"
    missing = client.get("/api/books/wow/define/不存在的词")
    assert missing.status_code == 404 and "no rule or glossary entry" in missing.json()["error"]


@pytest.mark.parametrize("book", ["nope", "..", "mtg.txt", "/etc/passwd", "../../rulebook/data/mtg.txt"])
def test_a_book_is_an_id_never_a_path(client, book):
    from urllib.parse import quote

    r = client.get(f"/api/books/{quote(book, safe='')}/rules/100.1")
    assert r.status_code == 404
    body = r.json()
    assert "rules" not in body
    if "/" not in book and book != "..":   # a path never even reaches a book: there is no such route
        assert "unknown book" in body["error"] and "mtg" in body["error"]
    else:
        assert body["error"] == "no such page"


def test_a_server_never_shows_its_paths(client):
    text = client.get("/api/books").text + client.get("/books/mtg/rules/420.5e").text
    assert str(ROOT) not in text


# --- search ---------------------------------------------------------------------------------------------

def test_search_is_the_cli_document(client):
    r = client.get("/api/books/mtg/search", params={"q": "传奇 同名", "limit": 3})
    assert r.status_code == 200
    doc = r.json()
    SearchResponse.model_validate(doc)
    assert doc == cli_json("search", "传奇", "同名", "--book", "mtg", "--limit", "3", "--json")
    assert doc["results"][0]["id"] == "420.5e"


def test_search_with_no_result_is_an_empty_list_with_the_cli_error(client):
    doc = client.get("/api/books/mtg/search", params={"q": "zzzzqqqq"}).json()
    assert doc["results"] == [] and doc["error"] == "no rule matches the query"


@pytest.mark.parametrize("params", [{"q": " "}, {"q": "传奇", "limit": 0}, {"q": "传奇", "limit": 501}, {}])
def test_bad_search_request_is_422_json(client, params):
    r = client.get("/api/books/mtg/search", params=params)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/json")
    assert r.json()["error"]


# --- explain a rule -------------------------------------------------------------------------------------

def test_explain_rule_json_and_md_are_the_cli_output(client):
    r = client.get("/api/books/wow/explain/709.2a")
    assert r.status_code == 200
    ExplainDoc.model_validate(r.json())
    assert r.json() == cli_json("explain", "709.2a", "--book", "wow", "--format", "json")
    md = client.get("/api/books/wow/explain/709.2a", params={"format": "md"})
    assert md.text == run_cli("explain", "709.2a", "--book", "wow", "--format", "md")[1]
    assert client.get("/api/books/wow/explain/709.2a", params={"format": "pdf"}).status_code == 422
    assert client.get("/api/books/wow/explain/999.1").status_code == 404


# --- replays and rulings --------------------------------------------------------------------------------

def test_replay_is_the_cli_trace(client):
    r = client.post("/api/replay", params={"name": LETHAL_NAME}, content=LETHAL.read_bytes(),
                    headers={"content-type": "application/yaml"})
    assert r.status_code == 200, r.text
    doc = r.json()
    TraceDoc.model_validate(doc)
    code, out, _ = run_cli("replay", str(LETHAL), "--json")
    expected = json.loads(out)
    expected["scenario"] = LETHAL_NAME
    assert doc == expected
    assert any(f["rule"] == "mtg:420.5c" for s in doc["steps"] for f in s["firings"])


def test_replay_of_a_variant(client):
    r = client.post("/api/replay", params={"variant": "防御力4则存活"}, content=LETHAL.read_bytes())
    doc = r.json()
    assert doc["variant"] == "防御力4则存活"
    assert doc["objects"]["bear"]["zone"] == "battlefield"
    missing = client.post("/api/replay", params={"variant": "没有这个变体"}, content=LETHAL.read_bytes())
    assert missing.status_code == 422 and "no variant" in missing.json()["error"]


def test_explain_scenario_is_the_cli_ruling(client):
    text = client.post("/api/explain", params={"name": LETHAL_NAME, "format": "text"}, content=LETHAL.read_bytes())
    assert text.status_code == 200
    code, out, _ = run_cli("explain", LETHAL_NAME, "--format", "text")
    assert text.text == out
    doc = client.post("/api/explain", content=LETHAL.read_bytes()).json()
    ExplainDoc.model_validate(doc)
    assert doc["answer"].startswith("裁定：") and "420.5c" in doc["answer_cites"]


def test_a_bad_scenario_is_422_naming_line_and_field_as_the_cli_does(client, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(LETHAL.read_text("utf-8").replace("turn: {active: 甲,", "turn: {actve: 甲,"), "utf-8")
    r = client.post("/api/replay", params={"name": str(bad)}, content=bad.read_bytes())
    assert r.status_code == 422
    body = r.json()
    code, _, err = run_cli("replay", str(bad))
    assert code == 2
    assert body["error"] == err.strip()
    first = body["errors"][0]
    assert first["line"] == 5 and first["field"].startswith("turn") and first["file"] == str(bad)


def test_a_scenario_that_fails_its_expectations_has_a_trace_but_no_ruling(client):
    text = LETHAL.read_text("utf-8").replace("fired: [420.5c]", "fired: [420.5c, 420.5a]")
    r = client.post("/api/replay", content=text.encode())
    assert r.status_code == 200 and r.json()["result"]["passed"] is False
    e = client.post("/api/explain", content=text.encode())
    assert e.status_code == 422 and "fails its own expectations" in e.json()["error"]


def test_a_pasted_scenario_cannot_read_files_outside_the_card_libraries(client):
    for ref in ("/etc/passwd", "../../../../../etc/passwd", "../pyproject.toml"):
        text = LETHAL.read_text("utf-8").replace("cards: cards/mtg.yaml", f"cards: {ref}")
        r = client.post("/api/replay", content=text.encode())
        assert r.status_code == 422
        assert f"card library {ref!r} not found" in r.json()["error"]
        assert "root:" not in r.text


def test_body_over_the_limit_is_413_declared_or_streamed(client):
    big = b"#" * ((1 << 20) + 1)
    r = client.post("/api/replay", content=big)
    assert r.status_code == 413 and "larger than 1024 KiB" in r.json()["error"]

    def chunks():
        for _ in range(20):
            yield b"#" * 60_000

    r = client.post("/api/replay", content=chunks())
    assert r.status_code == 413


def test_body_not_utf8_is_422_naming_the_line(client):
    r = client.post("/api/replay", content="book: mtg\ntitle: 灰熊\n".encode("gbk"))
    assert r.status_code == 422
    assert r.json()["errors"][0]["line"] == 2 and "not UTF-8" in r.json()["error"]


def test_openapi_and_docs_are_served_without_a_cdn(client):
    spec = client.get("/openapi.json").json()
    for path in ("/api/books", "/api/books/{book}/rules/{query}", "/api/books/{book}/search", "/api/replay",
                 "/api/explain", "/api/books/{book}/define/{term}"):
        assert path in spec["paths"]
    assert "LookupDoc" in json.dumps(spec) and "SearchResponse" in json.dumps(spec)
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert "/static-docs/swagger-ui-bundle.js" in docs.text
    assert "cdn" not in docs.text.lower() and "https://" not in docs.text.split("<body>")[0]
    assert client.get("/static-docs/swagger-ui-bundle.js").status_code == 200


def test_unknown_api_path_is_json_404(client):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json() == {"error": "no such page"}


# --- time limit ----------------------------------------------------------------------------------------

def test_work_over_the_time_limit_is_stopped_and_the_worker_replaced():
    """No bundled scenario is slow enough to test with, so the pool runs `time.sleep` past its limit."""
    import asyncio
    import time

    from judge.server.replays import Replayer, ReplayTimeout

    r = Replayer(workers=1, time_limit=0.5)
    try:
        t = time.perf_counter()
        with pytest.raises(ReplayTimeout, match="took longer than 0.5 s and was stopped"):
            asyncio.run(r.call(time.sleep, 30, what="slow.yaml"))
        assert time.perf_counter() - t < 15
        assert asyncio.run(r.call(len, "abc")) == 3          # a fresh worker took the killed one's place
    finally:
        r.close()


def test_the_time_limit_reaches_the_api_as_a_json_error(client, monkeypatch):
    from judge.server.replays import ReplayTimeout

    replayer = client.app.state.replayer

    async def too_slow(*args, **kw):
        raise ReplayTimeout("粘贴的情景.yaml: the replay took longer than 10 s and was stopped")

    monkeypatch.setattr(replayer, "call", too_slow)
    monkeypatch.setattr(replayer, "cache", {})
    r = client.post("/api/replay", content=b"book: mtg\n")
    assert r.status_code == 422 and "took longer than 10 s" in r.json()["error"]


def test_serving_one_book_hides_the_others():
    with TestClient(create_app(Settings(books=["wow"], warm=False))) as c:
        assert [b["id"] for b in c.get("/api/books").json()] == ["wow"]
        assert c.get("/api/books/mtg/rules/420.5c").status_code == 404


def test_every_canonical_id_the_api_hands_out_can_be_asked_for(client):
    """`212.5e#2`-style ids (a number or headword printed twice) are not taken by `judge rule`; the API, which
    hands them out as `canonical_id`, answers them."""
    from urllib.parse import quote

    r = client.get(f"/api/books/wow/rules/{quote('glossary:护卫#2', safe=':')}")
    assert r.status_code == 200
    doc = r.json()
    LookupDoc.model_validate(doc)
    assert doc["rules"][0]["canonical_id"] == "glossary:护卫#2" and doc["rules"][0]["mode"] == "entry"
    assert client.get(f"/api/books/wow/rules/{quote('glossary:护卫#9', safe=':')}").status_code == 404


def test_answers_are_kept_but_errors_are_not():
    from judge.server.app import Answers

    a = Answers(2)
    calls = []

    def compute(v):
        calls.append(v)
        return v

    assert a.get("x", lambda: compute(1)) == 1 and a.get("x", lambda: compute(2)) == 1
    a.get("y", lambda: compute(3))
    a.get("z", lambda: compute(4))            # pushes out x, the least recently used
    assert a.get("x", lambda: compute(5)) == 5
    assert calls == [1, 3, 4, 5]

    def boom():
        raise ValueError("no")

    with pytest.raises(ValueError):
        a.get("e", boom)
    assert "e" not in a.kept
    none = Answers(0)
    none.get("x", lambda: compute(6))
    assert none.get("x", lambda: compute(7)) == 7 and not none.kept
