"""Plain card data both games build the same way from their vocabulary's output."""
from __future__ import annotations


def ability_defs(abilities: list[dict], kinds: tuple, make, prefix: str = "") -> tuple:
    """The game's AbilityDefs (`make(key, kind, spec, text)`) from plain ability dicts: each is the one kind
    given (`triggered: {…}`, or a flag such as `no_ready: true`, whose spec is empty); keys default to
    `a1`, `a2`… in printed order (`prefix` for abilities an effect grants)."""
    out = []
    for i, a in enumerate(abilities, 1):
        kind = next(k for k in kinds if a.get(k) is not None and a.get(k) is not False)
        spec = a[kind] if isinstance(a[kind], dict) else {}
        out.append(make(str(a.get("key") or f"{prefix}a{i}"), kind, spec, a.get("text", "")))
    return tuple(out)
