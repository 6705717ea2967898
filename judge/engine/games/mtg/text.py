"""Text-changing effects (418.6): "change the text of target permanent by replacing all instances of one colour
word (or basic land type, or creature type) with another".

A text change rewrites the words of an object's *rules text* where they are used as what they are — a colour in
a filter or a protection, a creature type, a land type — never a name (418.6a), and never an ability an effect
gave the object, which is not its text (418.6b). It applies in layer 3 (`chars._op`, kind `change_text`). A
spell on the stack whose text was changed resolves with the changed instructions: the creature types and the
name of the tokens it makes come from that text (418.6c, 418.6d).
"""
from __future__ import annotations

from dataclasses import replace

from judge.engine.games.mtg.rules import rules
from judge.engine.games.mtg.words import say

rules.declare("418.6a", reasons={"text_changed": "object old new abilities"},
              near_misses={"name_not_changed": "object old name"})
rules.declare("418.6b", near_misses={"granted_not_changed": "object old ability"})
rules.declare("418.6c", reasons={"token_name_changed": "object old new name"})
rules.declare("418.6d", reasons={"token_text_changed": "object old new"})

_CHANGED: dict = {}


def replaced(value, old: str, new: str):
    """`value` with every word equal to `old` (a list item or a string value of a spec) replaced by `new`."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [replaced(v, old, new) for v in value]
    if isinstance(value, tuple):
        return tuple(replaced(v, old, new) for v in value)
    if isinstance(value, dict):
        return {k: replaced(v, old, new) for k, v in value.items()}
    return value


def changed_ability(ab, old: str, new: str, name: str):
    """The ability with `old` replaced by `new` in its instructions and in its printed text — the object's name
    excepted (418.6a); the same object each time for the same change, so caches keyed by it stay valid."""
    key = (id(ab), old, new, name)
    got = _CHANGED.get(key)
    if got is None:
        spec = replaced(ab.spec, old, new)
        text = ab.text
        if text:
            marker = "\0"
            text = text.replace(name, marker).replace(old, new).replace(marker, name) if name else \
                text.replace(old, new)
        got = _CHANGED[key] = (ab if spec == ab.spec and text == ab.text else replace(ab, spec=spec, text=text), ab)
    return got[0]


def mentions(value, word: str) -> bool:
    if isinstance(value, str):
        return value == word
    if isinstance(value, (list, tuple)):
        return any(mentions(v, word) for v in value)
    if isinstance(value, dict):
        return any(mentions(v, word) for v in value.values())
    return False


def cite_change(game, obj, old: str, new: str) -> None:
    """Right after a text change starts applying to `obj`: which of its abilities it changed (418.6a); its name,
    if the word is part of it, is not changed (418.6a, near miss); abilities an effect granted keep their words
    (418.6b, near miss)."""
    c = game.chars(obj)
    changed = [ab for ab in obj.card.abilities if mentions(ab.spec, old)]
    if changed:
        game.fire("418.6a", "text_changed", [obj], object=obj, old=old, new=new,
                  abilities="、".join(changed_ability(ab, old, new, obj.card.name).text or ab.key for ab in changed))
    if old in obj.card.name:
        game.near_miss("418.6a", "name_not_changed", [obj], object=obj, old=old, name=obj.card.name)
    for ab in c.abilities:
        if id(ab) in c.granted_ts and mentions(ab.spec, old):
            game.near_miss("418.6b", "granted_not_changed", [obj], object=obj, old=old, ability=ab.text or ab.key)


def changed_effects(game, card, effects: list) -> list:
    """A spell's instructions as its text now reads (its text changed on the stack); a token it makes takes its
    creature types — and, unnamed, its name — from that text (418.6c, 418.6d)."""
    changes = getattr(game.chars(card), "text_changes", ())
    for old, new in changes:
        after = replaced(effects, old, new)
        for before_e, after_e in zip(effects, after):
            t0, t1 = before_e.get("token") if isinstance(before_e, dict) else None, \
                after_e.get("token") if isinstance(after_e, dict) else None
            if t0 and t1 and t0 != t1:
                game.fire("418.6d", "token_text_changed", [card], object=card, old=old, new=new)
                if not t1.get("name") and t0.get("subtypes") != t1.get("subtypes"):
                    game.fire("418.6c", "token_name_changed", [card], object=card, old=old, new=new,
                              name="".join(t1["subtypes"]))
        effects = after
    return effects


__all__ = ["replaced", "changed_ability", "cite_change", "changed_effects", "say"]
