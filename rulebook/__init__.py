"""Numbered rulebook text → a cross-referenced rule graph.

    >>> from rulebook import load_book
    >>> from rulebook.lookup import resolve_one
    >>> book = load_book("mtg")
    >>> resolve_one(book, "420.5c").text[:12]

This package imports neither `index` nor `judge`. Its names are imported on
first use, so `import rulebook.version` (used to key caches) stays cheap.
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "BUNDLED": "rulebook.books", "all_books": "rulebook.books", "load_book": "rulebook.books",
    "register": "rulebook.books",
    "Book": "rulebook.model", "Node": "rulebook.model", "RuleRef": "rulebook.model",
    "PARSER_VERSION": "rulebook.version",
    "RulebookError": "rulebook.source", "parse_file": "rulebook.parse", "parse_text": "rulebook.parse",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'rulebook' has no attribute {name!r}")
