"""The programs players are still entering: table state, not game state. A draft is edited slot by
slot, locked when full, and handed to the engine only when the last player locks (§3: every program
is revealed at once)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.games.xidit.rules import Program
from companion.games.xidit.rules.terms import ORDERS, PROGRAM_LENGTH
from companion.i18n import N_

from .commands import Refused


class Drafts:
    def __init__(self) -> None:
        self.by_seat: dict[int, list[str | None]] = {}
        self.locked: set[int] = set()

    def clear(self) -> None:
        self.by_seat, self.locked = {}, set()

    def restore(self, saved: dict[str, Any], seats: dict[int, Any]) -> None:
        """The drafts as saved, for the seats of the game resumed."""
        self.by_seat = {int(s): list(o) for s, o in saved.get("drafts", {}).items() if int(s) in seats}
        self.locked = {s for s in saved.get("locked", []) if s in self.by_seat}

    def to_json(self) -> dict[str, Any]:
        return {"drafts": {str(s): d for s, d in self.by_seat.items()}, "locked": sorted(self.locked)}

    def of(self, seat: int) -> tuple[str | None, ...]:
        return tuple(self.by_seat.get(seat, [None] * PROGRAM_LENGTH))

    def set_order(self, seat: int, slot: int, order: str | None) -> list[str | None]:
        draft = self._editable(seat)
        if not 0 <= slot < PROGRAM_LENGTH:
            raise Refused(N_("A program has slots 1 to {n}."), params={"n": PROGRAM_LENGTH})
        if order is not None and order not in ORDERS:
            raise Refused(N_("An order is one of {orders}."), "§3", params={"orders": ORDERS})
        draft[slot] = order
        return list(draft)

    def set_program(self, seat: int, orders: tuple[str | None, ...]) -> list[str | None]:
        draft = self._editable(seat)
        if len(orders) != PROGRAM_LENGTH or any(o is not None and o not in ORDERS for o in orders):
            raise Refused(N_("A program is {n} orders among {orders}."), "§3",
                          params={"n": PROGRAM_LENGTH, "orders": ORDERS})
        draft[:] = list(orders)
        return list(draft)

    def unlock(self, seat: int) -> None:
        if seat not in self.locked:
            raise Refused(N_("Your program is not locked."))
        self.locked.discard(seat)

    def check_full(self, seat: int) -> None:
        if any(o is None for o in self.of(seat)):
            raise Refused(N_("Fill all {n} slots before locking."), "§3", params={"n": PROGRAM_LENGTH})

    def programs(self, order: Iterable[int]) -> list[Program]:
        """Every locked program, in the given turn order."""
        return [Program(s, tuple(o for o in self.by_seat[s] if o is not None)) for s in order]

    def _editable(self, seat: int) -> list[str | None]:
        if seat in self.locked:
            raise Refused(N_("Your program is locked: unlock it to change it."))
        return self.by_seat.setdefault(seat, [None] * PROGRAM_LENGTH)
