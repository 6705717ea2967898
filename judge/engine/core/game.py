"""The game-agnostic engine: players, zones, priority, stack, events, choices, trace.

Like python-chess's `Board`, a game is a subclass that overrides a few named
hooks; the core never mentions a game's cards, steps or rule numbers:

==========================  ==================================================
hook                        what the game decides
==========================  ==================================================
`apnap()`                   order in which players act / get priority
`next_player(name)`         who gets priority after `name` passes
`check_state()`             state-based actions / pre-priority processing;
                            returns True if anything happened
`put_on_stack(trigger)`     announce a triggered ability (targets, …)
`resolve_top()`             what "resolve" means for the top of the stack
`end_step()`                everyone passed with an empty stack
`replacements(event)`       replacement/prevention effects that could apply
`replacement_chooser(...)`  who picks among several (and in which tier)
`apply_replacement(r, ev)`  the modified event(s)
`perform(event)`            carry an event out (returns False if it did nothing)
`lookback(events)`          snapshot for leaves-play triggers
`collect_triggers(events)`  triggered abilities that trigger on these events
`not_priority(name)`        the IllegalAction for acting without priority
`zone_key` / `zone_objects` which list a zone is, what a player sees in it
`STACK_ZONE`                what a zone change calls the stack (`push`,
                            `remove_from_stack` record it)
==========================  ==================================================

Every state change goes through `set()`, which records a `Change` on the
firing being applied and bumps `version` (games cache computed
characteristics on it). Every rule application goes through `fire()`, which
checks that the game declared that rule and reason code.
"""
from __future__ import annotations

from contextlib import contextmanager

from judge.engine.core.choices import Choices
from judge.engine.core.errors import EngineError, GameOver, IllegalAction, InvalidChoice, UnusedChoice
from judge.engine.core.objects import Event, Obj, PendingTrigger, Player
from judge.engine.core.registry import RuleRegistry
from judge.engine.core.trace import Change, ChoiceMade, Firing, NearMiss, Ref, Step, Trace

SETTLE_LIMIT = 200       # rounds of state checks + triggers before we call it a loop
PASS_LIMIT = 5000        # passes one `pass_until` / `advance` may take


def _ref(v):
    if isinstance(v, (Obj, Player)) or hasattr(v, "ref"):
        return v.ref
    if isinstance(v, (list, tuple)):
        return [_ref(x) for x in v]
    return v


class Game:
    """Base class. Subclasses set `rules`, `book`, and implement the hooks above."""

    game = "core"
    book = ""
    rules: RuleRegistry

    # action kind → method; games extend (`ACTIONS = Game.ACTIONS | {...}`)
    ACTIONS = {"pass": "do_pass", "pass_until": "do_pass_until", "advance": "do_advance",
               "concede": "do_concede"}

    def __init__(self):
        self.players: list[Player] = []
        self.by_name: dict[str, Player] = {}
        self.objects: dict[str, Obj] = {}
        self.zones: dict[tuple, list[str]] = {}
        self.stack: list = []            # bottom → top
        self.active = ""
        self.priority: str | None = None
        self.step = ""
        self.turn = 1
        self.passes = 0
        self.pending: list[PendingTrigger] = []
        self.awaiting: tuple | None = None   # (what, player) the game is paused for
        self.over = False
        self.version = 0
        self.clock = 0                   # timestamps
        self.trace = Trace(self.game, self.book)
        self._step: Step | None = None
        self._fstack: list[Firing] = []
        self._choices = Choices()
        self._ids: set[str] = set()
        self._rid: dict[str, str] = {}
        self._action_line: int | None = None
        self._nm_seen: set = set()
        self._journal: list = []         # undo log of the current action (IllegalAction rewinds it)
        self._touch: dict[str, str] = {}   # object id / player → id of the last firing that involved it
        self.begun: list[tuple[int, str]] = []   # (turn, step) of every step that began, in order
        self.item_names: dict[str, str] = {}     # id → name of every ability that was on the stack

    # ------------------------------------------------------------------ ids, time
    def new_id(self, base: str) -> str:
        """A stable, readable id: `base`, then `base#2`, `base#3`… (deterministic)."""
        if base not in self._ids:
            self._ids.add(base)
            return base
        n = 2
        while f"{base}#{n}" in self._ids:
            n += 1
        nid = f"{base}#{n}"
        self._ids.add(nid)
        return nid

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    # ------------------------------------------------------------------ players
    def player(self, name: str) -> Player:
        return self.by_name[name]

    def seat(self, p: Player) -> Player:
        """A player joins the game, after those already seated (board loading)."""
        self.players.append(p)
        self.by_name[p.name] = p
        return p

    def in_game(self) -> list[Player]:
        return [p for p in self.players if not p.lost]

    def apnap(self) -> list[str]:
        """Active player first, then the others in seat order (MTG 103.4; WoW turn order)."""
        names = [p.name for p in self.in_game()]
        if self.active not in names:
            return names
        i = names.index(self.active)
        return names[i:] + names[:i]

    def next_player(self, name: str) -> str:
        names = [p.name for p in self.players if not p.lost or p.name == name]
        i = names.index(name)
        for k in range(1, len(names) + 1):
            cand = names[(i + k) % len(names)]
            if not self.by_name[cand].lost:
                return cand
        return name

    # ------------------------------------------------------------------ zones
    def zone_key(self, owner: str, controller: str, zone: str) -> tuple:
        """Which list an object in `zone` lives in. Default: every zone is per owner."""
        return (owner, zone)

    def zone_list(self, key: tuple) -> list[str]:
        lst = self.zones.get(key)
        if lst is None:
            lst = self.zones[key] = []
        return lst

    def in_zone(self, key: tuple) -> list[Obj]:
        objs = self.objects
        return [objs[i] for i in self.zones.get(key, ())]

    def place(self, obj: Obj, *, top: bool = False) -> None:
        """Put a new object into its zone without any event (board loading)."""
        self.objects[obj.id] = obj
        self._ids.add(obj.id)
        lst = self.zone_list(self.zone_key(obj.owner, obj.controller, obj.zone))
        if top:
            lst.insert(0, obj.id)
        else:
            lst.append(obj.id)
        self.version += 1

    def relocate(self, obj: Obj, zone: str, *, controller: str | None = None, top: bool = True,
                 new_object: bool = True) -> None:
        """Move an object between zone lists and record the change; a new object unless told otherwise."""
        old_key = self.zone_key(obj.owner, obj.controller, obj.zone)
        lst = self.zones.get(old_key)
        idx = -1
        if lst is not None and obj.id in lst:
            idx = lst.index(obj.id)
            del lst[idx]
        self._journal.append(("move", obj, old_key, idx, obj.zone, obj.inc, obj.timestamp))
        before = obj.zone
        if controller is not None and controller != obj.controller:
            self.set(obj, "controller", controller)
        obj.zone = zone
        if new_object:
            obj.inc += 1
            obj.timestamp = self.tick()
        key = self.zone_key(obj.owner, obj.controller, zone)
        dest = self.zone_list(key)
        if top and self.top_is_first(zone):
            dest.insert(0, obj.id)
        else:
            dest.append(obj.id)
        self._journal.append(("placed", obj, key))
        self.record(obj.id, "zone", before, zone)

    def top_is_first(self, zone: str) -> bool:
        """Zones whose list is kept top-first (a library); others append on top."""
        return False

    def zone_objects(self, player: str | None, zone: str) -> list:
        """The objects in one of `player`'s zones (games refine: a shared zone seen per controller)."""
        return self.in_zone(self.zone_key(player, player, zone))

    # ------------------------------------------------------------------ the stack
    STACK_ZONE = "stack"     # what the game calls the stack in a zone change (`stack`, a chain…)

    def push(self, item) -> None:
        """Put an ability (an object with no card) on top of the stack."""
        self.item_names[item.id] = item.name
        self.stack.append(item)
        self._ids.add(item.id)
        self.record(item.id, "zone", None, self.STACK_ZONE)

    def remove_from_stack(self, item) -> None:
        if item in self.stack:
            self.stack.remove(item)
            self.record(item.id, "zone", self.STACK_ZONE, None)

    # ------------------------------------------------------------------ trace
    def begin_step(self, kind: str, what: str, data: dict | None = None) -> Step:
        prev = self._step
        if prev is not None and not prev.after and prev.kind == "event":
            prev.after = self.end_of_step_state()
        step = Step(len(self.trace.steps), kind, what, data or {}, self._action_line)
        self.trace.steps.append(step)
        self._step = step
        return step

    def end_of_step_state(self) -> dict:
        """What the trace shows after each step (games extend)."""
        top_first = [s.id for s in reversed(self.stack)]
        return {"turn": self.turn, "active": self.active, "step": self.step, "priority": self.priority,
                "stack": top_first}

    def rid(self, number: str) -> str:
        r = self._rid.get(number)
        if r is None:
            r = self._rid[number] = f"{self.game}:{number}"
        return r

    def _next_id(self) -> str:
        s = self._step
        return f"{s.index}.{len(s.firings) + len(s.near_misses) + 1}"

    def fire(self, number: str, reason: str, _objs=(), caused_by: str | None = "", **fields) -> Firing:
        """Record one application of rule `number`; changes made `under()` it are attached to it."""
        entry = self.rules.entries.get(number)
        if entry is None or reason not in entry.reasons:
            raise EngineError(f"engine bug: {self.game}:{number} fired with undeclared reason {reason!r}")
        if caused_by == "":
            caused_by = self._fstack[-1].id if self._fstack else None
        f = Firing(self._next_id(), self.rid(number), reason, {k: _ref(v) for k, v in fields.items()},
                   [o if isinstance(o, str) else o.id for o in _objs], [], caused_by)
        self._step.firings.append(f)
        for o in f.objects:
            self._touch[o] = f.id
        return f

    def near_miss(self, number: str, reason: str, _objs=(), caused_by: str | None = "", once=None,
                  **fields) -> NearMiss | None:
        """Record a "why not": the rule that was checked and what failed. `once` dedupes."""
        if once is not None:
            if once in self._nm_seen:
                return None
            self._nm_seen.add(once)
        entry = self.rules.entries.get(number)
        if entry is None or reason not in entry.reasons:
            raise EngineError(f"engine bug: {self.game}:{number} near miss with undeclared reason {reason!r}")
        if caused_by == "":
            caused_by = self._fstack[-1].id if self._fstack else None
        n = NearMiss(self._next_id(), self.rid(number), reason, {k: _ref(v) for k, v in fields.items()},
                     [o if isinstance(o, str) else o.id for o in _objs], caused_by)
        self._step.near_misses.append(n)
        return n

    @contextmanager
    def under(self, firing: Firing):
        """Attribute the state changes made inside to `firing`."""
        self._fstack.append(firing)
        try:
            yield firing
        finally:
            self._fstack.pop()

    def applying(self, number: str, reason: str, _objs=(), **fields):
        """`with game.applying("420.5c", "lethal_damage", ...):` = fire + under."""
        return self.under(self.fire(number, reason, _objs, **fields))

    def current_firing(self) -> Firing | None:
        return self._fstack[-1] if self._fstack else None

    # attributes whose changes never change characteristics (games cache characteristics on `version`)
    UNVERSIONED: frozenset = frozenset()

    def record(self, subject: str, attr: str, before, after) -> None:
        if attr not in self.UNVERSIONED:
            self.version += 1
        if self._fstack:
            f = self._fstack[-1]
            f.changes.append(Change(subject, attr, before, after))
            self._touch[subject] = f.id

    def cause_of(self, subject) -> str | None:
        """The last firing that changed or involved this object or player: what a state check was caused by."""
        return self._touch.get(subject if isinstance(subject, str) else subject.id)

    def set(self, target, attr: str, value) -> None:
        """Change one attribute of an object or player, recorded on the current firing."""
        before = getattr(target, attr)
        if isinstance(before, dict):
            before = dict(before)
        if before == value and type(before) is type(value):
            return
        self._journal.append(("set", target, attr, getattr(target, attr)))
        setattr(target, attr, value)
        self.record(target.id, attr, before, dict(value) if isinstance(value, dict) else value)

    # ------------------------------------------------------------------ choices
    def choose(self, kind: str, subject: str, *, by: str | None = None, options: list | None = None,
               legal=None, auto: bool = True, hint: str = "", rule: str | None = None, sequence: bool = False):
        """A player's decision, from the scenario's `choices`. With `rule`, an illegal answer is the engine
        refusing the action under that rule (so a scenario can expect `rejected: RULE`)."""
        try:
            answer, was_auto = self._choices.need(kind, subject, options=options, by=by, legal=legal, auto=auto,
                                                  hint=hint, sequence=sequence)
        except InvalidChoice as e:
            if rule is None:
                raise
            raise IllegalAction(self.rid(rule), "invalid_choice", {"player": by, "choice": kind,
                                                                    "answer": str(e.answer)}, e.message) from None
        if self._step is not None:
            self._step.choices.append(ChoiceMade(kind, subject, answer, by, was_auto))
        return answer

    # ------------------------------------------------------------------ actions
    def act(self, kind: str, actor: str | None, args: dict, choices: dict | None = None,
            line: int | None = None) -> Step:
        """Perform one scenario action as its own trace step; rewinds nothing (see `IllegalAction`)."""
        if self.over:
            raise GameOver("the game is over; no more actions can be taken")
        meth = self.ACTIONS.get(kind)
        if meth is None:
            raise EngineError(f"unknown action {kind!r} for {self.game}")
        self._action_line = line
        self._choices = Choices(choices)
        self._journal = []
        saved = self.save_lists()
        n_steps = len(self.trace.steps)
        step = self.begin_step("action", kind, {"actor": actor, **{k: v for k, v in args.items()
                                                                     if v is not None}})
        try:
            getattr(self, meth)(actor, **args)
        except IllegalAction:
            self.rewind(saved, n_steps, step)
            self._choices = Choices()
            raise
        unused = self._choices.unused()
        self._choices = Choices()
        if unused:
            raise UnusedChoice(unused)
        self.close_step()
        return step

    # ------------------------------------------------------------------ rewinding (MTG 422, WoW 707.2)
    LISTS = ("stack", "pending", "begun")
    SCALARS = ("active", "priority", "step", "turn", "passes", "awaiting", "over", "clock")

    def save_lists(self) -> dict:
        d = {name: list(getattr(self, name)) for name in self.LISTS}
        d.update({name: getattr(self, name) for name in self.SCALARS})
        d["_ids"] = set(self._ids)
        return d

    def rewind(self, saved: dict, n_steps: int, step: Step) -> None:
        """Undo everything the current action did: the game is as if it was never attempted."""
        for entry in reversed(self._journal):
            if entry[0] == "set":
                _, target, attr, before = entry
                setattr(target, attr, before)
            elif entry[0] == "placed":
                _, obj, key = entry
                lst = self.zones.get(key)
                if lst is not None and obj.id in lst:
                    lst.remove(obj.id)
            elif entry[0] == "move":
                _, obj, old_key, idx, zone, inc, ts = entry
                obj.zone, obj.inc, obj.timestamp = zone, inc, ts
                lst = self.zone_list(old_key)
                if idx >= 0:
                    lst.insert(min(idx, len(lst)), obj.id)
        self._journal = []
        for name, v in saved.items():
            if name == "_ids":
                self._ids = v
            else:
                setattr(self, name, v)
        del self.trace.steps[n_steps + 1:]
        step.firings.clear()
        step.near_misses.clear()
        step.choices.clear()
        self._step = step
        self._fstack.clear()
        self.version += 1

    def close_step(self) -> None:
        steps = self.trace.steps
        for i in range(len(steps) - 1, -1, -1):
            if steps[i].after:
                break
            steps[i].after = self.end_of_step_state()

    def require_priority(self, actor: str | None) -> str:
        if self.awaiting:
            what, who = self.awaiting
            raise self.awaiting_error(what, who)
        if actor is None:
            actor = self.priority
        if actor != self.priority:
            raise self.not_priority(actor)
        return actor

    def do_pass(self, actor, **_):
        actor = self.require_priority(actor)
        self.pass_priority(actor)

    def do_pass_until(self, actor, until=None, **_):
        """Everyone passes in turn until the condition holds (`stack_empty`, or a step name)."""
        if until in (None, "stack_empty"):
            if not self.stack:
                raise EngineError("pass_until: stack_empty with an empty stack would end the step; "
                                  "use `advance:` to move to another step")
            for _ in range(PASS_LIMIT):
                if not self.stack or self.over:
                    return
                self.require_priority(None)
                self.pass_priority(self.priority)
            raise EngineError("pass_until: the stack never emptied (a loop?)")
        self.do_advance(actor, step=until)

    def do_advance(self, actor, step=None, turn=None, **_):
        """Everyone passes until step `step` begins (of turn `turn` if given).

        Stops as soon as that step has begun, even if it ended at once (a
        declare-attackers step with no possible attacker); raises if the game
        waits for a declaration on the way.
        """
        target = self.canonical_step(step)
        start_turn = self.turn
        for _ in range(PASS_LIMIT):
            if self.over:
                return
            if self.awaiting:
                what, who = self.awaiting
                raise self.awaiting_error(what, who)
            mark = len(self.begun)
            self.pass_priority(self.priority)
            for t, s in self.begun[mark:]:
                if s == target and (turn is None or t == turn):
                    return
            if turn is None and self.turn > start_turn + 2:
                break
        raise EngineError(f"advance: never reached step {step!r}" + (f" of turn {turn}" if turn else ""))

    def step_begun(self, step: str) -> None:
        """Games call this when a step or phase begins (`advance:` stops there)."""
        self.begun.append((self.turn, step))

    def enter_step(self, step: str) -> Player:
        """A step begins: nobody has priority yet, the trace shows it, `advance:` may stop here.
        Returns the active player, who acts first in it."""
        self.step = step
        self.priority = None
        self.passes = 0
        self.begin_step("event", "step_begins", {"step": step, "turn": self.turn, "active": self.active})
        self.step_begun(step)
        return self.by_name[self.active]

    def do_concede(self, actor, **_):
        self.concede(actor)

    def players_lose(self, losses: list) -> None:
        """Players lose, each under the firing that says why, and no longer hold priority; then the game
        decides whether it is over (`after_losses`)."""
        for p, f in losses:
            with self.under(f):
                self.set(p, "lost", True)
                if p.name == self.priority:
                    self.priority = None
        if losses:
            self.after_losses()

    # ------------------------------------------------------------------ priority
    def give_priority(self, name: str) -> None:
        self.before_priority()
        if not self.over:
            self.priority = name

    def before_priority(self) -> None:
        """State checks until none apply, then pending triggers onto the stack; repeat (MTG 408.1b, WoW 708.1)."""
        for _ in range(SETTLE_LIMIT):
            if self.over:
                return
            if self.check_state():
                continue
            if self.pending:
                self.put_triggers()
                continue
            return
        raise EngineError("state-based checks and triggers did not settle (a mandatory loop?)")

    def pass_priority(self, name: str) -> None:
        self.passes += 1
        if self.passes >= len(self.in_game()):
            self.passes = 0
            if self.stack:
                self.resolve_top()
            else:
                self.end_step()
        else:
            self.give_priority(self.next_player(name))

    def took_action(self, name: str) -> None:
        """After a player adds to the stack or takes a special action, they get priority again."""
        self.passes = 0
        self.give_priority(name)

    # ------------------------------------------------------------------ triggers
    def put_triggers(self) -> None:
        """Pending triggers go on the stack: each player's in the order they choose, players in APNAP order."""
        pending, self.pending = self.pending, []
        by_player: dict[str, list[PendingTrigger]] = {}
        for t in pending:
            by_player.setdefault(t.controller, []).append(t)
        for name in self.trigger_player_order():
            group = by_player.pop(name, [])
            if not group:
                continue
            group = self.order_group(name, group)
            for t in group:
                self.put_on_stack(t)
        # what is left in by_player belongs to controllers who left the game: those triggers cease
        self.passes = 0

    def trigger_player_order(self) -> list[str]:
        return self.apnap()

    def order_group(self, name: str, group: list[PendingTrigger]) -> list[PendingTrigger]:
        if len(group) == 1 or self.indistinguishable(group):
            return group
        ids = [t.id for t in group]

        def legal(ans):
            if not isinstance(ans, list) or sorted(map(str, ans)) != sorted(ids):
                return f"must list each of {', '.join(ids)} exactly once"
            return None

        ans = self.choose("order", name, by=name, options=ids, legal=legal, auto=False,
                          hint="list them in the order they are put on the stack (first = bottom)")
        pos = {str(a): i for i, a in enumerate(ans)}
        return sorted(group, key=lambda t: pos[t.id])

    def indistinguishable(self, group: list[PendingTrigger]) -> bool:
        """Triggers whose order cannot matter (same ability of the same source): no order choice needed."""
        first = group[0]
        return all(t.source == first.source and t.ability is first.ability for t in group)

    # ------------------------------------------------------------------ events and replacement
    def happen(self, events: list[Event]) -> list[Event]:
        """Carry out events that happen simultaneously: replace each, perform all, then look for triggers."""
        final: list[Event] = []
        for ev in events:
            if self._fstack:
                if ev.cause is None:
                    ev.cause = self._fstack[-1].id
                if ev.firing is None:
                    ev.firing = self._fstack[-1]
            final.extend(self._expand(self.replace(ev)))
        snap = self.lookback(final)
        done = []
        for ev in final:
            f = ev.firing
            if f is not None and (not self._fstack or self._fstack[-1] is not f):
                self._fstack.append(f)
                try:
                    ok = self.perform(ev)
                finally:
                    self._fstack.pop()
            else:
                ok = self.perform(ev)
            if ok:
                done.append(ev)
        if done:
            self.collect_triggers(done, snap)
        return done

    def happen_under(self, firing: Firing, kind: str, *data: dict) -> list[Event]:
        """Events of one kind that apply `firing` (their changes are recorded on it), happening together."""
        with self.under(firing):
            return self.happen([Event(kind, d, firing.id, firing=firing) for d in data])

    def _expand(self, events: list[Event], depth: int = 0) -> list[Event]:
        """Events that are defined as other events (MTG: destroy = put into the graveyard) are
        rewritten, and the rewritten events get their own chance to be replaced."""
        out: list[Event] = []
        for ev in events:
            sub = self.expand(ev)
            if sub is None:
                out.append(ev)
                continue
            if depth > 20:
                raise EngineError("event expansion did not settle")
            for s in sub:
                if s.firing is None:
                    s.firing = ev.firing
                if s.cause is None:
                    s.cause = ev.cause
            out.extend(self._expand([e for s in sub for e in self.replace(s)], depth + 1))
        return out

    def replace(self, event: Event) -> list[Event]:
        """Apply replacement/prevention effects, each at most once per event, until none applies."""
        out: list[Event] = []
        work = [event]
        guard = 0
        while work:
            guard += 1
            if guard > 1000:
                raise EngineError("replacement effects did not settle")
            ev = work.pop(0)
            cands = self.replacements(ev)
            fresh = []
            for r in cands:
                if r.id in ev.applied:
                    self.replacement_already_applied(r, ev)
                else:
                    fresh.append(r)
            if not fresh:
                out.append(ev)
                continue
            chosen = fresh[0] if len(fresh) == 1 else self.choose_replacement(ev, fresh)
            new = self.apply_replacement(chosen, ev)
            for ne in new:
                ne.applied = ev.applied | {chosen.id}
                ne.root = ev.root
            work[0:0] = new
        return out

    def choose_replacement(self, event: Event, candidates: list):
        chooser, tier = self.replacement_chooser(event, candidates)
        if len(tier) == 1:
            return tier[0]
        ids = [r.id for r in tier]
        subject = self.event_subject(event)
        ans = self.choose("replacement", subject, by=chooser, options=ids, sequence=True,
                          hint="several choices for one event: a list, one item per choice, in order")
        return next(r for r in tier if r.id == ans)

    # ------------------------------------------------------------------ scenario hooks (override)
    STEPS: tuple = ()
    ZONES: tuple = ()

    @classmethod
    def scenario_cards(cls, sf, errors: list) -> dict:
        """Card definitions available to a scenario (library files + inline definitions)."""
        raise NotImplementedError

    @classmethod
    def build(cls, sf, variant=None) -> "Game":
        """A game loaded with the scenario's board (no events); the load is trace step 0."""
        raise NotImplementedError

    @classmethod
    def step_name(cls, step) -> str | None:
        return step if step in cls.STEPS else None

    def observe(self, obj) -> dict:
        return {}

    def pool_text(self, name: str) -> str:
        return ""

    @classmethod
    def display_value(cls, attr: str, value):
        """How a changed value is shown to a judge (None: the default rendering)."""
        return None

    def normalize_pool(self, value) -> str:
        """An expectation's pool value in the same notation as `pool_text`."""
        return str(value or "")

    def zone_ids(self, player: str | None, zone: str) -> list[str]:
        """Ids in a zone as an expectation names them (`stack`: top first)."""
        if zone == "stack":
            return [s.id for s in reversed(self.stack)]
        return [o.id for o in self.zone_objects(player, zone)]

    # ------------------------------------------------------------------ hooks (override)
    def canonical_step(self, step):
        return step

    def awaiting_error(self, what: str, who: str) -> EngineError:
        return EngineError(f"the game is waiting for {who} to {what}")

    def not_priority(self, name) -> IllegalAction:
        return IllegalAction(f"{self.game}:?", "not_priority", {"player": name},
                             f"{name} does not have priority ({self.priority} has)")

    def check_state(self) -> bool:
        return False

    def put_on_stack(self, trigger: PendingTrigger) -> None:
        raise NotImplementedError

    def resolve_top(self) -> None:
        raise NotImplementedError

    def end_step(self) -> None:
        raise NotImplementedError

    def concede(self, name: str) -> None:
        raise NotImplementedError

    def after_losses(self) -> None:
        """After players lost: the winner, a drawn game, or who is active now."""

    def replacements(self, event: Event) -> list:
        return []

    def replacement_chooser(self, event: Event, candidates: list) -> tuple[str, list]:
        return self.active, candidates

    def apply_replacement(self, effect, event: Event) -> list[Event]:
        raise NotImplementedError

    def replacement_already_applied(self, effect, event: Event) -> None:
        pass

    def event_subject(self, event: Event) -> str:
        return str(event.id)

    def perform(self, event: Event) -> bool:
        raise NotImplementedError

    def expand(self, event: Event) -> list[Event] | None:
        return None

    def lookback(self, events: list[Event]):
        return None

    def collect_triggers(self, events: list[Event], snapshot) -> None:
        pass


__all__ = ["Game", "Ref"]
