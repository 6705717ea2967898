"""Combat: proposing, the protect point, defending and combat damage (the glossary's combat entries).

The excerpt's combat chapter (600–603) is missing; its glossary states what
the examples need. In his non-combat action phase, with priority and an
empty chain, a player proposes a combat: a character of his party as the
attacker and an opposing hero or ally as the defender (glossary 提议). That
adds a proposal effect to the chain (705.1, 705.3) whose source is the
proposing player (705.5); the attacker becomes exhausted as it becomes an
attacker (glossary 攻击者), and "when … attacks" powers trigger (W5). When the
proposal resolves, the combat step begins (709.2g) — unless the combat became
illegal, which interrupts it (709.2a). Attack window (priority), then the
protect point: the defending player may exhaust a ready character with
Protector to become the defender (glossary 护卫); then the defender defends
(glossary 防御者) and the defend window opens. When it closes, attacker and
defender deal combat damage to each other at once, each a packet of its ATK
and damage type (glossary 战斗伤害), and the combat step ends.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.core.objects import Event
from judge.engine.games.wow.chain import non_combat_problem
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.forms import bear_protects, cat_attacks
from judge.engine.games.wow.interrupt import interrupt
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import WEffect
from judge.engine.games.wow.words import KEYWORD, RULE, STEP, TYPE, say

rules.declare(RULE.propose, reasons={"combat_proposed": "player attacker defender",
                             "cannot_propose": "player object why"})
rules.declare(RULE.attacker, reasons={"becomes_attacker": "object", "combat_ends": "objects"})
rules.declare(RULE.protector, reasons={"protects": "player object instead"}, near_misses={"no_protect": "player"})
rules.declare(RULE.defender, reasons={"defends": "object attacker"})
rules.declare(RULE.combat_damage, reasons={"combat_damage": "attacker defender a_amount d_amount",
                                           "combat_damage_would": "attacker defender a_amount d_amount"},
              near_misses={"no_combat": "why"})
rules.declare(RULE.attack_window, reasons={"attack_window": "attacker defender player"})
rules.declare(RULE.defend_window, reasons={"defend_window": "attacker defender player"})
rules.declare(RULE.protect_point, reasons={"protect_point": "attacker defender"})
rules.declare(RULE.protecting, reasons={"protecting_defends": "object attacker"})
rules.declare(RULE.enter_combat, reasons={"enter_combat": "attacker defender"})
rules.declare(RULE.in_combat, reasons={"in_combat": "attacker defender"}, near_misses={"not_in_combat": "objects why"})
rules.declare(RULE.elusive, reasons={"elusive_defender": "player object"})
rules.declare(RULE.opposing, reasons={"own_not_opposing": "player object"})
rules.declare(RULE.friendly, reasons={"teammate_friendly": "player object teammate"})
rules.declare(RULE.party, reasons={"not_in_party": "player object"})
rules.declare(RULE.character, reasons={"not_character": "player object kind"})
rules.declare(RULE.ferocity, reasons={"ferocity_attacker": "object"})
rules.declare(RULE.long_range, reasons={"long_range": "object defender"})
rules.declare(RULE.atk, reasons={"atk_damage": "object target amount dtype"}, near_misses={"atk_zero": "object amount"})
rules.declare("705.5", reasons={"link_source": "object source"})
rules.declare("709.2a", reasons={"proposal_illegal": "object why"})


def _illegal(game, why, actor, obj) -> IllegalAction:
    return IllegalAction(game.rid(RULE.propose), "cannot_propose", {"player": game.by_name[actor], "object": obj, "why": why},
                         f"cannot propose this combat: {why}")


def propose(game, actor, attack=None, **_):
    actor = game.require_priority(actor)
    p = game.by_name[actor]
    if not isinstance(attack, dict) or len(attack) != 1:
        raise _illegal(game, say("propose.one_combat"), actor, "-")
    (aid, did), = attack.items()
    why = non_combat_problem(game, actor)
    if why:
        raise _illegal(game, why, actor, aid)
    a = game.objects.get(aid)
    d = game.objects.get(did)
    if a is not None and a.zone == "play" and a not in game.party(actor):
        raise IllegalAction(game.rid(RULE.party), "not_in_party", {"player": p, "object": a},
                            f"cannot propose this combat: {a.name} is not in {actor}'s party")
    if a is None or a.zone != "play":
        raise _illegal(game, say("propose.not_in_party", id=aid), actor, a or aid)
    ac = chars(game, a)
    if a.tapped:
        raise _illegal(game, say("propose.exhausted", card=a.name), actor, a)
    ferocious = ac.type == TYPE.ally and a.fresh
    if ferocious and KEYWORD.ferocity not in ac.keywords:
        raise _illegal(game, say("propose.fresh", card=a.name), actor, a)
    if d is None or d.zone != "play":
        raise _illegal(game, say("propose.not_opposing", id=did), actor, d or did)
    if not chars(game, d).is_character:
        raise IllegalAction(game.rid(RULE.character), "not_character",
                            {"player": p, "object": d, "kind": chars(game, d).type},
                            f"cannot propose this combat: {d.name} is not a character")
    held = chars(game, d).controller
    if held == actor:
        raise IllegalAction(game.rid(RULE.opposing), "own_not_opposing", {"player": p, "object": d},
                            f"cannot propose this combat: {d.name} is {actor}'s own, not opposing")
    if game.friendly(held, actor):
        raise IllegalAction(game.rid(RULE.friendly), "teammate_friendly",
                            {"player": p, "object": d, "teammate": game.by_name[held]},
                            f"cannot propose this combat: {d.name} is a friendly player's")
    if KEYWORD.elusive in chars(game, d).keywords:
        raise IllegalAction(game.rid(RULE.elusive), "elusive_defender", {"player": p, "object": d},
                            f"cannot propose this combat: {d.name} is elusive")
    if ferocious:
        game.fire(RULE.ferocity, "ferocity_attacker", [a], object=a)
    game.combats += 1
    item = WEffect(game.new_id("proposal"), actor, 0, actor, actor, None, "proposal", [],
                   {"attacker": a.key, "defender": d.key}, label=say("name.proposal", player=actor, attacker=a.name, defender=d.name))
    f = game.fire(RULE.propose, "combat_proposed", [a, d, item.id], player=p, attacker=a, defender=d)
    with game.under(f):
        game.push(item)
    game.fire("705.5", "link_source", [item.id], object=item, source=p)
    bf = game.fire(RULE.attacker, "becomes_attacker", [a], object=a)
    with game.under(bf):
        game.set(a, "attacking", d.id)
        game.happen([Event("exhaust", {"object": a}, bf.id, firing=bf),
                     Event("attack", {"object": a, "defender": d, "player": actor}, bf.id, firing=bf)])
    game.fire("707.1f", "link_added", [item.id], player=p, object=item)
    game.took_action(actor)


def no_blocking(game, actor, **_):
    raise EngineError("WoW has no blocking: a protector is chosen at the protect point with "
                      "`choices: {protect: {PLAYER: ID}}` on the action that reaches it "
                      f"(glossary {RULE.protector})")


def resolve_proposal(game, item) -> bool:
    """709.2a / 709.2g: True if the combat begins (the caller begins its first step), False if the proposal
    was interrupted."""
    a = game.objects.get(item.extra["attacker"][0])
    d = game.objects.get(item.extra["defender"][0])
    why = None
    if a is None or a.key != item.extra["attacker"] or a.zone != "play" or not a.attacking:
        why = say("proposal.attacker_gone")
    elif d is None or d.key != item.extra["defender"] or d.zone != "play":
        why = say("proposal.defender_gone")
    if why:
        game.fire("709.2a", "proposal_illegal", [item.id], object=item, why=why)
        interrupt(game, item, why)
        return False
    game.fire("709.2g", "combat_begins", [a, d], attacker=a, defender=d)
    game.remove_from_stack(item)
    game.combat = {"attacker": a.id, "defender": d.id, "n": game.combats}
    return True


def window_opens(game, step: str, player) -> None:
    """攻击窗口 / 防御窗口: the combat step's first priority window (before the protect point) and its second
    (right after it)."""
    cb = game.combat
    if not cb:
        return
    a, d = game.objects[cb["attacker"]], game.objects[cb["defender"]]
    rule = RULE.attack_window if step == STEP.attack_window else RULE.defend_window
    game.fire(rule, "attack_window" if rule == RULE.attack_window else "defend_window", [a, d],
              attacker=a, defender=d, player=player)


def protect_point(game) -> None:
    cb = game.combat
    if not cb:
        return
    a = game.objects[cb["attacker"]]
    d = game.objects[cb["defender"]]
    game.fire(RULE.protect_point, "protect_point", [a, d], attacker=a, defender=d)
    if a.zone != "play" or d.zone != "play":
        return
    owner = chars(game, d).controller
    prot = [o for o in game.party(owner) if o is not d and not o.tapped and KEYWORD.protector in chars(game, o).keywords]
    if prot:
        ans = game.choose("protect", owner, by=owner, options=[o.id for o in prot] + [False], auto=False,
                          hint=f"glossary {RULE.protector}: at the protect point the defending player may exhaust a protector "
                               "(false: none)")
        if ans is not False:
            o = game.objects[ans]
            bear_protects(game, o)
            f = game.fire(RULE.protector, "protects", [o, d], player=game.by_name[owner], object=o, instead=d)
            with game.under(f):
                game.happen([Event("exhaust", {"object": o}, f.id, firing=f)])
                game.set(a, "attacking", o.id)
            game.combat = cb = {**cb, "defender": o.id}     # a new dict: a rewind restores the old one
            d = o
            game.fire(RULE.protecting, "protecting_defends", [o, a], caused_by=f.id, object=o, attacker=a)
        else:
            game.near_miss(RULE.protector, "no_protect", [], player=game.by_name[owner])
    game.fire(RULE.enter_combat, "enter_combat", [a, d], attacker=a, defender=d)
    f = game.fire(RULE.defender, "defends", [d, a], object=d, attacker=a)
    with game.under(f):
        game.set(d, "defending", True)


def conclude(game) -> None:
    cb = game.combat
    if not cb:
        return
    a = game.objects[cb["attacker"]]
    d = game.objects[cb["defender"]]
    if a.zone != "play" or d.zone != "play" or not a.attacking or not d.defending:
        alone = [o for o in (a, d) if o.zone == "play" and (o.attacking or o.defending)]
        game.near_miss(RULE.in_combat, "not_in_combat", alone, objects=alone or say("none"),
                       why=say("combat.no_opposing"))
        game.near_miss(RULE.combat_damage, "no_combat", [], why=say("combat.none"))
    else:
        game.fire(RULE.in_combat, "in_combat", [a, d], attacker=a, defender=d)
        ac, dc = chars(game, a), chars(game, d)
        an, dn = max(0, ac.atk or 0), max(0, dc.atk or 0)
        cat_attacks(game, a, an)
        if KEYWORD.long_range in ac.keywords:
            game.fire(RULE.long_range, "long_range", [a, d], object=a, defender=d)
            dn = 0
        f = game.fire(RULE.combat_damage, "combat_damage", [a, d], attacker=a, defender=d, a_amount=an, d_amount=dn)
        link = f"combat{cb['n']}"
        evs = []
        for src, sc, tgt, n in ((a, ac, d, an), (d, dc, a, dn)):
            if src is d and KEYWORD.long_range in ac.keywords:
                continue
            if n < 1:
                game.near_miss(RULE.atk, "atk_zero", [src], object=src, amount=max(0, sc.atk or 0))
                continue
            game.fire(RULE.atk, "atk_damage", [src, tgt], object=src, target=tgt, amount=n, dtype=sc.damage_type)
            evs.append(Event("damage", {"source": src, "source_name": src.name, "controller": sc.controller,
                                        "target": tgt, "amount": n, "dtype": sc.damage_type, "combat": True,
                                        "preventable": True, "with": None, "link": link,
                                        "link_name": say("name.combat_damage")}, f.id, firing=f))
        with game.under(f):
            game.happen(evs)
        for s in game.shields:
            if s.kind == "next_time" and not s.used and s.link == link:
                game.set(s, "used", True)
    inc = [o for o in (a, d) if o.attacking or o.defending]
    f = game.fire(RULE.attacker, "combat_ends", inc, objects=inc or say("none"))
    with game.under(f):
        for o in inc:
            game.set(o, "attacking", None)
            game.set(o, "defending", False)
    game.combat = None
