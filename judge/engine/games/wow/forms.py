"""The druid forms (glossary 熊形态, 猎豹形态): keyword powers a hero has while its controller controls a card
whose ongoing power says "your hero is in Bear/Cat Form" (`ongoing: {affects: your_hero, keywords: [熊形态]}`).

熊形态 means the hero has 护卫 (Protector), 猎豹形态 that it has +1 ATK while attacking (both applied with the
characteristics, `chars.py`); and each means "when you play an ability without the 野性系 (feral) marker or strike
with a weapon, destroy the ability that produces this power": a triggered effect (708) whose source is that
card, put on the chain at pre-priority processing. A feral ability triggers nothing (a near miss says so).
"""
from __future__ import annotations

from judge.engine.games.common.state import AbilityDef
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.events import describe
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import KEYWORD, MARKER, RULE, TYPE, say

FORMS = {KEYWORD.bear_form: RULE.bear_form, KEYWORD.cat_form: RULE.cat_form}   # form keyword -> its entry


def produced(game, player: str) -> list:
    """(card, power, form) for each ongoing power of a card `player` controls in play that puts his hero in a
    form."""
    out = []
    for src in game.in_play():
        sc = chars(game, src)
        if sc.controller != player or src.area == "resource":
            continue
        for ab in sc.powers:
            if ab.kind != "ongoing":
                continue
            for kw in ab.spec.get("keywords") or ():
                if kw in FORMS and ab.spec.get("affects", "self") == "your_hero":
                    out.append((src, ab, kw))
    return out


def ends_form(game, ev) -> tuple[str | None, bool]:
    """(the player whose forms this event ends, whether it was a feral ability that ends none): playing an
    ability card without the 野性系 marker, or striking with a weapon."""
    if ev.kind == "strike":
        return ev.data["player"], False
    if ev.kind == "play":
        card = ev.data["object"]
        c = chars(game, card)
        if c.type != TYPE.ability:
            return None, False
        if MARKER.feral in c.subtypes:
            return ev.data["player"], True
        return ev.data["player"], False
    return None, False


@rules.implements(RULE.bear_form, reasons={"form_ends": "player source event", "bear_protector": "object"},
                  near_misses={"feral_ability": "player object source"})
@rules.implements(RULE.cat_form, reasons={"form_ends": "player source event", "cat_attack": "object atk"},
                  near_misses={"feral_ability": "player object source"})
def collect(game, events, add_pending) -> None:
    """The forms' triggered part: each event that ends a form of its player makes a triggered effect "destroy the
    ability that produces this power" for every such ability he controls (`add_pending`: the triggers module's,
    which makes it wait for the chain)."""
    for ev in events:
        player, feral = ends_form(game, ev)
        if player is None:
            continue
        for src, ab, kw in produced(game, player):
            rule = FORMS[kw]
            if feral:
                game.near_miss(rule, "feral_ability", [src, ev.data["object"]], player=game.by_name[player],
                               object=ev.data["object"], source=src)
                continue
            trig = AbilityDef(f"{ab.key}.form", "triggered", {"when": {"event": "form"}, "effects": [{"destroy": "self"}]},
                              say("form.trigger", form=kw, card=src.name))
            f = game.fire(rule, "form_ends", [src], caused_by=ev.cause, player=game.by_name[player], source=src,
                          event=describe(ev))
            f2 = game.fire("705.4", "triggered", [src], caused_by=f.id, ability=trig.text, source=src,
                           event=describe(ev), controller=game.by_name[player])
            add_pending(game, src, player, trig, ev, f2)


def bear_protects(game, o) -> None:
    """熊形态 means 护卫: cited when a hero in Bear Form protects."""
    if KEYWORD.bear_form in chars(game, o).keywords:
        game.fire(RULE.bear_form, "bear_protector", [o], object=o)


def cat_attacks(game, a, atk: int) -> None:
    """猎豹形态: +1 ATK while attacking — cited when the attacker deals its combat damage."""
    if KEYWORD.cat_form in chars(game, a).keywords:
        game.fire(RULE.cat_form, "cat_attack", [a], object=a, atk=atk)

