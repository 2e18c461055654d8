"""Sign-ins can be ended: Sign out ends the session on the table (a copy of the cookie is worth
nothing), `companion pin --new` from another process takes effect on the running table at once and
signs every referee out, and a new game ends the old game's seats. On the tests' toy game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.store import Sessions
from companion.table import Table
from web.phone import PhoneBoxes

from .conftest import ORIGIN, as_referee, as_seat, command, seat_page, web_app


@pytest.fixture
def table(toy_seats_table: Table) -> Table:
    """The toy game's table (tests/web/conftest.py): signing in is the same for every game."""
    return toy_seats_table

ROOT = Path(__file__).parent.parent.parent
SETUP = {"players": 3, "rounds": 1, "teams": False, "seed": 4}


def copy_of(client: FlaskClient, app: Flask) -> FlaskClient:
    """Another browser holding a copy of this client's session cookie."""
    other = app.test_client()
    cookie = client.get_cookie("session")
    assert cookie is not None
    other.set_cookie("session", cookie.value)
    return other


def test_sign_out_ends_the_session_on_the_table(app: Flask) -> None:
    referee = as_referee(app)
    stolen = copy_of(referee, app)
    assert stolen.get("/api/whoami").json["role"] == "referee"
    assert referee.post("/api/logout", json={}).status_code == 200
    assert stolen.get("/api/whoami").json["role"] == "public"
    assert command(stolen, app, command="pace", pace="orders").status_code == 403
    seat = as_seat(app, 1)
    kept = copy_of(seat, app)
    assert seat.post("/api/logout", json={}).status_code == 200
    assert kept.get(seat_page(app, 1)).status_code == 403


def test_a_new_pin_made_by_another_process_signs_every_referee_out_at_once(table: Table) -> None:
    app = web_app({"TESTING": True}, table, PhoneBoxes(table, set()))  # the PIN kept in the store
    old = table.setting("referee_pin")
    assert old is not None
    referee, other = (app.test_client() for _ in range(2))
    for client in (referee, other):
        assert client.post("/api/login", json={"pin": old}).status_code == 200
    seat = as_seat(app, 1)
    done = subprocess.run([sys.executable, "-m", "companion", "pin", "--new", "--store", str(table.store_path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    new = done.stdout.strip().rsplit(" ", 1)[1]
    assert new != old and new == table.setting("referee_pin")
    for client in (referee, other):
        assert client.get("/api/whoami").json["role"] == "public"
        assert command(client, app, command="pace", pace="orders").status_code == 403
    assert seat.get(seat_page(app, 1)).status_code == 200  # players stay signed in
    assert app.test_client().post("/api/login", json={"pin": old}).status_code == 403
    assert app.test_client().post("/api/login", json={"pin": new}).status_code == 200


def test_a_referee_stream_ends_when_its_sign_in_does(app: Flask) -> None:
    referee = as_referee(app)
    answer = referee.get("/api/stream", buffered=False)
    chunks = iter(answer.response)  # type: ignore[attr-defined]
    assert next(chunks).startswith(b": connected")
    assert b'"reader":"referee"' in next(chunks)
    assert copy_of(referee, app).post("/api/logout", json={}).status_code == 200
    assert list(chunks) == []  # ended within a look (a second), not at the next heartbeat
    answer.close()
    assert app.config["STREAMS"].held() == 0


def test_a_new_game_ends_the_seats_of_the_old_one(app: Flask, table: Table) -> None:
    seat = as_seat(app, 2)
    old_game = table.game_id
    assert command(as_referee(app), app, command="new_game", setup=SETUP, game="toy",
                   replacing=old_game).status_code == 200
    assert seat.get(seat_page(app, 2)).status_code == 403 and seat.get("/api/whoami").json["role"] == "public"
    as_seat(app, 1)  # the first sign-in of the new game clears the old game's from the store
    with Sessions(table.store_path) as sessions:
        assert sessions.end_all("seat", but_game=table.game_id) == 0
        assert table.game_id != old_game


def test_a_session_cookie_without_a_sign_in_on_the_table_is_public(app: Flask) -> None:
    forged = app.test_client()
    with forged.session_transaction() as session:
        session.update(role="referee", sid="made-up")
    assert forged.get("/api/whoami").json["role"] == "public"
    with forged.session_transaction() as session:
        session.update(role="referee")
        session.pop("sid")
    assert forged.get("/api/whoami", headers={"Origin": ORIGIN}).json["role"] == "public"
