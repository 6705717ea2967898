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

from judge.engine.core.objects import Event
from judge.engine.games.wow.chars import chars
from judge.engine.games.wow.filters import matches
from judge.engine.games.wow.combat import conclude, protect_point, window_opens
from judge.engine.games.wow.rules import rules
from judge.engine.games.wow.words import KEYWORD, RULE, STEP, TARGET_FILTERS, say

ATTACK_WINDOW = STEP.attack_window


@rules.implements(RULE.passing, reasons={"window_closes": "step"})
@rules.implements("714.3", reasons={"duration_ended": "count why"})
def end_step(game) -> None:
    old = game.step
    game.fire(RULE.passing, "window_closes", [], step=old)
    if old == ATTACK_WINDOW:
        protect_point(game)
        begin(game, STEP.defend_window)
        return
    if old == STEP.defend_window:
        conclude(game)
        _end_durations(game, lambda until: until == "end_of_combat", say("ended.combat"))
        begin(game, STEP.action)
        return
    if old == STEP.end_of_turn:
        _end_durations(game, lambda until: until == "end_of_turn", say("ended.turn"))
        game.active = game.next_player(game.active)
        game.turn += 1
        begin(game, STEP.start_of_turn)
        return
    nxt = {STEP.start_of_turn: STEP.ready, STEP.ready: STEP.draw, STEP.draw: STEP.action, STEP.action: STEP.end_of_turn}[old]
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


@rules.implements(RULE.inspire, reasons={"inspire_ready": "player object source"})
def _inspired(game, ap) -> list:
    """激励 [牌]: at the start of each other player's ready step, the controller of a character with Inspire may
    ready one exhausted [牌] of his party — without the chain, at the same time as that player readies his
    cards. (source, card, player) for each one chosen; `choices: {inspire: {SOURCE: CARD or false}}`."""
    out, taken = [], set()
    for q in game.players:
        if q.name == ap.name:
            continue
        for src in game.party(q.name):
            if KEYWORD.inspire not in chars(game, src).keywords or not src.card.inspire:
                continue
            want = TARGET_FILTERS[src.card.inspire]
            cands = [o for o in game.in_play() if o.tapped and o.id not in taken and o.area != "resource"
                     and chars(game, o).controller == q.name and matches(game, o, want, controller=q.name) is None]
            if not cands:
                continue
            ans = game.choose("inspire", src.id, by=q.name, options=[o.id for o in cands] + [False], auto=False,
                              rule=RULE.inspire, hint=f"{src.name}: {q.name} may ready one exhausted {src.card.inspire}"
                                                      " of his party (false: none)")
            if ans is not False:
                taken.add(ans)
                out.append((src, game.objects[ans], q))
    return out


@rules.implements(RULE.ready, reasons={"ready_step": "player objects"},
                  near_misses={"chose_not_to_ready": "player object"})
@rules.implements(RULE.activation, reasons={"in_party_since_turn_start": "player objects"})
@rules.implements(RULE.draw, reasons={"draw_step": "player"})
def begin(game, step: str) -> None:
    ap = game.enter_step(step)
    if step == STEP.start_of_turn:
        _end_durations(game, lambda until: isinstance(until, tuple) and until[0] == "start_of_turn"
                       and until[1] == ap.name and game.turn > until[2], say("ended.start_of_turn", player=ap.name))
        fresh = [o for o in game.in_play() if o.fresh and chars(game, o).controller == ap.name]
        if fresh:
            f = game.fire(RULE.activation, "in_party_since_turn_start", fresh, player=ap, objects=fresh)
            with game.under(f):
                for o in fresh:
                    game.set(o, "fresh", False)
    if step == STEP.ready:
        mine = [o for o in game.in_play() if chars(game, o).controller == ap.name and o.tapped]
        readied = []
        for o in mine:
            if any(ab.kind == "no_ready" for ab in chars(game, o).powers):
                if not game.choose("ready", o.id, by=ap.name, options=[True, False], auto=False, rule=RULE.ready,
                                   hint=f"{o.name}: its controller may choose not to ready it"):
                    game.near_miss(RULE.ready, "chose_not_to_ready", [o], player=ap, object=o)
                    continue
            readied.append(o)
        extra = _inspired(game, ap)
        f = game.fire(RULE.ready, "ready_step", readied, player=ap, objects=readied)
        evs = [Event("ready", {"object": o}, f.id, firing=f) for o in readied]
        for src, o, q in extra:      # 激励: at the same time as the turn player readies his cards
            fi = game.fire(RULE.inspire, "inspire_ready", [o, src], caused_by=f.id, player=q, object=o, source=src)
            evs.append(Event("ready", {"object": o}, fi.id, firing=fi))
        with game.under(f):
            game.happen(evs)
    if step == STEP.draw:
        game.happen_under(game.fire(RULE.draw, "draw_step", [ap], player=ap), "draw", {"player": ap})
    if step in (STEP.start_of_turn, STEP.end_of_turn, STEP.action):
        game.step_event(step)
    if step in (ATTACK_WINDOW, STEP.defend_window):
        window_opens(game, step, ap)
    game.give_priority(ap.name)
