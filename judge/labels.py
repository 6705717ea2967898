"""The words `judge rule` prints around a rule, in the book's language.

An English book shows `Glossary › Trample` and `See:`, a Chinese one 词汇表 and
参见. A small table, not a data file: it is read on every lookup, and loading
YAML there would cost more than the lookup itself.
"""
from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "zh-Hans": {"book": "规则书", "colon": "：", "comma": "、", "text": "正文", "edition_unknown": "版本不详", "where": "（{where}）", "example": "例", "item": "列项", "card": "牌", "no_entry": "词汇表中没有「{term}」", "no_glossary": "本规则书没有词汇表",
                "near_entries": "最接近的词条：", "search_hits": "搜索结果：", "glossary": "词汇表", "see": "参见", "cited_by": "被引用", "not_in_book": "不在本书中"},
    "zh-Hant": {"book": "規則書", "colon": "：", "comma": "、", "text": "正文", "edition_unknown": "版本不详", "where": "（{where}）", "example": "例", "item": "列項", "card": "牌", "no_entry": "詞彙表中沒有「{term}」", "no_glossary": "本規則書沒有詞彙表",
                "near_entries": "最接近的詞條：", "search_hits": "搜尋結果：", "glossary": "詞彙表", "see": "參見", "cited_by": "被引用", "not_in_book": "不在本書中"},
    "ja": {"book": "ルール", "colon": "：", "comma": "、", "text": "本文", "edition_unknown": "版不明", "where": "（{where}）", "example": "例", "item": "項目", "card": "カード", "no_entry": "用語集に「{term}」はありません", "no_glossary": "このルールには用語集がありません",
           "near_entries": "近い用語：", "search_hits": "検索結果：", "glossary": "用語集", "see": "参照", "cited_by": "参照元", "not_in_book": "このルールにはありません"},
    "en": {"book": "Book", "colon": ": ", "comma": ", ", "text": "text", "edition_unknown": "edition unknown", "where": " ({where})", "example": "example", "item": "item", "card": "card", "no_entry": "No glossary entry “{term}”", "no_glossary": "This book has no glossary",
           "near_entries": "Nearest entries:", "search_hits": "Search results:", "glossary": "Glossary", "see": "See", "cited_by": "Cited by", "not_in_book": "not in this book"},
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
    if lang.startswith("ja"):
        return LABELS["ja"]
    return LABELS["zh-Hans"]


def book_line(book_id: str, game: str = "", edition: str = "", language: str = "") -> str:
    """The line that opens every answer (rule, define, search, replay), so nobody reads a 2006 rule out as
    current: `规则书：mtg · Magic: The Gathering · 完整规则 2006-10-01`. A book given as a path shows its file
    name; a book without a known edition says so."""
    name = book_id.replace("\\", "/").rsplit("/", 1)[-1] if "/" in book_id or "\\" in book_id else book_id
    words = labels(language)
    return words["book"] + words["colon"] + " · ".join(p for p in (name, game, edition or words["edition_unknown"]) if p)


def cited_label(cite: dict, words: dict[str, str]) -> str:
    """A citing rule as `judge rule` lists it: `704.7` when its own text cites, `704.7（例）` when only an example
    (item, card) does, `704.7（例）` + text when both: where to look for the citation."""
    places = [words[w] for w in cite["where"] if w != "text"]
    if not places:
        return cite["id"]
    return cite["id"] + words["where"].format(where=words["comma"].join(
        ([words["text"]] if "text" in cite["where"] else []) + places))
