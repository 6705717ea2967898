"""A game's words: its vocabulary (the book's terms, by identifier) and its phrase book.

The vocabulary is data, one file per game: `judge/data/games/<game>.yaml` names each term the engine
uses — zones, steps and phases, card types, keywords, target words… — under an identifier, so the code
speaks in identifiers (`TYPE.creature`, `STEP.cleanup`) and a new translation or edition of the book is
a data change. Cards, scenarios and traces carry the words themselves (生物, 清除).

The phrase book is `say(key, **fields)` over `judge/data/templates/<lang>/phrases.yaml`: the Chinese
fragments the engine puts into reason fields. The tests scan each game's code for the `say("…")` keys it
uses and check that each exists.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulebook import safe_yaml

from judge.engine.core.zones import Zone
from judge.engine.reasons import phrase

VOCABULARIES = Path(__file__).resolve().parents[3] / "data" / "games"


class Words:
    """One kind of a game's words, identifier → word, in the file's order: `TYPE.creature` is 生物;
    iterating gives the words; `id_of(word)` the identifier."""

    _RESERVED = ("words", "ids", "id_of", "items")

    def __init__(self, kind: str, table: dict[str, str]):
        for key, word in table.items():
            if not key.isidentifier() or key.startswith("_") or key in self._RESERVED:
                raise ValueError(f"{kind}: {key!r} cannot be an identifier of a word")
            if not isinstance(word, str) or not word:
                raise ValueError(f"{kind}.{key}: a word is a non-empty string, got {word!r}")
        self.__dict__.update(table)
        self._kind = kind
        self._table = dict(table)
        self._ids = {w: k for k, w in table.items()}

    def __getattr__(self, name: str):
        raise AttributeError(f"no {self._kind} word {name!r}; known: {', '.join(self._table)}")

    def __iter__(self):
        return iter(self._table.values())

    def __len__(self) -> int:
        return len(self._table)

    def __contains__(self, word) -> bool:
        return word in self._ids

    def __getitem__(self, key: str) -> str:
        return self._table[key]

    def words(self) -> tuple:
        return tuple(self._table.values())

    def ids(self) -> tuple:
        return tuple(self._table)

    def items(self):
        return self._table.items()

    def id_of(self, word: str) -> str | None:
        return self._ids.get(word)


def words_of(kind: str, table: dict) -> Words:
    """A section whose entries are `{word: …, more fields}` (zones, steps, targets) as plain `Words`."""
    return Words(kind, {k: (v["word"] if isinstance(v, dict) else v) for k, v in table.items()})


def zones_of(table: dict) -> dict[str, Zone]:
    """The zone specs of a vocabulary's `zones:` section (shared, top first, visibility)."""
    return {k: Zone(k, shared=bool(v.get("shared")), top_first=bool(v.get("top_first")),
                    visibility=v.get("visibility", "public")) for k, v in table.items()}


def step_aliases(steps: dict, aliases: dict) -> dict[str, str]:
    """Every name of a step → its word: the step's identifier and the `step_aliases` of the vocabulary."""
    words = {k: v["word"] for k, v in steps.items()}
    out = {k: words[k] for k in steps}
    for name, step in aliases.items():
        if step not in words:
            raise ValueError(f"step alias {name!r} names an unknown step {step!r}")
        out[name] = words[step]
    return out


@lru_cache(maxsize=8)
def vocabulary(game: str) -> dict:
    """The game's vocabulary file as plain data (`judge/data/games/<game>.yaml`)."""
    data = safe_yaml.read(VOCABULARIES / f"{game}.yaml")
    if not isinstance(data, dict) or data.get("game") != game:
        raise ValueError(f"{VOCABULARIES / f'{game}.yaml'}: not the vocabulary of {game!r}")
    return data


def skeleton(game: str) -> str:
    """The scenario skeleton `judge new-scenario` writes for the game (`judge/data/games/<game>.skeleton.yaml`;
    `string.Template` fields: $rule_id $short $quoted $book $number)."""
    return (VOCABULARIES / f"{game}.skeleton.yaml").read_text("utf-8")


def phrase_book(game: str):
    """`say(key, **fields)`, the game's phrases; `zone(z)`, a zone's word (`graveyard` → 坟墓场): the
    vocabulary's, else a phrase `zone.<z>` (the engine's own states: gone, created), else `z` itself."""
    zones = {k: v["word"] for k, v in vocabulary(game).get("zones", {}).items()}

    def say(key: str, **fields) -> str:
        return phrase(game, key, **fields)

    @lru_cache(maxsize=64)
    def zone(z: str) -> str:
        word = zones.get(z)
        if word is not None:
            return word
        try:
            return phrase(game, f"zone.{z}")
        except KeyError:
            return z

    return say, zone


def step_name(step, steps: tuple, aliases: dict) -> str | None:
    """The step a scenario means (`upkeep`, `维持`, an alias), or None if the game has no such step."""
    if step is None:
        return None
    s = str(step).strip()
    s = aliases.get(s, s)
    return s if s in steps else None
