"""Numbered rulebook text → a cross-referenced rule graph.

    >>> from rulebook import load_book
    >>> book = load_book("mtg")
    >>> book.get("420.5c").text[:12]

This package imports neither `index` nor `judge`.
"""
from rulebook.books import BUNDLED, all_books, load_book, register
from rulebook.model import Book, Node, RuleRef
from rulebook.parse import PARSER_VERSION, RulebookError, parse_file, parse_text

__all__ = [
    "BUNDLED", "Book", "Node", "PARSER_VERSION", "RuleRef", "RulebookError",
    "all_books", "load_book", "parse_file", "parse_text", "register",
]
