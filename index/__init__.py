"""Full-text search over parsed rulebooks (`judge search`).

    >>> from index.search import search
    >>> hits = search("mtg", "传奇 同名")

Modules, each with one job:

- `normalize`  one normal form for book and query text (NFKC, OpenCC t2s, casefold)
- `segment`    jieba, tuned to the book and loaded from a pruned dictionary
- `analysis`   text → word terms and character-bigram terms
- `vocab`      synonym, English-name and stop-word tables from `index/data/`
- `documents`  book → one document per rule / glossary entry
- `build`      documents → whoosh index directory
- `store`      where indexes live, keys, locking, atomic replace, status, clear
- `query`      query text → weighted terms (typed words, English names, synonyms, typos)
- `search`     run a query: exact rule numbers and headwords first, then BM25F
- `snippet`    the best passage of a hit, with the matched words marked
- `schema`     pydantic models of the `--json` documents (imported only for JSON)
- `whooshlib`  whoosh imported without the asyncio-importing `cached_property` backport
- `tools`      scripts that regenerate the tables in `index/data/` (never at run time)

This package imports `rulebook`; `rulebook` never imports it. Heavy libraries
(jieba, whoosh, opencc) are imported inside functions.
"""

# Bump when the analysis, the documents or the index layout change: part of
# every index key, so an old index is rebuilt instead of being misread.
ANALYZER_VERSION = "18"
