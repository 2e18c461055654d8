"""The fixed shape of every Xidit board pack (format "xidit-board/1"): what a pack may not vary."""

from __future__ import annotations

from typing import Final

FORMAT: Final = "xidit-board/1"
STATUSES: Final = ("provisional", "verified")

CITY_IDS: Final = frozenset(range(1, 22))
REGION_IDS: Final = frozenset(range(1, 10))

# Tile set -> the numbers of its tiles (tile N always lies on city N) and its recruitment side length.
SET_NUMBERS: Final = {"3": frozenset(range(1, 19)), "4-5": frozenset(range(1, 22))}
RECRUIT_LENGTH: Final = {"3": 4, "4-5": 5}

COLOSSUS_NEEDS: Final = (3, 3, 4, 4, 5, 5)

# Game form -> the tile set it plays with; a variant may only remove tiles of that set.
VARIANT_SET: Final = {"3": "3", "3-short": "3", "4": "4-5", "4-short": "4-5", "5": "4-5", "5-short": "4-5"}

TOP_KEYS: Final = ("format", "name", "status", "city", "road", "region", "tile", "colossus", "variants")
