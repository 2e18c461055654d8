"""The answer to every screen as a board has it: what a verified pack offers, and what the walk's
changes are measured against."""

from __future__ import annotations

from typing import Any

from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.terms import ROAD_COLOURS, UNITS

from .screens import SCREENS


def values_of(board: Board, region_ids: tuple[int, ...]) -> dict[str, dict[str, Any]]:
    """Every screen but the counts (which are made on the material, never offered); `region_ids`: the
    pack id of the region each region screen asks for (`Kept.region_ids`)."""
    values: dict[str, dict[str, Any]] = {}
    for screen in SCREENS:
        if screen.kind == "city":
            values[screen.key] = {colour: board.road(screen.city or 0, colour) for colour in ROAD_COLOURS}
        elif screen.kind == "region":
            region = board.regions[region_ids[(screen.region or 1) - 1]]
            values[screen.key] = {"cities": sorted(region.cities), "fame": list(region.fame)}
        elif screen.kind == "tile":
            tile = board.tiles[screen.set or ""][screen.city or 0]
            values[screen.key] = {"recruit": sorted(tile.recruit, key=UNITS.index),
                                  "needs": sorted(tile.needs, key=UNITS.index),
                                  "rewards": [tile.gold, tile.bards, tile.guild]}
        elif screen.kind == "colossus":
            colossus = board.colossi[screen.index or 0]
            values[screen.key] = {"needs": colossus.needs, "rewards": [colossus.gold, colossus.bards, colossus.guild]}
    return values
