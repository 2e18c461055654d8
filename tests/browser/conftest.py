"""Browser tests: the pages in Debian's chromium driven by Playwright, against the app served by
waitress in-process on a table on a temporary store. Never `playwright install`: chromium comes from
Debian (`make test` installs it). Without it the tests are skipped, saying why, except in CI
(`CI=true`), where a missing browser is a failure."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.table import Table
from tests.table.support import new_table
from web import create_app
from web.phone import PhoneBoxes
from web.serve import WebServer

PIN = "135790"
ARTIFACTS = Path(__file__).parent / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
                         "has_touch": True}
# The README shows the pictures of the pages: refreshed with XIDIT_UPDATE_GOLDENS=1, never by a plain run.
SHOTS = Path(__file__).parents[2] / "docs" / "pages" if os.environ.get("XIDIT_UPDATE_GOLDENS") else ARTIFACTS


@contextmanager
def page_on(browser: Any, options: dict[str, Any] = PHONE) -> Iterator[Any]:
    """A page in a browser context of its own (a phone's screen unless told); any script error in it
    fails the test."""
    context = browser.new_context(**options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    page.goto("about:blank")  # the page's event stream ends before the server stops
    context.close()
    assert errors == []  # no script error


def expect(*args: Any, **options: Any) -> Any:
    """Playwright's `expect`, imported when first used (the module loads without playwright, to skip)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(*args, **options)


def settled(page: Any, table: Table) -> None:
    """Until the page shows the table's current version: its live part is not swapped under a tap then,
    as long as nothing else changes the table."""
    page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) >= {table.version}")


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run)")
    pytest.skip(reason)


def chromium() -> str:
    path = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if path is None:
        _missing("chromium is not installed: `apt-get install -y chromium` (make test does it)")
    return str(path)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # One chromium per module, closed with it: a browser kept for the session idles on in the background and
    # its CPU seconds would count against whichever folder's tests run next on that worker (tests/time_budgets.py).
    path = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed: pip install -e '.[dev]'")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=ARGS)
        yield browser
        browser.close()


@dataclass
class Served:
    table: Table
    url: str
    app: Any


@contextmanager
def serving(table: Table, phones: set[int], settings: dict[str, Any] | None = None) -> Iterator[Served]:
    """The table started and its pages served on a free port, `phones` the seats played from phones; all
    stopped at the end of the block (the streams first, so no page keeps the server waiting)."""
    table.start()
    app = create_app({"REFEREE_PIN": PIN, **(settings or {})}, table, PhoneBoxes(table, phones))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    try:
        yield Served(table, f"http://127.0.0.1:{server.port}", app)
    finally:
        app.config["STREAMS"].close_all()
        server.stop()
        table.stop()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A 3-player table whose seats all play from phones, served on a free port."""
    with serving(new_table(tmp_path / "browser.db", players=3, seed=2), {1, 2, 3}) as served:
        yield served
