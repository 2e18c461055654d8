"""The board as the engine sees it: an immutable description loaded from a board pack.

Pure data. Reading and checking pack files is `companion.games.xidit.boards`' job; the engine only needs the
graph, the regions, the tiles and the colossi.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Region:
    id: int
    fame: tuple[int, int]  # high, low
    cities: frozenset[int]
    bastion: bool = False
    label: str | None = None  # the name printed on the board, when the pack gives it


@dataclass(frozen=True)
class Tile:
    """One city tile of one set; both of its sides."""

    set: str  # "3" or "4-5"
    number: int  # the city it always lies on
    recruit: tuple[str, ...]
    needs: tuple[str, ...]
    gold: int
    bards: int
    guild: int


@dataclass(frozen=True)
class Colossus:
    index: int  # position in the pack's [[colossus]] list
    needs: int  # 3, 4 or 5 units of any type; also names its stack
    gold: int
    bards: int
    guild: int
    label: str | None = None  # the name printed on the tile, when the pack gives it


@dataclass(frozen=True)
class Variant:
    void: frozenset[int]
    remove: frozenset[int]


@dataclass(frozen=True)
class Board:
    name: str
    status: str
    cities: Mapping[int, str | None]
    roads: Mapping[tuple[int, str], int]  # (city, colour) -> the city at the other end
    regions: Mapping[int, Region]
    tiles: Mapping[str, Mapping[int, Tile]]  # set -> number -> tile
    colossi: tuple[Colossus, ...]
    variants: Mapping[str, Variant]
    sha256: str = ""
    city_regions: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    # Where each city is drawn on the pages' map (x right, y down, any scale), when the pack says;
    # the rules never read it.
    positions: Mapping[int, tuple[float, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.city_regions:
            around: dict[int, list[int]] = {c: [] for c in self.cities}
            for region in sorted(self.regions.values(), key=lambda r: r.id):
                for city in region.cities:
                    around.setdefault(city, []).append(region.id)
            object.__setattr__(self, "city_regions", {c: tuple(r) for c, r in around.items()})

    def road(self, city: int, colour: str) -> int | None:
        return self.roads.get((city, colour))

    def regions_of(self, city: int) -> tuple[int, ...]:
        """The regions whose border the city lies on, by id."""
        return self.city_regions.get(city, ())

    def bastion(self) -> int | None:
        for region in self.regions.values():
            if region.bastion:
                return region.id
        return None
