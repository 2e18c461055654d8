"""Warnings: what a valid pack may have but a real Xidit board would not. They never block loading.

On the printed board every region is a face of the road map: its border cities are joined by roads
in one closed loop, and every city lies on the edge of some region. A pack that breaks this still
plays, so these are reported for the owner to look at rather than refused.
"""

from __future__ import annotations

from companion.games.xidit.rules.board import Board

from .fields import numbers
from .problems import NO_REGION, NOT_A_LOOP, Problem


def pack_warnings(board: Board) -> list[Problem]:
    found: list[Problem] = []
    near = _neighbours(board)
    for region in sorted(board.regions.values(), key=lambda r: r.id):
        if not _closed_loop(region.cities, near):
            found.append(Problem("region", f"region {region.id}", f"its border cities {numbers(region.cities)} "
                                 "are not joined by roads in one closed loop", id=region.id, field="cities",
                                 kind=NOT_A_LOOP, cities=tuple(sorted(region.cities))))
    for city in sorted(board.cities):
        if not board.regions_of(city):
            found.append(Problem("city", f"city {city}", "borders no region", id=city, kind=NO_REGION))
    return found


def _neighbours(board: Board) -> dict[int, set[int]]:
    near: dict[int, set[int]] = {c: set() for c in board.cities}
    for (city, _colour), other in board.roads.items():
        near.setdefault(city, set()).add(other)
    return near


def _closed_loop(cities: frozenset[int], near: dict[int, set[int]]) -> bool:
    """Whether one cycle of roads passes through every city of `cities` and no other city.

    A search over the region's own cities only: a region borders a handful of cities, each on at
    most three roads, so the backtracking stays tiny.
    """
    if len(cities) < 3:
        return False
    inside = {c: near.get(c, set()) & cities for c in cities}
    start = min(cities)
    path = [start]
    on_path = {start}

    def extend() -> bool:
        if len(path) == len(cities):
            return start in inside[path[-1]]
        for nxt in sorted(inside[path[-1]] - on_path):
            path.append(nxt)
            on_path.add(nxt)
            if extend():
                return True
            path.pop()
            on_path.discard(nxt)
        return False

    return extend()
