"""Unit tests that mutation testing asked for (issue 17's modules): the settings file's edges, the strict
command classes on a fresh app, the term collection of explain without its cache, the folding of steps at
the edges of a trace, and the near-entry scores."""
from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.main import get_command

from judge.app import StrictCommand, StrictGroup, make_strict
from judge.config import CONFIG_ENV, MAX_BYTES, ConfigError, config_dir, read_settings, write_settings
from judge.engine.core.trace import Firing, Step
from judge.engine.scenario.fold import bare, routine_firing, runs
from rulebook import load_book
from rulebook.nearest import near_entries
from rulebook.parse import parse_text

FIXTURE = str(Path(__file__).parent / "fixtures" / "define" / "glossary-cr.txt")


def test_config_dir_is_the_platform_user_config_dir(monkeypatch):
    from platformdirs import user_config_dir

    monkeypatch.delenv(CONFIG_ENV, raising=False)
    assert config_dir() == Path(user_config_dir("rules-judge", appauthor=False))
    assert config_dir().name == "rules-judge"
    monkeypatch.setenv(CONFIG_ENV, "/tmp/x-cfg")
    assert config_dir() == Path("/tmp/x-cfg")


def test_write_settings_makes_folders_and_keeps_text_readable(tmp_path):
    f = tmp_path / "a" / "b" / "config.toml"
    assert write_settings({"book": "/规则/书.txt"}, f) == f
    assert f.read_text("utf-8") == '# rules-judge settings (`judge config show` lists them)\nbook = "/规则/书.txt"\n'
    assert read_settings(f) == {"book": "/规则/书.txt"}
    assert not list(f.parent.glob(".*.tmp"))                       # the temporary file was renamed away


def test_read_settings_edges(tmp_path):
    f = tmp_path / "config.toml"
    body = b'book = "wow"\n'
    f.write_bytes(body + b"#" * (MAX_BYTES - len(body)))           # exactly the bound: read
    assert read_settings(f) == {"book": "wow"}
    f.write_bytes(body + b"#" * (MAX_BYTES - len(body) + 1))
    with pytest.raises(ConfigError, match=f"{MAX_BYTES + 1:,} bytes is too large"):
        read_settings(f)
    f.write_bytes(b'book = "ab\xffc"\n')
    with pytest.raises(ConfigError, match=r"not UTF-8 text \(byte 11\)"):
        read_settings(f)
    f.write_text('\n\n[tbl]\nx = "1"\n', "utf-8")
    with pytest.raises(ConfigError, match="line 3: unknown setting 'tbl'"):
        read_settings(f)
    d = tmp_path / "dir.toml"
    d.mkdir()
    with pytest.raises(ConfigError, match=r"dir.toml: cannot read the settings file \(Is a directory\)"):
        read_settings(d)
    assert read_settings(tmp_path / "none.toml") == {}


def test_make_strict_on_a_fresh_app_keeps_custom_classes():
    t = typer.Typer()
    sub = typer.Typer()

    class Mine(typer.core.TyperCommand):
        pass

    @t.command()
    def one(x: int = 1) -> None:
        pass

    @t.command(cls=Mine)
    def two(x: int = 1) -> None:
        pass

    @sub.command()
    def three(y: int = 1) -> None:
        pass

    t.add_typer(sub, name="sub")
    make_strict(t)
    group = get_command(t)
    assert type(group) is StrictGroup
    assert type(group.commands["one"]) is StrictCommand and type(group.commands["two"]) is Mine
    assert type(group.commands["sub"]) is StrictGroup and type(group.commands["sub"].commands["three"]) is StrictCommand
    from typer.testing import CliRunner

    res = CliRunner().invoke(t, ["sub", "three", "--y", "1", "--y", "2"])
    assert res.exit_code == 2 and "given 2 times" in res.output
    assert CliRunner().invoke(t, ["one", "--x", "3"]).exit_code == 0


def test_term_collection_without_the_cache():
    from judge.explain.terms import _collect, _long_enough, headwords

    b = load_book(FIXTURE)
    heads = _collect(b)
    assert heads["生命"] == heads["总生命"] == heads["生命，总生命"] == ["glossary:生命，总生命"]
    assert heads["指示物"] == ["glossary:反击/指示物（译注：在英文中这两个词是相同的。）"]
    assert heads["双持"] == ["glossary:双持"] and "远程" not in heads and "如果" not in heads
    assert heads["远程双持"] == ["glossary:远程双持"] and heads["结合"] == ["glossary:结合，“与…结合”"]
    assert _long_enough("堆") and _long_enough("EDH") and _long_enough("Xy") and not _long_enough("X")
    assert not _long_enough("")
    other = parse_text("100. 总则\n\n100.1. 一条规则。\n\n词汇表\n\n堆\n物件的区域。\n", book_id="tiny", dialect="mtg")
    assert headwords(other) == {"堆": ["glossary:堆"]} and "生命" in headwords(b)   # one cache entry per book


class _Fake:
    """Just enough of a Book for function_words: rule texts and glossary nodes."""

    def __init__(self, rules: list[str], entries: dict[str, str]):
        from rulebook.model import GLOSSARY, RULE, Node

        self._rules = [Node(uid=f"r{i}", kind=RULE, line=i, raw="", text=t) for i, t in enumerate(rules)]
        self._nodes = {u: Node(uid=u, kind=GLOSSARY, line=0, raw="", text=t) for u, t in entries.items()}

    def rules(self):
        return iter(self._rules)

    def node(self, uid):
        return self._nodes[uid]


def test_function_words_threshold_is_a_fifth_inclusive():
    from judge.explain.terms import function_words

    entries = {"g:乃": "参见以“乃”开头的子句。", "g:空": ""}
    at = _Fake(["乃是", "甲", "乙", "丙", "丁"], entries)              # 1 of 5 rules: exactly a fifth
    assert function_words(at, {"乃是": ["g:乃"]}) == ["乃是"]
    below = _Fake(["乃是", "甲", "乙", "丙", "丁", "戊"], entries)      # 1 of 6
    assert function_words(below, {"乃是": ["g:乃"]}) == []
    assert function_words(at, {"乃是": ["g:空"]}) == []               # an empty entry does not point anywhere
    assert function_words(_Fake([], entries), {"乃是": ["g:乃"]}) == []


def _step(what, firings=(), after=None, kind="action"):
    return Step(index=0, kind=kind, what=what, data={}, firings=list(firings), after=after or {"step": "s", "stack": []})


def test_runs_at_the_edges_of_a_trace():
    first = runs([_step("pass")], "mtg", set())
    assert [r for r, _ in first] == [False]                          # nothing is known before the first step
    load, cast = _step("load", kind="load"), _step("cast", [Firing("1", "mtg:409.1a", "spell_announced", {}, [])])
    p1, p2 = _step("pass"), _step("pass")
    groups = runs([load, cast, p1, p2], "mtg", set())
    assert groups == [(False, [load]), (False, [cast]), (True, [p1, p2])]


def test_routine_firing_in_a_game_without_a_table_and_bare_of_nothing():
    f = Firing("1", "chess:1.1", "mana_ability", {}, [])
    assert not routine_firing(f, "chess", set())
    assert bare(None) == "" and bare("") == ""


def test_near_entry_scores_and_one_letter_headwords():
    b = parse_text("100. 总则\n\n100.1. 规则。\n\nGlossary\n\nX\nA number.\n\nTrample\nAn ability.\n\nAbility\nText.\n\n"
                   "Activated Ability\nAn ability.\n", book_id="en", dialect="mtg")
    near = near_entries(b, "trample ability")
    assert [(n.key, n.how, n.score) for n in near[:2]] == [("trample", "contains", 0.5), ("ability", "contains", 0.5)]
    assert near[0].generality == 0 and near[1].generality == 1       # ability is in activated ability
    assert all(n.key != "x" for n in near_entries(b, "x spell"))      # a one-letter headword is never near


def _glossary_book(*entries: str):
    text = "100. 总则\n\n100.1. 规则。\n\n词汇表\n\n" + "".join(f"{e}\n释义。\n\n" for e in entries)
    return parse_text(text, book_id="g", dialect="mtg")


def test_near_entries_by_spelling_are_never_confident():
    """A near form found only by spelling is offered, scored at half its similarity, and never shown in
    place of an exact match (mutation testing found the spelling path's fields and ranks untested)."""
    from rulebook.nearest import Near, confident

    b = _glossary_book("攻击力", "防御力")
    near = near_entries(b, "攻去力")
    assert near[0] == Near("glossary:攻击力", "攻击力", "spelling", 0.5 * (4 / 6), 0)
    assert confident(b, "攻去力") is None


def test_a_term_within_one_headword_is_confident_at_the_lower_bar():
    """A term inside a headword needs CONFIDENT × WITHIN of it (0.45): 窗口 is half of 攻击窗口."""
    from rulebook.nearest import CONFIDENT, WITHIN, confident

    b = _glossary_book("攻击窗口", "防御")
    (near,) = near_entries(b, "窗口")
    assert (near.key, near.how, near.score) == ("攻击窗口", "within", WITHIN * 0.5)
    assert near.score == CONFIDENT * WITHIN and confident(b, "窗口").uid == "glossary:攻击窗口"
    assert confident(b, "攻击窗口的") is not None and confident(b, "攻击窗口的").how == "contains"
    two = _glossary_book("攻击窗口", "防御窗口")                     # two entries equally near: no confident one
    assert confident(two, "窗口") is None and len(near_entries(two, "窗口")) == 2


def test_near_entries_keep_each_entrys_best_reading_and_stop_at_n():
    from rulebook.nearest import confident

    b = _glossary_book("双持，远程", "远程双持", "双持", "远程")
    near = near_entries(b, "双持 远程")
    assert near[0].uid == "glossary:双持，远程" and near[0].how == "same" and near[0].score == 1.0
    assert len({n.uid for n in near}) == len(near)                   # one reading per entry, its best
    assert confident(b, "双持 远程").uid == "glossary:双持，远程"
    many = _glossary_book(*(f"攻击{c}" for c in "甲乙丙丁戊己庚辛"))
    assert len(near_entries(many, "攻击", n=3)) == 3 and len(near_entries(many, "攻击")) == 5


def test_the_lower_bar_is_only_for_a_term_within_a_headword_and_spelling_reaches_far_enough():
    from rulebook.nearest import Near, confident

    b = _glossary_book("甲乙丙丁戊", "子丑")                           # a headword covering 5/11 of the term
    assert near_entries(b, "甲乙丙丁戊己庚辛壬癸子")[0].how == "contains"
    assert confident(b, "甲乙丙丁戊己庚辛壬癸子") is None                 # 0.45 is enough only for "within"
    same = near_entries(_glossary_book("双持，远程", "远程双持", "双持", "远程"), "双持 远程")[0]
    assert same == Near("glossary:双持，远程", "双持，远程", "same", 1.0, 0)
    (within,) = near_entries(_glossary_book("攻击窗口", "防御"), "窗口")
    assert within.generality == 0 and within.key == "攻击窗口"
    # spelling offers what shares half its characters (difflib's ratio 0.5), as many as asked for
    assert near_entries(_glossary_book("攻击窗口"), "攻击甲乙") == [Near("glossary:攻击窗口", "攻击窗口", "spelling", 0.25, 0)]
    assert len(near_entries(_glossary_book(*(f"攻击甲{c}" for c in "子丑寅卯辰巳午未")), "攻击甲乙")) == 5


def test_two_entries_covering_the_same_share_of_a_term_are_not_confident():
    """先攻击 holds both 先攻 and 攻击, each two of its three characters: equally near and equally specific, so no
    entry is named for it (a share that is no round number, 2/3, is still a tie)."""
    from rulebook.nearest import confident

    b = _glossary_book("先攻", "攻击")
    near = near_entries(b, "先攻击")
    assert {(n.key, n.how) for n in near} == {("先攻", "contains"), ("攻击", "contains")}
    assert near[0].score == near[1].score == 2 / 3
    assert confident(b, "先攻击") is None


def test_a_headword_with_punctuation_covering_under_half_of_the_term_is_not_confident():
    """双持，远程 inside 双持，远程武器的攻击力 covers 4 of its 10 characters (punctuation is no character of either):
    under half, so it is offered but not named for the term; inside 双持，远程武器 (4 of 6) it is."""
    from rulebook.nearest import confident

    b = _glossary_book("双持，远程", "防御")
    (near,) = near_entries(b, "双持，远程武器的攻击力")
    assert near.how == "contains" and near.score < 0.5
    assert confident(b, "双持，远程武器的攻击力") is None
    assert confident(b, "双持，远程武器").uid == "glossary:双持，远程"


def test_an_entry_is_offered_once_by_its_best_reading():
    """双持，远程 answers to its whole headword and to each part (双持, 远程): the term 双持 远程 is that whole
    headword, so the entry is offered once, as the same words, not as one of its parts."""
    from rulebook.nearest import Near

    b = _glossary_book("双持，远程", "防御")
    assert near_entries(b, "双持 远程") == [Near("glossary:双持，远程", "双持，远程", "same", 1.0, 0)]


def test_spelling_is_asked_only_when_too_few_entries_are_found_in_the_term():
    """先攻 and 力量 are both in 先攻击之力量: with two entries wanted those two are the answer, and 先攻击之力道
    (spelled alike, neither in the term nor holding it) is not looked at; with three wanted it is offered too."""
    b = _glossary_book("先攻", "力量", "先攻击之力道")
    assert {(n.key, n.how) for n in near_entries(b, "先攻击之力量", n=2)} == {("先攻", "contains"), ("力量", "contains")}
    assert ("先攻击之力道", "spelling") in {(n.key, n.how) for n in near_entries(b, "先攻击之力量", n=3)}
