"""WoW refusals (issue 11 §2): every refused action or answer is rewound citing 707.2 beside the rule that
forbids it, and an illegal answer to a choice is a refusal under the rule for that kind of choice.

The refusal scenarios (scenarios/wow: 707.2-illegal-choice-rewound, the `rejected:` variants of 707.1b,
708.3, 717.3b, 800.1, 801.2…) are replayed by tests/test_scenarios.py; here: what the 707.2 firing says
(the forbidding rule, what was undone, who has priority again), how a refused answer is worded (the
choice's name, cards by name, yes/no, a list item by item), and the table of choice rules itself.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.core.registry import citable
from judge.engine.games import game_for
from judge.engine.games.wow.words import say
from judge.engine.scenario.load import load_scenario
from judge.engine.scenario.run import replay

WOW = Path(__file__).resolve().parents[1] / "scenarios" / "wow"
Game = game_for("wow")


def _run(name: str, variant: str | None = None):
    out = replay(load_scenario(WOW / name), variant)
    assert out.error is None, out.error
    return out


def _refused(out):
    return [s for s in out.trace.steps if s.rejected is not None]


def _rewinds(step):
    return [f for f in step.firings if f.rule == "wow:707.2"]


def _variant(name: str, start: str) -> str:
    return next(v.name for v in load_scenario(WOW / name).model.variants if v.name.startswith(start))


REFUSING = [("707.2-illegal-choice-rewound.yaml", None, "wow:712.7", "invalid_choice"),
            ("708.3-crippling-poison-unless-pay.yaml", "只有两个资源却选择支付", "wow:712.7", "invalid_choice"),
            ("707.1b-choose-one-mode.yaml", "在选择中写出没有的模式", "wow:707.1b", "invalid_choice"),
            ("707.1b-choose-one-mode.yaml", "在选择中为第一个模式选择英雄", "wow:707.1d", "invalid_choice"),
            ("707.1b-choose-one-mode.yaml", "没有任何盟军可以指定", "wow:707.1d", "cannot_complete"),
            ("708.3-hur-may-destroy-armor.yaml", "加入连锁时指定英雄为目标", "wow:708.2", "invalid_choice"),
            ("708.3-hur-may-destroy-armor.yaml", "场上没有防具却仍指定了目标", "wow:708.2", "nothing_legal"),
            ("717.3b-team-intervene-helm-stance.yaml", "由你（丙）代朋友", "wow:717.3b", "wrong_chooser"),
            ("装备-hearthstone-keeps-equipment.yaml", "选择对手的防具", "wow:800.1c", "invalid_choice"),
            ("801.2-optional-loop.yaml", "乙选择的数字不比甲的小", "wow:801.2", "invalid_choice"),
            ("801.2-optional-loop.yaml", None, "wow:801.2", "cannot_continue"),
            ("707.1f-shield-bash-adding-steps.yaml", "没有未横置的盾牌", "wow:707.1e", "cannot_complete"),
            ("707.1f-shield-bash-adding-steps.yaml", "不是盾牌的牌", "wow:707.1e", "cannot_complete"),
            ("707.1c-x-cost.yaml", "X为5时", "wow:707.1e", "cannot_complete")]


@pytest.mark.parametrize("name,start,rule,reason", REFUSING, ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSING)])
def test_a_refusal_is_rewound_citing_707_2_beside_the_rule_that_forbids_it(name, start, rule, reason):
    out = _run(name, _variant(name, start) if start else None)
    [step] = [s for s in _refused(out) if s.rejected.rule == rule]
    assert step.rejected.reason == reason
    [f] = _rewinds(step)
    assert f.reason == "action_rewound" and f.objects == []
    assert f.fields["rule"] == say("rewind.numbered", rule=rule.partition(":")[2])
    undone = sum(1 for _ in step.undone.all_firings()) if step.undone else 0
    assert f.fields["undone"] == undone
    holder = step.after.get("priority")          # as before the attempt: who had priority has it again
    then = (say("rewind.undone", n=undone) if undone else "") + \
        (say("rewind.priority_again", player=holder) if holder else "")
    assert f.fields["then"] == then


def test_a_refusal_by_a_glossary_rule_names_it_as_a_glossary_entry_and_with_nothing_undone_says_no_count():
    out = _run("705.1-placing-a-resource.yaml", _variant("705.1-placing-a-resource.yaml", "安置另一张牌"))
    glossary = [s for s in _refused(out) if not s.rejected.rule.partition(":")[2][:1].isdigit()]
    assert glossary
    for step in glossary:
        [f] = _rewinds(step)
        assert f.fields["rule"] == say("rewind.glossary", rule=step.rejected.rule.partition(":")[2])
        assert f.fields["undone"] == 0 and "尝试中" not in f.fields["then"]


def test_no_rewind_is_cited_where_nothing_was_refused():
    out = _run("707.2-illegal-choice-rewound.yaml", _variant("707.2-illegal-choice-rewound.yaml", "有足够的资源"))
    assert not _refused(out) and not [f for s in out.trace.steps for f in _rewinds(s)]


def test_a_refused_answer_reads_in_the_books_words():
    out = _run("800.1-hearthstone.yaml", _variant("800.1-hearthstone.yaml", "保留一个盟军"))
    [step] = _refused(out)
    assert step.rejected.fields["player"].id == "甲"
    assert step.rejected.fields["choice"] == say("choice.keep_equipment")
    assert step.rejected.fields["answer"] == [("axe", "示例近战武器"), ("a_ally", "示例盟军")]   # item by item: cards as refs
    # what a scenario author reads when the refusal was not expected: the engine's own words, the legal options
    assert step.data["rejected_because"].startswith("choice `keep_equipment` for `甲` = [axe, a_ally] is not legal")
    g = out.game
    assert g.choice_words("destroy_one", "axe") == (say("choice.destroy_one"), ("axe", "示例近战武器"))   # a card: its ref
    assert g.choice_words("may", True) == (say("choice.may"), say("answer.yes"))     # the answer itself, never str()
    assert g.choice_words("may", False) == (say("choice.may"), say("answer.no"))
    assert g.choice_words("loop", 7) == (say("choice.loop"), 7)


def test_a_wrong_chooser_names_who_chooses_and_who_answered():
    name = "717.3b-team-intervene-helm-stance.yaml"
    out = _run(name, _variant(name, "由你（丙）代朋友"))
    [step] = _refused(out)
    assert step.rejected.fields["player"].id == "乙" and step.rejected.fields["answerer"].id == "丙"
    assert step.rejected.fields["answer"].name == "Golem Skull Helm"
    assert step.rejected.fields["choice"] == say("choice.replacement")
    assert "this choice is 乙's to make, not 丙's" in step.data["rejected_because"]


def test_a_rewind_with_nobody_holding_priority_says_nobody_has_it_again():
    from judge.engine.core.errors import IllegalAction

    out = _run("707.2-illegal-choice-rewound.yaml")
    g, [step] = out.game, _refused(out)
    g.priority = None
    g.recorder.step = step
    before = len(step.firings)
    g.rewound(step, IllegalAction("wow:712.7", "invalid_choice", {}, "refused"))
    f = step.firings[before]
    n = sum(1 for _ in step.undone.all_firings())
    assert f.rule == "wow:707.2" and f.fields["then"] == say("rewind.undone", n=n)


def test_every_kind_of_choice_has_a_rule_of_the_book_and_a_name():
    from rulebook import load_book

    book = load_book("wow")
    assert Game.REWIND_RULE == "707.2"
    for kind, rule in Game.CHOICE_RULES.items():
        assert citable(book, rule) is not None, (kind, rule)
        assert say(f"choice.{kind}") and not say(f"choice.{kind}").isascii(), kind


@pytest.mark.parametrize("name,start,why", [
    ("707.1c-x-cost.yaml", "X为5时", ("why.not_enough_resources", {"n": 6, "have": 4})),
    ("707.1f-shield-bash-adding-steps.yaml", "没有未横置的盾牌", ("why.not_enough_resources", {"n": 3, "have": 2})),
    ("707.1f-shield-bash-adding-steps.yaml", "不是盾牌的牌", ("why.bad_alternative", {"card": "示例防具"})),
    ("707.1b-choose-one-mode.yaml", "没有任何盟军可以指定", ("why.no_legal_target", {})),
], ids=["x-cost", "resources", "alternative", "no-target"])
def test_a_step_of_adding_a_link_that_cannot_be_completed_says_why_and_names_the_link(name, start, why):
    out = _run(name, _variant(name, start))
    [step] = _refused(out)
    assert step.rejected.reason == "cannot_complete"
    key, fields = why
    assert step.rejected.fields["why"] == say(key, **fields)
    assert step.rejected.fields["player"].id == "甲" and step.rejected.fields["object"].id in out.game.objects
