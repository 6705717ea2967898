"""Building a card game from a scenario file: card libraries, inline cards, the board.

Loading places cards directly: no event happens, so nothing triggers and no
replacement applies (a creature or character loaded with lethal damage dies
only when the next player would receive priority). The load is trace step 0.

What every card game does the same way lives here: reading card libraries
(`cards: cards/<game>.yaml`, cached), the scenario's `define:` and inline
cards (on the board and in each variant's `add:`), checking `with:` patches
and variant placements through the game's vocabulary, applying a variant
(players, turn, removed / patched / added cards), and the load step.

What differs is the game's: its vocabulary and card definitions (`CardSource`)
and, in its `setup` module, how a player and a placed card are loaded and
what the load step shows of a player (`load_player`, `load_card`, `shown`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

from pydantic import ValidationError

from judge.engine.games.common.vocab import dump
from judge.engine.reasons import phrase
from judge.engine.scenario import yamlio
from judge.engine.scenario.files import CARDS_DIR, bundled_root
from judge.engine.scenario.load import find_library
from judge.engine.scenario.model import Placement, PlayerSpec, StartSpec, TurnSpec
from judge.engine.scenario.yamlio import ScenarioError, line_of


@dataclass(frozen=True)
class CardSource:
    """A game's card vocabulary as loading needs it."""

    default_library: str            # the library a scenario without `cards:` uses ("cards/mtg.yaml")
    library: type                   # the vocabulary's Library model
    card: type                      # the vocabulary's Card model
    card_def: Callable              # (name, plain dict, *, token=False) → the game's CardDef


_LIBS: dict = {}


def load_library(src: CardSource, path: str, errors: list) -> tuple[dict, dict]:
    """A card library file → ({name: CardDef}, {name: plain dict}), cached on (path, mtime, size); its
    errors go to `errors`."""
    st = os.stat(path)
    key = (src.library, os.path.abspath(path), st.st_mtime_ns, st.st_size)
    hit = _LIBS.get(key)
    if hit is not None:
        return hit
    data, marks, _ = yamlio.read(path)
    try:
        lib = src.library.model_validate(data)
    except ValidationError as e:
        errors.extend(yamlio.pydantic_errors(e, path, marks))
        return {}, {}
    raw = {name: dump(c) for name, c in lib.cards.items()}
    hit = _LIBS[key] = ({name: src.card_def(name, d) for name, d in raw.items()}, raw)
    return hit


def scenario_cards(src: CardSource, sf, errors: list) -> dict:
    """Every card definition the scenario can place: its libraries, `define:`, inline cards (keyed `@ID`)."""
    m = sf.model
    refs = m.cards if isinstance(m.cards, list) else [m.cards]
    if not refs:
        refs = [src.default_library]
    cards: dict = {}
    raw: dict = {}
    for i, ref in enumerate(refs):
        p = find_library(sf, ref)
        if p is None:
            loc = ("cards", i) if isinstance(m.cards, list) else ("cards",)
            errors.append(ScenarioError(sf.path, line_of(sf.marks, loc), f"card library {ref!r} not found next to "
                                        f"the scenario, in a parent directory or among the bundled libraries "
                                        f"(by game name: {', '.join(_bundled_games())})", "cards"))
            continue
        lib_cards, lib_raw = load_library(src, str(p), errors)
        cards.update(lib_cards)
        raw.update(lib_raw)
    for name, d in m.define.items():
        try:
            c = src.card.model_validate(d)
        except ValidationError as e:
            errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, ("define", name)))
            continue
        raw[name] = dump(c)
        cards[name] = src.card_def(name, raw[name])
    boards = [(("board",), m.board)] + [(("variants", vi, "add"), v.add) for vi, v in enumerate(m.variants)]
    for base, board in boards:
        for pname, zones in board.items():
            for zname, pls in zones.items():
                for i, pl in enumerate(pls):
                    loc = base + (pname, zname, i)
                    if isinstance(pl.card, dict):
                        d = dict(pl.card)
                        name = str(d.pop("name", pl.id))
                        try:
                            c = src.card.model_validate(d)
                        except ValidationError as e:
                            errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, loc + ("card",)))
                            continue
                        raw[f"@{pl.id}"] = dump(c)
                        cards[f"@{pl.id}"] = src.card_def(name, raw[f"@{pl.id}"])
                    if pl.with_ and isinstance(pl.card, str) and pl.card in raw:
                        _check_patch(src, sf, raw[pl.card], pl.with_, loc + ("with",), errors)
    for vi, v in enumerate(m.variants):
        for oid, patch in v.objects.items():
            if isinstance(patch.get("card"), dict):      # an inline card that replaces the object's card here
                d = dict(patch["card"])
                name = str(d.pop("name", oid))
                try:
                    c = src.card.model_validate(d)
                except ValidationError as e:
                    errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks,
                                                         ("variants", vi, "objects", oid, "card")))
                    continue
                key = variant_card_key(v.name, oid)
                raw[key] = dump(c)
                cards[key] = src.card_def(name, raw[key])
            w = patch.get("with")
            base = _placement(m, oid)
            if w and base is not None and isinstance(base.card, str) and base.card in raw:
                _check_patch(src, sf, raw[base.card], w, ("variants", vi, "objects", oid, "with"), errors)
            fields = {k: x for k, x in patch.items() if k != "with"}
            if base is not None:
                try:
                    Placement.model_validate({**base.model_dump(by_alias=True), **fields})
                except ValidationError as e:
                    errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, ("variants", vi, "objects", oid)))
    sf.raw_cards = raw
    return cards


def variant_card_key(variant: str, oid: str) -> str:
    """The key of the inline card a variant's `objects:` gives object `oid` (`@ID` is the board's own)."""
    return f"@{variant}@{oid}"


def _bundled_games() -> list[str]:
    return sorted(p.stem for p in (bundled_root() / CARDS_DIR).glob("*.yaml"))


def _check_patch(src: CardSource, sf, base: dict, patch: dict, loc, errors) -> None:
    try:
        src.card.model_validate({**base, **patch})
    except ValidationError as e:
        errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, loc))


def _placement(m, oid):
    for zones in m.board.values():
        for pls in zones.values():
            for pl in pls:
                if pl.id == oid:
                    return pl
    return None


def build(game_cls, sf, v, loader):
    """The game loaded with the scenario's board, as `v` (a variant, or None) changes it; the load is step 0.

    `loader` is the game's setup module: `CARDS` (its `CardSource`), `load_player(game, name, PlayerSpec)`,
    `load_card(game, owner, zone, Placement, card)` and `shown(game, player)` (what the load step shows of
    a player)."""
    m = sf.model
    g = game_cls(seed=m.seed)
    for name, ps in m.players.items():
        if v is not None and name in v.players:
            ps = PlayerSpec.model_validate({**ps.model_dump(), **v.players[name]})
        loader.load_player(g, name, ps)
    ts = m.turn or TurnSpec(active=m.start.first, step="", number=0)    # `start:`: before the first turn
    if v is not None and v.turn and m.turn is not None:
        ts = TurnSpec.model_validate({**ts.model_dump(), **v.turn})
    loaded = {}
    boards = [m.board] + ([v.add] if v is not None and v.add else [])
    for pname, zones in ((p, z) for b in boards for p, z in b.items()):
        for zname in game_cls.ZONES:
            for pl in zones.get(zname, []):
                if v is not None and pl.id in v.remove:
                    continue
                if v is not None and pl.id in v.objects:
                    patch = dict(v.objects[pl.id])
                    w = patch.pop("with", None)
                    pl = Placement.model_validate({**pl.model_dump(by_alias=True), **patch,
                                                   **({"with": {**pl.with_, **w}} if w else {})})
                key = f"@{pl.id}" if isinstance(pl.card, dict) else pl.card
                if v is not None and isinstance(v.objects.get(pl.id, {}).get("card"), dict):
                    key = variant_card_key(v.name, pl.id)
                card = sf.cards[key]
                if pl.with_:
                    card = with_patch(loader.CARDS, sf.raw_cards[key], card, pl.with_)
                loader.load_card(g, pname, zname, pl, card)
                loaded.setdefault(f"{pname}.{zname}", []).append(pl.id)
    g.active = ts.active
    g.step = game_cls.step_name(ts.step) if m.turn is not None else None
    g.priority = (ts.priority or ts.active) if m.turn is not None else None
    g.turn = ts.number
    g.watched = not_fired(g, m, v)
    g.finish_loading()
    step = g.begin_step("load", "load" if m.turn is not None else "load_start", {
        "turn": ts.number, "active": ts.active, "step": g.step, "priority": g.priority,
        "players": {p.name: loader.shown(g, p) for p in g.players},
        "zones": loaded,
        "note": phrase(g.game, "load_note"),
    })
    step.line = line_of(sf.marks, ("board",))
    g.explain_loaded()
    g.close_step()
    if m.start is not None:                   # the game begins: its own trace step, before the first action
        start = m.start
        if v is not None and v.start:
            start = StartSpec.model_validate({**start.model_dump(), **v.start})
        step = g.begin_step("event", "game_begins", {"first": start.first})
        step.line = line_of(sf.marks, ("start",))
        g.begin_game(start)
        g.close_step()
    return g


def with_patch(src: CardSource, raw: dict, card, patch: dict):
    """A placement's `with:` overrides, read through the card vocabulary like any card text: the card's
    plain data (`raw`) with the patch over it."""
    return src.card_def(card.name, dump(src.card.model_validate({**raw, **patch})), token=card.token)


def not_fired(g, m, v) -> frozenset:
    """Rules this instance's expectations say must not apply: the engine records why each did not."""
    expects = [v.expect if v is not None else m.expect]
    actions = v.actions if v is not None and v.actions is not None else m.actions
    expects += [a.expect for a in actions if a.expect is not None]
    out = set()
    for e in expects:
        for r in e.not_fired:
            out.add(g.rules.normalize(r if isinstance(r, str) else r.rule))
    return frozenset(out)
