"""Shared fixtures: the packs the tests play on."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules.board import Board

# Every run sums each folder's time against its budget in docs/testing.md.
pytest_plugins = ["tests.time_budgets"]

settings.register_profile("ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


@pytest.fixture(scope="session")
def board() -> Board:
    return default_pack()
