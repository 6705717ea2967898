"""Damage packets, and the replacement and prevention modifiers that change them (716.1d–717.4).

Every bit of damage is a packet (glossary 囊包): amount, the character it is
dealt to, the character dealing it, its controller, and possibly a damage
type, a combat flag, whether it can be prevented, and whether it is dealt
with an ability or equipment. A replacement modifier changes only the
attributes it names (717.1): Chromatic Cloak adds 1 and the packet is still
shadow damage dealt by your hero with Mind Spike.

Which modifiers could change a packet: ongoing replacement powers of cards in
play (World in Flames, Berserker Stance, Chromatic Cloak), shields created by
links (prevent the next 2 damage, Intervene, Stormstrike), and each ready
armor with DEF ≥ 1 of the hero's controller (717.2d). The core applies each
at most once per packet (716.1d); among several, those that change the
amount, the damage type or preventability go first and the packet's controller
picks (717.3a), then the affected character's controller picks among the rest
(717.3b) — a prevention modifier only for a preventable packet. A packet
prevented down to less than 1 disappears and deals nothing, so nothing
triggers on it (717.2a–c). A "next time" shield replaces every packet of the
one link it first replaced, and is used up when that link is done (717.4).
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine.core.errors import MissingChoice
from judge.engine.core.objects import Event
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.events import describe
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.triggers import would_trigger
from judge.engine.games.wow.words import RULE, TYPE, say

rules.declare(RULE.heal, reasons={"healed": "object amount removed wasted", "heal_fails": "object amount"})
rules.declare(RULE.lethal_damage, reasons={"dealt_lethal": "object damage health"})
rules.declare(RULE.replacement, reasons={"replaced_no_trigger": "ability source event"})


@dataclass(slots=True, eq=False)
class Rep:
    """A modifier that could replace a packet."""

    id: str
    kind: str              # static | prevent | next_time | armor
    name: str
    controller: str
    tier: str              # "a": amount / damage type / preventability (717.3a); "b": the rest (717.3b)
    spec: dict | None = None
    shield: object = None
    source: object = None


def subject(ev: Event) -> str:
    t = ev.data.get("target")
    return t.id if t is not None else str(ev.id)


# ------------------------------------------------------------------ which modifiers could apply

def candidates(game, ev: Event) -> list[Rep]:
    if ev.kind != "damage":
        return []
    d = ev.data
    out: list[Rep] = []
    tgt = d["target"]
    src = d.get("source")
    for o in game.in_play():
        c = chars(game, o)
        reps = [ab for ab in c.powers if ab.kind == "replacement"]
        for ab in reps:
            if _static_applies(game, o, c, ab.spec, d):
                name = f"{o.name}（{ab.text or ab.key}）" if len(reps) > 1 else o.name
                out.append(Rep(f"{o.id}.{ab.key}", "static", name, c.controller, "a", spec=ab.spec, source=o))
    for s in game.shields:
        if s.used:
            continue
        if s.link is not None and s.link != d.get("link"):
            continue
        if s.kind == "prevent":
            if not d.get("preventable", True):
                continue
            if s.protects != tgt.key:
                continue
            out.append(Rep(s.id, "prevent", s.source_name, s.controller, "b", shield=s))
        elif s.kind == "next_time":
            sd = s.data
            who = tgt if sd["event"] == "dealt" else src
            if who is None or who.key != s.protects:
                continue
            if sd.get("damage_type") and d.get("dtype") != sd["damage_type"]:
                continue
            tier = "a" if sd.get("plus") else "b"
            out.append(Rep(s.id, "next_time", s.source_name, s.controller, tier, shield=s))
    if d.get("preventable", True) and tgt.card.type == TYPE.hero and tgt.zone == "play":
        owner = chars(game, tgt).controller
        for o in game.in_play():
            c = chars(game, o)
            if c.type == TYPE.armor and c.controller == owner and not o.tapped and (c.def_ or 0) >= 1 \
                    and o.area != "resource":
                out.append(Rep(o.id, "armor", o.name, owner, "b", source=o))
    return out


def _static_applies(game, src, sc, spec: dict, d: dict) -> bool:
    hero = game.hero_of(sc.controller)
    if hero is None:
        return False
    who = d.get("source") if spec["event"] == "deal" else d.get("target")
    if who is not hero:
        return False
    if spec.get("damage_type") and d.get("dtype") != spec["damage_type"]:
        return False
    if spec.get("with_ability") and d.get("with") != TYPE.ability:
        return False
    return True


# ------------------------------------------------------------------ who chooses (717.3a, 717.3b)

def affected_controller(game, ev: Event) -> str:
    t = ev.data["target"]
    return chars(game, t).controller if t.zone == "play" else t.owner


def chooser(game, ev: Event, cands: list[Rep]) -> tuple[str, list[Rep]]:
    tier_a = [r for r in cands if r.tier == "a"]
    if tier_a:
        return ev.data["controller"], tier_a
    return affected_controller(game, ev), cands


@rules.implements("717.3", reasons={"several_modifiers": "event effects"})
@rules.implements("717.3a", reasons={"packet_controller_chooses": "player effect options"})
@rules.implements("717.3b", reasons={"affected_controller_chooses": "player effect options"})
def choose(game, ev: Event, cands: list[Rep], base_choose):
    who, tier = chooser(game, ev, cands)
    key = (ev.root, tuple(sorted(r.id for r in cands)))
    if key not in game._explicit:
        game._explicit.add(key)
        game.fire("717.3", "several_modifiers", [ev.data["target"]], event=describe(ev),
                  effects=[r.name for r in cands])
    if len(tier) > 1 and identical(tier):
        # identical modifiers (two World in Flames): the order cannot matter; the one a written-out order names
        named = game.chooser.peek("replacement", subject(ev), by=who, sequence=True)
        picked = next((r for r in tier if r.id == named), tier[0])
        game.fire(*(("717.3a", "packet_controller_chooses") if tier[0].tier == "a" else
                    ("717.3b", "affected_controller_chooses")), [], player=game.by_name[who], effect=picked.name,
                  options=[r.name for r in tier])
        return picked
    rule, code = ("717.3a", "packet_controller_chooses") if tier[0].tier == "a" else \
        ("717.3b", "affected_controller_chooses")
    picked = base_choose(ev, cands, rule=rule)       # an answer by another player is refused under who chooses
    if len(tier) > 1:
        game.fire(rule, code, [], player=game.by_name[who], effect=picked.name, options=[r.name for r in tier])
        game._explicit.add(("picked", ev.root, picked.id))
    return picked


def identical(tier: list[Rep]) -> bool:
    """Modifiers that are the same card's same power under one controller (two World in Flames): which of them
    applies first cannot change the packet."""
    return len({(r.source.card.name if r.source is not None else r.name, r.id.rpartition(".")[2], r.controller,
                 r.kind) for r in tier}) == 1


def tier_chooser(game, ev: Event, rep: Rep) -> tuple[str, str]:
    """Who would choose modifier `rep` among others, and by which rule: the packet's controller for one that
    changes the amount, damage type or preventability (717.3a), else the affected character's controller (717.3b)."""
    if rep.tier == "a":
        return ev.data["controller"], "717.3a"
    return affected_controller(game, ev), "717.3b"


def written_out(game, rep: Rep, ev: Event) -> None:
    """A modifier applied with nothing left to choose (the last one of its tier, or one of identical ones) that
    the chooser's order names next (`replacement: {甲: [cloak.plus, wif1.double, wif2.double]}`: a judge writes
    the whole order out): that item is his, taken here — not an unused choice; an order naming another modifier
    next keeps it for a later choice. With no order of his, another player's order naming it is refused under the rule that says who chooses (717.3a / 717.3b). An armor takes its own answer (717.2d)."""
    if rep.kind == "armor" or ("picked", ev.root, rep.id) in game._explicit:
        return
    who, rule = tier_chooser(game, ev, rep)
    named = game.chooser.peek("replacement", subject(ev), by=who, sequence=True)
    if named == rep.id:
        game.choose("replacement", subject(ev), by=who, options=[rep.id], sequence=True, rule=rule)
    if named is not None:           # his order names another modifier next: for a later choice
        return
    try:
        game.choose("replacement", subject(ev), by=who, options=[rep.id], sequence=True, auto=False, rule=rule)
    except MissingChoice:
        return


# ------------------------------------------------------------------ applying one

@rules.implements("717.1", reasons={"packet_replaced": "effect before after kept"})
@rules.implements("716.1d", reasons={"packet_replaced_again": "effect before after"},
                  near_misses={"already_replaced": "effect event"})
@rules.implements("717.2a", reasons={"all_prevented": "effect amount target"})
@rules.implements("717.2b", reasons={"prevented_some": "effect amount target left remaining"})
@rules.implements("717.2d", reasons={"armor_prevents": "player armor def amount left wasted"},
                  near_misses={"armor_not_used": "player armor"})
@rules.implements("717.4", reasons={"next_time": "effect before after link"})
def apply(game, rep: Rep, ev: Event) -> list[Event]:
    """The packet(s) as modifier `rep` changes them (nothing: the packet is prevented, 717.2a–c)."""
    written_out(game, rep, ev)
    how = _APPLY.get(rep.kind)
    return how(game, rep, ev) if how is not None else [ev]


def _static(game, rep: Rep, ev: Event) -> list[Event]:
    """An ongoing replacement power: double the packet or add to it (717.1); again on a replaced packet (716.1d)."""
    spec = rep.spec
    before = ev.data["amount"]
    desc = describe(ev)
    new = before * 2 if spec.get("double") else before + int(spec.get("plus", 0))
    # 717.1, the general rule, beside 716.1d when the packet was already replaced by another modifier
    f = game.fire("717.1", "packet_replaced", [rep.source], effect=rep.name, before=desc, after=new,
                  kept=_kept(ev.data))
    if ev.applied:
        f = game.fire("716.1d", "packet_replaced_again", [rep.source], effect=rep.name, before=desc, after=new)
    return [ev.replaced(f, amount=new)]


def _next_time(game, rep: Rep, ev: Event) -> list[Event]:
    """"The next time … would deal / be dealt damage": every packet of that one link (717.4), redirected to your
    hero or increased."""
    d = ev.data
    s = rep.shield
    sd = s.data
    before = d["amount"]
    desc = describe(ev)
    if s.link is None:
        game.set(s, "link", d.get("link"))
    if sd.get("redirect_to") == "your_hero":
        hero = game.hero_of(s.controller)
        f = game.fire("717.1", "packet_replaced", [d["target"]] + ([hero] if hero else []), effect=rep.name,
                      before=desc, after=say("packet.redirect", hero=hero.name if hero else say("packet.no_hero"),
                                             n=before),
                      kept=say("packet.kept_redirect"))
        out = [ev.replaced(f, target=hero)] if hero is not None else []
        _not_triggered(game, ev, out)
        return out
    new = before + int(sd.get("plus", 0))
    game.fire("717.1", "packet_replaced", [d["target"]], effect=rep.name, before=desc, after=new, kept=_kept(d))
    f = game.fire("717.4", "next_time", [d["target"]], effect=rep.name, before=desc, after=new,
                  link=d.get("link_name") or "-")
    return [ev.replaced(f, amount=new)]


def _not_triggered(game, old: Event, new: list[Event]) -> None:
    """替代性更动: the replaced event did not happen, so what it alone would have triggered does not trigger."""
    still = {(src.id, ab.key) for e in new for src, ab in would_trigger(game, e)}
    for src, ab in would_trigger(game, old):
        if (src.id, ab.key) not in still:
            if game.recorder.first_time((RULE.replacement, src.id, ab.key, old.root)):     # decides: no trigger
                game.fire(RULE.replacement, "replaced_no_trigger", [src], ability=say("name.power_of", source=src.name),
                          source=src, event=describe(old))


def _prevent(game, rep: Rep, ev: Event) -> list[Event]:
    """A prevention modifier prevents what it can (717.2a, 717.2b); a packet prevented below 1 is gone."""
    s = rep.shield
    before = ev.data["amount"]
    tgt = ev.data["target"]
    if s.amount == "all":
        general(game, rep, ev, before)
        f = game.fire("717.2a", "all_prevented", [tgt], effect=rep.name, amount=before, target=tgt)
        _prevented(game, ev)
        prevention_event(game, ev, before, f)
        return []
    n = min(int(s.amount), before)
    general(game, rep, ev, n)
    left = before - n
    remaining = int(s.amount) - before
    f = game.fire("717.2b", "prevented_some", [tgt], effect=rep.name, amount=n, target=tgt, left=max(left, 0),
                  remaining=max(remaining, 0))
    with game.under(f):
        game.set(s, "amount", max(remaining, 0))
        if remaining < 1:
            game.set(s, "used", True)
    return _what_is_left(game, ev, f, left, n)


def _armor(game, rep: Rep, ev: Event) -> list[Event]:
    """717.2d: the hero's controller may exhaust a ready armor to prevent damage up to its DEF."""
    d = ev.data
    armor = rep.source
    who = rep.controller
    before = d["amount"]
    if ("picked", ev.root, rep.id) not in game._explicit:
        use = _armor_named(game, ev, armor, who) or \
            game.choose("armor", armor.id, by=who, options=[True, False], auto=False,
                        hint=f"717.2d: does {who} exhaust {armor.name} to prevent damage to the hero? Answer "
                             f"`armor: {{{armor.id}: true}}` (or false), or name it among the modifiers: "
                             f"`replacement: {{{who}: [{armor.id}]}}`")
        if not use:
            game.near_miss("717.2d", "armor_not_used", [armor], player=game.by_name[who], armor=armor)
            game._explicit.add(("declined", ev.root, rep.id))    # it replaced nothing: not "already replaced"
            return [ev]
    dv = chars(game, armor).def_ or 0
    left = before - dv
    general(game, rep, ev, min(dv, before))
    # 717.2d: only a packet smaller than the armor's DEF wastes the rest — said only then
    wasted = say("armor.wasted", n=-left) if left < 0 else ""
    f = game.fire("717.2d", "armor_prevents", [armor, d["target"]], player=game.by_name[who], armor=armor,
                  amount=min(dv, before), left=max(left, 0), wasted=wasted, **{"def": dv})
    with game.under(f):
        game.happen([Event("exhaust", {"object": armor}, f.id, firing=f)])
    return _what_is_left(game, ev, f, left, min(dv, before))


def _armor_named(game, ev: Event, armor, who: str) -> bool:
    """The hero's controller's answer naming the armor among the modifiers to apply (`replacement: {丙: [helm]}`,
    the 717.3b answer) is his decision to exhaust it (717.2d): one decision, asked once, even when the armor is
    the only modifier left and so nothing is chosen among several."""
    answer = game.chooser.peek("replacement", subject(ev), by=who, sequence=True)
    if answer is None:
        _named_by_another(game, ev, armor, who)
    if answer != armor.id:
        return False
    game.choose("replacement", subject(ev), by=who, options=[armor.id], sequence=True, rule="717.2d")
    return True


def _named_by_another(game, ev: Event, armor, who: str) -> None:
    """Another player's answer naming the armor among the modifiers (`replacement: {丙: [helm]}` when helm and the
    hero are 乙's) is refused under 717.3b: the affected hero's controller chooses, and only he may answer —
    never left to end in a missing `armor` choice. No such answer: nothing happens here."""
    try:
        game.choose("replacement", subject(ev), by=who, options=[armor.id], sequence=True, auto=False, rule="717.3b")
    except MissingChoice:
        return


@rules.implements("717.2", reasons={"prevention": "effect amount target event"})
def general(game, rep: Rep, ev: Event, n: int) -> None:
    """717.2, the general rule beside its subrule: a prevention modifier is a replacement modifier that prevents
    damage to (or by) a character — all of it or the amount it names — until it has prevented that much or its
    duration ends."""
    game.fire("717.2", "prevention", [ev.data["target"]], effect=rep.name, amount=n, target=ev.data["target"],
              event=describe(ev))


def prevention_event(game, ev: Event, n: int, f) -> None:
    """A packet prevented in part or in full is an event of its own: "whenever damage is prevented" powers
    trigger on it (717.2e), even when the packet is gone (unlike "deals damage", 717.2c)."""
    if n < 1:
        return
    d = ev.data
    game.happen([Event("prevented", {"target": d["target"], "source": d.get("source"), "amount": n,
                                     "source_name": d.get("source_name")}, f.id, firing=f)])


def _what_is_left(game, ev: Event, f, left: int, prevented: int) -> list[Event]:
    """What a prevention leaves: a packet of `left` damage, or nothing when less than 1 is left (717.2c)."""
    if left < 1:
        _prevented(game, ev)
        prevention_event(game, ev, prevented, f)
        return []
    prevention_event(game, ev, prevented, f)
    return [ev.replaced(f, amount=left)]


_APPLY = {"static": _static, "next_time": _next_time, "prevent": _prevent, "armor": _armor}


def already_applied(game, rep: Rep, ev: Event) -> None:
    if ("declined", ev.root, rep.id) in game._explicit:
        return           # its controller chose not to use it on this packet: it did not replace it (armor_not_used)
    game.near_miss("716.1d", "already_replaced", [], once=(rep.id, ev.root), effect=rep.name, event=describe(ev))


@rules.implements("717.2c", reasons={"prevented_no_trigger": "ability source event"})
def _prevented(game, ev: Event) -> None:
    """717.2c: a fully prevented packet deals nothing, so "deals damage" powers do not trigger — say which."""
    for src, ab in would_trigger(game, ev):
        if game.recorder.first_time(("717.2c", src.id, ab.key, ev.root)):     # the rule decides: no trigger
            game.fire("717.2c", "prevented_no_trigger", [src], ability=say("name.power_of", source=src.name),
                      source=src, event=describe(ev))


def _kept(d: dict) -> str:
    parts = [say("packet.kept.source", source=d["source_name"])]
    if d.get("dtype"):
        parts.append(say("packet.kept.type", type=d["dtype"]))
    if d.get("with"):
        parts.append(say("packet.kept.with", what=d["with"]))
    if d.get("combat"):
        parts.append(say("packet.kept.combat"))
    parts.append(say("packet.kept.target", target=d["target"].name))
    return "、".join(parts)


# ------------------------------------------------------------------ performing

def deal(game, ev: Event) -> bool:
    d = ev.data
    n = d["amount"]
    t = d["target"]
    if n < 1 or t.zone != "play" or not chars(game, t).is_character:
        return False
    d["damage_before"] = t.damage
    game.set(t, "damage", t.damage + n)
    health = chars(game, t).health
    if health is not None and d["damage_before"] < health <= t.damage:
        game.fire(RULE.lethal_damage, "dealt_lethal", [t], object=t, damage=t.damage, health=health)
    return True


def heal(game, ev: Event) -> bool:
    """Glossary 治愈: remove that much damage; extra healing is wasted; healing an undamaged character fails."""
    d = ev.data
    t = d["target"]
    if t.zone != "play" or d["amount"] < 1:
        return False
    if t.damage <= 0:
        game.fire(RULE.heal, "heal_fails", [t], object=t, amount=d["amount"])     # the healing fails: decided
        return False
    removed = min(t.damage, d["amount"])
    game.fire(RULE.heal, "healed", [t], object=t, amount=d["amount"], removed=removed, wasted=d["amount"] - removed)
    game.set(t, "damage", t.damage - removed)
    return True
