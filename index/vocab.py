"""The game vocabulary a query is expanded with: synonyms, English names, stop words.

All of it is data in `index/data/` (see the README files there for where each
entry comes from); this module only reads it. Everything returned is already
normalised (`index.normalize.normalize`), so callers compare strings directly.
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from index.analysis import stem
from index.normalize import normalize

DATA = Path(__file__).resolve().parent / "data"
GAMES = ("mtg", "wow", "riftbound")


def game_of(dialect: str) -> str:
    """The vocabulary a parser dialect uses (`riftbound-md` → `riftbound`)."""
    for g in GAMES:
        if dialect == g or dialect.startswith(g + "-"):
            return g
    return ""


@dataclass
class Vocabulary:
    """Expansions for one game: `synonyms[word]` → words searched with lower weight;
    `english[phrase]` → Chinese terms (phrase = stemmed lower-case words joined by spaces)."""

    game: str
    synonyms: dict[str, list[str]] = field(default_factory=dict)
    english: dict[str, list[str]] = field(default_factory=dict)
    stopwords: frozenset[str] = frozenset()
    # word → {expansion: weight}, for expansions not searched at `SYNONYM`
    weights: dict[str, dict[str, float]] = field(default_factory=dict)
    # kind of question → {"asks": phrases of a question, "answers": words of a rule} (`asks.txt`)
    asks: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def user_words(self) -> set[str]:
        """Every Chinese word the tables name: the segmenter must keep them whole.
        Stop words too: a question word the book never uses (怎么样, 什么意思) is
        missing from the pruned dictionary and would be cut into characters that
        are not stop words (怎/样), each then searched for."""
        words = set(self.synonyms) | {w for w in self.stopwords if len(w) > 1}
        for vs in self.synonyms.values():
            words.update(vs)
        for vs in self.english.values():
            words.update(vs)
        return {w for w in words if _HAN.search(w)}


_HAN = re.compile(r"[\u3400-\u9fff]")


def _lines(path: Path):
    for raw in path.read_text("utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            yield line


# Kinds of lexicon entry (`index/data/lexicon/README.md`) and the weight an
# expansion of each kind is searched with, below the words typed (1.0).
KINDS = {
    "player": 0.5,        # what players and judges say at a table (slang, abbreviations)
    "general": 0.5,       # everyday Chinese wording for what the rules word formally
    "regional": 0.5,      # Taiwan/Hong Kong vs mainland wording
    "rules": 0.5,         # the rules text's own alternative wording
    "edition": 0.5,       # the same rules term in an older or newer translation
    "abbreviation": 0.5,  # an English abbreviation or loanword players use
    "informal": 0.5,      # a name the rulebook itself says is informal or old (被称为“…”, 旧译…)
    "thesaurus": 0.3,     # a general-language synonym dictionary
}
SYNONYM = 0.5  # the weight of a kind not listed above


@dataclass
class Entry:
    """One lexicon line: `typed` words → `book` words (both ways when `relation` is `=`)."""

    typed: list[str]
    relation: str   # -> | =
    book: list[str]
    kind: str
    source: str
    line: int = 0


def read_lexicon(path: Path) -> list[Entry]:
    """Parse a lexicon table: `typed<TAB>relation<TAB>book<TAB>kind<TAB>source`,
    `#` comment lines. A line that does not fit raises ValueError naming the file and line."""
    out: list[Entry] = []
    for n, raw in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        cols = [c.strip() for c in raw.split("\t")]
        if len(cols) != 5 or not all(cols):
            raise ValueError(f"{path}:{n}: expected 5 tab-separated columns "
                             f"(typed, relation, book, kind, source), got {raw!r}")
        typed, rel, book, kind, source = cols
        if rel not in ("->", "="):
            raise ValueError(f"{path}:{n}: relation must be -> or =, got {rel!r}")
        if kind not in KINDS:
            raise ValueError(f"{path}:{n}: unknown kind {kind!r} (one of {', '.join(KINDS)})")
        out.append(Entry(normalize(typed).split(), rel, normalize(book).split(), kind, source, n))
    return out


def expansions(entries: list[Entry]) -> tuple[dict[str, list[str]], dict[str, dict[str, float]]]:
    """Lexicon entries → (word → words it also searches, in table order;
    word → {expansion: weight} for the expansions whose weight is not `SYNONYM`).
    A pair listed twice keeps its highest weight."""
    syn: dict[str, list[str]] = {}
    weight: dict[str, dict[str, float]] = {}

    def add(src: str, dst: str, w: float) -> None:
        if src == dst:
            return
        if dst not in syn.setdefault(src, []):
            syn[src].append(dst)
            if w != SYNONYM:
                weight.setdefault(src, {})[dst] = w
        else:
            old = weight.get(src, {}).get(dst, SYNONYM)
            if w > old:
                if w == SYNONYM:
                    weight[src].pop(dst, None)
                else:
                    weight.setdefault(src, {})[dst] = w

    for e in entries:
        w = KINDS.get(e.kind, SYNONYM)
        group = e.typed + e.book
        for s in (group if e.relation == "=" else e.typed):
            for d in (group if e.relation == "=" else e.book):
                add(s, d, w)
    return syn, {k: v for k, v in weight.items() if v}


def lexicon_files(game: str) -> list[Path]:
    """The tables a game reads, in order: `common.tsv`, `{game}.tsv`, then the
    game's other tables (`{game}-editions.tsv`, generated ones) by name."""
    d = DATA / "lexicon"
    files = [d / "common.tsv"]
    if game:
        files.append(d / f"{game}.tsv")
        try:
            files += sorted(f for f in d.glob(f"{game}-*.tsv"))
        except OSError:
            pass
    return [f for f in files if f.exists()]


def english_key(phrase: str) -> str:
    """How an English phrase is compared: lower case, stemmed words, single spaces."""
    return " ".join(stem(w) for w in re.findall(r"[a-z]+(?:'[a-z]+)?", normalize(phrase)))


def read_terms(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in _lines(path):
        parts = line.split("\t")
        if len(parts) < 2:
            continue
        key, zh = english_key(parts[0]), normalize(parts[1].strip())
        if key and zh and zh not in out.setdefault(key, []):
            out[key].append(zh)
    return out


def read_asks(path: Path) -> dict[str, dict[str, list[str]]]:
    """Parse `asks.txt`: `[kind]` sections with `asks = …` and `answers = …` lines."""
    out: dict[str, dict[str, list[str]]] = {}
    kind = None
    for line in _lines(path):
        if line.startswith("[") and line.endswith("]"):
            kind = line[1:-1].strip()
            out[kind] = {"asks": [], "answers": []}
            continue
        key, sep, value = line.partition("=")
        key = key.strip()
        if kind is None or not sep or key not in ("asks", "answers"):
            raise ValueError(f"{path.name}: cannot read line {line!r} (expected `[kind]`, `asks = …` or `answers = …`)")
        out[kind][key] += [normalize(w) for w in value.split()]
    return out


def snapshot(v: Vocabulary) -> dict:
    """The vocabulary as written into an index (`vocab.json`): parsed, normalised
    and stemmed once at build time instead of at every query."""
    return {"game": v.game, "synonyms": v.synonyms, "english": v.english, "stopwords": sorted(v.stopwords),
            "weights": v.weights, "asks": v.asks}


def from_snapshot(d: dict) -> Vocabulary:
    return Vocabulary(d["game"], d["synonyms"], d["english"], frozenset(d["stopwords"]),
                      d.get("weights", {}), d.get("asks", {}))


@lru_cache(maxsize=None)
def vocabulary(game: str) -> Vocabulary:
    entries = [e for f in lexicon_files(game) for e in read_lexicon(f)]
    syn, weights = expansions(entries)
    english: dict[str, list[str]] = {}
    f = DATA / "terms" / f"{game}-en.tsv"
    if game and f.exists():
        english = read_terms(f)
    stop = frozenset(normalize(w) for line in _lines(DATA / "stopwords.txt") for w in line.split())
    asks = read_asks(DATA / "asks.txt") if (DATA / "asks.txt").exists() else {}
    return Vocabulary(game, syn, english, stop, weights, asks)


def _data_files() -> list[Path]:
    out = []
    for sub in ("", "lexicon", "terms"):
        try:
            with os.scandir(DATA / sub) as it:
                out += [Path(e.path) for e in it if e.is_file() and e.name.endswith((".txt", ".tsv"))]
        except FileNotFoundError:  # an installation that left a table folder out: search without it
            pass
    return sorted(out)


def data_stamp() -> list:
    """Sizes and modification times of the data files: a cheap check that
    `data_digest` would still give the same answer."""
    out = []
    for f in _data_files():
        st = os.stat(f)
        out.append([f.name, st.st_size, st.st_mtime_ns])
    return out


@lru_cache(maxsize=1)
def data_digest() -> str:
    """A short hash of every data file: part of the index key, since user words
    from these tables change how the books are segmented."""

    h = hashlib.sha256()
    for f in _data_files():
        h.update(f.relative_to(DATA).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:8]
