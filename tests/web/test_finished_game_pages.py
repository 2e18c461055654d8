"""A finished game stays on every page (issue 26, item 2): the table view, the seats, the referee's page and
the scoring keep its final scoring after game over and after a restart of the table, the referee exports it,
and the new-game wizard offers its players, names and devices again."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion.agents.bots import Bots
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Table
from tests.table.test_finished_game import play_to_the_end
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app

SETUP = {"players": [{"seat": 1, "colour": "blue", "name": "Ann"}, {"seat": 2, "colour": "red", "name": "Bob"},
                     {"seat": 3, "colour": "green"}], "length": "short", "neutral": "normal", "seed": 6}
SEATS = {"1": {"device": "phone"}, "2": {"device": "virtual", "level": "strong"}, "3": {"device": "phone"}}


def open_app(path: Path) -> tuple[Table, Flask]:
    table = Table.open(Store(path), default_pack_text())
    return table, web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {1, 3}))


def same_browser(client: FlaskClient, app: Flask) -> FlaskClient:
    """The same browser, with its cookies, on the restarted table's app."""
    again = app.test_client()
    again._cookies = client._cookies  # type: ignore[attr-defined]
    return again


def test_the_final_scoring_stays_on_every_page_and_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    table, app = open_app(path)
    table.handle(NewGame(SETUP, seats=SEATS))
    seat = as_seat(app, 1)
    referee = as_referee(app)
    play_to_the_end(table)
    game = table.game_id

    def shown(seat: FlaskClient, referee: FlaskClient) -> None:
        assert "Final ranking" in seat.get("/").get_data(as_text=True)
        mine = seat.get("/seat/1").get_data(as_text=True)
        assert "Game over" in mine and "Final ranking" in mine
        assert 'class="verdict final"' in seat.get("/scoring").get_data(as_text=True)
        page = referee.get("/referee").get_data(as_text=True)
        assert "Game over" in page and "Final ranking" in page and 'id="under-way"' not in page
        # Nothing is left to decide or to move (game night 2026-11-29): no "Decide for a player", no "Plays on".
        assert 'id="h-decide"' not in page and "data-move=" not in page
        exported = referee.get("/api/record")
        assert exported.status_code == 200 and exported.json["format"] == "xidit-record/1"
        assert exported.json == table.record()
        assert referee.get(f"/api/record?game={game}").json == exported.json

    shown(seat, referee)
    table.stop()
    table, app = open_app(path)  # the table restarts: the same store, the same signing key and sign-ins
    try:
        assert table.game_id == game
        table.start()
        seat, referee = same_browser(seat, app), same_browser(referee, app)
        shown(seat, referee)
        # The wizard offers the finished game's players, names and devices for the next one.
        wizard = referee.get("/referee").get_data(as_text=True)
        assert 'name="name-0" maxlength="20" placeholder="optional" value="Ann"' in wizard
        assert 'name="name-1" maxlength="20" placeholder="optional" value="Bob"' in wizard
        assert '<option value="3" selected>3</option>' in wizard
        row = wizard[wizard.index('data-row="1"'):wizard.index('data-row="2"')]
        assert '<option value="virtual" selected>' in row and '<option value="strong" selected>' in row
        # A new game needs no "set aside" confirmation: the finished one is kept, and listed for export.
        started = command(referee, app, command="new_game", setup=SETUP, seats=SEATS)
        assert started.status_code == 200 and table.game_id != game
        page = referee.get("/referee").get_data(as_text=True)
        assert "Finished games" in page and f'href="/api/record?game={game}"' in page
        assert referee.get(f"/api/record?game={game}").status_code == 200
    finally:
        table.stop()


def test_the_table_view_tells_the_winner_only_once_the_table_has_done_the_scoring_steps(tmp_path: Path) -> None:
    """Game night 2026-11-29: the TV showed "★ green wins the game!" above "Scoring 1 of 3" while the table
    still had the three scoring steps to do. The table view keeps the climax for after the last step's Done."""
    from companion.table import Acknowledge

    table, app = open_app(tmp_path / "night.db")
    table.handle(NewGame(SETUP, seats=SEATS))
    bots = Bots(table, {1: "random", 2: "random", 3: "random"}, delay=0.0, seed=4)
    while table.outcome() is None:
        for move in bots.decide():
            table.handle(move)
    tv = app.test_client()
    owed = table.view("public")["table"]
    assert owed["acknowledged"] < owed["steps_total"]
    page = tv.get("/").get_data(as_text=True)
    assert "Final ranking" not in page and 'class="verdict final"' not in page and "wins the game" not in page
    table.handle(Acknowledge(owed["steps_total"] - 1))
    assert "Final ranking" not in tv.get("/").get_data(as_text=True)  # the last scoring step still to do
    table.handle(Acknowledge(owed["steps_total"]))
    climax = tv.get("/").get_data(as_text=True)
    assert "Final ranking" in climax and 'class="verdict final"' in climax
    table.stop()
