"""Shared fixtures: the packs the tests play on."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings

from companion.core import registry
from companion.core.game import GameModule
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules.board import Board
from companion.table import chance
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


@pytest.fixture(autouse=True)
def foreseeable_pi(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pi's secret seeds in this process, drawn in turn from the test's own name: a test plays the same
    games at every run, so a failure can be replayed, and two games of one test still draw apart. The
    product draws them from `secrets` (companion/table/chance.py); the installed `companion run` tests
    (tests/install) play with the real ones."""
    draws = random.Random(request.node.nodeid)
    monkeypatch.setattr(chance, "secret_seed", lambda: draws.getrandbits(chance.SEED_BITS))
