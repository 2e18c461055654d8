"""Xidit's programs as sealed drafts (companion.table.game_parts.SealedDrafts): a program is edited slot by
slot, locked when full, and handed to the engine only when the last player locks (§3: every program is
revealed at once). The table holds the drafts and the locks; this says what a program draft is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.xidit.rules import Program
from companion.games.xidit.rules.choices import ProgramChoice
from companion.games.xidit.rules.preview import preview
from companion.games.xidit.rules.terms import ORDERS, PROGRAM_LENGTH
from companion.i18n import N_
from companion.table.commands import EditDraft, Refused
from companion.table.game_parts import SealedDrafts

WORDS = {
    "locked": N_("Your program is locked: unlock it to change it."),
    "not_locked": N_("Your program is not locked."),
    "not_now": N_("Orders are programmed only during the programming phase."),
    "whole": N_("Programs are entered slot by slot and locked."),
}
RULE = "§3"


def set_order(seat: int, slot: int, order: str | None) -> EditDraft:
    """The table's command that edits one slot of a seat's program (None clears it)."""
    return EditDraft(seat, {"slot": slot, "order": order})


def set_program(seat: int, orders: Sequence[str | None]) -> EditDraft:
    """The table's command that sets a seat's whole program draft at once."""
    return EditDraft(seat, {"orders": list(orders)})


class ProgramDrafts(SealedDrafts):
    words: Mapping[str, str] = WORDS  # typed as the table's SealedDrafts reads it
    rule = RULE

    def blank(self, choice: Any) -> list[str | None]:
        return [None] * PROGRAM_LENGTH

    def restore(self, saved: Any) -> list[str | None]:
        return list(saved)

    def edit(self, choice: Any, draft: Any, change: dict[str, Any]) -> list[str | None]:
        """{"slot": n, "order": o} edits one slot (None clears it); {"orders": [...]} sets them all."""
        if "orders" in change:
            orders = tuple(change["orders"])
            if len(orders) != PROGRAM_LENGTH or any(o is not None and o not in ORDERS for o in orders):
                raise Refused(N_("A program is {n} orders among {orders}."), RULE,
                              params={"n": PROGRAM_LENGTH, "orders": ORDERS})
            return list(orders)
        slot, order = change["slot"], change["order"]
        if not 0 <= slot < PROGRAM_LENGTH:
            raise Refused(N_("A program has slots 1 to {n}."), params={"n": PROGRAM_LENGTH})
        if order is not None and order not in ORDERS:
            raise Refused(N_("An order is one of {orders}."), RULE, params={"orders": ORDERS})
        edited = list(draft)
        edited[slot] = order
        return edited

    def check_complete(self, choice: Any, draft: Any) -> None:
        if any(o is None for o in draft):
            raise Refused(N_("Fill all {n} slots before locking."), RULE, params={"n": PROGRAM_LENGTH})

    def action(self, choice: Any, draft: Any) -> Program:
        return Program(choice.seat, tuple(o for o in draft if o is not None))

    def forecast(self, match: Any, seat: int, draft: Any) -> tuple[Any, ...]:
        """Where the draft would take the Idrakys (the box's and the page's preview)."""
        return tuple(preview(match.state, seat, [o or "wait" for o in draft]))

    def is_draft(self, choice: Any) -> bool:
        return isinstance(choice, ProgramChoice)
