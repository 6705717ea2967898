"""Game-agnostic engine core. See `judge.engine.core.game.Game` for the hooks a game overrides."""
from judge.engine.core.errors import (
    EngineError, GameOver, IllegalAction, InvalidChoice, MissingChoice, RuleNotInBook, UnusedChoice,
)
from judge.engine.core.registry import Reason, RuleEntry, RuleRegistry
from judge.engine.core.trace import Change, ChoiceMade, Firing, NearMiss, Step, Trace

__all__ = [
    "Change", "ChoiceMade", "EngineError", "Firing", "GameOver", "IllegalAction", "InvalidChoice",
    "MissingChoice", "NearMiss", "Reason", "RuleEntry", "RuleNotInBook", "RuleRegistry", "Step", "Trace",
    "UnusedChoice",
]
