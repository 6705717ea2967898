"""The search vocabulary (index/vocab.py) and the book-tuned segmenter (index/segment.py), unit by unit.

Each expectation follows from the small tables or dictionaries written here: a word kept whole, a
synonym reached, an English name found, an index rebuilt when a table changes. Mutation testing
(issue 9 §8) asked for them: these paths were only reached through whole index builds before.
"""
from __future__ import annotations

import sys

import pytest

from index import segment, vocab
from index.segment import Segmenter, _dag, _route
from index.vocab import (Entry, Vocabulary, english_key, expansions, from_snapshot, game_of, read_asks,
                         read_terms, snapshot)


def _write(path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- which vocabulary a book reads --------------------------------------------------------------

@pytest.mark.parametrize("dialect, game", [
    ("mtg", "mtg"), ("wow", "wow"), ("riftbound", "riftbound"),
    ("riftbound-md", "riftbound"), ("mtg-2006", "mtg"),
    ("mtgx", ""), ("generic", ""), ("", ""), ("md-riftbound", ""),
])
def test_a_dialect_reads_its_games_vocabulary(dialect, game):
    assert game_of(dialect) == game


# --- the words the segmenter must keep whole ------------------------------------------------------

def test_user_words_are_every_chinese_word_the_tables_name():
    v = Vocabulary("mtg", synonyms={"墓地": ["坟墓场"], "gy": ["坟场"]},
                   english={"graveyard": ["坟墓场", "墓"], "exil": ["放逐"]},
                   stopwords=frozenset({"的", "什么", "怎么样", "the"}))
    # keys and values of both tables, and multi-character stop words; no Latin word, and a lone
    # stop character is left to the dictionary (it cannot be cut any smaller)
    assert v.user_words() == {"墓地", "坟墓场", "坟场", "墓", "放逐", "什么", "怎么样"}


# --- the lexicon: pairs and their weights -----------------------------------------------------------

def test_a_word_is_never_its_own_synonym():
    syn, _ = expansions([Entry(["法力"], "=", ["法力", "法术力"], "edition", "s")])
    assert syn == {"法力": ["法术力"], "法术力": ["法力"]}


def test_a_repeated_pair_keeps_its_highest_weight_whatever_the_order():
    low_first, w1 = expansions([Entry(["冲突"], "->", ["矛盾"], "thesaurus", "a"),
                                Entry(["冲突"], "->", ["矛盾"], "player", "b")])
    high_first, w2 = expansions([Entry(["冲突"], "->", ["矛盾"], "player", "b"),
                                 Entry(["冲突"], "->", ["矛盾"], "thesaurus", "a")])
    assert low_first == high_first == {"冲突": ["矛盾"]}
    assert w1 == w2 == {}          # the default weight is not listed; no empty entry is left behind
    _, w3 = expansions([Entry(["冲突"], "->", ["矛盾"], "thesaurus", "a"),
                        Entry(["冲突"], "->", ["矛盾"], "thesaurus", "c")])
    assert w3 == {"冲突": {"矛盾": vocab.KINDS["thesaurus"]}}


def test_an_indented_comment_is_a_comment(tmp_path):
    f = _write(tmp_path / "t.tsv", "  # an indented note\n\t# another\n墓地\t->\t坟墓场\tplayer\tusage\n")
    assert [(e.typed, e.line) for e in vocab.read_lexicon(f)] == [(["墓地"], 3)]


def test_a_one_way_entry_never_leads_from_a_book_word():
    syn, _ = expansions([Entry(["坟场"], "->", ["坟墓场", "墓地"], "player", "s")])
    assert syn == {"坟场": ["坟墓场", "墓地"]}      # 坟墓场 does not expand to 墓地: only what is typed does


def test_a_kind_not_listed_searches_at_the_default_weight():
    syn, weights = expansions([Entry(["冲突"], "->", ["矛盾"], "made-up", "s")])
    assert syn == {"冲突": ["矛盾"]} and weights == {}


def test_a_weight_above_the_default_replaces_a_lower_one(monkeypatch):
    monkeypatch.setitem(vocab.KINDS, "strong", 0.8)
    for first in ("thesaurus", "player"):
        _, weights = expansions([Entry(["冲突"], "->", ["矛盾"], first, "a"),
                                 Entry(["冲突"], "->", ["矛盾"], "strong", "b")])
        assert weights == {"冲突": {"矛盾": 0.8}}, first


# --- English names ----------------------------------------------------------------------------------

def test_english_phrases_compare_stemmed_and_lower_case():
    assert english_key("Attacking  Creatures") == english_key("attack creature") == "attack creatur"
    assert english_key("Can't block!") == "can't block"
    assert english_key("") == ""


def test_an_english_names_table_reads_each_name_once(tmp_path):
    f = _write(tmp_path / "x-en.tsv", "# a comment line\n\n"
                                      "Graveyard\t坟墓场\n"
                                      "graveyards\t墳墓場   # the same name, Traditional, plural\n"
                                      "Graveyard\t坟场\n"
                                      "lonely-column\n"
                                      "Exile\t放逐\textra column\n"
                                      "First Strike\t先攻  # a note # with two marks\n")
    assert read_terms(f) == {"graveyard": ["坟墓场", "坟场"], "exil": ["放逐"], "first strike": ["先攻"]}


# --- question kinds (asks.txt) ------------------------------------------------------------------------

def test_question_kinds_read_in_sections(tmp_path):
    f = _write(tmp_path / "asks.txt", "# comment\n[permission]\nasks = 能不能 還能…吗\nanswers = 可以\n"
                                      "asks = 可否  # a second line adds to the first\n\n[ order ]\nanswers=顺序\n")
    got = read_asks(f)
    assert list(got) == ["permission", "order"]
    assert got["permission"] == {"asks": ["能不能", "还能...吗", "可否"], "answers": ["可以"]}
    assert got["order"] == {"asks": [], "answers": ["顺序"]}


@pytest.mark.parametrize("text", ["asks = 能不能\n", "[permission]\nask = 能不能\n", "[permission]\n能不能\n",
                                  "[permission\nasks = 能不能\n"])
def test_a_question_kinds_line_that_does_not_fit_is_refused(tmp_path, text):
    f = _write(tmp_path / "asks.txt", text)
    with pytest.raises(ValueError, match="asks.txt: cannot read line"):
        read_asks(f)


# --- the vocabulary an index carries ----------------------------------------------------------------

def test_a_vocabulary_survives_its_snapshot():
    v = Vocabulary("wow", {"墓地": ["坟墓场"]}, {"exil": ["放逐"]}, frozenset({"的", "吗"}),
                   {"冲突": {"矛盾": 0.3}}, {"order": {"asks": ["谁先"], "answers": ["顺序"]}})
    import json

    back = from_snapshot(json.loads(json.dumps(snapshot(v), ensure_ascii=False)))
    assert back == v
    old = snapshot(v)
    del old["weights"], old["asks"]     # an index written before weights and question kinds existed
    assert from_snapshot(old) == Vocabulary("wow", v.synonyms, v.english, v.stopwords)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A private copy of index/data's layout, small enough to reason about."""
    d = tmp_path / "data"
    _write(d / "stopwords.txt", "# function words\n吗 的\n怎么样\n")
    _write(d / "asks.txt", "[order]\nasks = 谁先\nanswers = 顺序\n")
    _write(d / "lexicon" / "common.tsv", "墓地\t->\t坟墓场\tplayer\tusage\n")
    _write(d / "lexicon" / "mtg.tsv", "法力\t=\t法术力\tedition\t2006\n")
    _write(d / "lexicon" / "mtg-extra.tsv", "冲突\t->\t抵触\tthesaurus\tcilin\n")
    _write(d / "lexicon" / "wow.tsv", "横置\t->\t消耗\tplayer\tusage\n")
    _write(d / "lexicon" / "README.md", "not a table\n")
    _write(d / "terms" / "mtg-en.tsv", "Graveyard\t坟墓场\n")
    monkeypatch.setattr(vocab, "DATA", d)
    vocab.vocabulary.cache_clear()
    vocab.data_digest.cache_clear()
    yield d
    vocab.vocabulary.cache_clear()
    vocab.data_digest.cache_clear()


def test_a_games_vocabulary_is_its_tables_together(data_dir):
    v = vocab.vocabulary("mtg")
    assert v.game == "mtg"
    assert v.synonyms == {"墓地": ["坟墓场"], "法力": ["法术力"], "法术力": ["法力"], "冲突": ["抵触"]}
    assert v.weights == {"冲突": {"抵触": vocab.KINDS["thesaurus"]}}
    assert v.english == {"graveyard": ["坟墓场"]}
    assert v.stopwords == {"吗", "的", "怎么样"}
    assert v.asks == {"order": {"asks": ["谁先"], "answers": ["顺序"]}}
    assert "横置" not in v.synonyms                      # another game's table
    plain = vocab.vocabulary("")
    assert plain.synonyms == {"墓地": ["坟墓场"]} and plain.english == {}


def test_the_index_key_follows_every_table_and_only_the_tables(data_dir):
    first, stamp = vocab.data_digest(), vocab.data_stamp()
    assert len(first) == 8
    # one entry per table, README files aside
    assert sorted(n for n, _, _ in stamp) == ["asks.txt", "common.tsv", "mtg-en.tsv", "mtg-extra.tsv",
                                              "mtg.tsv", "stopwords.txt", "wow.tsv"]
    _write(data_dir / "lexicon" / "README.md", "edited, still not a table\n")
    vocab.data_digest.cache_clear()
    assert vocab.data_digest() == first and vocab.data_stamp() == stamp
    _write(data_dir / "terms" / "mtg-en.tsv", "Graveyard\t坟场\n")     # same size, other word
    vocab.data_digest.cache_clear()
    assert vocab.data_digest() != first
    assert vocab.data_stamp() != stamp


def test_a_table_folder_left_out_of_an_installation_is_skipped(data_dir):
    import shutil

    shutil.rmtree(data_dir / "terms")
    assert sorted(n for n, _, _ in vocab.data_stamp()) == ["asks.txt", "common.tsv", "mtg-extra.tsv", "mtg.tsv",
                                                           "stopwords.txt", "wow.tsv"]
    assert vocab.vocabulary("mtg").english == {}


def test_a_digest_is_of_the_tables_contents_and_names(data_dir, tmp_path, monkeypatch):
    import shutil

    first = vocab.data_digest()
    other = tmp_path / "copy"
    shutil.copytree(data_dir, other)
    monkeypatch.setattr(vocab, "DATA", other)
    vocab.data_digest.cache_clear()
    assert vocab.data_digest() == first                  # where the data lives does not matter
    (other / "lexicon" / "mtg-extra.tsv").rename(other / "lexicon" / "mtg-more.tsv")
    vocab.data_digest.cache_clear()
    assert vocab.data_digest() != first                  # which table a line is in does


# --- the segmenter ------------------------------------------------------------------------------------

# A toy dictionary (word, frequency). 坟墓场 is one word and holds 坟墓 and 墓场; 宣告攻击者 holds
# 3-character words; 死循 is only a prefix of 死循环, never a word of its own.
TOY = {"坟墓场": 500, "坟墓": 300, "墓场": 20, "坟": 5, "场": 40, "生物": 800, "生": 30, "物": 30,
       "宣告攻击者": 60, "宣告": 200, "攻击": 900, "攻击者": 150, "告攻击": 1, "被攻击者": 20, "者": 3, "死循环": 40, "横置": 300,
       "横至": 2, "横": 10, "置": 10, "至": 10, "abc": 7}


@pytest.fixture
def toy(tmp_path):
    f = tmp_path / "toy.dict"
    f.write_text("".join(f"{w} {n}\n" for w, n in TOY.items()), encoding="utf-8")
    return f


def _jieba(path, tmp_path):
    tk = segment.import_jieba().Tokenizer(str(path))
    tk.tmp_dir = str(tmp_path)
    tk.initialize()
    return tk


def test_a_run_is_cut_into_the_most_probable_words_with_the_words_inside_them(toy):
    seg = Segmenter.load(toy)                # no .marshal beside it: the text dictionary is read
    assert seg.words("坟墓场生物") == [["坟墓场", "坟墓", "墓场"], ["生物"]]
    assert seg.words("宣告攻击者") == [["宣告攻击者", "宣告", "攻击", "告攻击", "攻击者"]]
    assert seg.words("被攻击者") == [["被攻击者", "攻击", "攻击者"]]     # no single characters among them
    assert seg.words("横置") == [["横置"]]
    assert seg.words("某") == [["某"]]        # a character the dictionary lacks stands alone
    assert seg.freq("坟墓") == 300 and seg.freq("死循") == 0 and seg.freq("不在") == 0


def test_the_cut_is_jiebas_own(toy, tmp_path):
    seg, tk = Segmenter.load(toy), _jieba(toy, tmp_path)
    for run in ["坟墓场生物", "宣告攻击者", "横置死循环生物", "坟墓场墓场场", "生物坟坟墓", "攻击者宣告", "被攻击者"]:
        assert [g[0] for g in seg.words(run)] == list(tk.cut(run, HMM=False)), run
        assert [w for g in seg.words(run) for w in g[1:] + g[:1]] == list(tk.cut_for_search(run, HMM=False)), run


def test_dag_and_route_on_a_tiny_dictionary():
    freq = {"坟": 5, "坟墓": 300, "坟墓场": 500, "墓": 0, "墓场": 20, "场": 40}
    assert _dag(freq, "坟墓场") == {0: [0, 1, 2], 1: [2], 2: [2]}   # 墓 is a prefix only: itself as fallback
    route = _route(freq, 1000, "坟墓场", _dag(freq, "坟墓场"))
    assert route[0][1] == 2 and route[3] == (0.0, 0)
    # a rarer long word loses to two likelier short ones
    freq["坟墓场"] = 1
    assert _route(freq, 1000, "坟墓场", _dag(freq, "坟墓场"))[0][1] == 1


def test_segmenting_remembers_runs_and_collects_the_words_it_saw(toy):
    seg = Segmenter.load(toy)
    seg.collect = set()
    first = seg.words("坟墓场生物")
    assert seg.collect == {"坟墓场", "坟墓", "墓场", "坟", "场", "生物", "生", "物"}
    assert seg.words("坟墓场生物") is first
    seg.collect = None
    seg.words("宣告攻击者")   # not collecting any more: nothing to fail on


def test_a_typo_is_one_character_from_a_dictionary_word(toy):
    seg = Segmenter.load(toy)
    assert seg.one_away("死循坏") == ["死循环"]
    assert sorted(seg.one_away("横制")) == ["横置", "横至"]
    assert seg.one_away("横置") == ["横至"]                # never the word itself
    assert seg.one_away("死徇") == []                      # 死循 is no word, only a prefix
    assert seg.one_away("abd") == []                       # Han words only
    assert sorted(seg.one_away("生场")) == ["墓场", "生物"]   # either character may be the wrong one
    assert sorted(seg.one_away("坟物")) == ["坟墓", "生物"]


def test_a_pruned_dictionary_cuts_like_the_one_it_came_from(toy, tmp_path):
    tk = _jieba(toy, tmp_path)
    full = Segmenter(tk)
    full.collect = set()
    text = ["坟墓场生物", "横置"]
    expected = [full.words(r) for r in text]
    out = tmp_path / "pruned" / "words.dict"
    out.parent.mkdir()
    full.export(full.collect, out)
    lines = out.read_text("utf-8").splitlines()
    assert "宣告攻击者 60" not in lines and "坟墓场 500" in lines
    assert lines[-1] == f"{segment._PLACEHOLDER} {sum(TOY.values()) - sum(TOY[w] for w in full.collect)}"
    pruned = Segmenter.load(out)
    assert pruned.tk.total == tk.total
    assert [pruned.words(r) for r in text] == expected
    out.with_suffix(".marshal").write_bytes(b"damaged")   # a damaged prefix cache: the text is read again
    again = Segmenter.load(out)
    assert [again.words(r) for r in text] == expected and again.tk.total == tk.total


def test_the_prefix_cache_beside_a_pruned_dictionary_is_what_loads(toy, tmp_path):
    full = Segmenter(_jieba(toy, tmp_path))
    out = tmp_path / "words.dict"
    full.export(set(TOY), out)
    out.write_text("", encoding="utf-8")       # only the .marshal can give the words back now
    seg = Segmenter.load(out)
    assert seg.tk.total == sum(TOY.values()) and seg.words("坟墓场") == [["坟墓场", "坟墓", "墓场"]]


def test_the_placeholder_carries_even_a_single_unit_of_frequency(toy, tmp_path):
    full = Segmenter(_jieba(toy, tmp_path))
    out = tmp_path / "words.dict"
    full.export(set(TOY) - {"告攻击"}, out)    # the one word of frequency 1 is left out
    assert out.read_text("utf-8").splitlines()[-1] == f"{segment._PLACEHOLDER} 1"
    assert Segmenter.load(out).tk.total == sum(TOY.values())


def test_a_dictionary_of_every_word_needs_no_placeholder(toy, tmp_path):
    full = Segmenter(_jieba(toy, tmp_path))
    out = tmp_path / "all.dict"
    full.export(set(TOY), out)
    assert segment._PLACEHOLDER not in out.read_text("utf-8")
    assert Segmenter.load(out).tk.total == sum(TOY.values())


def test_the_full_dictionary_keeps_the_books_words_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(segment, "_BASE", None)          # as in a fresh process
    cache = tmp_path / "cache" / "jieba"
    seg = Segmenter.full({"喵喵拳法", "喵拳", "喵x", "喵"}, tmp_dir=cache)
    assert seg.words("喵喵拳法")[0][0] == "喵喵拳法" and seg.freq("喵拳") > 0
    assert seg.freq("喵x") == 0
    assert [p.name for p in cache.iterdir()] == ["jieba.cache"]    # jieba's own cache: ours, not /tmp's
    monkeypatch.setattr(segment, "_BASE", None)          # the next process finds our cache folder
    assert Segmenter.full(set(), tmp_dir=cache).tk.total == seg.tk.total - seg.freq("喵喵拳法") - seg.freq("喵拳")

    jieba = segment.import_jieba()

    def no_reload(self, *a, **k):
        raise AssertionError("the full dictionary was loaded again")

    monkeypatch.setattr(jieba.Tokenizer, "initialize", no_reload)
    again = Segmenter.full({"喵拳"}, tmp_dir=cache)       # a second build in this process copies, starts afresh
    assert again.freq("喵喵拳法") == 0 and again.freq("喵拳") == seg.freq("喵拳")
    assert again.tk.total == seg.tk.total - seg.freq("喵喵拳法")


def test_jieba_is_imported_without_pkg_resources(monkeypatch):
    """pkg_resources costs ~100 ms to import and jieba only needs it to open its own files."""
    import logging

    for name in [m for m in sys.modules if m == "jieba" or m.startswith("jieba.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.delitem(sys.modules, "pkg_resources", raising=False)
    jieba = segment.import_jieba()
    assert sys.modules["jieba"] is jieba and "pkg_resources" not in sys.modules
    # jieba fell back to opening its files itself, and can: pkg_resources was never loaded for it
    assert not hasattr(jieba._compat, "pkg_resources")
    jieba._compat.get_module_res("dict.txt").close()
    assert jieba.default_logger.level == logging.WARNING          # no "Building prefix dict…" chatter
    assert segment.import_jieba() is jieba                        # imported once


def test_a_pkg_resources_already_imported_stays(monkeypatch):
    import types

    for name in [m for m in sys.modules if m == "jieba" or m.startswith("jieba.")]:
        monkeypatch.delitem(sys.modules, name)
    mine = types.ModuleType("pkg_resources")
    monkeypatch.setitem(sys.modules, "pkg_resources", mine)
    segment.import_jieba()
    assert sys.modules["pkg_resources"] is mine
