"""Lords of Xidit on the boxes: its words, its decisions' editors, its program screen (`GameModule.boxes`).

The box framework (`companion.boxes`) asks `BOXES` through its `BoxMenus` protocol; nothing here is
imported by the framework. The editors are loaded when a box first asks for a seat's menus: they speak the
table's commands, and the table still imports the rules of this package.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.boxes.game_parts import BoxMenus, Painter, Translate

from . import lines
from .entry import DIRECT
from .painter import paint_program

if TYPE_CHECKING:
    from companion.table import SeatSnapshot

    from .seat import XiditSeat

JSON = dict[str, Any]


class XiditBoxes:
    direct_keys: Mapping[str, str] = DIRECT
    painters: Mapping[str, Painter] = {"program": paint_program}

    def title(self, snap: SeatSnapshot, seat: int, t: Translate) -> str:
        return lines.title(snap.view, seat, t)

    def status(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, tuple[str, ...]]:
        return lines.status(snap.view, seat, t)

    def result(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...] | None:
        return lines.result(snap.view, seat, t)

    def waiting(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...]:
        return lines.waiting(snap.view, seat, t)

    def for_seat(self, seat: int) -> XiditSeat:
        from .seat import XiditSeat  # noqa: PLC0415 -- see the module's docstring

        return XiditSeat(seat)


BOXES: BoxMenus = XiditBoxes()
