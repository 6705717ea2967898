"""`RiftboundGame`: Riftbound on the engine core.

This class only wires the core's hooks to the modules that implement the rules (`play`, `activate`,
`resolve`, `effects`, `moves`, `triggers`, `privacy`, `turn`); the rules live next to their numbers there.
The core's stack is the chain (结算链); its state checks before priority destroy a unit whose damage has
reached its 战力 (not in this book); its replacement effects are a card's "instead" abilities (not in this
book); what each player may see is `privacy.visible_to`.
"""
from __future__ import annotations

from judge.engine.core.errors import EngineError
from judge.engine.core.game import Game
from judge.engine.core.objects import Event
from judge.engine.games.common.game import CardGame
from judge.engine.games.common.words import skeleton
from judge.engine.games.riftbound import activate, moves, play, privacy, resolve, setup, triggers, turn, words
from judge.engine.games.riftbound.rules import mechanic, rules
from judge.engine.games.riftbound.state import RCard, RPlayer, pool_text
from judge.engine.games.riftbound.words import BOARD_ZONES, ON_BOARD, TYPE, ZONE_SPEC, ZONE_SPECS, say, zone

mechanic("lethal", reasons={"lethal_damage": "object damage might"})
mechanic("replacement", reasons={"replaced": "object instead"})


class _Instead:
    """A card's "if I would be destroyed, … instead" ability as a replacement effect (not in this book)."""

    __slots__ = ("id", "obj", "ability")

    def __init__(self, obj, ability):
        self.id = f"{obj.id}.{ability.key}"
        self.obj = obj
        self.ability = ability


class RiftboundGame(CardGame):
    game = "riftbound"
    book = "riftbound"
    rules = rules
    STEP_ALIASES = words.ALIASES
    PLAY_ZONE = "battlefield"
    SETUP = setup
    STACK_ZONE = "chain"
    ACTIONS = Game.ACTIONS | {"cast": play.cast, "activate": activate.activate, "look": privacy.look,
                              "arrange": privacy.arrange}
    REWOUND = Game.REWOUND + ("delayed", "resolving")
    ZONE_SPECS = ZONE_SPECS
    STEPS = words.STEPS
    ZONES = BOARD_ZONES
    SCENARIO_TEMPLATE = skeleton("riftbound")

    def __init__(self, seed: int = 0):
        super().__init__()
        self.delayed: list = []
        self.resolving: list = []       # the chain items being resolved, innermost last (158.3)

    # ------------------------------------------------------------------ loading (no events, no triggers)
    def add_player(self, name: str, pool: dict | None = None) -> RPlayer:
        return self.seat(RPlayer(name, pool=dict(pool or {})))

    def add_card(self, oid: str, card, owner: str, zone_name: str, *, controller=None, tapped=False, damage=0,
                 face_down=False, token=False, chosen_champion=False) -> RCard:
        if zone_name not in ON_BOARD and (controller or owner) != owner:
            raise EngineError(f"{oid}: only a card on the board ({', '.join(ON_BOARD)}) can be controlled by "
                              f"another player than its owner")
        o = RCard(oid, card, owner, controller or owner, zone_name, card.name, tapped=tapped, damage=damage,
                  face_down=face_down, token=token, timestamp=self.tick(), chosen_champion=chosen_champion)
        self.place(o)
        return o

    def finish_loading(self) -> None:
        pass

    def add_delayed(self, d) -> None:
        self.delayed.append(d)
        self.item_names[d.id] = say("name.delayed_of", source=d.source_name)
        self.record(d.id, "effect", None, d.source_name)

    # ------------------------------------------------------------------ zones and what players see
    def zone_objects(self, player, zone_name: str) -> list:
        if zone_name == "chain":
            return [x for x in reversed(self.stack)]
        if zone_name == "battlefield":
            return [o for o in self.in_zone((None, "battlefield")) if o.controller == player]
        return self.in_zone((player, zone_name))

    def zone_ids(self, player, zone_name: str) -> list[str]:
        if zone_name in ("stack", "chain"):
            return [s.id for s in reversed(self.stack)]
        return super().zone_ids(player, zone_name)

    def visible_to(self, obj, player: str) -> bool:
        return privacy.visible_to(self, obj, player)

    # ------------------------------------------------------------------ core hooks
    def check_state(self) -> bool:
        """A unit whose damage has reached its 战力 is destroyed (not in this book)."""
        dying = [o for o in self.objects.values() if o.zone in ON_BOARD and TYPE.unit in o.card.types
                 and o.damage > 0 and o.damage >= (o.card.might or 0)]
        for o in dying:
            f = self.unnumbered("lethal", "lethal_damage", [o], object=o, damage=o.damage, might=o.card.might)
            self.happen_under(f, "destroy", {"object": o})
        return bool(dying)

    def put_on_stack(self, t) -> None:
        triggers.put_on_chain(self, t)

    def resolve(self, item) -> bool:
        return resolve.resolve(self, item)

    def end_step(self) -> None:
        turn.end_step(self)

    def perform(self, event) -> bool:
        return moves.perform(self, event)

    def expand(self, event):
        return moves.expand(self, event)

    def replacements(self, event) -> list:
        if event.kind != "destroy":
            return []
        o = event.data["object"]
        if o.zone not in ON_BOARD:
            return []
        return [_Instead(o, ab) for ab in o.card.abilities
                if ab.kind == "replacement" and ab.spec.get("would", "destroyed") == "destroyed"]

    def apply_replacement(self, effect, event) -> list:
        o = effect.obj
        instead = effect.ability.spec.get("instead", [])
        f = self.unnumbered("replacement", "replaced", [o], object=o, instead=effect.ability.text or effect.id)
        out = []
        for e in instead:
            if "exhaust" in e:
                out.append(Event("exhaust", {"object": o}, firing=f))
            elif "to_hand" in e:
                out.append(Event("move", {"object": o, "to": "hand", "why": "returned"}, firing=f))
            elif "banish" in e:
                out.append(Event("move", {"object": o, "to": "banishment", "why": "banished"}, firing=f))
            else:
                raise EngineError(f"{o.name}: an \"instead\" ability can exhaust, return to hand or banish")
        return out

    def event_subject(self, event) -> str:
        return event.data["object"].id

    def lookback(self, events):
        return triggers.lookback(self, events)

    def collect_triggers(self, events, snapshot) -> None:
        triggers.collect(self, events, snapshot)

    def concede(self, name: str) -> None:
        raise EngineError("conceding is not in the Riftbound excerpt: no rule to apply")

    def not_priority(self, name):
        return self.illegal_unnumbered("priority", "no_priority", f"{name} does not have priority "
                                       f"({self.priority} has it)", player=name, holder=self.priority)

    def end_of_step_state(self) -> dict:
        d = super().end_of_step_state()
        d["damage"] = {o.id: o.damage for o in self.objects.values() if o.damage and o.zone in ON_BOARD}
        return d

    # ------------------------------------------------------------------ scenario hooks
    def observe(self, obj) -> dict:
        c = obj.card
        return {"pt": None if c.might is None else str(c.might), "types": list(c.types),
                "keywords": list(c.keywords), "controller": obj.controller if obj.zone in ON_BOARD else obj.owner}

    def pool_text(self, name: str) -> str:
        return pool_text(self.by_name[name].pool)

    def normalize_pool(self, value) -> str:
        return pool_text(setup.parse_pool(value)) if value else ""

    @classmethod
    def display_value(cls, attr: str, value):
        if attr == "zone" and value in ZONE_SPEC:
            return zone(value)
        if attr == "pool" and isinstance(value, dict):
            return pool_text(value) or say("none")
        if attr == "shown_to" and isinstance(value, (set, frozenset)):
            return "、".join(sorted(value)) or say("none")
        return None


rules.verify()
