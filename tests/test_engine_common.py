"""What games/common does for every card game, tested on its own with a stand-in game (the games' scenarios test
it through the rules that use it)."""
from __future__ import annotations

from types import SimpleNamespace as NS

from judge.engine.games.common.costs import cost_changers
from judge.engine.games.common.state import AbilityDef, ability_defs


class _Game:
    def __init__(self, abilities):
        self._abilities = abilities
        self.asked = None

    def abilities_in_play(self, kind):
        self.asked = kind
        for src, ctrl, ab in self._abilities:
            yield src, NS(controller=ctrl), ab


def _matches(game, obj, f, *, controller=None, source_id=None, ch=None):
    """None (it matches) when the filter's `name` is the object's and its zone is where the object is."""
    game.calls.append((dict(f), controller, source_id, ch))
    return None if f.get("name", obj.name) == obj.name and f["zone"] == obj.zone else "no"


def test_cost_changers_are_the_cost_abilities_of_that_kind_whose_filter_matches_where_the_card_is():
    card = NS(name="火球", zone="hand")
    cheaper = AbilityDef("a1", "static", {"cost_reduction": "{1}", "spells": {"name": "火球"}})
    dearer = AbilityDef("a1", "static", {"cost_increase": "{1}"})
    other = AbilityDef("a2", "static", {"cost_reduction": "{1}", "spells": {"name": "闪电"}})
    no_cost = AbilityDef("a3", "static", {"power": 1})
    a, b, c, d = NS(id="A"), NS(id="B"), NS(id="C"), NS(id="D")
    game = _Game([(d, "甲", no_cost), (a, "甲", cheaper), (b, "乙", dearer), (c, "甲", other)])
    game.calls = []
    found = list(cost_changers(game, card, "static", "spells", _matches, ch="chars"))
    assert game.asked == "static"
    assert found == [(a, cheaper.spec), (b, dearer.spec)]
    # the filter is read under its scope, with the card's zone added, and the source's controller and id
    assert game.calls[0] == ({"name": "火球", "zone": "hand"}, "甲", "A", "chars")
    assert game.calls[1] == ({"zone": "hand"}, "乙", "B", "chars")
    assert len(game.calls) == 3                     # the ability with no cost change (first) is never matched
    assert cheaper.spec == {"cost_reduction": "{1}", "spells": {"name": "火球"}}    # the spec is not changed


def test_a_cost_change_applies_wherever_the_card_is_paid_for_from():
    """The filter's zone is the card's own (a spell cast from a graveyard is still that spell)."""
    card = NS(name="火球", zone="graveyard")
    ab = AbilityDef("a1", "ongoing", {"cost_increase": 2, "cards": {"zone": "hand"}})
    src = NS(id="A")
    game = _Game([(src, "甲", ab)])
    game.calls = []
    assert list(cost_changers(game, card, "ongoing", "cards", _matches)) == [(src, ab.spec)]
    assert game.calls == [({"zone": "graveyard"}, "甲", "A", None)] and ab.spec["cards"] == {"zone": "hand"}


def test_ability_defs_take_the_one_kind_given_and_number_the_keys():
    defs = ability_defs([{"triggered": {"when": {"event": "x"}}, "text": "当…"}, {"no_ready": True},
                         {"key": "k", "static": {"p": 1}, "triggered": None}], ("triggered", "static", "no_ready"),
                        prefix="g_")
    assert defs == (AbilityDef("g_a1", "triggered", {"when": {"event": "x"}}, "当…"),
                    AbilityDef("g_a2", "no_ready", {}), AbilityDef("k", "static", {"p": 1}))
    assert defs[0].scope == ""
    plain = ability_defs([{"static": False, "triggered": {}}], ("static", "triggered"))
    assert plain == (AbilityDef("a1", "triggered", {}),)         # keys are a1, a2… unless a prefix is given


# ------------------------------------------------------------------ the end of the game (CardGame.after_losses)
from judge.engine.core.objects import Player  # noqa: E402
from judge.engine.core.registry import RuleRegistry  # noqa: E402
from judge.engine.games.common.game import CardGame  # noqa: E402

_end_rules = RuleRegistry("toyend", book="mtg")
for _number, _reason, _fields in (("100.1", "lost", "player"), ("102.2a", "winner", "player"),
                                  ("102.4a", "game_drawn", "players")):
    _end_rules.declare(_number, reasons={_reason: _fields})


class _Table(CardGame):
    """Four seats A–D; `teams` maps a player to a team (side), `draw` says whether the game has a draw rule."""
    game = "toyend"
    book = "mtg"
    rules = _end_rules
    WIN_RULE, DRAW_RULE = "102.2a", "102.4a"

    def __init__(self, teams=None, draw=True, active="A"):
        super().__init__()
        for n in "ABCD":
            self.seat(Player(n))
        self.teams = teams or {}
        if not draw:
            self.DRAW_RULE = ""
        self.active = self.priority = active
        self.step = "main"

    def side(self, player):
        return self.teams.get(player.name, player.name)

    def lose(self, *names) -> list:
        """These players lose in one step; (rule, reason, the firing's player or players) of what the step fired
        after the losses."""
        step = self.begin_step("action", "lose", {})
        self.players_lose([(self.by_name[n], self.fire("100.1", "lost", [], player=n)) for n in names])
        return [(f.rule, f.reason, f.fields.get("player", f.fields.get("players")))
                for f in step.firings if f.reason != "lost"]


def test_the_last_player_standing_wins_and_the_game_is_over():
    g = _Table()
    assert g.lose("A", "B") == [] and not g.over and g.active == "C"    # the active player lost: the turn passes
    fired = g.lose("D")
    assert [(r, c) for r, c, _ in fired] == [("toyend:102.2a", "winner")] and fired[0][2].name == "C"
    assert [f.objects for f in g.trace.steps[-1].firings if f.reason == "winner"] == [[g.by_name["C"].id]]
    assert g.over and [p.name for p in g.players if p.won] == ["C"]


def test_while_two_sides_are_left_nobody_wins_and_the_active_player_stays():
    g = _Table(active="C")
    assert g.lose("A") == [] and not g.over and g.active == "C" and not any(p.won for p in g.players)


def test_a_side_wins_together():
    g = _Table(teams={"A": "红", "B": "红", "C": "蓝", "D": "蓝"})
    assert g.lose("C") == [] and not g.over
    fired = g.lose("D")
    assert [(c, p.name) for _, c, p in fired] == [("winner", "A"), ("winner", "B")]
    assert g.over and [p.name for p in g.players if p.won] == ["A", "B"]


def test_nobody_left_is_a_draw_by_the_draw_rule_or_just_the_end():
    g = _Table()
    assert g.lose("A", "B", "C", "D") == [("toyend:102.4a", "game_drawn", ["A", "B", "C", "D"])]
    assert g.over and not any(p.won for p in g.players)
    g = _Table(draw=False)
    assert g.lose("A", "B", "C", "D") == [] and g.over and not any(p.won for p in g.players)
