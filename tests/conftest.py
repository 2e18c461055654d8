"""Shared fixtures: the packs the tests play on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from companion.core import registry
from companion.core.game import GameModule
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules.board import Board
from tests import connections
from tests.games.toy import GAME as TOY

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


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist's own mark, known also to a run without it (`-p no:xdist`), where it means nothing.
    config.addinivalue_line("markers", "xdist_group(name): run on one xdist worker with the rest of its group")


# The folders whose tests take the longest in wall seconds (downloads, real-time campaigns, browsers).
LONGEST_FIRST = ("tests/install_root/", "tests/campaign/", "tests/browser/", "tests/install/")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (`make test` runs `--dist loadgroup`), the tests of a module that share a fixture
    wider than a test (module, class or package scope: a built wheel, a Debian root, a scanned campaign) run on
    one worker, which builds it once, instead of each worker building its own at the same time in the same
    place. The other tests go to whichever worker is free. Before xdist's own hook, which reads the mark.

    The longest folders start first (each in its own order), so that neither worker is left at the end with a
    Debian root to build or a campaign to run while the other has nothing to do."""
    items.sort(key=lambda item: next((n for n, folder in enumerate(LONGEST_FIRST) if item.nodeid.startswith(folder)),
                                     len(LONGEST_FIRST)))
    for item in items:
        info = getattr(item, "_fixtureinfo", None)  # pytest's own account of the fixtures a test uses
        shared = info is not None and any(
            definition.scope in ("module", "class", "package")
            for definitions in info.name2fixturedefs.values() for definition in definitions)
        if shared:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))


@pytest.fixture(autouse=True)
def _connections_closed() -> Iterator[None]:
    """No SQLite connection a test opened is left to the garbage collector (tests/connections.py)."""
    since = connections.Since()
    yield
    found = since.close_left_open()
    if found and connections.strict():
        pytest.fail("left open: " + "\n".join("".join(db.opened_at) for db in found))
