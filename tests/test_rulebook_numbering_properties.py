"""Property tests: rule numbers of random depth and separator style, with or
without a trailing dot, indented or marked up, all become rules whose hierarchy
is read from the number itself (issue 12)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook import ids, parse_text
from rulebook.lookup import lookup
from rulebook.model import CHAPTER, RULE


@st.composite
def numbered_books(draw):
    """A random rule tree printed in one consistent style. Returns (text, keys
    in document order, {key: parent key})."""
    top_digits = draw(st.sampled_from([1, 3, 4]))
    dotted = draw(st.booleans())            # 103.1.b.1 (dotted) or 100.1a (joined)
    trailing = draw(st.booleans())          # a dot after every number
    markup = draw(st.sampled_from(["plain", "indent", "bold", "html", "bullet"]))
    first_top = draw(st.integers(0 if top_digits > 1 else 1, 9 if top_digits == 1 else 900))
    keys: list[str] = []
    parents: dict[str, str | None] = {}

    def children(prefix: list[str], depth: int, max_depth: int) -> None:
        if depth >= max_depth:
            return
        n = draw(st.integers(0, 3))
        letters = prefix and prefix[-1].isdigit() and depth >= 2 and draw(st.booleans())
        for i in range(n):
            comp = ids.LETTERS[i] if letters else str(i + draw(st.integers(0, 1)) if i == 0 else i + 1)
            key = prefix + [comp]
            keys.append(".".join(key))
            parents[".".join(key)] = ".".join(prefix)
            children(key, depth + 1, max_depth)

    tops = draw(st.integers(1, 3))
    max_depth = draw(st.integers(1, 5))
    for t in range(tops):
        top = str(first_top + t).zfill(top_digits)
        keys.append(top)
        parents[top] = None
        before = len(keys)
        children([top], 1, max_depth)
        if t == 0 and len(keys) == before:          # an undotted first heading opens its rules
            keys.append(top + ".1")
            parents[top + ".1"] = top
    lines = []
    for key in keys:
        parts = key.split(".")
        printed = ids.display(key, "dotted" if dotted else "joined") + ("." if trailing else "")
        depth = len(parts)
        text = f"Section {key}" if depth == 1 else f"The rule numbered {key} says something."
        if markup == "indent":
            line = "   " * (depth - 1) + f"{printed} {text}"
        elif markup == "bold":
            line = f"**{printed}** {text}"
        elif markup == "html":
            line = f"<b id='cr{key.replace('.', '-')}'>{printed}</b> {text}"
        elif markup == "bullet":
            line = "    " * (depth - 1) + f"* **{printed}** {text}"
        else:
            line = f"{printed} {text}"
        lines.append(line)
    return "\n".join(lines) + "\n", keys, parents


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(numbered_books())
def test_every_number_is_a_rule_under_its_printed_parent(case):
    text, keys, parents = case
    book = parse_text(text)
    assert "".join(n.raw for n in book.nodes) == text
    # a top-level "1. Section 1" may be read as a chapter: a numbered node all the same
    numbered = [n for n in book.nodes if n.kind in (RULE, CHAPTER)]
    assert [ids.key_of(n.number) for n in numbered] == keys, book.dialect
    for key in keys:
        (uid,) = book.by_key[key]
        node = book.node(uid)
        parent = parents[key]
        assert node.parent == (book.by_key[parent][0] if parent else None)
        # any separators a judge types find it: 100.1a ≡ 100.1.a ≡ 100.1a.
        for typed in (ids.display(key, "dotted"), ids.display(key, "joined"), ids.display(key, "joined") + "."):
            assert lookup(book, typed)[0].node is node
    assert book.detection[0][1] == 1.0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 60), min_size=1, max_size=6))
def test_keys_and_display_round_trip(comps):
    # a number of random depth: digits and subrule letters alternate as books print them
    parts = [str(c) if i % 2 == 0 or i == 1 else ids.LETTERS[c % len(ids.LETTERS)] for i, c in enumerate(comps)]
    key = ".".join(parts)
    for style in ("joined", "dotted"):
        assert ids.key_of(ids.display(key, style)) == key
