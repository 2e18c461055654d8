"""Entering a program on a box as fast as on the physical wheels.

The wheels keep last year's setting, so a year starts from the seat's own previous program, shown as a
proposal that OK locks at once. The proposal lives in this box only (the seat's own program of last year,
as this box saw it locked or revealed): nothing reaches the table until the player acts on it, and then
it becomes the draft as a whole.

BACK declines the proposal. On an empty slot each of the five other keys enters an order and moves on
(UP a black road, LEFT red, RIGHT blue, OK an action, DOWN a wait; the screen shows the legend), so a
fresh program is six presses and OK. On a set slot LEFT/RIGHT move, UP/DOWN turn the order, BACK clears
it and OK locks a full program. BACK on an empty slot deletes the previous one; BACK held clears the
whole program.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table import Command, Seal

from ..rules.terms import ORDERS, PROGRAM_LENGTH
from ..table.drafts import set_order, set_program
from .entry import DIRECT, ENTRY

Draft = tuple[str | None, ...]


@dataclass
class Outcome:
    """What one key does to the program: the commands for the table, and whether it asks for more."""

    commands: list[Command]
    unfinished: bool = False  # OK on a program with empty slots: the cursor went to the first one
    previous_page: bool = False  # BACK on an empty first slot: leave for the page before


class ProgramEditor:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.slot = 0
        self.proposal: Draft | None = None
        self._locked: Draft | None = None  # this year's program as locked, as far as this box saw it

    def saw(self, draft: Draft, locked: bool) -> None:
        """The seat's draft now: a locked one is the program the table will reveal, unless unlocked."""
        self._locked = draft if locked and all(draft) else None

    def saw_revealed(self, program: list[str] | None) -> None:
        """The seat's own program as the table revealed it."""
        if program is not None and len(program) == PROGRAM_LENGTH:
            self._locked = tuple(program)

    def new_year(self, draft: Draft) -> None:
        """A new program to enter: propose last year's when nothing is entered yet. A box that did not
        see last year's program locked (a phone locked it last) proposes nothing."""
        self.proposal = self._locked if not any(draft) else None
        self._locked = None
        self.slot = 0 if self.proposal else next((i for i, o in enumerate(draft) if o is None), 0)

    def shown(self, draft: Draft) -> Draft:
        """The orders the screen shows: the table's draft, or the untouched proposal."""
        return self.proposal if self.proposal is not None and not any(draft) else draft

    def proposing(self, draft: Draft) -> bool:
        return self.proposal is not None and not any(draft)

    def press(self, key: str, draft: Draft) -> Outcome:
        shown = list(self.shown(draft))
        proposing = self.proposing(draft)
        slot = self.slot
        if key in DIRECT or (shown[slot] is None and key in ENTRY):
            shown[slot] = DIRECT[key] if key in DIRECT else ENTRY[key]
            self.slot = min(PROGRAM_LENGTH - 1, slot + 1)
            return self._set(shown, slot, proposing)
        if key == "BACK":
            if proposing:
                self.proposal, self.slot = None, 0
                return Outcome([])
            if shown[slot] is None:
                if slot == 0:
                    return Outcome([], previous_page=True)
                slot = self.slot = slot - 1
            shown[slot] = None
            return self._set(shown, slot, proposing)
        if key in ("LEFT", "RIGHT"):
            self.slot = max(0, min(PROGRAM_LENGTH - 1, slot + (1 if key == "RIGHT" else -1)))
            return Outcome([])
        if key in ("UP", "DOWN"):
            step = 1 if key == "DOWN" else -1
            shown[slot] = ORDERS[(ORDERS.index(str(shown[slot])) + step) % len(ORDERS)]
            return self._set(shown, slot, proposing)
        if key == "OK":
            empty = [i for i, o in enumerate(shown) if o is None]
            if empty:
                self.slot = empty[0]
                return Outcome([], unfinished=True)
            commands: list[Command] = [set_program(self.seat, shown)] if proposing else []
            self._locked = tuple(shown)  # the table may reveal it at once, before this box sees it locked
            return Outcome(commands + [Seal(self.seat)])
        return Outcome([])

    def clear(self, draft: Draft) -> Outcome:
        """BACK held: the whole program goes, the proposal too."""
        self.proposal = None
        self.slot = 0
        return Outcome([set_program(self.seat, (None,) * PROGRAM_LENGTH)] if any(draft) else [])

    def _set(self, shown: list[str | None], slot: int, proposing: bool) -> Outcome:
        if proposing:  # the first change takes the whole proposal into the draft
            self.proposal = None
            return Outcome([set_program(self.seat, shown)])
        return Outcome([set_order(self.seat, slot, shown[slot])])
