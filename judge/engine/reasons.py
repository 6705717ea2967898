"""Reason texts: reason code → Chinese template, from data files, never from code.

`judge/data/templates/<lang>/reasons.yaml` maps each game's reason codes to a
template with named fields; `steps.yaml` describes trace steps. A second
language is a second directory. The ruling explanations (`judge explain`)
use the same templates, and `tests/test_engine_reasons.py` fails when the
engine can emit a code that has no template or a template names a field the
code does not provide.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from judge.engine.core.trace import Ref
from judge.engine.template_fields import fields_of

TEMPLATES = Path(__file__).resolve().parent.parent / "data" / "templates"


@lru_cache(maxsize=8)
def _load(lang: str, name: str) -> dict:
    from rulebook import safe_yaml      # start-up: yaml is loaded only when a command renders a template

    return safe_yaml.read(TEMPLATES / lang / f"{name}.yaml") or {}


def templates(game: str, lang: str = "zh") -> dict[str, str]:
    return _load(lang, "reasons").get(game, {})


def step_templates(lang: str = "zh") -> dict[str, str]:
    return _load(lang, "steps")


def show(v, names: dict | None = None, game: str | None = None, lang: str = "zh") -> str:
    """A field value as a judge reads it — the one renderer every value goes through before it reaches Chinese
    prose: names for objects and players, 、 between list items, a phrase record (`{"phrase": key, …}`, e.g. one
    entry of a refused damage assignment) in the game's words (phrases.yaml, the game's own over `core`)."""
    if isinstance(v, Ref):
        return v.name
    if isinstance(v, dict) and "name" in v and "id" in v:
        return v["name"]
    if isinstance(v, (list, tuple)):
        return "、".join(show(x, names, game, lang) for x in v) or "无"
    if isinstance(v, dict) and isinstance(v.get("phrase"), str):
        t = phrases(game, lang).get(v["phrase"]) if game else None
        t = t or phrases("core", lang).get(v["phrase"])
        vals = {k: show(x, names, game, lang) for k, x in v.items() if k != "phrase"}
        return t.format_map(_Fields(vals)) if t else "、".join(vals.values())
    if isinstance(v, dict):          # a record of choices ({"type": "暗夜精灵"}): its values, never a Python literal
        return "、".join(show(x, names, game, lang) for x in v.values()) or "无"
    if isinstance(v, bool):
        return "是" if v else "否"
    if v is None:
        return "-"
    if names is not None and isinstance(v, str) and v in names:
        return v if names[v] == v else f"{names[v]}({v})"
    return str(v)


class _Fields(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def render(game: str, code: str, fields: dict, lang: str = "zh") -> str:
    t = templates(game, lang).get(code)
    if t is None:
        return f"[{game}:{code}] " + "，".join(f"{k}={show(v)}" for k, v in fields.items())
    vals = {k: show(v, game=game, lang=lang) for k, v in fields.items()}
    if "check" in vals:
        vals["check"] = step_templates(lang).get("checks", {}).get(vals["check"], vals["check"])
    return t.format_map(_Fields(vals))


OBJECT_KEYS = ("cast", "play", "activate", "strike", "targets", "attack", "block", "object", "what",   # what: Riftbound's look
               "look", "arrange",         # MTG's look and arrange: a card (an id) or a zone (甲.hand)
               "turn_face_up", "end_effect", "ignore_effect")   # MTG's special actions (408.2h–j): an object


def game_steps(game: str | None, lang: str = "zh") -> dict:
    """A game's own wording for trace steps (steps.yaml `games: {wow: {...}}`), over the shared one."""
    return (step_templates(lang).get("games") or {}).get(game) or {} if game else {}


def render_step(what: str, data: dict, names: dict, lang: str = "zh", game: str | None = None) -> str:
    own = game_steps(game, lang)
    if what == "pass_until" and data.get("already"):
        what = "pass_until_already"           # `pass_until: stack_empty` on an empty stack: nothing to do
    t = own.get(what) or step_templates(lang).get(what)
    if t is None:
        return what
    vals = {}
    for k, v in data.items():
        nm = names if k in OBJECT_KEYS else None
        if isinstance(v, dict) and not ("id" in v and "name" in v):
            v = "、".join(f"{show(a, nm)}→{show(b, nm)}" for a, b in v.items())
        vals[k] = show(v, nm)
    if what == "pass_until" and data.get("until") in (None, "stack_empty"):
        vals["until"] = own.get("stack_empty") or step_templates(lang).get("stack_empty", "堆叠为空")
    text = t.format_map(_Fields(vals))
    opens = own.get("opens_step") or step_templates(lang).get("opens_step")
    if data.get("opens_step") and opens:      # a declaration made as the step, loaded at its start, begins
        text += opens.format_map(_Fields({"step": data["opens_step"]}))
    return text


GAMES = TEMPLATES.parent / "games"


@lru_cache(maxsize=8)
def zone_words(game: str | None, lang: str = "zh") -> dict[str, str]:
    """Zone identifier → the word a judge reads: the game's own (its vocabulary, `judge/data/games/<game>.yaml`,
    where two games use one identifier for different zones) over the shared names of steps.yaml."""
    out = dict(step_templates(lang).get("zones", {}))
    path = GAMES / f"{game}.yaml"
    if game and path.is_file():
        from rulebook import safe_yaml      # start-up: as in `_load`

        for z, spec in ((safe_yaml.read(path) or {}).get("zones") or {}).items():
            if isinstance(spec, dict) and spec.get("word"):
                out[z] = spec["word"]
    return out


def outside_book(mechanic: str, lang: str = "zh") -> str:
    """How a trace labels a firing of a mechanic the book does not number (no rule id: never an invented one)."""
    return step_templates(lang).get("outside_book", "{mechanic}").format(mechanic=mechanic)


def attr_words(game: str | None, lang: str = "zh") -> dict[str, str]:
    """Attribute → the word a judge reads: the game's own (steps.yaml `games: {<game>: {attrs: …}}`) over the
    shared ones (a Riftbound rune pool is 符文池, an MTG one 魔法力池)."""
    return {**step_templates(lang).get("attrs", {}), **(game_steps(game, lang).get("attrs") or {})}


def player_stats(info: dict, game: str | None = None, lang: str = "zh") -> list[str]:
    """What the load step shows of a player (生命 20、中毒 1、魔法力池 {红}), in the game's words; a game
    without life totals leaves `life` out."""
    labels = {**step_templates(lang).get("player_labels", {}), **(game_steps(game, lang).get("player_labels") or {})}
    out = [f"{labels.get('life', 'life')} {info['life']}"] if "life" in info else []
    if info.get("poison"):
        out.append(f"{labels.get('poison', 'poison')} {info['poison']}")
    if info.get("mana"):
        out.append(f"{labels.get('mana', 'mana')} {info['mana']}")
    return out


def render_change(c, names: dict, display=None, lang: str = "zh", zones: dict | None = None,
                  attrs: dict | None = None) -> str:
    """'灰熊.伤害: 0 → 3' — attribute and zone names from steps.yaml (a game's own: `zones` from `zone_words`,
    `attrs` from `attr_words`); `display(attr, value)` is the game's."""
    st = step_templates(lang)
    if attrs is None:
        attrs = st.get("attrs", {})
    if zones is None:
        zones = st.get("zones", {})

    def val(v):
        if c.attr == "zone":
            return zones.get(v, v) if v is not None else "—"
        if display is not None:
            d = display(c.attr, v)
            if d is not None:
                return d
        return show(v)

    who = names.get(c.subject, c.subject)
    return f"{who}.{attrs.get(c.attr, c.attr)}: {val(c.before)} → {val(c.after)}"


def phrases(game: str, lang: str = "zh") -> dict[str, str]:
    return _load(lang, "phrases").get(game, {})


def phrase(game: str, key: str, lang: str = "zh", **fields) -> str:
    """A short Chinese phrase the engine puts into a reason's fields (phrases.yaml), never text in code."""
    t = phrases(game, lang).get(key)
    if t is None:
        raise KeyError(f"no phrase {game}:{key!r} in judge/data/templates/{lang}/phrases.yaml")
    return t.format(**{k: show(v, game=game, lang=lang) for k, v in fields.items()}) if fields else t


def missing(registry, lang: str = "zh") -> list[str]:
    """Reason codes the registry declares that have no template."""
    have = templates(registry.game, lang)
    return sorted(c for c in registry.codes if c not in have)


def bad_fields(registry, lang: str = "zh") -> list[str]:
    """Templates that use a field their reason code does not declare."""
    have = templates(registry.game, lang)
    out = []
    for code, r in registry.codes.items():
        t = have.get(code)
        if t is None:
            continue
        extra = fields_of(t) - set(r.fields)
        if extra:
            out.append(f"{code}: template uses {sorted(extra)}, declared {list(r.fields)}")
    return out
