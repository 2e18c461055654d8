"""The games the companion knows, found by the framework through this registry and nothing else.

A game is a package under `companion.games` exposing `GAME` (a `companion.core.game.GameModule`), or any
installed distribution declaring one in the `companion.games` entry-point group. The framework never
imports a game's package by name (tests/test_boundaries.py fails by name when it does): it asks here.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from functools import cache
from importlib.metadata import entry_points

from companion.core.errors import UnknownGame
from companion.core.game import GameModule

GAMES = "companion.games"  # where the shipped games live, one package each
DEFAULT = "xidit"  # what every command did before there were several games, and still does without --game


@cache
def _found() -> dict[str, str]:
    """Game id -> "module:attribute", the shipped games first, then those other distributions declare."""
    spec = importlib.util.find_spec(GAMES)
    places = list(spec.submodule_search_locations or []) if spec else []
    found = {info.name: f"{GAMES}.{info.name}:GAME" for info in pkgutil.iter_modules(places) if info.ispkg}
    for point in entry_points(group="companion.games"):
        found.setdefault(point.name, point.value)
    return found


_extra: dict[str, GameModule] = {}


def register(game: GameModule) -> None:
    """Adds a game that is not installed as a package (the tests' small game)."""
    _extra[game.key] = game


def keys() -> list[str]:
    """The ids of the games that can be played, found without importing them (a command about one game
    does not pay for loading every other)."""
    return sorted({*_found(), *_extra})


def loaded() -> list[GameModule]:
    """The games whose package has been imported: what a process has shown or may show (their words)."""
    found = [game for key, where in _found().items()
             if (game := getattr(sys.modules.get(where.partition(":")[0]), "GAME", None)) is not None
             and isinstance(game, GameModule) and game.key == key]
    return found + [game for game in _extra.values() if game not in found]


def load(key: str = DEFAULT) -> GameModule:
    if key in _extra:
        return _extra[key]
    return _load(key)


@cache
def _load(key: str) -> GameModule:
    where = _found().get(key)
    if where is None:
        raise UnknownGame(f"no game {key!r}: the games are {', '.join(keys())}")
    module, _, attribute = where.partition(":")
    game = getattr(importlib.import_module(module), attribute or "GAME")
    if not isinstance(game, GameModule) or game.key != key:
        raise UnknownGame(f"{where} is not the game module of {key!r}")
    return game


def available() -> list[GameModule]:
    return [load(key) for key in keys()]


def by_record_format(record_format: object) -> GameModule:
    """The game whose records carry this format: `companion replay` finds the game from the record."""
    for game in available():
        if game.rules.record_format == record_format:
            return game
    raise UnknownGame(f"no game writes records of format {record_format!r}")
