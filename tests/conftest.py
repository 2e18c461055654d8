"""Shared fixtures: the packs the tests play on."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from companion.core import registry
from companion.core.game import GameModule
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules.board import Board
from tests.games.toy import GAME as TOY

# Every run sums each folder's time against its budget in docs/testing.md.
pytest_plugins = ["tests.time_budgets"]

settings.register_profile("ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


@pytest.fixture(scope="session")
def board() -> Board:
    return default_pack()


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> GameModule:
    """The tests' toy game (tests/games/toy), known to the registry for this test only: the framework finds
    it by its key "toy" or its record format "toy-record/1", as it finds Xidit."""
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    return TOY
