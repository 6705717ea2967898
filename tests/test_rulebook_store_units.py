"""The parsed-book store (rulebook/store.py), unit by unit, on a book written by hand.

Fast on purpose (mutation testing runs these per mutant): no bundled book, no
parser, no subprocess. Every expectation comes from the hand-written book
below and from what the module's docstrings promise: the file is written at
once and read back only when it is this format and this rulebook's; a stored
book answers as the `Book` it stands for, reads the rows a lookup asks for and
nothing else, keeps each node's identity, and a damaged copy is removed with a
message that says to run the command again.
"""
from __future__ import annotations

import copy
import pickle
import sqlite3
import threading
from dataclasses import asdict, fields

import pytest

from rulebook import store
from rulebook.model import CHAPTER, EXAMPLE, GLOSSARY, RULE, Book, Node, RuleRef
from rulebook.source import RulebookError

SHA = "ab" * 32


def hand_book() -> Book:
    """A tiny book written out node by node.

    Its tables are deliberately in an order no sort would give (1000 before 100.2,
    100.10 before 100.2), hold a number printed twice (100.2 → two uids), a key whose
    list is empty, and a glossary term with an English alias."""
    ref = RuleRef(source="100.2", raw="见规则100.10", targets=["100.10"], line=3, start=5, end=14, resolved=[True])
    nodes = [
        Node("1", CHAPTER, 1, "1. 游戏\n", text="游戏", number="1", children=["100"]),
        Node("100", RULE, 2, "100. 一般\n", text="一般", number="100", parent="1", children=["100.10", "100.2"]),
        Node("100.2", RULE, 3, "100.2. 乙，见规则100.10。\n", text="乙，见规则100.10。", number="100.2", parent="100",
             refs=[ref], attached=["100.2-ex1"]),
        Node("100.2-ex1", EXAMPLE, 4, "例：乙的例子。\n", text="乙的例子。", parent="100.2"),
        Node("100.10", RULE, 5, "100.10. 丙\n", text="丙", number="100.10", parent="100", children=["100.10a"]),
        Node("100.10a", RULE, 6, "100.10a. 丙之一\n", text="丙之一", number="100.10a", parent="100.10"),
        Node("100.2#2", RULE, 7, "100.2. 重复的乙\n", text="重复的乙", number="100.2", parent="100"),
        Node("1000", RULE, 8, "1000. 远\n", text="远", number="1000"),
        Node("glossary:术语", GLOSSARY, 9, "术语\n术语的定义。\n", text="术语的定义。", title="术语", aliases=["Term"]),
    ]
    return Book(
        id="hand", path="<hand>", sha256=SHA, dialect="mtg", game="万智牌", edition="2026", language="zh-Hans",
        title="手写规则", number_style="joined", detection=[("mtg", 0.9), ("generic", 0.5)], detected=False,
        nodes=nodes,
        by_key={"1": ["1"], "1000": ["1000"], "100": ["100"], "100.10": ["100.10"], "100.10.a": ["100.10a"],
                "100.2": ["100.2", "100.2#2"], "999": []},
        glossary_index={"术语": "glossary:术语", "term": "glossary:术语"},
        cited_by={"100.10": ["100.2", "glossary:术语"], "100": []},
        warnings=[(7, "duplicate", "100.2 printed twice")],
    )


@pytest.fixture
def book() -> Book:
    return hand_book()


@pytest.fixture
def back(book, tmp_path) -> store.StoredBook:
    f = tmp_path / f"hand{store.SUFFIX}"
    store.save(book, f)
    got = store.open_book(f, SHA)
    assert isinstance(got, store.StoredBook)
    return got


def traced(back: store.StoredBook) -> list[str]:
    """The SQL statements `back` runs from now on."""
    seen: list[str] = []
    back._con.set_trace_callback(seen.append)
    return seen


def edited(book: Book, f, *statements: str):
    """`book` saved to `f`, then changed by SQL statements (what another writer, or damage, leaves)."""
    store.save(book, f)
    con = sqlite3.connect(f)
    try:
        for sql in statements:
            con.execute(sql)
        con.commit()
    finally:
        con.close()
    return f


# --- the helpers that shape the rows ----------------------------------------------------

def test_tree_pairs_link_every_number_to_the_one_above_it_up_to_the_top():
    """`_tree_pairs`: (parent, child) for every printed number and every number above it, '' the top."""
    pairs = store._tree_pairs(["100.10.a", "100.2", "1000", "7.1"])
    assert pairs == {("", "100"), ("100", "100.10"), ("100.10", "100.10.a"), ("100", "100.2"), ("", "1000"),
                     ("", "7"), ("7", "7.1")}
    assert store._tree_pairs([]) == set()
    assert store._tree_pairs(["5"]) == {("", "5")}


def test_rows_of_a_table_keep_an_empty_list_as_one_row_without_an_item():
    """`_rows_of`: one (key, item) row per item, in order; an empty list is (key, None)."""
    assert list(store._rows_of({"b": ["x", "y"], "a": [], "c": ["z"]})) == [
        ("b", "x"), ("b", "y"), ("a", None), ("c", "z")]


# --- writing -----------------------------------------------------------------------------

def test_save_makes_missing_folders_and_leaves_no_temporary_file(book, tmp_path):
    target = tmp_path / "deep" / "er" / f"x{store.SUFFIX}"
    store.save(book, target)
    assert target.is_file()
    assert [p.name for p in target.parent.iterdir()] == [target.name]


def test_the_file_holds_the_documented_tables_in_the_dicts_order(book, tmp_path):
    """What the module docstring says is stored: nodes in document order, meta per non-table field,
    keys/glossary/cited rows in their dicts' order, the tree, and the format in user_version."""
    f = tmp_path / f"x{store.SUFFIX}"
    store.save(book, f)
    con = sqlite3.connect(f)
    try:
        assert con.execute("PRAGMA user_version").fetchone()[0] == store.FORMAT
        assert con.execute("SELECT seq, uid, kind FROM nodes ORDER BY seq").fetchall() == [
            (i, n.uid, n.kind) for i, n in enumerate(book.nodes)]
        assert con.execute("SELECT key, uid FROM keys ORDER BY rowid").fetchall() == [
            ("1", "1"), ("1000", "1000"), ("100", "100"), ("100.10", "100.10"), ("100.10.a", "100.10a"),
            ("100.2", "100.2"), ("100.2", "100.2#2"), ("999", None)]
        assert con.execute("SELECT term, uid FROM glossary ORDER BY rowid").fetchall() == [
            ("术语", "glossary:术语"), ("term", "glossary:术语")]
        assert con.execute("SELECT uid, source FROM cited ORDER BY rowid").fetchall() == [
            ("100.10", "100.2"), ("100.10", "glossary:术语"), ("100", None)]
        assert set(con.execute("SELECT parent, key FROM tree").fetchall()) == {
            ("", "1"), ("", "1000"), ("", "100"), ("100", "100.10"), ("100.10", "100.10.a"), ("100", "100.2"),
            ("", "999")}
        meta = {name: pickle.loads(value) for name, value in con.execute("SELECT name, value FROM meta")}
        assert set(meta) == {f.name for f in fields(Book)} - set(store.TABLES)
        assert meta["sha256"] == SHA and meta["title"] == "手写规则" and meta["detected"] is False
        assert pickle.loads(con.execute("SELECT data FROM nodes WHERE uid='100.2'").fetchone()[0]) == book.node("100.2")
    finally:
        con.close()


def test_a_second_save_replaces_the_first(book, tmp_path):
    f = tmp_path / f"x{store.SUFFIX}"
    store.save(book, f)
    book.title = "第二版"
    store.save(book, f)
    assert store.open_book(f, SHA).title == "第二版"


# --- opening -----------------------------------------------------------------------------

def test_a_file_of_another_rulebook_format_or_none_is_not_opened(book, tmp_path):
    """`open_book` returns None (the caller parses again) for another file's hash, another format,
    a file without the hash, a file that is no database, and no file at all."""
    f = tmp_path / f"x{store.SUFFIX}"
    store.save(book, f)
    assert store.open_book(f, "cd" * 32) is None
    assert isinstance(store.open_book(f, SHA), store.StoredBook)

    other = edited(book, tmp_path / f"other{store.SUFFIX}", f"PRAGMA user_version={store.FORMAT + 1}")
    assert store.open_book(other, SHA) is None
    nohash = edited(book, tmp_path / f"nohash{store.SUFFIX}", "DELETE FROM meta WHERE name='sha256'")
    assert store.open_book(nohash, SHA) is None

    junk = tmp_path / f"junk{store.SUFFIX}"
    junk.write_bytes(b"not a database at all" * 100)
    assert store.open_book(junk, SHA) is None
    assert store.open_book(tmp_path / f"missing{store.SUFFIX}", SHA) is None
    assert store.open_book(tmp_path / "no-such-folder" / f"x{store.SUFFIX}", SHA) is None


def test_a_file_name_with_characters_a_uri_escapes_opens(book, tmp_path):
    """The file is opened by URI (read-only, immutable): a space, '#', '?' or Chinese in the path must not break it."""
    f = tmp_path / "缓存 #1?" / f"x y{store.SUFFIX}"
    store.save(book, f)
    assert store.open_book(f, SHA).node("100.10a").text == "丙之一"


def test_the_opened_file_is_read_only(back):
    with pytest.raises(RulebookError, match="damaged"):
        back._rows("INSERT INTO meta VALUES ('x', x'00')", ())


# --- reading back --------------------------------------------------------------------------

def test_every_field_reads_back_as_written(book, back):
    for f in fields(Book):
        if f.name in ("nodes", "_by_uid"):
            continue
        value = getattr(back, f.name)
        written = getattr(book, f.name)
        if isinstance(written, dict):
            assert list(value.items()) == list(written.items()), f.name        # the same order too
        else:
            assert value == written, f.name
    assert [asdict(n) for n in back.nodes] == [asdict(n) for n in book.nodes]
    assert back.node("100.2").refs[0].ok and back.node("100.2").refs[0].targets == ["100.10"]


def test_a_field_is_read_once_then_kept(back):
    seen = traced(back)
    assert back.title == "手写规则"
    assert back.title == "手写规则" and back.edition == "2026"
    assert len(seen) == 2 and all("FROM meta" in s for s in seen)         # title once, edition once
    assert back.nodes is back.nodes
    assert len(seen) == 3 and "FROM nodes" in seen[2]


def test_a_field_the_file_does_not_hold_takes_its_default(book, tmp_path):
    """A store written before a field existed: the field's default, or its default factory's value."""
    f = edited(book, tmp_path / f"x{store.SUFFIX}", "DELETE FROM meta WHERE name IN ('edition', 'detection', 'detected')")
    old = store.open_book(f, SHA)
    assert old.edition == "" and old.detection == [] and old.detected is True
    assert old.game == "万智牌"


def test_an_attribute_no_book_has_is_an_attribute_error(back):
    with pytest.raises(AttributeError, match="colour"):
        back.colour
    assert not hasattr(back, "no_such_field")


def test_node_reads_one_row_and_keeps_its_identity(back):
    seen = traced(back)
    n = back.node("100.10a")
    assert n.text == "丙之一" and n.parent == "100.10"
    assert len(seen) == 1 and "WHERE uid=" in seen[0]
    assert back.node("100.10a") is n and len(seen) == 1                 # the second time from memory
    assert next(x for x in back.nodes if x.uid == "100.10a") is n
    assert next(x for x in back.rules() if x.uid == "100.10a") is n
    with pytest.raises(KeyError) as e:
        back.node("100.3")
    assert e.value.args == ("100.3",)


def test_has_answers_from_memory_or_one_query(back):
    assert back.has("100.2#2") and back.has("glossary:术语")
    assert not back.has("100.3") and not back.has("")
    back.node("1000")
    seen = traced(back)
    assert back.has("1000") and seen == []


def test_nodes_of_a_kind_come_in_document_order(book, back):
    assert [n.uid for n in back.rules()] == ["100", "100.2", "100.10", "100.10a", "100.2#2", "1000"]
    assert [n.uid for n in back.glossary()] == ["glossary:术语"]
    first = back.node("100.10")
    assert [n for n in back.rules()][2] is first


def test_breadcrumb_climbs_parents_to_the_chapter(back):
    assert [n.uid for n in back.breadcrumb(back.node("100.10a"))] == ["1", "100", "100.10", "100.10a"]
    assert [n.uid for n in back.breadcrumb(back.node("1000"))] == ["1000"]
    assert [n.uid for n in back.breadcrumb(back.node("100.2-ex1"))] == ["1", "100", "100.2", "100.2-ex1"]


def test_breadcrumb_stops_at_a_parent_the_book_lacks_and_at_a_loop(tmp_path):
    a = Node("5.1", RULE, 1, "5.1. 甲\n", parent="5")                    # 5 is not in the book
    b = Node("5.2", RULE, 2, "5.2. 乙\n", parent="5.3")
    c = Node("5.3", RULE, 3, "5.3. 丙\n", parent="5.2")                  # 5.2 ↔ 5.3
    book = Book(id="x", path="<x>", sha256=SHA, dialect="mtg", nodes=[a, b, c])
    f = tmp_path / f"x{store.SUFFIX}"
    store.save(book, f)
    back = store.open_book(f, SHA)
    assert [n.uid for n in back.breadcrumb(back.node("5.1"))] == ["5.1"]
    assert [n.uid for n in back.breadcrumb(back.node("5.2"))] == ["5.3", "5.2"]


def test_child_keys_are_the_numbers_directly_under_in_number_order(book, back):
    """As `Book.child_keys` documents: the top level with None, numeric order (100.2 before 100.10)."""
    assert back.child_keys() == ["1", "100", "999", "1000"]
    assert back.child_keys(None) == back.child_keys("") == ["1", "100", "999", "1000"]
    assert back.child_keys("100") == ["100.2", "100.10"]
    assert back.child_keys("100.10") == ["100.10.a"]
    assert back.child_keys("1000") == [] and back.child_keys("42") == []
    for key in (None, "100", "100.10", "1000", "42"):
        assert back.child_keys(key) == book.child_keys(key), key


def test_a_number_implied_by_a_deeper_one_is_a_child_too(tmp_path):
    """The tree holds the numbers above a printed one (Riftbound prints 128.1, not 128)."""
    book = Book(id="x", path="<x>", sha256=SHA, dialect="riftbound",
                nodes=[Node("128.1", RULE, 1, "128.1. 甲\n", number="128.1")], by_key={"128.1": ["128.1"]})
    f = tmp_path / f"x{store.SUFFIX}"
    store.save(book, f)
    back = store.open_book(f, SHA)
    assert back.child_keys() == ["128"] and back.child_keys("128") == ["128.1"]


def test_keys_under_are_the_printed_numbers_below_at_any_depth(book, back):
    """`keys_under('100')` is 100.x at any depth, never 1000 (which only starts with the same digits)."""
    assert sorted(back.keys_under("100")) == ["100.10", "100.10.a", "100.2"]
    assert back.keys_under("100.10") == ["100.10.a"]
    assert back.keys_under("1") == [] and back.keys_under("100.2") == []
    for key in ("100", "100.10", "1", "100.2", "1000"):
        assert sorted(back.keys_under(key)) == sorted(book.keys_under(key)), key


# --- the lookup tables ---------------------------------------------------------------------

def test_a_table_answers_one_key_with_one_query(back):
    seen = traced(back)
    assert back.by_key["100.2"] == ["100.2", "100.2#2"]                 # both uids, in the order written
    assert back.by_key["999"] == []                                       # an empty list comes back empty
    assert back.glossary_index["term"] == "glossary:术语"
    assert back.cited_by["100.10"] == ["100.2", "glossary:术语"]
    assert back.cited_by["100"] == []
    assert len(seen) == 5 and all("WHERE" in s for s in seen)


def test_a_missing_key_is_a_key_error_and_get_gives_the_default(back):
    for table in (back.by_key, back.glossary_index, back.cited_by):
        with pytest.raises(KeyError) as e:
            table["nope"]
        assert e.value.args == ("nope",)
        assert table.get("nope") is None and table.get("nope", "dflt") == "dflt"
        assert "nope" not in table
    assert back.by_key.get("100") == ["100"] and back.glossary_index.get("术语", "dflt") == "glossary:术语"
    assert "100.10.a" in back.by_key and "术语" in back.glossary_index and "100.10" in back.cited_by


def test_a_key_that_is_no_string_is_missing_without_a_query(back):
    seen = traced(back)
    assert back.by_key.get(("100",)) is None and back.by_key.get(100) is None and 100 not in back.by_key
    with pytest.raises(KeyError):
        back.glossary_index[None]
    assert seen == []


def test_a_table_reads_its_rows_once_when_walked(book, back):
    seen = traced(back)
    assert list(back.by_key) == list(book.by_key)
    assert list(back.by_key.keys()) == list(book.by_key.keys())
    assert list(back.by_key.values()) == list(book.by_key.values())
    assert list(back.by_key.items()) == list(book.by_key.items())
    assert back.by_key["100.2"] == ["100.2", "100.2#2"] and back.by_key.get("nope") is None
    assert len(back.by_key) == len(book.by_key)
    assert len(seen) == 1                                                  # one query for all of that
    assert list(back.glossary_index.items()) == list(book.glossary_index.items())
    assert list(back.cited_by.items()) == list(book.cited_by.items())
    assert back.cited_by["100"] == [] and len(back.cited_by) == 2


def test_the_size_of_a_table_is_its_number_of_keys_counted_not_read(book, back):
    """A number printed twice is one key (by_key 7, not 8 rows); cited_by counts the uids cited."""
    seen = traced(back)
    assert len(back.by_key) == 7 and len(back.glossary_index) == 2 and len(back.cited_by) == 2
    assert len(seen) == 3 and all("COUNT(" in s for s in seen)


def test_a_table_equals_the_dict_it_was_written_from(book, back):
    assert back.by_key == book.by_key and back.glossary_index == book.glossary_index
    assert back.cited_by == dict(book.cited_by)
    assert back.by_key != {"1": ["1"]} and back.by_key != [1] and back.by_key != "100"
    assert back.glossary_index == back.glossary_index


def test_a_table_names_itself_and_its_book(back):
    assert repr(back.by_key) == "<by_key of <hand> (stored)>" and "cited_by" in repr(back.cited_by)


def test_the_uid_table_maps_every_node_to_the_node_itself(back):
    assert list(back._by_uid) == [n.uid for n in back.nodes]
    assert back._by_uid["100.2#2"] is back.node("100.2#2")
    back.reindex()
    assert back._by_uid["1000"] is back.node("1000") and len(back._by_uid) == 9


# --- copies, threads and damage ------------------------------------------------------------

def test_a_copy_or_pickle_is_the_plain_book(book, back):
    back.by_key.get("100")                                                 # a table half-used before the copy
    for twin in (pickle.loads(pickle.dumps(back)), copy.deepcopy(back)):
        assert type(twin) is Book
        assert [asdict(n) for n in twin.nodes] == [asdict(n) for n in book.nodes]
        assert type(twin.by_key) is dict and twin.by_key == book.by_key and twin.cited_by == book.cited_by
        assert twin.glossary_index == book.glossary_index and twin.warnings == book.warnings
        assert twin.node("100.10a").text == "丙之一"                       # its uid table is rebuilt


def test_another_thread_reads_the_same_book(back):
    out: list = []
    t = threading.Thread(target=lambda: out.append((back.node("1000").text, back.by_key.get("100.10"))))
    t.start()
    t.join(30)
    assert out == [("远", ["100.10"])]


def test_a_copy_damaged_while_reading_is_removed_with_a_message_that_says_so(back):
    """`_rows`: a database error becomes a RulebookError naming the book and the cached file, and the file goes."""
    back.id, back.path = "hand", "/books/手写.txt"                      # as rulebook.books.load_path names it
    file = back._file
    back._con.close()                                                      # every query now fails
    with pytest.raises(RulebookError) as e:
        back.node("100.2")
    assert str(e.value).startswith(f"the cached copy of /books/手写.txt in {file} is damaged (")
    assert str(e.value).endswith("); it has been removed: run the command again")
    assert e.value.__cause__ is None and e.value.__suppress_context__
    assert not file.exists()
    with pytest.raises(RulebookError, match="it has been removed"):       # already gone: the same message
        back.has("100.2")


# --- what mutation testing asked for ---------------------------------------------------------

def test_a_node_already_read_is_not_decoded_again_when_the_graph_is_walked(back, monkeypatch):
    """"What walks the whole graph reads it all, once": walking nodes or a kind after a lookup decodes
    only the nodes not read yet (the one read keeps its object and is not unpickled a second time)."""
    first = back.node("100.10")
    decoded: list = []
    real = store.pickle.loads
    monkeypatch.setattr(store.pickle, "loads", lambda blob: decoded.append(1) or real(blob))
    rules = list(back.rules())
    assert len(rules) == 6 and rules[2] is first and len(decoded) == 5
    decoded.clear()
    nodes = back.nodes
    assert len(nodes) == 9 and nodes[4] is first and len(decoded) == 9 - 6     # the rules were read by now


def test_a_book_damaged_before_it_is_named_is_called_a_rulebook(book, tmp_path):
    """Straight from `open_book` (no path set yet): the message names "a rulebook", never reads the damaged file."""
    f = tmp_path / f"x{store.SUFFIX}"
    store.save(book, f)
    back = store.open_book(f, SHA)
    back._con.close()
    with pytest.raises(RulebookError) as e:
        back.node("1000")
    assert str(e.value).startswith(f"the cached copy of a rulebook in {f} is damaged (")
