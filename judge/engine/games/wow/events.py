"""WoW events: what each event does to the game (zone changes, exhausting, readying, drawing…).

Events go through the core pipeline (`Game.happen`): replacement modifiers
first (damage packets, `packets.py`), then all are performed together and
triggers are looked for. "Destroy" is defined as putting a card from play
into its owner's graveyard (glossary 消灭), "discard" as revealing a card from
hand and putting it into its owner's graveyard (glossary 弃牌), so `expand()`
rewrites them into zone moves. A card that leaves play stops being
exhausted, damaged, attacking or defending, keeps its last known information
for links that look for it (709.2d), and its attachments fall off and go to
their owners' graveyards (glossary 结附); a token that leaves play ceases to exist.
"""
from __future__ import annotations

from judge.engine.core.objects import Event
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import RULE, TYPE, say, zone

rules.declare(RULE.attach, reasons={"attachment_falls_off": "object host"})
rules.declare(RULE.owner, reasons={"owners_zone": "object owner controller zone"})
OWNED_ZONES = ("deck", "graveyard", "hand", "removed")     # 拥有者: a card only goes to its owner's one



def area_for(card) -> str:
    if card.type == TYPE.hero:
        return "hero"
    if card.type == TYPE.ally:
        return "ally"
    if card.type == TYPE.resource:
        return "resource"
    return "hero"          # equipment and non-attached ongoing abilities (709.2g)


def move(game, obj, to: str, *, controller: str | None = None, top: bool = True, area: str | None = None) -> bool:
    frm = obj.zone
    if frm == "gone":
        return False
    held = chars(game, obj).controller if frm == "play" else obj.controller
    if to in OWNED_ZONES and frm in ("play", "chain") and held != obj.owner and not obj.token:
        game.fire(RULE.owner, "owners_zone", [obj], object=obj, owner=game.by_name[obj.owner],
                  controller=game.by_name[held], zone=zone(to))
    if frm == "chain" and obj in game.stack:
        game.stack.remove(obj)
    if frm == "play":
        c = chars(game, obj)
        obj.lki = {"attached_to": obj.attached_to, "controller": c.controller, "name": c.name}
        if game.combat and obj.id in (game.combat.get("attacker"), game.combat.get("defender")):
            game.set(obj, "attacking", None)
            game.set(obj, "defending", False)
        for k, v in (("damage", 0), ("tapped", False), ("attached_to", None), ("fresh", False)):
            if getattr(obj, k) != v:
                game.set(obj, k, v)
        if obj.area:
            game.set_quiet(obj, "area", "")
    new_ctrl = controller if to in ("play", "chain") and controller else obj.owner
    if obj.token and frm == "play":
        game.relocate(obj, "gone", new_object=True)
        obj.extra["gone"] = True
        _fall_off(game, obj)
        return True
    game.relocate(obj, to, controller=new_ctrl, top=top)
    if to == "chain":
        game.stack.append(obj)
    if to == "play":
        game.set(obj, "base_controller", new_ctrl)
        game.set_quiet(obj, "area", area or area_for(obj.card))
        if obj.card.type == TYPE.ally:
            game.set(obj, "fresh", True)
    if frm == "play":
        _fall_off(game, obj)
        _outlived(game, obj)
    return True


@rules.implements("714.3d", reasons={"outlives_source": "source effect"})
def _outlived(game, src) -> None:
    """714.3d: an ongoing modifier a link created exists apart from its source: the source leaving play changes
    nothing about it (unlike an ongoing power's modifier, which ends with its card, 704.1a)."""
    for m in list(game.live_modifiers()) + [s for s in game.shields if not s.used]:
        if getattr(m, "from_link", True) and getattr(m, "source", None) == src.id:
            game.fire("714.3d", "outlives_source", [src], source=src.name, effect=game.item_names.get(m.id, m.id))


def _fall_off(game, host) -> None:
    """Glossary 结附: when a host leaves play, its attachments fall off and go to their owners' graveyards."""
    for o in list(game.in_play()):
        if o.attached_to == host.id:
            f = game.fire(RULE.attach, "attachment_falls_off", [o, host], object=o, host=host.name)
            with game.under(f):
                game.happen([Event("move", {"object": o, "to": "graveyard", "from": "play", "reason": "host_left"},
                                   f.id, firing=f)])


def describe(ev: Event) -> str:
    d = ev.data
    k = ev.kind
    if k == "damage":
        return say("event.damage", source=d["source_name"], target=d["target"].name, n=d["amount"],
                   type=d.get("dtype") or "", combat=say("event.combat") if d.get("combat") else "")
    if k == "heal":
        return say("event.heal", source=d["source_name"], target=d["target"].name, n=d["amount"])
    if k == "move":
        card = d["object"].name
        if d.get("reason") == "destroy":
            return say("event.destroyed", card=card)
        if d["to"] == "play":
            return say("event.enters", card=card)
        return say("event.moved", card=card, zone=zone(d["to"]))
    if k == "exhaust":
        return say("event.exhausted", card=d["object"].name)
    if k == "ready":
        return say("event.readied", card=d["object"].name)
    if k == "attack":
        return say("event.attacks", card=d["object"].name, defender=d["defender"].name)
    if k == "step":
        return say("event.step", player=d["player"], step=d["step"])
    if k == "draw":
        return say("event.draw", player=d["player"].name)
    if k == "play":
        return say("event.played", player=d["player"], card=d["object"].name)
    if k == "strike":
        return say("event.strikes", player=d["player"], card=d["object"].name)
    if k == "prevented":
        return say("event.prevented", target=d["target"].name, n=d["amount"])
    return k
