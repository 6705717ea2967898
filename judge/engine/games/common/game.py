"""`CardGame`: the core's `Game` with the hooks every card game here wires the same way.

A card game names its steps (with English and short aliases), cites one rule for acting without
priority, has abilities whose definitions carry a `spec` (triggers that have no targets cannot be
told apart by their order), announces each step as an event that "at the beginning of …" triggers
see, and loads its scenarios through `judge.engine.games.common.setup` with its own setup module.
A subclass sets the class attributes below; it names the game's rules, never this module.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.core.game import Game
from judge.engine.core.objects import Event
from judge.engine.games.common import setup as loading
from judge.engine.games.common.words import step_name

MULLIGAN = "mulligan"    # what a game waits for while opening hands are decided (`game.awaiting`)


class CardGame(Game):
    STEPS: tuple = ()
    STEP_ALIASES: dict = {}
    PLAY_ZONE = ""           # the zone all players' permanents share (zone_key (None, PLAY_ZONE))
    ABILITIES = "abilities"  # where a game's characteristics keep an object's abilities (WoW: its powers)
    PRIORITY_RULE = ""       # the rule a player breaks by acting without priority (declares `no_priority`)
    WIN_RULE = ""            # the rule by which the last side still in the game wins (declares `winner`)
    DRAW_RULE = ""           # the rule for a game every player lost at once (declares `game_drawn`); "": it just ends
    SETUP = None             # the game's setup module: CARDS, load_player, load_card, shown
    SCENARIO_TEMPLATE = ""   # the skeleton `judge new-scenario` writes (`words.skeleton`: a string.Template)
    MULLIGAN_RULE = ""       # how the book names the rule for deciding on an opening hand (`start:` scenarios)
    watched: frozenset = frozenset()   # rules the scenario expects not to apply (set by the loader)

    def __init__(self):
        super().__init__()
        self._chars = None              # characteristics computed at `_chars_version` (common.chars)
        self._chars_version = -1

    def awaiting_error(self, what, who):
        """A `start:` game waits for each player to keep or mulligan (`start.MULLIGAN` of the games that have one)."""
        if what == MULLIGAN:
            return EngineError(f"the game has not begun: {who} must first decide on his opening hand — add "
                               f"`{{as: {who}, keep: true}}` or `{{as: {who}, mulligan: true}}` ({self.MULLIGAN_RULE})")
        return super().awaiting_error(what, who)

    # ------------------------------------------------------------------ steps
    @classmethod
    def step_name(cls, step) -> str | None:
        return step_name(step, cls.STEPS, cls.STEP_ALIASES)

    def canonical_step(self, step):
        s = self.step_name(step)
        if s is None:
            raise EngineError(f"unknown step {step!r}; steps: {', '.join(self.STEPS)}")
        return s

    def step_event(self, step: str) -> None:
        """The step has begun, as an event ("at the beginning of [step]" triggers)."""
        self.happen([Event("step", {"step": step, "player": self.active})])

    # ------------------------------------------------------------------ cards
    def listeners(self, snapshot=None) -> list:
        """(object, its characteristics) for every object in play whose triggered abilities listen: as they
        were before a leaves-play event (`snapshot`, taken by `lookback`), or as they are now."""
        if snapshot is not None:
            ids, cmap = snapshot
        else:
            ids, cmap = self.zones.get((None, self.PLAY_ZONE), ()), self.all_chars()
        objs = self.objects
        return [(objs[i], cmap[i]) for i in ids if i in cmap]

    def abilities_in_play(self, kind: str):
        """(object, its characteristics, ability) for each ability of `kind` (static, replacement, ongoing…) that
        an object in play has now, in play order."""
        attr = self.ABILITIES
        for obj, ch in self.listeners():
            for ab in getattr(ch, attr):
                if ab.kind == kind:
                    yield obj, ch, ab

    def watchers(self, events, kind_events: dict, snapshot, abilities=lambda ch: ch.abilities):
        """For each event some trigger event can match, in order: (event, its trigger event kinds, whether it
        moved a permanent out of play, [(object, its characteristics, ability)]) — the triggered abilities in
        play whose trigger event is one of the kinds `kind_events` gives the event's kind, seen as they were
        before a leaves-play event (`snapshot`) and as they are now otherwise. `abilities(chars)` is where a
        game's characteristics keep their abilities. Each game then checks each ability against the event."""
        for ev in events:
            kinds = kind_events.get(ev.kind)
            if kinds is None:
                continue
            leaving = ev.kind == "move" and ev.data.get("from") == self.PLAY_ZONE
            found = [(src, ch, ab) for src, ch in self.listeners(snapshot if leaving else None)
                     for ab in abilities(ch) if ab.kind == "triggered" and ab.spec["when"]["event"] in kinds]
            yield ev, kinds, leaving, found

    def set_tapped(self, obj, tapped: bool, zone: str) -> bool:
        """Tap or untap (exhaust or ready) a card in `zone`; False if it is not there or already is."""
        if bool(obj.tapped) == tapped or obj.zone != zone:
            return False
        self.set(obj, "tapped", tapped)
        return True

    def card_resolved(self, item, controller: str, rule: str, enters: str | None = None, **where) -> None:
        """The last step of a card's resolution (MTG 413.2h, WoW 709.2g), under a firing of `rule`: with `enters`
        (the reason code) it enters play under `controller` (`where`: attached to a host, in an area); else it
        goes to its owner's graveyard."""
        if enters:
            f = self.fire(rule, enters, [item], object=item, player=self.by_name[controller])
            self.happen_under(f, "move", {"object": item, "to": self.PLAY_ZONE, "from": self.STACK_ZONE,
                                          "reason": "resolve", "controller": controller, **where})
        else:
            f = self.fire(rule, "to_graveyard", [item], object=item)
            self.happen_under(f, "move", {"object": item, "to": "graveyard", "from": self.STACK_ZONE,
                                          "reason": "resolve"})

    # ------------------------------------------------------------------ the end of the game
    def side(self, player) -> str:
        """Who wins together: each player alone (a team game says its team)."""
        return player.name

    def after_losses(self) -> None:
        """After players lost: when everyone left is on one side, each of them wins (`WIN_RULE`) and the game is
        over; when nobody is left it is over, drawn by `DRAW_RULE` if the game has one; else, if the active
        player lost, the turn passes on."""
        left = self.in_game()
        if not left:
            if self.DRAW_RULE:
                self.fire(self.DRAW_RULE, "game_drawn", [], players=[p.name for p in self.players])
            self.over = True
        elif len({self.side(p) for p in left}) == 1:
            for w in left:
                f = self.fire(self.WIN_RULE, "winner", [w], player=w)
                with self.under(f):
                    self.set(w, "won", True)
            self.over = True
        elif self.active not in [p.name for p in left]:
            self.active = self.next_player(self.active)

    # ------------------------------------------------------------------ priority and triggers
    def not_priority(self, name):
        return IllegalAction(self.rid(self.PRIORITY_RULE), "no_priority", {"player": name, "holder": self.priority},
                             f"{name} does not have priority ({self.priority} has it)")

    def indistinguishable(self, group) -> bool:
        """Same ability of the same source, and no targets to tell them apart: no order choice needed."""
        return super().indistinguishable(group) and not group[0].ability.spec.get("targets")

    # ------------------------------------------------------------------ scenario hooks
    def explain_loaded(self) -> None:
        """Called inside the load step, once the board is placed: a game may cite there the rules that decide
        what the loaded board already is (nothing happens at the load: no event, no trigger). Default: nothing."""

    @classmethod
    def scenario_cards(cls, sf, errors):
        return loading.scenario_cards(cls.SETUP.CARDS, sf, errors)

    @classmethod
    def build(cls, sf, variant=None):
        return loading.build(cls, sf, variant, cls.SETUP)
