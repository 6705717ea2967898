"""The FastAPI application: the JSON API (the documents of the CLI's `--json`) and the pages.

JSON API (OpenAPI at /docs, served from the package: no CDN):
    GET  /api/books                                  `judge books --json` (paths left out)
    GET  /api/books/{book}/rules/{query}             `judge rule QUERY --json` (ids, ranges, lists, glossary:)
    GET  /api/books/{book}/define/{term}             `judge define TERM --json`
    GET  /api/books/{book}/search?q=…&limit=…        `judge search … --json`
    GET  /api/books/{book}/explain/{query}?format=   `judge explain QUERY --book BOOK --format …`
    POST /api/replay?variant=…                       `judge replay FILE --json`, the scenario's YAML as the body
    POST /api/explain?variant=…&format=…             `judge explain FILE --format …`
Errors are JSON, `{"error": message}` with the CLI's message, and a status: 404 for an unknown book,
rule or term (the body of an unknown rule is the CLI's `--json` document, with `error` and `nearest`),
422 for a bad request or a scenario that cannot be replayed (with `errors`: file, line, field,
message), 413 for a body over the limit.

Lookups, searches and pages run on the event loop: each takes a millisecond or two, and running them
there keeps whoosh's readers on one thread. Replays run in worker processes (`replays`).
"""
from __future__ import annotations

import json
import os
from collections import OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Literal, Optional
from urllib.parse import quote

from fastapi import Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from index.schema import SearchResponse, response
from rulebook.lookup import ENTRY, Hit, NotFound, lookup as find
from rulebook.model import GLOSSARY
from rulebook.source import RulebookError
from judge.engine.scenario.schema import TraceDoc
from judge.explain.errors import ExplainError
from judge.explain.schema import ExplainDoc
from judge.ruledoc import lookup_doc
from judge.schema import BookRow, LookupDoc
from judge.server import pages
from judge.server.library import Library, UnknownBook
from judge.server.limits import BodyLimit
from judge.server.replays import PASTED, ReplayRefused, Replayer, ReplayTimeout, bundled, bundled_file

MAX_BODY = 1 << 20          # the CLI's limit for a YAML file (rulebook.safe_yaml)
FORMATS = ("json", "text", "md", "html")
CACHE = "public, max-age=300"  # books are read-only while a server runs


@dataclass
class Settings:
    books: Optional[list[str]] = None     # serve only these ids (default: every known book)
    replay_workers: int = 1
    time_limit: float = 10.0              # seconds a replay may take
    max_body: int = MAX_BODY
    warm: bool = True                     # load books, indexes and the replay workers before the first request
    cache_size: int = 4096                # answers kept per kind (rule documents, searches, pages); 0: none
    env: dict = field(default_factory=dict)

    @classmethod
    def from_env(cls) -> "Settings":
        """What `judge serve` passes to each of its `--workers` processes."""
        raw = json.loads(os.environ.get("RULES_JUDGE_SERVE", "{}"))
        return cls(**raw)


class Answers:
    """Recent answers by question: a lookup, a search or a page is a pure function of the read-only books
    and indexes, so it is computed once and kept (least recently used out). Errors are not kept."""

    def __init__(self, size: int):
        self.size = size
        self.kept: OrderedDict = OrderedDict()

    def get(self, key, compute):
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        value = compute()
        if self.size:
            self.kept[key] = value
            if len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return value


@dataclass
class Redirect:
    to: str


class ApiError(Exception):
    def __init__(self, status: int, body: dict):
        self.status, self.body = status, body


def _json(doc, status: int = 200, cache: bool = False) -> Response:
    headers = {"cache-control": CACHE} if cache else None
    return Response(json.dumps(doc, ensure_ascii=False), status_code=status, media_type="application/json",
                    headers=headers)


def _json_bytes(body: str) -> Response:
    return Response(body, media_type="application/json", headers={"cache-control": CACHE})


def _error(status: int, message: str, **extra) -> ApiError:
    return ApiError(status, {"error": message, **extra})


def _text_body(raw: bytes, name: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise _error(422, f"{name}:{line}: not UTF-8 text ({e.reason})",
                     errors=[{"file": name, "line": line, "field": None, "message": f"not UTF-8 text ({e.reason})"}])


def create_app(settings: Settings | None = None):
    s = settings or Settings()
    lib = Library(s.books)
    links = pages.Links(lib)
    cache = Answers(s.cache_size)
    state: dict = {}

    @asynccontextmanager
    async def lifespan(app):
        app.state.replayer = Replayer(workers=s.replay_workers, time_limit=s.time_limit)
        if s.warm:
            lib.warm()
            bundled_list()
            app.state.replayer.pool.schedule(len, args=("",))   # start the workers now (they warm up on start)
        yield
        app.state.replayer.close()

    app = FastAPIOffline(
        title="rules-judge", version="1",
        description="Rule lookup, search, scenario replays and rulings: the documents of `judge … --json`.",
        lifespan=lifespan, static_url="/static-docs")
    app.mount("/static", StaticFiles(directory=str(pages.STATIC)), name="static")
    app.state.library = lib
    app.state.settings = s

    # --- errors --------------------------------------------------------------------------------------

    def wants_html(request: Request) -> bool:
        return not request.url.path.startswith("/api/")

    @app.exception_handler(ApiError)
    async def api_error(request: Request, e: ApiError):
        if wants_html(request):
            return HTMLResponse(pages.error_page(links, _status_title(e.status), e.body.get("error", ""),
                                                 book_id=e.body.get("book"), nearest=e.body.get("nearest")),
                                status_code=e.status)
        return _json(e.body, e.status)

    @app.exception_handler(UnknownBook)
    async def unknown_book(request: Request, e: UnknownBook):
        return await api_error(request, _error(404, str(e)))

    @app.exception_handler(RulebookError)
    async def unreadable_book(request: Request, e: RulebookError):   # a registered book whose file went away
        return await api_error(request, _error(500, str(e)))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, e: RequestValidationError):
        parts = [f"{'.'.join(str(x) for x in err['loc'][1:]) or err['loc'][0]}: {err['msg']}" for err in e.errors()]
        return await api_error(request, _error(422, "; ".join(parts)))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException):
        message = "no such page" if e.status_code == 404 else str(e.detail)
        return await api_error(request, _error(e.status_code, message))

    # --- shared --------------------------------------------------------------------------------------

    def lookup(book_id: str, query: str):
        """`judge rule`'s lookup; a canonical id it does not take (a duplicated number's `212.5e#2`, a second
        headword's `glossary:护卫#2`, which the API itself hands out) is answered as the node it names."""
        book = lib.book(book_id)
        try:
            hits = find(book, query)
        except NotFound as err:
            if book.has(query):
                node = book.node(query)
                return book, [Hit(node, ENTRY if node.kind == GLOSSARY else pages.page_mode(node))]
            raise _error(404, str(err), query=query, book=book.id, rules=[], nearest=err.suggestions)
        if not hits:
            raise _error(404, f"no rule or glossary entry {query!r} in this book", query=query, book=book.id,
                         rules=[], nearest=[])
        return book, hits

    def search_doc(book_id: str, q: str, limit: int) -> dict:
        from index.search import search  # start-up: index.search (~22 ms) only to search or warm the indexes

        q = q.strip()
        if not q:
            raise _error(422, "give a query (words, a question or a rule number)")
        hits = search(lib.index(lib.check(book_id)), q, limit)
        b = lib.book(book_id)
        return response(q, book_id, hits, None if hits else "no rule matches the query", game=b.game,
                        edition=b.edition, language=b.language).model_dump(mode="json")

    async def replay(text: str, name: str, variant: str | None, want_view: bool = False) -> dict:
        try:
            return await app.state.replayer.replay(text, name, variant, want_view)
        except ReplayRefused as err:
            raise _error(422, err.message, errors=err.errors)
        except ReplayTimeout as err:
            raise _error(422, str(err))

    # --- JSON API ------------------------------------------------------------------------------------

    @app.get("/api/books", response_model=list[BookRow], tags=["rules"])
    async def api_books():
        """Every book the server serves, with its counts (`judge books --json`; `path` is always null)."""
        return _json(lib.rows(), cache=True)

    @app.get("/api/books/{book}/rules/{query:path}", response_model=LookupDoc, tags=["rules"],
             responses={404: {"model": LookupDoc, "description": "no such rule: `error` and `nearest` say why"}})
    async def api_rule(book: str, query: str):
        """A rule by number, as `judge rule QUERY --json`: `420.5c`, `420.5` (with subrules), `420.5.` (alone),
        `420` (contents), ranges `409.1a-c`, lists `420.5a,420.5c`, `glossary:激活`."""
        def answer():
            b, hits = lookup(book, query)
            return json.dumps(lookup_doc(b, query, hits), ensure_ascii=False)

        return _json_bytes(cache.get(("rule", book, query), answer))

    @app.get("/api/books/{book}/define/{term}", response_model=LookupDoc, tags=["rules"],
             responses={404: {"model": LookupDoc}})
    async def api_define(book: str, term: str):
        """A glossary entry, Chinese headword or English alias (`judge define TERM --json`)."""
        return await api_rule(book, f"glossary:{term}")

    @app.get("/api/books/{book}/search", response_model=SearchResponse, tags=["search"])
    async def api_search(book: str, q: str = Query(..., description="words, a question, a rule number or a term"),
                         limit: int = Query(10, ge=1, le=500)):
        """Rules that answer a query, best first (`judge search … --json`); none found is `results: []` with
        `error` set."""
        return _json_bytes(cache.get(("search", book, q.strip(), limit),
                                     lambda: json.dumps(search_doc(book, q, limit), ensure_ascii=False)))

    @app.get("/api/books/{book}/explain/{query:path}", tags=["rulings"],
             responses={200: {"model": ExplainDoc, "description": "format=json; text, md and html as text"}})
    async def api_explain_rule(book: str, query: str, format: Literal["json", "text", "md", "html"] = "json",
                               max_chars: Optional[int] = Query(None, ge=1)):
        """A rule explained (`judge explain QUERY --book BOOK`): where it is, its text, terms, references."""
        from judge.explain.rule import explain_rule  # start-up: explain.rule (~18 ms) only to explain a rule

        try:
            doc = explain_rule(lib.book(book), query)
        except ExplainError as err:
            raise _error(404, str(err))
        return _formatted(doc, format, max_chars)

    @app.post("/api/replay", response_model=TraceDoc, tags=["scenarios"],
              openapi_extra={"requestBody": {"required": True, "content": {"application/yaml": {
                  "schema": {"type": "string"}}}}})
    async def api_replay(request: Request, variant: Optional[str] = None, name: str = PASTED):
        """Replay a scenario (its YAML is the body) and return the trace (`judge replay FILE --json`).
        A scenario whose expectations fail still has a trace: see `result.passed`."""
        text = _text_body(await request.body(), name)
        return _json((await replay(text, name, variant))["trace"])

    @app.post("/api/explain", tags=["scenarios", "rulings"],
              responses={200: {"model": ExplainDoc, "description": "format=json; text, md and html as text"}},
              openapi_extra={"requestBody": {"required": True, "content": {"application/yaml": {
                  "schema": {"type": "string"}}}}})
    async def api_explain(request: Request, variant: Optional[str] = None, name: str = PASTED,
                          format: Literal["json", "text", "md", "html"] = "json",
                          max_chars: Optional[int] = Query(None, ge=1)):
        """The ruling of a scenario (`judge explain FILE --format …`). A scenario that fails its own
        expectations has no ruling: 422 with the failures."""
        text = _text_body(await request.body(), name)
        result = await replay(text, name, variant)
        if result["explain"] is None:
            raise _error(422, result["explain_error"])
        return _formatted(result["explain"], format, max_chars)

    def _formatted(doc: dict, fmt: str, max_chars: int | None) -> Response:
        from judge.explain.output import shortened, to_string  # start-up: explain.output (~15 ms) only for a formatted answer

        if fmt not in FORMATS:
            raise _error(422, f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}")
        doc = shortened(doc, fmt, max_chars)
        if fmt == "json":
            return _json(doc)
        body = to_string(doc, fmt)
        if fmt == "html":
            return HTMLResponse(body)
        return PlainTextResponse(body, media_type="text/markdown; charset=utf-8" if fmt == "md" else None)

    # --- pages ---------------------------------------------------------------------------------------

    def html(body: str, status: int = 200, cache: bool = True) -> HTMLResponse:
        return HTMLResponse(body, status_code=status, headers={"cache-control": CACHE} if cache else None)

    @app.get("/", include_in_schema=False)
    async def home(book: Optional[str] = None):
        return html(pages.home(lib, links, lib.check(book) if book else None))

    @app.get("/search", include_in_schema=False)
    async def search_any(book: str = "", q: str = ""):
        target = lib.check(book or lib.ids()[0])
        return RedirectResponse(f"{links.search_action(target)}?q={_quote(q)}", status_code=303)

    @app.get("/books/{book}", include_in_schema=False)
    async def book_page(book: str):
        return html(pages.book_home(lib, links, lib.check(book)))

    @app.get("/books/{book}/search", include_in_schema=False)
    async def search_page(book: str, q: str = ""):
        lib.check(book)
        doc = search_doc(book, q, 20) if q.strip() else None
        return html(pages.search_page(lib, links, book, q, doc))

    @app.get("/books/{book}/glossary", include_in_schema=False)
    async def glossary_page(book: str):
        return html(pages.glossary_page(lib, links, lib.check(book)))

    @app.get("/books/{book}/rules/{query:path}", include_in_schema=False)
    async def rule_page(book: str, query: str):
        def answer():
            b = lib.book(book)
            if b.has(query):      # a page's own address: its uid, shown as its page shows it
                node = b.node(query)
                return pages.rule_page(lib, links, book, query, [Hit(node, pages.page_mode(node))])
            b, hits = lookup(book, query)
            if len(hits) == 1 and b.has(hits[0].node.uid):
                return Redirect(links.rule(book, hits[0].node.uid))
            return pages.rule_page(lib, links, book, query, hits)

        page = cache.get(("page", book, query), answer)
        if isinstance(page, Redirect):
            return RedirectResponse(page.to, status_code=301)
        return html(page)

    def bundled_list() -> list:
        if "bundled" not in state:
            state["bundled"] = [(game, [{"name": p.stem, "title": _title_of(p), "href": links.scenario(game, p.stem)}
                                        for p in files]) for game, files in bundled().items()]
        return state["bundled"]

    def scenario_html(status: int = 200, **kw) -> HTMLResponse:
        return html(pages.scenario_page(links, bundled=bundled_list(), max_kib=s.max_body // 1024,
                                        time_limit=s.time_limit, **kw), status, cache=False)

    async def scenario_result(text: str, name: str, variant: str | None, variant_link=None) -> HTMLResponse:
        """Replay and show; each variant a link when the scenario has an address (a bundled one)."""
        try:
            result = await replay(text, name, variant, want_view=True)
        except ApiError as err:     # shown on the page (200): the API answers 422 for the same scenario
            return scenario_html(error=err.body["error"], yaml_text=text, variant=variant)
        variants = result["view"]["variants"]
        instances = [(v or "基本情景", None if v == variant or variant_link is None else variant_link(v))
                     for v in variants] if len(variants) > 1 else []
        return scenario_html(result=result, yaml_text=text, variant=variant, instances=instances)

    @app.get("/scenarios", include_in_schema=False)
    async def scenarios():
        return scenario_html()

    @app.get("/scenarios/{game}/{name}", include_in_schema=False)
    async def bundled_scenario(game: str, name: str, variant: Optional[str] = None):
        p = bundled_file(game, name)
        if p is None:
            raise _error(404, f"no bundled scenario {game}/{name}")
        return await scenario_result(p.read_text("utf-8"), f"{game}/{p.name}", variant or None,
                                     lambda v: links.scenario(game, name, v))

    @app.post("/scenarios", include_in_schema=False)
    async def scenario_post(request: Request):
        form = await request.form()
        upload = form.get("file")
        name, text = PASTED, str(form.get("yaml") or "")
        if upload is not None and hasattr(upload, "read"):
            raw = await upload.read()
            if raw:
                name = os.path.basename(upload.filename or "") or PASTED
                try:
                    text = _text_body(raw, name)
                except ApiError as err:
                    return scenario_html(error=err.body["error"])
        variant = str(form.get("variant") or "").strip() or None
        if not text.strip():
            return scenario_html(error="paste a scenario's YAML or choose a file")
        return await scenario_result(text, name, variant)

    if s.max_body:
        app.add_middleware(BodyLimit, limit=s.max_body)
    return app


def _status_title(status: int) -> str:
    return {404: "找不到", 413: "请求太大", 422: "无法处理"}.get(status, f"错误 {status}")


def _quote(q: str) -> str:
    return quote(q)


def _title_of(p) -> str:
    from judge.engine.scenario.yamlio import load  # start-up: yamlio (~32 ms) only for a scenario's title

    try:
        data, _ = load(p.read_text("utf-8"), str(p))
    except Exception:          # a bundled file that does not parse: its page says why
        return ""
    return str(data.get("title", "")) if isinstance(data, dict) else ""


def app_from_env():
    """The factory `judge serve --workers N` gives uvicorn (each worker process builds its own app)."""
    return create_app(Settings.from_env())
