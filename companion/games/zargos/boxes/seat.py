"""One seat's Zargos menus for the whole game: the editor of what is asked of it now, a new one (at its
defaults) when the decision changes. A card the seat drew from a physical pile is asked of it too: the
view's chance node, told by this seat (2.7, and the magic deck when its cards are physical)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.table import SeatSnapshot

from ..rules import Board
from .editors import Editor, editor_for

JSON = dict[str, Any]


class ZargosSeat:
    def __init__(self, seat: int, board_for: Callable[[JSON], Board | None]) -> None:
        self.number = seat
        self.board_for = board_for
        self._key: Any = None
        self._editor: Editor[Any] | None = None

    def editor(self, snap: SeatSnapshot) -> Editor[Any] | None:
        view = snap.view
        chance = view.get("chance")
        asked: Any = snap.choice
        if chance and chance.get("kind") == "draw" and chance.get("told_by") == self.number and "outcomes" in chance:
            asked = chance  # nothing else is awaited while a chance node is pending
        if asked is None:
            key: Any = None
        elif isinstance(asked, dict):
            key = ("draw", view.get("version"))
        else:  # the same choice later in the game is another decision: the round and turn tell them apart
            key = (asked, view.get("round"), view.get("phase"), view.get("active"))
        if key != self._key or (self._editor is not None and self._editor.sent):  # sent: what comes is new
            self._key = key
            self._editor = None if asked is None else editor_for(self, asked, snap)
        return self._editor
