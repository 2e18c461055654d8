"""Zargos on the boxes: its words, one editor per kind of choice, a card drawn from a physical pile
(`GameModule.boxes`, the framework's `BoxMenus`).

A map move the seat page built (an attack, a reorganisation step) reaches the box as the seat's snapshot
`draft`, a mapping {"from", "to", "strength", "route" (optional, sea spaces)}: the box offers it first, to
confirm with OK (`editors.built`).

The box reads the map (province names, borders, sea routes) from the board the game is played on: the
shipped pack unless the table says another (`ZargosBoxes(board_for=...)`); a box that does not know the
board names provinces by their ids and leaves map moves entered with keys to the seat page (a move the
page built is still confirmed here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from companion.boxes.game_parts import BoxMenus, Painter, Translate

from ..rules import Board
from . import lines

if TYPE_CHECKING:
    from companion.table import SeatSnapshot

    from .seat import ZargosSeat

JSON = dict[str, Any]


@cache
def _shipped() -> Board:
    from ..boards import default_pack  # noqa: PLC0415 -- parsed once, when a box first needs it

    return default_pack()


def shipped_board(view: JSON) -> Board | None:
    """The shipped pack when the view says the game is played on it; None for another board."""
    board = _shipped()
    played = (view.get("board") or {}).get("sha256")
    return board if played in (None, board.sha256) else None


class ZargosBoxes:
    direct_keys: Mapping[str, str] = {}
    painters: Mapping[str, Painter] = {}

    def __init__(self, board_for: Callable[[JSON], Board | None] = shipped_board) -> None:
        self.board_for = board_for

    def title(self, snap: SeatSnapshot, seat: int, t: Translate) -> str:
        return lines.title(snap.view, seat, t)

    def status(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, tuple[str, ...]]:
        return lines.status(snap.view, seat, t, self.board_for(snap.view))

    def result(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...] | None:
        return lines.result(snap.view, seat, t)

    def waiting(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...]:
        return lines.waiting(snap.view, seat, t, self.board_for(snap.view))

    def for_seat(self, seat: int) -> ZargosSeat:
        from .seat import ZargosSeat  # noqa: PLC0415 -- the editors speak the table's commands

        return ZargosSeat(seat, self.board_for)


BOXES: BoxMenus = ZargosBoxes()
