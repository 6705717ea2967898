"""What every game package must keep in step: its vocabulary, its verbs, its layering."""
from __future__ import annotations

import importlib

import pytest

GAMES = ("mtg", "wow")


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_the_vocabulary_accepts_is_implemented(game):
    """The card vocabulary (pydantic, at the edge) and the effects that run its verbs list the same verbs."""
    vocab = importlib.import_module(f"judge.engine.games.{game}.vocab")
    effects = importlib.import_module(f"judge.engine.games.{game}.effects")
    assert set(vocab.VERBS) == set(effects.VERB_FUNCS)
