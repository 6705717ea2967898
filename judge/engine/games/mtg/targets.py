"""Targets (409.1c, 413.2a, 415): who may be chosen for each use of the word "目标", and checking again.

`target_problem` says why a candidate is not a legal target (None if it is): the filter its target word
stands for, protection and "can't be the target" (415), a spell that would target itself (415.6, refused under
that rule whether the action names it or answers the `targets` choice with it). Targets
are chosen when a spell is cast or an ability activated or put on the stack: named by the action
(`check_targets`) or asked as a choice (`choose_targets`); when it resolves they are checked again
(`recheck_targets`, 413.2a).
"""
from __future__ import annotations

from judge.engine.core.objects import Player, StackAbility
from judge.engine.games.common.targets import recheck
from judge.engine.games.mtg.filters import cite_characteristics, matches
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import TARGET, TARGETS, TERM, say
from judge.engine.games.mtg.words import zone as zone_zh


rules.declare("402.5", reasons={"ability_not_a_spell": "object ability"})
COMBAT_DAMAGE = "combat_damage"     # the kind of the stack object combat damage is (310.1, 408.1g)
rules.declare("212.1a", reasons={"ability_has_no_types": "ability types"})
rules.declare("415.6", reasons={"targets_itself": "object"})
rules.declare("310.3", reasons={"combat_damage_not_spell": "object"})
# target problems a rule of their own forbids: refused under that rule, not as 409.1c's "not a legal target"
_OWN_RULE = {"self": ("415.6", "targets_itself"), "combat_damage": ("310.3", "combat_damage_not_spell")}


def alternatives(spec: dict) -> list[dict]:
    """The kinds one use of "目标" may choose, each as a spec of one kind: "target spell or creature"
    (`what: [咒语, 生物]`) is one target that is a spell or a creature."""
    what = spec.get("what", TARGET.permanent)
    return [{**spec, "what": w} for w in what] if isinstance(what, list) else [spec]


def kind_of(game, spec: dict, cand, *, source, controller: str, source_colors=()) -> dict:
    """The one-kind spec `cand` answers (the first it is legal for; else the first kind)."""
    alts = alternatives(spec)
    return next((a for a in alts if _problem(game, a, cand, source=source, controller=controller,
                                              source_colors=source_colors) is None), alts[0])


def target_problem(game, spec: dict, cand, *, source, controller: str, source_colors=(), itself: bool = False
                   ) -> tuple | None:
    """None if `cand` is a legal choice for this use of "目标", else (check, expected, actual) — for a target of
    several kinds, legal if it is legal as any one (the first kind's problem otherwise). `itself`: `source`
    is a spell being cast, on its way to the stack (409.1a), whose targets are checked before it moves."""
    alts = alternatives(spec)
    problems = [_problem(game, a, cand, source=source, controller=controller, source_colors=source_colors,
                         itself=itself) for a in alts]
    if None in problems:
        return None
    # the kind that looks in the candidate's zone says best why it is not one (a land: not a creature)
    here = [p for a, p in zip(alts, problems)
            if target_filter(a).get("zone", "battlefield") == getattr(cand, "zone", "")]
    return (here or problems)[0]


def _problem(game, spec: dict, cand, *, source, controller: str, source_colors=(), itself: bool = False
             ) -> tuple | None:
    what = spec.get("what", TARGET.permanent)
    word = TARGETS[what]
    if isinstance(cand, Player):
        if word.players != "none":
            return None if not cand.lost else ("player", say("check.in_game"), say("check.left_game"))
        return ("kind", what, TARGET.player)
    if word.players == "only":
        return ("kind", what, cand.name)
    if source is not None and cand.id == getattr(source, "id", None) and (cand.zone == "stack" or itself):
        return ("self", say("check.other_spell"), say("check.itself"))                                   # 415.6
    f = target_filter(spec)
    # an ability's "this creature" is the object it comes from, not the ability on the stack (402.6)
    sid = source.source if isinstance(source, StackAbility) else getattr(source, "id", None)
    if f.get("zone", "battlefield") == "stack":
        if cand.zone != "stack" or cand not in game.stack:
            return ("zone", zone_zh("stack"), say("check.left_stack"))
        if getattr(cand, "kind", None) == COMBAT_DAMAGE:     # neither a spell nor an ability (310.3)
            return ("combat_damage", say("check.spell"), say("combat_damage"))
        if isinstance(cand, StackAbility):          # an ability is not a spell (402.5) and has no types (212.1a)
            return ("spell", say("check.spell"), say("check.ability"))
        return matches(game, cand, f, controller=controller, source_id=sid)   # a spell's types: its card's (213.2)
    bad = matches(game, cand, f, controller=controller, source_id=sid)
    if bad:
        return bad
    if cand.zone == "battlefield":
        c = game.chars(cand)
        if c.flags.get("untargetable"):
            return ("untargetable", say("check.targetable"), say("check.untargetable"))
        prot = c.flags.get("protection") or ()
        for col in source_colors:
            if col in prot:
                return ("protection", say("check.no_protection", color=col), say("check.protection", color=col))
    return None


rules.declare("415.5", reasons={"target_not_permanent": "object target zone"})


rules.declare("200.5", reasons={"target_not_spell": "object target zone", "invalid_choice": "player choice answer"})
rules.declare("213.3", reasons={"spell_not_card": "object target", "invalid_choice": "player choice answer"})


def not_spell_or_card(game, spec: dict, cand) -> tuple | None:
    """What a spell word or a card word can't mean, each by its rule: a spell is a card on the stack (200.5) — a
    permanent or a card in another zone is no spell, whatever else it is; and "card" can't refer to a card on the
    stack that represents a spell (213.3) — a word for cards in a graveyard (or any zone but play) never reaches
    one. (rule, code) when `cand` is such a mistaken choice for `spec`, else None."""
    if isinstance(cand, (Player, StackAbility)):
        return None
    found = [_not_spell_or_card(game, a, cand) for a in alternatives(spec)]
    return None if None in found else found[0]


def _not_spell_or_card(game, spec: dict, cand) -> tuple | None:
    zone = target_filter(spec).get("zone", "battlefield")
    if zone == "stack" and cand.zone != "stack":
        return ("200.5", "target_not_spell")
    if zone not in ("stack", "battlefield") and cand.zone == "stack" and cand in game.stack:
        return ("213.3", "spell_not_card")
    return None


def not_a_permanent(game, spec: dict, cand, controller: str) -> bool:
    """415.5: a target word that names no player, no other zone and no spell or ability means a permanent: a card
    that would fit the word anywhere but in play (a creature card in a graveyard for "target creature") is no legal
    target because it is not a permanent. A card that would not fit it anyway fails on that (409.1c)."""
    if isinstance(cand, (Player, StackAbility)) or cand.zone in ("battlefield", "stack"):
        return False
    return any(_not_a_permanent(game, a, cand, controller) for a in alternatives(spec))


def _not_a_permanent(game, spec: dict, cand, controller: str) -> bool:
    f = target_filter(spec)
    if f.get("zone", "battlefield") != "battlefield":
        return False
    return matches(game, cand, {**f, "zone": cand.zone}, controller=controller) is None


def target_filter(spec: dict) -> dict:
    """The filter one use of "目标" stands for: its own filter, its word's zone and types (of a target of several
    kinds, the first kind's: `kind_of` says which kind a chosen target answers)."""
    word = TARGETS[alternatives(spec)[0].get("what", TARGET.permanent)]
    f = dict(spec.get("filter") or {})
    if word.zone != "battlefield":
        f["zone"] = word.zone
    if word.default_types:
        f.setdefault("types", list(word.default_types))
    if word.types:
        have = list(f.get("types", []))
        f["types"] = have + [t for t in word.types if t not in have]
    return f


def choose_targets(game, subject: str, specs: list, *, controller: str, source, source_colors=(),
                   rule: str = "409.1c", itself: bool = False):
    """Targets for each use of "目标" (409.1c), from the `targets` choice (a cast or activation that names no
    targets, a triggered ability put on the stack: `rule` 410.4).

    Returns one list of (kind, id, inc) per spec, or None when a required target has no legal choice (an
    answer given for it anyway is refused under `rule`).
    """
    out = []
    for i, spec in enumerate(specs):
        n = int(spec.get("count", 1))
        legal = legal_targets(game, spec, controller=controller, source=source, source_colors=source_colors)
        sub = subject if len(specs) == 1 else f"{subject}[{i + 1}]"
        if not legal and n and not spec.get("up_to"):
            game.chooser.none_legal("targets", sub, by=controller, rule=rule)
            return None
        options = [x.name if isinstance(x, Player) else x.id for x in legal]

        def forbidden(a, spec=spec):
            """(why, rule) when the answer names a target a rule of its own forbids (415.6, 310.3)."""
            for x in (a if isinstance(a, list) else [a]):
                t = _named(game, x) if isinstance(x, str) else None
                bad = t and target_problem(game, spec, t, source=source, controller=controller,
                                           source_colors=source_colors, itself=itself)
                if bad and bad[0] in _OWN_RULE:
                    return f"{x}: {bad[0]}", _OWN_RULE[bad[0]][0]
                if bad and bad[0] == "zone" and not_a_permanent(game, spec, t, controller):
                    return f"{x}: not in play", "415.5"
                mistaken = bad and bad[0] == "zone" and not_spell_or_card(game, spec, t)
                if mistaken:
                    return f"{x}: in {t.zone}", mistaken[0]
            return None

        if n == 1:
            ans = game.choose("targets", sub, by=controller, options=options, rule=rule, legal=lambda a, o=options: (
                forbidden(a) or (None if (a[0] if isinstance(a, list) and len(a) == 1 else a) in o
                                 else "not a legal target")))
            picks = ans if isinstance(ans, list) else [ans]
        else:
            ans = game.choose("targets", sub, by=controller, options=options, rule=rule, legal=lambda a, o=options: (
                forbidden(a) or (None if isinstance(a, list) and len(a) == n and len(set(a)) == n
                                 and all(x in o for x in a) else f"choose {n} different targets")))
            picks = list(ans)
        slot = []
        for p in picks:
            obj = game.by_name.get(p) if p in game.by_name else game.objects.get(p)
            if obj is None:
                return None
            if not isinstance(obj, Player):
                kind = kind_of(game, spec, obj, source=source, controller=controller, source_colors=source_colors)
                cite_characteristics(game, obj, target_filter(kind), None)
            slot.append(("player", obj.name, 0) if isinstance(obj, Player) else ("obj", obj.id, obj.inc))
        out.append(slot)
    return out


def legal_targets(game, spec, *, controller, source, source_colors=()) -> list:
    out: list = []
    for a in alternatives(spec):
        out.extend(c for c in _legal(game, a, controller=controller, source=source, source_colors=source_colors)
                   if not any(c is x for x in out))
    return out


def _legal(game, spec, *, controller, source, source_colors=()) -> list:
    cands: list = []
    word = TARGETS[spec.get("what", TARGET.permanent)]
    if word.players != "none":
        cands.extend(game.by_name[n] for n in game.apnap())
    if word.players != "only":
        zone = (spec.get("filter") or {}).get("zone")
        if word.zone == "stack":
            cands.extend(game.stack)
        elif word.zone == "graveyard" or zone == "graveyard":
            cands.extend(o for o in game.objects.values() if o.zone == "graveyard")
        else:
            cands.extend(game.objects[i] for i in game.battlefield_ids())
    return [c for c in cands if target_problem(game, spec, c, source=source, controller=controller,
                                               source_colors=source_colors) is None]


def check_targets(game, obj, tspecs, given, *, controller, colors, itself: bool = False) -> list:
    """Validate the targets an action names (409.1c) and return them as (kind, id, inc) slots. `itself`: `obj` is a
    spell being cast (see `target_problem`)."""
    if not tspecs:
        if given:
            raise game.illegal("409.1c", "not_enough_targets", f"{obj.name} has no targets, but targets were given",
                           object=obj, needed=0, given=len(given))
        return []
    if given is None:
        return choose_targets(game, obj.id, tspecs, controller=controller, source=obj, source_colors=colors,
                              itself=itself) or \
            _no_targets(game, obj, tspecs)
    given = list(given) if isinstance(given, list) else [given]
    needed = sum(int(s.get("count", 1)) for s in tspecs)
    if tspecs[-1].get("up_to") and needed - int(tspecs[-1].get("count", 1)) <= len(given) <= needed:
        needed = len(given)                     # "up to N targets" as the last use of 目标: fewer are chosen
        tspecs = [*tspecs[:-1], {**tspecs[-1], "count": needed - sum(int(s.get("count", 1)) for s in tspecs[:-1])}]
    if len(given) != needed:
        raise game.illegal("409.1c", "not_enough_targets",
                       f"{obj.name} needs {needed} target(s), {len(given)} given", object=obj, needed=needed,
                       given=len(given))
    slots = []
    i = 0
    for spec in tspecs:
        n = int(spec.get("count", 1))
        picks = given[i:i + n]
        i += n
        if len(set(picks)) != len(picks):
            raise game.illegal("409.1c", "same_target_twice",
                           f"one use of {TERM.target} cannot choose {picks[0]} twice (409.1c)", object=obj,
                           target=game.by_name.get(picks[0]) or game.objects.get(picks[0]) or picks[0])
        slot = []
        for p in picks:
            t = _named(game, p)
            if t is None:
                raise game.illegal("409.1c", "illegal_target", f"unknown target {p!r}", object=obj, target=p,
                               check="exists", expected=say("check.exists"), actual=say("check.missing"))
            bad = target_problem(game, spec, t, source=obj, controller=controller, source_colors=colors, itself=itself)
            kind = kind_of(game, spec, t, source=obj, controller=controller, source_colors=colors)
            if not isinstance(t, (Player, StackAbility)):
                cite_characteristics(game, t, target_filter(kind), bad)
            if bad and bad[0] == "spell":
                f = target_filter(kind)
                named = list(f.get("types", ())) + list(f.get("any_types", ()))
                if named:               # "target creature spell": an ability has no types at all (212.1a)
                    raise game.illegal("212.1a", "ability_has_no_types", f"{t.name} ({p}) is an ability: no types",
                                       ability=t, types="/".join(named))
                raise game.illegal("402.5", "ability_not_a_spell", f"{t.name} ({p}) is an ability, not a spell",
                                   object=obj, ability=t)
            if bad and bad[0] == "zone" and not_a_permanent(game, spec, t, controller):
                raise game.illegal("415.5", "target_not_permanent", f"{t.name} ({p}) is in {t.zone}, not in play",
                                   object=obj, target=t, zone=zone_zh(t.zone))
            mistaken = bad and bad[0] == "zone" and not_spell_or_card(game, spec, t)
            if mistaken and mistaken[0] == "200.5":
                raise game.illegal("200.5", "target_not_spell", f"{t.name} ({p}) is in {t.zone}: not a spell",
                                   object=obj, target=t, zone=zone_zh(t.zone))
            if mistaken:
                raise game.illegal("213.3", "spell_not_card", f"{t.name} ({p}) is a spell on the stack, not a card",
                                   object=obj, target=t)
            if bad and bad[0] in _OWN_RULE:      # itself (415.6), combat damage (310.3)
                rule, code = _OWN_RULE[bad[0]]
                raise game.illegal(rule, code, f"{obj.name}: {p} is not a legal target ({bad[0]})", object=obj)
            if bad:
                check, exp, act = bad
                raise game.illegal("409.1c", "illegal_target",
                               f"{t.name} ({p}) is not a legal target: {check} {exp} ≠ {act}", object=obj, target=t,
                               check=check, expected=exp, actual=act)
            slot.append(("player", t.name, 0) if isinstance(t, Player) else ("obj", t.id, t.inc))
        slots.append(slot)
    return slots


def _named(game, name: str):
    """The player, object or ability on the stack an action or answer names as a target (None: nothing)."""
    return game.by_name.get(name) if name in game.by_name else game.objects.get(name) or _on_stack(game, name)


def _on_stack(game, oid):
    """An ability on the stack named as a target: it is no card, so only the stack knows it."""
    return next((s for s in game.stack if isinstance(s, StackAbility) and s.id == oid), None)


def _no_targets(game, obj, tspecs):
    raise game.illegal("409.1c", "not_enough_targets", f"{obj.name}: no legal target for {TERM.target}", object=obj,
                   needed=sum(int(s.get("count", 1)) for s in tspecs), given=0)


def target_objects(game, slots) -> list:
    return [game.by_name[i] if k == "player" else game.objects[i] for slot in slots for (k, i, _) in slot]


def recheck_targets(game, item, specs, slots, controller, colors):
    """413.2a: (legal targets per slot, whether all are illegal). Illegal ones become near misses; a target
    that left the battlefield and came back is a new object."""
    def went(t):
        z = t.zone if t else ""
        if z == "battlefield":
            return say("zone.new_object")
        return zone_zh(z) if z in ("graveyard", "hand", "exile", "library") else say("zone.elsewhere")

    return recheck(game, item, "413.2a", specs, slots, went=went, cite_all_legal=False, problem=lambda spec, t: target_problem(
        game, spec, t, source=item, controller=controller, source_colors=colors))
