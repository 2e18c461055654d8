"""Sealed drafts: what players are keying in for a simultaneous secret choice (`Choice.sealed`, Xidit's
programs), held by the table, not the game, until every sealed choice of the window is locked; then each is
made a move (the game's SealedDrafts) and all are pushed together. Table state, saved with the table."""

from __future__ import annotations

import copy
from typing import Any

from companion.i18n import N_

from .commands import Refused


class Drafts:
    def __init__(self) -> None:
        self.by_seat: dict[int, Any] = {}
        self.locked: set[int] = set()

    def clear(self) -> None:
        self.by_seat, self.locked = {}, set()

    def restore(self, saved: dict[str, Any], seats: Any, rules: Any) -> None:
        """The drafts as saved, for the seats of the game resumed."""
        self.by_seat = {int(s): rules.restore(o) for s, o in saved.get("drafts", {}).items() if int(s) in seats}
        self.locked = {s for s in saved.get("locked", []) if s in self.by_seat}

    def to_json(self) -> dict[str, Any]:
        return {"drafts": {str(s): d for s, d in self.by_seat.items()}, "locked": sorted(self.locked)}

    def copy(self) -> tuple[dict[int, Any], set[int]]:
        return copy.deepcopy(self.by_seat), set(self.locked)

    def of(self, seat: int, rules: Any, choice: Any) -> Any:
        """The seat's draft, or a blank one."""
        found = self.by_seat.get(seat)
        return rules.blank(choice) if found is None else found

    def edit(self, seat: int, rules: Any, choice: Any, change: dict[str, Any]) -> Any:
        if seat in self.locked:
            raise Refused(rules.words["locked"])
        edited = rules.edit(choice, self.of(seat, rules, choice), change)
        self.by_seat[seat] = edited
        return copy.deepcopy(edited)

    def lock(self, seat: int, rules: Any, choice: Any) -> None:
        rules.check_complete(choice, self.of(seat, rules, choice))
        self.locked.add(seat)

    def unlock(self, seat: int, rules: Any) -> None:
        if seat not in self.locked:
            raise Refused(rules.words["not_locked"])
        self.locked.discard(seat)


NO_SEALED = N_("This game has no choice made in secret and revealed at once.")
