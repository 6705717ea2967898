"""Where rules-judge keeps its files: the user data and cache directories.

A module of its own, importing nothing heavy, so that the search index (which
keys its files under the same cache directory) can ask without loading the
parser. `RULES_JUDGE_DATA_DIR` / `RULES_JUDGE_CACHE_DIR` override them (tests,
CI, portable installs).
"""
from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    env = os.environ.get("RULES_JUDGE_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("rules-judge", appauthor=False))


def cache_dir() -> Path:
    env = os.environ.get("RULES_JUDGE_CACHE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("rules-judge", appauthor=False))
