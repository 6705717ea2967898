"""Adding links to the chain (705, 706, 707): playing cards, using payment powers, placing resources.

A player with priority adds a link in the order of 707.1: announce it and put
it on top of the chain (707.1a), modes and X (707.1b–c, not used by any card
here), targets — every one legal, none twice, none that can't be targeted
(707.1d, 706.1, 706.1b; a power the link *grants* chooses its targets only
when it is used, 706.1c) — the total cost: an alternative cost instead of the
printed one, then additional costs and reductions, then payment by exhausting
resources (707.1e, glossary 资源); then the link is on the chain, "when played"
powers trigger and the player gets priority again (707.1f). If a step cannot
be completed the whole attempt is rewound and the game is as before (707.2):
an `IllegalAction` citing the rule, which the core rewinds.

Who may add what when: instant cards whenever the player has priority,
others only in his own non-combat action phase with an empty chain (glossary
瞬发, 使用); payment powers whenever he has priority (glossary 支付式能力); [横置]
in a cost only on a ready card (glossary 横置) and, for an ally, only if it has
been in his party since the start of his turn (glossary 激活).
"""
from __future__ import annotations

from itertools import permutations

from judge.engine.core.errors import MissingChoice
from judge.engine.core.objects import Event
from judge.engine.games.common.costs import cost_changers
from judge.engine.games.common.state import ability_ids_listed, find_ability_by_id
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.events import move
from judge.engine.games.wow.flip import pay_flip
from judge.engine.games.wow.hearth import hearth, is_hearth
from judge.engine.games.wow.filters import described, group_refs, legal_targets, matches, target_problem, tspec
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.state import WEffect
from judge.engine.games.wow.words import KEYWORD, RULE, STEP, TYPE, say

rules.declare("705.1", reasons={"resource_placed": "player object"})
rules.declare("705.2", reasons={"card_to_chain": "player object face"})
rules.declare("705.3", reasons={"effect_to_chain": "player source ability"})
rules.declare("705.5", reasons={"link_source": "object source"})
rules.declare("706.1", reasons={"untargetable": "object target why", "illegal_target": "object target check expected actual"})
rules.declare("706.1b", reasons={"same_target_twice": "object target"})
rules.declare("706.1a", reasons={"no_target_word": "object", "untargetable_affected": "object target why"})
rules.declare("706.1c", reasons={"granted_targets_later": "object power", "too_many_targets": "object given needed"})
rules.declare("707.1a", reasons={"link_announced": "player object"})
rules.declare("707.1b", reasons={"mode_chosen": "object mode", "no_such_mode": "object mode count"})
rules.declare("707.1c", reasons={"x_chosen": "object x"})
rules.declare("707.1d", reasons={"targets_chosen": "object targets", "wrong_number": "object needed given"})
rules.declare("707.1e", reasons={"total_cost": "object cost alternative", "cost_paid": "player object paid",
                                 "cost_changed": "object source before after"})
rules.declare("707.1f", reasons={"link_added": "player object"})
# a step of adding a link that cannot be completed is refused under that step (the targets 707.1d, the cost 707.1e);
# the game cites the rewind (707.2) beside it on every refusal (WowGame.rewound)
for _step in ("707.1d", "707.1e"):
    rules.declare(_step, reasons={"cannot_complete": "player object why"})
rules.declare("704.1a", reasons={"restriction": "object requires hero"})
rules.declare(RULE.instant, reasons={"not_instant_timing": "player object why"})
rules.declare(RULE.play, reasons={"not_playable": "player object why"})
rules.declare(RULE.place, reasons={"one_resource": "player object"})
rules.declare(RULE.non_combat, reasons={"not_non_combat": "player object why"})
rules.declare(RULE.resource, reasons={"resources_exhausted": "player objects n"})
rules.declare(RULE.exhaust, reasons={"already_exhausted": "object"})
rules.declare(RULE.activation, reasons={"not_since_turn_start": "object"})
rules.declare(RULE.faction, reasons={"faction_matches": "object faction link what",
                                    "wrong_faction": "object faction actual link what"})
rules.declare(RULE.payment_power, reasons={"no_such_power": "player object power", "not_controller": "player object"})



def non_combat_problem(game, actor) -> str | None:
    """Glossary 非战斗行动阶段: his own action phase, outside combat, with an empty chain."""
    if game.active != actor:
        return say("why.own_turn")
    if game.step != STEP.action:
        return say("why.action_phase")
    if game.stack:
        return say("why.chain_empty")
    return None


# ------------------------------------------------------------------ playing a card (705.2)

def _from_hand(game, actor, oid):
    """(player name, player, card) for an action that plays or places a card: the acting player must have
    priority and the card must be in his hand."""
    actor = game.require_priority(actor)
    p = game.by_name[actor]
    obj = game.objects.get(oid)
    if obj is None or obj.zone != "hand" or obj.owner != actor:
        raise game.illegal(RULE.play, "not_playable", f"{oid} is not in {actor}'s hand", player=p,
                       object=obj or oid, why=say("why.not_in_hand"))
    return actor, p, obj


@rules.implements("707.1", reasons={"prevented": "player object source"},
                  near_misses={"not_prevented": "player object source"})
def forbidden(game, p, obj) -> None:
    """707.1: a modifier that prevents a player from adding a link means he can't even begin to add it — refused
    before it is announced (the rewind rule, 707.2, restores the game). A forbidding power whose description the
    card doesn't fit is a near miss."""
    for src in game.in_play():
        sc = chars(game, src)
        for ab in sc.powers:
            f = ab.spec.get("forbids_play") if ab.kind == "ongoing" else None
            if f is None:
                continue
            f = {**f, "zone": "hand"}
            want = f.pop("controller", "any")
            if want == "opponent" and game.friendly(p.name, sc.controller) or want == "you" and p.name != sc.controller:
                continue
            if matches(game, obj, f, controller=p.name) is None:
                raise game.illegal("707.1", "prevented", f"{src.name} prevents {p.name} from playing {obj.name}",
                                   player=p, object=obj, source=src)
            game.near_miss("707.1", "not_prevented", [src], player=p, object=obj, source=src)


def play_card(game, actor, cast=None, targets=None, x=None, mode=None, costs=None, mana=None, pay=None, **_):
    actor, p, obj = _from_hand(game, actor, cast)
    card = obj.card
    if card.type == TYPE.quest:
        raise game.illegal(RULE.play, "not_playable", f"{obj.name} is a quest: quests are placed as resources",
                       player=p, object=obj, why=say("why.quest_not_playable"))
    if card.type in (TYPE.hero, TYPE.resource):
        raise game.illegal(RULE.play, "not_playable", f"{obj.name} cannot be played", player=p, object=obj,
                       why=say("why.cannot_play"))
    if not card.instant:
        why = non_combat_problem(game, actor)
        if why:
            raise game.illegal(RULE.instant, "not_instant_timing", f"{obj.name} is not instant: {why}", player=p,
                           object=obj, why=why)
    forbidden(game, p, obj)
    if card.requires:
        hero = game.hero_of(actor)
        if hero is None or card.requires not in chars(game, hero).subtypes:
            raise game.illegal("704.1a", "restriction", f"{obj.name} requires a {card.requires} hero",
                           object=obj, requires=card.requires, hero=hero.name if hero else say("none"))
    # 707.1a announce: the card goes on top of the chain
    f = game.fire("707.1a", "link_announced", [obj], player=p, object=obj)
    with game.under(f):
        move(game, obj, "chain", controller=actor)
        obj.link = {"controller": actor, "targets": []}
    game.fire("705.2", "card_to_chain", [obj], player=p, object=obj, face=say("face.up"))
    # 707.1b modes, 707.1c X
    play = card.play or {}
    effects, mode_targets = play.get("effects", []), []
    if play.get("modes"):
        opts = [str(i + 1) for i in range(len(play["modes"]))]
        m = str(mode) if mode is not None else game.choose("mode", obj.id, by=actor, options=opts)
        if m not in opts:
            raise game.illegal("707.1b", "no_such_mode", f"{obj.name} has modes 1-{len(opts)}, not {m}", object=obj,
                           mode=m, count=len(opts))
        chosen = play["modes"][int(m) - 1]
        effects, mode_targets = chosen.get("effects", []), list(chosen.get("targets", []))
        game.fire("707.1b", "mode_chosen", [obj], object=obj, mode=int(m))
    xv = 0
    if card.x:
        if x is None:
            raise MissingChoice("x", obj.id, [], actor, "give `x:` on the cast action (707.1c)")
        xv = int(x)
        game.fire("707.1c", "x_chosen", [obj], object=obj, x=xv)
    obj.link.update({"effects": effects, "x": xv})
    # 707.1d targets (only those of the chosen mode)
    specs = ([card.attach] if card.attach else []) + list(play.get("targets", [])) + mode_targets
    obj.link["specs"] = specs
    _granted_note(game, obj, specs, targets)
    obj.link["targets"] = check_targets(game, obj, specs, targets, controller=actor, effects=effects)
    # 707.1e total cost: alternative instead of the printed cost, then additional costs, then reductions
    alt = _alternative(game, obj, actor, costs)
    cost = 0 if alt is not None else int(card.cost or 0) + xv
    cost = cost_changes(game, obj, actor, cost)
    game.fire("707.1e", "total_cost", [obj], object=obj, cost=cost,
              alternative=say("paid.exhaust", card=alt.name) if alt is not None else say("none"))
    if alt is not None:
        f = game.fire("707.1e", "cost_paid", [obj, alt], player=p, object=obj, paid=say("paid.alternative", card=alt.name))
        with game.under(f):
            game.happen([Event("exhaust", {"object": alt}, f.id, firing=f)])
    else:
        pay_resources(game, actor, cost, obj, costs)
    obj.link["alternative"] = alt.id if alt is not None else None
    lf = game.fire("707.1f", "link_added", [obj], player=p, object=obj)
    with game.under(lf):
        game.happen([Event("play", {"object": obj, "player": actor}, lf.id, firing=lf)])
    game.took_action(actor)


def cost_changes(game, obj, actor, cost: int) -> int:
    """707.1e: add the additional costs, then subtract the reductions — a reduction "but not below (N)" is limited
    only by its own N — and a total below 0 is 0."""
    incs, reds = [], []
    for src, s in cost_changers(game, obj, "ongoing", "cards", matches):
        if s.get("cost_increase"):
            incs.append((src, int(s["cost_increase"])))
        if s.get("cost_reduction"):
            reds.append((src, int(s["cost_reduction"]), int(s.get("at_least", 0))))
    for src, n in incs:
        game.fire("707.1e", "cost_changed", [obj, src], object=obj, source=src, before=cost, after=cost + n)
        cost += n
    reds = _reduction_order(game, obj, actor, cost, reds)
    for src, n, floor in reds:
        new = cost - min(n, max(0, cost - floor))
        game.fire("707.1e", "cost_changed", [obj, src], object=obj, source=src, before=cost, after=new)
        cost = new
    return max(0, cost)


def _reduce(cost, reds) -> int:
    for _, n, floor in reds:
        cost -= min(n, max(0, cost - floor))
    return cost


def _reduction_order(game, obj, actor, cost, reds) -> list:
    """Reductions are subtracted "in any order" (707.1e): the player chooses, when the order changes the total."""
    if len(reds) < 2 or len({_reduce(cost, p) for p in permutations(reds)}) == 1:
        return reds
    ids = [r[0].id for r in reds]

    def legal(ans):
        return None if isinstance(ans, list) and sorted(ans) == sorted(ids) else f"list each of {', '.join(ids)} once"

    ans = game.choose("reductions", obj.id, by=actor, options=ids, legal=legal, auto=False,
                      hint="707.1e: the order in which the cost reductions are subtracted changes the total")
    return sorted(reds, key=lambda r: ans.index(r[0].id))


def _granted_note(game, obj, specs, given) -> None:
    """706.1c: a link that grants a power with targets chooses only its own targets now."""
    granted = []
    for e in (obj.card.play or {}).get("effects", []):
        g = e.get("grant")
        if g:
            inner = g.get("payment") or g.get("triggered") or {}
            if inner.get("targets"):
                granted.append(g.get("text") or say("name.granted_power"))
    if not granted:
        return
    n_given = len(given) if isinstance(given, list) else (1 if given else 0)
    if n_given > len(specs):
        raise game.illegal("706.1c", "too_many_targets",
                       f"{obj.name} chooses only its own {len(specs)} target(s) now; the targets of the power it "
                       f"grants are chosen when that power is used (706.1c)", object=obj, given=n_given,
                       needed=len(specs))
    game.fire("706.1c", "granted_targets_later", [obj], object=obj, power="；".join(granted))


def check_targets(game, obj, specs, given, *, controller, effects=()) -> list:
    """707.1d / 706.1: the targets an action names, all legal, as (kind, id, inc) slots."""
    p = game.by_name[controller]
    if not specs:
        if given:
            raise game.illegal("707.1d", "wrong_number", f"{obj.name} has no targets", object=obj, needed=0,
                           given=len(given))
        if group_refs(effects):
            game.fire("706.1a", "no_target_word", [obj], object=obj)
        return []
    if given is None:
        given = []
        for i, spec in enumerate(specs):
            sub = obj.id if len(specs) == 1 else f"{obj.id}[{i + 1}]"
            legal = legal_targets(game, spec, controller=controller, source=obj)
            if not legal:
                raise game.illegal("707.1d", "cannot_complete", f"{obj.name}: no legal target", player=p,
                               object=obj, why=say("why.no_legal_target"))
            ans = game.choose("targets", sub, by=controller, options=[o.id for o in legal])
            given.append(ans[0] if isinstance(ans, list) else ans)
    given = list(given) if isinstance(given, list) else [given]
    if len(given) != len(specs):
        raise game.illegal("707.1d", "wrong_number", f"{obj.name} needs {len(specs)} target(s), {len(given)} given",
                       object=obj, needed=len(specs), given=len(given))
    if len(set(given)) != len(given):
        dup = next(g for g in given if given.count(g) > 1)
        raise game.illegal("706.1b", "same_target_twice", f"one link cannot target {dup} twice (706.1b)",
                       object=obj, target=game.objects.get(dup) or dup)
    slots = []
    for spec, gid in zip(specs, given):
        t = game.objects.get(gid)
        if t is None:
            like = game.ids_like(gid)
            raise game.illegal("706.1", "illegal_target", f"unknown target {gid!r}" + (f" ({like})" if like else ""),
                               object=obj, target=gid, check="exists", expected=say("check.exists"), actual=say("check.missing"))
        bad = target_problem(game, spec, t, source=obj, controller=controller)
        if bad:
            check, exp, act = bad
            if check == "faction":
                raise game.illegal(RULE.faction, "wrong_faction", f"{t.name} is not a {exp} card", object=t,
                                   faction=exp, actual=act, link=obj, what=described(spec))
            if check == "untargetable":
                raise game.illegal("706.1", "untargetable", f"{t.name} can't be targeted (706.1)", object=obj,
                               target=t, why=act)
            raise game.illegal("706.1", "illegal_target", f"{t.name} ({gid}) is not a legal target: {exp} ≠ {act}",
                           object=obj, target=t, check=check, expected=exp, actual=act)
        slots.append([("obj", t.id, t.inc)])
        faction = (tspec(spec).get("filter") or {}).get("faction")
        if faction:                # 阵营: the description names a faction, and the target has its icon
            game.fire(RULE.faction, "faction_matches", [t, obj], object=t, faction=faction, link=obj,
                      what=described(spec))
    game.fire("707.1d", "targets_chosen", [obj] + [game.objects[s[0][1]] for s in slots], object=obj,
              targets=[game.objects[s[0][1]] for s in slots])
    return slots


def _alternative(game, obj, actor, costs):
    """707.1e: "you may exhaust [a card] rather than pay [this card]'s cost" — the player's decision."""
    spec = (obj.card.play_cost or {}).get("alternative")
    if not spec:
        if costs and costs.get("alternative"):
            raise game.illegal("707.1e", "cannot_complete", f"{obj.name} has no alternative cost",
                           player=game.by_name[actor], object=obj, why=say("why.no_alternative"))
        return None
    cands = [o for o in game.in_play() if not o.tapped and matches(game, o, spec, controller=actor) is None]
    pick = (costs or {}).get("alternative")
    if pick is None:
        if not cands:
            return None
        raise MissingChoice("costs.alternative", obj.id, [o.id for o in cands] + [False], actor,
                            "give `costs: {alternative: ID}` to pay the alternative cost, or "
                            "`costs: {alternative: false}` to pay the resource cost (707.1e)")
    if pick is False:
        return None
    o = game.objects.get(pick)
    if o is None or o not in cands:
        raise game.illegal("707.1e", "cannot_complete", f"{pick} cannot pay the alternative cost of {obj.name}",
                       player=game.by_name[actor], object=obj,
                       why=say("why.bad_alternative", card=o.name if o else pick))
    return o


def pay_resources(game, actor, n: int, obj, costs=None, *, why_rule: str = "707.1e") -> None:
    """Glossary 资源: pay (N) by exhausting N ready resources (the ones named in `costs: {resources: [...]}`,
    else the first ready ones: face-down resources are interchangeable)."""
    p = game.by_name[actor]
    if n <= 0:
        return
    ready = game.resources(actor, ready=True)
    named = (costs or {}).get("resources")
    if named:
        picks = [game.objects.get(i) for i in named]
        if len(picks) != n or any(o is None or o not in ready for o in picks):
            raise game.illegal(why_rule, "cannot_complete", f"{named} are not {n} ready resources of {actor}",
                           player=p, object=obj, why=say("why.named_resources", n=n))
    else:
        if len(ready) < n:
            raise game.illegal(why_rule, "cannot_complete",
                           f"{actor} cannot pay ({n}) for {obj.name}: {len(ready)} ready resource(s)",
                           player=p, object=obj, why=say("why.not_enough_resources", n=n, have=len(ready)))
        picks = ready[:n]
    f = game.fire("707.1e", "cost_paid", [obj, *picks], player=p, object=obj, paid=say("paid.resources", n=n))
    game.fire(RULE.resource, "resources_exhausted", picks, caused_by=f.id, player=p, objects=picks, n=n)
    with game.under(f):
        game.happen([Event("exhaust", {"object": o}, f.id, firing=f) for o in picks])


# ------------------------------------------------------------------ using a payment power (701, 705.3)

def _origin_of(c):
    """Who granted each of `c`'s powers (a link: “目标盟军具有「…」”), by key: None for its own."""
    return lambda ab: (c.flags.get("origin") or {}).get(ab.key)


def find_power(game, obj, key):
    c = chars(game, obj)
    pays = [ab for ab in c.powers if ab.kind == "payment"]
    if key is None and len(pays) == 1:
        return pays[0]
    return find_ability_by_id(pays, key, _origin_of(c))


def use_power(game, actor, activate=None, ability=None, targets=None, x=None, costs=None, mana=None, pay=None, **_):
    obj = game.objects.get(activate)
    if obj is not None and obj.zone == "play" and actor is not None and is_hearth(find_power(game, obj, ability)):
        return hearth(game, actor, obj, find_power(game, obj, ability))      # 800.1: no link, no priority check
    actor = game.require_priority(actor)
    p = game.by_name[actor]
    if obj is None or obj.zone != "play":
        raise game.illegal(RULE.payment_power, "no_such_power", f"{activate} is not in play", player=p,
                       object=obj or activate, power=ability or "-")
    c = chars(game, obj)
    if c.controller != actor:
        raise game.illegal(RULE.payment_power, "not_controller", f"{actor} does not control {obj.name}", player=p,
                       object=obj)
    ab = find_power(game, obj, ability)
    if ab is None:
        have = ability_ids_listed([a for a in c.powers if a.kind == "payment"], _origin_of(c))
        raise game.illegal(RULE.payment_power, "no_such_power",
                       f"{obj.name} has no payment power {ability!r} now (it has: {have or 'none'})",
                       player=p, object=obj, power=ability or "-")
    spec = ab.spec
    cost = spec.get("cost") or {}
    if cost.get("exhaust"):
        if obj.tapped:
            raise game.illegal(RULE.exhaust, "already_exhausted", f"{obj.name} is exhausted: it can't be exhausted to "
                           f"pay a cost", object=obj)
        if c.type == TYPE.ally and obj.fresh and KEYWORD.ferocity not in c.keywords:
            raise game.illegal(RULE.activation, "not_since_turn_start", f"{obj.name} has not been in {actor}'s party since "
                           f"the start of his turn", object=obj)
    item = WEffect(game.new_id(f"{obj.id}.{ab.key}"), obj.id, obj.inc, obj.name, actor, ab, "payment", [],
                   {"text": ab.text}, label=say("name.complete_effect_of" if (ab.spec or {}).get("complete")
                                                else "name.effect_of", source=obj.name))
    name = item.name
    f = game.fire("707.1a", "link_announced", [obj, item.id], player=p, object=item)
    with game.under(f):
        game.push(item)
    game.fire("705.3", "effect_to_chain", [obj, item.id], player=p, source=obj, ability=ab.text or ab.key)
    item.targets = check_targets(game, item, spec.get("targets", []), targets, controller=actor,
                                 effects=spec.get("effects", []))
    game.fire("707.1e", "total_cost", [obj], object=name, cost=int(cost.get("resources", 0)), alternative=say("none"))
    pay_resources(game, actor, int(cost.get("resources", 0)), item, costs)
    if cost.get("exhaust"):
        f = game.fire("707.1e", "cost_paid", [obj], player=p, object=name, paid=say("paid.exhaust", card=obj.name))
        with game.under(f):
            game.happen([Event("exhaust", {"object": obj}, f.id, firing=f)])
        item.extra["hold"] = (obj.key, obj.exhausted_at)
    if cost.get("flip"):
        pay_flip(game, p, obj, item, ab)
    if cost.get("destroy_self"):
        f = game.fire("707.1e", "cost_paid", [obj], player=p, object=name, paid=say("paid.destroy", card=obj.name))
        with game.under(f):
            game.happen([Event("destroy", {"object": obj}, f.id, firing=f)])
    game.fire("707.1f", "link_added", [item.id], player=p, object=name)
    game.took_action(actor)


# ------------------------------------------------------------------ placing a resource (705.1, 705.2)

def place_resource(game, actor, play=None, **_):
    actor, p, obj = _from_hand(game, actor, play)
    why = non_combat_problem(game, actor)
    if why:
        raise game.illegal(RULE.non_combat, "not_non_combat", f"a resource can only be placed {why}", player=p,
                       object=obj, why=why)
    if p.resources_placed >= 1:
        raise game.illegal(RULE.place, "one_resource", f"{actor} has already placed a resource this turn", player=p,
                       object=obj)
    f = game.fire("705.1", "resource_placed", [obj], player=p, object=obj)
    with game.under(f):
        move(game, obj, "chain", controller=actor)
        face_up = obj.card.type == TYPE.quest
        obj.link = {"controller": actor, "targets": [], "resource": True}
        game.set(obj, "face_down", not face_up)
        game.set(p, "resources_placed", p.resources_placed + 1)
    game.fire("705.2", "card_to_chain", [obj], player=p, object=obj, face=say("face.up" if face_up else "face.down"))
    game.took_action(actor)
