"""Rules cited from their text (fixm5):

- 103.4 / 409.2b: 409.2b ("the controller does it first, then the opponent; an exception to rule 103.4") changes
  only who decides first; the actions chosen still happen at the same time, which is 103.4's — so a non-active
  player's "each player sacrifices a creature" cites both; with only one player sacrificing, neither.
- 404.4a: a delayed "when this creature leaves play" written in the triggered-ability form (`when: {event: leaves,
  self: true}`, no `about:`) is about the ability's source: it triggers when the source leaves play after the
  ability resolved, and never when the source left before.
- 308.3: an attack trigger checks the attacker only as it is declared — a creature that met the condition then and
  stops meeting it later this turn (a green land creature that stops being one) still triggered it: cited at that
  change; a creature that stays as it was declared leaves 308.3 nothing to decide.
- 407.2: an ability an effect gave ("has 'this creature is an artifact creature'") can be removed by another effect —
  cited when losing all abilities removes it (`granted_removed`); an effect that sets the type is kept
  (`set_is_not_granted`), and the two never fire on the same board.
- 409.1c: one use of "目标" may name several kinds, "target spell or creature" (`what: [咒语, 生物]`): legal if the
  target is any one of them; a list of one kind, or a kind twice, is refused by the loader naming file and line."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.scenario.load import ScenarioError, ScenarioErrors, instances, load_scenario, load_scenario_text
from judge.engine.scenario.run import replay

MTG = Path(__file__).resolve().parents[1] / "scenarios" / "mtg"


def _run(name: str, variant: int = 0):
    sf = load_scenario(MTG / name)
    return replay(sf, instances(sf)[variant])


def _firings(out, rule):
    return [f for s in out.trace.steps for f in s.firings if f.rule == rule]


def test_a_non_active_players_edict_cites_103_4_for_the_simultaneous_sacrifice():
    out = _run("103.4-controller-first-actions-simultaneous.yaml")
    assert [f.reason for f in _firings(out, "mtg:409.2b")] == ["controller_first"]
    assert [f.reason for f in _firings(out, "mtg:103.4")] == ["simultaneous_actions"]
    assert {out.game.objects[i].zone for i in ("a2", "b1")} == {"graveyard"}
    assert out.game.objects["a1"].zone == "battlefield"


def test_the_active_players_edict_cites_103_4_for_the_apnap_order_not_409_2b():
    out = _run("103.4-each-player-sacrifices.yaml")
    assert [f.reason for f in _firings(out, "mtg:103.4")] == ["apnap_choices"]
    assert not _firings(out, "mtg:409.2b")


def test_only_the_controller_sacrificing_cites_neither():
    out = _run("103.4-controller-first-actions-simultaneous.yaml", 1)
    assert not _firings(out, "mtg:103.4") and not _firings(out, "mtg:409.2b")


def test_a_delayed_leaves_trigger_in_the_self_form_triggers_when_its_source_leaves_later():
    out = _run("404.4a-delayed-self-event-form.yaml")
    assert [f.objects for f in _firings(out, "mtg:404.4a")] == [["guard"]]
    assert len(_firings(out, "mtg:404.4b")) == 1
    assert out.game.by_name["甲"].life == 24


def test_the_same_delayed_trigger_never_triggers_when_its_source_left_first():
    out = _run("404.4a-delayed-self-event-form.yaml", 1)
    assert not _firings(out, "mtg:404.4b")
    assert out.game.by_name["甲"].life == 21


def test_a_creature_that_stops_meeting_an_attack_triggers_condition_after_declaration_cites_308_3():
    out = _run("308.3-met-at-declaration-stays-triggered.yaml")
    got = [(f.reason, f.objects) for f in _firings(out, "mtg:308.3")]
    assert got == [("met_at_declaration", ["bind", "mtn"])]
    assert out.game.objects["mtn"].zone == "graveyard"


def test_a_creature_that_stays_as_declared_does_not_cite_308_3():
    out = _run("308.3-met-at-declaration-stays-triggered.yaml", 1)
    assert not _firings(out, "mtg:308.3")
    assert out.game.objects["mtn"].zone == "graveyard"


def test_losing_all_abilities_removes_a_granted_artifact_ability_cited_under_407_2():
    out = _run("407.2-granted-vs-characteristic.yaml")
    assert [(f.reason, f.objects) for f in _firings(out, "mtg:407.2")] == [("granted_removed", ["bear"])]


def test_a_set_artifact_type_is_kept_and_no_granted_ability_is_removed():
    out = _run("407.2-granted-vs-characteristic.yaml", 1)
    assert [f.reason for f in _firings(out, "mtg:407.2")] == ["set_is_not_granted"]


def test_a_target_of_several_kinds_may_be_a_spell():
    out = _run("409.1c-target-of-several-kinds.yaml")
    assert not out.failures and out.game.chars(out.game.objects["rider"]).colors == ["绿"]


def test_a_target_of_several_kinds_may_be_a_creature():
    out = _run("409.1c-target-of-several-kinds.yaml", 1)
    assert not out.failures and out.game.chars(out.game.objects["bear"]).colors == ["绿"]


def test_a_target_of_several_kinds_refuses_what_is_none_of_them_saying_why_in_its_zone():
    out = _run("409.1c-target-of-several-kinds.yaml", 2)
    [rej] = [s.rejected for s in out.trace.steps if s.rejected is not None]
    assert rej.rule == "mtg:409.1c" and rej.fields["expected"] == "生物"


@pytest.mark.parametrize("what", ["[咒语]", "[咒语, 咒语]"])
def test_a_list_of_one_target_kind_is_a_load_error_naming_the_line(what):
    text = (MTG / "409.1c-target-of-several-kinds.yaml").read_text(encoding="utf-8").replace("[咒语, 生物]", what)
    with pytest.raises((ScenarioError, ScenarioErrors)) as e:
        load_scenario_text(text, "t.yaml", MTG.parent)
    assert "t.yaml:9" in str(e.value) and "two or more different kinds" in str(e.value)


# what the mutmut run (3.8.1) on the plain functions changed here asked for


def test_a_delayed_ability_without_about_is_about_its_target_unless_its_event_names_itself():
    from judge.engine.games.mtg.effects import delayed_about
    assert delayed_about({"when": {"event": "leaves"}}) == "target"
    assert delayed_about({"when": {"event": "leaves", "self": True}}) == "self"
    assert delayed_about({}) == "target"


class _Game:
    def __init__(self):
        self.fired = []

    def fire(self, rule, code, objs, **fields):
        self.fired.append((rule, code, fields))


def _applied(kind, eid, value=None, name="x"):
    from types import SimpleNamespace
    return SimpleNamespace(kind=kind, eid=eid, value=value, source_name=name)


def test_granted_removed_names_only_grants_applied_before_the_loss_of_all_abilities():
    from types import SimpleNamespace
    from judge.engine.games.mtg.layers import granted_removed
    from judge.engine.games.mtg.state import AbilityDef
    setter = AbilityDef("a", "static", {"affects": "self", "add_types": ["神器"]}, "本生物是神器生物")
    keyword = AbilityDef("k", "static", {"affects": "self", "keywords": ["飞行"]}, "")
    lose = _applied("lose_all", "e2", name="遗忘")
    before = [_applied("pump", "e0"), _applied("grant", "e1", [keyword, setter], "机械之赐")]
    after = _applied("grant", "e3", [setter], "后来的灵气")
    g = _Game()
    granted_removed(g, "bear", SimpleNamespace(applied=[*before, lose, after]), [lose])
    assert g.fired == [("407.2", "granted_removed", {"object": "bear", "source": "遗忘", "granter": "机械之赐",
                                                     "ability": "本生物是神器生物"})]
    g = _Game()
    granted_removed(g, "bear", SimpleNamespace(applied=[lose, after]), [lose])
    assert g.fired == []


def test_a_spell_of_several_target_kinds_cannot_target_itself():
    text = (MTG / "409.1c-target-of-several-kinds.yaml").read_text(encoding="utf-8")
    text = text.replace("targets: [rider], pay", "targets: [dye], pay").replace(
        "expect:\n  where: {rider: battlefield}", "expect:\n  where: {dye: hand}", 1)
    text = text.replace('  - {as: 甲, cast: dye, targets: [dye], pay: "{绿}"}',
                        '  - {as: 甲, cast: dye, targets: [dye], pay: "{绿}", rejected: 415.6}')
    sf = load_scenario_text(text, "t.yaml", MTG.parent)
    out = replay(sf, None)
    [rej] = [s.rejected for s in out.trace.steps if s.rejected is not None]
    assert rej.rule == "mtg:415.6"
