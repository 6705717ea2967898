"""The `judge search --json` document (pydantic: imported only for JSON output and tests).

Documented in docs/search.md. Fields are always present, so a bot can index
them without checks.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, Field


class SearchResult(BaseModel):
    id: str = Field(description="canonical id: 420.5c, 108.3.d, glossary:优先权, 212.5e#2 for a duplicated number")
    label: str = Field(description="what the book prints: the rule number, or the glossary headword")
    kind: Literal["rule", "glossary", "chapter", "example", "card", "bullet", "front", "heading", "unclassified"]
    breadcrumb: str = Field(description="the headings above the rule, outermost first, joined by ' › '")
    score: float = Field(description="relevance; pinned exact matches carry the best score of the query")
    match: Literal["number", "headword", "text"] = Field(
        description="why it is listed: the query is its number, its headword (or an English name of it), or text")
    snippet: str = Field(description="the best passage of the text, whitespace collapsed, '…' where cut")
    highlights: list[tuple[int, int]] = Field(description="[start, end) character offsets of matched words in snippet")
    text: str = Field(description="the whole rule text or glossary definition")


class SearchResponse(BaseModel):
    query: str
    book: str
    game: str = Field("", description="the book's game, as the text output's header says it")
    edition: str = Field("", description="the book's edition (its effective date where the book prints one)")
    language: str = Field("", description="the book's language tag: zh-Hans, zh-Hant, en")
    results: list[SearchResult]
    error: Optional[str] = None


def response(query: str, book: str, hits, error: str | None = None, *, game: str = "", edition: str = "",
             language: str = "") -> SearchResponse:
    return SearchResponse(query=query, book=book, game=game, edition=edition, language=language, error=error, results=[
        SearchResult(id=h.uid, label=h.label, kind=h.kind, breadcrumb=h.crumb, score=h.score, match=h.match,
                     snippet=h.snippet, highlights=[tuple(x) for x in h.highlights], text=h.text)
        for h in hits
    ])
