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
from judge.engine.scenario.actions import ignored_fields
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
    """Every name a scenario uses is one it defines or the game knows, each error located by file, line and
    field: the base (source, turn, board, actions, expectations), then each variant against the base."""
    c = _Checks(sf, errors)
    m = sf.model
    sources = [m.source] if isinstance(m.source, str) else list(m.source)
    for i, ref in enumerate(sources):
        _check_source(sf, ref, ("source",) if isinstance(m.source, str) else ("source", i), c.err)
    if m.turn is not None:
        c.turn(m.turn, ("turn",), ("active", "priority", "step"))
    else:
        for name in ("first", "previous_loser", "previous_chooser"):
            c.player(getattr(m.start, name), ("start", name))
        if not hasattr(sf.game_cls, "begin_game"):
            c.err(("start",), f"the {sf.game_cls.game} engine does not start games: give `turn:` instead")
    ids = c.board()
    _check_actions(sf, m.actions, ("actions",), ids, c.players, c.err)
    _check_expect(sf, m.expect, ("expect",), c.players, c.err)
    names: set[str] = set()
    for vi, v in enumerate(m.variants):
        if v.name in names:
            c.err(("variants", vi, "name"), f"duplicate variant name {v.name!r}")
        names.add(v.name)
        c.variant(v, ("variants", vi), ids)


@dataclass
class _Checks:
    """The checks `check` applies to the base and again to each variant's changes."""
    sf: ScenarioFile
    errors: list

    @property
    def players(self) -> set[str]:
        return set(self.sf.model.players)

    def err(self, loc: tuple, msg: str) -> None:
        self.errors.append(ScenarioError(self.sf.path, line_of(self.sf.marks, loc), msg, ".".join(str(x) for x in loc)))

    def player(self, name, loc: tuple) -> None:
        if name is not None and name not in self.sf.model.players:
            self.err(loc, f"unknown player {name!r}; players: {', '.join(self.sf.model.players)}")

    def zone(self, zname: str, loc: tuple) -> None:
        if zname not in self.sf.game_cls.ZONES:
            self.err(loc, f"unknown zone {zname!r}; zones: {', '.join(self.sf.game_cls.ZONES)}")

    def card(self, pl, loc: tuple) -> None:
        if isinstance(pl.card, str) and pl.card not in self.sf.cards:
            close = difflib.get_close_matches(pl.card, list(self.sf.cards), n=3, cutoff=0.3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            self.err(loc + ("card",), f"unknown card {pl.card!r}: not in the card library or `define:`{hint}")

    def turn(self, ts, loc: tuple, given) -> None:
        """The turn's players are the scenario's and its step is the game's (only the fields `given` are
        checked: a variant's `turn:` changes some of the base's, which were checked already)."""
        for name in ("active", "priority"):
            if name in given:
                self.player(getattr(ts, name), loc + (name,))
        if "step" in given and self.sf.game_cls.step_name(ts.step) is None:
            self.err(loc + ("step",), f"unknown step {ts.step!r}; steps: {', '.join(self.sf.game_cls.STEPS)}")

    def board(self) -> dict[str, tuple]:
        """The base board's placements; returns where each id is placed (for references and variants)."""
        m, ids = self.sf.model, {}
        for pname, zones in m.board.items():
            self.player(pname, ("board", pname))
            for zname, cards in zones.items():
                self.zone(zname, ("board", pname, zname))
                for i, pl in enumerate(cards):
                    loc = ("board", pname, zname, i)
                    if pl.id in ids:
                        first = line_of(self.sf.marks, ids[pl.id])
                        self.err(loc + ("id",), f"duplicate id {pl.id!r} (first at line {first})")
                    ids[pl.id] = loc
                    if pl.id in m.players:
                        self.err(loc + ("id",), f"id {pl.id!r} is also a player's name")
                    self.card(pl, loc)
                    self.player(pl.controller, loc + ("controller",))
        for pname, zones in m.board.items():      # references, once every id is known
            for zname, cards in zones.items():
                for i, pl in enumerate(cards):
                    self.references(pl, ("board", pname, zname, i), ids)
        return ids

    def references(self, pl, loc: tuple, ids: dict) -> None:
        if pl.set is not None and not getattr(self.sf.game_cls, "PRINTINGS", False):
            self.err(loc + ("set",), f"the {self.sf.game_cls.game} engine reads no expansion symbol (`set:` is MTG's, 206)")
        if pl.attached_to and pl.attached_to not in ids:
            self.err(loc + ("attached_to",), f"unknown id {pl.attached_to!r}")
        for b in pl.blocking if isinstance(pl.blocking, list) else ([pl.blocking] if pl.blocking else []):
            if b not in ids:
                self.err(loc + ("blocking",), f"unknown id {b!r}")
        if isinstance(pl.attacking, str):
            self.player(pl.attacking, loc + ("attacking",))

    def variant(self, v: Variant, base: tuple, ids: dict) -> None:
        """A variant's changes name the base's ids and players, or ones it adds; a changed turn, player or
        object is checked as the base's would be."""
        m = self.sf.model
        for oid in v.objects:
            if oid not in ids:
                self.err(base + ("objects", oid), f"unknown id {oid!r}")
        for i, oid in enumerate(v.remove):
            if oid not in ids:
                self.err(base + ("remove", i), f"unknown id {oid!r}")
        vids = dict(ids)
        for pname, zones in v.add.items():
            self.player(pname, base + ("add", pname))
            for zname, cards in zones.items():
                self.zone(zname, base + ("add", pname, zname))
                for j, pl in enumerate(cards):
                    loc = base + ("add", pname, zname, j)
                    if pl.id in vids:
                        self.err(loc + ("id",), f"duplicate id {pl.id!r}")
                    vids[pl.id] = loc
                    self.card(pl, loc)
        for pn, patch in v.players.items():
            self.player(pn, base + ("players", pn))
            if pn in m.players:
                self.validated(PlayerSpec, {**m.players[pn].model_dump(), **patch}, base + ("players", pn))
        for oid, patch in v.objects.items():
            if oid in ids and isinstance(patch.get("card"), str):
                self.card(Placement.model_construct(card=patch["card"], id=oid), base + ("objects", oid))
            if oid in ids and isinstance(patch.get("controller"), str):
                self.player(patch["controller"], base + ("objects", oid, "controller"))
        if v.start and m.start is None:
            self.err(base + ("start",), "a variant's `start:` changes the base's `start:`; this scenario has none")
        elif v.start:
            vs = self.validated(StartSpec, {**m.start.model_dump(), **v.start}, base + ("start",))
            for name in ("first", "previous_loser", "previous_chooser"):
                if vs is not None and name in v.start:
                    self.player(getattr(vs, name), base + ("start", name))
        if v.turn and m.turn is None:
            self.err(base + ("turn",), "a variant's `turn:` changes the base's `turn:`; this scenario starts the "
                                       "game (`start:`) and has none")
        elif v.turn:
            ts = self.validated(TurnSpec, {**m.turn.model_dump(), **v.turn}, base + ("turn",))
            if ts is not None:
                self.turn(ts, base + ("turn",), v.turn)
        if v.actions is not None:
            _check_actions(self.sf, v.actions, base + ("actions",), vids, self.players, self.err)
        _check_expect(self.sf, v.expect, base + ("expect",), self.players, self.err)

    def validated(self, model, data: dict, loc: tuple):
        """`data` as `model`, or None with its errors located at `loc`."""
        try:
            return model.model_validate(data)
        except ValidationError as e:
            self.errors.extend(yamlio.pydantic_errors(e, self.sf.path, self.sf.marks, loc))
            return None


def _check_actions(sf, actions: list[Action], base: tuple, ids, players, err) -> None:
    gc = sf.game_cls
    for i, a in enumerate(actions):
        loc = base + (i,)
        if a.as_ is not None and a.as_ not in players:
            err(loc + ("as",), f"unknown player {a.as_!r}; players: {', '.join(players)}")
        for key in ("cast", "play", "activate", "strike", "turn_face_up", "end_effect", "ignore_effect"):
            v = getattr(a, key)
            if v is not None and v not in ids:
                err(loc + (key,), f"unknown id {v!r}: ids on the board are {', '.join(sorted(ids)) or 'none'}")
        if a.advance is not None and gc.step_name(a.advance) is None:
            err(loc + ("advance",), f"unknown step {a.advance!r}; steps: {', '.join(gc.STEPS)}")
        if a.pass_until not in (None, "stack_empty") and gc.step_name(a.pass_until) is None:
            err(loc + ("pass_until",), f"`pass_until` takes stack_empty or a step name; got {a.pass_until!r}")
        if a.pass_until == "stack_empty" and a.turn is not None:
            err(loc + ("turn",), "`turn:` goes with `advance:` or `pass_until: STEP` (the step of that turn), not "
                                 "with `pass_until: stack_empty`")
        if a.rejected is not None:
            _check_rule(sf, a.rejected, loc + ("rejected",), err)
        if a.expect is not None:
            _check_expect(sf, a.expect, loc + ("expect",), players, err)
        if a.verb == "checkpoint" and a.expect is None:
            err(loc, "a checkpoint needs an `expect:` block")
        _check_fields(gc, a, loc, err)
        if a.loop:
            for j, x in enumerate(a.loop):
                _check_fields(gc, x, loc + ("loop", j), err)


def _check_fields(gc, a: Action, loc: tuple, err) -> None:
    """The action is one this game has, and every field written on it is read (`actions.ignored_fields`)."""
    if a.verb == "checkpoint":
        return
    how = gc.ACTIONS.get(a.verb)
    if how is None:
        err(loc + (a.verb,), f"{a.verb!r} is not an action of {gc.game}; its actions: "
                             f"{', '.join(k for k in gc.ACTIONS if k != 'loop')}, checkpoint")
        return
    perform = getattr(gc, how) if isinstance(how, str) else how
    for name in ignored_fields(a, perform):
        err(loc + (name,), f"`{name}:` means nothing on a `{a.verb}` action in {gc.game}, so it would be "
                           f"ignored; remove it (or use the action that takes it: docs/scenarios.md, Actions)")


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
    """A rule an expectation names: this game's and in the book (a typo is an input error).

    A rule of the book the engine never applies is not refused here: the file loads and replays, so its board
    expectations are still checked, and that expectation alone fails, saying why (`expect.unapplied`). A
    scenario written by someone who does not know the engine (a judge naming every rule that decides) keeps
    the rest of its answer."""
    reg = sf.game_cls.rules
    num = reg.normalize(ref)
    if ":" in num:
        err(loc, f"{ref!r} names another game's rule; this scenario is {sf.model.book}")
        return
    if citable(_book_of(sf), num) is None:
        err(loc, f"unknown rule id {ref!r}: book {reg.book!r} has no rule {num} (nor a glossary entry so named)")


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
