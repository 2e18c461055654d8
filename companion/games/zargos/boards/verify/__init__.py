"""The walk-through that enters the real Zargos map from a physical board, screen by screen (issue 29).

Pure (no disk, no clock, no web): `Walk.start(board)` makes the walk, offering only what the rules state
and what the owner's own answers imply (or, for a verified pack, its values); `answer`, `skip`, `back` and
`goto` move through the screens; `conflicts` says in words what disagrees, at the screen where it is
fixed; `pack_text(date)` writes a verified `zargos-board/1` pack. `to_json` / `from_json` save and resume.
The terminal (`terminal.py`) and the phone drive the same walk.
"""

from __future__ import annotations

from companion.owner_walk import BadAnswer, BadProgress

from .answers import check_value, parse_field, show_field
from .screens import GOAL_MINUTES, SECONDS, Screen, estimate, slug
from .walk import Conflict, NotReady, Walk, values_of

__all__ = ["GOAL_MINUTES", "SECONDS", "BadAnswer", "BadProgress", "Conflict", "NotReady", "Screen", "Walk",
           "check_value", "estimate", "parse_field", "show_field", "slug", "values_of"]
