"""`judge serve`'s pages and `judge site build`, read as HTML: what they link, what they escape, and that
every link of a bundled book leads somewhere (the whole site is crawled from the book's home page).
The browser tests (tests/test_serve_browser.py) look at the same pages in Chromium.
"""
from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from typer.testing import CliRunner

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from judge.cli import app as cli  # noqa: E402
from judge.server.app import Settings, create_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LETHAL = ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(time_limit=30))) as c:
        yield c


class Page(HTMLParser):
    """The links, ids and element sources of one page."""

    def __init__(self, html: str):
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.sources: list[str] = []
        self.scripts = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag in ("link", "img", "script", "iframe") and (a.get("href") or a.get("src")):
            self.sources.append(a.get("href") or a.get("src"))
        if tag == "script":
            self.scripts += 1


def crawl(fetch, start: str, inside) -> dict[str, Page]:
    """Every page reachable from `start` through links `inside` accepts; each link's target exists and each
    #fragment is an id on its page. Returns the pages by address."""
    seen: dict[str, Page] = {}
    queue = deque([start])
    fragments: list[tuple[str, str, str]] = []
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        status, html = fetch(url)
        assert status == 200, f"{url}: {status}"
        page = seen[url] = Page(html)
        for href in page.links:
            target = urljoin(url, href)
            parts = urlsplit(target)
            assert parts.scheme in ("", "http", "file") and (parts.netloc in ("", "testserver")), f"{url}: {href}"
            address = parts._replace(fragment="").geturl()
            if parts.fragment:
                fragments.append((url, address, unquote(parts.fragment)))
            if inside(address) and address not in seen:
                queue.append(address)
    for source, address, fragment in fragments:
        if address in seen:
            assert fragment in seen[address].ids, f"{source}: #{fragment} is not on {address}"
    return seen


def test_every_link_from_a_bundled_books_home_leads_somewhere(client):
    def fetch(url):
        r = client.get(url)
        return r.status_code, r.text

    for book in ("wow", "mtg"):
        pages = crawl(fetch, f"http://testserver/books/{book}",
                      lambda u, b=book: urlsplit(u).path.startswith(f"/books/{b}/"))
        rules = [u for u in pages if "/rules/" in u]
        assert len(rules) >= {"wow": 200, "mtg": 600}[book], len(rules)
        for page in pages.values():
            assert page.scripts == 0
            assert all(s.startswith(("/", "data:")) for s in page.sources), page.sources   # no external asset


def test_rule_page_has_breadcrumb_text_references_backlinks_and_neighbours(client):
    html = client.get("/books/mtg/rules/205.4c").text
    assert '<a href="/books/mtg/rules/205.4">205.4</a>' in html                 # breadcrumb
    assert "「传奇」此超类别的永久物" in html                                      # text
    assert '请参见规则<a href="/books/mtg/rules/420.5e">420.5e</a>' in html      # reference in the text
    assert '<a class="num" href="/books/mtg/rules/215">215</a>' in html          # cited by
    assert 'rel="prev" href="/books/mtg/rules/205.4b"' in html
    assert 'rel="next" href="/books/mtg/rules/205.4d"' in html
    backlink = client.get("/books/mtg/rules/420.5e").text
    assert '<a class="num" href="/books/mtg/rules/205.4c">205.4c</a>' in backlink


def test_glossary_terms_link_to_their_entry_once_per_text(client):
    html = client.get("/books/wow/rules/709.2a").text
    text = re.search(r'<p class="text">(.*?)</p>', html).group(1)
    term = '<a href="/books/wow/rules/glossary:%E8%BF%9E%E7%BB%93" class="term">连结</a>'
    assert text.count(term) == 1 and text.count("连结") > 1
    assert '见规则<a href="/books/wow/rules/706">706</a>' in text
    assert "601.2（不在本书中）" in html          # a reference the excerpt does not contain is not a link
    entry = client.get("/books/wow/rules/glossary:连结").text
    assert 'href="/books/wow/rules/glossary:%E8%BF%9E%E7%BB%93"' not in entry.split("<main>")[1]  # not to itself


def test_sections_show_contents_and_rules_their_subrules(client):
    section = client.get("/books/mtg/rules/420").text
    assert "<h2>目录</h2>" in section and 'href="/books/mtg/rules/420.5"' in section
    rule = client.get("/books/mtg/rules/420.5").text
    assert "<h2>子规则</h2>" in rule and 'id="r-420.5e"' in rule


def test_other_spellings_redirect_to_the_one_address(client):
    for spelled in ("420.5E", "420.5.e", "420.5e."):
        r = client.get(f"/books/mtg/rules/{spelled}", follow_redirects=False)
        assert r.status_code == 301 and r.headers["location"] == "/books/mtg/rules/420.5e"
    r = client.get("/books/wow/rules/Activate", follow_redirects=False)
    assert r.headers["location"] == "/books/wow/rules/glossary:%E6%BF%80%E6%B4%BB"
    ranged = client.get("/books/mtg/rules/409.1a-c")
    assert ranged.status_code == 200 and ranged.text.count('<article class="rule"') == 3


def test_unknown_rule_page_is_404_with_the_nearest(client):
    r = client.get("/books/mtg/rules/420.9z")
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]
    assert "no rule or glossary entry" in r.text and 'href="/books/mtg/rules/420.5a"' in r.text


def test_search_page_shows_breadcrumb_and_highlighted_snippet(client):
    html = client.get("/books/mtg/search", params={"q": "传奇 同名"}).text
    first = html.split('<ol class="results">')[1].split("</li>")[0]
    assert 'href="/books/mtg/rules/420.5e"' in first
    assert "420 依状态而生的效应" in first
    assert "<mark>传奇</mark>" in first and "<mark>同名</mark>" in first
    r = client.get("/search", params={"book": "wow", "q": "激活"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/books/wow/search?q=%E6%BF%80%E6%B4%BB"


@pytest.mark.parametrize("url", [
    "/books/mtg/search?q=<script>alert(1)</script>",
    "/books/mtg/rules/<script>alert(1)<%2Fscript>",
    "/?book=<script>alert(1)</script>",
])
def test_user_input_is_escaped_in_pages(client, url):
    r = client.get(url)
    assert "<script>alert(1)" not in r.text
    assert "&lt;script&gt;" in r.text or r.status_code == 404


def test_scenario_text_is_escaped_in_the_scenario_page(client):
    text = LETHAL.read_text("utf-8").replace("title: 受到致命伤害的生物被消灭", 'title: "<script>alert(1)</script><b>x</b>"')
    r = client.post("/scenarios", data={"yaml": text})
    assert r.status_code == 200
    assert "<script>alert(1)" not in r.text and "<b>x</b>" not in r.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;" in r.text
    bad = client.post("/scenarios", data={"yaml": "book: mtg\ntitle: <img src=x onerror=alert(1)>\nx: [1"})
    assert bad.status_code == 200 and "<img src=x" not in bad.text and "YAML syntax error" in bad.text


def test_scenario_page_shows_board_timeline_near_misses_and_ruling(client):
    html = client.get("/scenarios/mtg/420.5c-lethal-damage").text
    assert "<h2>裁定</h2>" in html and "裁定：灰熊 受到 3 点伤害" in html
    assert '规则 <a href="/books/mtg/rules/420.5c">420.5c</a>' in html
    assert "灰熊(bear)" in html and "生命 20" in html                        # the board
    assert '<span class="chip">420.5c</span>' in html                        # the timeline
    assert '<li class="" id="firing-5.5">' in html or 'id="firing-5.5"' in html
    assert '<a class="num" href="/books/mtg/rules/420.5c">420.5c</a>' in html  # a firing links its rule
    assert "<h2>为什么没有发生？</h2>" in html
    assert 'href="/scenarios/mtg/420.5c-lethal-damage?variant=' in html       # its variants
    variant = client.get("/scenarios/mtg/420.5c-lethal-damage", params={"variant": "防御力4则存活"}).text
    assert "<strong>防御力4则存活</strong>" in variant


def test_scenario_page_near_misses(client):
    from judge.server.replays import bundled

    html = None
    for p in bundled()["mtg"]:
        if "near_miss" in p.read_text("utf-8"):
            html = client.get(f"/scenarios/mtg/{p.stem}").text
            if "引擎没有记录未发生的规则" not in html.split("<h2>为什么没有发生？</h2>")[-1].split("</ul>")[0]:
                break                       # (a scenario whose near misses are all in its variants is skipped)
            html = None
    assert html is not None
    misses = html.split("<h2>为什么没有发生？</h2>")[1].split("</ul>")[0]
    assert '<a class="num" href="/books/mtg/rules/' in misses and 'href="#step-' in misses


def test_scenario_upload_and_paste(client):
    up = client.post("/scenarios", files={"file": ("我的情景.yaml", LETHAL.read_bytes(), "application/yaml")},
                     data={"yaml": ""})
    assert up.status_code == 200 and "我的情景.yaml" in up.text and "420.5c" in up.text
    empty = client.post("/scenarios", data={"yaml": "  "})
    assert empty.status_code == 200 and "paste a scenario" in empty.text
    missing = client.get("/scenarios/mtg/no-such-file")
    assert missing.status_code == 404
    escape = client.get("/scenarios/mtg/..%2F..%2Fpyproject")
    assert escape.status_code == 404


def test_scenario_page_lists_the_bundled_set(client):
    html = client.get("/scenarios").text
    assert 'href="/scenarios/mtg/420.5c-lethal-damage"' in html and 'href="/scenarios/wow/' in html


# --- the static site ---------------------------------------------------------------------------------

def test_site_build_writes_linked_pages_for_every_book(tmp_path):
    out = tmp_path / "site"
    r = CliRunner().invoke(cli, ["site", "build", str(out)])
    assert r.exit_code == 0, r.output
    assert "mtg:" in r.stdout and "wow:" in r.stdout

    def fetch(url):
        p = Path(unquote(urlsplit(url).path))
        return (200, p.read_text("utf-8")) if p.is_file() else (404, "")

    pages = crawl(fetch, (out / "index.html").as_uri(), lambda u: urlsplit(u).scheme == "file")
    names = {Path(unquote(urlsplit(u).path)).relative_to(out).as_posix() for u in pages}
    assert {"index.html", "mtg/index.html", "mtg/420.html", "wow/glossary.html", "riftbound/index.html"} <= names
    section = (out / "mtg" / "420.html").read_text("utf-8")
    assert 'id="r-420.5e"' in section and 'href="205.html#r-205.4c"' in section
    ref = (out / "mtg" / "205.html").read_text("utf-8")
    assert '请参见规则<a href="420.html#r-420.5e">420.5e</a>' in ref
    assert (out / "static" / "style.css").is_file()


def test_site_build_refuses_an_unknown_book_and_a_file(tmp_path):
    r = CliRunner().invoke(cli, ["site", "build", str(tmp_path / "x"), "--book", "nope"])
    assert r.exit_code == 2 and "unknown book 'nope'" in r.stderr
    f = tmp_path / "file"
    f.write_text("x")
    r = CliRunner().invoke(cli, ["site", "build", str(f)])
    assert r.exit_code == 2 and "not a folder" in r.stderr
