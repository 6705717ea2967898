"""Building blocks of a card vocabulary (the pydantic edge of `scenarios/cards/<game>.yaml`).

Each game's `vocab.py` declares its own models, verbs, word lists and nested shapes; the checks
that every vocabulary makes the same way live here: a name from a known list, exactly one verb per
effect (with only that verb's parameters), exactly one kind per ability, the short form of a
target word, nested effect lists, and `dump()` to the plain data the engine reads.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator, model_validator


class Model(BaseModel):
    """Strict, immutable: an unknown field is an error (`file:line: field: …`), never ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def check_all(values: list, known: tuple, what: str) -> list:
    bad = [x for x in values if x not in known]
    if bad:
        raise ValueError(f"unknown {what}(s) {bad}; known: {', '.join(known)}")
    return values


def check_one(value, known: tuple, what: str):
    if value is not None and value not in known:
        raise ValueError(f"unknown {what} {value!r}; known: {', '.join(known)}")
    return value


def all_known(*fields: str, known: tuple, what: str):
    """A field validator: every item of these list fields is one of `known` (`unknown keyword(s) […]`)."""
    return field_validator(*fields)(classmethod(lambda cls, v: check_all(v, known, what)))


def one_known(*fields: str, known: tuple, what: str):
    """A field validator: this field, when given, is one of `known` (`unknown faction '…'`)."""
    return field_validator(*fields)(classmethod(lambda cls, v: check_one(v, known, what)))


def short_form(key: str):
    """A model validator: a bare string stands for `{key: string}` (`targets: [生物]`)."""
    return model_validator(mode="before")(classmethod(lambda cls, v: {key: v} if isinstance(v, str) else v))


def exactly_one(kinds: tuple, message: str):
    """A model validator: exactly one of these fields is set (an ability is one kind of ability)."""
    def check(self):
        if sum(1 for k in kinds if getattr(self, k)) != 1:
            raise ValueError(message)
        return self

    return model_validator(mode="after")(check)


def one_verb(v, verbs: dict[str, tuple[str, ...]], example: str) -> str:
    """The verb of one effect mapping: exactly one key of `verbs`, and only that verb's parameters."""
    if not isinstance(v, dict):
        raise ValueError(f"an effect is a mapping such as {example}")
    found = [k for k in v if k in verbs]
    if len(found) != 1:
        unknown = [k for k in v if k not in verbs and not any(k in p for p in verbs.values())]
        hint = f"; unknown key(s) {unknown}" if unknown else ""
        raise ValueError(f"an effect needs exactly one verb (one of: {', '.join(verbs)}){hint}")
    verb = found[0]
    extra = [k for k in v if k != verb and k not in verbs[verb]]
    if extra:
        raise ValueError(f"`{verb}` does not take {extra}; it takes: {', '.join(verbs[verb]) or 'nothing'}")
    return verb


def nested(v: dict, verb: str, models: dict, effect_lists: dict, effect) -> None:
    """Validate what an effect holds: the verb's own value through its model (`delayed: {…}`), and the
    parameters that are lists of effects (`may: […]`, `then: […]`) through `effect`, the game's Effect model."""
    model = models.get(verb)
    if model is not None:
        model.model_validate(v[verb])
    for key in effect_lists.get(verb, ()):
        if key in v and (v[key] is not None or key == verb):
            if not isinstance(v[key], list):
                raise ValueError(f"`{key}` takes a list of effects")
            for e in v[key]:
                effect.model_validate(e)


def dump(m) -> Any:
    """Pydantic → plain dicts/lists, dropping unset defaults (None, [], {}, a default False or 0) so engine
    code reads only what was said."""
    if isinstance(m, BaseModel):
        out = {}
        for name, finfo in type(m).model_fields.items():
            v = getattr(m, name)
            if v is None or v == [] or v == {} or (v is False and finfo.default is False) or \
                    (v == 0 and finfo.default == 0 and not isinstance(v, bool)):
                continue
            out[finfo.alias or name] = dump(v)
        if m.model_extra:
            for k, v in m.model_extra.items():
                out[k] = _plain(v)
        return out
    if isinstance(m, list):
        return [dump(x) for x in m]
    if isinstance(m, dict):
        return {k: dump(v) for k, v in m.items()}
    return m


def _plain(v):
    """Effect parameters arrive as raw YAML (an Effect allows extra keys): copied as plain lists and dicts."""
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v
