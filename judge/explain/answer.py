"""裁定: the paragraph a judge reads out — the answer first, then its reason.

    裁定：<the result: who won, the facts checked>。理由：<what decided it, in order>（规则 …）。规则 X 没有适用：<why not>。

At a table a judge gives the answer, then the reason ("灰熊在坟墓场。理由：…"):

- the result: how the game ended when it did (who won, a draw, who lost),
  said first even when the chain says it too, then the checked facts
  (`result.py`);
- 理由: the decisive chain (`chain.py`), each act in the engine's words, the
  rules it rests on cited after it. With no result before it, the chain is the
  answer itself and has no label (a ruling about whether a rule fires);
- for each rule the scenario expects not to apply and that applied nowhere:
  "规则 X 没有适用" with the engine's reason (its near miss) — only with a
  reason: a rule not applying for no stated reason is padding.

Every 裁定 cites at least one rule: when nothing in the trace decided what the
scenario checks (nothing happened), the scenario's own rule is cited after
the result, or after "nothing changed" when there is no result either.
The rules are cited (`Cites.order`) chain first, then the rules not applied,
then the fallback — the order they are read in.
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
    `fallback`: rules to cite when nothing else is cited (the scenario's source rules)."""
    sentences = _sentences(chain, names, t)
    ids = [u for u in dict.fromkeys(cites.cite(a.rule) for a in chain) if u is not None]
    reason = t("answer.sentence_sep").join(sentences) + cites_text(ids, t)     # "" for no chain (no ids either)
    missing: list[str] = []
    for uid, why in not_applied:
        if why is None or why in sentences:
            continue
        missing.append(t("answer.not_applied_because", rule=name(uid, t), why=why))
        cites.cite(uid)
        ids.append(uid)
    outcome = _outcome(final, trace, t)
    if outcome and not ids and fallback:
        outcome[-1] += cites_text(fallback, t)
        _cite_fallback(ids, cites, fallback)
    parts = list(outcome)
    if reason:
        parts.append(t("answer.reason", text=reason) if outcome else reason)
    parts.extend(missing)
    if not parts:
        parts.append(t("answer.nothing") + cites_text(fallback, t))
        _cite_fallback(ids, cites, fallback)
    return t("answer.lead", text=t("answer.part_sep").join(parts) + t("answer.end")), list(dict.fromkeys(ids))


def _sentences(chain: list[Act], names: Names, t: Templates) -> list[str]:
    """The chain's acts in the engine's words. The same act again on the same things (one life gained per
    land) is counted; one sentence that two acts share because it names both (the legend rule, once per
    legend) is said once."""
    counted: dict[str, list[Act]] = {}
    for a in chain:
        counted.setdefault(sentence(a, names, t), []).append(a)
    return [t("answer.times", text=s, n=len(acts)) if len(acts) > 1 and _same_subjects(acts) else s
            for s, acts in counted.items()]


def _outcome(final: list[str], trace: dict, t: Templates) -> list[str]:
    """The answer: how the game ended when it did — who won, a draw (every player lost at once) or who lost —
    then the checked facts (one sentence). The verdict leads even when an act of the chain says it too: the
    chain is the reason, in the engine's words; the answer is what a judge announces first."""
    out = []
    result = trace.get("result") or {}
    lost = list(result.get("lost") or [])
    players = list(trace.get("players") or [])
    if result.get("winner"):
        out.append(t("answer.winner", player=result["winner"]))
    elif len(lost) > 1 and players and set(lost) == set(players):
        out.append(t("answer.draw", players=t("labels.cites_sep").join(lost)))
    elif lost:
        out.append(t("answer.lost", players=t("labels.cites_sep").join(lost)))
    if final:
        out.append(t("answer.final_sep").join(final))
    return out


def _cite_fallback(ids: list[str], cites: Cites, fallback: list[str]) -> None:
    ids.extend(fallback)
    for u in fallback:
        cites.order.setdefault(u, None)


def _same_subjects(acts: list[Act]) -> bool:
    """The same thing done again: what each act changed (else what it involved) is the same."""
    def key(a: Act) -> set[str]:
        return {c.subject for c in a.changes} or a.subjects()
    return all(key(a) == key(acts[0]) for a in acts)
