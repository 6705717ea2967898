"""Properties of the analysis and of search over arbitrary input (hypothesis)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from index.normalize import normalize
from index.search import open_index, search

HAN = st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), min_size=1, max_size=30)
ANY = st.text(max_size=60)


@pytest.fixture   # per test, not per module: see test_search.py
def wow():
    return open_index("wow")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(HAN)
def test_segmentation_covers_the_text(wow, s):
    groups = wow.seg.words(s)
    assert "".join(g[0] for g in groups) == s
    assert all(w in g[0] for g in groups for w in g)


@settings(max_examples=200, deadline=None)
@given(ANY)
def test_normalize_is_idempotent(s):
    once = normalize(s)
    assert normalize(once) == once


LOOKUP_KINDS = ("rule", "glossary", "chapter", "front", "heading", "unclassified", "example", "bullet", "card")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ANY | HAN, st.integers(min_value=1, max_value=8))
def test_search_never_fails_and_keeps_its_promises(wow, q, limit):
    hits = search(wow, q, limit)
    assert len(hits) <= limit
    assert len({h.uid for h in hits}) == len(hits)
    for h in hits:
        # any node a user can look up is searchable (issue 12): rules and glossary entries, and the loose
        # nodes (chapters, front matter, unclassified text, examples of no rule) — never an attached example
        assert h.kind in LOOKUP_KINDS and h.match in ("number", "headword", "text")
        assert all(0 <= a < b <= len(h.snippet) for a, b in h.highlights)
    scores = [h.score for h in hits if h.match == "text"]
    assert scores == sorted(scores, reverse=True)
