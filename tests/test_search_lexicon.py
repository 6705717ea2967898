"""Issue 16: the lexicon (players' words as data), question understanding and
the evidence beyond a rule's own words (citations, the section it sits in)."""
from __future__ import annotations

import pytest

from index.asks import answered, asked, kinds
from index.search import open_index, search
from index.vocab import KINDS, SYNONYM, Entry, expansions, lexicon_files, read_lexicon, vocabulary


def ids(hits):
    return [h.uid for h in hits]


@pytest.fixture(autouse=True)
def _fresh_patterns():
    """The compiled question patterns are cached per table: each test compiles its own."""
    from index import asks

    asks._compiled.cache_clear()
    yield


# --- the lexicon format -------------------------------------------------------------

def _table(tmp_path, text: str):
    f = tmp_path / "t.tsv"
    f.write_text(text, encoding="utf-8")
    return f


def test_lexicon_lines_are_read_with_kind_and_source(tmp_path):
    f = _table(tmp_path, "# comment\n\n## heading\n墓地 坟场\t->\t坟墓场\tplayer\tplayer usage: graveyard\n"
                         "法力 魔法力\t=\t法术力\tedition\t2006 vs 2022\n")
    a, b = read_lexicon(f)
    assert (a.typed, a.relation, a.book, a.kind, a.source, a.line) == (
        ["墓地", "坟场"], "->", ["坟墓场"], "player", "player usage: graveyard", 4)
    assert (b.typed, b.relation, b.book, b.line) == (["法力", "魔法力"], "=", ["法术力"], 5)


def test_lexicon_words_are_normalised_like_queries(tmp_path):
    (e,) = read_lexicon(_table(tmp_path, "墓地\t->\t墳墓場\tregional\tTW\n"))
    assert e.book == ["坟墓场"]


@pytest.mark.parametrize("line, message", [
    ("墓地\t坟墓场\tplayer\tx\n", "5 tab-separated columns"),
    ("墓地\t->\t坟墓场\tplayer\t\n", "5 tab-separated columns"),
    ("墓地 -> 坟墓场  # player\n", "5 tab-separated columns"),
    ("墓地\t=>\t坟墓场\tplayer\tx\n", "relation must be -> or ="),
    ("墓地\t->\t坟墓场\tslang\tx\n", "unknown kind 'slang' (one of player, general, regional"),
])
def test_a_bad_lexicon_line_names_file_and_line(tmp_path, line, message):
    f = _table(tmp_path, "# ok\n" + line)
    with pytest.raises(ValueError) as e:
        read_lexicon(f)
    assert f"{f}:2:" in str(e.value) and message in str(e.value)


def test_one_way_and_equivalent_entries():
    syn, weights = expansions([
        Entry(["墓地", "坟场"], "->", ["坟墓场"], "player", "s"),
        Entry(["法力", "魔法力"], "=", ["法术力"], "edition", "s"),
    ])
    assert syn["墓地"] == ["坟墓场"] and syn["坟场"] == ["坟墓场"] and "坟墓场" not in syn
    assert syn["法力"] == ["魔法力", "法术力"] and syn["法术力"] == ["法力", "魔法力"]
    assert weights == {}   # every kind here searches at the default weight


def test_the_kind_sets_the_weight_and_a_repeated_pair_keeps_the_highest():
    syn, weights = expansions([
        Entry(["冲突"], "->", ["抵触"], "thesaurus", "cilin"),
        Entry(["冲突"], "->", ["矛盾"], "thesaurus", "cilin"),
        Entry(["冲突"], "->", ["矛盾"], "player", "usage"),
    ])
    assert syn["冲突"] == ["抵触", "矛盾"]
    assert weights == {"冲突": {"抵触": KINDS["thesaurus"]}}
    assert KINDS["thesaurus"] < SYNONYM


def test_a_game_reads_common_then_its_own_then_its_other_tables():
    names = [f.name for f in lexicon_files("mtg")]
    assert names[:2] == ["common.tsv", "mtg.tsv"] and "mtg-editions.tsv" in names
    assert [f.name for f in lexicon_files("")] == ["common.tsv"]
    assert not any(n.startswith("wow") for n in names)


def test_every_shipped_table_reads_and_names_a_source():
    for game in ("", "mtg", "wow", "riftbound"):
        for f in lexicon_files(game):
            entries = read_lexicon(f)
            assert entries, f
            assert all(e.source and e.kind in KINDS for e in entries)
    v = vocabulary("mtg")
    assert "坟墓场" in v.synonyms["墓地"]


def test_the_swept_player_table_is_read_without_everyday_words():
    # mtg-sweep-players.tsv: the sweep's slang and short forms, never its `general` entries (everyday words with
    # several senses: 退回 is a refund as well as a return to a zone)
    f = next(f for f in lexicon_files("mtg") if f.name == "mtg-sweep-players.tsv")
    entries = read_lexicon(f)
    assert len(entries) >= 150 and {e.kind for e in entries} <= {"player", "edition"}
    v = vocabulary("mtg")
    assert "牌库顶" in v.synonyms["置顶"] and "起始总生命" in v.synonyms["起始血量"]
    assert "退回" not in v.synonyms


# --- question understanding ---------------------------------------------------------

TABLE = {"permission": {"asks": ["能不能", "还能...吗"], "answers": ["不能", "可以"]},
         "order": {"asks": ["谁先"], "answers": ["顺序"]}}


def test_what_a_question_asks():
    bit = {k: 1 << i for i, k in enumerate(kinds(TABLE))}
    assert asked("横置的生物能不能攻击", TABLE) == bit["permission"]
    assert asked("横置的生物还能攻击吗", TABLE) == bit["permission"]        # 还能…吗 with a gap
    assert asked("还能" + "把" * 9 + "吗", TABLE) == 0                      # the gap is bounded (8)
    assert asked("两个异能谁先结算，能不能选", TABLE) == bit["permission"] | bit["order"]
    assert asked("践踏", TABLE) == 0


def test_how_a_rule_is_worded():
    bit = {k: 1 << i for i, k in enumerate(kinds(TABLE))}
    assert answered("该生物不能攻击。", TABLE) == bit["permission"]
    assert answered("依照APNAP顺序。", TABLE.copy()) == bit["order"]
    assert answered("此异能为静止式异能。", TABLE) == 0


def test_shipped_question_kinds_read():
    asks = vocabulary("mtg").asks
    assert {"permission", "result", "order", "time"} <= set(asks)
    assert all(v["asks"] and v["answers"] for v in asks.values())


ASK_BOOK = ("3. 牌张类别\n302. 生物\n"
            "302.1. 横置的生物攻击时，该生物造成伤害。\n"
            "302.2. 横置的生物在多人游戏中不能攻击。\n"
            "302.3. 生物具有力量。\n")


def test_a_rule_worded_to_answer_the_question_moves_up(tmp_path, monkeypatch):
    import index.search as S

    book = tmp_path / "ask.txt"
    book.write_text(ASK_BOOK, encoding="utf-8")
    idx = open_index(str(book))
    q = "横置的生物能不能攻击"
    monkeypatch.setattr(S, "ASK_BOOST", 0.0)
    assert ids(search(idx, q, 2)) == ["302.1", "302.2"]    # more of the words, more often
    monkeypatch.setattr(S, "ASK_BOOST", 0.4)
    assert ids(search(idx, q, 2)) == ["302.2", "302.1"]    # 不能 answers 能不能
    assert ids(search(idx, "横置的生物攻击", 2)) == ["302.1", "302.2"]  # nothing asked: no change


# --- evidence beyond a rule's own words ----------------------------------------------

VOTE_BOOK = ("5. 回合结构\n506. 战斗阶段总则\n"
             "506.4. 如果一个永久物改变操控者，则它被移出战斗。\n"
             "506.5. 战斗阶段结束时所有生物离开战斗。\n"
             "508. 宣告攻击者步骤\n"
             "508.1. 被选择的生物成为攻击生物，直到被移出战斗。参见规则506.4。\n"
             "508.2. 宣告攻击的生物横置。\n"
             "6. 其他\n601. 施放咒语\n601.1. 施放咒语时牌手宣告目标。\n")


def test_a_rule_cited_by_a_hit_is_voted_up(tmp_path, monkeypatch):
    import index.search as S

    book = tmp_path / "vote.txt"
    book.write_text(VOTE_BOOK, encoding="utf-8")
    idx = open_index(str(book))
    q = "被选择的攻击生物"
    monkeypatch.setattr(S, "CITED", 0.0)
    monkeypatch.setattr(S, "SECTION", 0.0)
    assert "506.4" not in ids(search(idx, q, 10))
    monkeypatch.setattr(S, "CITED", 0.2)
    got = ids(search(idx, q, 10))
    assert got[0] == "508.1" and "506.4" in got          # 508.1 says 参见规则506.4
    assert "601.1" not in got


def test_a_rule_whose_citing_rule_is_a_hit_is_voted_up_both_ways(tmp_path, monkeypatch):
    import index.search as S

    book = tmp_path / "vote.txt"
    book.write_text(VOTE_BOOK, encoding="utf-8")
    idx = open_index(str(book))
    monkeypatch.setattr(S, "CITED", 0.0)
    monkeypatch.setattr(S, "SECTION", 0.0)
    monkeypatch.setattr(S, "CITING", 0.0)
    assert "508.1" not in ids(search(idx, "改变操控者", 10))
    monkeypatch.setattr(S, "CITING", 0.2)
    assert ids(search(idx, "改变操控者", 10))[:2] == ["506.4", "508.1"]


def test_siblings_of_the_best_rules_are_voted_up(tmp_path, monkeypatch):
    import index.search as S

    book = tmp_path / "vote.txt"
    book.write_text(VOTE_BOOK, encoding="utf-8")
    idx = open_index(str(book))
    monkeypatch.setattr(S, "CITED", 0.0)
    monkeypatch.setattr(S, "SECTION", 0.0)
    base = {h.uid: h.score for h in search(idx, "战斗 生物 宣告", 10)}
    monkeypatch.setattr(S, "SECTION", 0.1)
    voted = {h.uid: h.score for h in search(idx, "战斗 生物 宣告", 10)}
    # 508.2 has siblings among the hits (508.1); 601.1 sits alone under 601
    assert voted["508.2"] > base["508.2"] and voted["601.1"] == base["601.1"]


# --- lexicon from evidence: the 2022 and 2026 releases side by side -----------------

def test_rewordings_pair_words_replaced_in_the_same_rules():
    from index.tools.make_mtg_rewordings import renames, replacements

    old = {"1.1": "牌手 将 部族 牌 置于 手中 。", "1.2": "部族 是 一种 类别 。", "1.3": "完全 不同 的 一句 话 。"}
    new = {"1.1": "牌手 将 亲缘 牌 置于 手上 。", "1.2": "亲缘 是 一种 类别 。", "1.3": "另 一个 规则 说 别的 事 。"}
    found = replacements(old, new, str.split)
    assert found[("部族", "亲缘")] == ["1.1", "1.2"]
    assert found[("手中", "手上")] == ["1.1"]
    assert not any(n == "1.3" for rules in found.values() for n in rules)   # texts too unlike
    kept = renames(found, "部族 部族 手中", "亲缘 亲缘 手上")
    assert [(x, y) for x, y, _ in kept] == [("部族", "亲缘")]      # 手中 → 手上: one rule only


def test_a_rename_is_an_old_word_gone_from_the_new_release():
    from index.tools.make_mtg_rewordings import renames

    found = {("一个", "一位"): ["1", "2", "3"], ("阴谋", "邪计"): ["1", "2", "3", "4", "5"],
             ("阴谋", "先锋"): ["6", "7"]}
    kept = renames(found, "一个 一个 阴谋 阴谋", "一个 一个 一位 邪计 先锋")
    # 一个 is still everywhere; 阴谋 → 先锋 is seen in under half as many rules as 阴谋 → 邪计
    assert [(x, y) for x, y, _ in kept] == [("阴谋", "邪计")]


def test_rewordings_from_the_corpora(shared):
    from index.tools.make_mtg_rewordings import pairs

    found = {(x, y) for x, y, _ in pairs(shared)}
    assert ("部族", "亲缘") in found and ("阴谋", "邪计") in found
    assert ("阴谋", "先锋") not in found and not any(x == "一个" for x, _ in found)


# --- speed: postings a block at a time ---------------------------------------------------

class _OnePosting:
    """A matcher with whoosh's public interface only (no block internals)."""

    def __init__(self, m):
        self.m = m

    def is_active(self):
        return self.m.is_active()

    def id(self):
        return self.m.id()

    def weight(self):
        return self.m.weight()

    def next(self):
        return self.m.next()


@pytest.mark.parametrize("field, term", [("words", "生物"), ("words", "阻挡"), ("bigram", "生物"), ("words", "无此词")])
def test_block_reading_gives_the_postings_of_the_public_interface(field, term):
    from index import search as S

    idx = open_index("mtg")
    fast = idx.scored(field, term, 1.0)
    real = idx.reader.postings
    try:
        idx.reader.postings = lambda f, t: _OnePosting(real(f, t))
        slow = idx.scored(field, term, 1.0)
    finally:
        del idx.reader.postings
    assert [d for d, _ in fast] == [d for d, _ in slow]
    assert [round(s, 9) for _, s in fast] == [round(s, 9) for _, s in slow]
    if term != "无此词":
        assert len(fast) > 1 and all(s > 0 for _, s in fast)
    # the block reader really reads several postings a block
    m = idx.reader.postings(field, term) if term != "无此词" else None
    if m is not None:
        ids, tfs = next(S._blocks(m))
        assert len(ids) == len(tfs) >= 1
