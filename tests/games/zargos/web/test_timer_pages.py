"""The trading windows' countdown on every page (2.10's 10 minutes, Z-21's 3 minutes): the table view, the
seat pages and the referee's page show the time left by the table's clock, in English and in French; the
referee's page holds the controls, which the API takes from the referee alone; the player's box says it."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.games.zargos.boards import default_pack_text
from companion.store import Store
from companion.table import Countdown, NewGame, SetLanguage, Table
from tests.games.zargos.table.support import play
from tests.games.zargos.table.test_trade_timer import Clock
from tests.web.conftest import PIN, as_referee, as_seat, command, web_app
from web.phone import PhoneBoxes

from .test_pages import visible


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table(tmp_path: Path, clock: Clock) -> Iterator[Table]:
    table = Table.open(Store(tmp_path / "z.db"), default_pack_text(), game="zargos", clock=clock)
    table.handle(NewGame({"players": 3, "seed": 4}, game="zargos"))
    play(table, 4, until=lambda t: t.phase() == "trade")
    table.start()
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))


def countdown(page: str) -> str:
    found = re.search(r'<span data-clock>([^<]*)</span>', page)
    assert found is not None, "no countdown on the page"
    return found.group(1)


def test_every_page_shows_the_time_left_by_the_tables_clock(app: Flask, table: Table, clock: Clock) -> None:
    # 2.10: the 10 minutes, counted by the table; a page made later shows less time, not the view's
    pages = {"table": app.test_client().get("/").get_data(as_text=True),
             "seat": as_seat(app, 1).get("/part/seat").get_data(as_text=True),
             "referee": as_referee(app).get("/part/referee").get_data(as_text=True)}
    for name, page in pages.items():
        assert countdown(page) == "10:00", name
        assert "Time left" in visible(page) and "of 10 minutes" in visible(page), name
        assert 'data-left="600"' in page, name
    assert 'data-command="countdown"' in pages["referee"]
    assert 'data-command="countdown"' not in pages["table"] + pages["seat"]
    clock.now += 83
    assert countdown(app.test_client().get("/part/table").get_data(as_text=True)) == "8:37"
    assert countdown(as_seat(app, 2).get("/part/seat").get_data(as_text=True)) == "8:37"


def test_the_countdown_in_french(app: Flask, table: Table, clock: Clock) -> None:
    table.handle(SetLanguage("fr"))
    clock.now += 30
    page = visible(app.test_client().get("/part/table").get_data(as_text=True))
    assert "Temps restant" in page and "9:30" in page and "sur 10 minutes" in page
    table.handle(SetLanguage("en"))


def test_the_referee_pauses_and_ends_the_window_from_the_page(app: Flask, table: Table, clock: Clock) -> None:
    referee, seat = as_referee(app), as_seat(app, 0)
    assert command(seat, app, command="countdown", what="close").status_code == 403 and table.phase() == "trade"
    assert command(referee, app, command="countdown", what="extend").status_code == 400  # how much more?
    assert command(referee, app, command="countdown", what="pause").status_code == 200
    clock.now += 1000
    page = referee.get("/part/referee").get_data(as_text=True)
    assert countdown(page) == "10:00" and "Paused by the referee" in visible(page) and 'data-what="resume"' in page
    assert command(referee, app, command="countdown", what="extend", seconds=60).status_code == 200
    assert countdown(app.test_client().get("/part/table").get_data(as_text=True)) == "11:00"
    assert command(referee, app, command="countdown", what="close").status_code == 200
    assert table.phase() != "trade"
    assert "data-timer" not in app.test_client().get("/part/table").get_data(as_text=True)


def test_the_players_box_says_when_the_trading_time_ends(app: Flask, table: Table, clock: Clock) -> None:
    # 2.10: the box of a player asked to trade says when the time is up (a clock time: a box screen is
    # drawn again only when something changes), and that it is paused
    box = app.config["PHONES"].get(0).box
    box.refresh()
    ends = time.strftime("%H:%M", time.localtime(clock.now + 600))
    assert box.controller.frame().footer == f"Ends at {ends}"
    table.handle(Countdown("pause"))
    box.refresh()
    assert box.controller.frame().footer == "Time paused"
