"""The html explanation in a real browser: headless Chromium renders it and follows its links.

Chromium comes from Debian's `chromium` package, which `.ci/run` installs; on a
machine without it (a user's) the test skips. We use the CLI only
(`--dump-dom`): the test adds a small script to a copy of the page that, once
the page is parsed, checks that it rendered (the title has a box) and that
every same-page link resolves to an element with that id, as the browser
decodes it (anchors such as `#g-中断` are percent-encoded in `a.hash`). The
result is written into the DOM that Chromium dumps.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulebook import load_book

from judge.explain.output import to_string
from judge.explain.rule import explain_rule

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")

CHECK = """
<script>
(function () {
  var links = Array.prototype.slice.call(document.querySelectorAll('a[href^="#"]'));
  var broken = links.filter(function (a) {
    return !document.getElementById(decodeURIComponent(a.hash.slice(1)));
  }).map(function (a) { return a.getAttribute('href'); });
  var h1 = document.querySelector('h1');
  var box = h1 ? h1.getBoundingClientRect() : {width: 0, height: 0};
  document.body.setAttribute('data-check', JSON.stringify({
    links: links.length, broken: broken, title: document.title,
    rendered: box.width > 0 && box.height > 0, paragraphs: document.querySelectorAll('main p').length
  }));
})();
</script>
"""


class _BodyAttr(HTMLParser):
    def __init__(self):
        super().__init__()
        self.check = None

    def handle_starttag(self, tag, attrs):
        if tag == "body":
            self.check = dict(attrs).get("data-check")


def browse(page: str) -> dict:
    """Open `page` in headless Chromium and return what the check script found."""
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "page.html"
        f.write_text(page.replace("</body>", CHECK + "</body>"), encoding="utf-8")
        profile = Path(tmp) / "profile"
        profile.mkdir()
        cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={profile}", "--dump-dom", f.as_uri()]
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    p = _BodyAttr()
    p.feed(res.stdout)
    assert p.check, "the check script did not run: " + res.stdout[:500]
    return json.loads(p.check)


def test_rule_page_renders_and_every_link_resolves():
    doc = explain_rule(load_book("wow"), "709.2a")
    result = browse(to_string(doc, "html"))
    assert result["rendered"] and result["title"] == "规则 709.2a"
    assert result["links"] >= 5          # 706, 711 in the text; glossary headwords
    assert result["broken"] == []
    assert result["paragraphs"] > 10


def test_scenario_ruling_page_renders_and_every_link_resolves():
    from judge.explain.trace import explain_scenario

    from conftest import ROOT

    doc = explain_scenario("scenarios/mtg/413.2a-aura-blast-countered.yaml", root=ROOT)
    result = browse(to_string(doc, "html"))
    assert result["rendered"] and result["title"].startswith("裁定说明：")
    assert result["links"] >= 20         # every step's rule, the answer's, references in quoted rules
    assert result["broken"] == []
