"""Carrying out instructions: a spell's text top to bottom (158.1), a later part that rewrites an earlier one
(158.2), instructions on private cards a player may decline (128.6, 128.6.a), gaining mana (168).

`run(game, ctx, effects)` executes a list of instructions in printed order. Before instruction N is
carried out, a later instruction marked `instead_of: N` whose condition holds replaces it (158.2: the
replacement applies "as appropriate", so what N would have set up — a delayed "destroy it the next time it
takes damage" — never exists); if its condition fails, N is carried out as written and the later part does
nothing (a near miss of 158.2). `if_done` makes an instruction depend on the one before it having been
carried out: one a player was allowed to ignore counts as impossible (128.6.a).

An instruction that makes a player pick cards on resolution (`discard`, `reveal`, `play`, `to_hand` from a
zone) asks `choices: {choose: {ITEM.N: CARD | [CARDS] | none}}` (N: the instruction's number). `none`
declines: allowed only when the cards are secret or private and the instruction names a card type or
characteristic (128.6); otherwise the engine refuses it citing 128.6.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.core.errors import EngineError
from judge.engine.core.objects import Event
from judge.engine.games.riftbound import filters, moves, play
from judge.engine.games.riftbound.privacy import PUBLIC
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.state import Delayed, all_players, pool_text
from judge.engine.games.riftbound.words import CONDITION, ON_BOARD, RESOURCE, ZONE_SPEC, say, zone, zone_of_word

mechanic("target", reasons={"target_gone": "object target"})
mechanic("delayed", reasons={"delayed_created": "object about"})
mechanic("replacement", reasons={"replaced": "object instead"})
mechanic("play", reasons={"condition_false": "object condition"})

rules.declare("158.1", reasons={"instruction": "object n text"})
rules.declare("158.2", reasons={"later_replaces_earlier": "object later earlier condition"},
              near_misses={"not_replaced": "object later earlier condition"})
rules.declare("128.6.a", near_misses={"ignored_if_done": "object instruction"})
rules.declare("168", reasons={"gained": "player gained pool"})
rules.declare("128.2.a", reasons={"revealed": "player object", "looked": "player objects"})
rules.declare("108.7.f", reasons={"hand_affected": "player object"})
rules.declare("108.3.c.1", reasons={"returned": "object"},
              near_misses={"zone_occupied": "object occupant", "not_chosen": "object"})
rules.declare("108.3.a", reasons={"own_champion_zone": "player object"})
rules.declare("148.1.b.1", near_misses={"card_not_object": "object zone"})


@dataclass
class Ctx:
    """What a resolving item's instructions refer to."""

    item: object                 # the chain item (a card, or an ability)
    source: object | None        # the card it comes from
    source_name: str
    controller: str
    targets: list = field(default_factory=list)    # per target word: the objects/players still legal
    it: object | None = None     # the object a delayed instruction is about
    chosen: list = field(default_factory=list)     # what the last instruction that chose cards picked
    done: list = field(default_factory=list)       # per instruction: was it carried out
    spell: bool = False
    added: list = field(default_factory=list)      # chain items added while it resolves (158.3)


def text_of(e: dict, n: int) -> str:
    return e.get("text") or say("instruction", n=n)


def condition_holds(game, ctx: Ctx, cond: str | None) -> bool:
    """[鼓舞]: its controller played another card this turn (not in this book)."""
    if cond is None:
        return True
    if cond == CONDITION.legion:
        return game.by_name[ctx.controller].played >= (2 if ctx.spell else 1)
    raise EngineError(f"unknown condition {cond!r}")


def run(game, ctx: Ctx, effects) -> None:
    """Carry out `effects` top to bottom (158.1), later parts rewriting earlier ones (158.2)."""
    effects = list(effects)
    ctx.done = [False] * len(effects)
    numbered = ctx.spell and len(effects) > 1
    later = {}      # earlier index → (later index, condition holds)
    for j, e in enumerate(effects):
        n = e.get("instead_of")
        if n is not None:
            if not 1 <= n <= j:
                raise EngineError(f"{ctx.source_name}: instruction {j + 1} replaces instruction {n}, "
                                  f"which does not come before it")
            later[n - 1] = (j, condition_holds(game, ctx, e.get("if")))
    for i, e in enumerate(effects):
        if e.get("instead_of") is not None:
            continue                        # applied in place of the earlier part, or not at all (158.2)
        f = game.fire("158.1", "instruction", [ctx.item], object=ctx.item, n=i + 1, text=text_of(e, i + 1)) \
            if numbered else None
        with _under(game, f):
            if i in later:
                j, holds = later[i]
                cond = effects[j].get("if") or say("none")
                if holds:
                    g = game.fire("158.2", "later_replaces_earlier", [ctx.item], object=ctx.item, later=j + 1,
                                  earlier=i + 1, condition=cond)
                    with game.under(g):
                        ctx.done[i] = ctx.done[j] = _one(game, ctx, effects[j], j)
                    continue
                game.near_miss("158.2", "not_replaced", [ctx.item], object=ctx.item, later=j + 1,
                               earlier=i + 1, condition=cond)
            if not condition_holds(game, ctx, e.get("if")):
                game.unnumbered("play", "condition_false", [ctx.item], object=ctx.item, condition=e["if"])
                continue
            if e.get("if_done") and i > 0 and not ctx.done[i - 1]:
                if ctx.done[i - 1] is None:     # the one before was ignored: it counts as impossible
                    game.near_miss("128.6.a", "ignored_if_done", [ctx.item], object=ctx.item,
                                   instruction=text_of(effects[i - 1], i))
                continue
            ctx.done[i] = _one(game, ctx, e, i)


class _under:
    def __init__(self, game, f):
        self.cm = game.under(f) if f is not None else None

    def __enter__(self):
        if self.cm is not None:
            self.cm.__enter__()

    def __exit__(self, *exc):
        if self.cm is not None:
            return self.cm.__exit__(*exc)


# ------------------------------------------------------------------ references

def refs(game, ctx: Ctx, r) -> list:
    """The objects or players a reference word names (on resolution)."""
    if r in (None, "target", "target1"):
        return list(ctx.targets[0]) if ctx.targets else []
    if r == "target2":
        return list(ctx.targets[1]) if len(ctx.targets) > 1 else []
    if r == "self":
        return [ctx.source] if ctx.source is not None else []
    if r == "it":
        return [ctx.it] if ctx.it is not None else []
    if r == "you":
        return [game.by_name[ctx.controller]]
    if r == "opponent":
        return [p for p in game.in_game() if p.name != ctx.controller]
    if r == "chosen":
        return list(ctx.chosen)
    raise EngineError(f"unknown reference {r!r}")


def players(game, ctx: Ctx, who) -> list:
    out = refs(game, ctx, who or "you")
    return [p if hasattr(p, "pool") else game.by_name[p.controller] for p in out]


# ------------------------------------------------------------------ one instruction

def _damage(game, ctx: Ctx, e: dict, i: int, val):
    return bool(game.happen([Event("damage", {"object": o, "amount": val, "source": ctx.source})
                             for o in refs(game, ctx, e.get("to"))]))


def _destroy(game, ctx: Ctx, e: dict, i: int, val):
    return bool(game.happen([Event("destroy", {"object": o, "by": ctx.controller})
                             for o in _objects(game, ctx, val)]))


def _banish(game, ctx: Ctx, e: dict, i: int, val):
    return bool(game.happen([Event("move", {"object": o, "to": "banishment", "why": "banished",
                                            "by": ctx.controller}) for o in _objects(game, ctx, val)]))


def _tap(verb: str):
    def do(game, ctx: Ctx, e: dict, i: int, val):
        return bool(game.happen([Event(verb, {"object": o}) for o in _objects(game, ctx, val)]))
    return do


def _to_hand(game, ctx: Ctx, e: dict, i: int, val):
    objs = _pick(game, ctx, e, i, val) if isinstance(val, dict) else refs(game, ctx, val)
    if objs is None:
        return None
    return bool(game.happen([Event("move", {"object": o, "to": "hand", "why": "returned",
                                            "by": ctx.controller}) for o in objs]))


def _champion(game, ctx: Ctx, e: dict, i: int, val):
    return _to_champion_zone(game, ctx, refs(game, ctx, val))


def _draw(game, ctx: Ctx, e: dict, i: int, val):
    return bool(game.happen([Event("draw", {"player": p, "by": ctx.controller})
                             for p in players(game, ctx, e.get("who")) for _ in range(val)]))


def _discard(game, ctx: Ctx, e: dict, i: int, val):
    objs = _pick(game, ctx, e, i, val if isinstance(val, dict) else {"count": val}, who=e.get("who"))
    if objs is None:
        return None
    return bool(game.happen([Event("move", {"object": o, "to": "trash", "why": "discarded",
                                            "by": ctx.controller}) for o in objs]))


def _channel(game, ctx: Ctx, e: dict, i: int, val):
    done = [moves.channel(game, p, ctx.controller, val) for p in players(game, ctx, e.get("who"))]
    return any(done)


def _verb(e: dict) -> str:
    for v in VERB_FUNCS:
        if v in e:
            return v
    raise EngineError(f"an instruction with no verb: {e}")


def _one(game, ctx: Ctx, e: dict, i: int):
    """Carry out one instruction; True if it was done, False if it could not be, None if a player ignored it."""
    verb = _verb(e)
    return VERB_FUNCS[verb](game, ctx, e, i, e[verb])


def _objects(game, ctx: Ctx, val) -> list:
    """The board objects an instruction acts on (a reference, or `{all: FILTER}`)."""
    if isinstance(val, dict) and "all" in val:
        flt = val["all"] or {}
        out = []
        for o in list(game.objects.values()):
            if filters.problem(game, o, flt, source=ctx.source, controller=ctx.controller) is not None:
                continue
            if o.zone not in ON_BOARD:
                if filters.types_of(flt):
                    game.near_miss("148.1.b.1", "card_not_object", [o], object=o, zone=zone(o.zone))
                continue
            out.append(o)
        return out
    return [o for o in refs(game, ctx, val) if not hasattr(o, "pool")]


def _gain(game, ctx: Ctx, e: dict, i: int, val: dict) -> bool:
    """168: an ability that gains 法力 or 符能 adds it to its player's rune pool."""
    for p in players(game, ctx, e.get("who")):
        pool = dict(p.pool)
        for word, n in val.items():
            key = RESOURCE.id_of(word)
            pool[key] = pool.get(key, 0) + n
        f = game.fire("168", "gained", [p], player=p, gained=_pool_text(val), pool=pool_text(pool))
        with game.under(f):
            game.set(p, "pool", pool)
    return True


def _pool_text(words: dict) -> str:
    return "、".join(f"{w}{n}" for w, n in words.items())


def _to_champion_zone(game, ctx: Ctx, objs: list) -> bool:
    """108.3.c.1: a chosen champion told to return to its champion zone does so only if that zone is empty."""
    done = False
    for o in objs:
        if not o.chosen_champion:
            game.near_miss("108.3.c.1", "not_chosen", [o], object=o)
            continue
        occupant = game.zones.get((o.owner, "champion"), [])
        if occupant:
            game.near_miss("108.3.c.1", "zone_occupied", [o], object=o, occupant=game.objects[occupant[0]])
            continue
        f = game.fire("108.3.c.1", "returned", [o], object=o)
        if o.owner != ctx.controller:
            game.fire("108.3.a", "own_champion_zone", [o], player=game.by_name[o.owner], object=o)
        moves.relocate(game, o, "champion", f)
        done = True
    return done


# ------------------------------------------------------------------ cards a player picks on resolution

@rules.implements("128.6", reasons={"may_decline": "player object instruction zone",
                                    "cannot_decline": "player object instruction why"})
@rules.implements("128.6.a", reasons={"ignored_impossible": "player object instruction"})
def _pick(game, ctx: Ctx, e: dict, i: int, spec: dict, who=None):
    """The cards a player picks for instruction `i` (None if he ignored it). He may decline only when the
    cards are not public and the instruction names a card type or characteristic (128.6)."""
    chooser = players(game, ctx, who)[0]
    z = zone_of_word(spec.get("from", "hand"))
    flt = spec.get("filter") or {}
    count = spec.get("count", 1)
    pool = [game.objects[x] for x in game.zones.get((chooser.name, z), ())]
    legal = [o for o in pool if filters.problem(game, o, flt, source=ctx.source, controller=ctx.controller) is None]
    for o in pool:
        if o not in legal:
            filters.flavour_miss(game, o, flt)
    private = ZONE_SPEC[z].get("visibility", PUBLIC) != PUBLIC
    may_ignore = private and filters.names_a_characteristic(flt)
    ids = [o.id for o in legal]
    if not legal:
        return []
    need = min(count, len(legal))
    text = text_of(e, i + 1)

    def well_formed(ans):
        if ans == "none":
            return None
        got = [str(x) for x in (ans if isinstance(ans, list) else [ans])]
        bad = [x for x in got if x not in ids]
        if bad:
            return say("why.not_eligible", cards="、".join(bad))
        if len(got) != need or len(set(got)) != len(got):
            return say("why.pick_count", n=need)
        return None

    ans = game.choose("choose", f"{ctx.item.id}.{i + 1}", by=chooser.name,
                      options=ids + (["none"] if may_ignore else []), legal=well_formed, auto=not may_ignore,
                      hint=say("hint.choose", zone=zone(z)))
    if ans == "none":
        if not may_ignore:
            why = say("why.must_do_public", zone=zone(z)) if not private else say("why.must_do_unnamed")
            raise game.illegal("128.6", "cannot_decline", f"{chooser.name} may not ignore: {text}", player=chooser,
                               object=ctx.item, instruction=text, why=why)
        game.fire("128.6", "may_decline", [ctx.item], player=chooser, object=ctx.item, instruction=text,
                  zone=zone(z))
        game.fire("128.6.a", "ignored_impossible", [ctx.item], player=chooser, object=ctx.item, instruction=text)
        return None
    got = [game.objects[str(x)] for x in (ans if isinstance(ans, list) else [ans])]
    if z == "hand" and chooser.name != ctx.controller:
        for o in got:
            game.fire("108.7.f", "hand_affected", [o], player=chooser, object=o)
    for o in got:
        filters.cite(game, o, flt, zone(z))
    ctx.chosen = got
    return got


def _reveal(game, ctx: Ctx, e: dict, i: int, val) -> bool | None:
    """A revealed card is public (128.2.a: its state overrides its zone's privacy) until it changes zones
    or the turn ends (not in this book)."""
    got = _pick(game, ctx, e, i, val if isinstance(val, dict) else {}, who=e.get("who"))
    if got is None:
        return None
    everyone = all_players(game)
    for o in got:
        f = game.fire("128.2.a", "revealed", [o], player=game.by_name[o.owner], object=o)
        with game.under(f):
            game.set(o, "shown_to", everyone)
    return bool(got)


def _look(game, ctx: Ctx, e: dict, i: int, val) -> bool:
    """"Look at the top N cards of your main deck": that player may see them (128.2.a), nobody else."""
    spec = val if isinstance(val, dict) else {"count": val}
    z = zone_of_word(spec.get("from", "deck"))
    did = False
    for p in players(game, ctx, e.get("who")):
        top = [game.objects[x] for x in game.zones.get((p.name, z), ())[: spec.get("count", 1)]]
        if not top:
            continue
        f = game.fire("128.2.a", "looked", top, player=p, objects=top)
        with game.under(f):
            for o in top:
                game.set(o, "shown_to", o.shown_to | {p.name})
        did = True
    return did


def _play_from(game, ctx: Ctx, e: dict, i: int, val) -> bool | None:
    """"Play a unit from your hand, ignoring its cost": the card goes onto the chain as it is played (108.1.a)
    and waits there until this spell has resolved (158.3)."""
    from_spec = val if isinstance(val, dict) else {}
    got = _pick(game, ctx, e, i, from_spec, who=e.get("who"))
    if got is None:
        return None
    if not got:
        return False
    for o in got:
        play.put_on_chain(game, ctx.controller, o, ignore_cost=bool(e.get("ignore_cost")), during=ctx)
    return True


def _delayed(game, ctx: Ctx, e: dict, i: int, spec: dict) -> bool:
    """A delayed instruction about one object (not in this book: what 158.2's example rewrites)."""
    about = refs(game, ctx, spec.get("about", "target"))
    about = [o for o in about if not hasattr(o, "pool")]
    if not about:
        return False
    o = about[0]
    d = Delayed(game.new_id(f"{ctx.item.id}.delayed"), ctx.source.id if ctx.source else ctx.item.id,
                ctx.source_name, ctx.controller, {"when": spec.get("when", "dealt_damage"),
                                                  "effects": list(spec.get("effects", ())), "until": "end_of_turn"},
                o.key)
    f = game.unnumbered("delayed", "delayed_created", [ctx.item, o], object=ctx.item, about=o)
    with game.under(f):
        game.add_delayed(d)
    return True


# the verbs of the card vocabulary (`vocab.VERBS`), each carried out by one function
VERB_FUNCS = {
    "damage": _damage, "destroy": _destroy, "banish": _banish, "to_hand": _to_hand,
    "to_champion_zone": _champion, "draw": _draw, "discard": _discard, "gain": _gain, "channel": _channel,
    "reveal": _reveal, "look": _look, "play": _play_from, "delayed": _delayed,
    "exhaust": _tap("exhaust"), "ready": _tap("ready"),
}
