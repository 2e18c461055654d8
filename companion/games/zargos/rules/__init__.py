"""Zargos's pure engine: no I/O, threads, clock or disk (tests/test_boundaries.py)."""

from __future__ import annotations

from .actions import Action, action_from_json, action_to_json
from .board import Board
from .game import Game, Told
from .record import FORMAT as RECORD_FORMAT
from .record import replay_json
from .setup import Setup
from .views import FORMAT as VIEW_FORMAT

__all__ = ["RECORD_FORMAT", "VIEW_FORMAT", "Action", "Board", "Game", "Setup", "Told", "action_from_json",
           "action_to_json", "replay_json"]
