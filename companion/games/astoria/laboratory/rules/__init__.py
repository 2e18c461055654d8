"""Astoria's Laboratory version, its pure engine (the rules digest's Part L): set-up, turns, the three
actions, reactions and their chains, dominance, objects, the end and the score. Imports nothing of the
table, boxes, pages, hardware, threads, clock or disk (tests/test_boundaries.py)."""

from .game import LabChoice, LabMatch
from .moves import RECORD_FORMAT, LabSetup, move_from_json, move_to_json, setup_from_json, setup_to_json
from .pack import PROVISIONAL, Pack
from .views import VIEW_FORMAT

__all__ = ["PROVISIONAL", "RECORD_FORMAT", "VIEW_FORMAT", "LabChoice", "LabMatch", "LabSetup", "Pack",
           "move_from_json", "move_to_json", "setup_from_json", "setup_to_json"]
