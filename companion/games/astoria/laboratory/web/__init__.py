"""The Laboratory's page parts: the laboratory drawn from each team's side, the table view's part, a seat's
hand and choices in a few taps (parts.py, board.py, static/seat.js); `WEB` is what `GAME.web` holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .parts import LabWeb

WEB = LabWeb()

if TYPE_CHECKING:  # mypy checks the parts are what the pages ask for; the web is not imported at run time
    from web.game_parts import GameWeb

    _CHECKED: GameWeb = WEB
