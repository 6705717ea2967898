"""Loading a scenario file: YAML → validated `Scenario` → checked against its game and book.

Everything that can be checked before replaying is checked here and reported
with file, line and field: YAML syntax, unknown fields, a card not in the
library (with the closest names), a player or step that does not exist, an
expectation citing a rule the book does not have — or one the engine never
implements, since `not_fired` on it could never fail.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from rulebook import load_book

from judge.engine.core.registry import citable
from judge.engine.games import game_for, known_books
from judge.engine.scenario import yamlio
from judge.engine.scenario.files import bundled_library
from judge.engine.scenario.model import Action, Expect, Placement, PlayerSpec, Scenario, StartSpec, TurnSpec, Variant
from judge.engine.scenario.yamlio import ScenarioError, line_of


class ScenarioErrors(ScenarioError):
    """Several problems in one file, reported together."""

    def __init__(self, errors: list[ScenarioError]):
        self.errors = errors
        first = errors[0]
        super().__init__(first.file, first.line, "\n".join(e.located() for e in errors))

    def located(self) -> str:
        return "\n".join(e.located() for e in self.errors)


@dataclass
class ScenarioFile:
    path: str
    model: Scenario
    marks: dict
    game_cls: type
    cards: dict = field(default_factory=dict)       # name → the game's card definition
    raw_cards: dict = field(default_factory=dict)   # name → the same card as plain data (what `with:` patches)
    book: object = None
    # Set for a scenario given as text (the web server): its card libraries are looked up in this directory
    # only, and a `cards:` path that leads outside it is not found.
    libraries: Path | None = None


def load_scenario(path: str | Path) -> ScenarioFile:
    path = str(path)
    data, marks, _ = yamlio.read(path)
    return _from_data(data, marks, path)


def load_scenario_text(text: str, name: str, libraries: Path) -> ScenarioFile:
    """A scenario given as text, not as a file (pasted into the web server's page, or a request body).

    `name` is how errors and the trace name it; its card libraries are looked up in `libraries` only, so a
    client cannot make the server read a file outside that directory."""
    data, marks = yamlio.load(text, name)
    return _from_data(data, marks, name, Path(libraries))


def _from_data(data, marks: dict, path: str, libraries: Path | None = None) -> ScenarioFile:
    if not isinstance(data, dict):
        raise ScenarioError(path, 1, "a scenario is a mapping with book, title, source, players, turn, board, "
                                     "actions and expect")
    try:
        model = Scenario.model_validate(data)
    except ValidationError as e:
        errors = yamlio.pydantic_errors(e, path, marks)
        if "turn" not in data and "start" not in data:     # optional each, but one of them is required
            errors.append(ScenarioError(path, line_of(marks, ()), "required field is missing (or `start:` to "
                                        "begin the game instead)", "turn"))
        raise ScenarioErrors(errors) from None
    try:
        game_cls = game_for(model.book)
    except KeyError:
        raise ScenarioError(path, line_of(marks, ("book",)),
                            f"no engine for book {model.book!r}; known: {', '.join(known_books())}", "book") from None
    sf = ScenarioFile(path, model, marks, game_cls, libraries=libraries)
    errors: list[ScenarioError] = []
    sf.cards = game_cls.scenario_cards(sf, errors)
    check(sf, errors)
    if errors:
        raise ScenarioErrors(errors)
    return sf


def find_library(sf: ScenarioFile, ref: str) -> Path | None:
    """A game name (`mtg`) is the bundled library of that game; a path (`cards/mtg.yaml`) is looked up next to
    the scenario, then in each parent directory up to a `scenarios` folder, then among the bundled libraries —
    so a user's own folder of scenarios reaches the bundled cards by either. A scenario given as text (the web
    server) reaches only the libraries in its `libraries` directory."""
    if "/" not in ref and "\\" not in ref and not Path(ref).suffix:
        return bundled_library(ref)
    if sf.libraries is not None:
        root = sf.libraries.resolve()
        p = (root / ref).resolve()
        return p if p.is_relative_to(root) and p.is_file() else None
    here = Path(sf.path).resolve().parent
    for d in (here, *here.parents):
        p = d / ref
        if p.is_file():
            return p
        if d.name == "scenarios":
            break
    return bundled_library(ref)


def check(sf: ScenarioFile, errors: list) -> None:
    m = sf.model
    path, marks = sf.path, sf.marks
    players = set(m.players)
    gc = sf.game_cls

    def err(loc, msg):
        errors.append(ScenarioError(path, line_of(marks, loc), msg, ".".join(str(x) for x in loc)))

    def need_player(name, loc):
        if name is not None and name not in players:
            err(loc, f"unknown player {name!r}; players: {', '.join(m.players)}")

    def need_zone(zname, loc):
        if zname not in gc.ZONES:
            err(loc, f"unknown zone {zname!r}; zones: {', '.join(gc.ZONES)}")

    def need_card(pl, loc):
        if isinstance(pl.card, str) and pl.card not in sf.cards:
            close = difflib.get_close_matches(pl.card, list(sf.cards), n=3, cutoff=0.3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            err(loc + ("card",), f"unknown card {pl.card!r}: not in the card library or `define:`{hint}")

    sources = [m.source] if isinstance(m.source, str) else list(m.source)
    for i, ref in enumerate(sources):
        loc = ("source",) if isinstance(m.source, str) else ("source", i)
        _check_source(sf, ref, loc, err)
    def need_turn(ts, loc, given):
        """The turn's players are the scenario's and its step is the game's (only the fields `given` are
        checked: a variant's `turn:` changes some of the base's, which were checked already)."""
        for name in ("active", "priority"):
            if name in given:
                need_player(getattr(ts, name), loc + (name,))
        if "step" in given and gc.step_name(ts.step) is None:
            err(loc + ("step",), f"unknown step {ts.step!r}; steps: {', '.join(gc.STEPS)}")

    if m.turn is not None:
        need_turn(m.turn, ("turn",), ("active", "priority", "step"))
    else:
        for name in ("first", "previous_loser", "previous_chooser"):
            if getattr(m.start, name) is not None:
                need_player(getattr(m.start, name), ("start", name))
        if not hasattr(gc, "begin_game"):
            err(("start",), f"the {gc.game} engine does not start games: give `turn:` instead")
    ids: dict[str, tuple] = {}
    for pname, zones in m.board.items():
        need_player(pname, ("board", pname))
        for zname, cards in zones.items():
            need_zone(zname, ("board", pname, zname))
            for i, pl in enumerate(cards):
                loc = ("board", pname, zname, i)
                if pl.id in ids:
                    err(loc + ("id",), f"duplicate id {pl.id!r} (first at line {line_of(marks, ids[pl.id])})")
                ids[pl.id] = loc
                if pl.id in players:
                    err(loc + ("id",), f"id {pl.id!r} is also a player's name")
                need_card(pl, loc)
                need_player(pl.controller, loc + ("controller",))
    for pname, zones in m.board.items():
        for zname, cards in zones.items():
            for i, pl in enumerate(cards):
                loc = ("board", pname, zname, i)
                if pl.attached_to and pl.attached_to not in ids:
                    err(loc + ("attached_to",), f"unknown id {pl.attached_to!r}")
                bl = pl.blocking if isinstance(pl.blocking, list) else ([pl.blocking] if pl.blocking else [])
                for b in bl:
                    if b not in ids:
                        err(loc + ("blocking",), f"unknown id {b!r}")
                if isinstance(pl.attacking, str):
                    need_player(pl.attacking, loc + ("attacking",))
    _check_actions(sf, m.actions, ("actions",), ids, players, err)
    _check_expect(sf, m.expect, ("expect",), players, err)
    names = set()
    for vi, v in enumerate(m.variants):
        base = ("variants", vi)
        if v.name in names:
            err(base + ("name",), f"duplicate variant name {v.name!r}")
        names.add(v.name)
        for oid in v.objects:
            if oid not in ids:
                err(base + ("objects", oid), f"unknown id {oid!r}")
        for i, oid in enumerate(v.remove):
            if oid not in ids:
                err(base + ("remove", i), f"unknown id {oid!r}")
        vids = dict(ids)
        for pname, zones in v.add.items():
            need_player(pname, base + ("add", pname))
            for zname, cards in zones.items():
                need_zone(zname, base + ("add", pname, zname))
                for j, pl in enumerate(cards):
                    loc = base + ("add", pname, zname, j)
                    if pl.id in vids:
                        err(loc + ("id",), f"duplicate id {pl.id!r}")
                    vids[pl.id] = loc
                    need_card(pl, loc)
        for pn, patch in v.players.items():
            need_player(pn, base + ("players", pn))
            if pn in m.players:
                try:
                    PlayerSpec.model_validate({**m.players[pn].model_dump(), **patch})
                except ValidationError as e:
                    errors.extend(yamlio.pydantic_errors(e, path, marks, base + ("players", pn)))
        for oid, patch in v.objects.items():
            if oid in ids and isinstance(patch.get("card"), str):
                need_card(Placement.model_construct(card=patch["card"], id=oid), base + ("objects", oid))
            if oid in ids and isinstance(patch.get("controller"), str):
                need_player(patch["controller"], base + ("objects", oid, "controller"))
        if v.start and m.start is None:
            err(base + ("start",), "a variant's `start:` changes the base's `start:`; this scenario has none")
        elif v.start:
            try:
                vs = StartSpec.model_validate({**m.start.model_dump(), **v.start})
                for name in ("first", "previous_loser", "previous_chooser"):
                    if name in v.start:
                        need_player(getattr(vs, name), base + ("start", name))
            except ValidationError as e:
                errors.extend(yamlio.pydantic_errors(e, path, marks, base + ("start",)))
        if v.turn and m.turn is None:
            err(base + ("turn",), "a variant's `turn:` changes the base's `turn:`; this scenario starts the game "
                                  "(`start:`) and has none")
        elif v.turn:
            try:
                need_turn(TurnSpec.model_validate({**m.turn.model_dump(), **v.turn}), base + ("turn",), v.turn)
            except ValidationError as e:
                errors.extend(yamlio.pydantic_errors(e, path, marks, base + ("turn",)))
        if v.actions is not None:
            _check_actions(sf, v.actions, base + ("actions",), vids, players, err)
        _check_expect(sf, v.expect, base + ("expect",), players, err)


def _check_actions(sf, actions: list[Action], base: tuple, ids, players, err) -> None:
    gc = sf.game_cls
    for i, a in enumerate(actions):
        loc = base + (i,)
        if a.as_ is not None and a.as_ not in players:
            err(loc + ("as",), f"unknown player {a.as_!r}; players: {', '.join(players)}")
        for key in ("cast", "play", "activate"):
            v = getattr(a, key)
            if v is not None and v not in ids:
                err(loc + (key,), f"unknown id {v!r}: ids on the board are {', '.join(sorted(ids)) or 'none'}")
        if a.advance is not None and gc.step_name(a.advance) is None:
            err(loc + ("advance",), f"unknown step {a.advance!r}; steps: {', '.join(gc.STEPS)}")
        if a.pass_until not in (None, "stack_empty") and gc.step_name(a.pass_until) is None:
            err(loc + ("pass_until",), f"`pass_until` takes stack_empty or a step name; got {a.pass_until!r}")
        if a.rejected is not None:
            _check_rule(sf, a.rejected, loc + ("rejected",), err)
        if a.expect is not None:
            _check_expect(sf, a.expect, loc + ("expect",), players, err)
        if a.verb == "checkpoint" and a.expect is None:
            err(loc, "a checkpoint needs an `expect:` block")


def _check_expect(sf, e: Expect, base: tuple, players, err) -> None:
    for key in ("life", "poison", "mana", "hand_count"):
        for p in getattr(e, key):
            if p not in players:
                err(base + (key, p), f"unknown player {p!r}")
    if e.winner is not None and e.winner not in players:
        err(base + ("winner",), f"unknown player {e.winner!r}")
    for z in e.zones:
        if z != "stack":
            p, _, zone = z.partition(".")
            if p not in players or zone not in sf.game_cls.ZONES:
                err(base + ("zones", z), f"a zone is PLAYER.ZONE (zones: {', '.join(sf.game_cls.ZONES)}), got {z!r}")
    if e.step is not None and sf.game_cls.step_name(e.step) is None:
        err(base + ("step",), f"unknown step {e.step!r}")
    for key in ("fired", "fired_in_order", "not_fired", "near_miss"):
        for i, r in enumerate(getattr(e, key)):
            rule = r if isinstance(r, str) else r.rule
            _check_rule(sf, rule, base + (key, i), err)


def _book_of(sf):
    if sf.book is None:
        sf.book = load_book(sf.game_cls.rules.book)
    return sf.book


def _check_source(sf, ref: str, loc, err) -> None:
    """The rule a scenario reproduces must be in its book (a typo would otherwise pass silently)."""
    if citable(_book_of(sf), ref) is None:
        err(loc, f"unknown rule {ref!r}: book {sf.game_cls.rules.book!r} has no rule {ref} (nor a glossary "
                 f"entry so named); `judge rule {ref} --book {sf.game_cls.rules.book}` shows the nearest")


def _check_rule(sf, ref: str, loc, err) -> None:
    """A rule an expectation names: this game's, in the book, and applied by the engine (or it could never fail)."""
    reg = sf.game_cls.rules
    num = reg.normalize(ref)
    if ":" in num:
        err(loc, f"{ref!r} names another game's rule; this scenario is {sf.model.book}")
        return
    if citable(_book_of(sf), num) is None:
        err(loc, f"unknown rule id {ref!r}: book {reg.book!r} has no rule {num} (nor a glossary entry so named)")
        return
    if num not in reg.entries:
        err(loc, f"rule {reg.game}:{num} exists but the engine never applies it, so this expectation could "
                 f"never be met (or never fail); implemented rules: `judge coverage --book {reg.book}`")


def instances(sf: ScenarioFile) -> list[str | None]:
    """The base scenario (None) and the name of each variant."""
    return [None] + [v.name for v in sf.model.variants]


def variant(sf: ScenarioFile, name: str | None) -> tuple[Variant | None, int | None]:
    if name is None:
        return None, None
    for i, v in enumerate(sf.model.variants):
        if v.name == name:
            return v, i
    raise ScenarioError(sf.path, None, f"no variant {name!r}; variants: "
                                       f"{', '.join(v.name for v in sf.model.variants) or 'none'}")
