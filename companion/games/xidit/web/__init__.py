"""Lords of Xidit's page parts: its map and chart (svg, layout, seatmap), its seat page (seatpage), its
scoring in words (words), the requests of its scripts (requests), its templates and static files; `WEB` is
what `GAME.web` holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .parts import XiditWeb

WEB = XiditWeb()

if TYPE_CHECKING:  # mypy checks the parts are what the pages ask for; the web is not imported at run time
    from web.game_parts import GameWeb

    _CHECKED: GameWeb = WEB
