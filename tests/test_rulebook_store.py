"""The parsed-book store (rulebook/store.py): a book read back answers exactly
as the parsed one, stores every field generically, reads only the rows a
lookup needs, and survives damage, threads and copying."""
from __future__ import annotations

import copy
import pickle
import threading
from dataclasses import asdict, dataclass, field, fields

import pytest

from rulebook import books, store
from rulebook.books import BUNDLED, load_book
from rulebook.lookup import lookup, resolve_one
from rulebook.model import GLOSSARY, RULE, Book, Node
from rulebook.parse import parse_file, parse_text
from rulebook.source import RulebookError

from judge.ruledoc import lookup_doc


def stored(book: Book, tmp_path, name: str = "book") -> store.StoredBook:
    f = tmp_path / f"{name}{store.SUFFIX}"
    store.save(book, f)
    back = store.open_book(f, book.sha256)
    assert isinstance(back, store.StoredBook)
    back.id, back.path = book.id, book.path
    return back


def synthetic(sections: int) -> str:
    """An MTG-style book with `sections` sections of 5 rules, 3 subrules each, references and a glossary."""
    out = ["1. 游戏\n"]
    for s in range(100, 100 + sections):
        out.append(f"{s}. 第{s}节\n")
        for r in range(1, 6):
            out.append(f"{s}.{r}. 第{r}条的文本，见规则{100 + (s * 7 + r) % sections}.{r}。\n")
            out += [f"{s}.{r}{c}. 子规则{c}。\n" for c in "abc"]
            out.append(f"例：第{r}条的例子。\n")
    out.append("词汇表\n")
    out += [f"术语{k}\n术语{k}的定义，见规则{100 + k % sections}.1。\n\n" for k in range(sections)]
    return "".join(out)


def _same_book(a: Book, b: Book) -> None:
    for f in fields(Book):
        if f.name == "_by_uid":
            continue
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.name == "nodes":
            assert [asdict(n) for n in y] == [asdict(n) for n in x]
        elif isinstance(x, dict):
            assert list(y.items()) == list(x.items()), f.name        # the same order too
        else:
            assert y == x, f.name


@pytest.mark.parametrize("book_id", sorted(BUNDLED))
def test_every_field_of_every_node_round_trips(book_id, tmp_path):
    parsed = parse_file(BUNDLED[book_id].path, book_id=book_id)
    _same_book(parsed, stored(parsed, tmp_path))


@pytest.mark.parametrize("book_id", sorted(BUNDLED))
def test_what_a_lookup_asks_answers_as_the_parsed_book(book_id, tmp_path):
    parsed = parse_file(BUNDLED[book_id].path, book_id=book_id)
    back = stored(parsed, tmp_path)
    keys = [None, *parsed.by_key, "999", "100.999"]
    assert [back.child_keys(k) for k in keys] == [parsed.child_keys(k) for k in keys]
    # every printed number below a key (what a missed lookup suggests from), never 100.x under 1
    assert [sorted(back.keys_under(k)) for k in keys[1:]] == [sorted(parsed.keys_under(k)) for k in keys[1:]]
    for n in parsed.nodes:
        assert back.has(n.uid) and asdict(back.node(n.uid)) == asdict(n)
        assert [x.uid for x in back.breadcrumb(back.node(n.uid))] == [x.uid for x in parsed.breadcrumb(n)]
        assert back.cited_by.get(n.uid) == parsed.cited_by.get(n.uid)
    assert not back.has("nope") and back.by_key.get("nope") is None and "nope" not in back.glossary_index
    with pytest.raises(KeyError):
        back.node("nope")
    with pytest.raises(KeyError):
        back.by_key["nope"]
    assert [n.uid for n in back.rules()] == [n.uid for n in parsed.rules()]
    assert [n.uid for n in back.glossary()] == [n.uid for n in parsed.glossary()]
    assert len(back.by_key) == len(parsed.by_key) and back.by_key == parsed.by_key
    for term, uid in parsed.glossary_index.items():
        assert back.glossary_index[term] == uid


@dataclass(slots=True)
class BilingualNode(Node):
    """A node with fields the model does not have (yet): the store must keep them."""
    text_en: str = ""
    notes: dict = field(default_factory=dict)


def test_fields_the_model_gains_are_stored_without_a_change_to_the_store(tmp_path):
    book = parse_text(synthetic(2))
    book.nodes = [BilingualNode(**{f.name: getattr(n, f.name) for f in fields(Node)},
                                text_en=f"en {n.uid}", notes={"uid": n.uid}) for n in book.nodes]
    book.reindex()
    back = stored(book, tmp_path)
    n = back.node("100.1")
    assert isinstance(n, BilingualNode) and n.text_en == "en 100.1" and n.notes == {"uid": "100.1"}
    assert n.refs and n.refs[0].targets == ["101.1"]
    meta = {r[0] for r in back._rows("SELECT name FROM meta", ())}
    assert meta == {f.name for f in fields(Book)} - set(store.TABLES)


def test_a_lookup_reads_the_same_rows_however_big_the_book(tmp_path):
    """Counted, not timed: the statements a lookup runs and the nodes it decodes."""
    seen = []
    for size in (20, 400):
        book = stored(parse_text(synthetic(size)), tmp_path, f"s{size}")
        statements: list[str] = []
        book._con.set_trace_callback(statements.append)
        doc = lookup_doc(book, "105.3", lookup(book, "105.3"))
        term = lookup(book, "术语7")[0].node
        assert doc["rules"][0]["text"] == f"第3条的文本，见规则{100 + (105 * 7 + 3) % size}.3。"
        assert [s["id"] for s in doc["rules"][0]["subrules"]] == ["105.3a", "105.3b", "105.3c"]
        assert term.kind == GLOSSARY
        assert not [s for s in statements if "WHERE" not in s], "a whole table was read"
        seen.append((len(statements), len(book._cache)))
    assert seen[0] == seen[1]
    assert seen[0][1] < 15


def test_nodes_keep_their_identity(tmp_path):
    back = stored(parse_text(synthetic(3)), tmp_path)
    one = back.node("101.2")
    assert back.node("101.2") is one
    assert next(n for n in back.nodes if n.uid == "101.2") is one
    assert next(n for n in back.rules() if n.uid == "101.2") is one
    assert back.node("101.3") is next(n for n in back.nodes if n.uid == "101.3")


def test_copies_and_pickles_are_plain_books(tmp_path):
    parsed = parse_text(synthetic(3))
    back = stored(parsed, tmp_path)
    for twin in (pickle.loads(pickle.dumps(back)), copy.deepcopy(back)):
        assert type(twin) is Book
        _same_book(parsed, twin)
        assert twin.node("102.1").text == parsed.node("102.1").text


def test_threads_share_one_stored_book(tmp_path):
    parsed = parse_text(synthetic(30))
    back = stored(parsed, tmp_path)
    wanted = [f"{s}.{r}" for s in range(100, 130) for r in range(1, 6)]
    errors: list[BaseException] = []

    def work(part: list[str]) -> None:
        try:
            for q in part:
                assert resolve_one(back, q).text == resolve_one(parsed, q).text
        except BaseException as e:  # reported below: an assert in a thread would be lost
            errors.append(e)

    threads = [threading.Thread(target=work, args=(wanted[i::6],)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_store_of_another_book_format_or_damage_is_not_read(tmp_path):
    book = parse_text(synthetic(2))
    f = tmp_path / f"b{store.SUFFIX}"
    store.save(book, f)
    assert store.open_book(f, "0" * 64) is None                       # another file's
    import sqlite3
    con = sqlite3.connect(f)
    con.execute(f"PRAGMA user_version={store.FORMAT + 1}")
    con.commit()
    con.close()
    assert store.open_book(f, book.sha256) is None                    # another format
    f.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    assert store.open_book(f, book.sha256) is None                    # damaged
    assert store.open_book(tmp_path / "none.sqlite", book.sha256) is None


def test_damage_found_while_reading_is_a_clear_error_and_the_copy_goes(tmp_path):
    book = parse_text(synthetic(40))
    back = stored(book, tmp_path)
    data = bytearray(back._file.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)      # every page but the first (the header) is garbage
    back._file.write_bytes(bytes(data))
    with pytest.raises(RulebookError, match="damaged.*run the command again"):
        back.node("120.1")
    assert not back._file.exists()


def test_load_book_reads_the_store_and_sweeps_older_copies(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    p = tmp_path / "mini.txt"
    p.write_text(synthetic(3), encoding="utf-8")
    digest = books.file_sha256(p)
    target = books.cache_file(digest, None)
    target.parent.mkdir(parents=True)
    stale = target.parent / f"{digest[:24]}-auto-p0-oldparser.pickle"
    other = target.parent / f"{'f' * 24}-auto-p0-old.pickle"
    stale.write_bytes(b"old")
    other.write_bytes(b"another book")
    books._LOADED.clear()
    first = load_book(str(p))
    assert type(first) is Book and target.exists()
    assert not stale.exists() and other.exists()
    books._LOADED.clear()
    again = load_book(str(p))
    assert isinstance(again, store.StoredBook) and again.id == str(p) and again.path == str(p)
    assert resolve_one(again, "101.2").text == resolve_one(first, "101.2").text
    p.write_text(synthetic(4), encoding="utf-8")                     # an edited book is parsed again
    books._LOADED.clear()
    edited = load_book(str(p))
    assert type(edited) is Book and resolve_one(edited, "103.1") is not None


def test_a_cache_that_cannot_be_written_is_not_an_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(blocker / "cache"))
    books._LOADED.clear()
    book = load_book("riftbound")
    assert type(book) is Book and resolve_one(book, "108.1.a") is not None
    books._LOADED.clear()


def test_a_missing_or_unreadable_file_says_so(tmp_path):
    with pytest.raises(RulebookError, match="no such file"):
        books.file_sha256(tmp_path / "gone.txt")
    with pytest.raises(RulebookError, match="directory"):
        books.file_sha256(tmp_path)


def test_kinds_by_query_match_the_parsed_order(tmp_path):
    parsed = parse_text(synthetic(5))
    back = stored(parsed, tmp_path)
    assert [n.uid for n in back.rules()] == [n.uid for n in parsed.nodes if n.kind == RULE]
    assert len(list(back.glossary())) == 5


@pytest.mark.parametrize("book_id", sorted(BUNDLED))
def test_what_walks_the_graph_sees_the_same_book(book_id, tmp_path):
    """The search index's documents, the parse report, explanations and the engine's
    rule registry, built from a stored book, are those built from the parsed one."""
    from index.documents import book_terms, documents
    from judge.explain.rule import explain_rule
    from rulebook.lint import lint

    parsed = parse_file(BUNDLED[book_id].path, book_id=book_id)
    back = stored(parsed, tmp_path)
    assert documents(back) == documents(parsed)
    assert book_terms(back) == book_terms(parsed)
    assert lint(back).as_dict() == lint(parsed).as_dict()
    for uid in [n.uid for n in parsed.rules()][::25]:
        assert explain_rule(back, uid) == explain_rule(parsed, uid)


def test_the_engine_registry_checks_against_a_stored_book(tmp_path):
    from judge.engine.games import game_for

    parsed = parse_file(BUNDLED["mtg"].path, book_id="mtg")
    back = stored(parsed, tmp_path)
    rules = game_for("mtg").rules
    assert rules.missing_in(back) == rules.missing_in(parsed) == []


# --- what mutation testing found unpinned ------------------------------------------------

def test_tables_answer_like_dicts(tmp_path):
    back = stored(parse_text(synthetic(3)), tmp_path)
    assert "100.1" in back.by_key and "术语1" in back.glossary_index and "101.1" in back.cited_by
    with pytest.raises(KeyError) as e:
        back.by_key["nope"]
    assert e.value.args == ("nope",)
    assert back.by_key.get(("not", "a", "key")) is None and 100 not in back.by_key   # no query for what is no key
    assert back.by_key != [1] and back.by_key != "100.1"
    assert back.by_key["100.1"] == ["100.1"] and back.glossary_index["术语1"] == "glossary:术语1"
    with pytest.raises(KeyError) as e:
        back.node("nope")
    assert e.value.args == ("nope",)
    assert "by_key" in repr(back.by_key) and "stored" in repr(back.by_key)


@pytest.mark.parametrize("book_id", sorted(BUNDLED))
def test_the_size_of_a_table_is_counted_not_read(book_id, tmp_path):
    parsed = parse_file(BUNDLED[book_id].path, book_id=book_id)
    back = stored(parsed, tmp_path)
    statements: list[str] = []
    back._con.set_trace_callback(statements.append)
    for name in ("by_key", "glossary_index", "cited_by"):
        assert len(getattr(back, name)) == len(getattr(parsed, name)), name
        assert bool(getattr(back, name)) == bool(getattr(parsed, name)), name
    assert statements and all("COUNT(" in s for s in statements)
    assert len(back.by_key) == len(list(back.by_key))          # and after the table is read, from it


def test_the_uid_table_and_field_defaults(tmp_path):
    import sqlite3

    book = parse_text(synthetic(2))
    f = tmp_path / f"b{store.SUFFIX}"
    store.save(book, f)
    con = sqlite3.connect(f)
    con.execute("DELETE FROM meta WHERE name IN ('title', 'warnings')")   # a field the writer did not know
    con.commit()
    con.close()
    back = store.open_book(f, book.sha256)
    assert back.title == "" and back.warnings == []                       # the field's default, then its factory
    assert back._by_uid["100.1"] is back.node("100.1") and len(back._by_uid) == len(book.nodes)
    back.reindex()
    assert back._by_uid["101.2"] is back.node("101.2")


def test_breadcrumb_stops_at_a_missing_parent_and_at_a_loop(tmp_path):
    from rulebook.model import RULE as R

    a = Node(uid="100.1", kind=R, line=1, raw="100.1. 甲\n", number="100.1", parent="100")   # 100 is not in the book
    b = Node(uid="100.2", kind=R, line=2, raw="100.2. 乙\n", number="100.2", parent="100.3")
    c = Node(uid="100.3", kind=R, line=3, raw="100.3. 丙\n", number="100.3", parent="100.2")  # a loop: 100.2 ↔ 100.3
    book = Book(id="x", path="<x>", sha256="1", dialect="mtg", nodes=[a, b, c],
                by_key={"100.1": ["100.1"], "100.2": ["100.2"], "100.3": ["100.3"]})
    back = stored(book, tmp_path)
    assert [n.uid for n in back.breadcrumb(back.node("100.1"))] == ["100.1"]
    assert [n.uid for n in back.breadcrumb(back.node("100.2"))] == ["100.3", "100.2"]
    assert [n.uid for n in book.breadcrumb(b)] == ["100.3", "100.2"]


def test_a_forced_dialect_is_stored_apart_from_the_detected_one(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    p = tmp_path / "rules.txt"
    p.write_text(synthetic(3), encoding="utf-8")
    books._LOADED.clear()
    auto = books.load_path(p, book_id="x")
    forced = books.load_path(p, book_id="x", dialect="wow")
    assert auto.dialect != "wow" and forced.dialect == "wow"
    again_auto, again_forced = books.load_path(p, book_id="x"), books.load_path(p, book_id="x", dialect="wow")
    assert isinstance(again_auto, store.StoredBook) and isinstance(again_forced, store.StoredBook)
    assert again_auto.dialect == auto.dialect and again_forced.dialect == "wow"
    assert len(list((tmp_path / "cache" / "books").glob("*.sqlite"))) == 2
    uncached = books.load_path(p, book_id="y", dialect="wow", use_cache=False)
    assert type(uncached) is Book and uncached.id == "y" and uncached.path == str(p) and uncached.dialect == "wow"
    assert [n.uid for n in uncached.nodes] == [n.uid for n in forced.nodes]
    books._LOADED.clear()


def test_the_sweep_spares_another_process_s_file_being_written(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    p = tmp_path / "rules.txt"
    p.write_text(synthetic(2), encoding="utf-8")
    target = books.cache_file(books.file_sha256(p), None)
    target.parent.mkdir(parents=True)
    writing = target.parent / (target.name + "k2j3h4.tmp")      # what paths.replacing names a file being written
    writing.write_bytes(b"half")
    books._LOADED.clear()
    books.load_path(p, book_id="x")
    assert target.exists() and writing.exists()
    books._LOADED.clear()


def test_a_copy_damaged_before_its_book_is_named_says_so_without_recursing(tmp_path):
    """A bug found by the session-6 unit tests: the damage message named the book by `self.path`, which a
    book straight from `store.open_book` (its path not yet set) reads from the damaged file itself, so the
    message recursed until RecursionError. Now such a book is "a rulebook" and the copy still goes."""
    book = parse_text(synthetic(2))
    f = tmp_path / f"b{store.SUFFIX}"
    store.save(book, f)
    back = store.open_book(f, book.sha256)
    back._con.close()                                                     # every query now fails
    with pytest.raises(RulebookError, match=r"^the cached copy of a rulebook in .*b\.sqlite is damaged"):
        back.node("100.1")
    assert not f.exists()
