"""An explanation document → a flat list of typed lines, the one layout every format renders.

Text, rich, Markdown and HTML differ in markup only; what is said and in
which order is decided once, here, so the formats can never disagree. A line
knows its kind (heading, rule text, card, …), its indentation depth, the rule
or glossary id it is the home of (HTML puts the anchor there) and the rule
ids it cites (HTML links them).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.explain.citing import cites_text, is_term
from judge.explain.templates import Templates

TITLE = "title"        # document title
META = "meta"          # book / scenario / source line under the title
H2 = "h2"              # section heading
RULE = "rule"          # heading of a quoted rule: id + where it is (anchor)
TEXT = "text"          # rulebook text (quoted)
ITEM = "item"          # a bullet item of a rule
EXAMPLE = "example"    # an example's text
CARD = "card"          # one line of a card an example quotes
ENTRY = "entry"        # a related rule or glossary entry: label + text (anchor)
STEP = "step"          # a numbered step of the ruling (what the player did, or a game event)
DETAIL = "detail"      # under a step: one rule that fired, what it did, the rule quoted
MISS = "miss"          # a near miss
ANSWER = "answer"      # the 裁定 paragraph
CITES = "cites"        # "参见：…" / a list of rule ids to follow
MISSING = "missing"    # a reference to a rule the book does not contain
NOTE = "note"          # a remark of ours (none, omitted, shortened)


@dataclass
class Line:
    kind: str
    text: str
    depth: int = 0
    anchor: str | None = None           # this line is the home of a rule/glossary id
    cites: list[str] = field(default_factory=list)   # rule ids this line refers to, in order
    suffix: str = ""                    # template text after `text` that holds the cites ("（规则 …）")
    terms: bool = False                 # a quoted rule's own text: HTML links its glossary headwords


def outline(doc: dict, t: Templates) -> list[Line]:
    out: list[Line] = []
    related = {r["id"]: r for r in doc["related"]}
    if doc["kind"] == "rule":
        glossary_only = all(b["kind"] == "glossary" for b in doc["rules"])
        out.append(Line(TITLE, t("headings.term" if glossary_only else "headings.rule", label=doc["title"])))
        out.append(Line(META, t("labels.book", title=doc["book_title"])))
        for block in doc["rules"]:
            _rule_explained(out, block, related, t)
    else:
        out.append(Line(TITLE, t("headings.scenario", title=doc["title"])))
        scen = doc.get("scenario") or {}
        out.append(Line(META, t("labels.book", title=doc["book_title"])))
        if scen.get("path"):
            out.append(Line(META, t("labels.scenario_file", path=scen["path"])))
        if scen.get("variant") and scen["variant"] not in doc["title"]:
            out.append(Line(META, t("labels.variant", variant=scen["variant"])))
        if scen.get("variant") and scen.get("title") and scen["title"] != doc["title"]:
            out.append(Line(META, t("labels.variant_of", title=scen["title"])))
        if scen.get("source"):
            src = t("labels.cites_sep").join(scen["source"])
            if scen.get("example"):
                src = t("labels.source_example", source=src, example=scen["example"])
            out.append(Line(META, t("labels.source", source=src), cites=list(scen.get("source_ids", []))))
        out.append(Line(H2, t("headings.answer")))
        out.append(Line(ANSWER, doc["answer"] or t("labels.none"), 1, cites=list(doc.get("answer_cites", []))))
        out.append(Line(H2, t("headings.steps")))
        if not doc["steps"] and not doc.get("steps_omitted"):
            out.append(Line(NOTE, t("labels.none"), 1))
        for s in doc["steps"]:
            bare = not s["details"]      # shortened: the step cites its rules itself
            out.append(Line(STEP, t("steps.item", n=s["n"], text=s["text"]), 1,
                            cites=s["rules"] if bare else [], suffix=_cites(s["rules"], t) if bare else ""))
            for d in s["details"]:
                out.append(Line(DETAIL, t("steps.detail", text=d["text"]), 2, cites=[d["rule"]] if d["rule"] else [],
                                suffix=d["quote"]))
        if doc.get("steps_omitted"):
            out.append(Line(NOTE, t("labels.omitted", n=doc["steps_omitted"]), 1))
        if doc["near_misses"]:
            out.append(Line(H2, t("headings.near_misses")))
            for m in doc["near_misses"]:
                out.append(Line(MISS, t("near_misses.item", text=m["text"]), 1, cites=[m["rule"]], suffix=m["quote"]))
        out.append(Line(H2, t("headings.cited")))
        for block in doc["rules"]:
            _rule_cited(out, block, t)
        if related:
            out.append(Line(H2, t("headings.related")))
            for r in doc["related"]:
                _related(out, r, 1, t)
    if doc["glossary"]:
        out.append(Line(H2, t("headings.glossary")))
        for g in doc["glossary"]:
            out.append(Line(ENTRY, _term(g, t), 1, anchor=g["id"]))
    if doc.get("shortened"):
        out.append(Line(NOTE, t("labels.shortened", max_chars=doc.get("max_chars", 0))))
    return out


def _cites(ids: list[str], t: Templates) -> str:
    return cites_text(ids, t)


def _path(crumbs: list[str], t: Templates) -> str:
    return t("labels.breadcrumb_sep").join(crumbs)


def _rule_explained(out: list[Line], b: dict, related: dict, t: Templates) -> None:
    """`judge explain 709.2a`: the rule, its examples, what it cites and what cites it."""
    out.append(Line(RULE, t("labels.breadcrumb", path=_path(b["breadcrumb"], t)), anchor=b["id"]))
    out.append(Line(H2, t("headings.definition" if b["kind"] == "glossary" else "headings.text")))
    _body(out, b, 1)
    if b["examples"] or b.get("examples_omitted"):
        out.append(Line(H2, t("headings.examples")))
        for ex in b["examples"]:
            out.append(Line(EXAMPLE, ex["text"], 1))
            for card in ex["cards"]:
                for ln in _card_lines(card["text"]):
                    out.append(Line(CARD, ln, 2))
        if b.get("examples_omitted"):
            out.append(Line(NOTE, t("labels.omitted", n=b["examples_omitted"]), 1))
    out.append(Line(H2, t("headings.refs_out")))
    _quoted(out, b["refs_out"], related, t)
    for m in b["missing_refs"]:
        out.append(Line(MISSING, t("labels.missing_ref", raw=m["raw"], target=m["target"]), 1))
    if not b["refs_out"] and not b["missing_refs"]:
        out.append(Line(NOTE, t("labels.none"), 1))
    out.append(Line(H2, t("headings.cited_by")))
    where = {c["id"]: c for c in b.get("cited_in", [])}
    for uid in b["cited_by"]:
        _quoted(out, [uid], related, t)
        _cited_where(out, where.get(uid), t)
    if not b["cited_by"]:
        out.append(Line(NOTE, t("labels.none"), 1))
    if b.get("mechanisms"):
        out.append(Line(H2, t("headings.mechanisms")))
        _quoted(out, b["mechanisms"], related, t)
    if b["subrules"]:
        out.append(Line(H2, t("headings.subrules")))
        if b.get("quote_subrules"):        # a heading (502.2 先攻): what it says is in its subrules
            _quoted(out, b["subrules"], related, t)
        else:
            out.append(Line(CITES, t("labels.cites_sep").join(b["subrules"]), 1, cites=list(b["subrules"])))


def _cited_where(out: list[Line], cite: dict | None, t: Templates) -> None:
    """Under a citing rule whose citation sits in its example (item, card), not its own text: that example,
    quoted — 704.5a is cited by the example under 704.7, and 704.7's rule sentence does not mention it."""
    if not cite or not cite["quotes"]:
        return
    label = t("labels.cited_in_example" if "text" not in cite["where"] else "labels.cited_also_in_example")
    out.append(Line(NOTE, label, 2))
    for q in cite["quotes"]:
        out.append(Line(EXAMPLE, q, 2))


def _quoted(out: list[Line], uids: list[str], related: dict, t: Templates) -> None:
    """Rules a rule points to, or that point to it: each quoted one level deep, or (shortened away) its id."""
    for uid in uids:
        if uid in related:
            _related(out, related[uid], 1, t)
        else:
            out.append(Line(CITES, uid, 1, cites=[uid]))


def _rule_cited(out: list[Line], b: dict, t: Templates) -> None:
    """A rule a scenario's ruling rests on: full text, then where it points."""
    head = _path(b["breadcrumb"], t) if is_term(b["id"]) else \
        t("labels.rule_heading", id=b["id"], path=_path(b["breadcrumb"], t))   # a glossary entry: its place says it
    out.append(Line(RULE, head, 1, anchor=b["id"]))
    _body(out, b, 2)
    if b["refs_out"]:
        out.append(Line(CITES, t("labels.refs_line", ids=t("labels.cites_sep").join(b["refs_out"])), 2,
                        cites=list(b["refs_out"])))
    for m in b["missing_refs"]:
        out.append(Line(MISSING, t("labels.missing_ref", raw=m["raw"], target=m["target"]), 2))


def _body(out: list[Line], b: dict, depth: int) -> None:
    if b["text"]:
        out.append(Line(TEXT, b["text"], depth, terms=True))
    for item in b["items"]:
        out.append(Line(ITEM, item, depth + 1, terms=True))
    for card in b["cards"]:
        for ln in _card_lines(card["text"]):
            out.append(Line(CARD, ln, depth + 1))


def _related(out: list[Line], r: dict, depth: int, t: Templates) -> None:
    if r["text"]:
        out.append(Line(ENTRY, t("labels.related", label=r["label"], text=r["text"]), depth, anchor=r["id"]))
    else:
        out.append(Line(ENTRY, t("labels.related_heading", label=r["label"]), depth, anchor=r["id"]))
    for item in r["items"]:
        out.append(Line(ITEM, item, depth + 1))
    for c in r["contents"]:
        out.append(Line(TEXT, t("labels.contents_item", id=c["id"], text=c["text"]), depth + 1, anchor=c["id"]))
    if r.get("contents_omitted"):
        out.append(Line(NOTE, t("labels.omitted", n=r["contents_omitted"]), depth + 1))


def _term(g: dict, t: Templates) -> str:
    aliases = t("labels.term_aliases", aliases=t("labels.term_aliases_sep").join(g["aliases"])) if g["aliases"] else ""
    return t("labels.term", headword=g["headword"], aliases=aliases, text=g["text"])


def _card_lines(text: str) -> list[str]:
    """A quoted card, one printed paragraph a line (the book marks paragraphs with <p>)."""
    return [p for ln in text.split("\n") for p in ln.split("<p>") if p.strip()]
