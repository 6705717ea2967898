"""`judge diff` and the `--in` / `--lang` parts of `judge rule`: editions and translations.

Only typer is imported at module level. The aligner (numpy, scipy) is
imported only when an alignment is not in the cache yet; diff-match-patch
only when a diff is shown; rich only on a terminal.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from judge.app import app
from judge.commands.common import BOOK_HELP, fail, open_book


def _emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _note(message: str) -> None:
    sys.stderr.write(f"judge: note: {message}\n")


def alignment(old, new):
    """The cached alignment of two books; says so on stderr when it has to be computed."""
    from rulebook.editions.cache import cache_file, cached_alignment  # start-up: rulebook.editions.cache (~16 ms) would load at every `judge` start

    if not cache_file(old, new).exists():
        _note(f"aligning {old.id} with {new.id} (once per pair of book versions; a few seconds for the full rules)")
    return cached_alignment(old, new)


class Bridge:
    """An alignment computed through a translation (`bridge`): `via` is its id, `old` and `new` the books of
    one language whose texts are compared (the translation stands in for one of the two books)."""

    def __init__(self, via: str, old, new):
        self.via, self.old, self.new = via, old, new


def bridge(book_ref: str, book, other_ref: str, other):
    """The alignment of `book` with `other`, and the `Bridge` it went through, if any.

    Two books of one language are aligned directly, and so are the two languages of one edition (a
    translation: the same rules). Across languages *and* editions (the English 2022 rules and the
    Chinese 2026 ones) the aligner has only a learned lexicon and the tree's shape, and it looks for no
    splits: 96 % of the English 2022 → Chinese 2026 matches agree with the Chinese 2022 → 2026 ones, 85 %
    of the renumbered rules, no split found. So when a registered translation of one book into the
    other's language links to it (same game and edition, ids checked: `check_link`), the alignment is
    that of the one language, and the rule numbers carry over the translation unchanged."""
    from rulebook import all_books  # start-up: rulebook.books (~14 ms) would load at every `judge` start
    from rulebook.editions.link import check_link, edition_of, edition_of_book, translations  # start-up: rulebook.editions.link (~7 ms) would load at every `judge` start
    from rulebook.editions.units import language_of  # start-up: rulebook.editions.units (~8 ms) would load at every `judge` start

    la, lb = language_of(book), language_of(other)
    infos = all_books()

    def edition(ref, b):
        info = infos.get(ref)
        return edition_of(info, b) if info is not None else edition_of_book(b)

    ea, eb = edition(book_ref, book), edition(other_ref, other)
    if la == lb or (ea.group and ea.group == eb.group):
        return alignment(book, other), None
    for own, lang, side in ((ea, lb, "old"), (eb, la, "new")):
        for info in translations(own, infos.values(), lang):
            t = open_book(info.id)
            if not check_link(book if side == "old" else other, t).linked:
                continue
            _note(f"{book.id} ({la}) and {other.id} ({lb}) differ in language and edition: "
                  f"aligned through {t.id}, the {lang} translation of {(book if side == 'old' else other).id}")
            if side == "old":
                return alignment(t, other), Bridge(t.id, t, other)
            return alignment(book, t), Bridge(t.id, book, t)
    _note(f"{book.id} ({la}) and {other.id} ({lb}) differ in language and edition, and no registered translation "
          f"links them: aligned by shape and a learned lexicon alone (less sure; no splits looked for)")
    return alignment(book, other), None


def show_in(book, query: str, hits, other_ref: str, as_json: bool, color: Optional[bool], book_ref: str = "") -> None:
    """`judge rule Q --book B --in OTHER`: the rule(s) in B and their counterparts in OTHER."""
    from rulebook.lookup import WITH_SUBRULES  # start-up: rulebook.lookup (~8 ms) would load at every `judge` start

    from judge.editions import counterpart_doc, print_counterparts  # start-up: judge.editions (~20 ms) would load at every `judge` start
    from judge.render import print_rules  # start-up: judge.render (~2 ms) would load at every `judge` start
    from judge.ruledoc import descendants, lookup_doc  # start-up: judge.ruledoc (~10 ms) would load at every `judge` start

    other = open_book(other_ref)
    if other.sha256 == book.sha256:
        fail(f"--in {other_ref} is the same book as --book {book.id}")
    al, via = bridge(book_ref or book.id, book, other_ref, other)
    uids = []
    for h in hits:
        uids.append(h.node.uid)
        if h.mode == WITH_SUBRULES:
            uids += [d.uid for d in descendants(book, h.node)]
    uids = [u for u in dict.fromkeys(uids) if book.has(u)]
    docs = [counterpart_doc(al, book, other, uid, via) for uid in uids]
    if as_json:
        _emit_json({"query": query, "book": book.id, "in": other.id, "rules": docs})
        return
    print_rules(lookup_doc(book, query, hits), rich=color)
    for d in docs:
        sys.stdout.write("\n")
        sys.stdout.flush()
        print_counterparts(d, rich=color)


def linked_books(book_ref: str, book, languages: list[str]):
    """The books of the same game and edition in `languages`, `book` itself for its own language.

    Game, edition and language are the registry's (`judge books add --game --edition --language`)
    and, where it says nothing or the book was opened by path, the book's own metadata."""
    from rulebook import all_books  # start-up: rulebook.books (~14 ms) would load at every `judge` start
    from rulebook.editions.link import edition_of, edition_of_book, translations  # start-up: rulebook.editions.link (~7 ms) would load at every `judge` start
    from rulebook.editions.units import language_of  # start-up: rulebook.editions.units (~8 ms) would load at every `judge` start

    infos = all_books()
    info = infos.get(book_ref)
    own = language_of(book)
    edition = edition_of(info, book) if info is not None else edition_of_book(book)
    out = []
    for lang in languages:
        if lang == own:
            out.append((lang, book))
            continue
        if not edition.group:
            fail(f"--lang {lang}: the game or edition of {book.id!r} is unknown, so its translations are unknown; "
                 f"register both with `judge books add PATH --id ID --game G --edition E --language zh|en`")
        found = translations(edition, infos.values(), lang)
        if not found:
            fail(f"--lang {lang}: no {lang} book of {book.game or edition.game} edition {book.edition or edition.edition} "
                 f"is registered (`judge books add PATH --id ID --game {edition.game!r} "
                 f"--edition {book.edition or edition.edition!r} --language {lang}`)")
        out.append((lang, open_book(found[0].id)))
    return out


def show_languages(book_ref: str, book, query: str, languages: list[str], as_json: bool, color: Optional[bool]) -> None:
    """`judge rule Q --book B --lang zh,en`: the same rule in each language, linked by id (checked)."""
    from rulebook.editions.link import check_link  # start-up: rulebook.editions.link (~7 ms) would load at every `judge` start
    from rulebook.lookup import NotFound, lookup  # start-up: rulebook.lookup (~8 ms) would load at every `judge` start

    from judge.ruledoc import lookup_doc  # start-up: judge.ruledoc (~10 ms) would load at every `judge` start

    books = linked_books(book_ref, book, languages)
    docs = []
    for lang, b in books:
        if b is not book:
            report = check_link(book, b)
            if not report.linked:
                fail(f"{book.id} and {b.id} share only {report.share:.0%} of their rule ids: not the same edition")
        try:
            hits = lookup(b, query)
        except NotFound as e:
            fail(f"{b.id} ({lang}): {e}", 1)
        if b is not book:
            for h in hits:
                why = report.mismatched.get(h.node.uid)
                if why:
                    _note(f"{h.node.uid} differs in shape between {book.id} and {b.id} ({why}); check the pairing")
        docs.append((lang, lookup_doc(b, query, hits)))
    emit_languages(docs, query, as_json, color)


def emit_languages(docs: list[tuple[str, dict]], query: str, as_json: bool, color: Optional[bool]) -> None:
    """The same rule or entry in each language, one after the other (`[zh] book`, then its panel)."""
    from judge.render import print_rules  # start-up: judge.render (~2 ms) would load at every `judge` start

    if as_json:
        _emit_json({"query": query, "languages": [{**doc, "language": lang} for lang, doc in docs]})
        return
    for k, (lang, doc) in enumerate(docs):
        if k:
            sys.stdout.write("\n")
        sys.stdout.write(f"[{lang}] {doc['book']}\n")
        sys.stdout.flush()
        print_rules(doc, rich=color)


def show_define_languages(book_ref: str, book, uid: str, query: str, languages: list[str], as_json: bool,
                          color: Optional[bool]) -> None:
    """`judge define TERM --book B --lang zh,en`: the entry and its counterpart in the linked book of each
    language. Glossary entries have no numbers and each language sorts its own: they are linked by the
    rules they cite, their place and the learned lexicon (`rulebook.editions.glossary`)."""
    from rulebook.editions.cache import cached_glossary_links  # start-up: rulebook.editions.cache (~16 ms) would load at every `judge` start
    from rulebook.editions.link import check_link  # start-up: rulebook.editions.link (~7 ms) would load at every `judge` start
    from rulebook.lookup import ENTRY, Hit  # start-up: rulebook.lookup (~8 ms) would load at every `judge` start

    from judge.ruledoc import lookup_doc  # start-up: judge.ruledoc (~10 ms) would load at every `judge` start

    docs = []
    for lang, b in linked_books(book_ref, book, languages):
        if b is book:
            docs.append((lang, lookup_doc(b, query, [Hit(b.node(uid), ENTRY)])))
            continue
        report = check_link(book, b)
        if not report.linked:
            fail(f"{book.id} and {b.id} share only {report.share:.0%} of their rule ids: not the same edition")
        link = next((x for x in cached_glossary_links(book, b) if x.first == uid), None)
        if link is None:
            fail(f"{b.id} ({lang}): no glossary entry is linked to {book.node(uid).title!r}", 1)
        docs.append((lang, lookup_doc(b, f"glossary:{b.node(link.second).title}", [Hit(b.node(link.second), ENTRY)])))
    emit_languages(docs, query, as_json, color)


def originals(doc: dict, book_ref: str, book, lang: str) -> list[dict]:
    """`judge explain … --also-lang en`: the rules an explanation quotes, in the linked
    book of `lang` (same edition, same ids, the link checked)."""
    from rulebook.editions.link import check_link  # start-up: rulebook.editions.link (~7 ms) would load at every `judge` start

    (_, other), = linked_books(book_ref, book, [lang])
    report = check_link(book, other) if other is not book else None
    if report is not None and not report.linked:
        fail(f"{book.id} and {other.id} share only {report.share:.0%} of their rule ids: not the same edition")
    ids: dict[str, None] = {}

    def walk(x) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("id"), str) and "text" in x and "breadcrumb" in x:
                ids.setdefault(x["id"], None)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(doc)
    out = []
    for uid in ids:
        if other.has(uid):
            note = report.mismatched.get(uid) if report else None
            out.append({"id": uid, "language": lang, "book": other.id, "text": other.node(uid).text,
                        "check": note or "ok"})
    return out


def originals_text(items: list[dict], fmt: str) -> str:
    """The quoted rules in the other language, after the explanation."""
    if not items:
        return ""
    head = f"原文（{items[0]['language']}，{items[0]['book']}）"
    if fmt == "md":
        return "\n".join(["", f"## {head}", ""] + [f"- **{i['id']}** {i['text']}" for i in items]) + "\n"
    return "\n".join(["", head] + [f"  {i['id']}  {i['text']}" for i in items]) + "\n"


def grouped_rows(rows: list[dict]) -> list[dict]:
    """`judge books` rows with the editions of each game together, oldest first, the languages of
    one edition side by side (`rulebook.editions.link.row_order`: the rows' own game, edition and
    language, which come from the registry or else from the book's metadata)."""
    from rulebook.editions.link import row_order  # start-up: rulebook.editions.link (~7 ms) would load at every `judge` start

    return sorted(rows, key=row_order)


def via_translation(book_ref: str, text: str, limit: int, hits: list, run, open_index) -> list:
    """`judge search "deathtouch first strike" --book cr2022`: an English query on a
    Chinese book also searches the linked English book of the same edition (same
    rule ids, `judge books add … --language en`), and its results are brought
    back as the Chinese rules, fused with the Chinese results by reciprocal rank.

    Returns `hits` unchanged when the query is not English or no English book is linked."""
    letters = [c for c in text if c.isalpha()]
    if not letters or sum(c.isascii() for c in letters) / len(letters) < 0.8:
        return hits
    from dataclasses import replace  # start-up: dataclasses (~0.4 ms) would load at every `judge` start

    from rulebook.books import all_books  # start-up: rulebook.books (~14 ms) would load at every `judge` start

    from rulebook.editions.link import edition_of, translations  # start-up: rulebook.editions.link (~7 ms) would load at every `judge` start

    infos = all_books()
    info = infos.get(book_ref)
    if info is None:
        return hits
    edition = edition_of(info)
    if edition.language == "en":
        return hits
    linked = translations(edition, infos.values(), "en")
    if not linked:
        return hits
    own = open_index(book_ref)
    english = run(open_index(linked[0].id), text, limit)
    brought = []
    for h in english:
        same = run(own, h.uid, 1)
        if same and same[0].uid == h.uid:
            brought.append(same[0])
    fused: dict[str, float] = {}
    best: dict[str, object] = {}
    for ranked in (hits, brought):
        for rank, h in enumerate(ranked):
            fused[h.uid] = fused.get(h.uid, 0.0) + 1.0 / (60 + rank)
            best.setdefault(h.uid, h)
    order = sorted(fused, key=lambda u: -fused[u])[:limit]
    return [replace(best[u], score=round(fused[u] * 100, 3), match=best[u].match if best[u] in hits else "text")
            for u in order]


@app.command()
def diff(
    old: str = typer.Argument(..., help="The older book (id or path)."),
    new: str = typer.Argument(..., help="The newer book (id or path)."),
    rule: Optional[List[str]] = typer.Option(None, "--rule", "-r", help="Only changes at or under this rule or section (in either book): 704, 704.5, 704.5j. Repeatable."),
    kind: Optional[List[str]] = typer.Option(None, "--kind", "-k", help="Only these kinds: renumbered, reworded, references, split, merged, added, removed, unchanged. Repeatable."),
    as_json: bool = typer.Option(False, "--json", help="The bulletin as JSON (docs/editions.md)."),
    markdown: bool = typer.Option(False, "--markdown", help="The bulletin as Markdown, for a forum post."),
    lexicon: bool = typer.Option(False, "--lexicon", help="Only the renamed terms, as lines of the search lexicon (index/data/lexicon, kind edition)."),
    limit: Optional[int] = typer.Option(None, "--limit", "-n", help="At most this many changes of each kind in text output."),
    color: Optional[bool] = typer.Option(None, "--color/--plain", help="Force rich or plain output (default: rich on a terminal)."),
) -> None:
    """What changed from OLD to NEW: an update bulletin of added, removed, reworded and renumbered rules,
    split and merged ones, glossary changes and renamed terms."""
    from rulebook.editions.changes import KINDS, bulletin  # start-up: rulebook.editions.changes (~17 ms) would load at every `judge` start

    from judge.editions import as_asked, bulletin_doc, markdown_bulletin, print_bulletin  # start-up: judge.editions (~20 ms) would load at every `judge` start

    for k in kind or []:
        if k not in KINDS:
            fail(f"--kind {k!r}: expected one of {', '.join(KINDS)}")
    a, b = open_book(old), open_book(new)
    if a.sha256 == b.sha256:
        fail(f"{old} and {new} are the same book")
    al, via = bridge(old, a, new, b)
    bul = bulletin(al, via.old, via.new) if via is not None else bulletin(al, a, b)
    if lexicon:
        sys.stdout.write(lexicon_lines(bul, a, b))
        return
    doc = as_asked(bulletin_doc(bul, rules=rule, kinds=kind), a, b, via)
    if as_json:
        _emit_json(doc)
    elif markdown:
        sys.stdout.write(markdown_bulletin(doc))
    else:
        print_bulletin(doc, rich=color, limit=limit)


def lexicon_lines(bul, a, b) -> str:
    """The renamed terms as lines of the search lexicon (index/data/lexicon/README.md):
    typed, relation, book, kind, source — kind `edition`, the source saying where each was read."""
    old_name, new_name = _edition_name(a), _edition_name(b)
    out = [f"# Terms renamed from {old_name} to {new_name} (old word -> current word).",
           "# Columns: typed, relation, book, kind, source.",
           f"# Generated by `judge diff {a.id} {b.id} --lexicon` from the rule alignment (rulebook/editions):",
           "# renamed glossary entries, renamed rule headings, and phrases the aligned rules replace. Do not edit",
           "# by hand; regenerate.",
           ]
    for t in bul.terms:
        how = {"glossary": f"renamed glossary entry {t.example}", "heading": f"renamed heading of rule {t.example}"}.get(
            t.source, f"replaced in {t.evidence} aligned rules, e.g. {t.example}")
        out.append(f"{t.old}\t->\t{t.new}\tedition\t{old_name} {t.old}, {new_name} {t.new}: {how} (editions tool)")
    return "\n".join(out) + "\n"


def _edition_name(book) -> str:
    return f"{book.id} ({book.edition})" if book.edition else Path(book.id).name
