"""The `judge search --json` document (index/schema.py) and whoosh's import shim (index/whooshlib.py).

docs/search.md promises every field of every result, always present; a bot reads them without
checks. The shim must serve whoosh the standard `cached_property` without replacing a real
backport someone else imported (issue 9 §8).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from index.schema import SearchResponse, response
from index.search import Hit


def test_a_response_carries_every_documented_field_of_every_hit():
    hits = [Hit(uid="420.5c", label="420.5c", kind="rule", crumb="4 › 420", text="传奇规则全文", score=3.14159265,
                match="number", snippet="传奇规则", highlights=[(0, 2)]),
            Hit(uid="glossary:优先权", label="优先权", kind="glossary", crumb="词汇表", text="定义", score=1.0,
                match="headword")]
    doc = json.loads(response("传奇", "mtg", hits, game="Magic: The Gathering", edition="2006", language="zh-Hans")
                     .model_dump_json())
    assert {k: doc[k] for k in ("query", "book", "game", "edition", "language", "error")} == {
        "query": "传奇", "book": "mtg", "game": "Magic: The Gathering", "edition": "2006", "language": "zh-Hans",
        "error": None}
    first, second = doc["results"]
    assert first == {"id": "420.5c", "label": "420.5c", "kind": "rule", "breadcrumb": "4 › 420", "score": 3.14159265,
                     "match": "number", "snippet": "传奇规则", "highlights": [[0, 2]], "text": "传奇规则全文"}
    assert second["id"] == "glossary:优先权" and second["highlights"] == [] and second["snippet"] == ""
    SearchResponse.model_validate(doc)


def test_an_error_response_has_no_results_and_says_why():
    doc = json.loads(response("x", "mtg", [], "no such book").model_dump_json())
    assert doc["error"] == "no such book" and doc["results"] == []
    assert (doc["game"], doc["edition"], doc["language"]) == ("", "", "")


def test_a_kind_or_match_outside_the_documented_ones_is_refused():
    bad = Hit(uid="x", label="x", kind="card-text", crumb="", text="", score=0, match="text")
    with pytest.raises(ValueError):
        response("x", "mtg", [bad])


@pytest.fixture
def no_backport(monkeypatch):
    monkeypatch.delitem(sys.modules, "cached_property", raising=False)


def test_whoosh_gets_the_standard_cached_property(no_backport):
    from functools import cached_property

    from index.whooshlib import prepare

    prepare()
    shim = sys.modules["cached_property"]
    assert shim.cached_property is cached_property
    assert shim.__name__ == "cached_property"       # a module by the name it is registered under (tracebacks, repr)


def test_a_backport_already_imported_is_left_alone(no_backport):
    from index.whooshlib import prepare

    real = types.ModuleType("cached_property")
    sys.modules["cached_property"] = real
    prepare()
    assert sys.modules["cached_property"] is real and not hasattr(real, "cached_property")


def _fresh(code: str) -> str:
    """Run `code` in a new interpreter (whoosh not yet imported) and return what it prints."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_whoosh_is_imported_without_urllib_request_and_its_urlretrieve_still_works(tmp_path):
    """whoosh.compat's unused `from urllib.request import urlretrieve` must not load urllib.request (and
    http.client) on a cold search; the name whoosh gets still fetches when called, and a later import of
    urllib.request is the real module, not the stand-in."""
    src = tmp_path / "from.txt"
    src.write_text("规则", encoding="utf-8")
    out = _fresh(f"""
import sys
from index.whooshlib import prepare
prepare()
import whoosh.index, whoosh.compat
print("urllib.request" in sys.modules, "http.client" in sys.modules)
whoosh.compat.urlretrieve({src.as_uri()!r}, filename={str(tmp_path / 'to.txt')!r})
print("urllib.request" in sys.modules)
import urllib.request
print(hasattr(urllib.request, "urlopen"), sys.modules["urllib.request"] is urllib.request)
""")
    assert out.split() == ["False", "False", "True", "True", "True"]
    assert (tmp_path / "to.txt").read_text(encoding="utf-8") == "规则"


def test_urllib_request_imported_before_whoosh_is_what_whoosh_gets():
    out = _fresh("""
import sys, urllib.request
from index.whooshlib import prepare
prepare()
import whoosh.compat
print(whoosh.compat.urlretrieve is urllib.request.urlretrieve, sys.modules["urllib.request"] is urllib.request)
""")
    assert out.split() == ["True", "True"]


def test_a_failing_whoosh_import_leaves_no_stand_in_behind(monkeypatch):
    """If importing whoosh.compat fails, urllib.request is not left as the stand-in for everyone else."""
    import urllib

    from index import whooshlib

    monkeypatch.delitem(sys.modules, "whoosh.compat", raising=False)
    monkeypatch.delitem(sys.modules, "urllib.request", raising=False)
    real = getattr(urllib, "request", None)
    if real is not None:
        monkeypatch.delattr(urllib, "request")

    class Finder:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name == "whoosh.compat":
                urllib.request = sys.modules["urllib.request"]    # as a successful submodule import would
                raise ImportError("broken whoosh")
            return None

    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])
    with pytest.raises(ImportError):
        whooshlib.prepare()
    assert "urllib.request" not in sys.modules
    assert getattr(urllib, "request", None) is None
