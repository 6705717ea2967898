"""Shared test setup: private cache/data directories, and the corpora in ../shared.

`../shared/` exists on developer machines and in CI but not in a user's clone;
tests that need it take the `shared` fixture (or `corpus`) and skip without it.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("RULES_JUDGE_SHARED", ROOT.parent / "shared"))
CORPORA = SHARED / "corpora"


@pytest.fixture(autouse=True, scope="session")
def _private_dirs(tmp_path_factory):
    """Never touch the user's real cache, book registry or settings from tests."""
    base = tmp_path_factory.mktemp("judge-home")
    old = {k: os.environ.get(k) for k in ("RULES_JUDGE_CACHE_DIR", "RULES_JUDGE_DATA_DIR",
                                          "RULES_JUDGE_CONFIG_DIR", "RULES_JUDGE_BOOK")}
    os.environ["RULES_JUDGE_CACHE_DIR"] = str(base / "cache")
    os.environ["RULES_JUDGE_DATA_DIR"] = str(base / "data")
    os.environ["RULES_JUDGE_CONFIG_DIR"] = str(base / "config")   # no user's default book leaks in
    os.environ.pop("RULES_JUDGE_BOOK", None)
    # no book loaded before this session: mutation testing forks each session from a process that
    # already ran the tests, and its loaded books were parsed by the unmutated parser
    from rulebook import books
    books._LOADED.clear()
    yield
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not available (only on developer machines and CI)")
    return SHARED


def corpus_file(name: str) -> Path:
    p = CORPORA / name
    if not p.is_file():
        pytest.skip(f"corpus {name} not available")
    return p
