"""The trading windows' countdown on every page (2.10's 10 minutes, Z-21's 3 minutes): the table view, the
seat pages and the referee's page show the time left by the table's clock, in English and in French; the
referee's page holds the controls, which the API takes from the referee alone; the player's box says it."""

from __future__ import annotations

import html
import json
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


def test_a_magic_trade_proposed_on_one_seat_page_and_accepted_on_the_other(tmp_path: Path) -> None:
    # 12.9, Z-21: in the 3 minutes after the deal, one player proposes on his page, the other accepts the
    # same trade on his; nobody else sees the proposal; the engine moves the cards
    clock = Clock()
    table = Table.open(Store(tmp_path / "m.db"), default_pack_text(), game="zargos", clock=clock)
    table.handle(NewGame({"players": 3, "seed": 4}, game="zargos"))
    play(table, 4, until=lambda t: t.phase() == "magic" and any(p["cards"] for p in t.view("public")["players"]))
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))
        giver = next(p["seat"] for p in table.view("public")["players"] if p["cards"])
        taker, third = [s for s in range(3) if s != giver][:2]
        card = table.view(f"seat:{giver}")["players"][giver]["hand"][0]
        mine = as_seat(app, giver)
        page = mine.get("/part/seat").get_data(as_text=True)
        assert countdown(page) == "3:00" and 'data-state-type="magic_trade"' in page
        assert f'name="a_gives" value="{card}"' in page  # the giver's own hand to choose from
        # One way in: the page's form of what the table states does not offer the trade a second time
        whole = mine.get(f"/seat/{giver + 1}").get_data(as_text=True)
        assert 'name="zkind" value="adjust"' in whole and 'name="zkind" value="magic_trade"' not in whole
        # What the page's form sends (app.js: the form's fields as the move's)
        proposal = {"type": "magic_trade", "seat": giver, "a": giver, "b": taker, "a_gives": [card], "b_gives": []}
        assert command(mine, app, command="state", action=proposal).status_code == 200
        other = as_seat(app, taker)
        page = other.get("/part/seat").get_data(as_text=True)
        assert "proposes: you give nothing, you get" in visible(page) and "Accept" in visible(page)
        assert "proposes: you give" not in visible(as_seat(app, third).get("/part/seat").get_data(as_text=True))
        accept = re.search(r"data-action-json='([^']*)'", page)
        assert accept is not None
        accepted = json.loads(html.unescape(accept.group(1)))
        assert command(other, app, command="state", action=accepted).status_code == 200
        assert card in table.view(f"seat:{taker}")["players"][taker]["hand"]
        assert table.view("referee")["offers"] == []
    finally:
        table.stop()
