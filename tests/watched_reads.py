"""A test helper: watch what a module reads from the files it opens (memory bounds are read sizes)."""
from __future__ import annotations

import builtins


class _Watched:
    def __init__(self, fh, reads: list):
        self.fh, self.reads = fh, reads

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.fh.close()

    def read(self, size=-1):
        data = self.fh.read(size)
        self.reads.append((size, len(data)))
        return data


def watch_reads(monkeypatch, module) -> list[tuple[int, int]]:
    """`open` inside `module` hands out files that record (size asked, bytes got) for every read."""
    reads: list[tuple[int, int]] = []
    monkeypatch.setattr(module, "open", lambda *a, **k: _Watched(builtins.open(*a, **k), reads), raising=False)
    return reads
