"""Mana symbols, costs and payment (104.3, 203, 409.1f–h).

Costs are written as printed in the Chinese rules ({二}{黑}, {绿/白}, {横置})
or in the usual English shorthand ({2}{B}, {G/W}, {T}); both parse to the
same symbols. Internally colours are W U B R G and colourless mana is C.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import product

from judge.engine.games.mtg.words import MANA_SYMBOLS, NUMERALS, TAP_SYMBOL, say

COLOR_ZH = dict(MANA_SYMBOLS)                       # W → the book's colour word (白)
ZH_COLOR = {v: k for k, v in COLOR_ZH.items()}
ORDER = "WUBRGC"
_NUM = {w: n for n, w in enumerate(NUMERALS)}       # the book's numerals 零 … 十
_TEN = NUMERALS[10]
_ZERO = "{" + NUMERALS[0] + "}"
_COLOR_WORDS = " ".join(COLOR_ZH[c] for c in ORDER)
_SYM = re.compile(r"\{([^{}]+)\}")


def _num(s: str) -> int | None:
    if s.isdigit():
        return int(s)
    if s and all(ch in _NUM for ch in s):
        if len(s) == 1:
            return _NUM[s]
        if s[0] == _TEN:
            return 10 + _NUM[s[1]]
        if len(s) == 2 and s[1] == _TEN:
            return _NUM[s[0]] * 10
        if len(s) == 3 and s[1] == _TEN:
            return _NUM[s[0]] * 10 + _NUM[s[2]]
    return None


def _color(s: str) -> str | None:
    s = s.strip()
    if s in ZH_COLOR:
        return ZH_COLOR[s]
    if s.upper() in ("W", "U", "B", "R", "G", "C"):
        return s.upper()
    return None


@lru_cache(maxsize=4096)
def parse_cost(text: str) -> tuple:
    """'{二}{黑}{横置}' → (2, 'B', 'T'); hybrid '{绿/白}' → ('G', 'W')."""
    text = (text or "").strip()
    if not text:
        return ()
    rest = _SYM.sub("", text).strip(" ,，")
    if rest:
        raise ValueError(f"cannot read cost {text!r}: write symbols in braces, e.g. "
                         f"{{{NUMERALS[2]}}}{{{COLOR_ZH['B']}}} or {{2}}{{B}}")
    out = []
    for raw in _SYM.findall(text):
        s = raw.strip()
        n = _num(s)
        if n is not None:
            out.append(n)
        elif s in (TAP_SYMBOL, "T"):
            out.append("T")
        elif s.upper() in ("X", "Y", "Z"):
            out.append("X")
        elif "/" in s:
            a, b = (_color(x) for x in s.split("/"))
            if not a or not b or a == "C" or b == "C":
                raise ValueError(f"unknown hybrid mana symbol {{{s}}}")
            out.append((a, b))
        else:
            c = _color(s)
            if not c or c == "C":
                raise ValueError(f"unknown mana symbol {{{s}}} (colours: {_COLOR_WORDS[:-3]} or W U B R G; numbers; "
                                 f"{TAP_SYMBOL})")
            out.append(c)
    return tuple(out)


def dominant(options: list[dict], pool: dict) -> dict | None:
    """The payment among `options` (several ways to pay one cost from `pool`) that leaves a pool able to pay
    whatever any other option's leftover could: at least as much of every colour left as any other option leaves.
    All options spend the same amount, so such a payment only ever leaves less colourless mana — which pays
    nothing but generic costs (104.3b), and a coloured mana pays those as well; mana burn (300.3) counts the
    amount, not the colours. None when no option is that (say {1} paid with {R} or with {G}: another colour left
    each way)."""
    lefts = [left_after(pool, o) for o in options]
    for o, left in zip(options, lefts):
        if all(left.get(c, 0) >= other.get(c, 0) for other in lefts for c in ORDER if c != "C"):
            return o
    return None


def default_payment(options: list[dict], pool: dict) -> dict:
    """The `choose` keywords for a payment nobody specified: the dominant one (`dominant`) as the default, with
    why a ruling shows for it; none (the choice is the scenario's to make) when no payment is dominant."""
    best = dominant(options, pool)
    if best is None:
        return {}
    return {"default": show(best), "why": say("pay.dominant", paid=show(best), left=show(left_after(pool, best)))}


def choose_spend(game, actor: str, subject: str, options: list[dict], pay=None, refuse=None,
                 hint: str = "different payments leave different mana in the pool; give `pay:` on the action") -> dict:
    """Which of `options` (the ways to pay one cost from `actor`'s pool, `payments`) he spends: the one his
    `pay:` names — naming none of them is refused by `refuse(want, keys)`, the caller's rule —, the only one, or
    his choice (`choices: {pay: …}`), taken unasked only where one payment is dominant (`default_payment`, the
    trace says why). Paying a spell's or an ability's cost, a combat cost, a cost on resolution and a special
    action's cost all choose so."""
    keys = [show(o) for o in options]
    if pay is not None:
        want = show(parse_pool(pay)) if not isinstance(pay, str) or "{" in pay else pay
        if want not in keys:
            raise refuse(want, keys)
        return options[keys.index(want)]
    if len(options) == 1:
        return options[0]
    ans = game.choose("pay", subject, by=actor, options=keys, hint=hint,
                      **default_payment(options, game.by_name[actor].pool))
    return options[keys.index(ans)]


def left_after(pool: dict, spend: dict) -> dict:
    """The mana pool once `spend` (colour → amount, already checked payable) is taken out of it; a colour used up
    is no longer in it. Paying a spell's, an ability's and a combat cost all spend this way."""
    left = dict(pool)
    for col, n in spend.items():
        left[col] -= n
        if not left[col]:
            del left[col]
    return left


def mana_value(cost: tuple, x: int = 0) -> int:
    """Converted mana cost (203.3): X counts as 0 except on the stack."""
    total = 0
    for s in cost:
        if isinstance(s, int):
            total += s
        elif s == "X":
            total += x
        elif s != "T":
            total += 1
    return total


def colors_of(cost: tuple) -> list[str]:
    """Colour from mana cost (203.2), including both halves of hybrid symbols (203.2e)."""
    seen = []
    for s in cost:
        cs = s if isinstance(s, tuple) else ((s,) if isinstance(s, str) and s in "WUBRG" and len(s) == 1 else ())
        for c in cs:
            if c not in seen:
                seen.append(c)
    return [COLOR_ZH[c] for c in ORDER if c in seen]


def parse_added(text: str) -> tuple[dict[str, int], list[tuple[str, str]], int]:
    """What "add … to your mana pool" adds: (the fixed mana, the hybrid symbols whose colour the player picks
    (104.3g), how much of the fixed mana came from numerals, which is colourless (104.3d))."""
    fixed: dict[str, int] = {}
    hybrids: list[tuple[str, str]] = []
    numerals = 0
    for s in parse_cost(text):
        if isinstance(s, int):
            fixed["C"] = fixed.get("C", 0) + s
            numerals += s
        elif isinstance(s, tuple):
            hybrids.append(s)
        elif isinstance(s, str) and s in ORDER:
            fixed[s] = fixed.get(s, 0) + 1
        else:
            raise ValueError(f"a mana ability adds coloured, colourless or hybrid mana, not {s!r}")
    return fixed, hybrids, numerals


def parse_pool(v) -> dict[str, int]:
    """A scenario's mana pool: {红: 2} or '{红}{红}' → {'R': 2}."""
    if not v:
        return {}
    if isinstance(v, str):
        out: dict[str, int] = {}
        for s in parse_cost(v):
            if isinstance(s, int):
                out["C"] = out.get("C", 0) + s
            elif isinstance(s, str) and s in ORDER:
                out[s] = out.get(s, 0) + 1
            else:
                raise ValueError(f"a mana pool holds coloured or colourless mana, not {s!r}")
        return out
    out = {}
    for k, n in v.items():
        c = _color(str(k))
        if c is None:
            raise ValueError(f"unknown mana colour {k!r} ({_COLOR_WORDS})")
        if n:
            out[c] = out.get(c, 0) + int(n)
    return out


def show(mana: dict[str, int]) -> str:
    """{'R': 2, 'C': 1} → '{一}{红}{红}'."""
    parts = []
    if mana.get("C"):
        parts.append("{" + str(mana["C"]) + "}")
    for c in "WUBRG":
        parts.extend(["{" + COLOR_ZH[c] + "}"] * mana.get(c, 0))
    return "".join(parts) or _ZERO


def show_cost(cost: tuple) -> str:
    out = []
    for s in cost:
        if isinstance(s, int):
            out.append("{" + str(s) + "}")
        elif isinstance(s, tuple):
            out.append("{" + COLOR_ZH[s[0]] + "/" + COLOR_ZH[s[1]] + "}")
        elif s == "T":
            out.append("{" + TAP_SYMBOL + "}")
        elif s == "X":
            out.append("{X}")
        else:
            out.append("{" + COLOR_ZH[s] + "}")
    return "".join(out) or _ZERO


def adjust(cost: tuple, reduce: int = 0, increase: int = 0, x: int = 0) -> tuple:
    """Total cost (409.1f): X fixed, generic increased then reduced (never below zero)."""
    generic = sum(s for s in cost if isinstance(s, int)) + increase + (x * cost.count("X"))
    generic = max(0, generic - reduce)
    rest = tuple(s for s in cost if not isinstance(s, int) and s not in ("X", "T"))
    return ((generic,) if generic else ()) + rest


def payments(cost: tuple, pool: dict[str, int]) -> list[dict[str, int]]:
    """Every distinct way to pay the mana part of `cost` from `pool` (104.3f hybrid, 409.1h)."""
    generic = sum(s for s in cost if isinstance(s, int))
    colored = [s for s in cost if isinstance(s, str) and s in "WUBRG"]
    hybrid = [s for s in cost if isinstance(s, tuple)]
    results: dict[tuple, dict[str, int]] = {}
    for picks in product(*hybrid) if hybrid else [()]:
        need: dict[str, int] = {}
        for c in (*colored, *picks):
            need[c] = need.get(c, 0) + 1
        left = dict(pool)
        ok = True
        for c, n in need.items():
            if left.get(c, 0) < n:
                ok = False
                break
            left[c] -= n
        if not ok:
            continue
        for gen in _generic(left, generic):
            spend = dict(need)
            for c, n in gen.items():
                spend[c] = spend.get(c, 0) + n
            key = tuple(spend.get(c, 0) for c in ORDER)
            results[key] = {c: spend[c] for c in ORDER if spend.get(c)}
    return [results[k] for k in sorted(results, reverse=True)]


def plan(cost: tuple, spend: dict[str, int]) -> dict:
    """How `spend` (one of `payments(cost, …)`) pays each part of `cost`: what a judge reads under 203.1, 104.3a,
    104.3b and 104.3f. `colored`: [(colour, paid with)] — always the same colour (104.3a); `hybrid`: [((a, b),
    the colour chosen)] (104.3f); `generic`: (amount, {colour: n}) paid with whatever is left (104.3b)."""
    colored = [s for s in cost if isinstance(s, str) and s in "WUBRG"]
    hybrid = [s for s in cost if isinstance(s, tuple)]
    generic = sum(s for s in cost if isinstance(s, int))
    for picks in product(*hybrid) if hybrid else [()]:
        left = dict(spend)
        ok = True
        for c in (*colored, *picks):
            if left.get(c, 0) < 1:
                ok = False
                break
            left[c] -= 1
        if ok and sum(left.values()) == generic:
            return {"colored": [(c, c) for c in colored], "hybrid": list(zip(hybrid, picks)),
                    "generic": (generic, {c: n for c, n in left.items() if n})}
    raise ValueError(f"{spend} does not pay {cost}")


def symbol(s) -> str:
    """One cost symbol as printed: {红}, {绿/白}, {二}, {X}, {横置}."""
    return show_cost((s,))


def _generic(left: dict[str, int], n: int):
    colors = [c for c in ORDER if left.get(c)]

    def rec(i, n):
        if n == 0:
            yield {}
            return
        if i == len(colors):
            return
        c = colors[i]
        for take in range(min(left[c], n), -1, -1):
            for rest in rec(i + 1, n - take):
                d = dict(rest)
                if take:
                    d[c] = take
                yield d

    yield from rec(0, n)
