"""Sign-ins neither flood the store nor end with the Pi's clock (issue 27, item 7): a loop on a seat's link
once made 6,586 sign-ins (63 MB of log) in 20 s, and a clock jump of over 12 hours signed everyone out."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from flask import Flask

from companion.store import Sessions
from companion.table import Table
from web.auth import seat_token
from web.sign_ins import PER_SEAT

from .conftest import as_referee, as_seat, seat_page


@pytest.fixture
def table(toy_seats_table: Table) -> Table:
    """The toy game's table (tests/web/conftest.py): signing in is the same for every game."""
    return toy_seats_table


def rows(table: Table) -> int:
    with closing(sqlite3.connect(table.store_path)) as db:
        return int(db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])


def link(app: Flask, seat: int) -> str:
    return f"{seat_page(app, seat)}?t={seat_token(app.config['SECRET_KEY'], app.config['TABLE'].game_id, seat)}"


def test_a_loop_on_a_seat_s_link_makes_a_few_sign_ins_then_is_refused_in_words(app: Flask, table: Table) -> None:
    before = rows(table)
    statuses = [app.test_client().get(link(app, 1)).status_code for _ in range(50)]  # a new browser each time
    assert statuses[:PER_SEAT[0]] == [302] * PER_SEAT[0] and statuses.count(429) >= 50 - PER_SEAT[0] - 1
    assert rows(table) - before <= PER_SEAT[0] + 1
    refused = app.test_client().post("/api/join", json={"seat": 1, "token": link(app, 1).split("=")[1]})
    assert refused.status_code == 429 and "try again in" in refused.get_json()["error"]
    page = app.test_client().get(link(app, 1))
    assert page.status_code == 429 and "signed in too many browsers" in page.get_data(as_text=True)
    assert app.test_client().get(link(app, 2)).status_code == 302  # the other seats sign in as ever


def test_a_browser_signing_in_again_to_its_seat_keeps_its_sign_in(app: Flask, table: Table) -> None:
    client = as_seat(app, 1)
    before = rows(table)
    for _ in range(3 * PER_SEAT[0]):
        again = client.get(link(app, 1))
        assert again.status_code == 302 and "Set-Cookie" not in again.headers
    assert rows(table) == before
    assert client.get("/api/whoami").get_json() == {"role": "seat", "seat": 1, "blind": False, "reader": "seat:1"}


@pytest.mark.parametrize("jump", [13 * 3600, -13 * 3600, 3 * 24 * 3600])
def test_sign_ins_outlast_a_jump_of_the_wall_clock(app: Flask, monkeypatch: pytest.MonkeyPatch, jump: int) -> None:
    seat, referee = as_seat(app, 2), as_referee(app)
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + jump)  # the Pi finds the network's time
    assert seat.get("/api/whoami").get_json()["role"] == "seat"
    assert referee.get("/api/whoami").get_json()["role"] == "referee"
    assert seat.get(seat_page(app, 2)).status_code == 200


def test_a_sign_in_lasts_its_lifetime_of_the_steady_clock_whatever_the_wall_clock_does(tmp_path: Path,
                                                                                        table: Table) -> None:
    wall, steady = [1_000_000.0], [50.0]
    with Sessions(table.store_path, wall=lambda: wall[0], steady=lambda: steady[0]) as sessions:
        ident = sessions.open("seat", table.game_id, 12 * 3600)
        wall[0] += 20 * 3600  # a jump forward, in no time
        assert sessions.alive(ident) is not None
        wall[0] -= 40 * 3600  # and back, further
        assert sessions.alive(ident) is not None
        wall[0] += 11 * 3600
        steady[0] += 11 * 3600  # eleven hours go by
        assert sessions.alive(ident) is not None
        wall[0] += 3600
        steady[0] += 3600  # and the twelfth
        assert sessions.alive(ident) is None
