"""`Priority`: the turn and priority loop, with the stack.

A player with priority acts or passes. Before anyone would receive priority the game settles: its state
checks (`check_state`: MTG's state-based actions, WoW's pre-priority processing) until none applies,
then the pending triggered abilities go on the stack, and again (MTG 408.1b, WoW 708.1). When every
player in the game has passed in succession, the top of the stack resolves (`resolve`), or, with an
empty stack, the step ends (`end_step`). After a player adds to the stack they get priority again.

The scenario actions that only pass (`pass`, `pass_until`, `advance`) are performed here; a game's own
actions (cast, attack…) call `require_priority` and `took_action`.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError

SETTLE_LIMIT = 200       # rounds of state checks + triggers before we call it a loop
PASS_LIMIT = 5000        # passes one `pass_until` / `advance` may take


class Priority:
    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    # ------------------------------------------------------------------ who may act
    def require_priority(self, actor: str | None) -> str:
        """The player acting (the priority holder when the scenario names none); an error if the game waits
        for a declaration, an `IllegalAction` (the game's `not_priority`) if someone else holds priority."""
        g = self.game
        if g.awaiting:
            what, who = g.awaiting
            raise g.awaiting_error(what, who)
        if actor is None:
            actor = g.priority
        if actor != g.priority:
            raise g.not_priority(actor)
        return actor

    def give_priority(self, name: str) -> None:
        self.before_priority()
        g = self.game
        if not g.over:
            g.priority = name

    def before_priority(self) -> None:
        """State checks until none apply, then pending triggers onto the stack; repeat (MTG 408.1b, WoW 708.1)."""
        g = self.game
        for _ in range(SETTLE_LIMIT):
            if g.over:
                return
            if g.check_state():
                continue
            if g.pending:
                g.put_triggers()
                continue
            return
        raise EngineError("state-based checks and triggers did not settle (a mandatory loop?)")

    def pass_priority(self, name: str) -> None:
        g = self.game
        g.passes += 1
        if g.passes >= len(g.in_game()):
            g.passes = 0
            if g.stack:
                self.resolve_top()
            else:
                g.end_step()
        else:
            self.give_priority(g.next_player(name))

    def took_action(self, name: str) -> None:
        """After a player adds to the stack or takes a special action, they get priority again."""
        self.game.passes = 0
        self.give_priority(name)

    def resolve_top(self) -> None:
        """The top of the stack resolves as its own trace step; then the active player gets priority, unless
        resolving it already moved the game on (`resolve` returned True: a step began and gave priority)."""
        g = self.game
        item = g.stack[-1]
        g.begin_step("event", "resolve", {"object": item.id, "name": item.name})
        if g.resolve(item):
            return
        g.passes = 0
        self.give_priority(g.active)

    # ------------------------------------------------------------------ steps
    def enter_step(self, step: str):
        """A step begins: nobody has priority yet, the trace shows it, `advance:` may stop here.
        Returns the active player, who acts first in it."""
        g = self.game
        g.step = step
        g.priority = None
        g.passes = 0
        g.begin_step("event", "step_begins", {"step": step, "turn": g.turn, "active": g.active})
        g.begun.append((g.turn, step))
        return g.by_name[g.active]

    # ------------------------------------------------------------------ the passing actions
    def do_pass(self, actor, **_):
        self.pass_priority(self.require_priority(actor))

    def do_pass_until(self, actor, until=None, turn=None, **_):
        """Everyone passes in turn until the condition holds (`stack_empty`, or a step name — of turn `turn` if
        given, as `advance:`)."""
        g = self.game
        if until not in (None, "stack_empty"):
            self.do_advance(actor, step=until, turn=turn)
            return
        if not g.stack:
            # "until the stack is empty" already holds: nobody passes, nothing happens (passing now would end
            # the step, which is `advance:`); recorded on the action's trace step, not an error
            g.recorder.step.data["already"] = True
            return
        for _ in range(getattr(g, "LOOP_PASSES", PASS_LIMIT)):
            if not g.stack or g.over:
                return
            self.require_priority(None)
            self.pass_priority(g.priority)
        if g.unstoppable_loop():        # the game's rule for a loop nobody can stop (MTG 421.4)
            return
        raise EngineError("pass_until: the stack never emptied (a loop?)")

    def do_advance(self, actor, step=None, turn=None, **_):
        """Everyone passes until step `step` begins (of turn `turn` if given).

        Stops as soon as that step has begun, even if it ended at once (a
        declare-attackers step with no possible attacker). A declaration the game
        waits for on the way is made empty if the game's `declare_nothing` says
        doing nothing is that declaration; else it is an error naming it.
        """
        g = self.game
        target = g.canonical_step(step)
        start_turn = g.turn
        for _ in range(PASS_LIMIT):
            if g.over:
                return
            mark = len(g.begun)
            if g.awaiting:          # a declaration nobody made: doing nothing declares none, where the game says so
                what, who = g.awaiting
                if not g.declare_nothing(what, who, target, turn):
                    raise g.awaiting_error(what, who)
            else:
                self.pass_priority(g.priority)
            for t, s in g.begun[mark:]:
                if s == target and (turn is None or t == turn):
                    return
            if turn is None and g.turn > start_turn + 2:
                break
        raise EngineError(f"advance: never reached step {step!r}" + (f" of turn {turn}" if turn else ""))
