"""The words `judge rule` prints around a rule, in the book's language.

An English book shows `Glossary › Trample` and `See:`, a Chinese one 词汇表 and
参见. A small table, not a data file: it is read on every lookup, and loading
YAML there would cost more than the lookup itself.
"""
from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "zh-Hans": {"glossary": "词汇表", "see": "参见", "cited_by": "被引用", "not_in_book": "不在本书中"},
    "zh-Hant": {"glossary": "詞彙表", "see": "參見", "cited_by": "被引用", "not_in_book": "不在本書中"},
    "en": {"glossary": "Glossary", "see": "See", "cited_by": "Cited by", "not_in_book": "not in this book"},
}


def labels(language: str | None) -> dict[str, str]:
    """The labels for a book's language tag (zh-Hans when unknown: the bundled books' language)."""
    lang = language or "zh-Hans"
    if lang in LABELS:
        return LABELS[lang]
    if lang.startswith("en"):
        return LABELS["en"]
    if lang.startswith(("zh-Hant", "zh-TW", "zh-HK")):
        return LABELS["zh-Hant"]
    return LABELS["zh-Hans"]
