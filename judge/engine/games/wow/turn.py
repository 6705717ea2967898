"""The turn: start of turn, ready, draw, the action phase (with combat steps), end of turn.

The excerpt has no chapter on the turn (rules 500–603 are not in it), so the
turn structure here is the smallest one its own text relies on: "at the start
of turn" / "at end of turn" triggers (704.1b, 708.3, 709.2b examples), the
ready step in which the turn player readies his cards (glossary 重置), the draw
(glossary 抓牌), the non-combat action phase in which non-instant cards are
played and combat is proposed (glossary 非战斗行动阶段), and the combat step's
attack and defend windows (glossary 攻击窗口, 防御窗口). A priority window
closes when all players pass in succession with an empty chain (glossary 让过);
"this turn" modifiers end with the turn (714.3). Damage stays on characters.
"""
from __future__ import annotations

from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.combat import conclude, protect_point
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import say

ATTACK_WINDOW = "攻击窗口"


@rules.implements("让过", reasons={"window_closes": "step"})
@rules.implements("714.3", reasons={"duration_ended": "count why"})
def end_step(game) -> None:
    old = game.step
    game.fire("让过", "window_closes", [], step=old)
    if old == ATTACK_WINDOW:
        protect_point(game)
        begin(game, "防御窗口")
        return
    if old == "防御窗口":
        conclude(game)
        begin(game, "行动阶段")
        return
    if old == "回合结束步骤":
        _end_durations(game, lambda until: until == "end_of_turn", say("ended.turn"))
        game.active = game.next_player(game.active)
        game.turn += 1
        begin(game, "回合开始步骤")
        return
    nxt = {"回合开始步骤": "重置步骤", "重置步骤": "抓牌步骤", "抓牌步骤": "行动阶段", "行动阶段": "回合结束步骤"}[old]
    begin(game, nxt)


def _end_durations(game, ends, why: str) -> None:
    mods = [m for m in game.modifiers if not m.ended and ends(m.until)]
    shields = [s for s in game.shields if not s.used and ends(s.until)]
    if not mods and not shields:
        return
    f = game.fire("714.3", "duration_ended", [], count=len(mods) + len(shields), why=why)
    with game.under(f):
        for m in mods:
            game.set(m, "ended", True)
        for s in shields:
            game.set(s, "used", True)


@rules.implements("重置", reasons={"ready_step": "player objects"},
                  near_misses={"chose_not_to_ready": "player object"})
@rules.implements("激活", reasons={"in_party_since_turn_start": "player objects"})
@rules.implements("抓牌", reasons={"draw_step": "player"})
def begin(game, step: str) -> None:
    ap = game.enter_step(step)
    if step == "回合开始步骤":
        _end_durations(game, lambda until: isinstance(until, tuple) and until[0] == "start_of_turn"
                       and until[1] == ap.name and game.turn > until[2], say("ended.start_of_turn", player=ap.name))
        fresh = [o for o in game.in_play() if o.fresh and chars(game, o).controller == ap.name]
        if fresh:
            f = game.fire("激活", "in_party_since_turn_start", fresh, player=ap, objects=fresh)
            with game.under(f):
                for o in fresh:
                    game.set(o, "fresh", False)
    if step == "重置步骤":
        mine = [o for o in game.in_play() if chars(game, o).controller == ap.name and o.tapped]
        readied = []
        for o in mine:
            if any(ab.kind == "no_ready" for ab in chars(game, o).powers):
                if not game.choose("ready", o.id, by=ap.name, options=[True, False], auto=False,
                                   hint=f"{o.name}: its controller may choose not to ready it"):
                    game.near_miss("重置", "chose_not_to_ready", [o], player=ap, object=o)
                    continue
            readied.append(o)
        f = game.fire("重置", "ready_step", readied, player=ap, objects=readied)
        game.happen_under(f, "ready", *({"object": o} for o in readied))
    if step == "抓牌步骤":
        game.happen_under(game.fire("抓牌", "draw_step", [ap], player=ap), "draw", {"player": ap})
    if step in ("回合开始步骤", "回合结束步骤", "行动阶段"):
        game.step_event(step)
    game.give_priority(ap.name)
