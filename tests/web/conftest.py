"""A table with its web app, for Flask test-client tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.core import registry
from companion.store import Store
from companion.table import NewGame, Table
from tests.table.support import new_table, new_toy_table
from web import create_app
from web.auth import seat_token
from web.phone import PhoneBoxes

PIN = "424242"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = new_table(tmp_path / "web.db", players=4, seed=9)
    table.start()
    yield table
    table.stop()


class PageClient(FlaskClient):
    """A test client that sends what the table's own pages send with a change: their Origin."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.environ_base["HTTP_ORIGIN"] = ORIGIN


ORIGIN = "http://localhost"  # the test client's requests name the host `localhost`


def web_app(config: dict[str, Any], table: Table, phones: PhoneBoxes | None) -> Flask:
    """The app, with test clients that act as the table's own pages."""
    app = create_app(config, table, phones)
    app.test_client_class = PageClient
    return app


@pytest.fixture
def app(table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {1, 2}))


@pytest.fixture
def toy_table(tmp_path: Path, toy_with_agents: Any) -> Iterator[Table]:
    """A table playing the tests' toy game (seats 0 to 3, linked from 1 to 4), for tests about no game."""
    table = new_toy_table(tmp_path / "web.db", players=4, seed=9)
    table.start()
    yield table
    table.stop()


@pytest.fixture
def toy_seats_table(tmp_path: Path, toy_game: Any) -> Iterator[Table]:
    """A table playing the toy game as its tests register it (no agents): its seats 0 to 3, linked as people
    read them, from 1 (`seat_page`). For the sign-in tests, which are about no game."""
    table = Table.open(Store(tmp_path / "web.db"), "", game="toy")
    table.handle(NewGame({"players": 4, "rounds": 1, "teams": False, "seed": 9}, game="toy"))
    table.start()
    yield table
    table.stop()


@pytest.fixture
def toy_app(toy_table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, toy_table, PhoneBoxes(toy_table, {0, 1}))


def seat_page(app: Flask, seat: int) -> str:
    """The page of one of the game's seats, as people read its number (from 1, in every game)."""
    return f"/seat/{registry.load(app.config['TABLE'].game_key).shown_seat(seat)}"


def as_seat(app: Flask, seat: int) -> FlaskClient:
    client = app.test_client()
    table = app.config["TABLE"]
    token = seat_token(app.config["SECRET_KEY"], table.game_id, seat)
    assert client.get(f"{seat_page(app, seat)}?t={token}").status_code == 302  # links read seats from 1
    return client


def as_referee(app: Flask) -> FlaskClient:
    client = app.test_client()
    assert client.post("/api/login", json={"pin": PIN}).status_code == 200
    return client


def command(client: FlaskClient, app: Flask, **body: Any) -> Any:
    body.setdefault("version", app.config["TABLE"].version)
    return client.post("/api/command", json=body)
