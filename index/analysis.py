"""Text → index terms. Our own analyzer, kept out of the whoosh schema.

Whoosh pickles a field's analyzer into the index; a jieba-based analyzer
there makes every `open_dir` import jieba.analyse (+650 ms, stack-bench.md
section 5). So the schema only holds whoosh's `SpaceSeparatedTokenizer`, and
this module turns text into space-separated terms before it reaches whoosh,
the same way for the book and for the query:

- word terms: Han runs through the book-tuned jieba segmenter (search mode),
  Latin words lower-cased and Porter-stemmed, numbers kept whole (`702.19`);
- bigram terms: every pair of adjacent Han characters (a lone character
  stands for itself), the fallback for words jieba splits differently and
  for typos, as Elasticsearch's `cjk` analyzer does.

Input is expected to be normalised already (`index.normalize.normalize`).
"""
from __future__ import annotations

import re
from functools import lru_cache

from whoosh.lang.porter import stem as porter


from index.segment import HAN_RUN

# Han runs, numbers (702.19, 420.5c) and power/toughness or counters (+1/+1, -1/-1,
# 2/2, x/x) kept whole, Latin words (with an inner apostrophe: can't).
TOKEN = re.compile(r"(?P<han>[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)"
                   r"|(?P<num>[+-]\d+/[+-]\d+|[+-]?[\dx]+/[+-]?[\dx]+|\d+(?:\.\d+)*[a-z]?)"
                   r"|(?P<lat>[a-z]+(?:'[a-z]+)?)")


@lru_cache(maxsize=4096)
def stem(word: str) -> str:
    return porter(word) if len(word) > 2 else word


def pieces(text: str):
    """(kind, string) for each Han run, Latin word and number, in order."""
    for m in TOKEN.finditer(text):
        yield m.lastgroup, m.group()


def _terms(text: str, han) -> list[str]:
    """Latin words stemmed, numbers whole, each Han run cut by `han`."""
    out: list[str] = []
    for kind, s in pieces(text):
        if kind == "han":
            out.extend(han(s))
        elif kind == "lat":
            out.append(stem(s))
        else:
            out.append(s)
    return out


def word_terms(text: str, seg) -> list[str]:
    return _terms(text, lambda run: [w for group in seg.words(run) for w in group])


def bigrams_of(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def bigram_terms(text: str) -> list[str]:
    return _terms(text, bigrams_of)


def han_runs(text: str) -> list[str]:
    return HAN_RUN.findall(text)
