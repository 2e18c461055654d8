"""The face-up set-up and the table's answer over HTTP: a typed set-up with a mistake is refused in plain
words and starts nothing; any player at the table or the referee may say which tile was turned over, a
stranger may not, and a malformed answer is a clear 400."""

from __future__ import annotations

from flask import Flask

from companion.table import Table

from .conftest import as_referee, as_seat, command

PLAYERS = [{"seat": s, "colour": c} for s, c in zip((1, 2, 3, 4), ("blue", "red", "green", "yellow"), strict=True)]
TYPED = {"recruit": [1, 2, 3, 4, 5], "threat": [6, 7, 8, 9, 10], "next_recruit": 11, "next_threat": 12,
         "colossi": [None, None, None]}


def test_a_face_up_setup_over_http(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    game = table.game_id
    wrong = command(referee, app, command="new_game", setup={"players": PLAYERS, "length": "short"},
                    face_up={**TYPED, "next_threat": 5}, replacing=game)
    assert wrong.status_code == 422 and "Tile 5 is typed twice" in wrong.get_json()["error"]
    assert table.game_id == game
    bad = command(referee, app, command="new_game", setup={"players": PLAYERS}, face_up=[1, 2], replacing=game)
    assert bad.status_code == 400
    started = command(referee, app, command="new_game", setup={"players": PLAYERS, "length": "short"},
                      face_up=TYPED, replacing=game)
    assert started.status_code == 200 and table.game_id != game
    view = referee.get("/api/view").get_json()
    assert view["ladders"]["recruit_pile"] == [None] * 4  # nothing the table has not seen is shown
    assert view["ladders"]["next_recruit"] == 11 and view["table"]["asking"] is None


def test_who_may_say_which_tile_was_turned_over(app: Flask, table: Table) -> None:
    assert command(app.test_client(), app, command="tell_tile", choice=3).status_code == 403
    seat = as_seat(app, 1)
    assert command(seat, app, command="tell_tile", choice="three").status_code == 400
    answer = command(seat, app, command="tell_tile", choice=3)
    assert answer.status_code == 422 and "not waiting" in answer.get_json()["error"]
    assert command(as_referee(app), app, command="tell_tile", choice=3).status_code == 422
