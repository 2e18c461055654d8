"""The games the companion knows, found by the framework through this registry and nothing else.

A game is a package under `companion.games` exposing `GAME` (a `companion.core.game.GameModule`), or any
installed distribution declaring one in the `companion.games` entry-point group. The framework never
imports a game's package by name (tests/test_boundaries.py fails by name when it does): it asks here.

One box may hold several games that share pieces and words (a game and its other version): the box is a
package with a `common` sub-package, the part its games share, and one sub-package per game, each exposing
its `GAME`, whose id is "<box>-<version>" (`companion/games/<box>/common/`, `<box>/<version>/`). Both are
found from the layout alone: listing the games imports none of them.
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

GAMES = "companion.games"  # where the shipped games live, one package (or box of games) each
PLACES: tuple[str, ...] = (GAMES,)  # the packages searched for games (the tests add a place of theirs)
COMMON = "common"  # a box's part its games share: not a game
DEFAULT = "xidit"  # what every command did before there were several games, and still does without --game


def _found() -> dict[str, str]:
    """Game id -> "module:attribute", the shipped games first, then those other distributions declare."""
    return _found_in(PLACES)


@cache
def _found_in(places: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for place in places:
        for name, package in _packages(place):
            versions = dict(_packages(package))
            if COMMON not in versions:
                found.setdefault(name, f"{package}:GAME")
                continue
            for version, where in versions.items():
                if version != COMMON:
                    found.setdefault(f"{name}-{version}", f"{where}:GAME")
    for point in entry_points(group="companion.games"):
        found.setdefault(point.name, point.value)
    return found


def _packages(package: str) -> list[tuple[str, str]]:
    """(name, dotted name) of a package's sub-packages, found on disk without importing them."""
    spec = importlib.util.find_spec(package)
    places = list(spec.submodule_search_locations or []) if spec else []
    return [(info.name, f"{package}.{info.name}") for info in pkgutil.iter_modules(places) if info.ispkg]


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
    return _load(key, _found().get(key))


@cache
def _load(key: str, where: str | None) -> GameModule:
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
