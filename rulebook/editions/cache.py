"""Alignments cached like parsed books.

An alignment of the full Comprehensive Rules takes seconds; `judge rule
420.5e --in cr2026` must not pay that each time. The result is pickled in
`<user cache dir>/alignments/`, keyed by both books' content hashes, the
parser fingerprint (the books' graphs depend on it) and the aligner's own
fingerprint (its version and a hash of its source files), so that a changed
book or aligner never serves a stale alignment. A file lock per key makes a
second process wait for the first one's result instead of computing it too.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from rulebook.editions.align import ALIGNER_VERSION, Alignment, align
from rulebook.model import Book
from rulebook.paths import cache_dir
from rulebook.version import parser_fingerprint

_SOURCES = ("align.py", "splits.py", "textsim.py", "units.py", "changes.py", "terms.py", "glossary.py")
_FINGERPRINT: list[str] = []


def aligner_fingerprint() -> str:
    """ALIGNER_VERSION plus a hash of the aligner's source files."""
    if not _FINGERPRINT:
        h = hashlib.sha256(ALIGNER_VERSION.encode())
        here = Path(__file__).parent
        for name in _SOURCES:
            h.update((here / name).read_bytes())
        _FINGERPRINT.append(f"{ALIGNER_VERSION}-{h.hexdigest()[:12]}")
    return _FINGERPRINT[0]


def cache_file(old: Book, new: Book, use_ids: bool = False) -> Path:
    key = f"{old.sha256[:16]}-{new.sha256[:16]}-p{parser_fingerprint()}-a{aligner_fingerprint()}{'-ids' if use_ids else ''}"
    return cache_dir() / "alignments" / f"{key}.pickle"


def cached_alignment(old: Book, new: Book, *, use_ids: bool = False, use_cache: bool = True) -> Alignment:
    """The alignment of `old` to `new`, from the cache when possible (with its
    glossary and term changes, which the bulletin reads)."""
    from filelock import FileLock  # start-up: filelock (~10 ms: logging, decimal) only where the cache is locked

    path = cache_file(old, new, use_ids)
    if use_cache:
        hit = _read(path, old, new)
        if hit is not None:
            return hit
    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(path) + ".lock", timeout=300):
        if use_cache:
            hit = _read(path, old, new)
            if hit is not None:
                return hit
        from rulebook.editions.changes import glossary_changes, term_changes  # start-up: changes (~5 ms) only on a cache miss

        al = align(old, new, use_ids=use_ids)
        al.glossary = glossary_changes(old, new)
        al.terms = term_changes(al, old, new, al.glossary)
        if use_cache:
            _write(path, al)
    return al


def cached_glossary_links(first: Book, second: Book, *, use_cache: bool = True) -> list:
    """The glossary links of two translations of one edition (`glossary.link_glossaries`),
    cached like alignments: `judge define --lang` must not learn the lexicon each time."""
    from filelock import FileLock  # start-up: as above

    from rulebook.editions.glossary import link_glossaries  # start-up: glossary (~1.5 ms) only for `define --lang`

    key = f"{first.sha256[:16]}-{second.sha256[:16]}-p{parser_fingerprint()}-a{aligner_fingerprint()}"
    path = cache_dir() / "alignments" / f"{key}-glossary.pickle"
    if use_cache:
        hit = _load(path)
        if isinstance(hit, list):
            return hit
    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(path) + ".lock", timeout=300):
        hit = _load(path) if use_cache else None
        if isinstance(hit, list):
            return hit
        links = link_glossaries(first, second)
        if use_cache:
            _write(path, links)
    return links


def _load(path: Path):
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except Exception:  # missing, corrupt or foreign: computed again and overwritten
        return None


def _read(path: Path, old: Book, new: Book) -> Alignment | None:
    al = _load(path)
    if not isinstance(al, Alignment) or (al.old_sha256, al.new_sha256) != (old.sha256, new.sha256):
        return None
    al.old_book, al.new_book = old.id, new.id
    return al


def _write(path: Path, al) -> None:
    import tempfile  # start-up: tempfile (~1-2 ms: random, shutil) only when the cache is written

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(al, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
