"""裁定: the paragraph a judge reads out — the decisive chain with its rules, then the result.

    裁定：<what decided it, in order>（规则 …）。规则 X 没有适用：<why not>。结果：<facts>。<who won>。

- the decisive chain (`chain.py`), each act in the engine's words, the rules
  it rests on cited after it;
- for each rule the scenario expects not to apply and that applied nowhere:
  "规则 X 没有适用" with the engine's reason (its near miss) — only with a
  reason: a rule not applying for no stated reason is padding;
- 结果 (`result.py`), and who won or lost unless the chain already said so.

Every 裁定 cites at least one rule: when nothing in the trace decided what the
scenario checks (nothing happened), the scenario's own rule is cited with
the result.
"""
from __future__ import annotations

from judge.explain.citing import Cites, cites_text, name
from judge.explain.names import Names
from judge.explain.steps import sentence
from judge.explain.templates import Templates
from judge.explain.view import Act


def compose(chain: list[Act], not_applied: list[tuple[str, str | None]], final: list[str], trace: dict,
            names: Names, cites: Cites, t: Templates, fallback: list[str]) -> tuple[str, list[str]]:
    """The 裁定 paragraph and the rules it cites, in order. `not_applied`: (rule id, why or None);
    `fallback`: rules to cite when the chain is empty (the scenario's source rules)."""
    counted: dict[str, list[Act]] = {}
    for a in chain:
        counted.setdefault(sentence(a, names, t), []).append(a)
    # the same act again on the same things (one life gained per land) is counted; one sentence that two
    # acts share because it names both (the legend rule, once per legend) is said once
    sentences = [t("answer.times", text=s, n=len(acts)) if len(acts) > 1 and _same_subjects(acts) else s
                 for s, acts in counted.items()]
    ids = [u for u in dict.fromkeys(cites.cite(a.rule) for a in chain) if u is not None]
    parts: list[str] = []
    if sentences:
        parts.append(t("answer.sentence_sep").join(sentences) + cites_text(ids, t))
    for uid, why in not_applied:
        if why is None or why in sentences:
            continue
        parts.append(t("answer.not_applied_because", rule=name(uid, t), why=why))
        cites.cite(uid)
        ids.append(uid)
    if final:
        items = t("answer.final_sep").join(final)
        if not ids and fallback:
            items += cites_text(fallback, t)
            ids.extend(fallback)
            for u in fallback:
                cites.order.setdefault(u, None)
        parts.append(t("answer.final", items=items) if parts else items)
    said = {(c.subject, c.attr) for a in chain for c in a.changes if c.after is True}
    result = trace.get("result") or {}
    lost = [p for p in result.get("lost") or [] if (p, "lost") not in said]
    if result.get("winner"):
        if (result["winner"], "won") not in said:
            parts.append(t("answer.winner", player=result["winner"]))
    elif lost:
        parts.append(t("answer.lost", players=t("labels.cites_sep").join(lost)))
    if not parts:
        parts.append(t("answer.nothing") + cites_text(fallback, t))
        ids.extend(fallback)
        for u in fallback:
            cites.order.setdefault(u, None)
    return t("answer.lead", text=t("answer.part_sep").join(parts) + t("answer.end")), list(dict.fromkeys(ids))


def _same_subjects(acts: list[Act]) -> bool:
    """The same thing done again: what each act changed (else what it involved) is the same."""
    def key(a: Act) -> set[str]:
        return {c.subject for c in a.changes} or a.subjects()
    return all(key(a) == key(acts[0]) for a in acts)
