"""Entering play, step by step (710.1a–e).

A card entering play from another zone (a resolving ally, equipment or
ongoing ability; a card put into play by an effect; a token) goes through:

- 710.1a modifiers created "as [it] enters play" (Greatsword of Horrid Dreams:
  an ally entering under an opponent's control loses its powers) — no chain;
- 710.1b "enters play exhausted" and "enters play with N damage" are applied
  as it enters, cumulatively: it never is in play ready and then exhausted,
  so nothing "becomes exhausted" (703.5). Its own "enters with damage" power
  applies only if it still has that power after 710.1a;
- 710.1c its remaining ongoing powers create their modifiers;
- 710.1d "when [it] enters play" triggers (collected by `triggers.collect`);
- 710.1e the uniqueness check: two unique cards of the same name in one
  player's control — he keeps one, the other is destroyed.

No player gets priority during these steps (710.1).
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.events import area_for, move
from judge.engine.games.wow.filters import matches
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import CardDef, Modifier
from judge.engine.games.wow.weapons import conflict
from judge.engine.games.wow.words import RULE, TYPE, say, zone


@rules.implements("704.1", reasons={"ongoing_no_chain": "object powers"})
@rules.implements("710.1", reasons={"entering_play": "object origin"})
@rules.implements("710.1a", reasons={"as_enters": "object source what"})
@rules.implements("710.1b", reasons={"enters_with": "object exhausted damage why"},
                  near_misses={"enters_with_lost": "object power why"})
@rules.implements("710.1c", reasons={"ongoing_starts": "object powers"})
@rules.implements("710.1e", reasons={"uniqueness": "player name kept destroyed"})
@rules.implements(RULE.put, reasons={"damage_put": "object damage"})
def enter_play(game, obj, d: dict) -> bool:
    controller = d.get("controller") or obj.owner
    if obj.zone == "gone":
        return False
    # 710.1: a card coming into play from another zone (or a token put into play) enters play, by these steps
    game.fire("710.1", "entering_play", [obj], object=obj,
              origin=say("enters.token") if obj.zone == "created" and obj.token
              else say("enters.from", zone=zone(obj.zone)))
    # 710.1a: modifiers created as it enters (the entering card judged as it will be in play)
    for src in game.in_play():
        sc = chars(game, src)
        for ab in sc.powers:
            if ab.kind != "as_enters":
                continue
            spec = ab.spec
            f = dict(spec.get("filter") or {})
            f["zone"] = obj.zone
            if _as_entering_matches(game, obj, f, sc.controller, controller):
                until = spec.get("until", "permanent")
                if until == "until_its_controller_next_turn":
                    until = ("start_of_turn", controller, game.turn)
                m = Modifier(game.new_id(f"{src.id}.{ab.key}"), "lose_powers", src.id, src.name, sc.controller,
                             game.tick(), {}, {(obj.id, obj.inc + 1)}, until=until, from_link=False)
                limited(game, src, ab, say("event.enters", card=obj.name))
                f_ = game.fire("710.1a", "as_enters", [obj, src], object=obj, source=src.name,
                               what=say("note.lose_powers") + (say("note.until_controller_turn")
                                                               if isinstance(until, tuple) else ""))
                with game.under(f_):
                    game.add_modifier(m)
    exhausted = bool(d.get("exhausted"))
    host = d.get("attach")
    move(game, obj, "play", controller=controller, area="hero" if host is not None else d.get("area"))
    if host is not None:
        game.set(obj, "attached_to", host.id)
    # 710.1b: enters exhausted / with damage, cumulatively, as it enters
    c = chars(game, obj)
    damage = 0
    whys = []
    if exhausted:
        whys.append(d.get("exhausted_by") or say("enters.exhausted"))
    own = [ab for ab in obj.card.abilities if ab.kind == "enters"]
    for ab in own:
        if ab in c.powers:
            limited(game, obj, ab, say("event.enters", card=obj.name))
            damage += int(ab.spec.get("damage", 0))
            exhausted = exhausted or bool(ab.spec.get("exhausted"))
            whys.append(ab.text or say("name.power_of", source=obj.name))
        else:
            game.near_miss("710.1b", "enters_with_lost", [obj], object=obj, power=ab.text or ab.key,
                           why=say("why.lost_powers_first"))
    if exhausted or damage:
        f = game.fire("710.1b", "enters_with", [obj], object=obj, exhausted=exhausted, damage=damage,
                      why="；".join(whys))
        if damage:
            game.fire(RULE.put, "damage_put", [obj], caused_by=f.id, object=obj, damage=damage)
        with game.under(f):
            if exhausted:
                game.set(obj, "tapped", True)
                game.set_quiet(obj, "exhausted_at", game.tick())
            if damage:
                game.set(obj, "damage", damage)
    # 710.1c: its remaining ongoing powers apply from now on
    ongoing = [ab for ab in c.powers if ab.kind in ("ongoing", "replacement")]
    if ongoing:
        game.fire("710.1c", "ongoing_starts", [obj], object=obj,
                  powers="；".join(ab.text or ab.key for ab in ongoing))
        game.fire("704.1", "ongoing_no_chain", [obj], object=obj, powers="；".join(ab.text or ab.key for ab in ongoing))
    uniqueness(game, obj)
    return True


@rules.implements("704.1b", reasons={"limited_ongoing": "object power event"})
def limited(game, src, ab, event: str) -> None:
    """704.1b: a limited ongoing power creates its modifier "as" an event happens (a card entering play, 710.1),
    one-shot or ongoing, without the chain — unlike a triggered power ("when … , …"), which creates an effect
    that goes on the chain (705.3)."""
    game.fire("704.1b", "limited_ongoing", [src], object=src, power=ab.text or ab.key, event=event)


def _as_entering_matches(game, obj, f: dict, src_controller: str, new_controller: str) -> bool:
    """The filter of an "as … enters play" power, judged on the card as it is about to enter."""
    want_ctrl = f.pop("controller", "any")
    if want_ctrl == "opponent" and game.friendly(new_controller, src_controller):
        return False
    if want_ctrl == "you" and new_controller != src_controller:
        return False
    return matches(game, obj, f, controller=src_controller) is None


def uniqueness(game, obj) -> None:
    """710.1e: the uniqueness check for a card that entered play (or, 800.1e, was kept in play between games)."""
    conflict(game, obj)                 # weapons (双持, 双持，远程, 单手)
    c = chars(game, obj)
    if obj.zone != "play" or not c.unique:
        return
    same = [o for o in game.in_play() if o.id != obj.id and chars(game, o).unique and chars(game, o).name == c.name
            and chars(game, o).controller == c.controller]
    if not same:
        return
    group = same + [obj]
    ids = [o.id for o in group]
    keep = game.choose("unique", c.controller, by=c.controller, options=ids,
                       hint="710.1e: which of the unique cards of the same name stays in play")
    gone = [o for o in group if o.id != keep]
    f = game.fire("710.1e", "uniqueness", gone, player=game.by_name[c.controller], name=c.name,
                  kept=game.objects[keep], destroyed=gone)
    with game.under(f):
        game.happen([Event("destroy", {"object": o, "uniqueness": True}, f.id, firing=f) for o in gone])


def token_card(name: str, spec: dict):
    return CardDef(name=name, type=spec.get("type", TYPE.ally), subtypes=tuple(spec.get("subtypes", ())),
                   atk=spec.get("atk", 0), health=spec.get("health", 1), unique=bool(spec.get("unique")),
                   token=True, text="")


__all__ = ["enter_play", "token_card", "area_for"]
