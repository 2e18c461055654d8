"""What each mage did for or against the King, for the reveal at the end: the Health his own actions and
Glyph effects gained and lost the King, his tributes (E6.11), his accusations and whether each unmasked its
accused (E11). A change made while the round's card is drawn or in the Defence of the Walls is nobody's: the
Invasion card and the Chiefs' spells did it. All of it is public (every move is made at the table)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .moves import Move
from .state import State


@dataclass
class Deeds:
    health_gained: int = 0
    health_lost: int = 0
    tributes: int = 0
    accusations: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"health_gained": self.health_gained, "health_lost": self.health_lost, "tributes": self.tributes,
                "accusations": [dict(a) for a in self.accusations]}


def record(deeds: dict[int, Deeds], move: Move, before: State, after: State) -> None:
    """Adds one decision's deeds, `before` and `after` the states around it."""
    mine = deeds.setdefault(move.seat, Deeds())
    if move.type == "tribute":
        mine.tributes += 1
    if move.type == "accuse" and move.target is not None:
        right = after.mages[move.target].revealed and not before.mages[move.target].revealed
        mine.accusations.append({"target": move.target, "faction": move.faction, "right": right})
    if before.phase == "turn" and after.round == before.round and after.phase in ("turn", "over"):
        change = after.health - before.health
        mine.health_gained += max(change, 0)
        mine.health_lost += max(-change, 0)
