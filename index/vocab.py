"""The game vocabulary a query is expanded with: synonyms, English names, stop words.

All of it is data in `index/data/` (see the README files there for where each
entry comes from); this module only reads it. Everything returned is already
normalised (`index.normalize.normalize`), so callers compare strings directly.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

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


def read_synonyms(path: Path) -> dict[str, list[str]]:
    """Parse `a b -> c d` (one way) and `a = b = c` (all ways) lines."""
    out: dict[str, list[str]] = {}

    def add(src: str, dst: str) -> None:
        if src != dst and dst not in out.setdefault(src, []):
            out[src].append(dst)

    for line in _lines(path):
        line = normalize(line)
        if "->" in line:
            left, right = line.split("->", 1)
            for s in left.split():
                for d in right.split():
                    add(s, d)
        elif "=" in line:
            group = [w.strip() for w in line.split("=") if w.strip()]
            for s in group:
                for d in group:
                    add(s, d)
        else:
            raise ValueError(f"{path.name}: cannot read line {line!r} (expected `a -> b` or `a = b`)")
    return out


def english_key(phrase: str) -> str:
    """How an English phrase is compared: lower case, stemmed words, single spaces."""
    from index.analysis import stem

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


def snapshot(v: Vocabulary) -> dict:
    """The vocabulary as written into an index (`vocab.json`): parsed, normalised
    and stemmed once at build time instead of at every query."""
    return {"game": v.game, "synonyms": v.synonyms, "english": v.english, "stopwords": sorted(v.stopwords)}


def from_snapshot(d: dict) -> Vocabulary:
    return Vocabulary(d["game"], d["synonyms"], d["english"], frozenset(d["stopwords"]))


@lru_cache(maxsize=None)
def vocabulary(game: str) -> Vocabulary:
    syn: dict[str, list[str]] = {}
    files = [DATA / "synonyms" / "common.txt"]
    if game:  # the game's own table, then generated ones (`mtg-editions.txt`)
        files.append(DATA / "synonyms" / f"{game}.txt")
        try:
            files += sorted((DATA / "synonyms").glob(f"{game}-*.txt"))
        except OSError:
            pass
    for f in files:
        if f.exists():
            for k, vs in read_synonyms(f).items():
                syn.setdefault(k, [])
                syn[k] += [v for v in vs if v not in syn[k]]
    english: dict[str, list[str]] = {}
    f = DATA / "terms" / f"{game}-en.tsv"
    if game and f.exists():
        english = read_terms(f)
    stop = frozenset(normalize(w) for line in _lines(DATA / "stopwords.txt") for w in line.split())
    return Vocabulary(game, syn, english, stop)


def _data_files() -> list[Path]:
    out = []
    for sub in ("", "synonyms", "terms"):
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
    import hashlib

    h = hashlib.sha256()
    for f in _data_files():
        h.update(f.relative_to(DATA).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:8]
