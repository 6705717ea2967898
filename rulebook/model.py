"""The rule graph of one rulebook.

These are plain slotted dataclasses, not pydantic models, on purpose: a cold
`judge rule 420.5c` must stay within twice the start-up of `import typer`, and
defining pydantic models alone costs more than that budget (measured: typer
0.09 s, typer + three pydantic models 0.23 s). The JSON documents we hand to
bots are validated by the pydantic schema in `rulebook.schema`, which is only
imported by `--json` and by tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.dialects import DIALECTS
from rulebook.ids import display, sort_key

# Kinds of node. Every input line belongs to exactly one node (see `Book.nodes`).
FRONT = "front"          # title, preface, credits, table of contents: text that is not a rule
CHAPTER = "chapter"      # "1. 游戏", "## 100. Game Concepts": groups rules, has no rule number of its own
RULE = "rule"            # a numbered rule at any depth: 100, 100.1, 100.1a, 108.3.c.1
EXAMPLE = "example"      # 例：/例如：/举例：/Example: attached to the rule before it
CARD = "card"            # a card quoted by an example (WoW prints them as a card line + text)
BULLET = "bullet"        # "·…" list items inside a rule
GLOSSARY = "glossary"    # a glossary entry (headword, optional English alias, definition)
HEADING = "heading"      # a heading that opens a part of the book without a number (词汇表, 目录)
UNCLASSIFIED = "unclassified"  # a line the parser could not place; reported by `judge lint`



@dataclass(slots=True)
class RuleRef:
    """A cross-reference written in the text of a node ("见规则409.5", "See rule 704.5g").

    `targets` are canonical keys (see `rulebook.ids`); a range such as 603.7d-f
    expands to one target per subrule. `line`/`start`/`end` locate the phrase
    in the source (1-based line, 0-based columns in that line).
    """

    source: str            # uid of the node that contains the reference
    raw: str               # the phrase as written
    targets: list[str]     # canonical ids it points to
    line: int
    start: int
    end: int
    resolved: list[bool] = field(default_factory=list)  # one flag per target

    @property
    def ok(self) -> bool:
        return bool(self.resolved) and all(self.resolved)


@dataclass(slots=True)
class Node:
    """One unit of the rulebook: a rule, an example, a glossary entry, …

    `uid` is unique within the book (duplicated rule numbers get `#2`, `#3`);
    `number` is the rule number as printed (without a trailing dot);
    `raw` is the exact source text of the lines this node owns, line endings
    included, so that concatenating `raw` over `Book.nodes` gives the file back.
    """

    uid: str
    kind: str
    line: int                       # first source line (1-based)
    raw: str
    text: str = ""                  # cleaned text: number stripped, wrapped lines joined
    number: str | None = None       # as printed, e.g. "102.4.a"
    title: str | None = None        # short heading text ("依状态而生的效应"), if any
    parent: str | None = None       # uid
    children: list[str] = field(default_factory=list)   # uids of sub-rules / chapters' rules
    attached: list[str] = field(default_factory=list)   # uids of examples, bullets, cards
    aliases: list[str] = field(default_factory=list)    # other names: English headword, printed forms
    refs: list[RuleRef] = field(default_factory=list)   # references written in this node
    section_path: list[str] = field(default_factory=list)  # Riftbound "所属：A › B"
    alt_text: str = ""              # a bilingual book's second text of the same rule (English after Chinese)

    @property
    def end_line(self) -> int:
        """Last source line (1-based) this node owns."""
        return self.line + self.raw.count("\n") - (1 if self.raw.endswith("\n") else 0)


@dataclass(slots=True)
class Book:
    """A parsed rulebook: nodes in document order plus lookup tables."""

    id: str
    path: str
    sha256: str
    dialect: str
    game: str = ""
    edition: str = ""
    language: str = ""
    title: str = ""
    alt_language: str = ""          # a bilingual book's second language (see Node.alt_text)
    number_style: str = ""          # "joined" (420.5c) or "dotted" (108.3.c.1), as this book prints numbers
    # dialects tried by detection with the share of non-blank lines each understood,
    # best first (only the forced one when --dialect was given); see rulebook.understood
    detection: list[tuple[str, float]] = field(default_factory=list)
    detected: bool = True           # False when the dialect was given (--dialect, a registry entry)
    nodes: list[Node] = field(default_factory=list)
    # canonical key -> uids (more than one when a number is printed twice)
    by_key: dict[str, list[str]] = field(default_factory=dict)
    # glossary headword / alias (casefolded) -> uid
    glossary_index: dict[str, str] = field(default_factory=dict)
    # uid -> uids of nodes whose refs point at it
    cited_by: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[tuple[int, str, str]] = field(default_factory=list)  # (line, code, message)
    _by_uid: dict[str, Node] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.nodes and not self._by_uid:
            self.reindex()

    def reindex(self) -> None:
        self._by_uid = {n.uid: n for n in self.nodes}

    def node(self, uid: str) -> Node:
        return self._by_uid[uid]

    def has(self, uid: str) -> bool:
        return uid in self._by_uid

    def display(self, key: str) -> str:
        """A canonical key (`420.5.c`) printed the way this book prints numbers."""
        d = DIALECTS.get(self.dialect)
        return display(key, self.number_style or (d.style if d else "joined"))

    def child_keys(self, key: str | None = None) -> list[str]:
        """The numbers directly under `key` (None: the top level, chapters
        included), in number order: printed ones, and ones a deeper printed
        number implies (the Riftbound fragments print 128.1 but not 128)."""
        depth = 0 if key is None else key.count(".") + 1
        prefix = "" if key is None else key + "."
        out = {".".join(k.split(".")[: depth + 1]) for k in self.by_key if k.startswith(prefix) and k.count(".") >= depth}
        return sorted(out, key=sort_key)

    def keys_under(self, key: str) -> list[str]:
        """Every printed number below `key`, at any depth (`420` → 420.1, 420.5c, …), in table order."""
        prefix = key + "."
        return [k for k in self.by_key if k.startswith(prefix)]

    def rules(self):
        return (n for n in self.nodes if n.kind == RULE)

    def glossary(self):
        return (n for n in self.nodes if n.kind == GLOSSARY)

    def loose(self):
        """Nodes whose text no rule or glossary entry carries: chapters, front
        matter and headings, unclassified lines, and examples, bullets or cards
        that belong to no rule. Search indexes them too (issue 12: everything a
        user can look up), and `judge rule` finds them by uid."""
        return (n for n in self.nodes
                if n.kind not in (RULE, GLOSSARY) and not (n.kind in (EXAMPLE, BULLET, CARD) and n.parent)
                and (n.text or n.title))

    def breadcrumb(self, node: Node) -> list[Node]:
        """Ancestors from the outermost chapter down to `node` itself."""
        chain = []
        cur: Node | None = node
        seen = set()
        while cur is not None and cur.uid not in seen:
            seen.add(cur.uid)
            chain.append(cur)
            cur = self._by_uid.get(cur.parent) if cur.parent else None
        return list(reversed(chain))
