"""`Game`: the state of one game, the parts that run it, and the hooks through which a game's rules plug in.

The state is plain attributes (players, objects, zone lists, the stack, whose turn and step, who has
priority, pending triggers). Five parts, each with one job, do the work; `Game` composes them:

- `recorder` (`core.record.Recorder`): the trace — steps, rule firings, near misses, state changes;
- `journal` (`core.rewind.Journal`): undoing an action the rules refuse;
- `chooser` (`core.choices.Chooser`): the players' decisions, strictly from the scenario;
- `priority_loop` (`core.priority.Priority`): the turn and priority loop, with the stack;
- `events` (`core.events.Events`): events, replacement effects and triggers onto the stack.

Rule code calls the game's verbs (`game.fire(…)`, `game.set(…)`, `game.happen(…)`, `game.choose(…)`,
`game.give_priority(…)`…): each is the bound method of the part that owns it (`VERBS`), so a game
cannot override one by accident. What a game decides goes through the hooks listed in the engine's
module docstring (`judge.engine`, `HOOKS` below); the core never names a game's cards, steps or rules.
"""
from __future__ import annotations

import difflib
from functools import partial

from judge.engine.core.choices import Chooser
from judge.engine.core.errors import EngineError, GameOver, IllegalAction
from judge.engine.core.events import Events
from judge.engine.core.objects import Event, Obj, Objects, PendingTrigger, Player
from judge.engine.core.priority import Priority
from judge.engine.core.record import Recorder, ref_of
from judge.engine.core.registry import RuleRegistry
from judge.engine.core.rewind import Journal
from judge.engine.core.trace import Firing, Ref
from judge.engine.reasons import phrases
from judge.engine.core.zones import Zone, can_see

# the verbs rule code uses, by the part that owns them (bound on each game: no extra call on the hot path)
VERBS = {
    "recorder": ("begin_step", "close_step", "rid", "fire", "near_miss", "under", "applying", "current_firing",
                 "cause_of", "illegal", "unnumbered", "illegal_unnumbered"),
    "priority_loop": ("require_priority", "give_priority", "before_priority", "pass_priority", "took_action",
                 "enter_step"),
    "events": ("happen", "happen_under"),
}

# what a game decides (`judge.engine`'s docstring says what each one means); the rest of `Game` is fixed
HOOKS = ("end_step", "check_state", "resolve", "collect_triggers", "put_on_stack", "perform", "expand",
         "replacements", "apply_replacement", "lookback", "concede", "after_losses", "build", "scenario_cards")
REFINEMENTS = ("apnap", "next_player", "canonical_step", "zone_objects", "put_triggers", "indistinguishable",
               "replacement_chooser", "choose_replacement", "replacement_already_applied", "event_subject",
               "not_priority", "awaiting_error", "choice_words", "end_of_step_state", "observe", "pool_text",
               "normalize_pool", "display_value", "rewound", "declare_nothing")


class Game:
    """Base class. A game sets `game`, `book`, `rules` and its data (`ZONE_SPECS`, `STEPS`…) and implements `HOOKS`."""

    game = "core"
    book = ""
    rules: RuleRegistry

    # action kind → a method's name, or a function (game, actor, **args) of a rule module; games extend
    # (`ACTIONS = Game.ACTIONS | {"cast": casting.do_cast}`)
    ACTIONS = {"pass": "do_pass", "pass_until": "do_pass_until", "advance": "do_advance",
               "concede": "do_concede"}
    # state an action may change without going through `set` (restored by a rewind); games extend
    REWOUND = ("stack", "pending", "begun", "active", "priority", "step", "turn", "passes", "awaiting", "over",
               "clock")
    ZONE_SPECS: dict[str, Zone] = {}       # zones that are shared, kept top first, or not public
    STACK_ZONE = "stack"     # what the game calls the stack in a zone change (`stack`, a chain…)
    STEPS: tuple = ()        # the game's steps, as its book names them
    ZONES: tuple = ()        # the zones a scenario's board may place cards in
    # the rule that rewinds an action the rules refuse (MTG 422.1, WoW 707.2): cited beside every refusal
    REWIND_RULE = ""
    # kind of choice → the rule an illegal answer of that kind breaks, when the code asking names none
    CHOICE_RULES: dict[str, str] = {}
    # attributes whose changes never change characteristics (games cache characteristics on `version`)
    UNVERSIONED: frozenset = frozenset()

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        clash = [v for names in VERBS.values() for v in names if v in cls.__dict__]
        if clash:
            raise TypeError(f"{cls.__name__} defines {', '.join(clash)}: verbs of the core, not hooks")
        cls._shared = frozenset(z for z, s in cls.ZONE_SPECS.items() if s.shared)
        cls._top_first = frozenset(z for z, s in cls.ZONE_SPECS.items() if s.top_first)

    _shared: frozenset = frozenset()
    _top_first: frozenset = frozenset()

    def __init__(self):
        self.players: list[Player] = []
        self.by_name: dict[str, Player] = {}
        self.objects: Objects = Objects()
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
        self.ids: set[str] = set()
        self.begun: list[tuple[int, str]] = []   # (turn, step) of every step that began, in order
        self.item_names: dict[str, str] = {}     # id → name of every ability that was on the stack
        self.recorder = Recorder(self)
        self.journal = Journal(self, self.REWOUND)
        self.chooser = Chooser(self)
        self.priority_loop = Priority(self)
        self.events = Events(self)
        for part, names in VERBS.items():
            owner = getattr(self, part)
            for name in names:
                setattr(self, name, getattr(owner, name))

    @property
    def trace(self):
        return self.recorder.trace

    # ------------------------------------------------------------------ ids, time
    def new_id(self, base: str) -> str:
        """A stable, readable id: `base`, then `base#2`, `base#3`… (deterministic)."""
        if base not in self.ids:
            self.ids.add(base)
            return base
        n = 2
        while f"{base}#{n}" in self.ids:
            n += 1
        nid = f"{base}#{n}"
        self.ids.add(nid)
        return nid

    def alias(self, obj_id: str, base: str) -> str:
        """Let object `obj_id` also answer to `base` (then `base#2`…, like `new_id`); the alias given."""
        alt = self.new_id(base)
        self.objects.aliases[alt] = obj_id
        return alt

    def ids_like(self, oid) -> str:
        """What a scenario could have meant by an id that names no object: the tokens the game created, each
        with its other names, and ids that look alike ('' when there is nothing to suggest)."""
        other: dict[str, list[str]] = {}
        for a, i in self.objects.aliases.items():
            other.setdefault(i, []).append(a)
        made = [" = ".join([o.id, *other.get(o.id, [])]) for o in self.objects.values() if o.token]
        close = difflib.get_close_matches(str(oid), list(self.objects) + list(self.objects.aliases), n=3)
        parts = []
        if made:
            parts.append("created in the game: " + ", ".join(made))
        if close:
            parts.append("close: " + ", ".join(close))
        return "; ".join(parts)

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

    # ------------------------------------------------------------------ zones
    def zone_key(self, owner: str, controller: str, zone: str) -> tuple:
        """Which list an object in `zone` lives in: the shared one, or its owner's."""
        return (None, zone) if zone in self._shared else (owner, zone)

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
        self.ids.add(obj.id)
        lst = self.zone_list(self.zone_key(obj.owner, obj.controller, obj.zone))
        if top:
            lst.insert(0, obj.id)
        else:
            lst.append(obj.id)
        self.version += 1

    def add_object(self, obj: Obj) -> None:
        """A new object that is in no zone list yet (a token or a copy about to be put somewhere)."""
        self.objects[obj.id] = obj
        self.ids.add(obj.id)

    def relocate(self, obj: Obj, zone: str, *, controller: str | None = None, top: bool = True,
                 new_object: bool = True) -> None:
        """Move an object between zone lists and record the change; a new object unless told otherwise."""
        old_key = self.zone_key(obj.owner, obj.controller, obj.zone)
        lst = self.zones.get(old_key)
        idx = -1
        if lst is not None and obj.id in lst:
            idx = lst.index(obj.id)
            del lst[idx]
        self.journal.moved(obj, old_key, idx)
        before = obj.zone
        if controller is not None and controller != obj.controller:
            self.set(obj, "controller", controller)
        obj.zone = zone
        if new_object:
            obj.inc += 1
            obj.timestamp = self.tick()
        key = self.zone_key(obj.owner, obj.controller, zone)
        dest = self.zone_list(key)
        if top and zone in self._top_first:
            dest.insert(0, obj.id)
        else:
            dest.append(obj.id)
        self.journal.placed(obj, key)
        self.record(obj.id, "zone", before, zone)

    def visible_to(self, obj, player: str) -> bool:
        """Whether `player` may see the face of `obj` where it is (its zone's visibility; face down)."""
        return can_see(self.ZONE_SPECS.get(obj.zone), obj, player)

    # ------------------------------------------------------------------ the stack
    def push(self, item) -> None:
        """Put an ability (an object with no card) on top of the stack."""
        self.item_names[item.id] = item.name
        self.stack.append(item)
        self.ids.add(item.id)
        self.record(item.id, "zone", None, self.STACK_ZONE)

    def remove_from_stack(self, item) -> None:
        if item in self.stack:
            self.stack.remove(item)
            self.record(item.id, "zone", self.STACK_ZONE, None)

    # ------------------------------------------------------------------ state changes
    def record(self, subject: str, attr: str, before, after) -> None:
        """A state change: characteristics may have changed (`version`), and the trace shows it."""
        if attr not in self.UNVERSIONED:
            self.version += 1
        self.recorder.change(subject, attr, before, after)

    def set(self, target, attr: str, value) -> None:
        """Change one attribute of an object or player, undoably, recorded on the current firing."""
        before = getattr(target, attr)
        if isinstance(before, dict):
            before = dict(before)
        if before == value and type(before) is type(value):
            return
        self.journal.set(target, attr, getattr(target, attr))
        setattr(target, attr, value)
        self.record(target.id, attr, before, dict(value) if isinstance(value, dict) else value)

    def set_quiet(self, target, attr: str, value) -> None:
        """Bookkeeping a judge does not need to see (when a card last became exhausted): undoable, not traced."""
        self.journal.set(target, attr, getattr(target, attr))
        setattr(target, attr, value)
        self.version += 1

    # ------------------------------------------------------------------ choices
    def choose(self, kind: str, subject: str, **kw):
        """A player's decision (`Chooser.choose`: by, options, legal, auto, hint, rule, sequence)."""
        return self.chooser.choose(kind, subject, **kw)

    # ------------------------------------------------------------------ actions
    def act(self, kind: str, actor: str | None, args: dict, choices: dict | None = None,
            line: int | None = None):
        """Perform one scenario action as its own trace step; an `IllegalAction` rewinds it entirely."""
        if self.over:
            raise GameOver("the game is over; no more actions can be taken")
        perform = self.action(kind)
        self.recorder.line = line
        self.chooser.start(choices)
        self.journal.start()
        step = self.begin_step("action", kind, {"actor": actor, **{k: v for k, v in args.items()
                                                                     if v is not None}})
        try:
            perform(actor, **args)
            self.chooser.finish()
        except IllegalAction as e:
            self.journal.rewind(step)
            self.chooser.abandon()
            step.rejected = Firing(f"{step.index}.0", e.rule, e.reason, {k: ref_of(v) for k, v in e.fields.items()},
                                   [], [], None, e.mechanic)
            step.data["rejected_because"] = e.message
            self.rewound(step, e)
            self.close_step()
            raise
        except EngineError:
            self.chooser.abandon()
            raise
        self.close_step()
        return step

    def action(self, kind: str):
        """What performs an action of this kind: `perform(actor, **args)`."""
        how = self.ACTIONS.get(kind)
        if how is None:
            raise EngineError(f"unknown action {kind!r} for {self.game}")
        return getattr(self, how) if isinstance(how, str) else partial(how, self)

    def do_pass(self, actor, **kw):
        self.priority_loop.do_pass(actor, **kw)

    def do_pass_until(self, actor, **kw):
        self.priority_loop.do_pass_until(actor, **kw)

    def do_advance(self, actor, **kw):
        self.priority_loop.do_advance(actor, **kw)

    def do_concede(self, actor, **_):
        self.concede(actor)

    # ------------------------------------------------------------------ hooks with a default
    def apnap(self) -> list[str]:
        """Active player first, then the others in seat order (MTG 103.4; WoW turn order)."""
        names = [p.name for p in self.in_game()]
        if self.active not in names:
            return names
        i = names.index(self.active)
        return names[i:] + names[:i]

    def next_player(self, name: str) -> str:
        """Who gets priority after `name` passes: the next player in seat order still in the game."""
        names = [p.name for p in self.players if not p.lost or p.name == name]
        i = names.index(name)
        for k in range(1, len(names) + 1):
            cand = names[(i + k) % len(names)]
            if not self.by_name[cand].lost:
                return cand
        return name

    def indistinguishable(self, group: list[PendingTrigger]) -> bool:
        """Triggers whose order cannot matter (same ability of the same source): no order choice needed."""
        first = group[0]
        return all(t.source == first.source and t.ability is first.ability for t in group)

    def put_triggers(self) -> None:
        self.events.put_triggers()

    def choose_replacement(self, event: Event, candidates: list, rule: str | None = None):
        """`rule`: what an illegal answer breaks, where the game's rules say who picks (WoW 717.3a/717.3b)."""
        return self.events.choose_replacement(event, candidates, rule)

    def replacement_chooser(self, event: Event, candidates: list) -> tuple[str, list]:
        """Who picks among several replacement effects, and among which of them."""
        return self.active, candidates

    def replacement_already_applied(self, effect, event: Event) -> None:
        """An effect that already applied to this event could apply again: the game may say why it doesn't."""

    def event_subject(self, event: Event) -> str:
        """What a replacement choice for this event is keyed by in the scenario's `choices`."""
        return str(event.id)

    def canonical_step(self, step):
        return step

    @classmethod
    def step_name(cls, step) -> str | None:
        return step if step in cls.STEPS else None

    def zone_objects(self, player: str | None, zone: str) -> list:
        """The objects in one of `player`'s zones (games refine: a shared zone seen per controller)."""
        return self.in_zone(self.zone_key(player, player, zone))

    # ------------------------------------------------------------------ reading the game
    def zone_ids(self, player: str | None, zone: str) -> list[str]:
        """Ids in a zone as an expectation names them (`stack`: top first)."""
        if zone == "stack":
            return [s.id for s in reversed(self.stack)]
        return [o.id for o in self.zone_objects(player, zone)]

    def end_of_step_state(self) -> dict:
        """What the trace shows after each step (games extend)."""
        top_first = [s.id for s in reversed(self.stack)]
        return {"turn": self.turn, "active": self.active, "step": self.step, "priority": self.priority,
                "stack": top_first}

    def awaiting_error(self, what: str, who: str) -> EngineError:
        return EngineError(f"the game is waiting for {who} to {what}")

    def declare_nothing(self, what: str, who: str, step: str, turn: int | None) -> bool:
        """`advance:` (everyone does nothing until `step` of `turn`) met a declaration the game waits for (`what`,
        by `who`): True if the game made it empty (doing nothing is declaring nothing), False to make it an error."""
        return False

    def not_priority(self, name) -> IllegalAction:
        return IllegalAction(f"{self.game}:?", "not_priority", {"player": name},
                             f"{name} does not have priority ({self.priority} has)")

    def rewound(self, step, error: IllegalAction) -> None:
        """An action the rules refused was rewound (its attempt kept on `step.undone`): cite the rewind rule
        (`REWIND_RULE`, declared by the game with reason `action_rewound`) beside the rule that forbids it."""
        if self.REWIND_RULE:
            self.fire(self.REWIND_RULE, "action_rewound", [], rule=forbidding(error),
                      undone=sum(1 for _ in step.undone.all_firings()) if step.undone else 0)

    def choice_words(self, kind: str, answer) -> tuple[str, object]:
        """A refused answer as a judge reads it: the choice's name in the book's words (phrases.yaml
        `choice.<kind>`: 生物类别, not `type`) and the answer as `answer_value` keeps it."""
        return phrases(self.game).get(f"choice.{kind}", kind), self.answer_value(kind, answer)

    def answer_value(self, kind: str, answer):
        """A player's answer as a firing field, by its structure — never its Python literal: a card or player is
        a `Ref` (named, and told apart from a same-named one, by whoever renders it), an ability or effect
        (`gate.a1`) is its source's, a list item by item, and a record of amounts (`{b1: 3, b2: 3}`: who gets
        how much) a phrase per entry (phrases.yaml `answer.<kind>`, else core `answer.entry`), which
        `reasons.show` renders: 乙1 承受 3 点、乙2 承受 3 点; yes/no as the game says it (是/否)."""
        if isinstance(answer, bool):                 # yes/no in the game's words (answer.yes: 是)
            return phrases(self.game).get("answer.yes" if answer else "answer.no", answer)
        if isinstance(answer, dict):
            key = f"answer.{kind}" if f"answer.{kind}" in phrases(self.game) else "answer.entry"
            return [{"phrase": key, "who": self.answer_value(kind, k), "amount": self.answer_value(kind, v)}
                    for k, v in answer.items()]
        if isinstance(answer, (list, tuple)):
            return [self.answer_value(kind, x) for x in answer]
        if isinstance(answer, str):
            if answer in self.objects:
                return self.objects[answer].ref
            if answer in self.by_name:
                return self.by_name[answer].ref
            source = answer.split(".", 1)[0]
            if "." in answer and source in self.objects:
                return self.objects[source].ref
        return answer

    def observe(self, obj) -> dict:
        """What an expectation can check about an object (pt, types, controller…)."""
        return {}

    def pool_text(self, name: str) -> str:
        return ""

    def normalize_pool(self, value) -> str:
        """An expectation's pool value in the same notation as `pool_text`."""
        return str(value or "")

    @classmethod
    def display_value(cls, attr: str, value):
        """How a changed value is shown to a judge (None: the default rendering)."""
        return None

    def unstoppable_loop(self) -> bool:
        """Everyone passed while the stack kept refilling (`pass_until` gave up): True if the game has a rule that
        ends it (and applied it), False to report it as an error."""
        return False

    def check_state(self) -> bool:
        return False

    def after_losses(self) -> None:
        """After players lost: the winner, a drawn game, or who is active now."""

    def replacements(self, event: Event) -> list:
        return []

    def expand(self, event: Event) -> list[Event] | None:
        return None

    def lookback(self, events: list[Event]):
        return None

    def collect_triggers(self, events: list[Event], snapshot) -> None:
        pass

    # ------------------------------------------------------------------ hooks a game must implement
    @classmethod
    def scenario_cards(cls, sf, errors: list) -> dict:
        """Card definitions available to a scenario (library files + inline definitions)."""
        raise NotImplementedError

    @classmethod
    def build(cls, sf, variant=None) -> "Game":
        """A game loaded with the scenario's board (no events); the load is trace step 0."""
        raise NotImplementedError

    def put_on_stack(self, trigger: PendingTrigger) -> None:
        raise NotImplementedError

    def resolve(self, item) -> bool | None:
        """Resolve `item`, the top of the stack (its own trace step has begun). True if that already moved
        the game on and gave priority (a step began); else the active player gets priority."""
        raise NotImplementedError

    def end_step(self) -> None:
        raise NotImplementedError

    def concede(self, name: str) -> None:
        raise NotImplementedError

    def apply_replacement(self, effect, event: Event) -> list[Event]:
        raise NotImplementedError

    def perform(self, event: Event) -> bool:
        raise NotImplementedError


__all__ = ["Game", "Ref", "HOOKS", "REFINEMENTS", "VERBS"]


def forbidding(error: IllegalAction) -> str:
    """What forbade a refused action, as a reason reads it: the rule's number, or the word of a mechanic the book
    does not number."""
    return (error.rule.partition(":")[2] or error.rule) if error.rule else (error.mechanic or "?")
