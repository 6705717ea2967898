"""Weapons: striking with a weapon, and the uniqueness conflicts of weapons (双持, 双持，远程, 单手).

Striking with a weapon adds an effect to the chain like using a payment power (705.1, 705.3): the player
announces it (707.1a), pays the weapon's strike cost in resources (707.1e) and the "when … strikes with a
weapon" powers trigger (707.1f). A player whose hero is in combat may strike only while the defend window is
open and he has priority (glossary 防御窗口); striking gives the weapon's ATK and damage type to his hero for
that combat step (glossary 攻击力). A hero strikes with one weapon in a combat; with 双持 (Dual Wield) with two
one-handed melee weapons, with 远程双持 (Ranged Dual Wield) with two ranged weapons (glossary 双持, 双持，远程).

When a weapon (or an off-hand equipment) enters play, the uniqueness check (710.1e) looks at the weapons its
controller controls: two weapons are a conflict, unless his hero has 双持 and both are one-handed melee weapons
(单手: no 双手 marker) and he holds no off-hand equipment, or his hero has 远程双持 and both are ranged weapons.
He fixes a conflict by destroying one of the cards in it (`choices: {conflict: {PLAYER: CARD}}`) — with 双持,
the off-hand equipment or a weapon.
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.wow.chain import pay_resources
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import Modifier, WEffect
from judge.engine.games.wow.words import DAMAGE_TYPE, KEYWORD, MARKER, RULE, STEP, TYPE, say

rules.declare("705.3", reasons={"not_a_weapon": "player object"})
rules.declare(RULE.defend_window, reasons={"strike_timing": "player object why"})
rules.declare(RULE.dual_wield, reasons={"one_strike": "player object struck"})


def one_handed(c) -> bool:
    """单手: a weapon without the 双手 (two-handed) marker."""
    return MARKER.two_handed not in c.subtypes


def off_hand(obj) -> bool:
    """Off-hand equipment: its slot is 副手."""
    return obj.card.type != TYPE.weapon and (obj.card.slot or "").startswith(MARKER.off_hand)


def hero_keywords(game, player: str) -> list:
    h = game.hero_of(player)
    return list(chars(game, h).keywords) if h is not None else []


def dual_kind(game, player: str, weapons: list) -> str | None:
    """The keyword that lets `player` hold (and strike with) these two weapons: 双持 for two one-handed melee
    weapons, 远程双持 for two ranged ones; None if his hero has neither that fits."""
    kws = hero_keywords(game, player)
    cs = [chars(game, w) for w in weapons]
    if KEYWORD.dual_wield in kws and all(c.damage_type == DAMAGE_TYPE.melee and one_handed(c) for c in cs):
        return KEYWORD.dual_wield
    if KEYWORD.ranged_dual_wield in kws and all(c.damage_type == DAMAGE_TYPE.ranged for c in cs):
        return KEYWORD.ranged_dual_wield
    return None


RULE_OF = {KEYWORD.dual_wield: RULE.dual_wield, KEYWORD.ranged_dual_wield: RULE.ranged_dual_wield}  # keyword -> entry


def arms(game, ctrl: str, mine: list | None = None) -> tuple[list, list]:
    """(weapons, off-hand equipment) `ctrl` controls in play (among `mine`, his cards in play, when given)."""
    if mine is None:
        mine = [o for o in game.in_play() if o.area != "resource" and chars(game, o).controller == ctrl]
    weapons = [o for o in mine if o.zone == "play" and chars(game, o).type == TYPE.weapon]
    return weapons, [o for o in mine if o.zone == "play" and off_hand(o)]


def allowed_pair(game, ctrl: str, weapons: list, offs: list) -> str | None:
    """The keyword (双持, 远程双持) that lets `ctrl` hold these weapons together, None if they conflict: two that
    fit it, and with 双持 no off-hand equipment besides."""
    kind = dual_kind(game, ctrl, weapons) if len(weapons) == 2 else None
    return None if kind == KEYWORD.dual_wield and offs else kind


@rules.implements(RULE.atk, reasons={"weapon_strike": "object weapon amount dtype"})
def strike(game, actor, strike=None, costs=None, **_):
    """Striking with a weapon (705.1, 705.3): checks, the strike cost, the effect on the chain."""
    actor = game.require_priority(actor)
    p = game.by_name[actor]
    w = game.objects.get(strike)
    if w is None or w.zone != "play" or chars(game, w).type != TYPE.weapon or chars(game, w).controller != actor:
        raise game.illegal("705.3", "not_a_weapon", f"{strike} is not a weapon {actor} controls in play", player=p,
                           object=w or strike)
    why = strike_timing(game, actor)
    if why:
        raise game.illegal(RULE.defend_window, "strike_timing", f"{actor} cannot strike now: {why}", player=p,
                           object=w, why=why)
    struck = list((game.combat or {}).get("struck", ()))
    if struck:
        kind = dual_kind(game, actor, [game.objects[i] for i in struck[:1]] + [w])
        if len(struck) >= 2 or kind is None or w.id in struck:
            raise game.illegal(RULE.dual_wield, "one_strike",
                               f"{actor}'s hero already struck with {game.objects[struck[0]].name} this combat",
                               player=p, object=w, struck=[game.objects[i] for i in struck])
        game.fire(RULE_OF[kind], "strikes_two", [w, *[game.objects[i] for i in struck]], player=p, object=w,
                  struck=[game.objects[i] for i in struck])
    game.combat = {**game.combat, "struck": tuple(struck) + (w.id,)}     # a new dict: a rewind restores the old one
    item = WEffect(game.new_id(f"{w.id}.strike"), w.id, w.inc, w.name, actor, None, "strike", [], {},
                   label=say("name.strike_of", source=w.name))
    f = game.fire("707.1a", "link_announced", [w, item.id], player=p, object=item)
    with game.under(f):
        game.push(item)
    game.fire("705.3", "effect_to_chain", [w, item.id], player=p, source=w, ability=say("name.strike"))
    n = int(w.card.strike_cost or 0)
    game.fire("707.1e", "total_cost", [w], object=item.name, cost=n, alternative=say("none"))
    pay_resources(game, actor, n, item, costs)
    lf = game.fire("707.1f", "link_added", [item.id], player=p, object=item.name)
    with game.under(lf):
        game.happen([Event("strike", {"object": w, "player": actor}, lf.id, firing=lf)])
    game.took_action(actor)


def strike_timing(game, actor) -> str | None:
    """Glossary 防御窗口: a player whose hero is in combat may strike only while the defend window is open (and he
    has priority); striking gives his hero ATK for "that combat step" (攻击力), so outside a combat in which his
    hero fights there is nothing to strike for."""
    hero = game.hero_of(actor)
    cb = game.combat
    if cb is None or hero is None or hero.id not in (cb.get("attacker"), cb.get("defender")):
        return say("why.hero_not_in_combat")
    if game.step != STEP.defend_window or not (hero.attacking or hero.defending):
        return say("why.defend_window_only")
    return None


def resolve_strike(game, item) -> None:
    """Glossary 攻击力: the strike gives the weapon's ATK and damage type to its controller's hero for that combat
    step (a modifier until the combat ends; two strikes with 双持 add up)."""
    w = game.objects.get(item.source)
    hero = game.hero_of(item.controller)
    if w is not None and hero is not None:
        wc = chars(game, w)
        amount = max(0, wc.atk or 0)
        m = Modifier(game.new_id(f"{w.id}.strike"), "modify", w.id, w.name, item.controller, game.tick(),
                     {"atk": amount, "health": 0, "set_atk": None, "damage_type": wc.damage_type}, {hero.key},
                     until="end_of_combat")
        f = game.fire(RULE.atk, "weapon_strike", [hero, w], object=hero, weapon=w, amount=amount,
                      dtype=wc.damage_type or say("none"))
        with game.under(f):
            game.add_modifier(m)
    game.fire("709.2g", "effect_leaves", [item], object=item)
    game.remove_from_stack(item)


@rules.implements(RULE.dual_wield, reasons={"two_weapons": "player objects", "off_hand_conflict": "player object objects",
                                            "strikes_two": "player object struck"})
@rules.implements(RULE.ranged_dual_wield, reasons={"two_weapons": "player objects", "strikes_two": "player object struck"})
@rules.implements(RULE.one_handed, reasons={"one_handed": "objects"}, near_misses={"two_handed": "object"})
@rules.implements("710.1e", reasons={"weapon_conflict": "player destroyed why"})
def conflict(game, obj) -> None:
    """710.1e for weapons: when a weapon or an off-hand equipment enters play, its controller's weapons (and,
    with 双持, his off-hand equipment) are checked; a conflict is fixed by destroying one card of it, his choice."""
    c = chars(game, obj)
    if c.type != TYPE.weapon and not off_hand(obj):
        return
    ctrl = c.controller
    p = game.by_name[ctrl]
    mine = [o for o in game.in_play() if o.area != "resource" and chars(game, o).controller == ctrl]
    while True:
        weapons, offs = arms(game, ctrl, mine)
        if len(weapons) < 2:
            return
        kind = dual_kind(game, ctrl, weapons) if len(weapons) == 2 else None
        if allowed_pair(game, ctrl, weapons, offs) is not None:
            f = game.fire(RULE_OF[kind], "two_weapons", weapons, player=p, objects=weapons)
            if kind == KEYWORD.dual_wield:
                game.fire(RULE.one_handed, "one_handed", weapons, caused_by=f.id, objects=weapons)
            return
        cands = weapons
        if kind == KEYWORD.dual_wield:           # two one-handed melee weapons and an off-hand: destroy one of them
            game.fire(RULE.dual_wield, "off_hand_conflict", [*offs, *weapons], player=p, object=offs[0],
                      objects=weapons)
            cands = offs + weapons
            why = say("conflict.off_hand", card=offs[0].name)
        else:
            if KEYWORD.dual_wield in hero_keywords(game, ctrl):
                for w in weapons:
                    if not one_handed(chars(game, w)):
                        game.near_miss(RULE.one_handed, "two_handed", [w], object=w)
            why = say("conflict.weapons", n=len(weapons))
        ids = [o.id for o in cands]
        ans = game.choose("conflict", ctrl, by=ctrl, options=ids, auto=False, sequence=True,
                          hint="710.1e: which card he destroys to fix the uniqueness conflict of his weapons")
        gone = game.objects[ans]
        f = game.fire("710.1e", "weapon_conflict", [gone, *[o for o in cands if o is not gone]], player=p,
                      destroyed=gone, why=why)
        with game.under(f):
            game.happen([Event("destroy", {"object": gone, "uniqueness": True}, f.id, firing=f)])
        mine = [o for o in mine if o is not gone]



def weapons_conflict(game, ctrl: str) -> bool:
    """Whether the weapons `ctrl` controls (and, with 双持, his off-hand equipment) are in a uniqueness conflict."""
    weapons, offs = arms(game, ctrl)
    return len(weapons) >= 2 and allowed_pair(game, ctrl, weapons, offs) is None
