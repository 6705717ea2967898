"""`judge serve` in a real browser: Debian's headless Chromium, driven by Playwright's Python package
(pointed at /usr/bin/chromium: Playwright never downloads a browser here). `.ci/run` installs chromium;
without it (or without playwright) the module skips.

One server process (`judge serve` on a free port) and one browser serve the whole module. Every page a
test opens is watched for console errors and uncaught exceptions. Screenshots at phone (390 px) and
desktop (1280 px) width go to $RULES_JUDGE_SCREENSHOTS if set (else a temporary folder).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from test_serve_command import free_port, wait_until_up  # noqa: E402  (tests/ is on sys.path)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/api/books", proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with playwright.sync_playwright() as p:
        profile = tmp_path_factory.mktemp("chromium-profile")
        ctx = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS, headless=True)
        yield ctx
        ctx.close()


class Watched:
    """A page whose console errors and uncaught exceptions are collected."""

    def __init__(self, ctx, width: int = 1280):
        self.page = ctx.new_page()
        self.page.set_viewport_size({"width": width, "height": 900})
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))

    def goto(self, url: str):
        r = self.page.goto(url)
        assert r is not None and r.status == 200, f"{url}: {r.status if r else 'no response'}"
        return r

    def close(self):
        self.page.close()
        assert not self.errors, self.errors


@pytest.fixture
def page(browser):
    w = Watched(browser)
    yield w
    w.close()


def test_search_from_home_then_open_the_rule(server, page):
    page.goto(server + "/")
    p = page.page
    p.select_option("select[name=book]", "mtg")
    p.fill("input[name=q]", "传奇 同名")
    p.click("button[type=submit]")
    p.wait_for_url("**/books/mtg/search?q=*")
    first = p.locator("ol.results > li").first
    assert {"传奇", "同名"} <= set(first.locator("mark").all_inner_texts())
    assert "420 依状态而生的效应" in first.inner_text()
    first.locator("a.label").click()
    p.wait_for_url("**/books/mtg/rules/420.5e")
    assert p.locator("h1").inner_text().startswith("420.5e")
    assert "传奇规则" in p.locator("article p.text").first.inner_text()


def test_follow_a_backlink_and_a_reference(server, page):
    page.goto(server + "/books/mtg/rules/420.5e")
    p = page.page
    p.locator("p.cited a", has_text="205.4c").click()                 # cited by: a backlink
    p.wait_for_url("**/books/mtg/rules/205.4c")
    assert "「传奇」此超类别的永久物" in p.locator("article p.text").first.inner_text()
    p.locator("article p.text a", has_text="420.5e").click()          # 请参见规则420.5e: a reference
    p.wait_for_url("**/books/mtg/rules/420.5e")
    p.locator("nav.crumbs a", has_text="420. 依状态而生的效应").click()  # the breadcrumb
    p.wait_for_url("**/books/mtg/rules/420")
    assert p.locator("ul.contents a", has_text="420.5").count() >= 1


def test_a_glossary_term_leads_to_its_entry(server, page):
    page.goto(server + "/books/wow/rules/709.2a")
    p = page.page
    p.locator("article p.text a.term", has_text="连结").first.click()
    p.wait_for_url("**/books/wow/rules/glossary:*")
    assert p.locator("h1").inner_text().startswith("连结")


def test_replay_a_bundled_scenario_from_its_page(server, page):
    page.goto(server + "/scenarios")
    p = page.page
    p.locator("a", has_text="420.5c-lethal-damage").click()       # the bundled list is open on this page
    p.wait_for_url("**/scenarios/mtg/420.5c-lethal-damage")
    assert "灰熊 受到 3 点伤害，伤害 ≥ 防御力 2，被消灭" in p.locator("p.answer").inner_text()
    step = p.locator("ol.timeline > li", has=p.locator("summary .chip", has_text="420.5c"))
    assert step.count() == 1
    firing = step.locator(".firings a", has_text="420.5c")
    if not firing.is_visible():
        step.locator("summary").click()
    assert firing.is_visible()
    firing.click()
    p.wait_for_url("**/books/mtg/rules/420.5c")
    assert p.locator("h1").inner_text().startswith("420.5c")


def test_paste_a_scenario_and_a_variant(server, page):
    page.goto(server + "/scenarios")
    p = page.page
    p.fill("textarea[name=yaml]", (ROOT / "scenarios" / "mtg" / "420.5c-lethal-damage.yaml").read_text("utf-8"))
    p.fill("input[name=variant]", "防御力4则存活")
    p.click("button[type=submit]")
    p.wait_for_load_state()
    assert "420.5c" in p.locator("p.answer").inner_text()
    assert "灰熊：场上" in p.locator("main").inner_text()


def test_a_broken_scenario_says_line_and_field(server, page):
    page.goto(server + "/scenarios")
    p = page.page
    p.fill("textarea[name=yaml]", "book: mtg\ntitle: x\nsource: '420.5c'\nplayers: {甲: {life: 20}}\nturn: {actve: 甲}\n")
    p.click("button[type=submit]")
    p.wait_for_load_state()
    assert "粘贴的情景.yaml:5" in p.locator("#scenario-error").inner_text()


def test_no_broken_link_from_a_bundled_books_home(server, browser):
    """Every link on the WoW book's home page, opened in the browser: status 200, no console error, every
    #fragment an element of its page; every link on the MTG book's home answers 200. (tests/test_serve_pages.py
    crawls the whole of both books over HTTP.)"""
    w = Watched(browser)
    w.goto(server + "/books/wow")
    links = w.page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    assert len(links) > 20
    ids: dict[str, set] = {}
    for href in dict.fromkeys(links):
        parts = urlsplit(href)
        address = parts._replace(fragment="").geturl()
        if address not in ids:
            w.goto(address)
            ids[address] = set(w.page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        if parts.fragment:
            assert unquote(parts.fragment) in ids[address], f"{href}: no such element"
    w.goto(server + "/books/mtg")
    links = w.page.eval_on_selector_all("main a[href]", "els => els.map(e => e.href)")
    assert len(links) > 50
    for href in dict.fromkeys(links):
        r = w.page.request.get(href)
        assert r.status == 200, href
    w.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_pages_at_phone_and_desktop_width(server, browser, width, tmp_path):
    out = Path(os.environ.get("RULES_JUDGE_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    w = Watched(browser, width)
    for name, path in [("home", "/"), ("rule", "/books/mtg/rules/420.5e"), ("search", "/books/mtg/search?q=传奇 同名"),
                       ("glossary-term", "/books/wow/rules/709.2a"), ("scenario", "/scenarios/mtg/420.5c-lethal-damage")]:
        w.goto(server + path)
        w.page.screenshot(path=str(out / f"{name}-{width}.png"), full_page=True)
        overflow = w.page.evaluate("document.documentElement.scrollWidth")
        assert overflow <= width, f"{path} is {overflow} px wide at {width} px"
        box = w.page.locator("h1").first.bounding_box()
        assert box and box["width"] > 0 and box["x"] >= 0
        if name == "search":   # the search box and its button fit on the line
            assert w.page.locator("button[type=submit]").bounding_box()["x"] + 10 < width
    w.close()
