"""Spell and ability effects: the verbs of the card vocabulary (413.2b, 416–419).

The controller of a resolving spell or ability follows its instructions in
order (413.2b); each instruction is one firing of 413.2b with a reason code
per verb (`effect_damage`, `effect_destroy`, …) and the events it causes go
through replacement and prevention. Continuous effects from a resolution
lock onto the objects they affect right then (418.3b); rule-changing ones
(prevent all damage creatures would deal) look at the game as it is.
"""
from __future__ import annotations

from judge.engine.core.objects import Event, Player, StackAbility
from judge.engine.games.common.vocab import dump
from judge.engine.core.errors import EngineError, MissingChoice
from judge.engine.games.mtg import events, layers, text, zones
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg import schedule
from judge.engine.games.mtg.chars import chars
from judge.engine.games.mtg.filters import select, source_matches
from judge.engine.games.mtg.refs import Ctx, amount, chosen_on_resolution, players, refs, tag_exiled
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.state import (AbilityDef, Card, CEffect, Delayed, Shield, ability_defs, card_def, parse_delta,
                                          parse_pt)
from judge.engine.games.mtg.targets import legal_targets, target_objects
from judge.engine.games.mtg.vocab import COLORS, Ability, TokenDef
from judge.engine.games.mtg.words import CREATURE_TYPES, PERMANENT_TYPES, TYPE, ability_text, say
from judge.engine.games.mtg.words import zone as zone_word


# ------------------------------------------------------------------ running instructions

def mana_text(spec) -> str:
    """The mana an ability adds, as a judge reads it (`{绿}`, 一点同类别的魔法力…)."""
    out = []
    for e in spec.get("effects", []):
        v = e.get("add_mana")
        if v == "any_land_color":
            out.append(say("mana.any_land_color"))
        elif v == "same":
            out.append(say("mana.same"))
        elif isinstance(v, str):
            out.append(M.show_cost(M.parse_cost(v if "{" in v else "{" + "}{".join(v) + "}")))
    return "、".join(out) or say("mana.generic")


def run(game, ctx: Ctx, effects: list[dict]) -> None:
    """Follow the instructions in order (413.2b): each is one verb of `VERB_FUNCS` with its parameters. An effect
    of several steps in which several players decide is done step by step (413.2d): each step's decisions, then
    that step, then the next."""
    several = len(effects) > 1
    for i, e in enumerate(effects):
        verb = next(k for k in e if k in VERB_FUNCS)
        ctx.last["instruction"] = ctx.last.get("instruction", 0) + 1     # counted across nested instructions
        if several:
            step_decisions(game, ctx, e, verb, i + 1)
        if e.get("may_end"):         # "you may end this effect" (408.2i): its controller, while holding priority
            made = len(game.effects)
            VERB_FUNCS[verb](game, ctx, e)
            for ce in game.effects[made:]:
                ce.may_end = ctx.controller
            continue
        if e.get("replace") is None:
            VERB_FUNCS[verb](game, ctx, e)
            continue
        # "… instead": a self-replacement effect of this instruction, which applies to its own events only (419.6d)
        game.self_replacing.append(events.own_replacement(game, ctx, e["replace"], i))
        try:
            VERB_FUNCS[verb](game, ctx, e)
        finally:
            game.self_replacing.pop()


_DECISIONS = ("sacrifice", "discard")     # the verbs whose players each choose what the step does to them


@rules.implements("413.2d", reasons={"step_decisions": "step players"})
def step_decisions(game, ctx, e, verb: str, step: int) -> None:
    """413.2d: in a spell or ability of several steps, the players make one step's decisions (the active player
    first, 103.4) and that step is done before anyone decides for the next. Cited for each step in which more
    than one player decides."""
    if verb not in _DECISIONS:
        return
    order, _ = decision_order(game, ctx, players(game, ctx, e.get("who", "you")))
    deciding = [p for p in order if _has_choice(game, e, verb, p)]
    if len(deciding) > 1:
        game.fire("413.2d", "step_decisions", deciding, step=step, players=[p.name for p in deciding])


def controller_first(game, ctx, deciding: list, first: bool) -> bool:
    """Cite 409.2b where it decided who goes first: several players decide (`deciding`, in `decision_order`), and
    the spell's or ability's controller, moved ahead of APNAP (`first`), is one of them. Whether it was cited."""
    if first and len(deciding) > 1 and deciding[0].name == ctx.controller:
        game.fire("409.2b", "controller_first", deciding, player=deciding[0], players=[p.name for p in deciding])
        return True
    return False


def _has_choice(game, e, verb: str, p) -> bool:
    """Whether the player has anything to choose from for this instruction: a permanent to sacrifice, a card to
    discard."""
    if verb == "sacrifice":
        return bool(select(game, {**(e["sacrifice"] or {}), "controller": "you"}, controller=p.name))
    return bool(game.zone_objects(p.name, "hand"))


@rules.implements("409.2b", reasons={"controller_first": "player players"})
def decision_order(game, ctx, who: list) -> tuple[list, bool]:
    """The order in which these players make a decision the effect asks of all of them: APNAP (103.4), except
    that a spell's or ability's controller asked to decide together with other players decides first (409.2b).
    (order, whether 409.2b changed it)."""
    order = [p for name in game.apnap() for p in who if p.name == name]
    mine = next((p for p in order if p.name == ctx.controller), None)
    if mine is None or order[0] is mine:
        return order, False
    return [mine] + [p for p in order if p is not mine], True


@rules.implements("418.3b", reasons={"locked_set": "source objects", "rule_changing_not_locked": "source what"})
@rules.implements("418.3a", reasons={"lasts_until_game_ends": "source objects"})
@rules.implements("413.2b", reasons={
    "effect_damage": "source target amount", "effect_destroy": "source object", "effect_exile": "source object",
    "effect_damage_would": "source target amount", "effect_destroy_would": "source object",
    "effect_draw_would": "player count", "effect_gain_life_would": "player amount",
    "effect_bounce": "source object", "effect_return": "source object zone",
    "effect_shuffle": "source object", "effect_sacrifice": "player object",
    "effect_draw": "player count", "effect_discard": "player objects", "effect_gain_life": "player amount",
    "effect_lose_life": "player amount", "effect_add_mana": "player mana", "effect_tap": "source object",
    "effect_untap": "source object", "effect_counter": "source object", "effect_copy": "source object",
    "effect_paid": "player cost mana",
    "effect_pump": "source objects delta until",
    "effect_set_pt": "source objects pt until", "effect_switch": "source objects until",
    "effect_counters": "source object counter n", "effect_gain_kw": "source objects keywords until",
    "effect_lose_kw": "source objects keywords until", "effect_lose_all": "source objects until",
    "effect_set_color": "source objects colors until", "effect_becomes": "source objects what until",
    "effect_control": "source objects player until", "effect_prevent": "source objects amount each until",
    "effect_prevent_rule": "source what until", "effect_regenerate": "source object",
    "effect_token": "source player token count", "effect_grant": "source objects ability until",
    "effect_extra_turn": "player", "effect_extra_steps": "what", "effect_skip": "player what",
    "effect_chosen": "player what value", "effect_no_objects": "source what",
    "effect_gain_abilities": "source objects origin abilities until",
    "effect_change_text": "source objects old new until",
    "effect_redirect": "source object protected until",
    "effect_attach": "source object host",
})
def _doc_413_2b(game, ctx, e):
    """(the verbs below all fire 413.2b; this registers the rule and its reason codes)"""


_NO_OBJECTS = frozenset({"effect_change_text", "effect_pump", "effect_set_pt", "effect_switch", "effect_gain_kw", "effect_lose_kw",
                         "effect_lose_all", "effect_set_color", "effect_becomes", "effect_control", "effect_grant",
                         "effect_prevent", "effect_gain_abilities"})


def _fire(game, ctx, code, _objs, **fields):
    if code in _NO_OBJECTS and not fields.get("objects"):
        # "族群号令 使 无 得 +1/+1" is not a sentence: say that the effect found nothing to affect
        rest = {k: v for k, v in fields.items() if k not in ("source", "objects")}
        return game.fire("413.2b", "effect_no_objects", _objs, source=fields["source"],
                         what=say(f"nothing.{code}", **rest))
    return game.fire("413.2b", code, _objs, **fields)


def _damage(game, ctx: Ctx, e):
    n = amount(game, ctx, e["damage"])
    srcs = refs(game, ctx, e.get("source", "self"))
    src = srcs[0] if srcs else ctx.source
    # a source that left play deals damage with its last known characteristics (402.6): what prevention by the
    # source's colour and "whenever a red source deals damage" read (issue 11 §3)
    own_inc = ctx.item.source_inc if src is not None and isinstance(ctx.item, StackAbility) and \
        ctx.item.source == src.id else None
    src_chars, lki = game.last_known(src, own_inc) if src is not None else (None, False)
    if lki and own_inc is not None:
        game.fire("402.6", "last_known_source", [src], object=src,
                  colors="".join(src_chars.colors) or say("check.colorless"))
    evs = []
    # damage divided as announced on casting (409.1e): each target its own part; a target gone illegal, none
    split = (getattr(ctx.item, "cast", None) or {}).get("divide") if e.get("divided") else None
    for t in refs(game, ctx, e.get("to", "target")):
        if split is not None:
            n = split.get(t.name if isinstance(t, Player) else t.id, 0)
        f = _fire(game, ctx, "effect_damage", [src, t] if src else [t], source=src or ctx.source_name, target=t,
                  amount=n)
        evs.append(Event("damage", {"source": src, "source_name": src.name if src else ctx.source_name,
                                    "source_chars": src_chars,
                                    "source_controller": src_chars.controller if src_chars else ctx.controller,
                                    "target": t, "amount": n, "combat": False}, f.id, firing=f))
    done = game.happen(evs)
    ctx.last["damage_dealt"] = sum(ev.data["amount"] for ev in done)


@rules.implements("410.10", reasons={"found_in_new_zone": "ability object zone"},
                  near_misses={"not_in_new_zone": "ability object zone"})
@rules.implements("410.10c", reasons={"first_zone_only": "object zone"},
                  near_misses={"moved_on_from_first_zone": "object zone"})
def where_it_went(game, ctx, o) -> bool:
    """410.10: a zone-change trigger's instruction about the object that changed zones looks for it in the zone it
    went to, as the object it became there; if it never arrived, left, or left and came back (a new object), that
    part does nothing. 410.10c: for a leaves-play trigger that zone is the first one it went to."""
    ev = ctx.event
    aura = aura_trigger(ctx)
    if aura and o is ctx.source:
        return aura_followed(game, ctx, o)
    if ev is None or ev.kind != "move" or ev.data.get("object") is not o or ctx.about is not None:
        return True
    to = ev.data.get("to")
    there = o.zone == to and o.inc == ev.data.get("new_inc", o.inc)
    name = say("ability_of", source=ctx.source_name)
    zone = zone_word(to)
    left_play = ev.data.get("from") == "battlefield"
    if there:
        game.fire("410.10", "found_in_new_zone", [o], ability=name, object=o, zone=zone)
        if left_play:
            game.fire("410.10c", "first_zone_only", [o], object=o, zone=zone)
        if aura and left_play:
            game.fire("410.10f", "host_followed", [ctx.source, o], aura=ctx.source, object=o, zone=zone)
    else:
        game.near_miss("410.10", "not_in_new_zone", [o], ability=name, object=o, zone=zone)
        if left_play:
            game.near_miss("410.10c", "moved_on_from_first_zone", [o], object=o, zone=zone)
    return there


def aura_trigger(ctx) -> bool:
    """Whether the resolving ability is an Aura's trigger on what happens to the permanent it enchants."""
    item = ctx.item
    return isinstance(item, StackAbility) and item.kind == "triggered" and \
        bool((item.ability.spec.get("when") or {}).get("enchanted"))


@rules.implements("410.10f", reasons={"aura_followed": "aura zone", "host_followed": "aura object zone"},
                  near_misses={"aura_not_followed": "aura zone"})
def aura_followed(game, ctx, aura) -> bool:
    """410.10f: an Aura's ability that triggered as the permanent it enchanted left play follows the Aura to its
    owner's graveyard (where the state-based effects put it, 420.5d) — found there as the object it became on
    leaving play; anywhere else (removed from the graveyard, or sent elsewhere instead), the part of the ability
    that would affect the Aura does nothing. The enchanted permanent is followed to the zone it went to
    (`host_followed`, beside 410.10)."""
    ev = ctx.event
    if ev is None or ev.kind != "move" or ev.data.get("from") != "battlefield":
        return True                                  # a trigger on something else the enchanted permanent did
    there = went_straight_to_graveyard(aura)
    zone = zone_word("graveyard")
    if there:
        game.fire("410.10f", "aura_followed", [aura], aura=aura, zone=zone)
    else:
        game.near_miss("410.10f", "aura_not_followed", [aura], aura=aura, zone=zone)
    return there


def went_straight_to_graveyard(o) -> bool:
    """In a graveyard as the object it became on leaving play, and nowhere since (its last incarnation in play is
    the one just before this one)."""
    return o.zone == "graveyard" and (o.inc - 1) in o.extra.get("lki", {})


def _put_on_library(game, ctx, e):
    """"Put REF on top of (`bottom: true`: on the bottom of) its owner's library": all at once, in no particular
    order — two or more in one library, its owner orders them (217.2d, `zones.together`)."""
    top = not e.get("bottom")
    evs = []
    for o in refs(game, ctx, e["put_on_library"]):
        if isinstance(o, Player):
            continue
        f = _fire(game, ctx, "effect_return", [o], source=ctx.source_name, object=o,
                  zone=say("move_to.library_top" if top else "move_to.library_bottom"))
        evs.append(Event("move", {"object": o, "to": "library", "from": o.zone, "reason": "effect", "top": top,
                                  "shuffle": False}, f.id, firing=f))
    game.happen(evs)


def _zone_verb(code, to, reason):
    def run_(game, ctx, e):
        evs = []
        for o in refs(game, ctx, e[next(iter(e))]):
            if isinstance(o, Player) or not where_it_went(game, ctx, o):
                continue
            f = _fire(game, ctx, code, [o], source=ctx.source_name, object=o,
                      **({"zone": say(f"move_to.{to}")} if code == "effect_return" else {}))
            if reason == "destroy":
                evs.append(Event("destroy", {"object": o, "no_regen": bool(e.get("no_regen")), "by": ctx.controller},
                                 f.id, firing=f))
            else:
                evs.append(Event("move", {"object": o, "to": to, "from": o.zone, "reason": reason,
                                          "controller": ctx.controller if to == "battlefield" else None,
                                          "shuffle": to == "library", "by": ctx.controller}, f.id, firing=f))
        done = game.happen(evs)
        if to == "exile":
            tag_exiled(game, ctx.item, [ev.data["object"] for ev in done if ev.kind == "move"])
    return run_


@rules.implements("103.3", reasons={"impossible_skipped": "player what"})
def impossible(game, p, what: str) -> None:
    """103.3: an instruction asking for the impossible (sacrifice a creature with none, discard from an empty
    hand) is skipped for that player; the rest of the effect goes on."""
    game.fire("103.3", "impossible_skipped", [p], player=p, what=what)


def _sacrifice(game, ctx, e):
    """Each affected player chooses, in APNAP order (103.4), then all are sacrificed at once."""
    f = e["sacrifice"] or {}
    n = int(e.get("count", 1))
    order, first = decision_order(game, ctx, players(game, ctx, e.get("who", "you")))
    cand_of = {p.name: select(game, {**f, "controller": "you"}, controller=p.name) for p in order}
    together(game, ctx, [p for p in order if cand_of[p.name]], first)
    picks = []
    for p in order:
        cands = cand_of[p.name]
        if not cands:
            game.chooser.none_legal("sacrifice", p.name, by=p.name)
            impossible(game, p, say("impossible.sacrifice"))
            continue
        ids = [o.id for o in cands]
        if len(cands) <= n:
            chosen = game.chooser.forced("sacrifice", p.name, ids, by=p.name)
        else:
            knows_before(game, p, picks)
            ans = game.choose("sacrifice", p.name, by=p.name, options=ids if n == 1 else None,
                              legal=(lambda a, ids=ids: None if (isinstance(a, list) and len(a) == n and
                                                                  all(x in ids for x in a))
                                     else f"choose {n} of {', '.join(ids)}") if n > 1 else None)
            chosen = ans if isinstance(ans, list) else [ans]
            chosen_on_resolution(game, ctx, p, "sacrifice", [game.objects[oid] for oid in chosen])
        picks.append((p, [game.objects[oid] for oid in chosen]))
    evs = []
    for p, objs in picks:
        for o in objs:
            fr = _fire(game, ctx, "effect_sacrifice", [o], player=p, object=o)
            evs.append(Event("sacrifice", {"object": o, "by": ctx.controller}, fr.id, firing=fr))
    game.happen(evs)


def together(game, ctx, deciding: list, first: bool) -> None:
    """103.4: several players (`deciding`, in `decision_order`) make a decision the same instruction asks of them
    all: the active player first, then the others in turn order, and the actions happen at the same time — unless
    409.2b put the spell's or ability's controller first (`controller_first`). 409.2b is an exception to 103.4's
    order only: the actions chosen still happen at the same time (103.4's "then the actions happen
    simultaneously"), so 103.4 is cited then too, for that (`simultaneous_actions`)."""
    if controller_first(game, ctx, deciding, first):
        game.fire("103.4", "simultaneous_actions", [], players=[p.name for p in deciding])
    elif len(deciding) > 1:
        game.fire("103.4", "apnap_choices", [], players=[p.name for p in deciding])


@rules.implements("103.4a", reasons={"knows_previous": "player known"})
def knows_before(game, p, picks: list) -> None:
    """103.4a: a player deciding after others in one simultaneous decision (103.4) knows what they decided —
    cited when he has a real choice to make (more options than he must take) and someone decided before him.
    `picks`: (player, objects) of the decisions made so far."""
    known = [say("decision_of", player=q.name, objects="、".join(o.name for o in objs)) for q, objs in picks if objs]
    if known:
        game.fire("103.4a", "knows_previous", [p], player=p, known=known)


def _draw(game, ctx, e):
    n = amount(game, ctx, e["draw"])
    for p in players(game, ctx, e.get("who", "you")):
        f = _fire(game, ctx, "effect_draw", [], player=p, count=n)
        with game.under(f):
            for _ in range(n):
                game.happen([Event("draw", {"player": p}, f.id, firing=f)])


def _discard(game, ctx, e):
    """Each affected player chooses what to discard, in APNAP order (103.4), then all discard at once."""
    n = amount(game, ctx, e["discard"])
    order, first = decision_order(game, ctx, players(game, ctx, e.get("who", "you")))
    together(game, ctx, [p for p in order if _has_choice(game, e, "discard", p)], first)
    picks = []
    for p in order:
        hand = game.zone_objects(p.name, "hand")
        if len(hand) <= n:
            chosen = game.chooser.forced("discard", p.name, [o.id for o in hand], by=p.name)
            if not hand and n > 0:
                impossible(game, p, say("impossible.discard"))
            if len(hand) < n:
                game.fire("416.3", "do_what_you_can", [p], player=p, wanted=say("discard_n", n=n),
                          did=say("discard_n", n=len(hand)))
        else:
            knows_before(game, p, picks)
            ids = [o.id for o in hand]
            ans = game.choose("discard", p.name, by=p.name, options=ids, legal=lambda a, ids=ids: (
                spell_named(game, a) or (None if isinstance(a, list) and len(a) == n and len(set(a)) == n
                                         and all(x in ids for x in a)
                                         else f"choose exactly {n} different cards of {', '.join(ids)}")))
            chosen = list(ans)
            chosen_on_resolution(game, ctx, p, "discard", [game.objects[i] for i in chosen])
        picks.append((p, [game.objects[i] for i in chosen]))
    evs = []
    for p, objs in picks:
        f = _fire(game, ctx, "effect_discard", objs, player=p, objects=objs)
        evs.extend(Event("discard", {"object": o, "player": p}, f.id, firing=f) for o in objs)
    game.happen(evs)


def spell_named(game, answer) -> tuple | None:
    """A choice of cards ("discard a card") answered with a spell on the stack: "card" can't refer to the card that
    represents a spell (213.3) — refused under that rule. None otherwise."""
    for x in (answer if isinstance(answer, list) else [answer]):
        o = game.objects.get(x) if isinstance(x, str) else None
        if isinstance(o, Card) and o.zone == "stack" and o in game.stack:
            return f"{x} is a spell on the stack, not a card", "213.3"
    return None


def _discard_hand(game, ctx, e):
    for p in players(game, ctx, e.get("who", "you") if isinstance(e.get("discard_hand"), bool)
                     else e["discard_hand"]):
        objs = game.zone_objects(p.name, "hand")
        f = _fire(game, ctx, "effect_discard", objs, player=p, objects=objs)
        game.happen([Event("discard", {"object": o, "player": p}, f.id, firing=f) for o in objs])


def _life(kind, code):
    def run_(game, ctx, e):
        n = amount(game, ctx, e[kind])
        for p in players(game, ctx, e.get("who", "you")):
            f = _fire(game, ctx, code, [p], player=p, amount=n)
            game.happen([Event(kind, {"player": p, "amount": n}, f.id, firing=f)])
    return run_


def _add_mana(game, ctx, e):
    spec = e["add_mana"]
    who = players(game, ctx, e.get("who", "you"))
    if spec == "any_land_color":
        colors = []
        for o in select(game, {"types": [TYPE.land], "controller": "you"}, controller=ctx.controller):
            for ab in chars(game, o).abilities:
                if ab.kind == "mana":
                    for ef in ab.spec.get("effects", []):
                        v = ef.get("add_mana")
                        if isinstance(v, str) and v != "any_land_color":
                            fixed, hybrids, _ = M.parse_added(v if "{" in v else "{" + "}{".join(v) + "}")
                            for c in [*fixed, *(x for h in hybrids for x in h)]:
                                if c not in colors and c != "C":
                                    colors.append(c)
        if not colors:
            game.fire("406.6", "undefined_mana", [ctx.source] if ctx.source else [], source=ctx.source_name)
            return
        opts = [M.COLOR_ZH[c] for c in colors]
        pick = game.choose("color", ctx.subject, by=ctx.controller, options=opts, legal=lambda a: (
            None if a in opts else (say("why.not_a_color", value=a), "203.2d") if a not in COLORS
            else (say("why.color_not_produced", value=a), "413.2c")))
        mana = {M.ZH_COLOR[pick]: 1}
    else:
        mana = _added_mana(game, ctx, spec if "{" in spec else "{" + "}{".join(spec) + "}")
    for p in who:
        f = _fire(game, ctx, "effect_add_mana", [p], player=p, mana=M.show(mana))
        game.happen([Event("add_mana", {"player": p, "mana": mana}, f.id, firing=f)])


rules.declare("104.3g", reasons={"hybrid_mana_added": "player symbol color", "invalid_choice": "player choice answer"})
rules.declare("104.3d", reasons={"numeral_mana_colorless": "player amount"})


def _added_mana(game, ctx, text: str) -> dict:
    """The mana an instruction adds: a hybrid symbol adds one mana of the colour the player picks of its two
    (104.3g); a numeral adds that much colourless mana (104.3d)."""
    mana, hybrids, numerals = M.parse_added(text)
    who = game.by_name[ctx.controller]
    for i, (a, b) in enumerate(hybrids):
        options = [M.COLOR_ZH[a], M.COLOR_ZH[b]]
        sub = ctx.subject if len(hybrids) == 1 else f"{ctx.subject}[{i + 1}]"
        pick = game.choose("color", sub, by=ctx.controller, options=options, auto=False, rule="104.3g")
        c = M.ZH_COLOR[pick]
        mana[c] = mana.get(c, 0) + 1
        game.fire("104.3g", "hybrid_mana_added", [who], player=who, symbol=M.symbol((a, b)), color=pick)
    if numerals:
        game.fire("104.3d", "numeral_mana_colorless", [who], player=who, amount=M.symbol(numerals))
    return mana


def _tapper(kind, code):
    def run_(game, ctx, e):
        evs = []
        for o in refs(game, ctx, e[kind]):
            f = _fire(game, ctx, code, [o], source=ctx.source_name, object=o)
            evs.append(Event(kind, {"object": o}, f.id, firing=f))
        game.happen(evs)
    return run_


@rules.implements("414.1", reasons={"countered": "object by"})
def _counter(game, ctx, e):
    for o in refs(game, ctx, e["counter"]):
        if o not in game.stack:
            continue
        f = _fire(game, ctx, "effect_counter", [o], source=ctx.source_name, object=o)
        if isinstance(o, Card):                 # "its controller" still means who cast it (200.5a)
            ctx.spells[o.id] = game.chars(o).controller
        with game.under(f):
            game.counter_item(o, "414.1", "countered", by=ctx.source_name)


@rules.implements("401.1a", reasons={"spell_copied": "object original player", "copy_new_target": "object before after",
                                     "copy_same_targets": "object targets"},
                  near_misses={"copy_not_cast": "ability source object"})
def _copy_spell(game, ctx, e):
    """"Copy target instant or sorcery spell": the copy is a spell too, with no card (401.1a) — put on the stack
    under the copying effect's controller, with the original's characteristics and the choices made for it as it
    was cast (mode, X, targets, division). It is not cast: nothing that triggers on casting sees it (a near miss
    per such ability). With `new_targets: true` its controller may choose new targets for it, each legal for the
    spell (`choices: {retarget: {COPY: NEW}}`; naming the old target keeps it)."""
    for o in refs(game, ctx, e["copy_spell"]):
        if not isinstance(o, Card) or o not in game.stack:
            continue
        if any(t in chars(game, o).types for t in PERMANENT_TYPES):
            raise EngineError(f"{o.name}: copying a permanent spell is not in this book (only instants and sorceries"
                              f" — rule 503 is outside the 2006 excerpt)")
        copy = game.copy_spell(o, ctx.controller)
        who = game.by_name[ctx.controller]
        with game.under(_fire(game, ctx, "effect_copy", [copy, o], source=ctx.source_name, object=o)):
            game.fire("401.1a", "spell_copied", [copy, o], object=copy, original=o, player=who)
        if e.get("new_targets"):
            _copy_targets(game, ctx, copy)
        game.copy_not_cast(copy)


def _copy_targets(game, ctx, copy) -> None:
    """A copy's controller may choose new targets for it: each use of "目标" with one target gets an answer among
    the targets legal for it now (the old one included, which keeps it)."""
    specs = (copy.card.spell or {}).get("targets", [])
    slots = list(copy.cast.get("targets") or [])
    colors = tuple(chars(game, copy).colors)
    changed = False
    for i, slot in enumerate(slots):
        if i >= len(specs) or len(slot) != 1:
            continue
        old = target_objects(game, [slot])
        legal = legal_targets(game, specs[i], controller=ctx.controller, source=copy, source_colors=colors)
        if not legal:
            continue
        options = [t.name if isinstance(t, Player) else t.id for t in legal]
        pick = game.choose("retarget", copy.id, by=ctx.controller, options=options, rule="401.1a", auto=False)
        new = game.by_name.get(pick) or game.objects[pick]
        if old and new is old[0]:
            continue
        slots[i] = [("player", new.name, 0) if isinstance(new, Player) else ("obj", new.id, new.inc)]
        game.fire("401.1a", "copy_new_target", [copy, new], object=copy, before=old[0] if old else "-", after=new)
        changed = True
    if changed:
        game.set_quiet(copy, "cast", {**copy.cast, "targets": slots})
    elif any(slots):
        game.fire("401.1a", "copy_same_targets", [copy], object=copy, targets=target_objects(game, slots))


def _change_target(game, ctx, e):
    for o in refs(game, ctx, e["change_target"]):
        if o in game.stack:
            change_target(game, ctx, o)


@rules.implements("415.7a", reasons={"target_changed": "object before after", "target_unchanged": "object target"},
                  near_misses={"no_other_target": "object target"})
@rules.implements("415.7b", reasons={"mode_kept": "object mode"})
@rules.implements("415.7c", reasons={"you_not_target": "object"})
def change_target(game, ctx, item) -> None:
    """"Change the target of target spell": only to another legal target — if there is none, the target stays
    (415.7a); a modal spell keeps its mode, and the new target must suit that mode (415.7b); the words "you" in its
    text are no target, so a spell without targets has nothing to change (415.7c). The new target is chosen by
    the changing effect's controller (`choices: {retarget: {SPELL: NEW}}`)."""
    if isinstance(item, Card):
        specs = (item.card.spell or {}).get("targets", [])
        slots = (item.cast or {}).get("targets") or []
        controller = (item.cast or {}).get("controller", item.controller)
        colors = tuple(chars(game, item).colors)
        mode = (item.cast or {}).get("mode")
    else:
        specs = item.ability.spec.get("targets", [])
        slots = item.targets or []
        controller = item.controller
        colors = tuple(item.extra.get("source_colors") or ())
        mode = None
    now = target_objects(game, slots) if slots else []
    if not now:
        game.fire("415.7c", "you_not_target", [item], object=item)
        return
    if len(now) != 1:
        return                              # "a spell with a single target": nothing this effect can change
    i = next(k for k, slot in enumerate(slots) if slot)
    old = now[0]
    legal = [t for t in legal_targets(game, specs[i], controller=controller, source=item, source_colors=colors)
             if t is not old]
    if not legal:
        game.near_miss("415.7a", "no_other_target", [item], object=item, target=old)
        game.fire("415.7a", "target_unchanged", [item, old], object=item, target=old)
        return
    options = [t.name if isinstance(t, Player) else t.id for t in legal]
    pick = game.choose("retarget", item.id, by=ctx.controller, options=options, rule="415.7a")
    new = game.by_name.get(pick) or game.objects[pick]
    slot = [("player", new.name, 0) if isinstance(new, Player) else ("obj", new.id, new.inc)]
    changed = [slot if k == i else s for k, s in enumerate(slots)]
    if isinstance(item, Card):
        game.set_quiet(item, "cast", {**item.cast, "targets": changed})
    else:
        game.set_quiet(item, "targets", changed)
    game.fire("415.7a", "target_changed", [item, old, new], object=item, before=old, after=new)
    if mode is not None:
        game.fire("415.7b", "mode_kept", [item], object=item, mode=mode)


def _until(e, default="end_of_turn"):
    u = e.get("until", default)
    if isinstance(u, dict):
        (k, v), = u.items()
        return (k, v)
    return u


def _locked_effect(game, ctx, objs, ops, until, eid: str | None = None) -> CEffect | None:
    if isinstance(until, tuple):
        kind, ref = until
        holder = refs(game, ctx, ref)
        held = holder[0] if holder else None
        if held is None or not _holds(kind, held, ctx):
            game.fire("418.3d", "duration_already_over", [held] if held is not None else [],
                      source=ctx.source_name, condition=_cond_zh(kind, held))
            return None
        broken = getattr(ctx.item, "extra", {}).get("durations_broken", ())
        if (kind, held.key) in broken:
            game.fire("418.3d", "duration_broke_before", [held], source=ctx.source_name,
                      condition=_cond_zh(kind, held))
            return None
        until = (kind, held.key)
    e = CEffect(eid or game.new_id(f"{ctx.subject}.effect"), getattr(ctx.source, "id", ctx.subject), ctx.source_name,
                ctx.controller, game.tick(), ops, locked={o.key for o in objs if not isinstance(o, Player)},
                until=until)
    game.add_effect(e)
    return e


def one_effect(prev, n: int, keys: tuple, until) -> str | None:
    """The effect an instruction's continuous effect is part of (418.5b): the one the instruction just before it
    (`n - 1`) created, when it changes the same objects for the same duration — "gets +1/+1 and becomes the
    colour of your choice until end of turn" is one effect, whose parts apply in their own layers. `prev`:
    (effect id, objects, duration, instruction) of the last continuous effect this resolution created."""
    if prev is None:
        return None
    eid, pkeys, puntil, pn = prev
    return eid if pn == n - 1 and pkeys == keys and puntil == until and keys else None


def _continuous(game, ctx, code, objs, ops, until, eid: str | None = None, **fields):
    """A continuous effect of a resolving spell or ability (418.3): one firing of 413.2b saying what it does to
    `objs` (`fields`) and for how long, under which the effect is created, locked onto `objs` (418.3b). Consecutive
    instructions changing the same objects for as long are one effect (`one_effect`, 418.5b)."""
    f = _fire(game, ctx, code, objs, source=ctx.source_name, objects=objs, **fields, until=_until_zh(until))
    n = ctx.last.get("instruction", 0)
    keys = tuple(o.key if not isinstance(o, Player) else o.name for o in objs)
    if eid is None:
        eid = one_effect(ctx.last.get("continuous"), n, keys, until)
    with game.under(f):
        made = _locked_effect(game, ctx, objs, ops, until, eid=eid)
        if made is not None:
            ctx.last["continuous"] = (made.id, keys, until, n)
        if until == "permanent" and objs:
            game.fire("418.3a", "lasts_until_game_ends", objs, source=ctx.source_name, objects=objs)
        if objs and ctx.last.pop("set_by_filter", False):
            game.fire("418.3b", "locked_set", objs, source=ctx.source_name, objects=objs)
    return f


def _durations(effects):
    """The "for as long as" durations (`until: {KIND: REF}`) among an ability's instructions, nested ones too."""
    for e in effects or ():
        if isinstance(e, dict):
            u = e.get("until")
            if isinstance(u, dict) and len(u) == 1:
                yield next(iter(u.items()))
            for v in e.values():
                if isinstance(v, list):
                    yield from _durations(v)


def watch_durations(game) -> None:
    """418.3d: a "for as long as" duration that ends after an ability's last step of activation (or after a
    triggered ability went on the stack) and before the effect begins makes the effect do nothing, even if the
    condition holds again by then. Checked whenever a player would get priority — the activation is complete
    by then — for each ability waiting on the stack; a break is kept on the stack object (and rewound with it)."""
    for item in game.stack:
        spec = getattr(getattr(item, "ability", None), "spec", None)
        if not isinstance(spec, dict) or "effects" not in spec:
            continue
        wanted = list(_durations(spec["effects"]))
        if not wanted:
            continue
        src = game.objects.get(item.source)
        ctx = Ctx(item, src, item.source_name, item.controller)
        broken = set(item.extra.get("durations_broken", ()))
        for kind, ref in wanted:
            held = (refs(game, ctx, ref) or [None])[0]
            if held is None:
                continue
            gone = held is src and src is not None and src.inc != item.source_inc
            if (kind, held.key) not in broken and (gone or not _holds(kind, held, ctx)):
                broken.add((kind, held.key))
                game.set_quiet(item, "extra", {**item.extra, "durations_broken": frozenset(broken)})


def _holds(kind, obj, ctx) -> bool:
    if kind == "while_tapped":
        return obj.zone == "battlefield" and obj.tapped
    if kind == "while_controlled":
        return obj.zone == "battlefield" and obj.controller == ctx.controller
    return True


def _cond_zh(kind, obj) -> str:
    name = obj.name if obj is not None else "?"
    return say(kind, object=name) if kind in ("while_tapped", "while_controlled") else kind


def _until_zh(until) -> str:
    if isinstance(until, tuple):
        return say("until.while_tapped") if until[0] == "while_tapped" else until[0]
    return say(f"until.{until}") if until in ("end_of_turn", "end_of_combat", "permanent") else until


def _objs(game, ctx, ref):
    """The objects `ref` names; a set chosen by its characteristics (`{all: FILTER}`) is noted on the context
    for 418.3b (the set a resolved effect locks)."""
    ctx.last["set_by_filter"] = isinstance(ref, dict) and "all" in ref
    return [o for o in refs(game, ctx, ref) if not isinstance(o, Player)]


def _pt_change(verb, code, field, parse):
    """`pump: +2/+2` (layer 6d) and `set_pt: 0/1` (6b): one locked effect on `what` (default the target). A
    `pump: "+X/+X"` with `x: AMOUNT` counts X once, as it resolves, and keeps that number (418.3c)."""
    def run_(game, ctx, e):
        written = str(e[verb])
        x = amount(game, ctx, e["x"]) if "X" in written and e.get("x") is not None else None
        shown = written.replace("X", str(x)) if x is not None else written
        objs = _objs(game, ctx, e.get("what", "target"))
        f = _continuous(game, ctx, code, objs, [(6, verb, parse(shown))], _until(e), **{field: shown})
        if x is not None and isinstance(e["x"], dict) and objs:
            with game.under(f):
                game.fire("418.3c", "variable_fixed", objs, source=ctx.source_name, objects=objs, x=x,
                          what=written)
    return run_


def _switch(game, ctx, e):
    _continuous(game, ctx, "effect_switch", _objs(game, ctx, e["switch_pt"]), [(6, "switch", None)], _until(e))


def _kw(verb, code):
    def run_(game, ctx, e):
        kws = e[verb] if isinstance(e[verb], list) else [e[verb]]
        _continuous(game, ctx, code, _objs(game, ctx, e.get("what", "target")), [(5, verb, kws)], _until(e),
                    keywords="、".join(kws))
    return run_


def _lose_all(game, ctx, e):
    _continuous(game, ctx, "effect_lose_all", _objs(game, ctx, e["lose_all_abilities"]), [(5, "lose_all", None)],
                _until(e))


def _set_color(game, ctx, e):
    cols = e["set_color"] if isinstance(e["set_color"], list) else [e["set_color"]]
    if cols == ["chosen"]:
        cols = [ctx.chosen["color"]]
    _continuous(game, ctx, "effect_set_color", _objs(game, ctx, e.get("what", "target")), [(5, "set_color", cols)],
                _until(e), colors="".join(cols))


def keeps_types(b: dict) -> bool:
    """Whether "becomes [types]" keeps the object's old types. A new type replaces the old ones (212.1b) unless
    the effect says the object is still what it was (`still: true`) or makes it an "artifact creature" (212.1c);
    `still: false` replaces them even then."""
    if b.get("still") is not None:
        return bool(b["still"])
    return {TYPE.artifact, TYPE.creature} <= set(b.get("types") or ())


def _becomes(game, ctx, e):
    b = e["becomes"]
    objs = _objs(game, ctx, e.get("what", "target"))
    ops = []
    words = []
    if b.get("types") is not None:
        if keeps_types(b):
            ops.append((4, "add_types", list(b["types"])))
        else:
            ops.append((4, "set_types", list(b["types"])))
        words.append("".join(b["types"]))
    if b.get("add_types"):
        ops.append((4, "add_types", list(b["add_types"])))
        words.append("".join(b["add_types"]))
    if b.get("subtypes") is not None:
        ops.append((4, "set_subtypes", list(b["subtypes"])))
        words.append("／".join(b["subtypes"]))
    if b.get("colors") is not None:
        ops.append((5, "set_color", list(b["colors"])))
        words.append(say("color_word", colors="".join(b["colors"])))
    if b.get("pt"):
        ops.append((6, "set_pt", parse_pt(b["pt"])))
        words.append(b["pt"])
    if b.get("pt_count"):
        ops.append((6, "set_pt_count", b["pt_count"]))
        words.append(say("pt_count"))
    f = _continuous(game, ctx, "effect_becomes", objs, ops, _until(e), what=" ".join(words))
    if b.get("subtypes"):
        with game.under(f):
            layers.becomes_basic_land_type(game, objs, ctx.source_name, b["subtypes"])


def _control(game, ctx, e):
    objs = _objs(game, ctx, e["control"])
    who = players(game, ctx, e.get("who", "you"))[0]
    f = _continuous(game, ctx, "effect_control", objs, [(2, "control", who.name)], _until(e, "permanent"), player=who)
    with game.under(f):
        for o in objs:
            game.sync_control(o)


def _grant(game, ctx, e):
    abil = ability_defs([dump(Ability.model_validate(e["grant"]))])   # its targets' short forms read as a card's
    _continuous(game, ctx, "effect_grant", _objs(game, ctx, e.get("what", "target")), [(5, "grant", abil)], _until(e),
                ability=e["grant"].get("text") or abil[0].kind)


_GAINED_KINDS = {"activated": ("activated", "mana"), "triggered": ("triggered",), "static": ("static",)}


def _gain_abilities(game, ctx, e):
    """"X gains all activated abilities of target creature": the abilities it has on resolution are copied
    (layer 5, locked like any resolved effect, 418.3b). Each copy is keyed SOURCE.KEY on its new object and
    scoped to this effect, so abilities linked on the original stay linked only with each other (217.7d)."""
    kinds = [k for name in (e.get("kinds") or ["activated"]) for k in _GAINED_KINDS[name]]
    origins = _objs(game, ctx, e["gain_abilities_of"])
    objs = _objs(game, ctx, e.get("what", "self"))
    eid = game.new_id(f"{ctx.subject}.effect")
    gained = []
    for src in origins:
        for ab in chars(game, src).abilities:
            if ab.kind in kinds:
                gained.append(AbilityDef(f"{src.id}.{ab.key}", ab.kind, ab.spec, ability_text(src, ab), eid))
    _continuous(game, ctx, "effect_gain_abilities", objs, [(5, "grant", tuple(gained))], _until(e), eid=eid,
                origin=origins, abilities="；".join(f"「{a.text}」" for a in gained) or say("none"))


def _counters(game, ctx, e, sign=1, verb="add_counters"):
    evs = []
    for o in _objs(game, ctx, e.get("on", "target")):
        for name, n in e[verb].items():
            f = _fire(game, ctx, "effect_counters", [o], source=ctx.source_name, object=o, counter=name, n=sign * n)
            evs.append(Event("counters", {"object": o, "name": name, "n": sign * n}, f.id, firing=f))
    game.happen(evs)


def _prevent(game, ctx, e):
    amt = e["prevent"]
    until = e.get("until", "end_of_turn")
    n = "all" if amt == "all" else amount(game, ctx, amt)
    if e.get("from") is not None and e.get("to") is None:      # a rule-changing effect (418.3b example 2)
        what = say("prevent.all") if n == "all" else say("prevent.n", n=n)
        f = _fire(game, ctx, "effect_prevent_rule", [], source=ctx.source_name, what=what, until=_until_zh(until))
        game.fire("418.3b", "rule_changing_not_locked", [], source=ctx.source_name, what=what)
        with game.under(f):
            _shield(game, ctx, "prevent", None, n, {"source_filter": e["from"], "combat_only": bool(e.get("combat"))},
                    until)
        return
    objs = refs(game, ctx, e.get("to", "target"))
    f = _fire(game, ctx, "effect_prevent", objs, source=ctx.source_name, objects=objs,
              amount=say("prevent.all") if n == "all" else say("prevent.n", n=n),
              each=say("prevent.each") if len(objs) > 1 else "", until=_until_zh(until))
    # a shield aimed at one object keeps the effect's other conditions: "from a red source" (419.8b) and combat only
    data = {"combat_only": bool(e.get("combat"))}
    if e.get("from") is not None:
        data["source_filter"] = e["from"]
    if e.get("once"):                  # "the next time … would deal damage": all of that damage, then it is used up
        data["once"] = True
    if e.get("source") == "choose":
        chosen = choose_source(game, ctx, e.get("from"))
        if chosen is None:
            return
        data["chosen"] = chosen
    with game.under(f):
        for o in objs:                                         # one shield per object, fixed now (419.7c)
            key = ("player", o.name) if isinstance(o, Player) else o.key
            _shield(game, ctx, "prevent", key, n, dict(data), until)
            if not isinstance(o, Player) and o.damage > 0:     # damage already dealt is not undone (419.4)
                game.near_miss("419.4", "damage_already_dealt", [o], object=o, amount=o.damage, shield=ctx.source_name)
        shields_for_each(game, ctx, objs, n)


@rules.implements("419.8a", reasons={"source_chosen": "player source shield"},
                  near_misses={"not_chosen_source": "shield source chosen"})
def choose_source(game, ctx, flt) -> tuple | None:
    """419.8a: "a source of your choice", chosen as the effect is created: a permanent, a spell on the stack, or a
    card or permanent a spell or ability on the stack refers to (its source, its targets); with a characteristic
    ("a red source") only those that have it. (id, incarnation, whether it is a permanent spell — whose damage as
    the permanent it becomes is prevented too), or None when nothing can be chosen."""
    cands = [game.objects[i] for i in game.battlefield_ids()]
    for item in game.stack:
        if isinstance(item, Card):
            cands.append(item)
            continue
        src = game.objects.get(getattr(item, "source", ""))
        if src is not None:
            cands.append(src)
        for slot in getattr(item, "targets", None) or ():
            cands.extend(game.objects[i] for k, i, _ in slot if k == "obj" and i in game.objects)
    seen, options = set(), []
    for o in cands:
        if o.id in seen or o is ctx.item:
            continue
        seen.add(o.id)
        if flt and source_matches(game, o, flt, controller=ctx.controller) is not None:
            continue
        options.append(o.id)
    if not options:
        impossible(game, game.by_name[ctx.controller], say("impossible.choose_source"))
        return None
    pick = game.choose("source", ctx.subject, by=ctx.controller, options=options, rule="419.8a")
    o = game.objects[pick if isinstance(pick, str) else pick[0]]
    game.fire("419.8a", "source_chosen", [o], player=game.by_name[ctx.controller], source=o, shield=ctx.source_name)
    permanent_spell = o.zone == "stack" and any(t in chars(game, o).types for t in PERMANENT_TYPES)
    return (o.id, o.inc, permanent_spell)


def _redirect(game, ctx, e):
    """"The next time damage would be dealt to X this turn, it is dealt to this creature instead": a redirection
    shield on X, pointing at the creature as it is now (419.6c decides when it applies)."""
    onto = next((o for o in refs(game, ctx, e["redirect"]) if not isinstance(o, Player)), None)
    protected = refs(game, ctx, e.get("to", "you"))
    if onto is None or not protected:
        return
    until = e.get("until", "end_of_turn")
    f = _fire(game, ctx, "effect_redirect", [onto, *protected], source=ctx.source_name, object=onto,
              protected=protected, until=_until_zh(until))
    with game.under(f):
        for p in protected:
            key = ("player", p.name) if isinstance(p, Player) else p.key
            _shield(game, ctx, "redirect", key, None, {"onto": onto.key}, until)


@rules.implements("419.7c", reasons={"shield_per_creature": "source objects amount"})
def shields_for_each(game, ctx, objs, n) -> None:
    """419.7c: "prevent the next N damage to each of these creatures" where they are not targets: one shield for
    each creature affected as the effect resolves (those that match later get none, those that stop matching
    keep theirs)."""
    targeted = {getattr(t, "id", None) for lst in ctx.targets for t in (lst if isinstance(lst, list) else [lst])}
    untargeted = [o for o in objs if not isinstance(o, Player) and o.id not in targeted]
    if untargeted:
        game.fire("419.7c", "shield_per_creature", untargeted, source=ctx.source_name, objects=untargeted, amount=n)


def _change_text(game, ctx, e):
    """"Change the text of …: replace all instances of one colour word (land type, creature type) with another":
    a layer-3 effect on the rules text (418.6); what it changed, and what it could not, is cited as it starts."""
    ch = e["change_text"]
    old, new = str(ch["from"]), str(ch["to"])
    objs = _objs(game, ctx, e.get("what", "target"))
    f = _continuous(game, ctx, "effect_change_text", objs, [(3, "change_text", (old, new))], _until(e),
                    old=old, new=new)
    with game.under(f):
        for o in objs:
            text.cite_change(game, o, old, new)


def _phase_out(game, ctx, e):
    """"… phases out": the permanents go to the phased-out zone as they are (217.8a), no event, no trigger."""
    for o in _objs(game, ctx, e["phase_out"]):
        if o.zone == "battlefield":
            zones.phase_out(game, o, say("phasing.effect", source=ctx.source_name))


def _regenerate(game, ctx, e):
    for o in _objs(game, ctx, e["regenerate"]):
        f = _fire(game, ctx, "effect_regenerate", [o], source=ctx.source_name, object=o)
        with game.under(f):
            _shield(game, ctx, "regenerate", o.key)


def _shield(game, ctx, kind: str, protects, amount=None, data=None, until="end_of_turn") -> None:
    """A shield the resolving spell or ability creates (419.6b, 419.7b–c), recorded as it appears."""
    game.add_shield(Shield(game.new_id(f"{ctx.subject}.shield"), kind, ctx.source_name, ctx.controller, protects,
                           amount, data or {}, until, source=getattr(ctx.source, "id", "")))


def _token(game, ctx, e):
    t = e["token"]
    n = amount(game, ctx, e.get("count", 1))
    who = players(game, ctx, e.get("who", "you"))[0]
    d = dump(TokenDef.model_validate(t))
    d.setdefault("types", [TYPE.creature])
    name = t.get("name") or "".join(d.get("subtypes") or ())      # unnamed: named after its creature types (216.1)
    d["name"] = name
    cdef = card_def(name, d, token=True)
    f = _fire(game, ctx, "effect_token", [], source=ctx.source_name, player=who, token=name, count=n)
    with game.under(f):
        for _ in range(n):
            base = t.get("id") or f"{ctx.source.id if ctx.source is not None else ctx.subject}.token"
            o = game.create_token(cdef, who.name, base=base, creator=ctx.source, owner=ctx.controller)
            if not t.get("name") and o.zone == "battlefield":
                game.fire("216.1", "token_named_by_types", [o], object=o, subtypes="、".join(d["subtypes"]))
            if o.zone == "battlefield" and _names_creator(t.get("abilities")):
                granted_names_creator(game, o, ctx.source)


rules.declare("216.1", reasons={"token_named_by_types": "object subtypes"})
rules.declare("418.3c", reasons={"variable_fixed": "source objects x what"})
rules.declare("202.2b", reasons={"granted_names_creator": "object creator others"})


def _names_creator(spec) -> bool:
    """Whether an ability the object gives (its text naming the giver) reads the object that gave it: `on: creator`
    anywhere in the granted abilities' spec."""
    if isinstance(spec, dict):
        return spec.get("on") == "creator" or any(_names_creator(v) for v in spec.values())
    if isinstance(spec, list):
        return any(_names_creator(v) for v in spec)
    return False


def granted_names_creator(game, token, creator) -> None:
    """202.2b: an ability one object gives another that contains the giver's name means that giver only, never an
    object of the same name — cited where another object in play shares the giver's name, the case a judge is
    asked about (two 腐生激长: each token counts its own one's counters)."""
    if not isinstance(creator, Card):
        return
    name = game.chars(creator).name
    others = [o for o in game.battlefield() if o is not creator and o is not token and game.chars(o).name == name]
    if others:
        game.fire("202.2b", "granted_names_creator", [token, creator, *others], object=token, creator=creator,
                  others=others)


def adds_mana(effects) -> bool:
    """Whether these effects (or the ones nested in a "may") add mana to a pool (406.2)."""
    for e in effects or ():
        if "add_mana" in e or adds_mana(e.get("may")) or adds_mana(e.get("otherwise")):
            return True
    return False


@rules.implements("404.4a", reasons={"delayed_created": "source ability object"},
                  near_misses={"delayed_object_gone": "source ability object"})
@rules.implements("417.2", reasons={"one_shot_later": "source ability"})
def _delayed(game, ctx, e):
    spec = e["delayed"]
    about = refs(game, ctx, spec.get("about", delayed_about(spec)))
    obj = about[0] if about and not isinstance(about[0], Player) else None
    d = Delayed(game.new_id(f"{ctx.subject}.delayed"), getattr(ctx.source, "id", ""), ctx.source_name,
                ctx.controller, spec, obj.key if obj is not None else None,
                about_types=tuple(chars(game, obj).types) if obj is not None else ())
    game.fire("404.4a", "delayed_created", [obj] if obj is not None else [], source=ctx.source_name,
              ability=_delayed_text(spec), object=obj or "-")
    # 417.2: a one-shot effect that does its part later creates a new ability that waits for its trigger event
    game.fire("417.2", "one_shot_later", [ctx.source] if isinstance(ctx.source, Card) else [],
              source=ctx.source_name, ability=_delayed_text(spec))
    if obj is not None and obj.zone != "battlefield" and spec["when"]["event"] in ("leaves", "dies"):
        game.near_miss("404.4a", "delayed_object_gone", [obj], source=ctx.source_name, ability=_delayed_text(spec),
                       object=obj)
    game.delayed.append(d)


def delayed_about(spec) -> str:
    """The object a delayed ability without `about:` is about: "when this creature leaves play" written as a
    triggered ability's own event (`when: {event: leaves, self: true}`) is about the ability's source; else its
    target."""
    return "self" if (spec.get("when") or {}).get("self") else "target"


def _delayed_text(spec) -> str:
    w = spec["when"]
    if w["event"] == "step":
        return say("delayed.step", step=w.get("step"))
    return say(f"delayed.{w['event']}") if w["event"] in ("leaves", "untaps", "dies") else w["event"]


@rules.implements("413.2c", reasons={"cannot_choose": "player option why"},
                  near_misses={"option_possible": "player choice"})
def _may(game, ctx, e):
    """"You may …": decided on resolution (410.5; the decision is on the trace step as a choice); an option you
    cannot carry out can't be chosen (413.2c, cited then). When the option was possible 413.2c decided nothing and
    is not cited — only, where the scenario expects it not to apply (`not_fired`), a near miss says so."""
    who = players(game, ctx, e.get("who", "you"))[0]
    inner = e["may"]
    why = _impossible(game, ctx, inner, who)
    subject = ctx.subject
    if why:
        game.fire("413.2c", "cannot_choose", [who], player=who, option=_effects_zh(inner), why=why)
        ans = game.choose("may", subject, by=who.name, options=[False])
    else:
        ans = game.choose("may", subject, by=who.name, options=[True, False], auto=False)
    if not why and "413.2c" in game.watched:
        game.near_miss("413.2c", "option_possible", [who], player=who,
                       choice=say("answer.yes") if ans else say("answer.no"))
    if getattr(ctx.item, "kind", None) == "triggered":
        game.fire("410.5", "optional_trigger_decided", [who], player=who, ability=ctx.item.name,
                  choice=say("answer.yes") if ans else say("answer.no"))
    if ans and e.get("pay") is not None:
        pay_while_resolving(game, ctx, who, e["pay"])
    if ans and len(inner) > 1:
        seen = len(game.recorder.step.firings)
        run(game, ctx, inner[:1])
        if_you_do(game, ctx, who, inner[0], game.recorder.step.firings[seen:])
        run(game, ctx, inner[1:])
    elif ans:
        run(game, ctx, inner)
    else:
        run(game, ctx, e.get("otherwise", []) or [])


@rules.implements("413.2e", reasons={"mana_while_resolving": "player sources cost",
                                     "not_mana_ability": "player source cost"})
def pay_while_resolving(game, ctx, who, cost: str) -> None:
    """"You may pay {X}" on resolution: the paying player may activate mana abilities as he pays
    (`choices: {mana: {ITEM: [IDs]}}`, the sources in order) — and no other spell or ability (413.2e): a source
    with no mana ability is refused under it. Then the cost is paid from his mana pool; a cost he cannot pay was
    an impossible choice (413.2c)."""
    total = M.parse_cost(cost)
    shown = M.show_cost(total)
    try:
        picked = game.choose("mana", ctx.subject, by=who.name, auto=False)
    except MissingChoice:
        picked = []
    sources = [picked] if isinstance(picked, str) else list(picked or [])
    objs = []
    for sid in sources:
        o = game.objects.get(str(sid))
        if o is None or o.zone != "battlefield" or not any(a.kind == "mana" for a in chars(game, o).abilities):
            raise game.illegal("413.2e", "not_mana_ability", f"{sid} has no mana ability: while {ctx.source_name} "
                               f"resolves only mana abilities can be activated (413.2e)", player=who,
                               source=o if o is not None else str(sid), cost=shown)
        objs.append(o)
    if objs:
        f = game.fire("413.2e", "mana_while_resolving", objs, player=who, sources=objs, cost=shown)
        with game.under(f):
            for o in objs:
                game.mana_ability_now(who.name, o)
    options = M.payments(total, who.pool)
    pool = M.show(who.pool) if who.pool else say("empty")
    if not options:
        raise game.illegal("413.2c", "cannot_choose", f"{who.name} cannot pay {shown} from pool {pool}",
                           player=who, option=say("pay_cost", cost=shown), why=say("why.cannot_pay", pool=pool))
    spend = M.choose_spend(game, who.name, ctx.subject, options, hint="different payments leave different mana in "
                                                                     "the pool: `choices: {pay: …}`")
    f = _fire(game, ctx, "effect_paid", [who], player=who, cost=shown, mana=M.show(spend) if spend else say("none"))
    with game.under(f):
        if spend:
            game.set(who, "pool", M.left_after(who.pool, spend))


# the rules whose firing means an event was replaced or prevented (419)
_REPLACED = frozenset({"mtg:419.1a", "mtg:419.9b", "mtg:419.1c", "mtg:419.6b", "mtg:419.6c", "mtg:419.7b"})


@rules.implements("419.5b", reasons={"if_you_do_replaced": "player what"})
def if_you_do(game, ctx, who, first: dict, firings) -> None:
    """419.5b: "you may [Y]. If you do, [Z]": "if you do" asks whether the player chose to do Y, not which event
    happened — when Y was replaced by another event, it refers to that one, and Z still follows."""
    hit = next((f for f in firings if f.rule in _REPLACED), None)
    if hit is not None:
        what = hit.fields.get("event") or hit.fields.get("before")
        game.fire("419.5b", "if_you_do_replaced", [who], player=who,
                  what=what if isinstance(what, str) else say("replace.some_event"))


def _impossible(game, ctx, effects, who) -> str | None:
    for ef in effects:
        if "sacrifice" in ef:
            f = ef["sacrifice"] or {}
            if not select(game, {**f, "controller": "you"}, controller=who.name):
                return say("why.no_sacrifice")
    return None


def _effects_zh(effects) -> str:
    out = []
    for ef in effects:
        if "sacrifice" in ef:
            out.append(say("sacrifice_creature") if (ef["sacrifice"] or {}).get("types") == [TYPE.creature]
                       else say("sacrifice_permanent"))
        else:
            out.append(next(iter(ef)))
    return "，".join(out)


def _choose_type(game, ctx, e):
    known = CREATURE_TYPES
    ans = game.choose("type", ctx.subject, by=ctx.controller, options=None, rule="212.1e",
                      legal=lambda a: None if isinstance(a, str) and a in known else
                      (say("why.one_creature_type") if isinstance(a, str) and ("／" in a or "/" in a)
                       else say("why.not_creature_type", value=a)))
    ctx.chosen["type"] = ans
    _fire(game, ctx, "effect_chosen", [], player=game.by_name[ctx.controller], what=say("creature_type"), value=ans)


def _choose_color(game, ctx, e):
    ans = game.choose("color", ctx.subject, by=ctx.controller, options=list(COLORS), auto=False)
    ctx.chosen["color"] = ans
    _fire(game, ctx, "effect_chosen", [], player=game.by_name[ctx.controller], what=say("color"), value=ans)


@rules.implements("402.8f", reasons={"haunting": "object target"})
def _attach(game, ctx, e):
    """"Attach [Equipment/Aura] to [permanent]": each object of the reference is attached to the first permanent of
    `to` if it may be (zones.attach)."""
    hosts = [o for o in refs(game, ctx, e.get("to", "target")) if not isinstance(o, Player) and o.zone == "battlefield"]
    if not hosts:
        return
    for o in refs(game, ctx, e["attach"]):
        if not isinstance(o, Player) and o.zone == "battlefield":
            zones.attach(game, o, hosts[0], lambda obj, host: _fire(game, ctx, "effect_attach", [obj, host],
                                                                    source=ctx.source_name, object=obj, host=host))


def _haunt(game, ctx, e):
    """Haunt: this card, put into the graveyard from play, is removed from the game haunting a creature;
    its other trigger condition then works from the removed-from-game zone (402.8f)."""
    me = ctx.source
    targets = refs(game, ctx, e["haunt"])
    if me is None or me.zone != "graveyard" or not targets:
        return
    t = targets[0]
    f = game.fire("402.8f", "haunting", [me, t], object=me, target=t)
    with game.under(f):
        game.happen([Event("move", {"object": me, "to": "exile", "from": "graveyard", "reason": "effect"}, f.id,
                           firing=f)])
        game.set(me, "haunting", t.key)


def _extra_turn(game, ctx, e):
    """"Take an extra turn after this one" (300.6)."""
    for p in players(game, ctx, e["extra_turn"]):
        f = _fire(game, ctx, "effect_extra_turn", [p], player=p)
        with game.under(f):
            schedule.add_extra_turn(game, p.name)


def _extra_steps(verb: str):
    """"After this phase, there is an additional [phase]" (300.7) / "an additional [step] after this one"
    (300.8): the words name phases or steps of the book."""
    def run_(game, ctx, e):
        words = e[verb] if isinstance(e[verb], list) else [e[verb]]
        after = e.get("after")
        for w in words:
            if not schedule.steps_of(w) or (after is not None and not schedule.steps_of(after)):
                raise EngineError(f"{verb}: {w!r} / after {after!r} is not a phase or step of this book")
        f = _fire(game, ctx, "effect_extra_steps", [], what="、".join(words))
        with game.under(f):
            for w in reversed(words):          # the newest comes first: add the last one first
                schedule.add_extra_steps(game, w, after)
    return run_


def _skip(game, ctx, e):
    """"[Player] skips his next [step / phase / turn]" (300.9, 419.6e)."""
    word = e["skip"]
    if schedule.skip_kind(word) is None:
        raise EngineError(f"skip: {word!r} is not a step, a phase or a turn of this book")
    for p in players(game, ctx, e.get("who", "you")):
        f = _fire(game, ctx, "effect_skip", [p], player=p, what=word)
        with game.under(f):
            schedule.add_skip(game, p.name, word)


@rules.implements("102.2b", reasons={"effect_wins": "player source"})
def _win_game(game, ctx, e):
    """"You win the game" (102.2b): that player wins, so every other player still in the game loses under it."""
    for p in players(game, ctx, e["win_game"])[:1]:
        if p.lost:
            continue
        f = game.fire("102.2b", "effect_wins", [p], player=p, source=ctx.source_name)
        game.players_lose([(o, f) for o in game.in_game() if o is not p])


VERB_FUNCS = {
    "attach": _attach,
    "damage": _damage,
    "destroy": _zone_verb("effect_destroy", "graveyard", "destroy"),
    "exile": _zone_verb("effect_exile", "exile", "effect"),
    "bounce": _zone_verb("effect_bounce", "hand", "effect"),
    "return_to_hand": _zone_verb("effect_return", "hand", "effect"),
    "return_to_battlefield": _zone_verb("effect_return", "battlefield", "effect"),
    "shuffle_into_library": _zone_verb("effect_shuffle", "library", "effect"),
    "put_on_library": _put_on_library,
    "sacrifice": _sacrifice,
    "draw": _draw,
    "discard": _discard,
    "discard_hand": _discard_hand,
    "gain_life": _life("gain_life", "effect_gain_life"),
    "lose_life": _life("lose_life", "effect_lose_life"),
    "add_mana": _add_mana,
    "tap": _tapper("tap", "effect_tap"),
    "untap": _tapper("untap", "effect_untap"),
    "counter": _counter,
    "change_target": _change_target,
    "copy_spell": _copy_spell,
    "pump": _pt_change("pump", "effect_pump", "delta", parse_delta),
    "set_pt": _pt_change("set_pt", "effect_set_pt", "pt", parse_pt),
    "switch_pt": _switch,
    "add_counters": _counters,
    "remove_counters": lambda g, c, e: _counters(g, c, e, -1, "remove_counters"),
    "gain": _kw("gain", "effect_gain_kw"),
    "lose": _kw("lose", "effect_lose_kw"),
    "lose_all_abilities": _lose_all,
    "set_color": _set_color,
    "becomes": _becomes,
    "control": _control,
    "prevent": _prevent,
    "redirect": _redirect,
    "phase_out": _phase_out,
    "change_text": _change_text,
    "regenerate": _regenerate,
    "token": _token,
    "delayed": _delayed,
    "may": _may,
    "choose_type": _choose_type,
    "choose_color": _choose_color,
    "haunt": _haunt,
    "grant": _grant,
    "gain_abilities_of": _gain_abilities,
    "extra_turn": _extra_turn,
    "extra_phase": _extra_steps("extra_phase"),
    "extra_step": _extra_steps("extra_step"),
    "skip": _skip,
    "win_game": _win_game,
}

rules.declare("104.2", reasons={"undefined_as_zero": "what", "negative_as_zero": "object power"})
rules.declare("406.6", reasons={"undefined_mana": "source"})
rules.declare("416.3", reasons={"do_what_you_can": "player wanted did"})
rules.declare("410.5", reasons={"optional_trigger_decided": "player ability choice"})
rules.declare("418.3d", reasons={"duration_already_over": "source condition",
                                  "duration_broke_before": "source condition"})
rules.declare("103.4", reasons={"apnap_choices": "players", "simultaneous_actions": "players"})
rules.declare("212.1e", reasons={"invalid_choice": "player choice answer"})
