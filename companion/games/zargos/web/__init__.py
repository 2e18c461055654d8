"""Zargos's page parts: its map drawn from the pack's graph (layout, svg), its seat page (seatpage and
static/seat.js: the hand by name, the decisions as buttons, map moves built in taps), its names (words),
the table page's and the count's parts (templates/zargos); `WEB` is what `GAME.web` holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .parts import ZargosWeb

WEB = ZargosWeb()

if TYPE_CHECKING:  # mypy checks the parts are what the pages ask for; the web is not imported at run time
    from web.game_parts import GameWeb

    _CHECKED: GameWeb = WEB
