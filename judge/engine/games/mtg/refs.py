"""What a resolving spell or ability's instructions refer to: references, amounts, linked abilities (217.7d).

`refs(game, ctx, ref)` reads a reference word of the card vocabulary (`target`, `it`, `enchanted`,
`each_opponent`, `{all: FILTER}`, `{linked: LINK}`, `{choose: N, from: REF}`…) as the objects and players
it names now; `amount(game, ctx, a)` reads an amount (a number, `x`, `{count: FILTER}`, `{life: you}`…).
`ctx` is the resolution's context (`Ctx`). Characteristic-defining abilities read amounts too
(`static_amount`), so this module sits below the layer system: it asks the game for characteristics
(`game.chars`) instead of importing them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.core.errors import EngineError
from judge.engine.core.objects import Event, Player, StackAbility
from judge.engine.games.common.effects import merged, plain_amount, shared_ref
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.filters import candidates, cite_characteristics, count, matches, select
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.state import Card
from judge.engine.games.mtg.words import say


@dataclass(slots=True)
class Ctx:
    """Everything an instruction may refer to while its spell or ability resolves."""

    item: object                    # the resolving spell (Card) or StackAbility
    source: Card | None             # the object the ability came from / the spell itself
    source_name: str
    controller: str
    targets: list = field(default_factory=list)     # per "目标": list of legal targets (illegal ones dropped)
    x: int = 0
    event: Event | None = None
    about: Card | None = None       # the object a delayed trigger refers to
    chosen: dict = field(default_factory=dict)
    last: dict = field(default_factory=dict)
    spells: dict = field(default_factory=dict)    # id → controller of a spell this resolution took off the stack
    source_colors: tuple = ()

    @property
    def subject(self) -> str:
        """The id choices about this resolution are keyed by (the stack object, or the source)."""
        if self.item is not None:
            return self.item.id
        return self.source.id if self.source is not None else self.source_name


# ------------------------------------------------------------------ references and amounts

def refs(game, ctx: Ctx, ref) -> list:
    if ref is None:
        return []
    if isinstance(ref, list):
        return merged(refs, game, ctx, ref)
    if isinstance(ref, dict):
        if "linked" in ref:
            return linked_cards(game, ctx, ref)
        if "choose" in ref:
            return _choose_among(game, ctx, ref)
        if "all" in ref:
            f = dict(ref["all"] or {})
            if "chosen" in f.get("subtypes", ()):
                f["subtypes"] = [ctx.chosen.get("type", "?") if s == "chosen" else s for s in f["subtypes"]]
            sc = f.pop("shares_color_with", None)
            sid = getattr(ctx.source, "id", None)
            objs = []
            for o in candidates(game, f):
                bad = matches(game, o, f, controller=ctx.controller, source_id=sid)
                cite_characteristics(game, o, f, bad)
                if bad is None:
                    objs.append(o)
            if "zone" not in f:
                only_in_play(game, ctx, f)
            if sc:
                base = refs(game, ctx, sc)
                cols = {c for b in base if not isinstance(b, Player) for c in game.chars(b).colors}
                objs = [o for o in objs if cols & set(game.chars(o).colors)]
            return objs
        raise EngineError(f"cannot read reference {ref!r}")
    r = str(ref)
    if r == "self":
        _names_itself(game, ctx)
    got = shared_ref(game, ctx, r)
    if got is not None:
        return got
    if r == "it":
        if ctx.about is not None:
            return [ctx.about]
        if ctx.event is not None:
            o = ctx.event.data.get("object")
            return [o] if o is not None else []
        return []
    if r in ("enchanted", "attached"):
        s = ctx.source
        if s is not None and s.attached_to and s.attached_to in game.objects:
            return [game.objects[s.attached_to]]
        return []
    if r == "each_player":
        return [game.by_name[n] for n in game.apnap()]
    if r == "each_opponent":
        return [game.by_name[n] for n in game.apnap() if n != ctx.controller]
    if r == "defending_player":
        d = None
        if ctx.event is not None:
            d = ctx.event.data.get("defender")
        if d is None and ctx.source is not None:
            d = getattr(ctx.source, "attacking", None)
        return [game.by_name[d]] if d else []
    if r in ("its_controller", "owner"):
        base = refs(game, ctx, "target") or refs(game, ctx, "it")
        out = []
        for b in base:
            if isinstance(b, Player):
                continue
            caster = spell_controller(game, ctx, b)
            if caster is not None:
                name = caster if r == "its_controller" else b.owner
                spell_roles(game, b, r, name)
            else:
                name = game.chars(b).controller if r == "its_controller" and b.zone == "battlefield" else b.owner
            out.append(game.by_name[name])
        return out
    if r == "event_source":
        return event_source(ctx.event)
    if r == "event_target":
        return [ctx.event.data["target"]] if ctx.event and ctx.event.data.get("target") else []
    raise EngineError(f"unknown reference {r!r}")


def event_source(ev) -> list:
    """The object that made the trigger event happen: a damage event's source; for any other event the object it
    is about (the creature that attacks or blocks, the permanent that came into play or left it) — "whenever a green
    creature attacks, destroy it at end of combat" names that creature."""
    if ev is None:
        return []
    got = ev.data.get("source") or ev.data.get("object")
    return [got] if got is not None else []


def spell_controller(game, ctx, b) -> str | None:
    """Who controls `b` as a spell: the player who cast it (200.5a) — while it is on the stack, or when this
    resolution took it off the stack just before ("counter target spell; its controller …"). None when `b` is no
    spell."""
    if isinstance(b, Card) and b.zone == "stack" and b in game.stack:
        return game.chars(b).controller
    return ctx.spells.get(b.id) if ctx is not None else None


@rules.implements("200.5a", reasons={"spell_owner_controller": "object role player"})
def spell_roles(game, b, r: str, name: str) -> None:
    """200.5a: the owner of a spell is the owner of the card that represents it; its controller is the player who
    cast it. Cited where an effect asks for a spell's controller or owner."""
    game.fire("200.5a", "spell_owner_controller", [b], object=b, role=say(f"spell_role.{r}"),
              player=game.by_name[name])


# ------------------------------------------------------------------ linked abilities (217.7d)

rules.declare("217.5b", near_misses={"only_in_play": "objects"})
rules.declare("200.9", near_misses={"type_word_means_permanents": "objects types"})
# what a card outside play can be compared on: its characteristics, not who controls it or its state in play (217.5d)
_STATE_KEYS = ("controller", "tapped", "attacking", "blocking", "other", "combat_with_source", "token")
_OUTSIDE = ("graveyard", "hand", "exile")


def only_in_play(game, ctx, f: dict) -> None:
    """`{all: FILTER}` names no zone: it reaches permanents only (217.5b); a type word alone means permanents of
    that type (200.9). Cards of that kind in a graveyard, a hand or removed from the game are near misses, where a
    judge would ask ("does 'destroy all creatures' touch the creature cards in graveyards?")."""
    looks = {k: v for k, v in f.items() if k not in _STATE_KEYS}
    out = [o for o in game.objects.values() if isinstance(o, Card) and o.zone in _OUTSIDE and not o.token
           and matches(game, o, {**looks, "zone": o.zone}, controller=ctx.controller) is None]
    if not out:
        return
    once = (getattr(ctx.source, "id", None), game.recorder.step.index, tuple(o.id for o in out))
    game.near_miss("217.5b", "only_in_play", out, once=("217.5b", *once), objects=out)
    types = list(f.get("types", ())) + list(f.get("any_types", ()))
    if types:
        game.near_miss("200.9", "type_word_means_permanents", out, once=("200.9", *once), objects=out,
                       types="/".join(types))


rules.declare("202.2", reasons={"names_itself": "object others"})


def _names_itself(game, ctx) -> None:
    """A card's text naming itself means that object only, never another object of the same name (202.2): cited
    when an instruction of `ctx.source` refers to itself while another object in play or on the stack shares its
    name — there a judge would ask which one is meant."""
    me = ctx.source
    if not isinstance(me, Card):
        return
    name = game.chars(me).name
    others = [o for o in game.objects.values() if o is not me and isinstance(o, Card)
              and o.zone in ("battlefield", "stack") and game.chars(o).name == name]
    if others:
        game.fire("202.2", "names_itself", [me, *others], object=me, others=others)


rules.declare("203.3", reasons={"converted_mana_cost": "object cost value"})
rules.declare("203.3a", reasons={"no_cost_is_zero": "object"})
rules.declare("203.1a", reasons={"has_no_mana_cost": "object why"})


def _cite_mana_value(game, objs, best) -> None:
    """An amount read the converted mana costs of `objs`: the highest one's is the total of its mana cost, colour
    ignored (203.3); an object with no mana cost — a land, a token its effect gave none (203.1a) — counts 0
    (203.3a)."""
    cost = best.card.cost
    if cost:
        game.fire("203.3", "converted_mana_cost", [best], object=best, cost=M.show_cost(cost),
                  value=game.chars(best).mana_value)
    for o in objs:
        if not o.card.cost:
            game.fire("203.1a", "has_no_mana_cost", [o], object=o, why=say("why.token_no_cost" if o.token else
                                                                          "why.land_no_cost"))
            game.fire("203.3a", "no_cost_is_zero", [o], object=o)


def link_of(item) -> tuple | None:
    """(holder id, holder incarnation, scope, link, ability text) of an ability on the stack: what an exile it
    causes is tagged with, and what a linked ability looks for. Abilities a gain effect grants have that
    effect as their scope, so they are linked only with abilities granted by the same effect (217.7d)."""
    if not isinstance(item, StackAbility) or item.kind not in ("activated", "triggered"):
        return None
    ab = item.ability
    return (item.source, item.source_inc, ab.scope, ab.spec.get("link") or ab.key, ab.text or ab.key)


def tag_exiled(game, item, objs) -> None:
    """Cards an ability removed from the game remember which ability (on which object) did it."""
    link = link_of(item)
    if link is None:
        return
    for o in objs:
        if not isinstance(o, Player) and o.zone == "exile":
            game.exiled_with.append((o.id, o.inc, *link))


rules.declare("402.6", reasons={"last_known": "object what value", "last_known_source": "object colors"})


@rules.implements("217.7d", reasons={"linked_cards": "ability objects", "linked_none": "ability",
                                     "invalid_choice": "player choice answer"},
                  near_misses={"not_linked": "object ability exiled_by"})
def linked_cards(game, ctx, ref) -> list:
    """`{linked: LINK, filter: …}`: the cards in the removed-from-game zone that an ability linked with the
    resolving one removed — on the same object, and for gained abilities granted by the same effect."""
    me = link_of(ctx.item)
    f = {**(ref.get("filter") or {}), "zone": "exile"}
    if me is None:
        return []
    want = (me[0], me[1], me[2], ref["linked"])
    tags = {(t[0], t[1]): t[2:] for t in game.exiled_with}
    out = []
    for o in candidates(game, f):
        if matches(game, o, f, controller=ctx.controller, source_id=me[0]) is not None:
            continue
        tag = tags.get((o.id, o.inc))
        if tag is not None and tuple(tag[:4]) == want:
            out.append(o)
            continue
        if tag is None:
            by = say("exiled_by.other")
        else:
            holder = game.objects.get(tag[0])
            by = say("exiled_by.ability", holder=holder.name if holder is not None else tag[0], ability=tag[4])
        game.near_miss("217.7d", "not_linked", [o], object=o, ability=ctx.item.name, exiled_by=by)
    if out:
        game.fire("217.7d", "linked_cards", out, ability=ctx.item.name, objects=out)
    else:
        game.fire("217.7d", "linked_none", [ctx.item.id], ability=ctx.item.name)
    return out


def _choose_among(game, ctx, ref) -> list:
    """`{choose: N, from: REF}`: the resolving ability's controller picks N of those objects (`choices: {choose:
    {ITEM: ID}}`); an answer outside them is refused — under 217.7d when the pool is a linked one."""
    pool = [o for o in refs(game, ctx, ref["from"]) if not isinstance(o, Player)]
    n = int(ref["choose"])
    if len(pool) <= n and n != 1:
        return pool
    if not pool:
        return []
    ids = [o.id for o in pool]
    rule = "217.7d" if isinstance(ref["from"], dict) and "linked" in ref["from"] else None
    if n == 1:
        ans = game.choose("choose", ctx.subject, by=ctx.controller, options=ids, rule=rule)
        picked = [ans]
    else:
        picked = game.choose("choose", ctx.subject, by=ctx.controller, options=ids, rule=rule, legal=lambda a: (
            None if isinstance(a, list) and len(a) == n and len(set(a)) == n and all(x in ids for x in a)
            else f"choose exactly {n} of {', '.join(ids)}"))
    out = [game.objects[i] for i in picked]
    if len(pool) > n:
        chosen_on_resolution(game, ctx, game.by_name[ctx.controller], "choose", out)
    return out


@rules.implements("413.2c", reasons={"chosen_on_resolution": "player source what chosen"})
def chosen_on_resolution(game, ctx, p, what: str, chosen: list) -> None:
    """413.2c: a choice an effect asks for besides those made as its spell or ability was played — which creature
    to sacrifice, which cards to discard, which of the objects — is made and announced as the effect is carried
    out. Cited where the player had a real choice (more candidates than he must take); a "you may" decision is
    not one of these (410.5 for a triggered ability's; 413.2c only when an option can't be chosen)."""
    game.fire("413.2c", "chosen_on_resolution", [p, *chosen], player=p, source=ctx.source_name,
              what=say(f"resolution_choice.{what}"), chosen=chosen)


def players(game, ctx, ref) -> list[Player]:
    return [p for p in refs(game, ctx, ref) if isinstance(p, Player)]


_INFORMATION = ("count", "hand_size", "max_mana_value", "life", "power", "toughness", "zone_size", "counters")


@rules.implements("413.2f", reasons={"information_once": "source amount"})
def amount(game, ctx: Ctx | None, a, *, source=None, controller=None) -> int:
    """How much an amount is. Read from the game by a resolving effect (a count, a hand's size, a power…), it is
    determined as the effect is carried out, once (413.2f); a static ability's amount (no `ctx`) is read again
    and again and is not cited."""
    if isinstance(a, dict) and "half" in a:
        return half(game, ctx, a, amount(game, ctx, a["half"], source=source, controller=controller))
    n = _amount(game, ctx, a, source=source, controller=controller)
    if ctx is not None and isinstance(a, dict) and any(k in a for k in _INFORMATION):
        game.fire("413.2f", "information_once", [ctx.source] if isinstance(ctx.source, Card) else [],
                  source=ctx.source_name, amount=n)
    return n


@rules.implements("104.1", reasons={"fraction_rounded": "source value result how"})
def half(game, ctx: Ctx | None, a: dict, n: int) -> int:
    """`{half: AMOUNT, round: up|down}`: 104.1 — the game uses only whole numbers; where an effect would make a
    fraction (half of an odd number) it says whether to round up or down. Cited by a resolving effect when there
    was a fraction to round; half of an even number is exact."""
    up = a.get("round") == "up"
    value, rounded = halve(n, up)
    if rounded and ctx is not None:
        game.fire("104.1", "fraction_rounded", [ctx.source] if isinstance(ctx.source, Card) else [],
                  source=ctx.source_name, value=say("half_of", n=n), result=value,
                  how=say("round.up" if up else "round.down"))
    return value


def halve(n: int, up: bool) -> tuple[int, bool]:
    """Half of `n` as a whole number, rounded up or down (104.1), and whether there was a fraction to round."""
    q, odd = divmod(n, 2)
    return q + (1 if odd and up else 0), bool(odd)


def _amount(game, ctx: Ctx | None, a, *, source=None, controller=None) -> int:
    n = plain_amount(ctx, a)
    if n is not None:
        return n
    ctrl = controller or (ctx.controller if ctx else None)
    sid = getattr(source if source is not None else (ctx.source if ctx else None), "id", None)
    if "count" in a:
        if ctx is None:                  # a static's amount, computed again and again: nothing to cite
            return count(game, a["count"], controller=ctrl, source_id=sid)
        f = a["count"]                   # a resolving effect counts: say why each object counted or not
        n = 0
        for o in candidates(game, f):
            bad = matches(game, o, f, controller=ctrl, source_id=sid)
            if bad is None or bad[0] != "zone":
                cite_characteristics(game, o, f, bad)
            n += bad is None
        return n
    if "hand_size" in a:
        who = a["hand_size"]
        name = ctrl if who == "you" else who
        return len(game.zone_objects(name, "hand"))
    if "max_mana_value" in a:
        objs = select(game, a["max_mana_value"], controller=ctrl, source_id=sid)
        if not objs:
            if ctx is not None:
                game.fire("104.2", "undefined_as_zero", [], what=say("max_mana_value"))
            return 0
        best = max(objs, key=lambda o: game.chars(o).mana_value)
        if ctx is not None:
            _cite_mana_value(game, objs, best)
        return game.chars(best).mana_value
    if "life" in a:
        return game.by_name[ctrl].life
    for what in ("power", "toughness"):
        if what in a:
            return _characteristic(game, ctx, a[what], what, source)
    if "zone_size" in a:
        who = refs(game, ctx, a.get("of", "you")) if ctx is not None else [game.by_name[ctrl]]
        return sum(len(game.zone_objects(p.name, a["zone_size"])) for p in who if isinstance(p, Player))
    if "counters" in a:
        holder = source if source is not None else (ctx.source if ctx else None)
        on = a.get("on", "self")
        if on == "creator" and holder is not None:
            holder = game.objects.get(holder.extra.get("creator", ""))
        elif on != "self" and ctx is not None:
            got = refs(game, ctx, on)
            holder = got[0] if got else None
        return holder.counters.get(a["counters"], 0) if holder is not None else 0
    raise EngineError(f"unknown amount {a!r}")


def _characteristic(game, ctx, ref, what: str, source=None) -> int:
    """`{power: REF}` / `{toughness: REF}`: the first object's value. An ability's own source that has left play
    since the ability was activated or triggered is read from its last known information (402.6)."""
    if ctx is None:
        objs = [source] if source is not None else []
    else:
        objs = [o for o in refs(game, ctx, ref) if not isinstance(o, Player)]
    if not objs:
        return 0
    obj = objs[0]
    own = ctx is not None and ref == "self" and isinstance(ctx.item, StackAbility) and ctx.item.source == obj.id
    c, lki = game.last_known(obj, ctx.item.source_inc if own else None)
    value = getattr(c, what)
    if lki and own:
        game.fire("402.6", "last_known", [obj], object=obj, what=say(f"char.{what}"), value=value if value is not None
                  else say("none"))
    return value or 0


def static_amount(game, src, a) -> int:
    """An amount inside a characteristic-defining ability (no resolving context)."""
    if src is None:
        return 0
    return amount(game, None, a, source=src, controller=src.controller)
