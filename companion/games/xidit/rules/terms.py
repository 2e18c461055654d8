"""Names shared by every part of the game: units, orders, colours, categories."""

from __future__ import annotations

from typing import Final

# Weakest first (§1): recruitment takes the first of these present, the census asks in this order.
UNITS: Final = ("militia", "archer", "infantry", "priest", "mage")
UNIT_INDEX: Final = {name: i for i, name in enumerate(UNITS)}
BARRACKS: Final = (18, 16, 14, 12, 10)

ROAD_COLOURS: Final = ("black", "red", "blue")
ORDERS: Final = ("black", "red", "blue", "action", "wait")
PLAYER_COLOURS: Final = ("blue", "red", "green", "yellow", "black")
CATEGORIES: Final = ("wealth", "influence", "fame")
REWARDS: Final = ("gold", "bards", "guild")

PROGRAM_LENGTH: Final = 6
BARDS_PER_PLAYER: Final = 20
FLOORS_PER_PLAYER: Final = 15
GUILD_HEIGHT: Final = 4
