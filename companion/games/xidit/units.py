"""Xidit's units in few letters, and the units a seat gives by default: shared by the boxes and the pages."""

from __future__ import annotations

from .rules.terms import UNITS

#: The units' letters, short in every language: the boxes' status page and previews, the map's tiles.
UNIT_LETTERS = {"militia": "Mi", "archer": "Ar", "infantry": "In", "priest": "Pr", "mage": "Ma"}


def weakest(owned: tuple[int, ...] | list[int], needs: int) -> dict[str, int]:
    """The units to give a colossus by default: the weakest first (`owned`: counts in the order of UNITS)."""
    give: dict[str, int] = {}
    for unit, n in zip(UNITS, owned, strict=True):
        take = min(n, needs - sum(give.values()))
        if take:
            give[unit] = take
    return give
