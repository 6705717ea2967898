"""The scenario engine: replay a board state by the rules and record which rule fired and why.

Layout (python-chess style: one game-agnostic core, one module per game that
subclasses it and overrides a few named hooks):

- `judge.engine.core`: objects, players, zones, priority, stack, events,
  replacement pipeline, strict choices, the rule registry, `Trace`/`Firing`.
- `judge.engine.games.<game>`: a `Game` subclass plus its rule implementations,
  each registered under the rule number it applies (`mtg:420.5c`).
- `judge.engine.scenario`: the YAML scenario format (pydantic at the edge),
  the runner that replays it and checks expectations.

Nothing here imports yaml, pydantic or rich at module level except the
scenario package, so importing the core stays cheap.
"""
