"""Combat (306–311, 500–502): declaring attackers and blockers, combat damage on the stack.

In the 2006 rules combat damage is assigned at the start of the combat
damage step and put on the stack as one object (310.1, 408.1g); players get
priority; it then resolves and all of it is dealt at once (310.4). A creature
with 0 or less power assigns no combat damage (310.2a, 104.2).

Declarations are scenario actions (`attack:` / `block:`), checked against
the rules: tapped or summoning-sick creatures can't attack (308.2a, 212.3d)
unless they have haste; restrictions must all be obeyed and as many
requirements as possible (500.2–500.5); evasion abilities add up (501.2).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.core.objects import Event, Player, StackAbility
from judge.engine.core.trace import Ref
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.chars import chars, last_known
from judge.engine.games.mtg.filters import select
from judge.engine.games.mtg.game_actions import game_action
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.targets import COMBAT_DAMAGE
from judge.engine.games.mtg.words import KEYWORD, STEP, TYPE, say

MAX_ENUMERATE = 12
EVASION = (KEYWORD.flying, KEYWORD.shadow)      # the evasion abilities this book's engine knows (501.1, 502.4a)


@dataclass(slots=True, eq=False)
class CombatDamage(StackAbility):
    @property
    def name(self) -> str:
        return say("combat_damage")

    @property
    def ref(self) -> Ref:
        return Ref(self.id, say("combat_damage"))



def can_attack(game, o) -> str | None:
    """Why this permanent can't be declared as an attacker (None if it can)."""
    c = chars(game, o)
    if TYPE.creature not in c.types:
        return "not_creature"
    if c.controller != game.active:
        return "not_controller"
    if o.tapped:
        return "tapped"
    if o.sick and KEYWORD.haste not in c.keywords:
        return "sick"
    if c.flags.get("cant_attack"):
        return "cant_attack"
    return None


def possible_attackers(game) -> list:
    return [o for o in game.battlefield() if can_attack(game, o) is None]


rules.declare("308.2a", reasons={"cannot_attack": "object why"})
rules.declare("103.2", reasons={"cant_beats_can": "object can why"})
rules.declare("308.2c", reasons={"attackers_tapped": "objects"})
rules.declare("308.2g", reasons={"attackers_declared": "player objects defender"})
rules.declare("306.4", reasons={"not_alone": "object others"})
rules.declare("500.2", reasons={"attack_restriction": "objects why", "attack_requirement": "objects better"})
rules.declare("500.3", reasons={"block_restriction": "objects why", "block_requirement": "objects better"})
rules.declare("309.2a", reasons={"cannot_block": "object why"})
rules.declare("309.2e", reasons={"blockers_declared": "player blocks", "no_block_declared": "player"})
rules.declare("309.1", reasons={"no_blockers": "player"})
rules.declare("501.2", reasons={"evasion": "attacker blocker why"})
rules.declare("308.1", reasons={"attacks_player": "objects player"})
rules.declare("502.4b", reasons={"flying_block": "attacker blocker"})
rules.declare("310.1", reasons={"combat_damage_assigned": "assignments"})
rules.declare("408.1g", reasons={"combat_damage_uses_stack": "player"})
rules.declare("310.2a", reasons={"no_combat_damage": "object power"})
rules.declare("310.4", reasons={"combat_damage_dealt": "assignments", "combat_damage_dealt_would": "assignments"})
rules.declare("310.2b", reasons={"unblocked_assigns_to_player": "object player amount"})
rules.declare("310.2c", reasons={"blocked_assigns_among_blockers": "object objects player",
                                 "blocked_no_blockers": "object"})
rules.declare("310.2d", reasons={"blocker_assigns": "object objects"})
rules.declare("309.2f", reasons={"stays_blocked": "object"})
rules.declare("310.5", reasons={"first_strike_step": "objects"})

_WHY_KEY = {"not_creature": "why.not_creature", "not_controller": "why.not_active_controller",
            "tapped": "why.tapped", "sick": "why.sick", "cant_attack": "why.cant_attack"}


def _why(code: str) -> str:
    return say(_WHY_KEY[code])


def _refuse_attacker(game, o) -> None:
    """Refuse a permanent that can't be declared as an attacker: 212.3d for summoning sickness, 103.2 where haste
    says it can and an effect says it can't, else 308.2a."""
    why = can_attack(game, o)
    if why == "sick":
        raise game.illegal("212.3d", "summoning_sick_attack",
                       f"{o.name} ({o.id}) can't attack: summoning sick and no haste (212.3d, 308.2a)", object=o)
    if why == "cant_attack" and o.sick and KEYWORD.haste in chars(game, o).keywords:
        # haste says it can attack this turn, an effect says it can't: "can't" wins (103.2)
        raise game.illegal("103.2", "cant_beats_can", f"{o.name} ({o.id}) has haste but can't attack (103.2)",
                           object=o, can=KEYWORD.haste, why=_why(why))
    if why:
        raise game.illegal("308.2a", "cannot_attack", f"{o.name} ({o.id}) can't attack: {_why(why)}", object=o,
                       why=_why(why))


@rules.implements("306.3", reasons={"only_active_attacks": "player active"})
@rules.implements("306.1", reasons={"combat_steps_skipped": "player", "second_damage_step": "objects"})
@rules.implements("502.5a", reasons={"haste_static": "object"})
def do_attack(game, actor, attack=None, mana=None, pay=None, bands=None, **_):
    open_loaded_declaration(game, ATTACK)
    if game.awaiting is None and game.auto_declared == (game.turn, STEP.declare_attackers) and not attack:
        return                          # agrees with the declaration the engine already made (no attackers)
    if game.awaiting is None and game.auto_declared == (game.turn, STEP.declare_attackers) and attack:
        # the declaration was made automatically (no creature could attack): say why this one can't
        for aid in (attack if isinstance(attack, list) else list(attack)):
            o = game.objects.get(str(aid))
            if o is not None and o.zone == "battlefield":
                _refuse_attacker(game, o)
    if game.step == STEP.declare_attackers and actor is not None and actor != game.active:
        raise game.illegal("306.3", "only_active_attacks", f"{actor} is not the active player: only {game.active} "
                           f"attacks this turn", player=game.by_name.get(actor, actor),
                           active=game.by_name[game.active])
    if game.awaiting != (STEP.declare_attackers, actor):
        raise game.illegal("308.2a", "cannot_attack",
                       f"{actor} cannot declare attackers now (step {game.step}; "
                       f"{'waiting for ' + str(game.awaiting) if game.awaiting else 'attackers are declared at the start of ' + STEP.declare_attackers})",
                       object="-", why=say("why.wrong_time"))
    if attack is None:
        attack = []
    if isinstance(attack, str):
        attack = [attack]
    defenders = [n for n in game.apnap() if n != actor]
    plan: dict[str, str] = {}
    if isinstance(attack, dict):
        for a, d in attack.items():
            plan[str(a)] = str(d)
    else:
        if len(defenders) != 1 and attack:
            raise EngineError(f"{len(defenders)} opponents: say whom each creature attacks, e.g. attack: {{bear: PLAYER}}")
        for a in attack:
            plan[str(a)] = defenders[0] if defenders else ""
    objs = []
    for aid, d in plan.items():
        o = game.objects.get(aid)
        if o is None or o.zone != "battlefield":
            raise game.illegal("308.2a", "cannot_attack", f"{aid!r} is not a permanent on the battlefield",
                           object=aid, why=say("why.not_on_battlefield"))
        _refuse_attacker(game, o)
        if d not in defenders:
            raise game.illegal("308.2a", "cannot_attack", f"{o.name} can't attack {d!r}", object=o, why=say("why.bad_defender"))
        objs.append(o)
    _check_attack_rules(game, objs)
    banded = check_bands(game, objs, bands or [])
    pay_combat_costs(game, actor, objs, ATTACK, plan, mana, pay)
    for o in objs:
        if o.sick:
            game.fire("212.3d", "haste_ignores", [o], object=o, what=say("attack"))
            game.fire("502.5a", "haste_static", [o], object=o)
    if objs:
        f = game.fire("308.2c", "attackers_tapped", objs, objects=objs)
        with game.under(f):
            for o in objs:
                game.set(o, "tapped", True)
    game.awaiting = None
    if not objs:
        game.fire("308.4", "no_attackers", [], player=game.by_name[actor])
        game.fire("306.1", "combat_steps_skipped", [], player=game.by_name[actor])
        game.end_step()
        return
    f = game.fire("308.2g", "attackers_declared", objs, player=game.by_name[actor], objects=objs,
                  defender=sorted(set(plan.values())))
    defending_players_announced(game, objs, plan, defenders)
    for o in objs:      # "can't attack alone" asks what alone means: no other creature attacks with it (306.4)
        if chars(game, o).flags.get("cant_attack_alone") and len(objs) > 1:
            others = [x for x in objs if x is not o]
            game.fire("306.4", "not_alone", [o, *others], object=o, others=others)
    game_action(game, game.by_name[actor], "declare_attackers")
    for band in banded:
        game.fire("308.2b", "band_declared", band, player=game.by_name[actor], objects=band)
    with game.under(f):
        for o in objs:
            game.set(o, "attacking", plan[o.id])
        for band in banded:
            for o in band:
                game.set(o, "band", [m.id for m in band])
        evs = [Event("attack", {"object": o, "defender": plan[o.id], "chars": chars(game, o)}, f.id, firing=f)
               for o in objs]
        for ev in evs:        # what attack triggers checked it as (308.3): a later change does not trigger them
            game.set_quiet(ev.data["object"], "extra", {**ev.data["object"].extra, "declared_chars": ev.data["chars"]})
        game.happen(evs)
    game.passes = 0
    game.give_priority(game.active)


@rules.implements("308.2b", reasons={"band_declared": "player objects", "band_illegal": "objects why",
                                     "band_blocked": "object attacker objects", "band_assigns": "player object objects"})
def check_bands(game, objs, bands: list) -> list[list]:
    """308.2b: when attacking creatures have banding, the active player announces which are banded together (the
    bands: lists of attacker ids). A band is two or more of the creatures he attacks with, each in one band, at
    least one of them with banding and at most one without it (502.10, to which 308.2b refers); any other band is
    refused under 308.2b. The bands, as lists of objects."""
    out = []
    seen: set = set()
    attackers = {o.id: o for o in objs}
    for ids in bands:
        members = [game.objects.get(str(i)) for i in ids]
        shown = [m if m is not None else str(i) for m, i in zip(members, ids)]
        why = band_problem(game, attackers, members, seen)
        if why is not None:
            raise game.illegal("308.2b", "band_illegal", f"band {ids}: {why}", objects=shown, why=say(why))
        seen |= set(ids)
        out.append(members)
    return out


def band_problem(game, attackers: dict, members: list, seen: set) -> str | None:
    """Why these objects can't be one band (a phrase key), None if they can: each must be a declared attacker, two
    or more different ones, none already in another band (`seen`), at least one with banding, at most one without."""
    if any(m is None or m.id not in attackers for m in members):
        return "why.band_not_attacking"
    ids = [m.id for m in members]
    if len(set(ids)) < 2 or len(set(ids)) < len(ids):
        return "why.band_alone" if len(set(ids)) < 2 else "why.band_twice"
    if seen & set(ids):
        return "why.band_twice"
    without = [m for m in members if KEYWORD.banding not in chars(game, m).keywords]
    if len(without) == len(members):
        return "why.band_no_banding"
    if len(without) > 1:
        return "why.band_two_without"
    return None


def band_mates(game, a) -> list:
    """The other creatures still attacking in `a`'s band."""
    return [game.objects[i] for i in a.band if i != a.id and i in game.objects and game.objects[i].attacking]


def _check_attack_rules(game, objs) -> None:
    cand = possible_attackers(game)
    if len(cand) > MAX_ENUMERATE:
        cand = cand[:MAX_ENUMERATE]

    def restriction(sel) -> str | None:
        for o in sel:
            if chars(game, o).flags.get("cant_attack_alone") and len(sel) == 1:
                return say("why.cant_attack_alone", object=o.name)
        for _, _, ab in game.abilities_in_play("static"):
            if ab.spec.get("max_attackers") is not None and len(sel) > ab.spec["max_attackers"]:
                return say("why.max_attackers", n=ab.spec["max_attackers"])
        return None

    def requirements(sel) -> int:
        return sum(1 for o in sel if chars(game, o).flags.get("must_attack"))

    why = restriction(objs)
    if why:
        raise game.illegal("500.2", "attack_restriction", f"illegal attack: {why}", objects=objs, why=why)
    have = requirements(objs)
    # 500.5: only creatures with requirements of their own count when looking for a better declaration
    cand = [o for o in cand if chars(game, o).flags.get("must_attack")]
    best = None
    for k in range(len(cand) + 1):
        for sel in combinations(cand, k):
            if restriction(list(sel)) is None and requirements(sel) > have:
                best = list(sel)
                break
        if best:
            break
    if best is not None:
        raise game.illegal("500.2", "attack_requirement",
                       f"illegal attack: it obeys {have} requirement(s), but declaring "
                       f"{', '.join(o.id for o in best) or 'nothing'} would obey more (500.4)",
                       objects=objs, better=best)


ATTACK, BLOCK = "attack", "block"
# the rules of a cost to attack or to block: the total locked in, mana abilities while paying, paid in full
_COST_RULES = {ATTACK: ("308.2d", "308.2e", "308.2f"), BLOCK: ("309.2b", "309.2c", "309.2d")}


def combat_costs(game, objs, kind: str, plan: dict) -> list:
    """(creature, cost text, the permanent imposing it) for each cost the creatures must pay to attack or block:
    a permanent's static `attack_cost` ("creatures can't attack you unless their controller pays … for each")
    for each creature attacking its controller, `block_cost` for each blocking creature."""
    key = "attack_cost" if kind == ATTACK else "block_cost"
    out = []
    for src in game.battlefield():
        cs = chars(game, src)
        for ab in cs.abilities:
            cost = ab.spec.get(key) if ab.kind == "static" else None
            if not cost:
                continue
            for o in objs:
                if kind == BLOCK or plan.get(o.id) == cs.controller:
                    out.append((o, cost, src))
    return out


@rules.implements("308.2d", reasons={"combat_cost_locked": "player cost count sources"})
@rules.implements("308.2e", reasons={"combat_cost_mana_abilities": "player sources"})
@rules.implements("308.2f", reasons={"combat_cost_paid": "player cost mana", "combat_cost_unpaid": "player cost pool"})
@rules.implements("309.2b", reasons={"combat_cost_locked": "player cost count sources"})
@rules.implements("309.2c", reasons={"combat_cost_mana_abilities": "player sources"})
@rules.implements("309.2d", reasons={"combat_cost_paid": "player cost mana", "combat_cost_unpaid": "player cost pool"})
def pay_combat_costs(game, actor, objs, kind: str, plan: dict, mana, pay) -> None:
    """A cost to attack (308.2d–f) or to block (309.2b–d): the declaring player determines the total, which is
    then locked in; he may activate mana abilities (`mana:` on the declaration) and pays it all, in any order,
    from his mana pool — a total he can't pay in full makes the declaration illegal (it is rewound)."""
    costs = combat_costs(game, objs, kind, plan)
    if not costs:
        return
    locked, abilities, paid = _COST_RULES[kind]
    p = game.by_name[actor]
    total = M.parse_cost("".join(c for _, c, _ in costs))
    generic = sum(x for x in total if isinstance(x, int))
    total = ((generic,) if generic else ()) + tuple(x for x in total if not isinstance(x, int))
    sources = list(dict.fromkeys(src for _, _, src in costs))
    game.fire(locked, "combat_cost_locked", [o for o, _, _ in costs], player=p, cost=M.show_cost(total),
              count=len(costs), sources=sources)
    if mana:
        srcs = [game.objects[i] for i in mana if i in game.objects]
        game.fire(abilities, "combat_cost_mana_abilities", srcs, player=p, sources=srcs)
        game.activate_for_payment(actor, mana)
    options = M.payments(total, p.pool)
    pool = M.show(p.pool) if p.pool else say("empty")
    if not options:
        raise game.illegal(paid, "combat_cost_unpaid", f"{actor} cannot pay {M.show_cost(total)} to {kind} "
                           f"from pool {pool}", player=p, cost=M.show_cost(total), pool=pool)
    spend = M.choose_spend(game, actor, kind, options, pay, lambda want, keys: game.illegal(
        paid, "combat_cost_unpaid", f"cannot pay {M.show_cost(total)} as {want}; possible: {', '.join(keys)}",
        player=p, cost=M.show_cost(total), pool=pool))
    f = game.fire(paid, "combat_cost_paid", [p], player=p, cost=M.show_cost(total), mana=M.show(spend))
    with game.under(f):
        game.set(p, "pool", M.left_after(p.pool, spend))


DECLARING = {STEP.declare_attackers: "attack", STEP.declare_blockers: "block"}   # a step's declaration action


def declaration_begins(game, step: str) -> None:
    """The turn-based action a declaration step begins with: the active player declares attackers (308.1; when
    no creature could attack none is declared at once, 308.4, and the step ends) or the defending players declare
    blockers (309.1)."""
    if step == STEP.declare_blockers:
        begin_blockers(game)
        return
    ap = game.by_name[game.active]
    if not possible_attackers(game):
        game.auto_declared = (game.turn, step)
        f = game.fire("308.4", "no_attackers", [], player=ap)
        game.fire("306.1", "combat_steps_skipped", [], player=ap)
        with game.under(f):
            game.step_event(step)
        game.end_step()
        return
    game.step_event(step)
    game.awaiting = (STEP.declare_attackers, ap.name)


def declare_nothing(game, what: str, who: str, step: str, turn: int | None) -> bool:
    """An `advance:` met a declaration the scenario did not make: everyone doing nothing is the active player
    declaring no attackers (308.2a allows it; 308.4 cited: blockers and damage skipped) or a defending player
    declaring no blockers (309.2e cited), recorded as that declaration. Not where the scenario advances to the
    declare blockers or combat damage step of this turn — only declared attackers lead there — nor where the empty
    declaration is illegal (a requirement, 500.2/500.3): the declaration is then the scenario's to make (False)."""
    if what == STEP.declare_attackers:
        if step in (STEP.declare_blockers, STEP.combat_damage) and turn in (None, game.turn):
            return False
        declare = do_attack             # no `attack:`: none declared
    elif what == STEP.declare_blockers:
        declare = do_block              # no `block:`: none declared
    else:
        return False
    try:
        declare(game, who)
    except IllegalAction:
        return False
    return True


def loaded_before_declaring(game) -> str | None:
    """The declaration step a board was loaded at when its declaration is not made on the board (宣告攻击者 with no
    creature attacking; 宣告阻挡者 with attackers and no creature blocking): in the scenario's story that step is
    just beginning, so its declaration may be the scenario's first action. None otherwise."""
    step = game.step
    on = game.battlefield()
    if step == STEP.declare_attackers and not any(o.attacking for o in on):
        return step
    if step == STEP.declare_blockers and any(o.attacking for o in on) and not any(o.blocking for o in on):
        return step
    return None


def open_loaded_declaration(game, kind: str) -> None:
    """A declaration (`kind`: attack, block) made as the scenario's first action on a board loaded at its step
    before the declaration (`game.loaded_declaration`; earlier attempts refused and rewound do not count): the
    step's start happens now — its "at the beginning of" triggers, then the declaration awaited (308.1, 309.1)
    — and the action's trace step says so (`opens_step`)."""
    step = game.loaded_declaration
    if step is None or DECLARING[step] != kind:
        return
    now = game.recorder.step
    if any(s.what != kind or s.rejected is None for s in game.trace.steps if s.kind == "action" and s is not now):
        return                  # something else happened first: the board was after the declaration
    game.recorder.step.data["opens_step"] = step
    declaration_begins(game, step)


def begin_blockers(game) -> bool:
    """Each defending player (in APNAP order) who could block declares blockers; then priority.

    Always returns True: the step either waits for a declaration or has given priority.
    """
    attackers = game.attackers()
    attacked = {o.attacking for o in attackers}
    evasion_at_blocks(game, attackers)
    queue = [d for d in game.apnap() if d in attacked and
             any(_can_block_any(game, b, attackers) for b in game.battlefield() if chars(game, b).controller == d)]
    game.step_event(STEP.declare_blockers)
    if queue:
        game.block_queue = queue[1:]
        game.awaiting = (STEP.declare_blockers, queue[0])
        return True
    d = sorted(attacked)[0] if attacked else None
    game.auto_declared = (game.turn, STEP.declare_blockers)      # nobody could block: none declared (309.1)
    game.fire("309.1", "no_blockers", [], player=game.by_name[d] if d else "-")
    _blocks_done(game)
    return True


@rules.implements("501.1", reasons={"evasion_at_blocks": "object keywords"})
@rules.implements("502.4a", reasons={"flying_is_evasion": "object"})
@rules.implements("502.4c", reasons={"flying_redundant": "object count"})
def evasion_at_blocks(game, attackers) -> None:
    """501.1: an attacker's evasion abilities are static abilities that restrict who can block it; they matter
    as the declare blockers step begins (and only in it, 501.3)."""
    for a in attackers:
        all_kws = chars(game, a).keywords
        kws = [k for k in dict.fromkeys(all_kws) if k in EVASION]
        if kws:
            game.fire("501.1", "evasion_at_blocks", [a], object=a, keywords="、".join(kws))
        if KEYWORD.flying in kws:
            game.fire("502.4a", "flying_is_evasion", [a], object=a)
            if all_kws.count(KEYWORD.flying) > 1:
                game.fire("502.4c", "flying_redundant", [a], object=a, count=all_kws.count(KEYWORD.flying))


def _blocks_done(game) -> None:
    """309.2f: attackers nobody blocked are unblocked; "attacks and isn't blocked" triggers now."""
    f = game.current_firing()
    evs = [Event("unblocked", {"object": a, "defender": a.attacking, "chars": chars(game, a)}, f.id if f else None,
                 firing=f) for a in game.attackers() if not a.blocked]
    if evs:
        game.happen(evs)
    game.passes = 0
    game.give_priority(game.active)


def _can_block_any(game, b, attackers) -> bool:
    return any(block_problem(game, b, a) is None for a in attackers)


def block_problem(game, b, a, evasion_only: bool = False) -> tuple | None:
    """None if `b` may block `a` on its own terms (309.2a, 501.2, 502.4b); `evasion_only`: only the attacker's
    evasion abilities (501.1) are asked."""
    cb = chars(game, b)
    if not evasion_only:
        if TYPE.creature not in cb.types:
            return ("309.2a", say("why.not_creature"))
        if b.tapped:
            return ("309.2a", say("why.tapped"))
        if cb.flags.get("cant_block"):
            return ("309.2a", say("why.cant_block"))
    ca = chars(game, a)
    if KEYWORD.flying in ca.keywords and KEYWORD.flying not in cb.keywords:
        return ("502.4b", say("why.flying"))
    if KEYWORD.shadow in ca.keywords and KEYWORD.shadow not in cb.keywords:
        return ("501.2", say("why.shadow_attacker"))
    if KEYWORD.shadow in cb.keywords and KEYWORD.shadow not in ca.keywords:
        return ("501.2", say("why.shadow_blocker"))
    cond = ca.flags.get("unblockable_if_defender_controls")
    if cond and a.attacking:
        if select(game, {**cond, "controller": "you"}, controller=a.attacking):
            # a restriction on blocking, decided for the player this creature attacks (308.1): 500.3 refuses it
            return ("500.3", say("why.unblockable_defender", object=a.name, player=a.attacking))
    return None


def do_block(game, actor, block=None, mana=None, pay=None, **_):
    open_loaded_declaration(game, BLOCK)
    if (not block and game.awaiting is None and game.step == STEP.declare_blockers
            and game.auto_declared == (game.turn, STEP.declare_blockers)
            and actor in {o.attacking for o in game.attackers()}):
        return          # a defending player declaring no blockers agrees with the declaration already made (309.1)
    if game.awaiting != (STEP.declare_blockers, actor):
        raise game.illegal("309.2a", "cannot_block", f"{actor} cannot declare blockers now", object="-",
                       why=say("why.wrong_time"))
    block = block or {}
    pairs = []
    for bid, aids in block.items():
        b = game.objects.get(str(bid))
        if b is None or b.zone != "battlefield" or chars(game, b).controller != actor:
            raise game.illegal("309.2a", "cannot_block", f"{bid!r} is not a creature {actor} controls",
                           object=str(bid), why=say("why.not_defender_controlled"))
        for aid in (aids if isinstance(aids, list) else [aids]):
            a = game.objects.get(str(aid))
            if a is None or not a.attacking:
                raise game.illegal("309.2a", "cannot_block", f"{aid!r} is not attacking", object=b, why=say("why.not_attacking"))
            bad = block_problem(game, b, a)
            if bad:
                rule, why = bad
                if rule == "502.4b":
                    raise game.illegal(rule, "flying_block", f"{b.name} can't block {a.name}: {why}", attacker=a,
                                   blocker=b)
                if rule == "500.3":
                    raise game.illegal(rule, "block_restriction", f"{b.name} can't block {a.name}: {why}",
                                       objects=[b, a], why=why)
                if rule == "501.2":
                    raise game.illegal(rule, "evasion", f"{b.name} can't block {a.name}: {why}", attacker=a,
                                   blocker=b, why=why)
                raise game.illegal(rule, "cannot_block", f"{b.name} can't block: {why}", object=b, why=why)
            pairs.append((b, a))
        _blocks_one_unless_able(game, b, pairs)
    _check_block_rules(game, actor, pairs)
    pay_combat_costs(game, actor, list(dict.fromkeys(b for b, _ in pairs)), BLOCK, {}, mana, pay)
    declared = list(pairs)
    banded = [(b, a, [m for m in band_mates(game, a) if (b, m) not in pairs]) for b, a in pairs]
    banded = [x for x in banded if x[2]]
    for b, a, mates in banded:       # blocking one creature of a band blocks the whole band (308.2b, 502.10)
        pairs.extend((b, m) for m in mates)
    game.awaiting = None
    blocks = [say("block_pair", blocker=b.name, attacker=a.name) for b, a in declared]
    if blocks:
        f = game.fire("309.2e", "blockers_declared", [x for p in declared for x in p], player=game.by_name[actor],
                      blocks=blocks)
        game_action(game, game.by_name[actor], "declare_blockers")
        for b, a, mates in banded:
            game.fire("308.2b", "band_blocked", [b, a, *mates], object=b, attacker=a, objects=mates)
    else:
        f = game.fire("309.2e", "no_block_declared", [], player=game.by_name[actor])
    for b in dict.fromkeys(b for b, _ in declared):     # blocking more than one: its text beats 309.2a (103.1)
        n = sum(1 for x, _ in declared if x is b)
        if n > 1:
            game.fire("103.1", "card_text_wins", [b], object=b, does=say("text_wins.blocks_more", n=n),
                      rule_says=say("text_wins.block_rule"), caused_by=f.id)
    with game.under(f):
        was_blocked = {a.id for _, a in pairs if a.blocked}
        for b, a in pairs:
            game.set(b, "blocking", b.blocking + [a.id])
            game.set(a, "blocked_by", a.blocked_by + [b.id])
            if not a.blocked:
                game.set(a, "blocked", True)
        evs = _block_events(game, pairs, f, was_blocked)
        game.happen(evs)
        if game.block_queue:
            nxt = game.block_queue.pop(0)
            game.awaiting = (STEP.declare_blockers, nxt)
            return
        _blocks_done(game)


def _blocks_one_unless_able(game, b, pairs) -> None:
    """309.2a: each blocker chooses which one attacking creature it blocks; a creature that "can block an
    additional creature" (N more) may block that many more."""
    n = sum(1 for x, _ in pairs if x is b)
    allowed = 1 + (chars(game, b).flags.get("extra_blocks") or 0)
    if n > allowed:
        raise game.illegal("309.2a", "cannot_block", f"{b.name} can block only {allowed} attacking creature(s)",
                           object=b, why=say("why.blocks_how_many", n=allowed))


def _block_events(game, pairs, f, was_blocked) -> list:
    """One block event per blocker–attacker pair, each saying what the triggers of 410.9 count: whether it is the
    blocker's first pair of this declaration (410.9a: "whenever this blocks" once, however many it blocks), the
    attacker's first blocker while it was not yet blocked this combat (410.9c), and how many creatures the blocker
    blocks and the attacker is blocked by once the declaration is made (410.9e)."""
    seen_b: set = set()
    seen_a: set = set()
    evs = []
    for b, a in pairs:
        evs.append(Event("block", {"object": b, "attacker": a, "chars": chars(game, b),
                                   "first_of_blocker": b.id not in seen_b,
                                   "first_of_attacker": a.id not in seen_a and a.id not in was_blocked,
                                   "blocked_count": len(b.blocking), "blockers_count": len(a.blocked_by)},
                           f.id, firing=f))
        seen_b.add(b.id)
        seen_a.add(a.id)
    return evs


def _check_block_rules(game, actor, pairs) -> None:
    attackers = game.attackers()
    by_attacker: dict[str, int] = {}
    for b, a in pairs:
        by_attacker[a.id] = by_attacker.get(a.id, 0) + 1

    def restriction(sel_pairs) -> str | None:
        counts: dict[str, int] = {}
        for b, a in sel_pairs:
            counts[a.id] = counts.get(a.id, 0) + 1
        for a in attackers:
            need = chars(game, a).flags.get("min_blockers")
            n = counts.get(a.id, 0)
            if need and 0 < n < need:
                return say("why.min_blockers", object=a.name, n=need)
        return None

    def requirements(sel_pairs) -> int:
        blockers = {b.id for b, _ in sel_pairs}
        return sum(1 for b in game.battlefield() if b.id in blockers and chars(game, b).flags.get("must_block"))

    why = restriction(pairs)
    if why:
        raise game.illegal("500.3", "block_restriction", f"illegal block: {why}",
                       objects=[b for b, _ in pairs], why=why)
    have = requirements(pairs)
    mine = [b for b in game.battlefield() if chars(game, b).controller == actor
            and chars(game, b).flags.get("must_block")]                   # 500.5
    options = [(b, a) for b in mine for a in attackers if block_problem(game, b, a) is None][:MAX_ENUMERATE]
    for k in range(len(options) + 1):
        for sel in combinations(options, k):
            if len({b.id for b, _ in sel}) != len(sel):
                continue
            if restriction(list(sel)) is None and requirements(sel) > have:
                better = [{"phrase": "block.pair", "blocker": b.ref, "attacker": a.ref} for b, a in sel]
                raise game.illegal("500.3", "block_requirement",
                               f"illegal block: obeys {have} requirement(s), but "
                               f"{', '.join(f'{b.id}→{a.id}' for b, a in sel)} obeys more",
                               objects=[b for b, _ in pairs], better=better)
    requirements_weighed(game, mine, attackers, pairs)


@rules.implements("500.1", reasons={"requirement_and_restriction": "objects restricted"})
@rules.implements("500.4", reasons={"requirement_not_violated": "object"})
@rules.implements("500.5", reasons={"requirement_unmeetable": "object", "requirement_needs_others": "object restricted"})
def requirements_weighed(game, mine, attackers, pairs) -> None:
    """A legal block declaration that leaves a creature's requirement ("blocks each turn if able") unobeyed:
    500.5 when no block of its own could meet it (it is ignored), else 500.4 (not obeying it is no violation:
    obeying it would break a restriction or obey no more requirements) — and 500.5 as well when each block it
    could make alone breaks a restriction ("can't be blocked except by two or more creatures"): obeying it would
    take creatures with no requirement blocking too, which 500.5 leaves out (its example is that board: both
    block or neither). 500.1 names the two kinds of effects weighed when a restriction was in play as well."""
    blocking = {b.id for b, _ in pairs}
    unobeyed = [b for b in mine if b.id not in blocking]
    if not unobeyed:
        return
    restricted = [a for a in attackers if chars(game, a).flags.get("min_blockers")]
    if restricted:
        game.fire("500.1", "requirement_and_restriction", unobeyed + restricted, objects=unobeyed,
                  restricted=restricted)
    for b in unobeyed:
        alone = [a for a in attackers if block_problem(game, b, a) is None]
        if alone:
            game.fire("500.4", "requirement_not_violated", [b], object=b)
            if all(chars(game, a).flags.get("min_blockers") for a in alone):
                game.fire("500.5", "requirement_needs_others", [b], object=b, restricted=alone)
        else:
            game.fire("500.5", "requirement_unmeetable", [b], object=b)


# ------------------------------------------------------------------ damage

@rules.implements("502.2b", reasons={"first_strike_step": "objects"})
@rules.implements("502.2a", reasons={"first_strike_static": "objects"})
@rules.implements("502.2d", reasons={"first_strike_redundant": "object count"})
@rules.implements("310.2e", reasons={"assigned_as_unblocked": "object player amount",
                                     "assigned_as_blocked": "object objects"})
def _as_though_unblocked(game, a, blockers, p) -> list:
    """An effect changes how a blocked creature assigns its combat damage: "you may have it assign its combat
    damage as though it weren't blocked" (310.2e). Its controller decides (`choices: {assign: {ATTACKER:
    {DEFENDER: N}}}` for all of it to the defending player, or an assignment among the blockers as usual);
    never by default."""
    defender = a.attacking
    ids = [b.id for b in blockers]

    def legal(v):
        if isinstance(v, dict) and list(map(str, v)) == [defender] and int(next(iter(v.values()))) == p:
            return None
        if isinstance(v, dict) and v and set(map(str, v)) <= set(ids) and sum(int(x) for x in v.values()) == p:
            return None
        return f"assign all {p} to {defender} as though unblocked, or exactly {p} among {', '.join(ids)}"

    ans = game.choose("assign", a.id, by=a.controller, options=[{defender: p}] + [{i: p} for i in ids],
                      legal=legal, auto=False)
    if str(next(iter(ans))) == defender:
        player = game.by_name[defender]
        game.fire("310.2e", "assigned_as_unblocked", [a, player], object=a, player=player, amount=p)
        return [(a, player, p)]
    game.fire("310.2e", "assigned_as_blocked", [a, *blockers], object=a, objects=blockers)
    return [(a, game.objects[str(bid)], int(n)) for bid, n in ans.items() if int(n) > 0]


def assign_combat_damage(game) -> None:
    attackers = game.attackers()
    fs_any = any(KEYWORD.first_strike in chars(game, o).keywords for o in attackers + game.blockers())
    second = game.first_strike_done
    if fs_any and not second:
        game.first_strike_pending = True
        firsts = [o for o in attackers + game.blockers() if KEYWORD.first_strike in chars(game, o).keywords]
        game.fire("502.2b", "first_strike_step", firsts, objects=firsts)
        game.fire("502.2a", "first_strike_static", firsts, objects=firsts)
        game.fire("306.1", "second_damage_step", firsts, objects=firsts)
        game.fire("310.5", "first_strike_step", firsts, objects=firsts)
        for o in firsts:
            n = chars(game, o).keywords.count(KEYWORD.first_strike)
            if n > 1:
                game.fire("502.2d", "first_strike_redundant", [o], object=o, count=n)
    else:
        game.first_strike_pending = False

    def deals(o) -> bool:
        has_fs = KEYWORD.first_strike in chars(game, o).keywords
        if fs_any and not second:
            return has_fs
        if second:
            return _second_step_deals(game, o, has_fs)
        return True

    assignments = []
    for a in attackers:
        if not deals(a):
            continue
        p = chars(game, a).power or 0
        if p <= 0:
            _no_damage(game, a, chars(game, a).power)
            continue
        _still_in_combat(game, a)
        if not a.blocked:
            defender = game.by_name[a.attacking]
            game.fire("310.2b", "unblocked_assigns_to_player", [a, defender], object=a, player=defender, amount=p)
            assignments.append((a, defender, p))
            continue
        blockers = [game.objects[b] for b in a.blocked_by if game.objects[b].zone == "battlefield"
                    and a.id in game.objects[b].blocking]
        if not blockers:                                # blocked, but nothing left to hit; it stays blocked
            game.fire("310.2c", "blocked_no_blockers", [a], object=a)
            game.fire("309.2f", "stays_blocked", [a], object=a)
            continue
        if chars(game, a).flags.get("assign_as_unblocked"):
            assignments.extend(_as_though_unblocked(game, a, blockers, p))
            continue
        game.fire("310.2c", "blocked_assigns_among_blockers", [a, *blockers], object=a, objects=blockers,
                  player=game.by_name[a.controller])
        if len(blockers) == 1:
            assignments.append((a, blockers[0], p))
        else:
            ids = [b.id for b in blockers]
            ans = game.choose("assign", a.id, by=a.controller, options=None, legal=lambda v, ids=ids, p=p: (
                None if isinstance(v, dict) and set(map(str, v)) <= set(ids) and sum(int(x) for x in v.values()) == p
                else f"assign exactly {p} damage among {', '.join(ids)}"))
            for bid, n in ans.items():
                if int(n) > 0:
                    assignments.append((a, game.objects[str(bid)], int(n)))
    for b in game.blockers():
        if not deals(b):
            continue
        p = chars(game, b).power or 0
        targets = [game.objects[x] for x in b.blocking if game.objects[x].zone == "battlefield"
                   and game.objects[x].attacking]
        if p <= 0:
            if targets:
                _no_damage(game, b, chars(game, b).power)
            continue
        if targets:
            _still_in_combat(game, b)
        if len(targets) == 1:
            game.fire("310.2d", "blocker_assigns", [b, targets[0]], object=b, objects=targets)
            assignments.append((b, targets[0], p))
        elif len(targets) > 1 and all(set(t.band) == set(targets[0].band) and t.band for t in targets):
            assignments.extend(band_assigns(game, b, targets, p))
    if second:
        game.first_strike_done = False
        game.first_strike_dealt = []
    elif fs_any:
        game.first_strike_done = True
        game.first_strike_dealt = [o.id for o in attackers + game.blockers() if deals(o)]
    if not assignments:
        return
    evasion_after_blocks(game)
    item = CombatDamage(game.new_id(say("combat_damage")), "", 0, say("combat_damage"), game.active, None, COMBAT_DAMAGE, [],
                        {"assign": assignments, "as_assigned": [(s.inc, chars(game, s).power) for s, _, _ in assignments]})
    f = game.fire("310.1", "combat_damage_assigned", [x for s, t, _ in assignments for x in (s, t)],
                  assignments=_assign_text(assignments))
    with game.under(f):
        game.push(item)
        # 408.1g: once assigned, combat damage goes on the stack like a spell or ability — it is dealt only when
        # it resolves, and the active player gets priority first (the players may respond to it).
        game.fire("408.1g", "combat_damage_uses_stack", [game.by_name[game.active]], player=game.by_name[game.active])


def band_assigns(game, b, targets: list, p: int) -> list:
    """A creature blocking an attacking band: the attacking player, not the blocker's controller, divides its combat
    damage among the creatures of the band it blocks (308.2b's band, 502.10) — `choices: {assign: {BLOCKER: {ID:
    N}}}`, answered by the attacking player."""
    player = targets[0].controller
    game.fire("308.2b", "band_assigns", [b, *targets], player=game.by_name[player], object=b, objects=targets)
    ids = [t.id for t in targets]
    ans = game.choose("assign", b.id, by=player, options=None, legal=lambda v: (
        None if isinstance(v, dict) and set(map(str, v)) <= set(ids) and all(int(x) >= 0 for x in v.values())
        and sum(int(x) for x in v.values()) == p else f"assign exactly {p} damage among {', '.join(ids)}"))
    return [(b, game.objects[str(t)], int(n)) for t, n in ans.items() if int(n) > 0]


@rules.implements("502.2c", reasons={"first_strike_gained_late": "object", "first_strike_lost_late": "object"})
def _second_step_deals(game, o, has_fs: bool) -> bool:
    """The second combat damage step: the creatures that did not deal combat damage in the first one deal theirs.
    502.2c: first strike gained after the first step doesn't stop a creature dealing damage now, and first strike
    lost after it doesn't let a creature that dealt damage then deal it twice."""
    dealt = o.id in game.first_strike_dealt
    if has_fs and not dealt:
        game.fire("502.2c", "first_strike_gained_late", [o], object=o)
    elif dealt and not has_fs:
        game.fire("502.2c", "first_strike_lost_late", [o], object=o)
    return not dealt


def defending_players_announced(game, objs, plan: dict, defenders: list) -> None:
    """308.1: when the game lets the active player attack more than one other player, he announces whom each
    creature attacks, and that player alone is "the defending player" its effects refer to — one firing per player
    attacked, naming its attackers; with a single opponent nothing is announced."""
    if len(defenders) < 2:
        return
    for d in defenders:
        mine = [o for o in objs if plan[o.id] == d]
        if mine:
            game.fire("308.1", "attacks_player", mine, objects=mine, player=game.by_name[d])


@rules.implements("501.3", reasons={"evasion_after_blocks": "object blocker why"})
def evasion_after_blocks(game) -> None:
    """501.3: an evasion ability an attacker gained after blockers were legally declared doesn't undo the block —
    cited as combat damage is assigned, for each blocker its evasion would now forbid."""
    for a in game.attackers():
        for bid in a.blocked_by:
            b = game.objects.get(bid)
            if b is None or b.zone != "battlefield" or a.id not in b.blocking:
                continue
            bad = block_problem(game, b, a, evasion_only=True)
            if bad and game.recorder.first_time(("501.3", a.id, b.id, game.turn)):
                game.fire("501.3", "evasion_after_blocks", [a, b], object=a, blocker=b, why=bad[1])


@rules.implements("306.2", reasons={"removed_from_combat": "object why"})
def leaves_combat(game, o, why: str) -> None:
    """306.2: a creature that leaves play, regenerates, changes controller or stops being a creature is removed
    from combat — no longer attacking, blocking, blocked or unblocked (`why`: a phrase key)."""
    if not (o.attacking or o.blocking or o.blocked or o.blocked_by):
        return
    f = game.fire("306.2", "removed_from_combat", [o], object=o, why=say(why))
    with game.under(f):
        game.remove_from_combat(o)


def damage_to_come(game) -> bool:
    """Combat damage is still to be dealt this combat: before the damage step, while combat damage is on the stack,
    or between the first-strike and the regular damage step."""
    if game.step in (STEP.declare_attackers, STEP.declare_blockers):
        return True
    return game.step == STEP.combat_damage and (game.first_strike_pending
                                                or any(isinstance(i, CombatDamage) for i in game.stack))


@rules.implements("306.2a", reasons={"cant_after_declared": "object why"})
def no_longer_creatures(game, cm) -> None:
    """306.2: a creature in combat that is no longer a creature is removed from combat (checked with the state).
    306.2a: one that now "can't attack" or "can't block" stays in combat — cited once per combat."""
    for o in game.battlefield():
        if (o.attacking or o.blocking) and TYPE.creature not in cm[o.id].types:
            leaves_combat(game, o, "why.combat_not_creature")
            continue
        flag = "cant_attack" if o.attacking else "cant_block" if o.blocking else None
        if flag and cm[o.id].flags.get(flag) and game.recorder.first_time(("306.2a", o.id, o.inc, game.turn)):
            game.fire("306.2a", "cant_after_declared", [o], object=o, why=say(f"why.{flag}"))


@rules.implements("306.2b", reasons={"tapped_still_in_combat": "object", "untapped_still_in_combat": "object"})
def _still_in_combat(game, o) -> None:
    """306.2b: a declared attacker or blocker that became tapped or untapped after its declaration stays in combat
    and deals its damage — a blocker is untapped when declared (309.2a) and an attacker tapped (308.2c), so a
    tapped blocker or an untapped attacker changed since."""
    if o.blocking and o.tapped:
        game.fire("306.2b", "tapped_still_in_combat", [o], object=o)
    elif o.attacking and not o.tapped:
        game.fire("306.2b", "untapped_still_in_combat", [o], object=o)


def _no_damage(game, o, power) -> None:
    if power is not None and power < 0:
        game.fire("104.2", "negative_as_zero", [o], object=o, power=power)
    game.fire("310.2a", "no_combat_damage", [o], object=o, power=power)


def _assign_text(assignments) -> list[str]:
    return [say("assignment", source=s.name, target=t.name, n=n) for s, t, n in assignments]


@rules.implements("310.4a", reasons={"dealt_as_assigned": "object why"})
@rules.implements("310.4b", reasons={"source_last_known": "object"})
def resolve_combat_damage(game, item) -> None:
    assignments = item.extra["assign"]
    as_assigned = item.extra.get("as_assigned") or [(s.inc, None) for s, _, _ in assignments]
    f = game.fire("310.4", "combat_damage_dealt", [x for s, t, _ in assignments for x in (s, t)],
                  assignments=_assign_text(assignments))
    with game.under(f):
        game.remove_from_stack(item)
        evs = []
        for (s, t, n), (inc, power) in zip(assignments, as_assigned):
            ch, lki = last_known(game, s, inc)
            if lki:
                game.fire("310.4a", "dealt_as_assigned", [s], object=s, why=say("why.source_left_play"))
                game.fire("310.4b", "source_last_known", [s], object=s)
            elif power is not None and ch.power != power:
                game.fire("310.4a", "dealt_as_assigned", [s], object=s, why=say("why.power_changed"))
            if not isinstance(t, Player) and t.zone == "battlefield" and not (t.attacking or t.blocking) \
                    and TYPE.creature in chars(game, t).types:
                game.fire("310.4a", "dealt_as_assigned", [t], object=t, why=say("why.recipient_left_combat"))
            evs.append(Event("damage", {"source": s, "source_name": s.name, "source_chars": ch,
                                        "source_controller": ch.controller, "target": t, "amount": n,
                                        "combat": True}, f.id, firing=f))
        game.happen(evs)

