"""Where rules-judge keeps its files: the user data and cache directories.

A module of its own, importing nothing heavy, so that the search index (which
keys its files under the same cache directory) can ask without loading the
parser. `RULES_JUDGE_DATA_DIR` / `RULES_JUDGE_CACHE_DIR` override them (tests,
CI, portable installs).
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def data_dir() -> Path:
    env = os.environ.get("RULES_JUDGE_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir  # start-up: platformdirs (~2 ms) only without RULES_JUDGE_DATA_DIR

    return Path(user_data_dir("rules-judge", appauthor=False))


def cache_dir() -> Path:
    env = os.environ.get("RULES_JUDGE_CACHE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir  # start-up: platformdirs (~2 ms) only without RULES_JUDGE_CACHE_DIR

    return Path(user_cache_dir("rules-judge", appauthor=False))


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """A temporary file next to `path` to write; renamed over `path` in one
    step if the block succeeds, removed if it fails. Readers of `path` see the
    old file or the new one, never half of one."""
    import tempfile  # start-up: tempfile (~1-2 ms) only to write; a lookup never writes

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    os.close(fd)
    try:
        yield Path(tmp)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
