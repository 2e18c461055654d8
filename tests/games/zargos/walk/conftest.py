"""Zargos with its agents, bench and command-line parts, known to the registry for one test (until the
lead sets `GAME` in companion/games/zargos/__init__.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from companion import i18n
from companion.core import registry
from companion.core.game import GameModule
from companion.games.zargos.agents import AGENTS
from companion.games.zargos.bench import BENCH
from companion.games.zargos.commands import COMMANDS
from companion.games.zargos.module import game_module


@pytest.fixture
def zargos(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameModule]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    game = dataclasses.replace(game_module(), agents=AGENTS, bench=BENCH, commands=COMMANDS,
                               catalog="companion.games.zargos.locale")
    registry.register(game)
    i18n.translations.cache_clear()  # the French catalog with Zargos's messages, for this test only
    yield game
    i18n.translations.cache_clear()
