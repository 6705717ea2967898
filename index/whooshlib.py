"""Import whoosh without the modules it drags in and never uses.

Two imports of whoosh-reloaded cost a cold `judge search` time for nothing:

- `whoosh.reading` imports the `cached_property` backport for one decorator;
  the backport imports asyncio to support coroutines we never use (~15 ms).
  The standard library has had the same decorator since Python 3.8, so when
  nothing has imported the backport yet we register a module that serves the
  standard one under its name.
- `whoosh.compat` does `from urllib.request import urlretrieve`, which pulls in
  http.client, ssl and the email package (~25 ms); nothing in whoosh calls it.
  When nothing has imported `urllib.request` yet, whoosh.compat is imported
  against a stand-in whose `urlretrieve` imports the real module on its first
  call; the stand-in is removed at once, so any later `import urllib.request`
  (the web server, a user's code) gets the real module.

Both are done by hand because whoosh offers no switch for them; `prepare()` must
run before the first whoosh import (`index.search`, `index.build` call it).
"""
from __future__ import annotations

import sys
import types
from functools import cached_property

_URL = "urllib.request"


def prepare() -> None:
    if "cached_property" not in sys.modules:
        shim = types.ModuleType("cached_property")
        shim.cached_property = cached_property  # type: ignore[attr-defined]
        sys.modules["cached_property"] = shim
    if "whoosh.compat" not in sys.modules and _URL not in sys.modules:
        _import_compat()


def urlretrieve(*args, **kwargs):
    """`urllib.request.urlretrieve`, imported when first called."""
    import urllib.request  # start-up: urllib.request (~12-25 ms: http, ssl, email) only if whoosh ever calls it

    return urllib.request.urlretrieve(*args, **kwargs)


def _import_compat() -> None:
    """Import whoosh.compat with `urllib.request` standing in (see the module docstring)."""
    stand_in = types.ModuleType(_URL)
    stand_in.urlretrieve = urlretrieve  # type: ignore[attr-defined]
    sys.modules[_URL] = stand_in
    try:
        import whoosh.compat  # noqa: F401  start-up: against the stand-in, sparing urllib.request (~12-25 ms)
    finally:
        if sys.modules.get(_URL) is stand_in:
            del sys.modules[_URL]
        parent = sys.modules.get("urllib")
        if parent is not None and getattr(parent, "request", None) is stand_in:
            delattr(parent, "request")
