"""The scenario engine: replay a board state by the rules and record which rule fired and why.

Layout (python-chess style: one game-agnostic core, one package per game that subclasses it and
overrides a few named hooks):

- `judge.engine.core`: the state of a game and the parts that run it, composed by `core.game.Game` —
  the trace (`record`), rewinding (`rewind`), the players' choices (`choices`), the turn and priority
  loop with the stack (`priority`), events with replacement effects and triggers (`events`); plus
  objects, zones, the rule registry and `Trace`/`Firing`.
- `judge.engine.games.common`: what every card game here does the same way (`CardGame`: steps by name,
  who listens to an event, scenario loading, the card vocabulary's building blocks, ability definitions,
  shields and delayed abilities, which cost changes apply).
- `judge.engine.games.<game>`: a `Game` subclass plus its rule implementations, each registered under
  the rule number it applies (`mtg:420.5c`).
- `judge.engine.scenario`: the YAML scenario format (pydantic at the edge), the runner that replays it
  and checks expectations.

Hooks: how a game plugs in. A game sets `game`, `book`, `rules` (its `RuleRegistry`) and its data
(`ZONE_SPECS`, `STACK_ZONE`, `STEPS`, `ZONES`, `ACTIONS`, `REWOUND`), then implements:

==================================  ==============================================================
hook                                what the game decides
==================================  ==============================================================
`build(sf, variant)`                (classmethod) the game loaded with a scenario's board: step 0
`scenario_cards(sf, errors)`        (classmethod) the card definitions a scenario may place
`check_state()`                     before anyone would receive priority: state-based actions or
                                    pre-priority checks; True if anything happened
`put_on_stack(trigger)`             a pending triggered ability goes on the stack (its targets…)
`resolve(item)`                     what resolving the top of the stack does; True if that began a
                                    step that gave priority (else the active player gets it)
`end_step()`                        every player passed with an empty stack: what comes next
`perform(event)`                    carry an event out; False if it did nothing
`expand(event)`                     an event defined as other events (destroy → move), or None
`replacements(event)`               the replacement and prevention effects that could apply
`apply_replacement(effect, event)`  the event(s) as that effect changes them
`lookback(events)`                  a snapshot for abilities that look back in time (leaves play)
`collect_triggers(events, snap)`    the triggered abilities these events set off (→ `pending`)
`concede(name)`, `after_losses()`   a player concedes; after players lost: winner, draw, who is next
                                    (`CardGame` decides it from `side(player)`, `WIN_RULE`, `DRAW_RULE`)
==================================  ==============================================================

and may refine these defaults: `apnap()` and `next_player(name)` (turn order), `canonical_step(step)`,
`zone_objects(player, zone)`, `put_triggers()`, `indistinguishable(triggers)` (no order choice),
`replacement_chooser` / `choose_replacement` / `replacement_already_applied` / `event_subject`
(several replacement effects on one event), `not_priority` / `awaiting_error` / `choice_words` (how a
refusal is worded), `rewound(step, error)` (what is cited after an action the rules refused was
rewound: `REWIND_RULE`, MTG 422.1, WoW 707.2), `end_of_step_state()` (what the trace shows after a step),
`declare_nothing(what, who, step, turn)` (an `advance:` met a declaration the scenario did not make: True if the
game made it empty — MTG: no attackers, 308.4; no blockers, 309.2e),
and for a scenario's expectations `observe(obj)`, `pool_text`, `normalize_pool`, `display_value`. A
game's `CHOICE_RULES` names, per kind of choice, the rule an illegal answer breaks (issue 11 §2: an illegal
answer is refused like an illegal action).

Rule code uses the game's verbs — `fire`, `near_miss`, `under`, `set`, `relocate`, `happen`,
`choose`, `give_priority`, `took_action`… — which belong to the core (a game cannot redefine them).

Nothing here imports yaml, pydantic or rich at module level except the scenario package, so importing
the core stays cheap.
"""
