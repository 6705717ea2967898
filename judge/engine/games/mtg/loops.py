"""Loops of optional actions (421): shown once, then shortened by the numbers the players choose.

A scenario writes one turn of the loop as a `loop:` action (its own list of
actions: activations, casts and the passes that resolve them). The engine
performs that turn once, as the players would show it; if the game is then
exactly as it was before (the same permanents with the same characteristics,
the same cards in every zone, the same life, poison and mana), the actions
can repeat for ever (421.1) and the loop is shortened:

- 421.2: every optional action in it is one player's: that player chooses how
  many more times it repeats (`choices: {loop: {甲: 5}}`); it ends after a full
  turn.
- 421.3: both players' optional actions are needed to go on: the active player
  chooses a number; the non-active player chooses a smaller one, or agrees
  (`choices: {loop: {甲: 5, 乙: agree}}`). Agreeing, the loop repeats that many
  times plus the actions the non-active player needs to make the last
  decision; with a smaller number, plus the actions the active player needs.
  So the non-active player always has the last decision (421.3 example).

Repeated turns leave the game as it was, so they are counted, not replayed;
the extra actions that give one player the last decision are performed for
real. A turn that does not bring the game back is not a loop: the engine
refuses to shorten it (421.1). Loops of mandatory actions only (421.4) are
not written as `loop:` actions.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError, IllegalAction
from judge.engine.games.mtg.chars import compute
from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import AGREE, say
from judge.engine.games.mtg import mana as M

OPTIONAL = ("activate", "cast", "play")


def signature(game) -> dict:
    """What must be the same after one turn of a loop: every object and player as a judge would compare them."""
    cm = compute(game)
    objs = {}
    for o in game.objects.values():
        if o.zone == "gone":
            continue
        c = cm.get(o.id) if o.zone in ("battlefield", "stack") else None
        objs[o.id] = (o.zone, o.controller, o.tapped, o.damage, tuple(sorted(o.counters.items())), o.attached_to,
                      getattr(o, "attacking", None), tuple(getattr(o, "blocking", ())),
                      (c.pt, tuple(c.colors), tuple(c.types), tuple(c.keywords), tuple(a.key for a in c.abilities))
                      if c is not None else None)
    players = {p.name: (p.life, p.poison, M.show(p.pool) if p.pool else "", p.lost) for p in game.players}
    return {"objects": objs, "players": players, "stack": tuple(s.id for s in game.stack),
            "turn": (game.turn, game.step, game.active, game.priority)}


def _difference(game, before: dict, after: dict) -> str:
    for name, was in before["players"].items():
        now = after["players"].get(name)
        if now != was:
            for i, key in enumerate(("life", "poison", "pool", "lost")):
                if was[i] != now[i]:
                    return say("loop.diff.player", player=name, what=say(f"loop.attr.{key}"),
                               before=was[i] or say("empty"), after=now[i] or say("empty"))
    for oid in sorted(set(before["objects"]) | set(after["objects"])):
        if before["objects"].get(oid) != after["objects"].get(oid):
            o = game.objects.get(oid)
            return say("loop.diff.object", object=o.name if o is not None else oid)
    if before["stack"] != after["stack"]:
        return say("loop.diff.stack")
    return say("loop.diff.turn")


def _perform(game, a: dict) -> None:
    """One action of the loop's turn, as its own trace step, with its own choices (strict)."""
    kind = a["kind"]
    if kind not in OPTIONAL + ("pass", "pass_until") or kind not in game.ACTIONS:
        raise EngineError(f"a loop's turn cannot contain {kind!r}")
    perform = game.action(kind)
    game.begin_step("action", kind, {"actor": a["actor"], **a["args"]})
    with game.chooser.answering(a.get("choices") or None):
        perform(a["actor"], **a["args"])
    game.close_step()


def _who(game, a: dict) -> str:
    return a["actor"] or game.priority


def _describe(game, actions: list[dict], actors: list[str]) -> list[str]:
    out = []
    for a, who in zip(actions, actors):
        if a["kind"] not in OPTIONAL:
            continue
        target = a["args"].get(a["kind"])
        o = game.objects.get(target)
        out.append(say(f"loop.{a['kind']}", player=who, object=o.name if o is not None else target))
    return out


@rules.implements("421.1", reasons={"loop_shown": "players count", "not_a_loop": "what"})
@rules.implements("421.2", reasons={"loop_one_player": "player times", "invalid_choice": "player choice answer"})
@rules.implements("421.3", reasons={"loop_number": "player times", "loop_agreed": "player times tail",
                                    "loop_smaller": "player times active tail",
                                    "invalid_choice": "player choice answer"})
def do_loop(game, actor, loop=None, count=None, **_):
    turn = list(loop or [])
    if not turn:
        raise EngineError("a loop needs the actions of one turn of it")
    game.recorder.step.after = game.end_of_step_state()
    before = signature(game)
    actors = []
    states = []
    for a in turn:
        actors.append(_who(game, a))
        _perform(game, a)
        states.append(signature(game))
    after = signature(game)
    game.begin_step("event", "loop_decision", {"count": len(turn)})
    if after != before:
        raise IllegalAction(game.rid("421.1"), "not_a_loop", {"what": _difference(game, before, after)},
                            "421.1: after one turn of these actions the game is not as it was before, so they do "
                            "not repeat: not a loop that can be shortened")
    optional = [who for a, who in zip(turn, actors) if a["kind"] in OPTIONAL]
    players = list(dict.fromkeys(optional))
    if not players:
        raise EngineError("a loop needs at least one optional action (an activation, a spell or a land)")
    game.fire("421.1", "loop_shown", [game.by_name[p] for p in players], players=[game.by_name[p] for p in players],
              count=len(turn))
    if len(players) == 1:
        p = players[0]
        n = game.choose("loop", p, by=p, auto=False, rule="421.2", legal=_count(1),
                        hint="421.2: the only player whose optional actions make the loop names how many times it repeats")
        game.fire("421.2", "loop_one_player", [game.by_name[p]], player=game.by_name[p], times=n)
        game.close_step()
        return
    if len(players) > 2 or len(game.in_game()) > 2:
        raise EngineError("421.3 covers a loop that both players of a two-player game control")
    ap = game.active
    nap = next(p for p in players if p != ap)
    if independent(turn, actors, states, before):
        _independent_numbers(game, ap, nap)
        return
    n = game.choose("loop", ap, by=ap, auto=False, rule="421.3", legal=_count(1),
                    hint="421.3: the active player names a number first")
    game.fire("421.3", "loop_number", [game.by_name[ap]], player=game.by_name[ap], times=n)

    def nap_answer(v):
        if isinstance(v, str) and v in AGREE:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return f"a smaller number than {n}, or agree"
        return None if 0 <= v < n else f"{v} is not smaller than {n}: name a smaller number, or agree"

    m = game.choose("loop", nap, by=nap, auto=False, rule="421.3", legal=nap_answer,
                    hint=f"421.3: the non-active player names a number smaller than {n}, or agrees (`agree`)")
    last = nap if isinstance(m, str) else ap
    tail = _tail(turn, actors, last)
    words = _describe(game, tail, [_who(game, a) for a in tail]) or [say("loop.no_tail")]
    if isinstance(m, str):
        game.fire("421.3", "loop_agreed", [game.by_name[nap]], player=game.by_name[nap], times=n, tail=words)
    else:
        game.fire("421.3", "loop_smaller", [game.by_name[nap]], player=game.by_name[nap], times=m,
                  active=game.by_name[ap], tail=words)
    game.close_step()
    for a in tail:
        _perform(game, a)


def independent(turn: list[dict], actors: list[str], states: list[dict], before: dict) -> bool:
    """Whether the two players' optional actions do not depend on each other (421.5): the turn splits into one
    player's part and then the other's, and the first part alone already brings the game back to how it was — each
    player's actions are a loop of their own."""
    for k in range(len(turn) - 1):
        if states[k] != before:
            continue
        first = {who for a, who in zip(turn[:k + 1], actors) if a["kind"] in OPTIONAL}
        rest = {who for a, who in zip(turn[k + 1:], actors[k + 1:]) if a["kind"] in OPTIONAL}
        if len(first) == 1 and len(rest) == 1 and first != rest:
            return True
    return False


@rules.implements("421.5", reasons={"loop_number_independent": "player times", "loop_agreed_independent": "player times",
                                    "loop_larger": "player times active", "invalid_choice": "player choice answer"})
def _independent_numbers(game, ap: str, nap: str) -> None:
    """421.5: both players' optional actions, not depending on each other: the active player names a number; the
    non-active player agrees, or names a larger one."""
    n = game.choose("loop", ap, by=ap, auto=False, rule="421.5", legal=_count(1),
                    hint="421.5: the active player names a number first")
    game.fire("421.5", "loop_number_independent", [game.by_name[ap]], player=game.by_name[ap], times=n)

    def nap_answer(v):
        if isinstance(v, str) and v in AGREE:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return f"a larger number than {n}, or agree"
        return None if v > n else f"{v} is not larger than {n}: name a larger number, or agree"

    m = game.choose("loop", nap, by=nap, auto=False, rule="421.5", legal=nap_answer,
                    hint=f"421.5: the non-active player agrees (`agree`) or names a number larger than {n}")
    if isinstance(m, str):
        game.fire("421.5", "loop_agreed_independent", [game.by_name[nap]], player=game.by_name[nap], times=n)
    else:
        game.fire("421.5", "loop_larger", [game.by_name[nap]], player=game.by_name[nap], times=m,
                  active=game.by_name[ap])
    game.close_step()


def _count(least: int):
    def legal(v):
        if isinstance(v, bool) or not isinstance(v, int):
            return "a whole number"
        return None if v >= least else f"a number of at least {least}"
    return legal


def _tail(turn: list[dict], actors: list[str], last: str) -> list[dict]:
    """The actions after the repeated turns that let `last` make the last decision: the turn's actions up to
    `last`'s final optional action in it and the passes that resolve it — none if the turn already ends with
    `last`'s decision (421.3: "数个动作都可以为零个")."""
    opt = [i for i, a in enumerate(turn) if a["kind"] in OPTIONAL]
    if actors[opt[-1]] == last:
        return []
    k = max(i for i in opt if actors[i] == last)
    end = k + 1
    while end < len(turn) and turn[end]["kind"] == "pass_until":
        end += 1
    return turn[:end]
