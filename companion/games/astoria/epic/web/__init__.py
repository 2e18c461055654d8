"""The Epic's page parts: the table view's part, a mage's phone page (the actions in a few taps, the
Objective his alone), the end with every Objective and what each did for or against the King; `WEB` is what
`GAME.web` holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .parts import EpicWeb

WEB = EpicWeb()

if TYPE_CHECKING:  # mypy checks the parts are what the pages ask for; the web is not imported at run time
    from web.game_parts import GameWeb

    _CHECKED: GameWeb = WEB
