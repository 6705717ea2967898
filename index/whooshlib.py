"""Import whoosh without the backport it drags in.

whoosh-reloaded imports the `cached_property` backport for one decorator in
`whoosh.reading`; the backport imports asyncio to support coroutines we never
use, which costs ~15 ms of every cold `judge search`. The standard library has
had the same decorator since Python 3.8, so when nothing has imported the
backport yet we register a module that serves the standard one under its name.
"""
from __future__ import annotations

import sys
import types


def prepare() -> None:
    if "cached_property" not in sys.modules:
        from functools import cached_property

        shim = types.ModuleType("cached_property")
        shim.cached_property = cached_property  # type: ignore[attr-defined]
        sys.modules["cached_property"] = shim
