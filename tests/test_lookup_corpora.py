"""Held out: the real rulebooks in ../shared/corpora were never used while building
the store or the range rules. A stored copy answers every query as the parsed book,
and a range from a rule's first to its last subrule (either way round) is exactly
the subrules the parser linked to it, in book order."""
from __future__ import annotations

import pytest

from rulebook import ids, store
from rulebook.lookup import NotFound, lookup
from rulebook.parse import parse_file

from conftest import corpus_file

CORPORA = ["mtg-cr-20260417-zh-hans.txt", "riftbound-core-2025-10-en.txt", "fab-cr-en.txt"]


def _answer(book, q: str):
    try:
        return [(h.node.uid, h.mode) for h in lookup(book, q)]
    except NotFound as e:
        return (type(e).__name__, str(e))


@pytest.mark.parametrize("name", CORPORA)
def test_corpus_ranges_and_stored_answers(name, tmp_path):
    parsed = parse_file(corpus_file(name))
    f = tmp_path / f"b{store.SUFFIX}"
    store.save(parsed, f)
    back = store.open_book(f, parsed.sha256)
    queries, ranges = list(parsed.by_key)[::3], 0
    for k in parsed.by_key:
        node = parsed.node(parsed.by_key[k][0])
        kids = [parsed.node(u) for u in node.children]          # the parser's own links, not Book.child_keys
        kids = [n for n in kids if n.number and "#" not in n.uid and ids.parent_key(ids.key_of(n.number)) == k]
        if len(kids) < 2:
            continue
        ordered = sorted(kids, key=lambda n: ids.sort_key(ids.key_of(n.number)))
        want = [n.uid for n in sorted(kids, key=lambda n: n.line)]
        for q in (f"{ordered[0].uid}-{ordered[-1].uid}", f"{ordered[-1].uid}-{ordered[0].uid}"):
            assert [h.node.uid for h in lookup(parsed, q) if "#" not in h.node.uid] == want, q
            queries.append(q)
            ranges += 1
    assert ranges > 400
    queries += [k + ".99" for k in list(parsed.by_key)[::25]]
    for q in queries:
        assert _answer(back, q) == _answer(parsed, q), q
