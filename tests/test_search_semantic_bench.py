"""The fusion of benchmarks/search_semantic.py (a measured, not shipped, re-ranker):
our score and the model's cosine, each min–max scaled over our candidates.
Expectations worked out by hand from the scores below; no model needed."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "search_semantic.py"


@pytest.fixture(scope="module")
def reranked():
    spec = importlib.util.spec_from_file_location("benchmarks.search_semantic", _PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.reranked


OURS = [("a", 10.0), ("b", 9.0), ("c", 5.0)]        # scaled: a 1.0, b 0.9, c 0.5
COS = {"a": 0.80, "b": 0.90, "c": 0.86}             # scaled: a 0.0, b 1.0, c 0.6


def test_weight_zero_keeps_our_order(reranked):
    assert reranked(OURS, COS, 0.0) == ["a", "b", "c"]


def test_a_small_weight_swaps_only_near_ties(reranked):
    # a 1.0, b 0.9 + 0.25 = 1.15, c 0.5 + 0.15 = 0.65
    assert reranked(OURS, COS, 0.25) == ["b", "a", "c"]


def test_a_full_weight_lets_the_model_reorder(reranked):
    # a 1.0, b 1.9, c 1.1
    assert reranked(OURS, COS, 1.0) == ["b", "c", "a"]


def test_equal_cosines_say_nothing(reranked):
    same = {u: 0.8 for u, _ in OURS}
    assert reranked(OURS, same, 5.0) == ["a", "b", "c"]


def test_a_candidate_without_a_vector_keeps_its_own_score(reranked):
    ours = [("a", 10.0), ("x", 9.5), ("b", 5.0)]     # a 1.0, x 0.95, b 0.5
    cos = {"a": 0.8, "b": 0.9}                        # a 0.0, b 1.0
    assert reranked(ours, cos, 0.3) == ["a", "x", "b"]   # b 0.8
    assert reranked(ours, cos, 1.0) == ["b", "a", "x"]   # b 1.5


def test_scores_are_scaled_by_our_best(reranked):
    # the same candidates at a tenth of the scores fuse the same way
    tenth = [(u, s / 10) for u, s in OURS]
    assert reranked(tenth, COS, 0.25) == reranked(OURS, COS, 0.25)


def test_no_candidates(reranked):
    assert reranked([], {}, 1.0) == []


def test_no_candidate_with_a_vector_keeps_our_order(reranked):
    # a book the model never embedded (no cosines): the weight cannot matter
    assert reranked(OURS, {}, 1.0) == ["a", "b", "c"]
