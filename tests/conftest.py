"""Shared fixtures: the packs the tests play on."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from companion.core import registry
from companion.core.game import GameModule
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules.board import Board
from companion.table import chance
from tests import connections
from tests.games.toy import GAME as TOY
from tests.games.toy import WITH_AGENTS as TOY_WITH_AGENTS
from web.i18n import STRICT

# Every page the tests render, in this process and in the tables they start, fails on a name its template
# reads and nobody gives (web/i18n.py): what a table logs and shows as nothing, a test refuses.
os.environ[STRICT] = "1"

# Every run sums each folder's CPU seconds against its budget in docs/testing.md.
pytest_plugins = ["tests.time_budgets"]

settings.register_profile("ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")
connections.install()


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


@pytest.fixture
def toy_with_agents(monkeypatch: pytest.MonkeyPatch) -> GameModule:
    """The toy game with its agents (tests/games/toy's WITH_AGENTS), known to the registry for this test only:
    its random players key in a toy game at the table as they key in any game."""
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_WITH_AGENTS)
    return TOY_WITH_AGENTS


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist's own mark, known also to a run without it (`-p no:xdist`), where it means nothing.
    config.addinivalue_line("markers", "xdist_group(name): run on one xdist worker with the rest of its group")


# The folders whose tests take the longest in wall seconds (downloads, real-time campaigns, browsers).
LONGEST_FIRST = ("tests/install_root/", "tests/campaign/", "tests/browser/", "tests/install/")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest folders start first, so that neither worker is left at the end with a Debian root to build or
    a campaign to run while the other has nothing to do. Under pytest-xdist `make test` runs `--dist loadscope`:
    each module on one worker, so a fixture a module shares (a built wheel, a Debian root, a scanned campaign)
    is built once, never by two workers at the same time in the same place."""
    items.sort(key=lambda item: next((n for n, folder in enumerate(LONGEST_FIRST) if item.nodeid.startswith(folder)),
                                     len(LONGEST_FIRST)))


@pytest.fixture(autouse=True)
def _connections_closed() -> Iterator[None]:
    """No SQLite connection a test opened is left to the garbage collector (tests/connections.py)."""
    since = connections.Since()
    yield
    found = since.close_left_open()
    if found and connections.strict():
        pytest.fail("left open: " + "\n".join("".join(db.opened_at) for db in found))


@pytest.fixture(autouse=True)
def foreseeable_pi(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pi's secret seeds in this process, drawn in turn from the test's own name: a test plays the same
    games at every run, so a failure can be replayed, and two games of one test still draw apart. The
    product draws them from `secrets` (companion/table/chance.py); the installed `companion run` tests
    (tests/install) play with the real ones."""
    draws = random.Random(request.node.nodeid)
    monkeypatch.setattr(chance, "secret_seed", lambda: draws.getrandbits(chance.SEED_BITS))
