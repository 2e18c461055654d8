"""The walk-through that checks a board pack against a physical copy of the game, screen by screen.

Pure (no disk, no clock, no web): `Walk.start(board, labels)` makes the screens, offering only what is
known without the pack's invented values; `answer`, `skip`, `back` and `goto` move through them;
`conflicts` lists what is inconsistent now, each at the screen where it is fixed; `pack_text(date)`
writes the pack. `to_json` / `from_json` save and resume a half-done walk. The web page
(`web/verify.py`) and the terminal (`companion board verify`) drive the same walk and show the same
screens (`screens.py`, their texts in `texts.py`).
"""

from __future__ import annotations

from companion.owner_walk import BadAnswer, BadProgress, Change

from .answers import check_value, field_kind, parse_field, show_field
from .conflicts import Conflict
from .screens import BY_KEY, FOR_EVERY_GAME, SCREENS, SECTIONS, Screen
from .walk import NotReady, Walk

__all__ = [
    "BY_KEY",
    "FOR_EVERY_GAME",
    "SCREENS",
    "SECTIONS",
    "BadAnswer",
    "BadProgress",
    "Change",
    "Conflict",
    "NotReady",
    "Screen",
    "Walk",
    "check_value",
    "field_kind",
    "parse_field",
    "show_field",
]
