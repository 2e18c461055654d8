"""Astoria, Version Epique: the pure engine (no table, page, thread, clock or disk). Rule numbers En.m and
rulings A-nn are those of the rules digest the project keeps in its own words in
companion/games/astoria/epic/PROVISIONAL.md and the code's comments."""

from .match import EpicMatch
from .moves import RECORD_FORMAT, Move, move_from_json, move_to_json
from .pack import EpicPack, parse_pack
from .setup import EpicSetup, deal, setup_from_json, setup_to_json
from .views import VIEW_FORMAT

__all__ = ["RECORD_FORMAT", "VIEW_FORMAT", "EpicMatch", "EpicPack", "EpicSetup", "Move", "deal",
           "move_from_json", "move_to_json", "parse_pack", "setup_from_json", "setup_to_json"]
