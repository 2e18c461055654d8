"""Third step: a pack without problems turned into the engine's frozen `Board`."""

from __future__ import annotations

from typing import TypeVar

from companion.games.xidit.rules.board import Board, Colossus, Region, Tile, Variant

from .read import Entries
from .schema import SET_NUMBERS

T = TypeVar("T")


def _known(value: T | None) -> T:
    # Only reached for a pack `validate` passed, where every field was read.
    if value is None:
        raise AssertionError("build_board called on a pack with problems")
    return value


def build_board(entries: Entries, sha256: str) -> Board:
    roads: dict[tuple[int, str], int] = {}
    for road in entries.roads:
        a, b = _known(road.ends)
        colour = _known(road.colour)
        roads[a, colour] = b
        roads[b, colour] = a
    tiles: dict[str, dict[int, Tile]] = {s: {} for s in SET_NUMBERS}
    for tile in sorted(entries.tiles, key=lambda t: _known(t.number)):
        tile_set, number = _known(tile.set), _known(tile.number)
        tiles[tile_set][number] = Tile(tile_set, number, _known(tile.recruit), _known(tile.needs),
                                       _known(tile.gold), _known(tile.bards), _known(tile.guild))
    return Board(
        name=_known(entries.name),
        status=_known(entries.status),
        cities={_known(c.id): c.name for c in sorted(entries.cities, key=lambda c: _known(c.id))},
        roads=roads,
        regions={
            _known(r.id): Region(_known(r.id), _known(r.fame), frozenset(_known(r.cities)), bool(r.bastion))
            for r in sorted(entries.regions, key=lambda r: _known(r.id))
        },
        tiles=tiles,
        colossi=tuple(Colossus(c.index, _known(c.needs), _known(c.gold), _known(c.bards), _known(c.guild))
                      for c in entries.colossi),
        variants={key: Variant(frozenset(_known(v.void)), frozenset(_known(v.remove)))
                  for key, v in entries.variants.items()},
        sha256=sha256,
        positions={_known(c.id): c.position for c in entries.cities if c.position is not None},
    )
