"""The named fields of a `str.format` template: one function for the engine's reason templates
(`judge.engine.reasons.bad_fields`) and the explain templates (`judge.explain.templates`).

A module of its own so that the explain templates load without the engine core: `judge explain RULE`
replays nothing and imports no engine (measured: importing `judge.engine.reasons` for this adds ~15 ms to it).
"""
from __future__ import annotations

import string


def fields_of(template: str) -> set[str]:
    """The names a template needs: `"{who} 受到 {n[0]} 点{what.name}"` → `{"who", "n", "what"}` (an attribute or an
    index is read from the field it follows; `{{` is a literal brace)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}
