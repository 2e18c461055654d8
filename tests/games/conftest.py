"""The games the shared suites run on: every game the registry finds, the tests' toy game, and the toy made of
rules alone (tests/games/toy/bare.py: the framework's defaults at the table)."""

from __future__ import annotations

import pytest

from companion.core import registry
from companion.core.game import GameModule
from tests.games.toy import GAME as TOY
from tests.games.toy.bare import BARE

GAMES = sorted({*registry.keys(), TOY.key, BARE.key})  # at collection: the toy games are registered only per test


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest, toy_game: GameModule) -> GameModule:
    """Each game, found through the registry as the framework finds it."""
    registry.register(BARE)  # undone after the test with the toy (the `toy_game` fixture)
    game = registry.load(request.param)
    assert game.testing is not None, (f"{game.key}: no testing part (GameModule.testing): the conformance suite "
                                      "plays a game through its start, random_move and forbidden")
    return game
