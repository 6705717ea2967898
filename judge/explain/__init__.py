"""Ruling explanations: from a rule, or from an engine trace, to a ruling a judge can read out.

The pipeline has one direction and one document in the middle:

    rule id ─┐                                        ┌─ render_text (plain / rich)
             ├─ rule.py / trace.py → explanation dict ┼─ render_md
    trace  ──┘        (cite.py: rule blocks,          ├─ render_html (one page, linked)
                       glossary, references)          └─ schema.py (JSON, pydantic)

Every sentence about the game in the document is either rulebook text (quoted
from the parsed book) or an engine reason rendered from its template; the
words around them (headings, "为什么没有发生？") come from the language's
template file `judge/data/templates/<lang>/explain.yaml`, so a second language
is a data file, not code. `shorten.py` applies `--max-chars`.
"""
