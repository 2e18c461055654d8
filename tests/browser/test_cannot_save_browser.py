"""A phone on a table whose store cannot be written (issue 27, item 4): the seat's page and the table view
say so at once, in words, in English and in French, and stop saying it once the table saves again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.table.drafts import set_order
from companion.table import Refused, SetLanguage, Table
from tests.faulty_store import FaultyStore
from tests.table.support import PLAYERS, advance, new_game_command
from web import create_app
from web.auth import seat_token
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import PIN, SHOTS, expect, page_on, settled


@pytest.fixture
def failing(tmp_path: Path) -> Iterator[tuple[Table, FaultyStore, str, Any]]:
    store = FaultyStore(tmp_path / "full.db")
    table = Table.open(store, default_pack_text())
    table.handle(new_game_command(PLAYERS[:3], "short", "normal", 2))
    advance(table, random.Random(2), past_placement=True)
    table.start()
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {1, 2, 3}))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    yield table, store, f"http://127.0.0.1:{server.port}", app
    store.fault = None
    app.config["STREAMS"].close_all()
    server.stop()
    table.stop()


def fail_once(table: Table, store: FaultyStore) -> None:
    """Another seat's box keys an order the store cannot save."""
    store.fault = "full"
    with pytest.raises(Refused):
        table.submit(set_order(2, 0, "red")).result(timeout=10)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pages_say_the_table_cannot_save(browser: Any, failing: tuple[Table, FaultyStore, str, Any],
                                             language: str) -> None:
    table, store, url, app = failing
    table.submit(SetLanguage(language)).result(timeout=10)
    link = f"{url}/seat/1?t={seat_token(app.config['SECRET_KEY'], table.game_id, 1)}"
    words = {"en": "The table cannot save", "fr": "La table ne peut pas enregistrer"}[language]
    with page_on(browser) as seat, page_on(browser) as view:
        seat.goto(link)
        view.goto(url + "/")
        settled(seat, table)
        settled(view, table)
        fail_once(table, store)
        for page in (seat, view):
            expect(page.locator(".cannot-save")).to_contain_text(words)
        seat.locator(".cannot-save").scroll_into_view_if_needed()
        seat.screenshot(path=str(SHOTS / f"seat-cannot-save-{language}.png"))
        view.screenshot(path=str(SHOTS / f"table-cannot-save-{language}.png"))
        store.fault = None
        table.submit(set_order(2, 0, "red")).result(timeout=10)
        for page in (seat, view):
            expect(page.locator(".cannot-save")).to_have_count(0)
