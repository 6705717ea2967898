"""Riftbound (符文战场) on the engine core: the bundled excerpt's zones, privacy, equipment and spell resolution.

`game.RiftboundGame` wires the core's hooks to the modules here; each rule lives next to its number:
`privacy` (who may see what: 108, 128.1–128.5, 148.1.a.2), `moves` (where cards go: 108.2, 108.3,
108.6, 108.7), `play` (playing a card onto the chain: 108.1.a, 108.3.d, 148.1.a.1, targets), `effects`
(a spell's instructions: 128.6, 148.1.a.3–148.1.b.3, 168), `resolve` (158), `triggers` (158.3) and `turn`
(the turn, not in this book). Mechanics the excerpt does not number are declared in `rules` and fire
with no rule id.
"""
