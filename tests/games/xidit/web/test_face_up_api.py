"""The face-up set-up and the table's answer over HTTP: a typed set-up with a mistake is refused in plain
words and starts nothing; any player at the table or the referee may say which tile was turned over, a
stranger may not, and a malformed answer is a clear 400."""

from __future__ import annotations

import random

from flask import Flask

from companion.games.xidit.agents.play import random_setup
from companion.games.xidit.agents.random_player import decide
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules import Game
from companion.games.xidit.rules.hidden import as_seen
from companion.table import SetLanguage, Table
from tests.engine import engine
from tests.games.xidit.table.test_face_up_table import play_next, reach_question, truth, typed_from
from tests.web.conftest import as_referee, as_seat, command

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
    assert command(app.test_client(), app, command="tell_tile", choice=3, question=0).status_code == 403
    seat = as_seat(app, 1)
    assert command(seat, app, command="tell_tile", choice="three", question=0).status_code == 400
    answer = command(seat, app, command="tell_tile", choice=3, question=0)
    assert answer.status_code == 422 and "not waiting" in answer.get_json()["error"]
    assert command(as_referee(app), app, command="tell_tile", choice=3, question=0).status_code == 422


def test_two_answers_to_one_question_the_second_is_refused(app: Flask, table: Table) -> None:
    """Issue 26 item 3: the referee and a player tap the tile at once. The answer names its question, so
    the second is refused in words and changes nothing, instead of being taken for the next draw, which
    nobody has seen; that next question is still asked, and its own answer is taken."""
    real = Game(default_pack(), random_setup(4, False, 21))  # its first draw is followed by another at once
    referee, seat = as_referee(app), as_seat(app, 1)
    setup = {"players": PLAYERS, "length": real.setup.length, "first_player": real.setup.first_player,
             "seed": 999, "layout": {"scoring": list(real.state.scoring_order)}}
    assert command(referee, app, command="new_game", setup=setup, face_up=typed_from(real),
                   replacing=table.game_id).status_code == 200
    seat = as_seat(app, 1)
    rng = random.Random(4)
    while (asking := reach_question(table)) is None:
        play_next(table.handle, real, lambda choice: decide(rng, choice, real.state))
    first = truth(real, asking, engine(table).questions()[0].event)
    assert command(referee, app, command="tell_tile", choice=first, question=asking["question"]).status_code == 200
    reach_question(table)  # the table places the tile drawn, then is asked the next draw
    after = referee.get("/api/view").get_json()
    following = after["table"]["asking"]
    assert following is not None and following["question"] == asking["question"] + 1
    late = command(seat, app, command="tell_tile", choice=first, question=asking["question"])
    assert late.status_code == 422
    assert late.get_json()["error"] == (f"That question was already answered: tile {first}. "
                                        "The game went on from that answer.")
    assert referee.get("/api/view").get_json() == after  # nothing changed: the next draw is still asked
    missing = command(seat, app, command="tell_tile", choice=first)
    assert missing.status_code == 400  # an answer that names no question is not taken
    second = truth(real, following, engine(table).questions()[0].event)
    assert command(seat, app, command="tell_tile", choice=second, question=following["question"]).status_code == 200
    assert as_seen(engine(table).state.events)[:len(real.state.events)] == as_seen(real.state.events)
    table.handle(SetLanguage("fr"))
    french = command(referee, app, command="tell_tile", choice=second, question=following["question"])
    assert french.status_code == 422 and french.get_json()["error"].startswith("Cette question a déjà reçu sa réponse")


def test_the_pages_answer_buttons_name_the_question(app: Flask, table: Table) -> None:
    """The page's answer buttons send the question's number back with the tile (app.js sends data-*)."""
    real = Game(default_pack(), random_setup(4, False, 21))
    referee = as_referee(app)
    setup = {"players": PLAYERS, "length": real.setup.length, "first_player": real.setup.first_player,
             "seed": 999, "layout": {"scoring": list(real.state.scoring_order)}}
    command(referee, app, command="new_game", setup=setup, face_up=typed_from(real), replacing=table.game_id)
    rng = random.Random(4)
    while (asking := reach_question(table)) is None:
        play_next(table.handle, real, lambda choice: decide(rng, choice, real.state))
    page = as_seat(app, 2).get("/seat/2").get_data(as_text=True)
    assert f'data-command="tell_tile" data-question="{asking["question"]}"' in page
