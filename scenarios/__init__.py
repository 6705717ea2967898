"""The bundled scenarios and card libraries, shipped with `judge` as package data.

`scenarios/<game>/*.yaml` are the scenario files (one per worked example of the
bundled books, named by rule), `scenarios/cards/<game>.yaml` the card
libraries. `judge check`, `judge coverage`, `judge scenarios` and
`judge replay NAME` find them through this package, so they work from any
directory and in a non-editable install; a user's own scenarios reach the
libraries by game name (`cards: mtg`). See docs/scenarios.md.
"""
from pathlib import Path

#: The folder holding the bundled scenarios (`ROOT / "mtg"`) and card libraries (`ROOT / "cards"`).
ROOT = Path(__file__).resolve().parent
