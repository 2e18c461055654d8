"""One seat's Xidit menus for the whole game: the editor of the decision awaited now, and the seat's
program editor, which remembers last year's program to propose it again."""

from __future__ import annotations

from typing import Any

from companion.table import SeatSnapshot

from ..rules.choices import ProgramChoice
from .editors import EDITORS, Editor
from .programming import ProgramEditor


class XiditSeat:
    def __init__(self, seat: int) -> None:
        self.number = seat
        self.program = ProgramEditor(seat)
        self._key: tuple[Any, ...] = ()
        self._editor: Editor[Any] | None = None

    def editor(self, snap: SeatSnapshot) -> Editor[Any] | None:
        """A new decision gets a new editor, with the defaults that need the fewest presses."""
        choice, view = snap.choice, snap.view
        if view.get("phase") not in (None, "setup", "place", "program"):
            me: dict[str, Any] = next((p for p in view.get("players", ()) if p["seat"] == self.number), {})
            self.program.saw_revealed(me.get("program"))
        if choice is None:
            key: tuple[Any, ...] = ()
        elif isinstance(choice, ProgramChoice):
            key = ("program", view.get("year"))  # the cursor stays while the draft changes
        else:
            key = (choice.decision, view["table"].get("actions"))
        if key != self._key:
            self._key = key
            self._editor = None if choice is None else EDITORS[choice.decision](self, choice, snap)
        if isinstance(choice, ProgramChoice):
            self.program.saw(snap.draft, snap.locked)
        return self._editor
