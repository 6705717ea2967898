"""Which parser made a cached graph: its version plus a hash of its source.

Kept free of imports from the rest of the package so that caches built on the
rule graph (the search index) can key themselves on it cheaply.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

PARSER_VERSION = "1"
_SOURCES = ("parse.py", "source.py", "dialects.py", "refs.py", "ids.py", "model.py", "version.py",
            "meta.py", "terms.py", "understood.py", "data/games.json")
_FINGERPRINT: list[str] = []


def parser_fingerprint() -> str:
    """PARSER_VERSION plus a hash of the parser's own source files, so that a
    changed parser never serves a graph cached by an older one (even when
    nobody remembered to bump the version)."""
    if not _FINGERPRINT:
        h = hashlib.sha256(PARSER_VERSION.encode())
        here = Path(__file__).parent
        for name in _SOURCES:
            try:
                h.update((here / name).read_bytes())
            except OSError:
                pass
        _FINGERPRINT.append(f"{PARSER_VERSION}-{h.hexdigest()[:12]}")
    return _FINGERPRINT[0]
