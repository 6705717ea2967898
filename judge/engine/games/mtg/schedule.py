"""Extra turns, phases and steps, and skipping (300.6–300.9, 419.6e, 419.6f).

Effects add to the turn what the rules call extra turns (taken right after this one, the most recently
created first: 300.6), extra phases after a named phase and extra steps after a named step (again the
newest first: 300.7, 300.8), or make a player skip his next step, phase or turn (300.9). Skipping is a
replacement effect — "instead do nothing" — so a step, phase or turn that has already begun can't be
skipped and the effect waits for the next one (419.6e); a skipped step has none of its events, and two
"skip your next …" effects skip the next two (419.6f).

The effects only write down what is to come (`game.extra_turns`, `game.inserted`, `game.skips`); the turn
structure (`turn.py`) asks this module, as a step ends, which step or turn comes next.
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import PHASE, PHASE_OF, STEPS, TERM

__all__ = ["ExtraTurn", "Inserted", "Skip", "add_extra_turn", "add_extra_steps", "add_skip", "next_turn_player",
           "inserted_after", "skipped", "steps_of", "skip_kind"]


@dataclass(frozen=True)
class ExtraTurn:
    player: str
    created: int            # game tick: the most recently created is taken first (300.6)


@dataclass(frozen=True)
class Inserted:
    after: str              # the step after which they come (the last step of the named phase, for a phase)
    steps: tuple            # the extra steps, in order
    created: int
    turn: int               # only in the turn it was created for
    what: str               # what a judge reads: the phase or step word


@dataclass(frozen=True)
class Skip:
    player: str
    what: str               # a step word, a phase word, or the word for a turn
    created: int


def steps_of(word: str) -> tuple:
    """The steps a phase or step word names, in order (a step names itself)."""
    if word in STEPS:
        return (word,)
    return tuple(s for s in STEPS if PHASE_OF[s] == word)


def skip_kind(word: str) -> str | None:
    """'turn', 'phase' or 'step' for a word a skip effect may name; None for any other word."""
    if word == TERM.turn:
        return "turn"
    if word in STEPS:
        return "step"
    return "phase" if word in PHASE.words() else None


# ------------------------------------------------------------------ effects write down what is to come

def add_extra_turn(game, player: str) -> None:
    game.extra_turns = [*game.extra_turns, ExtraTurn(player, game.tick())]


def add_extra_steps(game, word: str, after: str | None) -> Inserted:
    """Extra phase(s) or step(s) `word` after the phase or step `after` (default: the current one's phase for
    a phase, the current step for a step) of this turn."""
    steps = steps_of(word)
    if after is None:
        after = steps_of(PHASE_OF[game.step])[-1] if word not in STEPS else game.step
    else:
        after = steps_of(after)[-1]
    ins = Inserted(after, steps, game.tick(), game.turn, word)
    game.inserted = [*game.inserted, ins]
    return ins


@rules.implements("419.6e", reasons={"skip_waits": "player what"})
def add_skip(game, player: str, word: str) -> None:
    """A skip effect is created. 419.6e: if what it names has already begun for that player (this step, this
    phase, this turn), it can't be skipped any more — the effect waits for the next one."""
    game.skips = [*game.skips, Skip(player, word, game.tick())]
    kind = skip_kind(word)
    begun = game.active == player and (
        (kind == "turn") or (kind == "step" and game.step == word) or
        (kind == "phase" and game.step is not None and PHASE_OF[game.step] == word))
    if begun:
        game.fire("419.6e", "skip_waits", [game.by_name[player]], player=game.by_name[player], what=word)


# ------------------------------------------------------------------ the turn structure asks what comes next

@rules.implements("300.6", reasons={"extra_turn": "player count"})
def next_turn_player(game, normal_next: str) -> str:
    """Whose turn comes next: an extra turn if any is pending — the most recently created first (300.6) —
    else `normal_next` (turn order goes on from the last turn that was not an extra one)."""
    if not game.extra_turns:
        return normal_next
    newest = max(game.extra_turns, key=lambda e: e.created)
    game.extra_turns = [e for e in game.extra_turns if e is not newest]
    p = game.by_name[newest.player]
    game.fire("300.6", "extra_turn", [p], player=p, count=len(game.extra_turns) + 1)
    return newest.player


@rules.implements("300.7", reasons={"extra_phase": "what after count"})
@rules.implements("300.8", reasons={"extra_step": "what after count"})
def inserted_after(game, step: str) -> list:
    """The extra steps that come right after `step` ends this turn, the most recently created first (300.7
    phases, 300.8 steps); they are taken off the list."""
    here = [i for i in game.inserted if i.after == step and i.turn == game.turn]
    if not here:
        return []
    game.inserted = [i for i in game.inserted if i not in here]
    out: list = []
    for i in sorted(here, key=lambda i: -i.created):
        rule, code = ("300.8", "extra_step") if i.what in STEPS else ("300.7", "extra_phase")
        game.fire(rule, code, [], what=i.what, after=step, count=len(here))
        out.extend(i.steps)
    return out


@rules.implements("300.9", reasons={"skipped": "player what"})
@rules.implements("419.6f", reasons={"skip_again": "player what count"})
def skipped(game, player: str, word: str, kind: str) -> bool:
    """Whether `player` skips the step, phase or turn `word` that is about to begin: the oldest matching skip
    effect is used up (300.9; the skipped one has none of its events), and another one waits for the next
    (419.6f: two skips skip the next two)."""
    mine = [s for s in game.skips if s.player == player and s.what == word]
    if not mine:
        return False
    used = min(mine, key=lambda s: s.created)
    game.skips = [s for s in game.skips if s is not used]
    p = game.by_name[player]
    game.fire("300.9", "skipped", [p], player=p, what=word)
    if len(mine) > 1:
        game.fire("419.6f", "skip_again", [p], player=p, what=word, count=len(mine) - 1)
    return True

