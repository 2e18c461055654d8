"""The game of Lords of Xidit as pure Python: no I/O, no threads, no clock.

Randomness comes only from a seeded `random.Random` kept in the game's state.
"""

from .actions import (
    Action,
    Census,
    CensusBards,
    Colossus,
    Floor,
    Neutral,
    Place,
    Program,
    Reward,
    action_from_json,
    action_to_json,
    split,
    unit_count,
)
from .board import Board, Region, Tile, Variant
from .choices import Choice
from .errors import BadBoard, BadReader, BadRecord, IllegalAction, XiditError
from .game import Game, Outcome
from .record import Record, record_from_json, record_to_json
from .setup import Layout, Seat, Setup, setup_from_json, setup_to_json
from .state import Phase

__all__ = [
    "Action", "BadBoard", "BadReader", "BadRecord", "Board", "Census", "CensusBards", "Choice", "Colossus",
    "Floor", "Game", "IllegalAction", "Layout", "Neutral", "Outcome", "Phase", "Place", "Program", "Record",
    "Region", "Reward", "Seat", "Setup", "Tile", "Variant", "XiditError", "action_from_json",
    "action_to_json", "record_from_json", "record_to_json", "setup_from_json", "setup_to_json", "split",
    "unit_count",
]
