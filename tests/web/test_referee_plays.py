"""A referee who plays too (issue 26, item 8): the wizard says which seat the referee plays, every referee
page of that game is then blind (no secret) by default, and switching blind mode off is shown to the whole
table, with the year; a restart keeps both."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Table

from .conftest import PIN, as_referee, as_seat, command, web_app

SETUP = {"players": [{"seat": 1, "colour": "blue", "name": "Ann"}, {"seat": 2, "colour": "red", "name": "Rémi"},
                     {"seat": 3, "colour": "green"}], "length": "short", "neutral": "normal", "seed": 3}
TOLD = "Year 1: the referee switched blind mode off."


def test_a_referee_who_plays_is_blind_until_they_say_otherwise_and_the_table_is_told(app: Flask, table: Table,
                                                                                     tmp_path: Path) -> None:
    referee = as_referee(app)
    wizard = referee.get("/referee").get_data(as_text=True)
    assert "Does the referee play too?" in wizard and "Yes: the referee plays seat 2" in wizard
    refused = command(referee, app, command="new_game", setup=SETUP, replacing=table.game_id, referee_seat=4)
    assert refused.status_code == 422 and refused.json["error"] == "The referee can only play a seat of this game."
    assert command(referee, app, command="new_game", setup=SETUP, replacing=table.game_id,
                   referee_seat=2).status_code == 200

    for page in (referee, as_referee(app)):  # this page, and any other the referee signs in on
        assert page.get("/api/whoami").json["blind"] is True
        assert page.get("/api/view").json["view"] == "public"
        assert 'id="links"' not in page.get("/referee").get_data(as_text=True)  # no seat's link either
    public = app.test_client()
    assert "The referee plays seat 2 too" in public.get("/").get_data(as_text=True)
    assert TOLD not in public.get("/").get_data(as_text=True)

    assert referee.post("/api/blind", json={"on": False}).json == {"blind": False}
    assert referee.get("/api/whoami").json["blind"] is False
    for page in (public.get("/"), as_seat(app, 1).get("/part/seat")):
        assert TOLD in page.get_data(as_text=True)
    assert table.view("public")["table"]["blind_told"] == [TOLD]

    table.stop()  # a restart keeps who referees and what the table was told
    again = Table.open(Store(table.store_path), default_pack_text())
    try:
        assert again.referee_plays() == 2 and again.view("public")["table"]["blind_told"] == [TOLD]
    finally:
        again.stop()


def test_a_referee_who_does_not_play_sees_as_before(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    assert command(referee, app, command="new_game", setup=SETUP, replacing=table.game_id).status_code == 200
    assert referee.get("/api/whoami").json["blind"] is False
    assert "The referee plays" not in app.test_client().get("/").get_data(as_text=True)
    assert referee.post("/api/blind", json={"on": True}).json == {"blind": True}
    # Switched on, it stays on in the next game too: only its referee switches it off.
    assert command(referee, app, command="new_game", setup=SETUP).status_code == 422  # under way: named first
    assert command(referee, app, command="new_game", setup=SETUP, replacing=table.game_id).status_code == 200
    assert referee.get("/api/whoami").json["blind"] is True
    assert referee.post("/api/blind", json={"on": False}).json == {"blind": False}
    assert "blind_told" not in table.view("public")["table"]


def test_the_wizard_offers_the_last_game_s_referee_seat(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "w.db"), default_pack_text())
    table.start()
    app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, None)
    referee = as_referee(app)
    assert command(referee, app, command="new_game", setup=SETUP, referee_seat=3).status_code == 200
    assert '<option value="3" selected>Yes: the referee plays seat 3</option>' in \
        referee.get("/referee").get_data(as_text=True)
    table.stop()
