"""What a mage may decide now: his turn (an action, a Glyph effect, or the end of his turn), or an out-of-turn
answer (saving a Guard, E7.6; parrying a Chief's spell, E10.4; defending the Palace, E9.3; straightening two
cards, E10.5). `enumerate()` lists the legal moves the engine can list: an Artefact started is typed by its
player (its card is physical), so the generic menus offer crafting only on Artefacts already laid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.core.game import Choice

if TYPE_CHECKING:
    from .match import EpicMatch
    from .moves import Move

DECISIONS = ("role", "turn", "rescue", "parry", "defend", "straighten")


@dataclass(frozen=True, eq=False)
class EpicChoice(Choice):
    seat: int
    decision: str
    match: EpicMatch
    sealed = False
    time_limit = None

    def to_json(self) -> dict[str, Any]:
        from .legal import kinds

        s = self.match.state
        found: dict[str, Any] = {"decision": self.decision, "seat": self.seat,
                                 "kinds": kinds(self.match, self.seat, self.decision)}
        if self.decision == "turn":
            found["actions_left"] = s.actions_left
        return found

    def enumerate(self) -> list[Move]:
        return list(self.match.legal(self.seat, self.decision))
