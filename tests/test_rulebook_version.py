"""The parser's fingerprint keys every cached graph: a changed parser source must give a new one.

The fingerprint is computed once per process (`_FINGERPRINT`); each test clears it, or it would only
read the value an earlier test (or mutation testing's parent process) left there.
"""
from __future__ import annotations

import hashlib
import re

import pytest

from rulebook import version


@pytest.fixture
def sources(tmp_path, monkeypatch):
    """A copy of the parser's source files in a folder of their own, read in place of the real ones."""
    real = version.__file__
    from pathlib import Path

    for name in version._SOURCES:
        src = Path(real).parent / name
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(src.read_bytes())
    monkeypatch.setattr(version, "__file__", str(tmp_path / "version.py"))
    monkeypatch.setattr(version, "_FINGERPRINT", [])
    return tmp_path


def test_the_fingerprint_is_the_version_and_a_hash_of_every_parser_source(sources):
    h = hashlib.sha256(version.PARSER_VERSION.encode())
    for name in version._SOURCES:
        h.update((sources / name).read_bytes())
    fp = version.parser_fingerprint()
    assert fp == f"{version.PARSER_VERSION}-{h.hexdigest()[:12]}"
    assert re.fullmatch(re.escape(version.PARSER_VERSION) + r"-[0-9a-f]{12}", fp)


def test_a_changed_source_changes_the_fingerprint_and_a_missing_one_is_skipped(sources, monkeypatch):
    before = version.parser_fingerprint()
    assert version.parser_fingerprint() == before                 # computed once, then remembered
    (sources / "parse.py").write_text("# another parser\n", encoding="utf-8")
    assert version.parser_fingerprint() == before                 # the same process keeps its value …
    monkeypatch.setattr(version, "_FINGERPRINT", [])
    changed = version.parser_fingerprint()                        # … a new one reads the new source
    assert changed != before
    (sources / "meta.py").unlink()                                # a source the install lacks is skipped
    monkeypatch.setattr(version, "_FINGERPRINT", [])
    h = hashlib.sha256(version.PARSER_VERSION.encode())
    for name in version._SOURCES:
        if name != "meta.py":
            h.update((sources / name).read_bytes())
    assert version.parser_fingerprint() == f"{version.PARSER_VERSION}-{h.hexdigest()[:12]}" != changed
