"""A book's metadata read from its own text: language, game, edition.

A user may give them (`judge books add --game --edition --lang`); otherwise the
parser reads them here, so that an English book shows English labels and
`judge books` says what each added book is. Reading is conservative: a field
stays empty rather than guessed when the text does not say.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from rulebook.model import EXAMPLE, FRONT, GLOSSARY, RULE, Book

_GAMES = Path(__file__).parent / "data" / "games.json"
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")
_KANA = re.compile(r"[\u3041-\u309f\u30a0-\u30fa\u30fc-\u30ff]")   # hiragana, katakana (ー; not the middle dot ・ Chinese names use)
KANA_MIN = 5
# Characters whose Simplified and Traditional forms differ, frequent in rules text.
_HANT = set("們這個規則會時發處與對說為從還動點無見將體當應開關經過進戰場張術連結觸權數錄傳滅")
_HANS = set("们这个规则会时发处与对说为从还动点无见将体当应开关经过进战场张术连结触权数录传灭")
_SAMPLE_LINES = 60          # game names and dates are read from the top of the file

_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"], 1)}
_DATES = [
    # "effective as of February 7, 2025"
    (re.compile(r"\b(?P<mon>January|February|March|April|May|June|July|August|September|October|November|December)"
                r"\s+(?P<d>\d{1,2}),\s*(?P<y>\d{4})", re.I), "mdy"),
    # "2022年4月29日", "2025-10-01", "2006/10/1", and the cut-off "2025-10-"
    (re.compile(r"(?P<y>(?:19|20)\d{2})\s*(?:年|[-/.])\s*(?P<m>\d{1,2})(?:\s*(?:月|[-/.])\s*(?P<d>\d{1,2}))?"), "ymd"),
]


def script_of(text: str) -> str:
    """"zh" for text that is mostly Chinese (or Japanese), "en" for Latin-script text, "" for neither."""
    cjk = len(_CJK.findall(text)) + len(_KANA.findall(text))
    latin = len(_LATIN.findall(text))
    if cjk == 0 and latin == 0:
        return ""
    return "zh" if cjk * 3 >= latin else "en"


def language_of(texts: list[str]) -> str:
    """A BCP-47-ish tag for a sample of rule texts: zh-Hans, zh-Hant, ja or en. Japanese writes its
    kanji among kana (このゲームは2人で対戦します); Chinese text has none."""
    joined = "\n".join(texts)
    s = script_of(joined)
    if s != "zh":
        return s
    kana = len(_KANA.findall(joined))
    if kana >= KANA_MIN and kana * 5 >= len(_CJK.findall(joined)):
        return "ja"
    hant = sum(1 for ch in joined if ch in _HANT)
    hans = sum(1 for ch in joined if ch in _HANS)
    return "zh-Hant" if hant > hans else "zh-Hans"


def _head(book: Book) -> str:
    """The text at the top of the file, where titles, games and dates are printed."""
    out = []
    for n in book.nodes:
        out.extend(n.raw.splitlines())
        if len(out) >= _SAMPLE_LINES:
            break
    return "\n".join(out[:_SAMPLE_LINES])


def game_of(text: str) -> str:
    """The game whose name appears first in `text`, or ""."""
    games = json.loads(_GAMES.read_text("utf-8"))["games"]
    best: tuple[int, str] | None = None
    for g in games:
        for name in g["names"]:
            m = _name_pattern(name).search(text)
            if m and (best is None or m.start() < best[0]):
                best = (m.start(), g["game"])
    return best[1] if best else ""


def _name_pattern(name: str) -> re.Pattern:
    """A game's name as a whole word: "MTG" inside a run of letters or digits
    (random text, a base64 blob, "xMTGy") names no game. Chinese names have no
    word boundaries and match anywhere."""
    word = re.compile(r"[A-Za-z0-9]")
    before = r"(?<![A-Za-z0-9])" if word.match(name[0]) else ""
    after = r"(?![A-Za-z0-9])" if word.match(name[-1]) else ""
    return re.compile(before + re.escape(name) + after)


def edition_of(text: str) -> str:
    """The first date printed at the top of the file, as ISO (2025-02-07, or 2025-10 when the day is cut off)."""
    found: list[tuple[int, str]] = []
    for rx, form in _DATES:
        for m in rx.finditer(text):       # the first date of each form that is a date (2025-13-40 is not)
            if form == "mdy":
                iso = f"{int(m.group('y')):04d}-{_MONTHS[m.group('mon').lower()]:02d}-{int(m.group('d')):02d}"
            else:
                month = int(m.group("m"))
                if not 1 <= month <= 12:
                    continue
                iso = f"{int(m.group('y')):04d}-{month:02d}" + (f"-{int(m.group('d')):02d}" if m.group("d") else "")
            found.append((m.start(), iso))
            break
    return min(found)[1] if found else ""


def detect_metadata(book: Book) -> None:
    """Fill the book's language (and a bilingual book's second language), game
    and edition from its text, where they are not set already."""
    rules = [n for n in book.nodes if n.kind in (RULE, EXAMPLE, GLOSSARY)]
    sample = [n.text for n in rules[:400]]
    if not book.language:
        book.language = language_of(sample) if any(sample) else language_of([n.text for n in book.nodes if n.kind == FRONT])
    with_alt = [n.alt_text for n in rules if n.alt_text]
    if not book.alt_language and rules and len(with_alt) * 3 >= len([n for n in rules if n.kind == RULE]):
        book.alt_language = language_of(with_alt[:400])
    head = _head(book)
    if not book.game:
        book.game = game_of(head)
    if not book.edition:
        book.edition = edition_of(head)
