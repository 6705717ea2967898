"""The core is game-agnostic: a toy game built only from its hooks gets priority, the stack,
replacement (each effect once per event), APNAP trigger order and rewinding for free.

This is also the smallest example of plugging a game into the core (see the WoW issue).
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from judge.engine.core.choices import Choices
from judge.engine.core.errors import IllegalAction, InvalidChoice, MissingChoice
from judge.engine.core.game import Game
from judge.engine.core.objects import Event, PendingTrigger, Player
from judge.engine.core.registry import RuleRegistry

toy_rules = RuleRegistry("toy", book="mtg")
toy_rules.declare("100.1", reasons={"damage": "player amount", "doubled": "effect before after"},
                  near_misses={"already": "effect"})
toy_rules.declare("100.2", reasons={"resolved": "item"})


@dataclass
class Doubler:
    id: str
    name: str


@dataclass
class Item:
    id: str
    controller: str
    amount: int

    @property
    def name(self):
        return self.id


class Toy(Game):
    game = "toy"
    book = "mtg"
    rules = toy_rules
    ACTIONS = Game.ACTIONS | {"hit": "do_hit", "bad": "do_bad"}

    def __init__(self, doublers=0):
        super().__init__()
        for n in ("A", "B", "C"):
            self.seat(Player(n))
        self.active = "A"
        self.priority = "A"
        self.step = "main"
        self.doublers = [Doubler(f"d{i}", f"倍增{i}") for i in range(doublers)]
        self.resolved: list[str] = []

    # hooks
    def replacements(self, ev):
        return list(self.doublers) if ev.kind == "damage" else []

    def apply_replacement(self, r, ev):
        new = ev.derive(amount=ev.data["amount"] * 2)
        self.fire("100.1", "doubled", [], effect=r.name, before=ev.data["amount"], after=new.data["amount"])
        return [new]

    def replacement_already_applied(self, r, ev):
        self.near_miss("100.1", "already", [], once=(r.id, ev.root), effect=r.name)

    def replacement_chooser(self, ev, cands):
        return ev.data["player"].name, cands

    def event_subject(self, ev):
        return ev.data["player"].name

    def perform(self, ev):
        p = ev.data["player"]
        self.set(p, "life", p.life - ev.data["amount"])
        return True

    def put_on_stack(self, t: PendingTrigger):
        self.stack.append(Item(t.id, t.controller, 1))

    def resolve(self, item):
        self.stack.pop()
        self.fire("100.2", "resolved", [], item=item.id)
        self.resolved.append(item.id)

    def end_step(self):
        self.step = "end"
        self.give_priority(self.active)

    # actions
    def do_hit(self, actor, amount=1, **_):
        self.require_priority(actor)
        f = self.fire("100.1", "damage", [], player="B", amount=amount)
        with self.under(f):
            self.happen([Event("damage", {"player": self.by_name["B"], "amount": amount})])
        self.took_action(actor)

    def do_bad(self, actor, **_):
        f = self.fire("100.1", "damage", [], player="B", amount=5)
        with self.under(f):
            self.set(self.by_name["B"], "life", 1)
        raise IllegalAction("toy:100.1", "damage", {}, "not allowed")


def test_each_replacement_applies_once_per_event():
    g = Toy(doublers=2)
    g.act("hit", "A", {"amount": 2}, {"replacement": {"B": "d0"}})
    assert g.by_name["B"].life == 20 - 8
    step = g.trace.steps[-1]
    assert [f.reason for f in step.firings] == ["damage", "doubled", "doubled"]
    assert [n.reason for n in step.near_misses] == ["already", "already"]


def test_choice_among_replacements_is_strict():
    g = Toy(doublers=2)
    with pytest.raises(MissingChoice) as e:
        g.act("hit", "A", {"amount": 2})
    assert e.value.options == ["d0", "d1"] and e.value.by == "B"


def test_priority_goes_round_and_the_stack_resolves():
    g = Toy()
    g.stack.append(Item("x", "A", 1))
    g.act("pass", "A", {})
    assert g.priority == "B"
    g.act("pass", "B", {})
    assert g.priority == "C"
    g.act("pass", "C", {})
    assert g.resolved == ["x"] and g.priority == "A"
    with pytest.raises(IllegalAction):
        g.act("pass", "B", {})


def test_triggers_go_on_the_stack_active_player_first():
    g = Toy()
    for who, tid in (("C", "c1"), ("A", "a1"), ("B", "b1")):
        g.pending.append(PendingTrigger(tid, "src", 0, "src", who, object(), None))
    g.begin_step("event", "x")
    g.before_priority()
    assert [i.id for i in g.stack] == ["a1", "b1", "c1"]     # bottom → top: APNAP


def test_one_players_triggers_need_an_order_choice():
    g = Toy()
    ab1, ab2 = object(), object()
    g.pending += [PendingTrigger("t1", "s1", 0, "s1", "A", ab1, None), PendingTrigger("t2", "s2", 0, "s2", "A", ab2, None)]
    g.begin_step("event", "x")
    with pytest.raises(MissingChoice):
        g.before_priority()


def test_an_illegal_action_is_rewound():
    g = Toy()
    with pytest.raises(IllegalAction):
        g.act("bad", "A", {})
    assert g.by_name["B"].life == 20
    assert g.trace.steps[-1].firings == []


def test_new_ids_are_stable():
    g = Toy()
    assert [g.new_id("x"), g.new_id("x"), g.new_id("x")] == ["x", "x#2", "x#3"]


# ---------------------------------------------------------------- the core's shape

def test_the_hook_list_in_the_engine_docstring_is_the_games_hooks():
    """Every hook the docstring names is one `Game` has, and every hook `Game` declares is documented."""
    import re

    import judge.engine as engine
    from judge.engine.core.game import HOOKS, REFINEMENTS

    doc = engine.__doc__
    named = set(re.findall(r"`([a-z_]+)\(", doc))
    for h in HOOKS + REFINEMENTS:
        assert h in doc, f"hook {h} is not in judge.engine's docstring"
        assert callable(getattr(Game, h)), h
    assert set(HOOKS) <= named
    assert not set(HOOKS) & set(REFINEMENTS)


def test_a_game_cannot_redefine_a_verb_of_the_core():
    with pytest.raises(TypeError, match="fire"):
        class Bad(Game):
            def fire(self, *a, **k):
                pass


def test_rewinding_restores_the_state_a_game_declares():
    class Counting(Toy):
        REWOUND = Toy.REWOUND + ("seen", "notes")
        ACTIONS = Toy.ACTIONS | {"note": "do_note"}

        def __init__(self):
            super().__init__()
            self.seen = {"a"}
            self.notes = {"x": 1}

        def do_note(self, actor, **_):
            self.seen.add("b")
            self.notes["y"] = 2
            self.new_id("fresh")
            raise IllegalAction("toy:100.1", "damage", {}, "no")

    g = Counting()
    with pytest.raises(IllegalAction):
        g.act("note", "A", {})
    assert g.seen == {"a"} and g.notes == {"x": 1} and "fresh" not in g.ids
    assert g.new_id("fresh") == "fresh"


def test_inner_answers_that_nobody_asked_for_are_refused():
    from judge.engine.core.errors import UnusedChoice

    g = Toy()
    with pytest.raises(UnusedChoice):
        with g.chooser.answering({"may": {"x": True}}):
            pass
    assert g.chooser.sheet.given == {}


def test_what_a_player_may_see_follows_the_zone():
    from judge.engine.core.objects import Obj
    from judge.engine.core.zones import Zone, zone_specs

    class Hidden(Toy):
        ZONE_SPECS = zone_specs(Zone("library", top_first=True, visibility="hidden"), Zone("hand", visibility="owner"),
                                Zone("field", shared=True))

    g = Hidden()
    for oid, zone, down in (("l", "library", False), ("h", "hand", False), ("f", "field", False),
                            ("d", "field", True)):
        g.place(Obj(oid, None, "A", "A", zone, oid, face_down=down))
    seen = {(o, p): g.visible_to(g.objects[o], p) for o in "lhfd" for p in "AB"}
    assert seen == {("l", "A"): False, ("l", "B"): False, ("h", "A"): True, ("h", "B"): False,
                    ("f", "A"): True, ("f", "B"): True, ("d", "A"): True, ("d", "B"): False}
    assert g.zone_key("A", "A", "field") == (None, "field") and g.zone_key("A", "A", "hand") == ("A", "hand")
    with pytest.raises(ValueError):
        Zone("x", visibility="secret")


def test_a_card_put_on_top_of_a_top_first_zone_comes_first():
    from judge.engine.core.objects import Obj
    from judge.engine.core.zones import Zone, zone_specs

    class Lib(Toy):
        ZONE_SPECS = zone_specs(Zone("library", top_first=True))

    g = Lib()
    for oid in ("a", "b"):
        g.place(Obj(oid, None, "A", "A", "library", oid))
    c = Obj("c", None, "A", "A", "hand", "c")
    g.place(c)
    g.relocate(c, "library")
    assert g.zones[("A", "library")] == ["c", "a", "b"]
    g.relocate(g.objects["b"], "hand")
    g.relocate(g.objects["b"], "library", top=False)
    assert g.zones[("A", "library")] == ["c", "a", "b"]


def test_a_zone_nobody_declared_is_public():
    """An undeclared zone shows every face up card to everyone and a face-down one only to its controller."""
    from judge.engine.core.objects import Obj

    g = Toy()
    up, down = Obj("u", None, "A", "A", "limbo", "u"), Obj("d", None, "A", "A", "limbo", "d", face_down=True)
    for o in (up, down):
        g.place(o)
    assert [g.visible_to(up, p) for p in "AB"] == [True, True]
    assert [g.visible_to(down, p) for p in "AB"] == [True, False]


def test_a_zone_with_an_unknown_visibility_says_which_are_known():
    from judge.engine.core.zones import Zone

    with pytest.raises(ValueError, match=r"zone x: visibility 'secret' is not one of public, owner, hidden"):
        Zone("x", visibility="secret")


def test_acting_without_priority_is_refused_by_the_game():
    g = Toy()
    with pytest.raises(IllegalAction) as e:
        g.act("pass", "B", {})
    assert e.value.rule == "toy:?" and e.value.reason == "not_priority" and e.value.fields == {"player": "B"}
    assert "B does not have priority (A has)" in e.value.message
    assert g.priority == "A" and len(g.trace.steps) == 1 and not g.trace.steps[0].firings


# ---------------------------------------------------------------- mechanics the book does not number

def test_a_mechanic_the_book_does_not_number_fires_without_a_rule_id():
    from judge.engine.core.errors import EngineError

    reg = RuleRegistry("toy2", book="mtg")
    reg.mechanic("destroy", word="摧毁", reasons={"destroyed": "object"}, near_misses={"survived": "object"})
    assert "destroy" not in reg.entries and reg.numbers() == [] and reg.missing_in(None) == []   # never checked
    assert reg.mechanics["destroy"].word == "摧毁" and reg.codes["destroyed"].fields == ("object",)
    with pytest.raises(ValueError, match="two words"):
        reg.mechanic("destroy", word="消灭")
    with pytest.raises(ValueError, match="needs the word"):
        reg.mechanic("kill", word="")

    class T(Toy):
        rules = reg

    g = T()
    g.begin_step("event", "x")
    f = g.unnumbered("destroy", "destroyed", ["u"], object="u")
    assert (f.rule, f.mechanic, f.objects, f.fields) == (None, "摧毁", ["u"], {"object": "u"})
    with g.under(f):
        g.set(g.by_name["A"], "life", 3)
    assert [(c.subject, c.attr, c.after) for c in f.changes] == [("A", "life", 3)]
    doc = g.trace.to_dict(rule_text=lambda r: "TEXT")
    fd = doc["steps"][0]["firings"][0]
    assert fd["rule"] is None and fd["mechanic"] == "摧毁" and fd["rule_text"] == ""
    with pytest.raises(EngineError, match="undeclared reason 'nope'"):
        g.unnumbered("destroy", "nope")
    with pytest.raises(EngineError, match="undeclared reason 'destroyed'"):
        g.fire("destroy", "destroyed")          # a mechanic is no rule: `fire` does not know it
    e = g.illegal_unnumbered("destroy", "destroyed", "no", object="u")
    assert (e.rule, e.mechanic, e.reason, e.fields) == (None, "摧毁", "destroyed", {"object": "u"})
    assert "摧毁: destroyed" in str(g.illegal_unnumbered("destroy", "destroyed", "")) 


def test_a_numbered_firing_has_no_mechanic_in_its_json():
    g = Toy()
    g.begin_step("event", "x")
    g.fire("100.2", "resolved", [], item="i")
    fd = g.trace.to_dict()["steps"][0]["firings"][0]
    assert fd["rule"] == "toy:100.2" and "mechanic" not in fd


# ---------------------------------------------------------------- issue 11 §2: refusals, not replay errors

class RulingToy(Toy):
    """The toy with a rewind rule and a rule per kind of choice, as MTG (422.1) and WoW (707.2) have."""

    REWIND_RULE = "100.3"
    CHOICE_RULES = {"replacement": "100.4"}


toy_rules.declare("100.3", reasons={"action_rewound": "rule undone"})
toy_rules.declare("100.4", reasons={"invalid_choice": "player choice answer",
                                    "wrong_chooser": "player choice answer answerer",
                                    "nothing_legal": "player choice answer"})


def test_a_rewound_attempt_is_kept_marked_undone_with_its_own_ids():
    g = Toy()
    g.act("hit", "A", {"amount": 1})
    touched = dict(g.recorder.touched)
    with pytest.raises(IllegalAction):
        g.act("bad", "A", {})
    step = g.trace.steps[-1]
    assert step.firings == [] and step.rejected.rule == "toy:100.1"
    assert [(f.id, f.rule) for f in step.undone.firings] == [(f"{step.index}~{step.index}.1", "toy:100.1")]
    assert g.recorder.touched == touched                      # the recorder forgets what the attempt touched
    doc = g.trace.to_dict()["steps"][-1]
    assert doc["undone"]["firings"][0]["id"] == f"{step.index}~{step.index}.1"
    assert doc["rejected"]["rule"] == "toy:100.1" and doc["data"]["rejected_because"] == "not allowed"


def test_the_rewind_rule_is_cited_on_every_refusal():
    g = RulingToy()
    with pytest.raises(IllegalAction):
        g.act("bad", "A", {})
    [f] = g.trace.steps[-1].firings
    assert (f.rule, f.reason, f.fields) == ("toy:100.3", "action_rewound", {"rule": "100.1", "undone": 1})


def test_a_choice_answered_by_the_wrong_player_is_refused_under_the_rule_that_says_who_chooses():
    g = RulingToy(doublers=2)
    with pytest.raises(IllegalAction) as e:
        g.act("hit", "A", {"amount": 2}, {"replacement": {"A": "d0"}})
    assert e.value.rule == "toy:100.4" and e.value.reason == "wrong_chooser"
    assert e.value.fields["answerer"].name == "A" and e.value.fields["player"].name == "B"
    assert g.by_name["B"].life == 20 and g.stack == [] and g.priority == "A"
    g.act("hit", "A", {"amount": 2}, {"replacement": {"B": "d0"}})      # the replay goes on, legally
    assert g.by_name["B"].life == 12


def test_an_illegal_answer_without_any_rule_stays_an_engine_error():
    g = Toy(doublers=2)
    with pytest.raises(InvalidChoice):
        g.act("hit", "A", {"amount": 2}, {"replacement": {"B": "d9"}})
    assert g.by_name["B"].life == 20


def test_choices_keyed_by_the_player_who_makes_them():
    sheet = Choices({"targets": {"甲": {"x.a1": "bear"}}, "replacement": {"乙": ["g1", "g2"]}}, ["甲", "乙"])
    assert sheet.need("targets", "x.a1", by="甲", options=["bear", "elf"]) == ("bear", False)
    assert sheet.need("replacement", "beast", by="乙", options=["g1", "g2"], sequence=True) == ("g1", False)
    assert sheet.need("replacement", "beast", by="乙", options=["g2"], sequence=True) == ("g2", False)
    assert sheet.unused() == []


def test_another_players_answer_is_refused_not_missing():
    nested = Choices({"targets": {"乙": {"x.a1": "bear"}}}, ["甲", "乙"])
    with pytest.raises(InvalidChoice) as e:
        nested.need("targets", "x.a1", by="甲", options=["bear", "elf"])
    assert e.value.answerer == "乙" and "甲's to make, not 乙's" in e.value.message
    own = Choices({"sacrifice": {"乙": "a1"}}, ["甲", "乙"])       # 乙 names 甲's creature for 甲's decision
    with pytest.raises(InvalidChoice) as e:
        own.need("sacrifice", "甲", by="甲", options=["a1", "a2"])
    assert e.value.answerer == "乙"
    theirs = Choices({"sacrifice": {"乙": "b1"}}, ["甲", "乙"])     # 乙's own decision: not an answer for 甲
    with pytest.raises(MissingChoice):
        theirs.need("sacrifice", "甲", by="甲", options=["a1", "a2"])
    assert theirs.unused() == [("sacrifice", "乙")]


def test_legal_may_name_the_rule_that_forbids_an_answer():
    sheet = Choices({"color": {"s": "多色"}}, ["甲"])
    with pytest.raises(InvalidChoice) as e:
        sheet.need("color", "s", by="甲", legal=lambda a: ("not a colour", "203.2d"))
    assert e.value.rule == "203.2d" and "not a colour" in e.value.message


def test_an_answer_to_a_decision_with_nothing_legal_is_refused():
    g = RulingToy()
    g.begin_step("action", "x")
    g.chooser.start({"replacement": {"B": "d0"}})
    with pytest.raises(IllegalAction) as e:
        g.chooser.none_legal("replacement", "B", by="B")
    assert e.value.reason == "nothing_legal" and e.value.rule == "toy:100.4"
    g.chooser.start({})
    g.chooser.none_legal("replacement", "B", by="B")            # nothing answered: nothing to refuse


def test_a_missing_choice_stays_an_error_with_the_options():
    with pytest.raises(MissingChoice) as e:
        Choices({}, ["甲"]).need("targets", "x", by="甲", options=["a", "b"])
    assert e.value.options == ["a", "b"]
