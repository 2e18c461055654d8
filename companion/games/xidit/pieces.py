"""Xidit's pieces in few letters (units, roads), and the units a seat gives a colossus by default: one
place for the boxes and the pages."""

from __future__ import annotations

from .rules.terms import UNITS

#: The units' letters, short in every language: the boxes' status page and previews, the map's tiles.
UNIT_LETTERS = {"militia": "Mi", "archer": "Ar", "infantry": "In", "priest": "Pr", "mage": "Ma"}
#: The roads' letters beside their pattern (never colour alone); the black one is translated where shown
#: (N in French, for noir).
ROAD_LETTERS = {"black": "K", "red": "R", "blue": "B"}


def weakest(owned: tuple[int, ...] | list[int], needs: int) -> dict[str, int]:
    """The units to give a colossus by default: the weakest first (`owned`: counts in the order of UNITS)."""
    give: dict[str, int] = {}
    for unit, n in zip(UNITS, owned, strict=True):
        take = min(n, needs - sum(give.values()))
        if take:
            give[unit] = take
    return give
