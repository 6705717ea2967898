"""结果: what the replay ended with, as far as it matters for the game.

The facts the scenario checks that ended different from how they began — the
bear went to the graveyard, the hero has 3 damage, the dog is 4/4 — and the
damage, life and poison the decisive chain changed even when the scenario
does not check them (damage is what a WoW fight is about). A checked fact
that did not change is said only when it is the point: nothing checked
changed at all, or the action that would have changed it was refused
(双色精灵仍在手牌). A card that merely went where every resolved spell goes
(a frame act, explain-select.yaml) is not a result.

Values come from the trace: its last change of each fact, or — for a fact no
act changed — the value the scenario expects, which the replay verified (a
ruling is only written for a scenario that passes its own expectations).
"""
from __future__ import annotations

from judge.engine import reasons
from judge.explain.chain import attrs_of, decider
from judge.explain.focus import CHARACTERISTICS, Fact, Focus
from judge.explain.names import Names
from judge.explain.templates import Templates
from judge.explain.view import Act, TraceView

SCORES = ("damage", "life", "poison")      # what a fight changes: said whenever the chain changed it


def _fact_order(focus: Focus, chain: list[Act], view: TraceView) -> list[Fact]:
    facts = list(focus.facts)
    have = {(f.subject, f.attr) for f in facts}
    for a in chain:
        for c in a.changes:
            if c.attr in SCORES and (c.subject, c.attr) not in have and view.net_changed(c.subject, c.attr):
                have.add((c.subject, c.attr))
                facts.append(Fact(c.subject, c.attr, c.attr))
    return facts


def _reset_by_leaving(view: TraceView, f: Fact) -> bool:
    """A fact the act that moved its object to another zone cleared (the damage a destroyed creature had,
    gone with it): its new zone says it; "再生者上没有伤害" of a card in the graveyard says nothing. What the
    move set (the controller of a card put onto the battlefield) is a result."""
    if view.final(f.subject, f.attr) not in (0, None):      # 0 is also False (untapped); a zone is never empty
        return False
    d = decider(view, f.subject, f.attr)
    return d is not None and d.changed(f.subject, "zone")


def changed_facts(view: TraceView, focus: Focus, frame: frozenset[str]) -> tuple[set[Fact], set[Fact]]:
    """(checked facts that changed, of which those only a frame act changed)."""
    changed, framed = set(), set()
    for f in focus.facts:
        d = decider(view, f.subject, f.attr)
        if d is not None:
            changed.add(f)
            while d is not None and d.reason in frame:
                d = view.cause(d)
            if d is None:      # only a frame act moved it (a resolved spell to its owner's graveyard)
                framed.add(f)
    return changed, framed


def items(view: TraceView, focus: Focus, chain: list[Act], expect: dict, names: Names, t: Templates,
          zones: dict[str, str], frame: frozenset[str]) -> list[str]:
    changed, framed = changed_facts(view, focus, frame)
    refused_about = {s for a in view.refused() for s in a.subjects()}
    facts = _fact_order(focus, chain, view)
    shown_changed = [f for f in facts if (f in changed and f not in framed) or f not in focus.facts]
    out: list[str] = []
    grouped: dict[tuple[str, bool], list[str]] = {}     # tapped / untapped: one item for all of them
    by_zone: dict[tuple[str, bool], list[str]] = {}
    for f in facts:
        moved = f in changed or f not in focus.facts      # what the chain changed beyond the checks did change
        if f in focus.facts and not moved and shown_changed and f.subject not in refused_about:
            continue
        if f in framed or _reset_by_leaving(view, f):
            continue
        if f.attr == "zone":
            zone = view.objects[f.subject]["zone"] if f.subject in view.objects else None
            if zone is not None:
                by_zone.setdefault((zone, moved), []).append(names.show(f.subject))
            continue
        if f.attr == "tapped":
            v = view.final(f.subject, "tapped") if moved else (expect.get("tapped") or {}).get(f.subject)
            if v is not None:
                grouped.setdefault(("answer.final_tapped" if v else "answer.final_untapped", True), []).append(
                    names.show(f.subject))
            continue
        text = _fact(view, f, moved, expect, names, t)
        if text:
            out.append(text)
    zone_items = []
    special = t.data.get("answer", {}).get("final_zone_by_zone", {})
    for (zone, moved), objs in by_zone.items():
        key = "answer.final_zone" if moved else "answer.final_zone_kept"
        if moved and zone in special:
            key = f"answer.final_zone_by_zone.{zone}"
        zone_items.append(t(key, object=t("labels.list_sep").join(objs), zone=zones.get(zone, zone)))
    out += [t(key, object=t("labels.list_sep").join(objs)) for (key, _), objs in grouped.items()]
    return zone_items + out


def _fact(view: TraceView, f: Fact, moved: bool, expect: dict, names: Names, t: Templates) -> str:
    obj = names.show(f.subject)
    checked = expect.get(f.key)
    given = checked.get(f.subject) if isinstance(checked, dict) else None     # `winner: 甲` checks no value
    if f.attr == "life":
        life = (view.trace.get("result") or {}).get("life", {}).get(f.subject)
        key = "answer.final_life" if moved else "answer.final_life_kept"
        return t(key, player=f.subject, life=life) if life is not None else ""
    if f.attr == "damage":
        n = view.final(f.subject, "damage") if moved else given
        if n is None:
            return ""
        return t("answer.final_damage", object=obj, n=n) if n else t("answer.final_no_damage", object=obj)
    if f.attr == "pool":
        return _pool(view, f.subject, given, t)
    if f.attr == "hand":
        return t("answer.final_hand", player=f.subject, n=given) if given is not None else ""
    if f.attr == "poison":
        n = view.final(f.subject, "poison") if moved else given
        return t("answer.final_poison", player=f.subject, n=n) if n is not None else ""
    if f.attr == "controller":
        v = view.final(f.subject, "controller") if moved else given
        return t("answer.final_controller", object=obj, player=v) if v else ""
    if f.attr in CHARACTERISTICS:
        return _characteristic(view, f, given, obj, t)
    return ""


def _pool(view: TraceView, player: str, given, t: Templates) -> str:
    """A mana pool in the game's words: its name (魔法力池, Riftbound's 符文池) and its contents as the scenario
    writes them ({红}{红}; {法力: 2} → 法力2), never a Python literal."""
    word = reasons.attr_words(view.game)["pool"]          # steps.yaml names it for every game
    if not given:
        return t("answer.final_pool_empty", player=player, pool=word)
    if isinstance(given, dict):
        given = t("labels.list_sep").join(f"{k}{n}" for k, n in given.items() if n)
    return t("answer.final_pool", player=player, pool=word, mana=given)


def _characteristic(view: TraceView, f: Fact, given, obj: str, t: Templates) -> str:
    sep = t("labels.list_sep")
    if f.attr == "pt":
        if f.key != "pt":
            return ""
        return t("answer.final_pt", object=obj, pt=given) if given else t("answer.final_no_pt", object=obj)
    if f.key == "keywords":
        if given:
            return t("answer.final_keywords", object=obj, keywords=sep.join(given))
        # the abilities it had at some point of the replay and has not now (飞行): "没有飞行", not a category
        seen = [v for a in view.acts for c in a.changes if c.subject == f.subject and c.attr == "keywords"
                for v in (c.before, c.after)]
        lost = list(dict.fromkeys(k for v in seen for k in str(v or "").split(sep) if k))
        return t("answer.final_without", object=obj, what=sep.join(lost)) if lost else \
            t("answer.final_no_keywords", object=obj)
    if f.key == "colors":
        return t("answer.final_colors", object=obj, colors=sep.join(given)) if given else \
            t("answer.final_colorless", object=obj)
    if f.key in ("types", "subtypes", "supertypes") and given is not None:
        return t("answer.final_types", object=obj, types=sep.join(given))
    return ""
