"""Zargos as the registry gives it, for the tests that name it as a fixture."""

from __future__ import annotations

import pytest

from companion.core import registry
from companion.core.game import GameModule


@pytest.fixture
def zargos() -> GameModule:
    return registry.load("zargos")
