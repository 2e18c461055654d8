"""The games the shared suites run on: every game the registry finds, and the tests' toy game."""

from __future__ import annotations

import pytest

from companion.core import registry
from companion.core.game import GameModule
from tests.games.toy import GAME as TOY

GAMES = sorted({*registry.keys(), TOY.key})  # at collection: the toy game is registered only per test


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest, toy_game: GameModule) -> GameModule:
    """Each game, found through the registry as the framework finds it."""
    game = registry.load(request.param)
    assert game.testing is not None, (f"{game.key}: no testing part (GameModule.testing): the conformance suite "
                                      "plays a game through its start, random_move and forbidden")
    return game
