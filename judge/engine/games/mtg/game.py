"""`MtgGame`: Magic: The Gathering (2006 rules) on the engine core.

This class only wires the core's hooks to the modules that implement the
rules (`casting`, `resolve`, `triggers`, `events`, `sba`, `turn`, `combat`,
`chars`); the rules themselves live next to their numbers in those modules.
"""
from __future__ import annotations

import random

from judge.engine.core.errors import EngineError
from judge.engine.core.game import Game, forbidding
from judge.engine.core.objects import Event, Player
from judge.engine.games.common.game import CardGame
from judge.engine.games.mtg import (casting, combat, effects, events, layers, looking, loops, resolve, sba, setup,
                                   special, start,
                                   triggers, turn, zones)
from judge.engine.games.mtg import mana as M
from judge.engine.games.mtg.chars import chars, compute, describe_layers, last_known
from judge.engine.games.mtg.rules import rules
from judge.engine.games.common.words import skeleton
from judge.engine.games.mtg.words import BOARD_ZONES, STEP, STEP_ALIASES, STEPS, TYPE, ZONE_SPECS, ability_text, say
from judge.engine.games.mtg.state import Card, MPlayer

rules.declare("102.2a", reasons={"winner": "player"})
rules.declare("102.4a", reasons={"game_drawn": "players"})
rules.declare("102.3a", reasons={"conceded": "player"})
rules.declare("418.5a", reasons={"characteristics_changed": "object what before after detail",
                                 "characteristic_gained": "object what after detail",
                                 "characteristic_lost": "object what before detail",
                                 "keyword_gained": "object keywords detail", "keyword_lost": "object keywords detail"})
rules.declare("418.2", reasons={"enters_affected": "object printed actual detail"})
rules.declare("410.10b", reasons={"entered_without_ability": "object ability", "seen_as_entered": "ability object what"})
rules.declare("213.5", reasons={"effect_follows_spell": "object"})
rules.declare("419.9a", reasons={"replacement_chosen": "player effect options"})
rules.declare("422.1", reasons={"action_rewound": "rule undone"})
rules.declare("422.2", reasons={"priority_returned": "player"})
rules.declare("308.2", reasons={"declaration_rewound": "rule"})
rules.declare("414.2", reasons={"costs_not_refunded": "object"})
rules.declare("401.7", reasons={"countered_to_graveyard": "object by"})
rules.declare("102.1", reasons={"game_ends": "outcome"})
rules.declare("309.2", reasons={"declaration_rewound": "rule"})

# kind of choice → the rule an illegal answer breaks (issue 11 §2), where the code asking names no other
CHOICE_RULES = {
    "order": "410.3",          # each player puts his own triggers on the stack in the order he chooses
    "replacement": "419.9a",   # the affected object's controller or the affected player chooses
    "targets": "409.1c",       # targets are chosen when the spell is announced (410.4 for triggers)
    "may": "413.2c",           # no illegal or impossible choice on resolution
    "sacrifice": "413.2c",
    "discard": "413.2c",
    "choose": "413.2c",
    "color": "203.2d",         # one of the five colours
    "type": "212.1e",          # exactly one subtype that exists
    "assign": "310.2",         # combat damage only to legal recipients
    "pay": "409.1h",           # the total cost, in full
    "mode": "409.1b",
    "untap": "302.2",          # the active player decides which of his permanents untap
    "attach": "212.4e",        # an Aura put into play without being cast: a permanent it can legally enchant
    "mana": "413.2e",          # while paying on resolution: mana abilities only
}
for _rule in set(CHOICE_RULES.values()) | {"410.4", "314.1"}:
    rules.declare(_rule, reasons={"invalid_choice": "player choice answer",
                                  "wrong_chooser": "player choice answer answerer",
                                  "nothing_legal": "player choice answer"})


class MtgGame(CardGame):
    game = "mtg"
    book = "mtg"
    rules = rules
    STEP_ALIASES = STEP_ALIASES
    PLAY_ZONE = "battlefield"
    PRIORITY_RULE = "408.1d"
    WIN_RULE, DRAW_RULE = "102.2a", "102.4a"
    SETUP = setup
    ACTIONS = Game.ACTIONS | {"cast": casting.do_cast, "play": casting.do_play, "activate": casting.do_activate,
                              "attack": combat.do_attack, "block": combat.do_block, "loop": loops.do_loop,
                              "look": looking.look, "arrange": looking.arrange, "count": looking.count,
                              "mulligan": start.do_mulligan, "keep": start.do_keep,
                              "turn_face_up": special.do_turn_face_up, "end_effect": special.do_end_effect,
                              "ignore_effect": special.do_ignore_effect}
    REWOUND = Game.REWOUND + ("effects", "shields", "delayed", "block_queue", "exiled_with", "cleanup_again",
                              "first_strike_pending", "first_strike_done", "first_strike_dealt", "auto_declared",
                              "mulligans", "mulligan_order", "first_draw_skip", "extra_turns", "inserted",
                              "skips", "step_queue", "resume_after", "normal_active", "triggered_during", "activations",
                              "batches_together", "casting", "drawn_face_down", "revealed_tops")
    ZONE_SPECS = ZONE_SPECS
    REWIND_RULE = "422.1"
    MULLIGAN_RULE = "101.4"
    CHOICE_RULES = CHOICE_RULES
    PRINTINGS = True            # a board card's `set:` is its printing's expansion symbol (206.3)
    STEPS = STEPS
    ZONES = BOARD_ZONES
    SCENARIO_TEMPLATE = skeleton("mtg")
    UNVERSIONED = frozenset({"life", "damage", "pool", "sick", "lands_played", "drew_from_empty", "won", "lost",
                             "poison", "ended_note"})

    def __init__(self, seed: int = 0):
        super().__init__()
        self.effects: list = []
        self.shields: list = []
        self.delayed: list = []
        self.exiled_with: list = []    # (card id, incarnation, holder id, holder inc, scope, link, text): 217.7d
        self._printed: dict = {}
        self.static_ops_cache: dict = {}
        self.cleanup_again = False
        self.first_strike_pending = False
        self.first_strike_done = False
        self.first_strike_dealt: list[str] = []     # who dealt combat damage in the first-strike step (502.2c)
        self.mulligans: dict[str, int] = {}          # 101.4: mulligans taken, while hands are decided
        self.mulligan_order: list[str] = []          # the first player, then the others in turn order
        self.first_draw_skip: str | None = None      # 101.5a: who skips his first turn's draw step
        self.extra_turns: list = []                  # 300.6 (schedule.ExtraTurn)
        self.resolving = None                        # the stack object resolving now (408.1f, 420.4)
        self.ignoring: tuple = ()                    # (static effect id, its object's inc, player, turn): 408.2j
        self.self_replacing: list = []               # self-replacement effects of the instruction now carried out (419.6d)
        self.mid_resolution: dict = {}               # 420.4: state-based findings seen in the middle of it
        self.sba_step = None                         # the trace step whose settling performed state-based effects
        self.triggered_during: dict = {}             # pending trigger id → the object resolving when it triggered
        self.inserted: list = []                     # 300.7, 300.8: extra phases and steps to come this turn
        self.skips: list = []                        # 300.9, 419.6e/f: "skip your next …" effects waiting
        self.step_queue: list[str] = []              # extra steps being taken, in order
        self.resume_after: str | None = None         # the step the extra steps followed: the turn goes on after it
        self.normal_active: str | None = None        # whose turn the last turn that was not an extra one was
        self.auto_declared: tuple | None = None
        self.loaded_declaration: str | None = None   # loaded at a declaration step before its declaration
        self.activations: dict = {}    # (object id, incarnation, ability key) → (turn, times, by whom): 403.3
        self.casting: str | None = None   # the spell being cast, until it has been cast (409.1i): 217.2f
        self.drawn_face_down: tuple = ()  # the cards drawn meanwhile, kept face down (217.2f)
        self.revealed_tops: tuple = ()    # (player, top card id) revealed as the casting began (217.2e)
        self.batches_together: dict = {}   # (owner, zone) → (ids put there together, turn, step): 217.4c, 217.2d
        self.block_queue: list[str] = []
        self.live_state_triggers: set = set()
        self._seen: dict = {}
        self._statics_seen: dict = {}     # permanent id → the static abilities applying to it (418.4)
        self._there_seen: set = set()     # the permanents on the battlefield at the last characteristics check
        self._lost_seen: dict = {}        # permanent id → the "loses all abilities" effects applying to it (407.2)
        self._zone_trigger_ids: list[str] = []
        self._numbered: set[str] = set()          # names shared by several objects: shown with an ordinal
        self.start_life: dict[str, int] = {}
        self._ordinals: dict[str, int] = {}
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ zones
    def battlefield_ids(self) -> list[str]:
        return self.zones.get((None, "battlefield"), [])

    def battlefield(self) -> list[Card]:
        objs = self.objects
        return [objs[i] for i in self.zones.get((None, "battlefield"), ())]

    def zone_objects(self, player: str, zone: str) -> list:
        if zone == "battlefield":
            return [o for o in self.battlefield() if o.controller == player]
        if zone == "stack":
            return list(self.stack)
        return self.in_zone((player, zone))

    def zone_trigger_sources(self):
        for i in self._zone_trigger_ids:
            o = self.objects[i]
            if o.zone != "battlefield":
                yield o

    all_chars = compute         # every computed object's characteristics (cached on `version`)
    chars = chars               # one object's characteristics: `game.chars(obj)`
    last_known = last_known     # as it is, or as it last was in play (402.6): `game.last_known(obj, inc)`

    # ------------------------------------------------------------------ loading (no events, no triggers)
    def add_player(self, name: str, life: int = 20, poison: int = 0, mana=None, hand_limit: int = 7,
                   lands_played: int = 0) -> MPlayer:
        return self.seat(MPlayer(name, life, poison, M.parse_pool(mana) if mana else {}, hand_limit=hand_limit,
                                 lands_played=lands_played))

    def add_card(self, oid: str, card, owner: str, zone: str, *, controller: str | None = None, tapped=False,
                 sick=False, damage=0, counters=None, attached_to=None, face_down=False, token=False,
                 attacking=None, blocking=None) -> Card:
        o = Card(oid, card, owner, controller or owner, zone, card.name, tapped=tapped, damage=damage,
                 counters=dict(counters or {}), attached_to=attached_to, face_down=face_down, token=token,
                 timestamp=self.tick(), sick=sick)
        o.base_controller = o.controller
        if attacking:
            o.attacking = attacking
        if blocking:
            o.blocking = list(blocking)
        self.place(o)
        if any(a.kind == "triggered" and a.spec.get("zone", "battlefield") != "battlefield" for a in card.abilities):
            self._zone_trigger_ids.append(oid)
        return o

    def finish_loading(self) -> None:
        self._number_same_names()
        self.start_life = {p.name: p.life for p in self.players}
        self.loaded_declaration = combat.loaded_before_declaring(self)
        self.normal_active = self.active
        for o in self.battlefield():
            for aid in o.blocking:
                a = self.objects.get(aid)
                if a is not None:
                    a.blocked = True
                    if o.id not in a.blocked_by:
                        a.blocked_by.append(o.id)
        self._seen = self._snapshot_chars()

    def _number_same_names(self) -> None:
        """Objects that share a name are told apart by an ordinal everywhere a judge reads them
        (`灰熊#1`, `灰熊#2`), fixed at load in board order: reason texts, step descriptions and the trace's
        object list all use the same label. Token names the loaded cards can create count as shared (an
        effect may make several), so tokens are numbered as they are created."""
        counts: dict[str, int] = {}
        for o in self.objects.values():
            counts[o.name] = counts.get(o.name, 0) + 1
        for o in list(self.objects.values()):
            for name in _token_names(o.card):
                counts[name] = counts.get(name, 0) + 2
        self._numbered = {n for n, k in counts.items() if k > 1}
        self._ordinals: dict[str, int] = {}
        for o in self.objects.values():
            if o.name in self._numbered:
                o.name = self._ordinal_name(o.name)

    def _ordinal_name(self, name: str) -> str:
        n = self._ordinals.get(name, 0) + 1
        self._ordinals[name] = n
        return say("label.ordinal", name=name, n=n)

    # ------------------------------------------------------------------ state changes used by the rules
    def move(self, obj: Card, to: str, *, reason: str = "effect", controller: str | None = None, top: bool = True,
             shuffle: bool = False) -> bool:
        frm = obj.zone
        if frm == "gone":
            return False
        host = None
        if to == "battlefield" and frm != "stack":      # an Aura not cast: what it enchants, or it stays (212.4e)
            enters, host = zones.aura_entering(self, obj, frm, controller or obj.owner)
            if not enters:
                return False
        zones.leaving(self, obj, frm, to, reason)
        if frm == "stack" and obj in self.stack:
            self.stack.remove(obj)
        if frm == "battlefield":
            if combat.damage_to_come(self):
                combat.leaves_combat(self, obj, "why.combat_left_play")
            else:                           # its combat damage is dealt: leaving play changes nothing in combat
                self.remove_from_combat(obj)
            if obj.attached_to:
                self.set(obj, "attached_to", None)
            for k in ("damage", "tapped"):
                if getattr(obj, k):
                    self.set(obj, k, 0 if k == "damage" else False)
            if obj.counters:
                self.set(obj, "counters", {})
        new_ctrl = controller if to in ("battlefield", "stack") and controller else obj.owner
        old_key = obj.key
        self.relocate(obj, to, controller=new_ctrl, top=top and not shuffle)
        if shuffle and to == "library":
            lst = self.zone_list((obj.owner, "library"))
            lst.remove(obj.id)
            lst.insert(self.rng.randrange(len(lst) + 1), obj.id)
        if to == "stack":
            self.stack.append(obj)
            zones.arrived(self, obj, frm, to)
        if to == "battlefield":
            self.set(obj, "base_controller", new_ctrl)
            self.set(obj, "sick", True)
            if host is not None:
                self.set(obj, "attached_to", host.id)
            if frm == "stack":
                self._relock(old_key, obj)
            zones.arrived(self, obj, frm, to)
            zones.as_enters(self, obj)
            self._entered(obj)
        return True

    def _relock(self, old_key, obj) -> None:
        """213.5: an effect that changed a permanent spell keeps applying to the permanent it becomes."""
        hit = False
        for e in self.effects:
            if e.locked and old_key in e.locked:
                e.locked = (e.locked - {old_key}) | {obj.key}
                hit = True
        if hit:
            self.version += 1
            self.fire("213.5", "effect_follows_spell", [obj], object=obj)

    def _entered(self, obj: Card) -> None:
        """418.2 / 410.10b: continuous effects apply the moment a permanent enters."""
        c = chars(self, obj)
        card = obj.card
        diffs, multi = printed_diffs(c, card), set()
        for attr, before, after in diffs:
            if attr != "abilities":
                label = say(f"char.{attr}")
                before, after = _char_value(label, before), _char_value(label, after)
            f = self.fire("418.2", "enters_affected", [obj], object=obj, printed=before, actual=after,
                          detail=_layer_detail(c, "keywords" if attr == "abilities" else attr))
            key = "keywords" if attr == "abilities" else attr
            with self.under(f):
                # the characteristic that changed is a change of the object like any other (`pt`, `colors`,
                # `types`, `keywords`): the trace shows it under this firing, and a ruling finds what decided it
                self.recorder.change(obj.id, key, before, after)
                layers.cite(self, obj, c, key, seen_multi=multi)
        obj.extra["entered_affected"] = {"keywords" if a == "abilities" else a for a, _, _ in diffs}
        keys = {ab.key for ab in c.abilities}
        for ab in card.abilities:           # 410.10b: it never had the ability it lost "as it enters"
            if ab.kind == "triggered" and ab.key not in keys and ab.spec.get("when", {}).get("event") == "enters" \
                    and ab.spec["when"].get("self"):
                self.fire("410.10b", "entered_without_ability", [obj], object=obj, ability=ability_text(obj, ab))
        if diffs:
            layers.reach(self, obj, c)
            layers.statics_on_entering(self, obj, c)
        self._seen[obj.id] = self._key_chars(c)
        self._statics_seen[obj.id] = layers.static_keys(c)

    @rules.implements("418.5a", reasons={"loaded_affected": "object printed actual detail"})
    def explain_loaded(self) -> None:
        """A board is loaded with its continuous effects already applying (nothing happens at the load): the rules
        that decide each permanent's characteristics as loaded are cited in the load step — 418.5a naming the
        printed and the actual value, then the layer rules that decided it (212.1b–d, 418.5b–i, 407.x, 405.2,
        200.10) and, for a filtered effect whose reach another effect decided, 418.5h. A permanent as printed
        cites nothing."""
        for obj in self.battlefield():
            c = chars(self, obj)
            multi: set = set()
            for attr, before, after in printed_diffs(c, obj.card):
                if attr != "abilities":
                    label = say(f"char.{attr}")
                    before, after = _char_value(label, before), _char_value(label, after)
                key = "keywords" if attr == "abilities" else attr
                f = self.fire("418.5a", "loaded_affected", [obj], object=obj, printed=before, actual=after,
                              detail=_layer_detail(c, key))
                with self.under(f):
                    layers.cite(self, obj, c, key, seen_multi=multi)
            layers.reach(self, obj, c)

    def draw_one(self, p: Player) -> bool:
        lib = self.zones.get((p.name, "library"))
        if not lib:
            self.set(p, "drew_from_empty", True)
            return False
        card = self.objects[lib[0]]
        self.relocate(card, "hand", controller=p.name)
        zones.drawn_while_casting(self, p, card)
        return True

    def remove_from_stack(self, item) -> None:
        if item in self.stack:
            super().remove_from_stack(item)
            if getattr(item, "extra", None) and item.extra.get("state_key"):
                self.live_state_triggers.discard(item.extra["state_key"])

    def counter_item(self, item, number, code, by=None) -> None:
        if number:
            f = self.fire(number, code, [item], object=item, by=by or "-")
            with self.under(f):
                self._counter(item)
        else:
            self._counter(item)
        if number == "414.1" and isinstance(item, Card) and item.zone == "graveyard":   # not if replaced (419.6d)
            self.fire("401.7", "countered_to_graveyard", [item], object=item, by=by or "-")
        self.fire("414.2", "costs_not_refunded", [item], object=item)

    def _counter(self, item) -> None:
        if isinstance(item, Card):
            self.happen([Event("move", {"object": item, "to": "graveyard", "from": "stack", "reason": "counter"})])
        else:
            self.remove_from_stack(item)

    def cease(self, obj: Card) -> None:
        self.relocate(obj, "gone", new_object=False)
        obj.extra["gone"] = True

    def copy_spell(self, orig: Card, controller: str) -> Card:
        """A copy of a spell on the stack (401.1a): a spell with no card, put on the stack on top under
        `controller`, who owns it; it has the original's characteristics (its card's copiable values) and the
        choices made as the original was cast. Nobody casts it."""
        name = say("copy_name", name=orig.name)
        o = Card(self.new_id(f"{orig.id}.copy"), orig.card, controller, controller, "created", name,
                 timestamp=self.tick())
        o.extra["copy_of"] = orig.id
        self.objects[o.id] = o
        self.relocate(o, "stack", controller=controller)
        self.stack.append(o)
        o.cast = {**(orig.cast or {}), "controller": controller}
        return o

    def copy_not_cast(self, copy: Card) -> None:
        """401.1a: a copy put on the stack was not cast — each ability that triggers on casting such a spell is a
        near miss (a judge is asked whether it triggers)."""
        ev = Event("cast", {"object": copy, "player": copy.controller})
        for o in self.battlefield():
            ch = chars(self, o)
            for ab in ch.abilities:
                if ab.kind == "triggered" and ab.spec["when"]["event"] == "cast":
                    ok, _ = triggers.match(self, o, ch, ab.spec, ev, None)
                    if ok:
                        self.near_miss("401.1a", "copy_not_cast", [o, copy], ability=say("ability_of", source=o.name),
                                       source=o, object=copy)

    def create_token(self, cdef, controller: str, base: str, creator=None, owner: str | None = None) -> Card:
        """A token put into play under `controller`; its owner is the controller of the spell or ability that
        created it (200.4a), `owner` when given."""
        name = self._ordinal_name(cdef.name) if cdef.name in self._numbered else cdef.name
        owner = owner or controller
        o = Card(self.new_id(base), cdef, owner, controller, "created", name, token=True,
                 timestamp=self.tick())
        if creator is not None:
            o.extra["creator"] = creator.id          # 202.2b: "the Saproling Burst that created it"
        self.objects[o.id] = o
        self.happen([Event("move", {"object": o, "to": "battlefield", "from": "created", "reason": "token",
                                    "controller": controller})])
        if owner != controller and o.zone == "battlefield":
            self.fire("200.4a", "token_owner", [o], object=o, owner=owner, controller=controller)
        return o

    def remove_from_combat(self, o: Card) -> None:
        if o.attacking:
            self.set(o, "attacking", None)
        if o.blocking:
            self.set(o, "blocking", [])
        if o.blocked:
            self.set(o, "blocked", False)
        if o.blocked_by:
            self.set(o, "blocked_by", [])
        if o.band:
            self.set(o, "band", [])

    def attackers(self) -> list[Card]:
        return [o for o in self.battlefield() if o.attacking]

    def blockers(self) -> list[Card]:
        return [o for o in self.battlefield() if o.blocking]

    def possible_attackers(self):
        return combat.possible_attackers(self)

    def add_effect(self, e) -> None:
        self.effects.append(e)
        self.version += 1
        self.record(e.id, "effect", None, e.source_name)

    def add_shield(self, s) -> None:
        """A prevention or regeneration shield (419.6b, 419.7b–c): a continuous effect (419.1) the replacement
        step consults, recorded as it appears like any other effect (as WoW's add_shield)."""
        self.shields.append(s)
        self.version += 1
        self.record(s.id, "effect", None, s.source_name)

    def duration_holds(self, e) -> bool:
        kind, key = e.until
        o = self.objects.get(key[0])
        if o is None or o.key != key or o.zone != "battlefield":
            return False
        if kind == "while_tapped":
            return o.tapped
        if kind == "while_controlled":
            return o.controller == e.controller
        return True

    def count_effects(self, until: str) -> int:
        return sum(1 for e in self.effects if not e.ended and e.until == until) + \
            sum(1 for s in self.shields if not s.used and s.until == until)

    def end_effects(self, until: str) -> None:
        for e in self.effects:
            if not e.ended and e.until == until:
                self.set(e, "ended", True)
        for s in self.shields:
            if not s.used and s.until == until:
                self.set(s, "used", True)
        self.version += 1
        for o in self.battlefield():
            if o.controller != chars(self, o).controller:
                self.sync_control(o)

    def sync_control(self, o: Card) -> None:
        c = chars(self, o)
        if c.controller != o.controller:
            combat.leaves_combat(self, o, "why.combat_control_changed")
            self.set(o, "controller", c.controller)
            self.set(o, "sick", True)
            zones.attachments_keep_control(self, o)

    @rules.implements("102.3e", reasons={"win_and_lose": "player opponents"})
    def players_lose(self, losses: list) -> None:
        """Players lose at the same time. When every player still in the game is among them, each one's opponents
        all lose — he would win by that (102.2a) — while he loses too: a player who would win and lose at the same
        time loses (102.3e), so nobody wins (the game is drawn, 102.4a)."""
        left = self.in_game()
        losing = list(dict.fromkeys(p.name for p, _ in losses))
        if len(left) > 1 and {p.name for p in left} <= set(losing):
            seen = set()
            for p, f in losses:
                if p.name in seen:
                    continue
                seen.add(p.name)
                with self.under(f):
                    self.fire("102.3e", "win_and_lose", [p], player=p,
                              opponents="、".join(o.name for o in left if o is not p))
        super().players_lose(losses)

    def after_losses(self) -> None:
        """102.1: when a player wins or the game is a draw, the game ends at once (cited once, as it ends)."""
        was_over = self.over
        super().after_losses()
        if self.over and not was_over:
            won = [p for p in self.players if p.won]
            self.fire("102.1", "game_ends", won, outcome=say("outcome.win", player="、".join(p.name for p in won))
                      if won else say("outcome.draw"))
            start.ante_won(self)

    LOOP_PASSES = 400      # passes of one `pass_until: stack_empty` before the stack is called an unstoppable loop

    @rules.implements("421.4", reasons={"mandatory_loop": "items"})
    @rules.implements("102.4b", reasons={"loop_draw": "players"})
    def unstoppable_loop(self) -> bool:
        """421.4, 102.4b: a loop made only of mandatory actions — every player passed each time and the stack
        kept refilling with the same abilities, none of which asked anyone to choose — makes the game a draw."""
        items = list(dict.fromkeys(i.name for i in self.stack))
        self.fire("421.4", "mandatory_loop", [], items="、".join(items))
        self.fire("102.4b", "loop_draw", [], players=[p.name for p in self.in_game()])
        self.over = True
        self.fire("102.1", "game_ends", [], outcome=say("outcome.draw"))
        return True

    def concede(self, name: str) -> None:
        p = self.by_name[name]
        self.players_lose([(p, self.fire("102.3a", "conceded", [p], player=p))])

    # ------------------------------------------------------------------ characteristics as events (418.5a)
    @staticmethod
    def _key_chars(c):
        return (c.pt, tuple(c.colors), tuple(c.types), tuple(c.keywords))

    def _snapshot_chars(self) -> dict:
        cm = compute(self)
        here = {i: c for i, c in cm.items() if self.objects[i].zone == "battlefield"}
        self._statics_seen = {i: layers.static_keys(c) for i, c in here.items()}
        self._there_seen = set(here)
        self._lost_seen = {i: frozenset(r.eid for r in c.applied if r.kind == "lose_all") for i, c in here.items()}
        return {i: self._key_chars(c) for i, c in here.items()}

    def note_characteristics(self) -> None:
        cm = compute(self)
        seen = self._seen
        statics_seen = self._statics_seen
        was_there, now_there = self._there_seen, set(self.battlefield_ids())
        now, statics_now, lost_now = {}, {}, {}
        for i in self.battlefield_ids():
            c = cm[i]
            k = self._key_chars(c)
            now[i] = k
            statics_now[i] = layers.static_keys(c)
            old = seen.get(i)
            o = self.objects[i]
            lost = frozenset(r.eid for r in c.applied if r.kind == "lose_all")
            if lost:
                lost_now[i] = lost
            if old is not None and lost - self._lost_seen.get(i, frozenset()):     # 407.2: lost all abilities now
                layers.set_not_granted(self, o, c)
            if old is not None and statics_now[i] != statics_seen.get(i, frozenset()):
                layers.statics_moved(self, o, statics_seen.get(i, frozenset()), statics_now[i], was_there, now_there,
                                     cm)
            if old is None or old == k:
                continue
            multi: set = set()
            for idx, attr in enumerate(("pt", "colors", "types", "keywords")):
                if old[idx] == k[idx]:
                    continue
                b, a = old[idx], k[idx]
                if idx:
                    b, a = "、".join(b) if idx == 3 else "".join(b), "、".join(a) if idx == 3 else "".join(a)
                what = say(f"char.{attr}")
                detail = _layer_detail(c, attr)
                if attr == "pt" and a is None and TYPE.creature not in c.types:
                    detail = say("char.not_creature") + detail
                if attr == "keywords" and not (a and b):    # a judge says which ability: 灰熊 不再具有飞行
                    f = self.fire("418.5a", "keyword_gained" if a else "keyword_lost", [o], object=o,
                                  keywords="、".join(dict.fromkeys((a or b).split("、"))), detail=detail)
                elif not a:
                    f = self.fire("418.5a", "characteristic_lost", [o], object=o, what=what, before=b, detail=detail)
                elif not b:
                    f = self.fire("418.5a", "characteristic_gained", [o], object=o, what=what, after=a, detail=detail)
                else:
                    f = self.fire("418.5a", "characteristics_changed", [o], object=o, what=what, before=b, after=a,
                                  detail=detail)
                with self.under(f):
                    self.recorder.change(o.id, attr, b, a)
                    layers.cite(self, o, c, attr, printed_types=old[2], seen_multi=multi)
                    if o.attacking:
                        triggers.attack_trigger_too_late(self, o)
                    triggers.met_at_declaration_only(self, o)
            layers.reach(self, o, c)
        self._seen = now
        self._statics_seen = statics_now
        self._there_seen = now_there
        self._lost_seen = lost_now

    def rewound(self, step, error) -> None:
        """422.1 on every refusal; 422.2 when a spell or ability was rewound: who had priority has it again."""
        casting.cite_refusal(self, step, forbidding(error))
        super().rewound(step, error)
        declared = {"attack": "308.2", "block": "309.2"}.get(step.what)
        if declared:
            self.fire(declared, "declaration_rewound", [], rule=forbidding(error))
        if step.what in ("cast", "activate") and self.priority is not None:
            self.fire("422.2", "priority_returned", [self.priority], player=self.by_name[self.priority])

    # ------------------------------------------------------------------ core hooks
    def activate_for_payment(self, actor, sources) -> None:
        """Mana abilities a player activates while paying a cost that is not a spell's or an ability's (a cost to
        attack or block, 308.2e, 309.2c)."""
        casting.activate_mana_sources(self, actor, sources)

    def mana_ability_now(self, actor: str, obj) -> None:
        """A mana ability the player activates while paying on resolution (413.2e): it resolves at once."""
        key = next(a.key for a in chars(self, obj).abilities if a.kind == "mana")
        casting.do_activate(self, actor, activate=obj.id, ability=key, _paying=True)

    def begin_game(self, spec) -> None:
        start.start_game(self, spec)

    def awaiting_error(self, what, who):
        if what == STEP.declare_attackers:
            can = ", ".join(o.id for o in combat.possible_attackers(self))
            return EngineError(f"{what}: {who} must declare attackers first — add "
                               f"`{{as: {who}, attack: [...]}}` (creatures that can attack: {can or 'none'}; "
                               f"`attack: []` for none)")
        if what == STEP.declare_blockers:
            return EngineError(f"{what}: {who} must declare blockers first — add `{{as: {who}, block: {{blocker: "
                               f"attacker}}}}` (`block: {{}}` for none)")
        return super().awaiting_error(what, who)

    def declare_nothing(self, what, who, step, turn) -> bool:
        return combat.declare_nothing(self, what, who, step, turn)

    def check_state(self) -> bool:
        cm = compute(self)
        for o in self.battlefield():
            if o.controller != cm[o.id].controller:
                self.sync_control(o)
        combat.no_longer_creatures(self, cm)
        self.note_characteristics()
        effects.watch_durations(self)
        triggers.state_triggers(self)
        if sba.check(self):
            self.sba_step = self.recorder.step      # 408.1b: state-based effects first, then triggers
            return True
        return False

    def put_on_stack(self, t) -> None:
        below = self.stack[-1] if self.stack else None
        triggers.put_on_stack(self, t)
        if self.stack and self.stack[-1].id == t.id:
            zones.on_stack(self, self.stack[-1], below, self.objects.get(t.source))
            zones.instances(self, self.stack[-1], self.objects.get(t.source))

    def resolve(self, item) -> None:
        if isinstance(item, combat.CombatDamage):
            combat.resolve_combat_damage(self, item)
            return
        self.resolving, self.mid_resolution = item, {}
        try:
            resolve.resolve(self, item)
        finally:
            self.resolving = None
        sba.ignored_during_resolution(self, self.mid_resolution)

    def put_triggers(self) -> None:
        triggers.waited_for_priority(self, self.sba_step is self.recorder.step)
        super().put_triggers()

    def end_step(self) -> None:
        turn.end_step(self)

    def replacements(self, event):
        return events.candidates(self, event)

    def replacement_chooser(self, event, candidates):
        candidates = events.first_tier(self, event, candidates)
        who = events.affected(event)
        if isinstance(who, Player):
            name = who.name
        elif who is not None:
            name = chars(self, who).controller if who.zone == "battlefield" else who.owner
        else:
            name = self.active
        return name, candidates

    def choose_replacement(self, event, candidates):
        name, tier = self.replacement_chooser(event, candidates)
        same = events.interchangeable(tier)
        if same:            # identical effects: either order gives the same result; taken unasked, shown
            ids = [r.id for r in tier]
            ans = self.choose("replacement", self.event_subject(event), by=name, options=ids, sequence=True,
                              default=ids[0], why=say("replacement.identical", effect=tier[0].name, n=len(tier)))
            chosen = next(r for r in tier if r.id == ans)
        else:
            chosen = super().choose_replacement(event, candidates)
        if chosen.own:               # a self-replacement effect applies first, nobody chooses it (419.6d)
            events.self_first(self, event, chosen, candidates)
            return chosen
        name, _ = self.replacement_chooser(event, candidates)
        label = {c.id: (f"{c.name}({c.id})" if [x.name for x in candidates].count(c.name) > 1 else c.name)
                 for c in candidates}
        self.fire("419.9a", "replacement_chosen", [], player=self.by_name[name], effect=label[chosen.id],
                  options=[label[c.id] for c in candidates])
        zones.mover_chooses(self, event, self.by_name[name])
        return chosen

    def apply_replacement(self, effect, event):
        out = events.apply(self, effect, event)
        if event.kind == "damage" and not out:
            events.no_trigger(self, event, "event_prevented", self._would_trigger_on_damage(event))
        return out

    def replacement_already_applied(self, effect, event) -> None:
        events.applied_once(self, effect, event)

    def event_subject(self, event) -> str:
        a = events.affected(event)
        return a.name if isinstance(a, Player) else (a.id if a is not None else str(event.id))

    def perform(self, event) -> bool:
        if event.kind == "cast":
            done = events.perform(self, event)
            zones.cast_complete(self, event.data["object"])
            return done
        if event.kind == "move":
            if not zones.ante_zone_move(self, event):      # only ante cards move cards into or out of ante (217.9c)
                return False
            event.data["old_inc"] = event.data["object"].inc
            done = events.perform(self, event)
            event.data["new_inc"] = event.data["object"].inc      # the object it became there (410.10)
            return done
        return events.perform(self, event)

    def expand(self, event):
        return events.expand(self, event)

    def lookback(self, evs):
        if any(e.kind == "move" and e.data.get("from") == "battlefield" for e in evs):
            return (list(self.battlefield_ids()), compute(self))
        return None

    def collect_triggers(self, evs, snapshot) -> None:
        zones.together(self, evs)
        triggers.collect(self, evs, snapshot)
        if self.resolving is not None:              # 420.4: what the state-based effects would find meanwhile
            self.mid_resolution.update(sba.findings_now(self))

    def _would_trigger_on_damage(self, ev) -> list:
        """The triggered abilities in play that a damage event would have triggered (it was prevented)."""
        out = []
        for o in self.battlefield():
            ch = chars(self, o)
            for ab in ch.abilities:
                if ab.kind == "triggered" and ab.spec["when"]["event"] in ("deals_damage", "dealt_damage"):
                    ok, _ = triggers.match(self, o, ch, ab.spec, ev, None)
                    if ok:
                        out.append((o, ab))
        return out

    def end_of_step_state(self) -> dict:
        d = super().end_of_step_state()
        d["life"] = {p.name: p.life for p in self.players}
        return d

    # ------------------------------------------------------------------ scenario hooks
    def observe(self, obj) -> dict:
        """What an expectation can check about an object."""
        c = chars(self, obj)
        return {"pt": c.pt, "colors": list(c.colors), "types": list(c.types), "supertypes": list(c.supertypes),
                "subtypes": list(c.subtypes), "keywords": list(c.keywords),
                "controller": c.controller if obj.zone in ("battlefield", "stack") else obj.owner}

    def pool_text(self, name: str) -> str:
        p = self.by_name[name]
        return M.show(p.pool) if p.pool else ""

    @classmethod
    def display_value(cls, attr, value):
        if attr == "pool" and isinstance(value, dict):
            return M.show(value) if value else say("empty")
        if attr == "haunting" and isinstance(value, (tuple, list)):
            return value[0]          # the haunted creature's id, as 结附于 shows what an aura is attached to
        return None

    def normalize_pool(self, value) -> str:
        return M.show(M.parse_pool(value)) if value else ""


def printed_diffs(c, card) -> list[tuple[str, str | None, str | None]]:
    """(characteristic, printed value, actual value) for each characteristic of a permanent that continuous effects
    made differ from its card: power/toughness, colours, types, and its abilities (counted)."""
    printed_pt = f"{card.power}/{card.toughness}" if card.power is not None and TYPE.creature in card.types else None
    diffs = []
    if c.pt != printed_pt and c.pt is not None:
        diffs.append(("pt", printed_pt, c.pt))
    if list(c.colors) != list(card.colors):
        diffs.append(("colors", "".join(card.colors) or say("check.colorless"),
                      "".join(c.colors) or say("check.colorless")))
    if list(c.types) != list(card.types):
        diffs.append(("types", "".join(card.types), "".join(c.types)))
    if len(c.abilities) != len(card.abilities) or c.keywords != list(card.keywords):
        diffs.append(("abilities", say("char.n_abilities", n=len(card.abilities) + len(card.keywords)),
                      say("char.n_abilities", n=len(c.abilities) + len(c.keywords))))
    return diffs


def _char_value(label: str, value) -> str:
    """'力量/防御力 2/2', or '没有力量/防御力' when the object has none."""
    if value is None or value == "":
        return say("char.without", what=label)
    return say("char.value", what=label, value=value)


def _layer_detail(c, attr: str) -> str:
    """'（分类层：6b 巨人成长 +3/+3）', or nothing when no continuous effect sets that value now."""
    notes = describe_layers(c, attr)
    return say("layer.detail", notes=notes) if notes else ""


def _token_names(card) -> list[str]:
    """Names of the tokens a card's spell or abilities can create."""
    out: list[str] = []

    def walk(x):
        if isinstance(x, dict):
            t = x.get("token")
            if isinstance(t, dict) and (t.get("name") or t.get("subtypes")):
                out.append(str(t.get("name") or "".join(t["subtypes"])))     # unnamed: its creature types (216.1)
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(card.spell)
    for ab in card.abilities:
        walk(ab.spec)
    return out


rules.verify()
