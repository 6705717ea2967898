"""How a ruling names objects: by name, and by name and scenario id only when two objects share a name.

The engine renders each reason with plain object names. Two objects of one
game may share a name (each player's 英雄（战士）; a raider and a guard that are
both 示例盟军; two copies of Charge): the ruling then tells them apart the way a
judge would — by owner when their owners differ (乙的英雄（战士））, else by the
scenario id as a suffix (示例盟军（raider）), or for an object the game made
(a copy) by its number (Fire Blast#2) — and nowhere else does an id appear
in the ruling's prose. Reasons that name such an
object are rendered again from their fields with these names; trace step
descriptions likewise.
"""
from __future__ import annotations

from collections import Counter

from judge.engine import reasons
from judge.explain.templates import Templates
from judge.explain.view import Act, TraceView


class Names:
    def __init__(self, view: TraceView, t: Templates, lang: str):
        self.view = view
        self.t = t
        self.lang = lang
        count = Counter(o["name"] for o in view.objects.values())
        # an ability on the stack is named after its source (灰熊的异能): its id would not help a reader
        self.shared = {oid for oid, o in view.objects.items() if count[o["name"]] > 1 and o.get("card")}
        # the scenario's own ids name what it placed; an object the game made (a copy, a token) has an
        # engine-made id, so it is numbered among those of its name instead
        load = next((s for s in view.trace["steps"] if s["kind"] == "load"), None)
        placed = {oid for ids in ((load or {}).get("data", {}).get("zones") or {}).values() for oid in ids}
        groups: dict[str, list[str]] = {}
        for oid in self.shared:
            groups.setdefault(view.objects[oid]["name"], []).append(oid)
        seen: Counter = Counter()
        self.label: dict[str, str] = {}
        for oid, o in view.objects.items():
            if oid not in self.shared:
                continue
            seen[o["name"]] += 1
            owners = [view.objects[x].get("owner") for x in groups[o["name"]]]
            if all(owners) and len(set(owners)) == len(owners):      # each player's hero: 乙的英雄（战士）
                self.label[oid] = t("labels.object_owner", name=o["name"], owner=o["owner"])
            elif oid in placed:
                self.label[oid] = t("labels.object_id", name=o["name"], id=oid)
            else:
                self.label[oid] = t("labels.object_ordinal", name=o["name"], n=seen[o["name"]])

    def show(self, oid: str) -> str:
        """The name a ruling gives the object (or player) `oid`."""
        return self.label.get(oid) or self.view.name(oid)

    def _ref(self, v):
        if isinstance(v, dict) and set(v) == {"id", "name"}:
            return {"id": v["id"], "name": self.show(v["id"])} if v["id"] in self.shared else v
        if isinstance(v, list):
            return [self._ref(x) for x in v]
        if isinstance(v, dict):         # a phrase record (one entry of a refused answer): its refs too
            return {k: self._ref(x) for k, x in v.items()}
        return v

    def _mentions_shared(self, v) -> bool:
        if isinstance(v, dict):
            return (set(v) == {"id", "name"} and v["id"] in self.shared) or any(
                self._mentions_shared(x) for x in v.values())
        if isinstance(v, list):
            return any(self._mentions_shared(x) for x in v)
        return False

    def text(self, act: Act) -> str:
        """The act's reason, with objects that share a name told apart."""
        if not self._mentions_shared(act.fields):
            return act.text
        fields = {k: self._ref(v) for k, v in act.fields.items()}
        return reasons.render(self.view.game, act.reason, fields, self.lang)

    def step(self, step: dict) -> str:
        """A trace step's description ("甲 使用 闪电击") with the ruling's names for its objects."""
        data = {}
        for k, v in step["data"].items():
            data[k] = self._ids_to_names(v) if k in reasons.OBJECT_KEYS else v
        return reasons.render_step(step["what"], data, {}, self.lang, game=self.view.game)

    def _ids_to_names(self, v):
        if isinstance(v, str):
            return {"id": v, "name": self.show(v)} if v in self.view.objects else v
        if isinstance(v, list):
            return [self._ids_to_names(x) for x in v]
        if isinstance(v, dict) and not ({"id", "name"} <= set(v)):
            return {self._plain(a): self._plain(b) for a, b in v.items()}
        return v

    def _plain(self, v):
        if isinstance(v, list):         # a blocker blocking several attackers: {wall: [bear1, bear2]}
            return [self._plain(x) for x in v]
        return self.show(v) if isinstance(v, str) and v in self.view.objects else v
