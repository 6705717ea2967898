"""`Events`: what happens, as replacement effects change it, and the triggered abilities it sets off.

Events that happen at the same time (`happen`) are each offered to the replacement and prevention effects
that could apply (`replacements`): each effect applies at most once to an event and its descendants
(MTG 419.6a, WoW 716.1d), and when several could, a player chooses (MTG 419.9, WoW 717.3). An event a
game defines as another (MTG's destroy is a move to the graveyard) is rewritten (`expand`) and the new
event gets its own chance to be replaced. Then all of them are carried out (`perform`), and the
triggered abilities they set off wait (`collect_triggers` fills `pending`) until a player would receive
priority; then they go on the stack, each player's in the order that player chooses, players in APNAP
order (MTG 410.3, WoW 708.1a).
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError
from judge.engine.core.objects import Event, PendingTrigger

EXPAND_LIMIT = 20        # events defined as other events, nested
REPLACE_LIMIT = 1000     # replacement steps on one event before we call it a loop


class Events:
    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    # ------------------------------------------------------------------ happening
    def happen(self, events: list[Event]) -> list[Event]:
        """Carry out events that happen simultaneously: replace each, perform all, then look for triggers.
        Returns the events that were carried out."""
        g = self.game
        applying = g.recorder.applying_now
        final: list[Event] = []
        for ev in events:
            if applying:
                if ev.cause is None:
                    ev.cause = applying[-1].id
                if ev.firing is None:
                    ev.firing = applying[-1]
            final.extend(self._expand(self.replace(ev)))
        snap = g.lookback(final)
        done = []
        for ev in final:
            f = ev.firing
            if f is not None and (not applying or applying[-1] is not f):
                applying.append(f)
                try:
                    ok = g.perform(ev)
                finally:
                    applying.pop()
            else:
                ok = g.perform(ev)
            if ok:
                done.append(ev)
        if done:
            g.collect_triggers(done, snap)
        return done

    def happen_under(self, firing, kind: str, *data: dict) -> list[Event]:
        """Events of one kind that apply `firing` (their changes are recorded on it), happening together."""
        with self.game.recorder.under(firing):
            return self.happen([Event(kind, d, firing.id, firing=firing) for d in data])

    def _expand(self, events: list[Event], depth: int = 0) -> list[Event]:
        """Events that are defined as other events (MTG: destroy = put into the graveyard) are
        rewritten, and the rewritten events get their own chance to be replaced."""
        out: list[Event] = []
        for ev in events:
            sub = self.game.expand(ev)
            if sub is None:
                out.append(ev)
                continue
            if depth > EXPAND_LIMIT:
                raise EngineError("event expansion did not settle")
            for s in sub:
                if s.firing is None:
                    s.firing = ev.firing
                if s.cause is None:
                    s.cause = ev.cause
            out.extend(self._expand([e for s in sub for e in self.replace(s)], depth + 1))
        return out

    # ------------------------------------------------------------------ replacement
    def replace(self, event: Event) -> list[Event]:
        """Apply replacement/prevention effects, each at most once per event, until none applies."""
        g = self.game
        out: list[Event] = []
        work = [event]
        guard = 0
        while work:
            guard += 1
            if guard > REPLACE_LIMIT:
                raise EngineError("replacement effects did not settle")
            ev = work.pop(0)
            fresh = []
            for r in g.replacements(ev):
                if r.id in ev.applied:
                    g.replacement_already_applied(r, ev)
                else:
                    fresh.append(r)
            if not fresh:
                out.append(ev)
                continue
            chosen = fresh[0] if len(fresh) == 1 else g.choose_replacement(ev, fresh)
            new = g.apply_replacement(chosen, ev)
            for ne in new:
                ne.applied = ev.applied | {chosen.id}
                ne.root = ev.root
            work[0:0] = new
        return out

    def choose_replacement(self, event: Event, candidates: list, rule: str | None = None):
        """The player the game names (`replacement_chooser`) picks one of the effects in the tier it names; an
        illegal answer is refused under `rule` (else the game's rule for replacement choices)."""
        g = self.game
        chooser, tier = g.replacement_chooser(event, candidates)
        if len(tier) == 1:
            return tier[0]
        ids = [r.id for r in tier]
        ans = g.choose("replacement", g.event_subject(event), by=chooser, options=ids, sequence=True,
                       hint="several choices for one event: a list, one item per choice, in order", rule=rule)
        return next(r for r in tier if r.id == ans)

    # ------------------------------------------------------------------ triggers onto the stack
    def put_triggers(self) -> None:
        """Pending triggers go on the stack: each player's in the order they choose, players in APNAP order."""
        g = self.game
        pending, g.pending = g.pending, []
        by_player: dict[str, list[PendingTrigger]] = {}
        for t in pending:
            by_player.setdefault(t.controller, []).append(t)
        for name in g.apnap():
            group = by_player.pop(name, [])
            if not group:
                continue
            for t in self.order_group(name, group):
                g.put_on_stack(t)
        # what is left in by_player belongs to controllers who left the game: those triggers cease
        g.passes = 0

    def order_group(self, name: str, group: list[PendingTrigger]) -> list[PendingTrigger]:
        """One player's triggers in the order they choose (first = bottom), unless the order cannot matter."""
        g = self.game
        if len(group) == 1 or g.indistinguishable(group):
            return group
        ids = [t.id for t in group]

        def legal(ans):
            if not isinstance(ans, list) or sorted(map(str, ans)) != sorted(ids):
                return f"must list each of {', '.join(ids)} exactly once"
            return None

        ans = g.choose("order", name, by=name, options=ids, legal=legal, auto=False,
                       hint="list them in the order they are put on the stack (first = bottom)")
        pos = {str(a): i for i, a in enumerate(ans)}
        return sorted(group, key=lambda t: pos[t.id])
