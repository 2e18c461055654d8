"""The screens of the walk-through, shaped like what the owner has in front of them.

One screen per city (where each of its black, red and blue roads leads), one per region (its border
cities and its two fame values), one per tile (both sides), one per colossus (what it needs and gives),
and at the end of each section one screen of counts made on the physical material (the cross-check).
The shape of a pack is fixed (`companion.games.xidit.boards.schema`), so the list of screens is too.

Sections come in the order the game needs them: the board and the 4-5-player material first (every
game needs them), the 3-player tiles last (checked before the first 3-player game).

A screen's value is a JSON object, one entry per field:

| kind | key | fields |
|---|---|---|
| city | ``city:5`` | ``black``, ``red``, ``blue``: the city the road leads to, or ``null`` for none |
| region | ``region:3`` (a slot: the named regions first) | ``cities`` (sorted), ``fame`` (``[high, low]``) |
| tile | ``tile:4-5:6`` | ``recruit``, ``needs`` (units), ``rewards`` (``[gold, bards, guild]``) |
| colossus | ``colossus:0`` | ``needs`` (3, 4 or 5), ``rewards`` (``[gold, bards, guild]``) |
| count | ``count:roads`` | one number per thing counted (see `COUNTED`) |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.games.xidit.rules.terms import ROAD_COLOURS, UNITS

from ..schema import CITY_IDS, COLOSSUS_NEEDS, REGION_IDS, SET_NUMBERS

SECTIONS: Final = ("roads", "regions", "tiles-4-5", "colossi", "tiles-3")
FOR_EVERY_GAME: Final = ("roads", "regions", "tiles-4-5", "colossi")  # the 3-player tiles can wait
SETS: Final = ("4-5", "3")
CITY_IDS_SORTED: Final = tuple(sorted(CITY_IDS))

FIELDS: Final = {
    "city": ROAD_COLOURS,
    "region": ("cities", "fame"),
    "tile": ("recruit", "needs", "rewards"),
    "colossus": ("needs", "rewards"),
}
# What the owner counts at the end of each section.
COUNTED: Final = {
    "roads": ROAD_COLOURS,  # roads of each colour on the board
    "regions": ("high", "low"),  # the sum of the high, then of the low fame values
    "tiles-4-5": UNITS,  # units of each kind on all recruitment sides of the set
    "tiles-3": UNITS,
    "colossi": ("gold", "bards", "guild"),  # the rewards of the six colossi added up
}


@dataclass(frozen=True)
class Screen:
    key: str
    kind: str  # city, region, tile, colossus, count
    section: str
    city: int | None = None  # city: the city; tile: its number (tile N lies on city N)
    region: int | None = None  # region: the slot, 1 to 9 (`Kept.region_ids` gives the pack's id)
    set: str | None = None  # tile
    index: int | None = None  # colossus: its place in the pack's [[colossus]] list

    @property
    def fields(self) -> tuple[str, ...]:
        return COUNTED[self.section] if self.kind == "count" else FIELDS[self.kind]


def _all_screens() -> tuple[Screen, ...]:
    found: list[Screen] = []
    for section in SECTIONS:
        if section == "roads":
            found += [Screen(f"city:{c}", "city", section, city=c) for c in sorted(CITY_IDS)]
        elif section == "regions":
            found += [Screen(f"region:{r}", "region", section, region=r) for r in sorted(REGION_IDS)]
        elif section == "colossi":
            found += [Screen(f"colossus:{i}", "colossus", section, index=i) for i in range(len(COLOSSUS_NEEDS))]
        else:
            tile_set = section.removeprefix("tiles-")
            found += [Screen(f"tile:{tile_set}:{n}", "tile", section, city=n, set=tile_set)
                      for n in sorted(SET_NUMBERS[tile_set])]
        found.append(Screen(f"count:{section}", "count", section))
    return tuple(found)


SCREENS: Final = _all_screens()
INDEX: Final = {s.key: i for i, s in enumerate(SCREENS)}
BY_KEY: Final = {s.key: s for s in SCREENS}


def in_section(section: str) -> list[Screen]:
    return [s for s in SCREENS if s.section == section]


def screens_for(sections: tuple[str, ...]) -> list[Screen]:
    return [s for s in SCREENS if s.section in sections]
