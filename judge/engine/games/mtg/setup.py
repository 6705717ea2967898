"""Building an MTG game from a scenario file: card libraries, inline cards, the board.

Loading places cards directly: no event happens, so nothing triggers and no
replacement applies (a creature loaded with lethal damage dies only when the
next player would receive priority). The load is the first trace step.
"""
from __future__ import annotations

import os

from pydantic import ValidationError

from judge.engine.games.mtg import turn
from judge.engine.games.mtg.words import say
from judge.engine.games.mtg.state import card_def, patched
from judge.engine.games.mtg.vocab import Card as CardModel, Library, dump
from judge.engine.scenario import yamlio
from judge.engine.scenario.model import PlayerSpec, TurnSpec, Placement
from judge.engine.scenario.yamlio import ScenarioError, line_of

DEFAULT_LIBRARY = "cards/mtg.yaml"
_LIBS: dict = {}


def load_library(path: str, errors: list | None = None) -> dict:
    """A card library file → {name: CardDef}, cached on (path, mtime, size)."""
    st = os.stat(path)
    key = (os.path.abspath(path), st.st_mtime_ns, st.st_size)
    hit = _LIBS.get(key)
    if hit is not None:
        return hit
    data, marks, _ = yamlio.read(path)
    try:
        lib = Library.model_validate(data)
    except ValidationError as e:
        errs = yamlio.pydantic_errors(e, path, marks)
        if errors is None:
            raise errs[0] from None
        errors.extend(errs)
        return {}
    cards = {}
    raw = {}
    for name, c in lib.cards.items():
        d = dump(c)
        raw[name] = d
        cards[name] = card_def(name, d)
    cards["__raw__"] = raw
    _LIBS[key] = cards
    return cards


def scenario_cards(sf, errors: list) -> dict:
    from judge.engine.scenario.load import find_library

    m = sf.model
    refs = m.cards if isinstance(m.cards, list) else [m.cards]
    if not refs:
        refs = [DEFAULT_LIBRARY]
    cards: dict = {}
    raw: dict = {}
    for i, ref in enumerate(refs):
        p = find_library(sf, ref)
        if p is None:
            loc = ("cards", i) if isinstance(m.cards, list) else ("cards",)
            errors.append(ScenarioError(sf.path, line_of(sf.marks, loc), f"card library {ref!r} not found next to "
                                        f"the scenario or in a parent directory", "cards"))
            continue
        lib = load_library(str(p), errors)
        raw.update(lib.get("__raw__", {}))
        cards.update({k: v for k, v in lib.items() if k != "__raw__"})
    for name, d in m.define.items():
        try:
            c = CardModel.model_validate(d)
        except ValidationError as e:
            errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, ("define", name)))
            continue
        raw[name] = dump(c)
        cards[name] = card_def(name, raw[name])
    for pname, zones in m.board.items():
        for zname, pls in zones.items():
            for i, pl in enumerate(pls):
                loc = ("board", pname, zname, i)
                if isinstance(pl.card, dict):
                    d = dict(pl.card)
                    name = str(d.pop("name", pl.id))
                    try:
                        c = CardModel.model_validate(d)
                    except ValidationError as e:
                        errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, loc + ("card",)))
                        continue
                    raw[f"@{pl.id}"] = dump(c)
                    cards[f"@{pl.id}"] = card_def(name, raw[f"@{pl.id}"])
                if pl.with_ and isinstance(pl.card, str) and pl.card in raw:
                    _check_patch(sf, raw[pl.card], pl.with_, loc + ("with",), errors)
    for vi, v in enumerate(m.variants):
        for oid, patch in v.objects.items():
            w = patch.get("with")
            base = _placement(m, oid)
            if w and base is not None and isinstance(base.card, str) and base.card in raw:
                _check_patch(sf, raw[base.card], w, ("variants", vi, "objects", oid, "with"), errors)
            fields = {k: x for k, x in patch.items() if k != "with"}
            if base is not None:
                try:
                    Placement.model_validate({**base.model_dump(by_alias=True), **fields})
                except ValidationError as e:
                    errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, ("variants", vi, "objects", oid)))
    sf.raw_cards = raw
    return cards


def _check_patch(sf, base: dict, patch: dict, loc, errors) -> None:
    try:
        CardModel.model_validate({**base, **patch})
    except ValidationError as e:
        errors.extend(yamlio.pydantic_errors(e, sf.path, sf.marks, loc))


def _placement(m, oid):
    for zones in m.board.values():
        for pls in zones.values():
            for pl in pls:
                if pl.id == oid:
                    return pl
    return None


def build(game_cls, sf, v=None):
    m = sf.model
    g = game_cls(seed=m.seed)
    for name, ps in m.players.items():
        if v is not None and name in v.players:
            ps = PlayerSpec.model_validate({**ps.model_dump(), **v.players[name]})
        g.add_player(name, ps.life, ps.poison, ps.mana, ps.hand_limit, ps.lands_played)
    ts = m.turn
    if v is not None and v.turn:
        ts = TurnSpec.model_validate({**ts.model_dump(), **v.turn})
    opponents = {n: [o for o in m.players if o != n] for n in m.players}
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
                card = sf.cards[key]
                if pl.with_:
                    card = _with(sf, key, card, pl.with_)
                attacking = pl.attacking
                if attacking is True:
                    attacking = opponents[pl.controller or pname][0]
                blocking = pl.blocking if isinstance(pl.blocking, list) else ([pl.blocking] if pl.blocking else [])
                owner = pname
                g.add_card(pl.id, card, owner, zname, controller=pl.controller or pname, tapped=pl.tapped,
                           sick=pl.sick, damage=pl.damage, counters=pl.counters, attached_to=pl.attached_to,
                           face_down=pl.face_down, token=pl.token or card.token, attacking=attacking or None,
                           blocking=blocking)
                loaded.setdefault(f"{pname}.{zname}", []).append(pl.id)
    g.active = ts.active
    g.step = turn.canonical(ts.step)
    g.priority = ts.priority or ts.active
    g.turn = ts.number
    g.watched = _not_fired(g, m, v)
    g.finish_loading()
    step = g.begin_step("load", "load", {
        "turn": ts.number, "active": ts.active, "step": g.step, "priority": g.priority,
        "players": {p.name: {"life": p.life, "poison": p.poison, "mana": _pool(p)} for p in g.players},
        "zones": loaded,
        "note": say("load_note"),
    })
    step.line = line_of(sf.marks, ("board",))
    g.close_step()
    return g


def _not_fired(g, m, v) -> frozenset:
    """Rules this instance's expectations say must not apply: the engine records why each did not."""
    expects = [v.expect if v is not None else m.expect]
    actions = v.actions if v is not None and v.actions is not None else m.actions
    expects += [a.expect for a in actions if a.expect is not None]
    out = set()
    for e in expects:
        for r in e.not_fired:
            out.add(g.rules.normalize(r if isinstance(r, str) else r.rule))
    return frozenset(out)


def _with(sf, key, card, patch: dict):
    """A placement's `with:` overrides, read through the card vocabulary like any card text."""
    raw = getattr(sf, "raw_cards", {}).get(key)
    if raw is None:
        return patched(card, patch)
    d = dump(CardModel.model_validate({**raw, **patch}))
    return card_def(card.name, d, token=card.token)


def _pool(p) -> str:
    from judge.engine.games.mtg import mana as M

    return M.show(p.pool) if p.pool else ""


def step_name(step) -> str | None:
    return turn.canonical(step)
