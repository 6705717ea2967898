"""`Journal`: undoing an action the rules refuse, so the game is as if it was never attempted (MTG 422, WoW 707.2).

When an action begins, the journal copies the game state a game lists in `REWOUND` (the stack, the
pending triggers, who is active and has priority, the step, the turn…: lists, dicts and sets are
copied, other values kept) and the ids in use. While the action runs, every attribute change
(`set`), zone move and placement is noted. If the rules refuse the action (`IllegalAction`),
`rewind()` undoes the notes in reverse order and restores the copies; what the action wrote into the
trace stays there as an undone attempt (`Step.undone`).
"""
from __future__ import annotations


_COPY = {list: list, dict: dict, set: set}     # how a saved value is copied (others are kept as they are)


class Journal:
    __slots__ = ("game", "names", "entries", "saved", "memory")

    def __init__(self, game, names: tuple):
        self.game = game
        self.names = names          # the game attributes an action may change without a note (its `REWOUND`)
        self.entries: list = []
        self.saved: dict = {}
        self.memory: tuple | None = None

    def start(self) -> None:
        """An action begins: copy what a rewind restores, forget earlier notes."""
        g = self.game
        self.entries = []
        saved = self.saved = {}
        copier = _COPY.get
        for name in self.names:
            v = getattr(g, name)
            c = copier(v.__class__)
            saved[name] = v if c is None else c(v)
        saved["ids"] = set(g.ids)
        self.memory = g.recorder.mark()

    # ------------------------------------------------------------------ notes
    def set(self, target, attr: str, old) -> None:
        self.entries.append(("set", target, attr, old))

    def moved(self, obj, old_key: tuple, index: int) -> None:
        """`obj` left position `index` of zone list `old_key` (-1: it was in none), as it was before."""
        self.entries.append(("move", obj, old_key, index, obj.zone, obj.inc, obj.timestamp))

    def placed(self, obj, key: tuple) -> None:
        self.entries.append(("placed", obj, key))

    # ------------------------------------------------------------------ undo
    def rewind(self, step) -> None:
        """Undo everything the current action did; `step` (the action's own) is left empty."""
        g = self.game
        for entry in reversed(self.entries):
            if entry[0] == "set":
                _, target, attr, before = entry
                setattr(target, attr, before)
            elif entry[0] == "placed":
                _, obj, key = entry
                lst = g.zones.get(key)
                if lst is not None and obj.id in lst:
                    lst.remove(obj.id)
            else:
                _, obj, old_key, idx, zone, inc, ts = entry
                obj.zone, obj.inc, obj.timestamp = zone, inc, ts
                lst = g.zone_list(old_key)
                if idx >= 0:
                    lst.insert(min(idx, len(lst)), obj.id)
        self.entries = []
        for name, v in self.saved.items():
            if name == "ids":
                g.ids = v
            else:
                setattr(g, name, v)
        g.recorder.restart(step, self.memory)
        g.version += 1
