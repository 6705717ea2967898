"""The verbs of the WoW card vocabulary: what a resolving link does (709.2b–f, 712, 713, 714).

The link's controller follows its text in order (709.2b, 712.3); each
instruction is one firing of 709.2b with a reason code per verb, and the
events it causes go through the replacement pipeline (damage packets, 717).
Choices the text leaves open are made now, by the player who acts, and must be
ones that can be carried out (709.2b): Crown of Destruction's "destroys one of
his abilities, allies, or equipment" refuses a card that can't be destroyed or
is not one of those. Optional parts ("may", "unless … pays") are decided on
resolution, not when the link was added (708.3), and a player may choose to do
something only if he can do all of it (712.7). What can't be done is skipped
and the rest is done (709.2c). A link that looks for a card no longer where it
expects uses that card's last known information (709.2d). "If you do" checks
that the actions were done (709.2f). Different durations, or a one-shot and a
continuous part, make separate modifiers (709.2e).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.core.objects import Event, Player
from judge.engine.games.common.effects import merged, plain_amount, shared_ref
from judge.engine.games.wow.chain import pay_resources
from judge.engine.games.wow.chars import chars, delta_zh
from judge.engine.games.wow.enter import token_card
from judge.engine.games.wow.events import move
from judge.engine.games.wow.filters import is_group, matches, select, target_problem
from judge.engine.games.wow.interrupt import interrupt
from judge.engine.games.wow.packets import affected_controller, candidates
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import Delayed, Modifier, Shield, WCard, ability_defs
from judge.engine.games.wow.triggers import becomes_near_miss
from judge.engine.games.wow.words import RULE, TYPE, say, zone


@dataclass(slots=True)
class Ctx:
    """Everything an instruction may refer to while its link resolves."""

    item: object
    source: object                   # the card the link came from (itself for a card link), or None
    source_name: str
    controller: str
    targets: list = field(default_factory=list)     # per "目标": the still-legal targets
    event: Event | None = None
    link: str | None = None
    link_name: str | None = None
    with_: str | None = None         # the packets' association: 技能 / 装备
    data: dict = field(default_factory=dict)
    about: object = None
    about_key: tuple | None = None
    last: dict = field(default_factory=dict)
    x: int = 0

    @property
    def subject(self) -> str:
        return self.item.id if self.item is not None else self.source_name


# ------------------------------------------------------------------ references and amounts

@rules.implements("709.2d", reasons={"last_known": "source what value"})
def refs(game, ctx: Ctx, ref) -> list:
    if ref is None:
        return []
    if isinstance(ref, list):
        return merged(refs, game, ctx, ref)
    if isinstance(ref, dict) and "all" in ref:
        return group(game, ctx, ref["all"])
    r = str(ref)
    got = shared_ref(game, ctx, r)
    if got is not None:
        return got
    if r == "your_hero":
        h = game.hero_of(ctx.controller)
        return [h] if h is not None else []
    if r == "it":
        if ctx.about_key is not None:
            o = game.objects.get(ctx.about_key[0])
            return [o] if o is not None else []
        oid = ctx.data.get("it")
        return [game.objects[oid]] if oid in game.objects else []
    if r in ("event_target", "event_source"):
        oid = ctx.data.get(r)
        return [game.objects[oid]] if oid in game.objects else []
    if r == "attached":
        s = ctx.source
        if s is None:
            return []
        if s.zone == "play" and s.attached_to:
            return [game.objects[s.attached_to]]
        host = s.lki.get("attached_to")
        if host and host in game.objects:
            h = game.objects[host]
            game.fire("709.2d", "last_known", [s, h], source=s, what=say("lki.attached"),
                      value=say("lki.last_host", host=h.name, card=s.name))
            return [h]
        return []
    if r == "attached_controller":
        return [game.by_name[chars(game, h).controller if h.zone == "play" else h.owner]
                for h in refs(game, ctx, "attached")]
    if r == "its_controller":
        base = refs(game, ctx, "target") or refs(game, ctx, "it")
        out = []
        for b in base:
            if isinstance(b, Player):
                continue
            if b.zone == "play":
                name = chars(game, b).controller
            else:
                # 712.3: "that [thing]" is the thing last mentioned, even if it no longer fits the description
                name = b.lki.get("controller") or b.owner
                said = ctx.last.setdefault("that_said", set())
                if b.key not in said:
                    said.add(b.key)
                    game.fire("712.3", "that_thing", [b], object=ctx.item or ctx.source_name,
                              thing=say("that.controller", card=b.name, zone=zone(b.zone), player=name))
            out.append(game.by_name[name])
        return out
    if r == "each_character":
        return group(game, ctx, {"types": [TYPE.hero, TYPE.ally]})
    if r == "each_player":              # turn player first, then clockwise (802.1)
        return [game.by_name[n] for n in game.apnap()]
    raise EngineError(f"unknown reference {r!r}")


@rules.implements("712.4", reasons={"only_in_play": "object description missed", "names_zone": "object zone"})
def group(game, ctx: Ctx, f: dict) -> list:
    """Every card a description names ("each hero and ally", "all opposing allies"), turn player's first (802.1).
    A modifier affects only cards in play unless it names another zone (712.4); a link that names a group is not
    targeted, so a card that can't be targeted is still affected (706.1a)."""
    f = dict(f)
    where = f.get("zone", "play")
    found = select(game, f, controller=ctx.controller, source_id=getattr(ctx.source, "id", None))
    order = {n: i for i, n in enumerate(game.apnap())}
    found.sort(key=lambda o: order.get(chars(game, o).controller if o.zone == "play" else o.owner, 99))
    item = ctx.item if ctx.item is not None else ctx.source_name
    if where != "play":
        game.fire("712.4", "names_zone", found, object=item, zone=zone(where))
    else:
        missed = [o for z in ("graveyard", "removed") for o in select(game, {**f, "zone": z}, controller=ctx.controller)]
        if missed:
            game.fire("712.4", "only_in_play", missed, object=item, description=describe_filter(f), missed=missed)
        for o in found:
            c = chars(game, o)
            if c.flags.get("untargetable"):
                game.fire("706.1a", "untargetable_affected", [item, o] if ctx.item is not None else [o],
                          object=item, target=o, why=c.flags["untargetable"])
    return found


def describe_filter(f: dict) -> str:
    """A description as a judge reads it: 对方的盟军, 英雄或盟军."""
    what = f.get("type") or say("filter.or").join(f.get("types") or []) or say("filter.card_in_play")
    who = f.get("controller", "any")
    return (say("filter.whose", who=say(f"filter.{who}")) if who != "any" else "") + "、".join(f.get("subtypes") or []) + what


def players(game, ctx, ref) -> list[Player]:
    return [p for p in refs(game, ctx, ref) if isinstance(p, Player)]


def amount(game, ctx: Ctx, a) -> int:
    n = plain_amount(ctx, a)
    if n is not None:
        return n
    if isinstance(a, dict) and "count" in a:
        return len(select(game, a["count"], controller=ctx.controller))
    raise EngineError(f"unknown amount {a!r}")


# ------------------------------------------------------------------ running instructions

CONTINUOUS = ("grant", "modify", "control", "prevent", "next_time", "counters")
#: instructions that only say when or whether the others happen: they create no modifier of their own
WRAPPERS = ("may", "unless", "if_you_do", "delayed")


def verb_of(e: dict) -> str:
    return next(k for k in e if k in VERB_FUNCS)


@rules.implements("709.2e", reasons={"separate_modifiers": "object parts"})
@rules.implements("712.1", reasons={"modifier_kinds": "object kinds"})
@rules.implements("712.2", reasons={"one_modifier_per_part": "object count parts"})
@rules.implements("714.3c", reasons={"durations_apart": "object durations", "shared_duration": "object duration"})
def resolve_text(game, ctx: Ctx, effects: list[dict]) -> bool:
    """A resolving link's text: which modifiers it creates, then its instructions in order (709.2b).
    Each part is a one-shot or an ongoing modifier (712.1); parts with different durations, or a one-shot and an
    ongoing part, are separate modifiers (712.2, 709.2e), and ongoing parts that name no other duration share one
    (714.3c)."""
    parts = [(verb_of(e), e) for e in effects if verb_of(e) not in WRAPPERS]
    cont = [(v, e) for v, e in parts if v in CONTINUOUS]
    obj = [ctx.item] if ctx.item is not None else []
    if cont:
        kinds = [say("modifier.ongoing" if v in CONTINUOUS else "modifier.one_shot", what=say(f"verb.{v}"))
                 for v, _ in parts]
        game.fire("712.1", "modifier_kinds", obj, object=ctx.item, kinds="；".join(kinds))
    durations = list(dict.fromkeys(_until_zh(_until(e)) for _, e in cont))
    groups = len(durations) + (1 if len(parts) > len(cont) else 0)
    if groups > 1:
        game.fire("709.2e", "separate_modifiers", obj, object=ctx.item, parts=groups)
        game.fire("712.2", "one_modifier_per_part", obj, object=ctx.item, count=groups,
                  parts="；".join(durations + ([say("modifier.one_shot_part")] if len(parts) > len(cont) else [])))
    if len(durations) > 1:
        game.fire("714.3c", "durations_apart", obj, object=ctx.item, durations=durations)
    elif len(cont) > 1:
        game.fire("714.3c", "shared_duration", obj, object=ctx.item, duration=durations[0])
    return run(game, ctx, effects)


@rules.implements("712.3", reasons={"part_cannot": "object part", "that_thing": "object thing"})
def run(game, ctx: Ctx, effects: list[dict]) -> bool:
    """Follow the instructions in text order (712.3). True if every instruction was carried out (for 709.2f).
    A part that finds nothing to act on is skipped and the rest is still done (712.3, 709.2c)."""
    ok = True
    for e in effects:
        verb = verb_of(e)
        ctx.last.pop("nothing", None)
        done = VERB_FUNCS[verb](game, ctx, e)
        if done is False:
            ok = False
        if ctx.last.pop("nothing", None) and len(effects) > 1:
            game.fire("712.3", "part_cannot", [ctx.item] if ctx.item is not None else [], object=ctx.item or
                      ctx.source_name, part=say(f"verb.{verb}"))
    return ok


def _found(ctx: Ctx, objs: list) -> list:
    """The cards an instruction acts on; none at all is noted for 712.3 (the part can't be done)."""
    if not objs:
        ctx.last["nothing"] = True
    return objs


@rules.implements("709.2b", reasons={
    "effect_damage": "source target amount dtype", "effect_heal": "source target amount",
    "effect_damage_would": "source target amount dtype",
    "effect_destroy": "source object", "effect_exhaust": "source object", "effect_ready": "source object",
    "effect_draw": "player count", "effect_discard": "player objects", "effect_to_hand": "source object",
    "effect_remove": "source object", "effect_pay": "player amount", "effect_token": "source player token",
    "effect_grant": "source object power until", "effect_modify": "source object what until",
    "effect_control": "source object player", "effect_prevent": "source object amount until",
    "effect_next_time": "source object what until", "effect_delayed": "source what",
    "effect_interrupt": "source object", "effect_chosen": "player what value",
    "effect_search": "player object", "effect_destroy_one": "player object", "effect_counters": "source object what",
})
def _doc_709_2b(game, ctx, e):
    """(the verbs below all fire 709.2b; this registers the rule and its reason codes)"""


def _fire(game, code, _objs, **fields):
    return game.fire("709.2b", code, _objs, **fields)


def _dealer(game, ctx: Ctx, e):
    by = e.get("by", "your_hero")
    if by == "self":
        return ctx.source
    return game.hero_of(ctx.controller)


def _damage(game, ctx: Ctx, e):
    n = amount(game, ctx, e["damage"])
    src = _dealer(game, ctx, e)
    if src is None:
        return False
    dtype = e.get("type")
    evs = []
    for t in _found(ctx, [t for t in refs(game, ctx, e.get("to", "target")) if not isinstance(t, Player)
                          and t.zone == "play"]):
        one_shot(game, ctx, t, say("verb.damage"))
        f = _fire(game, "effect_damage", [src, t], source=src, target=t, amount=n, dtype=dtype or say("dtype.none"))
        evs.append(Event("damage", {"source": src, "source_name": src.name, "controller": ctx.controller,
                                    "target": t, "amount": n, "dtype": dtype, "combat": False,
                                    "preventable": not e.get("unpreventable"), "with": ctx.with_,
                                    "link": ctx.link, "link_name": ctx.link_name}, f.id, firing=f))
    several_parties(game, evs)
    done = game.happen(evs)
    ctx.last["damage_dealt"] = sum(ev.data["amount"] for ev in done if ev.kind == "damage")
    return bool(done)


@rules.implements("802.2", reasons={"parties_in_turn_order": "players"})
def several_parties(game, evs: list) -> None:
    """802.2: packets dealt at once to characters of several parties, where modifiers could change them: the turn
    player makes the choices for the packets that affect his party first (717.3), then each next player clockwise
    (the packets are already in that order, `group`)."""
    choosing = []
    for ev in evs:
        who = affected_controller(game, ev)
        cands = candidates(game, ev)
        # a choice to make: several modifiers to order, or an armor its hero's controller may exhaust (717.2d)
        if who not in choosing and (len(cands) > 1 or any(c.kind == "armor" for c in cands)):
            choosing.append(who)
    if len(choosing) > 1:
        order = [n for n in game.apnap() if n in choosing]
        game.fire("802.2", "parties_in_turn_order", [game.by_name[n] for n in order],
                  players=[game.by_name[n] for n in order])


def _heal(game, ctx, e):
    n = amount(game, ctx, e["heal"])
    src = _dealer(game, ctx, e)
    evs = []
    for t in _found(ctx, [t for t in refs(game, ctx, e.get("to", "target")) if not isinstance(t, Player)
                          and t.zone == "play"]):
        one_shot(game, ctx, t, say("verb.heal"))
        f = _fire(game, "effect_heal", [t], source=src or ctx.source_name, target=t, amount=n)
        evs.append(Event("heal", {"source": src, "source_name": src.name if src else ctx.source_name,
                                  "controller": ctx.controller, "target": t, "amount": n}, f.id, firing=f))
    return bool(game.happen(evs))


@rules.implements("713.1", reasons={"one_shot": "object what target"})
def one_shot(game, ctx: Ctx, target, what: str) -> None:
    """713.1: a modifier that deals or heals damage is always one-shot — it affects the game once and has no
    duration (nothing of it is left to end or to recheck later)."""
    item = ctx.item if ctx.item is not None else ctx.source_name
    game.fire("713.1", "one_shot", [target], object=item, what=what, target=target)


def _simple(kind, code):
    def run_(game, ctx, e):
        evs = []
        cards = [o for o in refs(game, ctx, e[kind]) if not isinstance(o, Player)]
        if kind == "destroy":
            for o in cards:
                if o.zone != "play":
                    game.fire(RULE.destroy, "not_in_play", [o], object=o, zone=zone(o.zone))  # decides: no destroy
        for o in _found(ctx, [o for o in cards if o.zone == "play"]):
            if kind == "exhaust" and o.tapped and o.zone == "play":
                _fire(game, code, [o], source=ctx.source_name, object=o)
                becomes_near_miss(game, o, say("state.exhausted"))
                continue
            f = _fire(game, code, [o], source=ctx.source_name, object=o)
            evs.append(Event(kind, {"object": o}, f.id, firing=f))
        return bool(game.happen(evs)) if evs else False
    return run_


def _ready_one(game, ctx, e):
    cands = [o for o in select(game, e["ready_one"], controller=ctx.controller) if o.tapped]
    if not cands:
        return False
    pick = game.choose("ready", ctx.subject, by=ctx.controller, options=[o.id for o in cands])
    o = game.objects[pick]
    f = _fire(game, "effect_ready", [o], source=ctx.source_name, object=o)
    return bool(game.happen([Event("ready", {"object": o}, f.id, firing=f)]))


def _move_verb(code, to):
    def run_(game, ctx, e):
        evs = []
        ref = e[next(iter(e))]
        zones = ("play", "chain") + ((ref["all"]["zone"],) if isinstance(ref, dict) and "zone" in ref["all"] else ())
        for o in _found(ctx, [o for o in refs(game, ctx, ref) if not isinstance(o, Player) and o.zone in zones]):
            f = _fire(game, code, [o], source=ctx.source_name, object=o)
            evs.append(Event("move", {"object": o, "to": to, "from": o.zone, "reason": code}, f.id, firing=f))
        return bool(game.happen(evs)) if evs else False
    return run_


def _draw(game, ctx, e):
    n = amount(game, ctx, e["draw"])
    ok = True
    for p in players(game, ctx, e.get("who", "you")):
        f = _fire(game, "effect_draw", [p], player=p, count=n)
        with game.under(f):
            for _ in range(n):
                if not game.happen([Event("draw", {"player": p}, f.id, firing=f)]):
                    ok = False
    return ok


@rules.implements("709.2c", reasons={"do_what_you_can": "player wanted did"})
def _discard(game, ctx, e):
    n = amount(game, ctx, e["discard"])
    if n <= 0:
        return False
    for p in players(game, ctx, e.get("who", "you")):
        hand = game.zone_objects(p.name, "hand")
        ids = [o.id for o in hand]
        if len(hand) <= n:
            chosen = game.chooser.forced("discard", p.name, ids, by=p.name)
            if len(hand) < n:
                game.fire("709.2c", "do_what_you_can", [p], player=p, wanted=say("discard.n", n=n),
                          did=say("discard.n", n=len(hand)))
        else:
            ans = game.choose("discard", p.name, by=p.name, options=ids, legal=lambda a, ids=ids: (
                None if isinstance(a, list) and len(a) == n and len(set(a)) == n and all(x in ids for x in a)
                else f"choose exactly {n} different cards of {', '.join(ids)}"))
            chosen = list(ans)
        objs = [game.objects[i] for i in chosen]
        f = _fire(game, "effect_discard", [p, *objs], player=p, objects=objs or say("none"))
        game.happen([Event("discard", {"object": o, "player": p}, f.id, firing=f) for o in objs])
    return True


def _pay(game, ctx, e):
    n = amount(game, ctx, e["pay"])
    who = players(game, ctx, e.get("who", "you"))[0]
    f = _fire(game, "effect_pay", [who], player=who, amount=n)
    with game.under(f):
        pay_resources(game, who.name, n, ctx.item, None)
    return True


def _token(game, ctx, e):
    spec = e["token"]
    who = players(game, ctx, e.get("who", "you"))[0]
    cdef = token_card(spec["name"], spec)
    o = WCard(game.new_id(spec.get("id") or spec["name"]), cdef, who.name, who.name, "created", cdef.name,
              token=True, timestamp=game.tick())
    game.add_object(o)
    if ctx.source is not None and not spec.get("id"):     # also `SOURCE.token`, as docs/scenarios.md names tokens
        game.alias(o.id, f"{ctx.source.id}.token")
    f = _fire(game, "effect_token", [o], source=ctx.source_name, player=who, token=cdef.name)
    game.happen([Event("move", {"object": o, "to": "play", "from": "created", "reason": "token",
                                "controller": who.name}, f.id, firing=f)])
    ctx.last["token"] = o.key
    return True


def _until(e, game=None, ctx: Ctx | None = None):
    """An instruction's duration: the one it names, else "this turn" (control: no duration). "Until your next
    turn" ends when the link's controller's next turn starts."""
    u = e.get("until", "permanent" if "control" in e else "end_of_turn")
    if u == "until_your_next_turn" and game is not None:
        return ("start_of_turn", ctx.controller, game.turn)
    return u


def _lasting(game, ctx, code, o, x, add, **fields) -> None:
    """Modifier or shield `x` on card `o`: one firing of 709.2b saying so (`fields`), under which `add(x)`
    records it."""
    with game.under(_fire(game, code, [o], source=ctx.source_name, object=o, **fields)):
        add(x)


def _grant(game, ctx, e):
    power = ability_defs([e["grant"]], prefix="granted_")[0]
    until = _until(e, game, ctx)
    objs = _found(ctx, [o for o in refs(game, ctx, e.get("to", "target")) if not isinstance(o, Player)
                        and o.zone == "play"])
    for o in objs:
        m = Modifier(game.new_id(f"{ctx.subject}.grant"), "grant", getattr(ctx.source, "id", ""), ctx.source_name,
                     ctx.controller, game.tick(), {"power": power}, {o.key}, until=until)
        _lasting(game, ctx, "effect_grant", o, m, game.add_modifier, power=power.text or power.key,
                 until=_until_zh(until))
    return bool(objs)


def _modify(game, ctx, e):
    spec = e["modify"]
    until = _until(e, game, ctx)
    what = delta_zh(spec)
    if spec.get("while"):
        what += say("note.only_while", what=say(f"while.{spec['while']}"))
    ref = e.get("to", "target")
    if is_group(ref):
        return _modify_group(game, ctx, spec, ref, until, what)
    objs = _found(ctx, [o for o in refs(game, ctx, e.get("to", "target")) if not isinstance(o, Player)
                        and o.zone == "play"])
    for o in objs:
        m = Modifier(game.new_id(f"{ctx.subject}.mod"), "modify", getattr(ctx.source, "id", ""), ctx.source_name,
                     ctx.controller, game.tick(), {"atk": spec.get("atk", 0), "health": spec.get("health", 0),
                                                   "set_atk": spec.get("set_atk")},
                     {o.key}, until=until, while_=spec.get("while"))
        _lasting(game, ctx, "effect_modify", o, m, game.add_modifier, what=what, until=_until_zh(until))
    return bool(objs)


def _modify_group(game, ctx, spec, ref, until, what) -> bool:
    """A link's ongoing modifier for every card of a description ("your allies get +1 ATK this turn"): one
    modifier that marks no card and keeps checking which cards it affects (714.3e)."""
    f = ref["all"] if isinstance(ref, dict) else {"types": [TYPE.hero, TYPE.ally]}
    now = refs(game, ctx, ref)
    m = Modifier(game.new_id(f"{ctx.subject}.mod"), "modify", getattr(ctx.source, "id", ""), ctx.source_name,
                 ctx.controller, game.tick(), {"atk": spec.get("atk", 0), "health": spec.get("health", 0),
                                               "set_atk": spec.get("set_atk"), "group": f,
                                               "seen": tuple(o.id for o in now)},
                 set(), until=until, while_=spec.get("while"))
    with game.under(_fire(game, "effect_modify", now, source=ctx.source_name,
                          object=now or say("modifier.no_card_yet"), what=what, until=_until_zh(until))):
        game.add_modifier(m)
    return True


def _counters(game, ctx, e):
    """Put unnamed +ATK / +Health counters on a card: each placement is an ongoing modifier of its own whose
    timestamp is when the counters were placed (718.2f); they stay with the card, not with the link."""
    spec = e["counters"]
    objs = _found(ctx, [o for o in refs(game, ctx, e.get("to", "target")) if not isinstance(o, Player)
                        and o.zone == "play"])
    for o in objs:
        m = Modifier(game.new_id(f"{ctx.subject}.counters"), "counter", getattr(ctx.source, "id", ""),
                     ctx.source_name, ctx.controller, game.tick(), {"atk": spec.get("atk", 0),
                                                                   "health": spec.get("health", 0)},
                     {o.key}, until="permanent", from_link=False)
        counts = dict(o.counters)
        for k in ("atk", "health"):
            if spec.get(k):
                counts[k] = counts.get(k, 0) + spec[k]
        with game.under(_fire(game, "effect_counters", [o], source=ctx.source_name, object=o, what=delta_zh(spec))):
            game.set(o, "counters", counts)
            game.add_modifier(m)
    return bool(objs)


def _control(game, ctx, e):
    hold = None
    if e.get("while") == "source_exhausted":
        hold = ctx.data.get("hold")
        if hold is None or not game.hold_holds(hold):
            src = ctx.source
            # 714.3b decides it: "若确实停止，便不会产生更动" — it fires, no modifier is created
            game.fire("714.3b", "did_not_remain", [src] if src is not None else [], source=ctx.source_name,
                      object=src or ctx.source_name, why=say("remain.not"))
            return False
    objs = refs(game, ctx, e.get("control", "target"))
    for o in objs:
        m = Modifier(game.new_id(f"{ctx.subject}.control"), "control", getattr(ctx.source, "id", ""),
                     ctx.source_name, ctx.controller, game.tick(), {}, {o.key}, until=_until(e, game, ctx),
                     hold=hold)
        _lasting(game, ctx, "effect_control", o, m, game.add_modifier, player=game.by_name[ctx.controller])
    return bool(objs)


def _prevent(game, ctx, e):
    until = _until(e, game, ctx)
    objs = refs(game, ctx, e.get("to", "your_hero"))
    for o in objs:
        s = Shield(game.new_id(f"{ctx.subject}.prevent"), "prevent", ctx.source_name, ctx.controller, o.key,
                   amount=e["prevent"], until=until, source=getattr(ctx.source, "id", ""))
        _lasting(game, ctx, "effect_prevent", o, s, game.add_shield, until=_until_zh(until),
                 amount=say("prevent.all") if e["prevent"] == "all" else say("prevent.n", n=e["prevent"]))
    return bool(objs)


def _next_time(game, ctx, e):
    spec = e["next_time"]
    until = _until(e, game, ctx)
    what = say("next.deal" if spec["event"] == "deal" else "next.dealt") + \
        say("next.damage_when", type=spec.get("damage_type") or "") + \
        (say("next.plus", n=spec["plus"]) if spec.get("plus") else "") + \
        (say("next.redirect") if spec.get("redirect_to") else "")
    objs = refs(game, ctx, e.get("to", "your_hero"))
    for o in objs:
        s = Shield(game.new_id(f"{ctx.subject}.next"), "next_time", ctx.source_name, ctx.controller, o.key,
                   data=dict(spec), until=until, source=getattr(ctx.source, "id", ""))
        _lasting(game, ctx, "effect_next_time", o, s, game.add_shield, what=say("next.what", what=what),
                 until=_until_zh(until))
    return bool(objs)


def _until_zh(u) -> str:
    if u == "end_of_turn":
        return say("until.end_of_turn")
    if u == "permanent":
        return say("until.permanent")
    if isinstance(u, tuple):
        return say("until.next_turn_of", player=u[1])
    if u == "until_your_next_turn":
        return say("until.your_next_turn")
    return str(u)


# ------------------------------------------------------------------ choices on resolution

@rules.implements("708.3", reasons={"optional_on_resolution": "ability player choice",
                                     "optional_cannot": "ability player option"})
@rules.implements("712.7", reasons={"cannot_choose": "player option why"})
def _may(game, ctx, e):
    who = players(game, ctx, e.get("who", "you"))
    if not who:
        return False
    p = who[0]
    why = _cannot(game, ctx, e["may"], p.name)
    if why:
        game.fire("712.7", "cannot_choose", [p], player=p, option=say("option.may"), why=why)
        decided_unable(game, ctx, p, say("option.may"))
        _only_no(game, "may", ctx.subject, p.name, why)
        not_done(game, e["may"])
        return False
    ans = game.choose("may", ctx.subject, by=p.name, options=[True, False], auto=False,
                      hint="an optional part is decided on resolution (708.3)")
    game.fire("708.3", "optional_on_resolution", [p], ability=ctx.link_name or ctx.source_name, player=p,
              choice=say("choice.do" if ans else "choice.dont"))
    if not ans:
        not_done(game, e["may"])
        return False
    return run(game, ctx, e["may"])


def not_done(game, effects: list) -> None:
    """709.2f: "你可以支付（2），若你如此做，…" not done — declined, or he could not — so the sentence "if you do"
    checks finds the action was not performed and its part does not happen: the rule decides "no"."""
    if any("if_you_do" in x for x in effects):
        game.fire("709.2f", "did_not", [], what=say("did.not"))


def decided_unable(game, ctx, p, option: str) -> None:
    """708.3: the optional part is decided on resolution — also when the player cannot do it then (the book's
    Crippling Poison example: "若你选择不支付（3），或是无法支付（3），你必须横置你的英雄"): the rule decides that
    the rest happens, beside 712.7 (he cannot choose to)."""
    game.fire("708.3", "optional_cannot", [p], ability=ctx.link_name or ctx.source_name, player=p, option=option)


def _only_no(game, kind: str, subject: str, who: str, why: str) -> None:
    """712.7: a player who cannot do all of it cannot choose to: "no" is the only answer (taken without asking);
    a script answering "yes" is refused under 712.7."""
    game.choose(kind, subject, by=who, options=[False], legal=lambda a: None if a is False else why)


def _cannot(game, ctx, effects, who: str) -> str | None:
    """712.7: why the player cannot do all of it (None if he can)."""
    for e in effects:
        if "pay" in e:
            n = amount(game, ctx, e["pay"])
            have = len(game.resources(who, ready=True))
            if have < n:
                return say("pay.n", n=n) + say("why.not_enough_resources", n=n, have=have)
        if "discard" in e:
            n = amount(game, ctx, e["discard"])
            have = len(game.zone_objects(who, "hand"))
            if have < n:
                return say("why.not_enough_cards", n=n, have=have)
        if "if_you_do" in e:
            why = _cannot(game, ctx, e["if_you_do"], who)
            if why:
                return why
    return None


def _unless(game, ctx, e):
    spec = e["unless"]
    who = players(game, ctx, e.get("who", "you"))
    p = who[0] if who else None
    paying = []
    if spec.get("pay"):
        paying.append({"pay": spec["pay"], "who": e.get("who", "you")})
    if spec.get("discard"):
        paying.append({"discard": spec["discard"], "who": e.get("who", "you")})
    label = say("pay.n", n=spec["pay"]) if spec.get("pay") else say("discard.n", n=spec.get("discard"))
    why = _cannot(game, ctx, paying, p.name) if p is not None else say("why.no_such_player")
    pays = False
    if why:
        game.fire("712.7", "cannot_choose", [p] if p else [], player=p or "-", option=label, why=why)
        if p is not None:
            decided_unable(game, ctx, p, label)
            _only_no(game, "unless", ctx.subject, p.name, why)
    else:
        pays = game.choose("unless", ctx.subject, by=p.name, options=[True, False], auto=False,
                           hint=f"does {p.name} {label} to avoid the rest? decided on resolution (708.3)")
        game.fire("708.3", "optional_on_resolution", [p], ability=ctx.link_name or ctx.source_name, player=p,
                  choice=label if pays else say("choice.not", what=label))
    if pays:
        run(game, ctx, paying)
        return True
    return run(game, ctx, e.get("then", []))


@rules.implements("709.2f", reasons={"if_you_do": "did", "did_not": "what"})
def _if_you_do(game, ctx, e):
    did = run(game, ctx, e["if_you_do"])
    if did:
        game.fire("709.2f", "if_you_do", [], did=say("did.done"))
        return run(game, ctx, e.get("then", []))
    game.fire("709.2f", "did_not", [], what=say("did.not"))      # the rule decides: the rest does not happen
    return False


def _delayed(game, ctx, e):
    spec = e["delayed"]
    if spec.get("about") == "token":
        key = ctx.last.get("token")
    else:
        about = refs(game, ctx, spec.get("about", "it"))
        key = about[0].key if about and not isinstance(about[0], Player) else None
    dl = Delayed(game.new_id(f"{ctx.subject}.delayed_effect"), getattr(ctx.source, "id", ""), ctx.source_name,
                 ctx.controller, dict(spec), key, created_turn=game.turn,
                 source_inc=getattr(ctx.source, "inc", 0))
    f = _fire(game, "effect_delayed", [], source=ctx.source_name, what=spec.get("text") or say("name.delayed_effect"))
    with game.under(f):
        game.delayed.append(dl)
        game.item_names[dl.id] = say("name.delayed_effect_of", source=ctx.source_name)
        game.record(dl.id, "effect", None, ctx.source_name)
    return True


@rules.implements("802.1", reasons={"simultaneous_choices": "players objects"})
def _destroy_one(game, ctx, e):
    """Crown of Destruction: the player destroys one card he controls of the named kinds — one that can be. When
    several players choose at once ("each player destroys one of his allies"), the turn player chooses first, then
    each next player clockwise, and then all the cards are destroyed at the same time (802.1)."""
    f = e["destroy_one"]
    picks = []
    who = players(game, ctx, e.get("who", "active_player"))
    for p in who:
        mine = select(game, {**f, "controller": "you"}, controller=p.name)
        legal = [o for o in mine if not chars(game, o).flags.get("indestructible")]
        if not legal:
            game.fire("709.2c", "do_what_you_can", [p], player=p, wanted=say("destroy_one.wanted"),
                      did=say("destroy_one.none"))
            continue
        ids = [o.id for o in legal]

        def why(a, ids=ids, p=p, mine=mine):
            if a in ids:
                return None
            o = game.objects.get(a)
            if o is None:
                return say("destroy_one.no_card")
            if o in mine:
                return say("destroy_one.indestructible", card=o.name)
            return say("destroy_one.not_yours", card=o.name, player=p.name,
                       kinds="、".join(f.get("types") or [f.get("type", "")]))
        pick = game.choose("destroy_one", ctx.subject if len(who) == 1 else p.name, by=p.name, options=ids,
                           legal=why, rule="709.2b")
        picks.append((p, game.objects[pick]))
    if len(picks) > 1:
        game.fire("802.1", "simultaneous_choices", [o for _, o in picks], players=[p for p, _ in picks],
                  objects=[o for _, o in picks])
    evs = []
    for p, o in picks:
        fr = _fire(game, "effect_destroy_one", [p, o], player=p, object=o)
        evs.append(Event("destroy", {"object": o}, fr.id, firing=fr))
    if evs:
        game.happen(evs)
    return True


def _search(game, ctx, e):
    """Search one's deck for a card with the same name and put it into play (exhausted)."""
    who = players(game, ctx, e.get("who", "you"))
    if not who:
        return False
    p = who[0]
    base = refs(game, ctx, e["search"])
    name = base[0].lki.get("name") or base[0].name if base else None
    cands = [o for o in game.zone_objects(p.name, "deck") if o.name == name]
    if not cands:
        game.fire("709.2c", "do_what_you_can", [p], player=p, wanted=say("search.wanted", name=name),
                  did=say("search.none"))
        return False
    pick = game.choose("search", ctx.subject, by=p.name, options=[o.id for o in cands])
    o = game.objects[pick]
    f = _fire(game, "effect_search", [p, o], player=p, object=o)
    return bool(game.happen([Event("move", {"object": o, "to": "play", "from": "deck", "reason": "search",
                                            "controller": p.name, "exhausted": bool(e.get("exhausted")),
                                            "exhausted_by": say("search.exhausted", source=ctx.source_name)},
                                            f.id, firing=f)]))


@rules.implements(RULE.reveal, reasons={"revealed": "player object zone"})
def _reveal(game, ctx, e):
    """展示: "reveal a [card] from your hand" — shown face up to every player; the card stays in the zone it was
    revealed in, and is unrevealed again afterwards (nothing says otherwise). `choices: {reveal: {LINK: CARD}}`;
    with nothing to reveal, nothing is revealed (an "if you do" that follows does not happen, 709.2f)."""
    f = {**(e["reveal"] or {}), "zone": "hand"}
    f.pop("controller", None)
    cands = [o for o in select(game, f, controller=ctx.controller) if o.owner == ctx.controller]
    if not cands:
        game.chooser.none_legal("reveal", ctx.subject, by=ctx.controller, rule="709.2b")
        return False
    o = game.objects[game.choose("reveal", ctx.subject, by=ctx.controller, options=[c.id for c in cands])]
    game.fire(RULE.reveal, "revealed", [o], player=game.by_name[ctx.controller], object=o, zone=zone(o.zone))
    return True


@rules.implements("706.2a", near_misses={"not_targeted": "object what"})
def _interrupt(game, ctx, e):
    """Shield Bash: "If you targeted a hero, you may interrupt an ability card played by that hero's controller"."""
    want = e.get("if_targeted")
    tgt = refs(game, ctx, "target")
    if want and not (tgt and chars(game, tgt[0]).type == want):
        game.near_miss("706.2a", "not_targeted", [ctx.item], object=ctx.item,
                       what=say("interrupt.not_targeted", what=want))
        return False
    owner = chars(game, tgt[0]).controller if tgt else ctx.controller
    f = dict(e["interrupt"])
    f["zone"] = "chain"
    cands = [s for s in game.stack if hasattr(s, "card") and s is not ctx.item and s.link
             and s.link.get("controller") == owner and matches(game, s, f, controller=ctx.controller) is None]
    if not cands:
        return False
    options = [s.id for s in cands] + ([False] if e.get("may", True) else [])
    pick = game.choose("interrupt", ctx.subject, by=ctx.controller, options=options, auto=False,
                       hint="709.2b: which ability card to interrupt is chosen on resolution (false: none)")
    if pick is False:
        return False
    s = game.objects[pick]
    fr = _fire(game, "effect_interrupt", [s], source=ctx.source_name, object=s)
    with game.under(fr):
        interrupt(game, s, say("interrupt.by", source=ctx.source_name))
    return True


def _choose_type(game, ctx, e):
    src = ctx.source
    ans = game.choose("type", ctx.subject, by=ctx.controller, legal=lambda a: None if isinstance(a, str) and a
                      else "a type name (a race, a class…)")
    p = game.by_name[ctx.controller]
    f = _fire(game, "effect_chosen", [p], player=p, what=e.get("choose_type") or say("name.type"), value=ans)
    with game.under(f):
        if src is not None:
            game.set(src, "chosen", {**src.chosen, "type": ans})
    return True


@rules.implements("705.6", reasons={"copied": "player object copy", "copy_ceases": "copy"})
@rules.implements("705.6a", reasons={"copy_controller": "copy player"})
@rules.implements("705.6b", reasons={"copy_targets": "copy targets changed"},
                  near_misses={"copy_keeps_targets": "copy targets"})
def _copy(game, ctx, e):
    """705.6: put a copy of a card on the chain onto the chain: same name, cost, types and text, and the same
    choices (mode, targets, X); its controller — whoever put it there (705.6a) — may choose new targets, which
    must be legal (705.6b). A copy is not "played", and it ceases to exist when it leaves the chain."""
    done = False
    for orig in refs(game, ctx, e["copy"]):
        if isinstance(orig, Player) or orig.zone != "chain" or not orig.link:
            continue
        p = game.by_name[ctx.controller]
        cp = WCard(game.new_id(f"{orig.id}.copy"), orig.card, ctx.controller, ctx.controller, "created", orig.name,
                   timestamp=game.tick())
        cp.extra["copy_of"] = orig.id
        game.add_object(cp)
        link = {k: (list(v) if isinstance(v, list) else v) for k, v in orig.link.items()}
        link["controller"] = ctx.controller
        f = game.fire("705.6", "copied", [orig, cp], player=p, object=orig, copy=cp)
        with game.under(f):
            move(game, cp, "chain", controller=ctx.controller)
        cp.link = link
        game.fire("705.6a", "copy_controller", [cp], copy=cp, player=p)
        specs = link.get("specs") or ([orig.card.attach] if orig.card.attach else []) + \
            list((orig.card.play or {}).get("targets", []))
        old = [game.objects[s[0][1]] for s in link.get("targets", [])]
        if specs:
            ans = game.choose("new_targets", cp.id, by=ctx.controller, auto=False,
                              legal=lambda a: None if a is False or (isinstance(a, list) and len(a) == len(specs))
                              else f"false (keep the targets) or a list of {len(specs)} new targets",
                              hint="705.6b: the copy's controller may choose new targets (false: keep them)")
            if ans is False:
                game.near_miss("705.6b", "copy_keeps_targets", [cp], copy=cp, targets=old or say("none"))
            else:
                slots = []
                for spec, tid in zip(specs, ans):
                    t = game.objects.get(tid)
                    bad = ("exists", say("check.exists"), say("check.missing")) if t is None else \
                        target_problem(game, spec, t, source=cp, controller=ctx.controller)
                    if bad:
                        raise IllegalAction(game.rid("705.6b"), "copy_targets",
                                            {"copy": cp, "targets": t if t is not None else tid, "changed": bad[2]},
                                            f"705.6b: the copy's new target {tid} must be legal ({bad[1]} ≠ {bad[2]})")
                    slots.append([("obj", t.id, t.inc)])
                link["targets"] = slots
                game.fire("705.6b", "copy_targets", [cp, *[game.objects[s[0][1]] for s in slots]], copy=cp,
                          targets=[game.objects[s[0][1]] for s in slots], changed=say("answer.yes"))
        done = True
    return done


@rules.implements("706.2", reasons={"target_changed": "link before after"})
def _change_target(game, ctx, e):
    """706.2: "change" a link's single target to a second card of the same kind. That is not targeting the second
    card — the rest of the link's target description is ignored now (a card that can't be targeted can be
    chosen) — but the description is rechecked as usual when the link resolves (709.2a)."""
    done = False
    for link in refs(game, ctx, e["change_target"]):
        if isinstance(link, Player) or link.zone != "chain":
            continue
        slots = link.link.get("targets", []) if isinstance(link, WCard) else link.targets
        if len(slots) != 1 or len(slots[0]) != 1 or slots[0][0][0] != "obj":
            game.fire("709.2c", "do_what_you_can", [link], player=game.by_name[ctx.controller],
                      wanted=say("change.wanted", link=link.name), did=say("change.not_single"))
            continue
        old = game.objects[slots[0][0][1]]
        kind = chars(game, old).type if old.zone == "play" else old.card.type
        ids = [o.id for o in game.in_play() if o is not old and o.area != "resource" and chars(game, o).type == kind]
        if not ids:
            ctx.last["nothing"] = True
            continue

        def why(a, ids=ids, kind=kind):
            return None if a in ids else say("change.same_kind", kind=kind)
        pick = game.choose("new_target", link.id, by=ctx.controller, options=ids, legal=why, rule="706.2",
                           hint="706.2: the second card of the same kind the link's single target changes to")
        new = game.objects[pick]
        f = game.fire("706.2", "target_changed", [link, new], link=link, before=old, after=new)
        with game.under(f):
            new_slots = [[("obj", new.id, new.inc)]]
            if isinstance(link, WCard):
                game.set(link, "link", {**link.link, "targets": new_slots})
            else:
                game.set(link, "targets", new_slots)
        done = True
    return done


@rules.implements("800.2a", reasons={"sideboard_deck": "player count", "no_second_deck": "player"})
@rules.implements("800.2b", reasons={"collection_deck": "player objects"})
@rules.implements("800.2c", reasons={"new_deck_shuffled": "player count"})
def _new_deck(game, ctx, e):
    """Through the Dark Portal's reward, after the deck and graveyard were removed: build a new deck of N cards
    from the collection. In a tournament the collection is the sideboard, which becomes the new deck, and a second
    completion in the same game builds none (800.2a); in casual play it is every card the player owns that was
    not in this game's deck (the scenario's 收藏 zone): he picks N, by the deck rules — at most four of a name
    (800.2b). Shuffling the new deck is the reward's last step (800.2c)."""
    n = amount(game, ctx, e["new_deck"])
    p = game.by_name[ctx.controller]
    side = game.zone_objects(p.name, "sideboard")
    if side or not game.zone_objects(p.name, "collection"):
        if p.name in game.portal_done:
            game.fire("800.2a", "no_second_deck", [p], player=p)
            return False
        game.portal_done = game.portal_done | {p.name}
        picked = side
        game.fire("800.2a", "sideboard_deck", [p, *side], player=p, count=len(side))
    else:
        coll = game.zone_objects(p.name, "collection")
        ids = [o.id for o in coll]

        def legal(a, ids=ids):
            if not isinstance(a, list) or len(a) != n or len(set(a)) != n or any(x not in ids for x in a):
                return say("portal.pick", n=n)
            names = [game.objects[x].name for x in a]
            over = sorted({x for x in names if names.count(x) > 4})
            return say("portal.four", names="、".join(over)) if over else None
        ans = game.choose("new_deck", p.name, by=p.name, options=ids, legal=legal, rule="800.2b", auto=False,
                          hint=f"800.2b: {n} cards of the collection for the new deck (at most four of a name)")
        picked = [game.objects[x] for x in ans]
        game.fire("800.2b", "collection_deck", [p, *picked], player=p, objects=picked)
    for o in picked:
        game.relocate(o, "deck", controller=p.name, top=False)
    game.shuffle(p.name)
    game.fire("800.2c", "new_deck_shuffled", [p], player=p, count=len(picked))
    return True


VERB_FUNCS = {
    "damage": _damage,
    "heal": _heal,
    "destroy": _simple("destroy", "effect_destroy"),
    "exhaust": _simple("exhaust", "effect_exhaust"),
    "ready": _simple("ready", "effect_ready"),
    "ready_one": _ready_one,
    "draw": _draw,
    "discard": _discard,
    "to_hand": _move_verb("effect_to_hand", "hand"),
    "remove": _move_verb("effect_remove", "removed"),
    "pay": _pay,
    "token": _token,
    "grant": _grant,
    "modify": _modify,
    "control": _control,
    "prevent": _prevent,
    "next_time": _next_time,
    "may": _may,
    "unless": _unless,
    "if_you_do": _if_you_do,
    "delayed": _delayed,
    "destroy_one": _destroy_one,
    "search": _search,
    "reveal": _reveal,
    "interrupt": _interrupt,
    "choose_type": _choose_type,
    "copy": _copy,
    "change_target": _change_target,
    "counters": _counters,
    "new_deck": _new_deck,
}
