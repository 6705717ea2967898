"""What a query means (rulebook/lookup.py): ranges are the rules between their
ends in book order, a query that can name nothing is bad input (exit 2), and a
stored book answers every query exactly as the parsed one while reading only
what it needs."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from judge.cli import app
from rulebook import ids, store
from rulebook.books import BUNDLED
from rulebook.lookup import ALONE, CONTENTS, BadQuery, NotFound, _near_keys, lookup
from rulebook.model import RULE
from rulebook.parse import parse_file, parse_text

from test_rulebook_store import stored, synthetic


def run(*args: str):
    res = CliRunner().invoke(app, list(args))
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res


@pytest.fixture(scope="module")
def mtg():
    return parse_file(BUNDLED["mtg"].path, book_id="mtg")


def uids(book, query: str) -> list[str]:
    return [h.node.uid for h in lookup(book, query)]


def test_a_reversed_range_is_the_same_rules_in_book_order(mtg):
    assert uids(mtg, "409.1c-a") == uids(mtg, "409.1a-c") == ["409.1a", "409.1b", "409.1c"]
    assert uids(mtg, "409.1c-409.1a") == ["409.1a", "409.1b", "409.1c"]
    assert [h.mode for h in lookup(mtg, "409.1c-a")] == [ALONE] * 3


def test_a_wide_range_is_every_section_between(mtg):
    """Against the sections read straight off the nodes, not through the lookup tables."""
    sections = [n.uid for n in mtg.nodes if n.kind == RULE and "." not in n.uid and 100 <= int(n.uid) <= 502]
    hits = lookup(mtg, "100-502")
    assert [h.node.uid for h in hits] == sections and len(sections) > 60
    assert {h.mode for h in hits} == {CONTENTS}
    assert uids(mtg, "502-100") == sections
    assert uids(mtg, "100-103") == ["100", "101", "102", "103"]


def test_a_range_skips_what_the_book_does_not_print_and_keeps_duplicates(mtg):
    printed = [k for k in mtg.by_key if ids.parent_key(k) == "212.5"]
    got = uids(mtg, "212.5a-z")
    assert [ids.key_of(u.split("#")[0]) for u in got if "#" not in u] == sorted(printed, key=ids.sort_key)
    assert "212.5e#2" in got and got.index("212.5e#2") == got.index("212.5e") + 1


def test_a_range_of_subrules_deeper_down():
    rift = parse_file(BUNDLED["riftbound"].path)
    assert uids(rift, "108.3.c-a") == uids(rift, "108.3.a-c")
    assert [h.mode for h in lookup(rift, "127-129")] == [CONTENTS]          # 128 is only implied by 128.1…


@pytest.mark.parametrize("query", ["100.1-102.3", "420-420.5", "409.1a-410"])
def test_ends_that_are_not_siblings_are_bad_input(mtg, query):
    with pytest.raises(BadQuery, match="same level under the same rule"):
        lookup(mtg, query)
    res = run("rule", query)
    assert res.exit_code == 2 and "is not a range" in res.stderr


@pytest.mark.parametrize("query", ["", "   ", ",", "，、", "glossary:", "glossary:  "])
def test_an_empty_query_is_bad_input(mtg, query):
    with pytest.raises(BadQuery):
        lookup(mtg, query)
    res = run("rule", query)
    assert res.exit_code == 2 and "empty" in res.stderr and res.stdout == ""
    res = run("rule", query, "--json")
    assert res.exit_code == 2 and json.loads(res.stdout)["rules"] == []


def test_define_with_an_empty_term_is_bad_input():
    res = run("define", "")
    assert res.exit_code == 2 and "empty glossary term" in res.stderr


def test_a_range_nothing_printed_falls_in_is_not_found(mtg):
    with pytest.raises(NotFound) as e:
        lookup(mtg, "420.5x-z")
    assert not isinstance(e.value, BadQuery) and e.value.suggestions
    assert run("rule", "420.5x-z").exit_code == 1


def _reference_near(book, key: str, n: int = 5) -> list[str]:
    """The nearest keys by scanning the whole table (what `_near_keys` did before it learnt to read less)."""
    parts = key.split(".")

    def score(k: str) -> tuple:
        kp = k.split(".")
        common = 0
        for a, b in zip(parts, kp):
            if a != b:
                break
            common += 1
        try:
            dist = abs(int(kp[0]) - int(parts[0]))
        except ValueError:
            dist = 999
        return (-common, abs(len(kp) - len(parts)), dist, ids.sort_key(k))

    return [book.by_key[k][0] for k in sorted(book.by_key, key=score)[:n]]


@pytest.mark.parametrize("book_id", sorted(BUNDLED))
def test_nearest_numbers_are_those_of_a_whole_table_scan(book_id):
    book = parse_file(BUNDLED[book_id].path)
    misses = ["420.5z", "999", "100.99", "4.9", "128.9", "108.3.c.9", "703.99z", "1.1", "099", "502.9"]
    for key in misses + [k + ".9" for k in list(book.by_key)[::7]]:
        assert _near_keys(book, key) == _reference_near(book, key), key


def _answer(book, query: str):
    try:
        return [(h.node.uid, h.mode, h.node.children) for h in lookup(book, query)]
    except NotFound as e:
        return (type(e).__name__, str(e), e.suggestions)


@pytest.mark.parametrize("book_id", sorted(BUNDLED))
def test_a_stored_book_answers_every_query_as_the_parsed_one(book_id, tmp_path):
    parsed = parse_file(BUNDLED[book_id].path, book_id=book_id)
    back = stored(parsed, tmp_path)
    queries = [k for k in parsed.by_key][::3] + [k + "." for k in parsed.by_key][::11]
    queries += ["100-103", "103-100", "409.1a-c", "409.1c-a", "100-502", "108.3.a-c", "127-129", "703-705",
                "420.5z", "999", "", "100.1-102.3", "glossary:激活", "激活", "Activate", "激话", "110.2,112.2",
                "4", "7"]
    for q in queries:
        assert _answer(back, q) == _answer(parsed, q), q


def test_a_miss_reads_no_whole_table_of_a_big_book(tmp_path):
    """Counted, not timed: the statements a miss and a range run, in a small and a large book."""
    seen = []
    for size in (20, 400):
        book = stored(parse_text(synthetic(size)), tmp_path, f"s{size}")
        statements: list[str] = []
        book._con.set_trace_callback(statements.append)
        with pytest.raises(NotFound):
            lookup(book, "105.9z")
        assert uids(book, "105.3c-a") == ["105.3a", "105.3b", "105.3c"]
        assert uids(book, "101-103") == ["101", "102", "103"]
        assert not [s for s in statements if "WHERE" not in s], "a whole table was read"
        seen.append(len(statements))
    assert seen[0] == seen[1]
    assert isinstance(book, store.StoredBook)


# --- what mutation testing found unpinned ------------------------------------------------

def test_a_miss_carries_its_query_and_says_nearest_only_when_there_is_one(mtg):
    with pytest.raises(NotFound) as e:
        lookup(mtg, "420.5z")
    assert e.value.query == "420.5z" and e.value.suggestions[:2] == ["420.5a", "420.5b"]
    assert str(e.value).startswith("no rule or glossary entry '420.5z' in this book; nearest: 420.5a, 420.5b, ")
    with pytest.raises(NotFound) as e:
        lookup(mtg, "没有这个词")                                  # the 2006 book has no glossary: nothing near
    assert str(e.value) == "no rule or glossary entry '没有这个词' in this book" and e.value.suggestions == []
    for q in ("", "100.1-102.3", "glossary:", "420.5x-z"):
        with pytest.raises(NotFound) as e:
            lookup(mtg, q)
        assert e.value.query == q.strip() or e.value.query == q
    with pytest.raises(BadQuery) as e:
        lookup(mtg, "100.1-102.3")
    assert e.value.suggestions == [] and e.value.query == "100.1-102.3"


def test_split_query_keeps_glossary_terms_and_phrases_whole():
    from rulebook.lookup import split_query

    assert split_query("glossary:术语, 其他") == ["glossary:术语, 其他"]
    assert split_query("Glossary:a,b") == ["Glossary:a,b"]
    assert split_query("first strike") == ["first strike"]
    assert split_query("409.1a-c 410.1") == ["409.1a-c", "410.1"]
    assert split_query("110.2，112.2、113.1") == ["110.2", "112.2", "113.1"]


def test_glossary_entries_are_shown_as_entries():
    from rulebook.lookup import ENTRY

    wow = parse_file(BUNDLED["wow"].path)
    for q in ("glossary:激活", "GLOSSARY:激活", "激活", "Activate"):
        hits = lookup(wow, q)
        assert [(h.node.uid, h.mode) for h in hits] == [("glossary:激活", ENTRY)], q
    with pytest.raises(NotFound) as e:
        lookup(wow, "激话")
    assert "glossary:激活" in e.value.suggestions and len(e.value.suggestions) <= 5


def test_a_glossary_term_may_hold_a_colon():
    from rulebook.model import GLOSSARY, Book, Node

    entry = Node(uid="glossary:甲:乙", kind=GLOSSARY, line=1, raw="甲:乙\n", text="定义", title="甲:乙")
    book = Book(id="b", path="<b>", sha256="0", dialect="mtg", nodes=[entry], glossary_index={"甲:乙": entry.uid})
    assert uids(book, "glossary:甲:乙") == ["glossary:甲:乙"]


def test_nearest_terms_are_at_most_five():
    book = parse_text(synthetic(30))
    with pytest.raises(NotFound) as e:
        lookup(book, "术语")
    assert len(e.value.suggestions) == 5 and all(s.startswith("glossary:术语") for s in e.value.suggestions)


def test_numeric_ranges_below_the_top():
    book = parse_text(synthetic(5))
    assert uids(book, "101.2-4") == ["101.2", "101.3", "101.4"] == uids(book, "101.4-101.2")
    rift = parse_file(BUNDLED["riftbound"].path)
    assert uids(rift, "108.3.c.1-1") == ["108.3.c.1"]


def _unprinted_section(extra: str = "") -> str:
    """MTG-style text that prints 105.1a–105.1e but neither 105 nor 105.1, and 106.1–106.10 without 106."""
    return ("1. 游戏\n" + "".join(f"105.1{c}. 子规则{c}。\n" for c in "abcde")
            + "".join(f"106.{i}. 第{i}条。\n" for i in range(1, 11)) + extra)


def test_an_implied_section_lists_its_rules_in_book_order():
    book = parse_text(_unprinted_section(), dialect="mtg")
    hit = lookup(book, "106")[0]
    node = hit.node
    assert hit.mode == CONTENTS and node.uid == "106" and node.number == "106"
    assert node.children == [f"106.{i}" for i in range(1, 11)]              # 106.10 last, not after 106.1
    assert node.raw == "" and node.text == "" and node.title is None
    rift = parse_file(BUNDLED["riftbound"].path)
    sec = lookup(rift, "128")[0].node
    first = rift.node(sec.children[0])
    assert first.section_path and sec.title == " › ".join(first.section_path)


def test_nearest_numbers_never_name_a_number_the_book_does_not_print(tmp_path):
    book = parse_text(_unprinted_section(), dialect="mtg")
    for b in (book, stored(book, tmp_path)):
        with pytest.raises(NotFound) as e:
            lookup(b, "105.2")
        assert e.value.suggestions == ["105.1a", "105.1b", "105.1c", "105.1d", "105.1e"]
        assert all(b.has(s) for s in e.value.suggestions)


def test_five_keys_under_the_first_number_are_enough(tmp_path):
    back = stored(parse_text(_unprinted_section(), dialect="mtg"), tmp_path)
    statements: list[str] = []
    back._con.set_trace_callback(statements.append)
    with pytest.raises(NotFound):
        lookup(back, "105.2")
    assert not [s for s in statements if "FROM keys ORDER BY" in s], "the whole key table was read"


def test_every_example_the_error_messages_give_answers_in_a_bundled_book(mtg):
    """The messages a judge reads after a bad query teach by example: each one must
    work (they once named 601.2a-d and 110.2,112.2, which the bundled 2006 book lacks)."""
    import re

    from rulebook.lookup import QUERY_FORMS, RANGE_RULE

    wow = parse_file(BUNDLED["wow"].path, book_id="wow")
    examples = [e for group in re.findall(r"\(([^)]*)\)", QUERY_FORMS + RANGE_RULE) for e in group.split(", ")]
    assert len(examples) == 7
    for example in examples:
        book = wow if example.startswith("glossary:") else mtg
        assert lookup(book, example), example


def test_each_query_form_answers_with_its_mode(mtg):
    """How a hit is shown follows from the form typed: a rule with its subrules, a trailing dot for the rule
    alone, a section or chapter as contents, a node id (an example's) alone."""
    from rulebook.lookup import ENTRY, WITH_SUBRULES

    def modes(book, q):
        return [(h.node.uid, h.mode) for h in lookup(book, q)]

    assert modes(mtg, "420.5") == [("420.5", WITH_SUBRULES)]
    assert modes(mtg, "420.5.") == [("420.5", ALONE)]
    assert modes(mtg, "420.5c") == [("420.5c", WITH_SUBRULES)]
    assert modes(mtg, "420") == [("420", CONTENTS)]
    assert modes(mtg, "4") == [("4", CONTENTS)] and lookup(mtg, "4")[0].node.kind == "chapter"
    example = next(n.uid for n in mtg.nodes if n.kind == "example")
    assert modes(mtg, example) == [(example, ALONE)]
    wow = parse_file(BUNDLED["wow"].path)
    assert modes(wow, "glossary:激活") == [("glossary:激活", ENTRY)]
    assert modes(wow, "ACTIVATE") == [("glossary:激活", ENTRY)]           # a headword in any case
    assert modes(wow, "All  Type") == modes(wow, "all type") != []       # spaces folded like the index


def test_a_number_printed_only_through_its_subrules_is_contents():
    """Riftbound's fragments print 128.1–128.6, never 128: 128 is a contents node of what is printed."""
    rb = parse_file(BUNDLED["riftbound"].path)
    (hit,) = lookup(rb, "128")
    assert hit.mode == CONTENTS and hit.node.kind == RULE and hit.node.text == "" and hit.node.number == "128"
    assert hit.node.children and all(rb.node(c).number.startswith("128.") for c in hit.node.children)


def test_a_glossary_miss_names_the_query_and_offers_entries():
    wow = parse_file(BUNDLED["wow"].path)
    with pytest.raises(NotFound) as e:
        lookup(wow, "glossary:攻击")
    assert "'glossary:攻击'" in str(e.value) and "glossary:攻击力" in e.value.suggestions
    with pytest.raises(BadQuery) as e:
        lookup(wow, "glossary: ")
    assert "empty glossary term" in str(e.value)


def test_an_empty_glossary_term_says_how_to_give_one():
    """`judge rule glossary:` (nothing after the colon) is bad input whose whole message says what to type."""
    book = parse_text(_unprinted_section(), dialect="mtg")
    for q in ("glossary:", "glossary:  ", "GLOSSARY:"):
        with pytest.raises(BadQuery) as e:
            lookup(book, q)
        assert str(e.value) == "empty glossary term: give one after glossary: (glossary:激活)"


def test_an_implied_section_is_titled_by_its_rules_printed_section_path():
    """Riftbound prints each rule's place as 所属：A › B; a number the book never prints (108.2 here, only its
    subrules) is titled by that path, its parts joined as the book joins them."""
    text = ("108.2.a\n所属：非场地区域 › 废牌堆\n每名玩家都有自己所属的废牌堆。\n"
            "108.2.b\n所属：非场地区域 › 废牌堆\n此区域用于放置用过的卡牌。\n")
    book = parse_text(text, dialect="riftbound")
    (hit,) = lookup(book, "108.2")
    assert hit.mode == CONTENTS and hit.node.title == "非场地区域 › 废牌堆"
    assert [book.node(c).number for c in hit.node.children] == ["108.2.a", "108.2.b"]
