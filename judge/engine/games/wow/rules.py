"""The WoW rule registry. Every module of this game decorates its rule code on `rules`."""
from judge.engine.core.registry import RuleRegistry

rules = RuleRegistry("wow", book="wow")
