"""Issue 26 item 9: the new-game wizard shows an option only where it applies (the neutral player's
difficulty with 3 players only; it showed with 4, a fieldset's display overriding `hidden`), and a
virtual player is seated at `normal` unless the referee says otherwise (it was `easy`)."""

from __future__ import annotations

import random
import re

import pytest
from flask import Flask

from companion.games.xidit.boards import default_pack_text
from companion.table import SetLanguage, Table
from tests.table.support import advance

from .conftest import as_referee, command

PLAYERS = [{"seat": s, "colour": c} for s, c in zip((1, 2, 3, 4), ("blue", "red", "green", "yellow"), strict=True)]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_wizard_hides_the_three_player_option_and_proposes_normal(app: Flask, table: Table,
                                                                        language: str) -> None:
    table.handle(SetLanguage(language))
    page = as_referee(app).get("/referee").get_data(as_text=True)
    assert re.search(r'<select id="w-count" name="count">.*?<option value="4" selected>', page)
    assert re.search(r'<fieldset id="w-neutral" hidden>', page)  # 4 players to begin with: not shown
    levels = re.findall(r'<select name="level-0">(.*?)</select>', page, re.S)
    assert levels and re.findall(r'<option value="(\w+)" selected>', levels[0]) == ["normal"]
    served = app.test_client().get("/static/style.css")
    style = served.get_data(as_text=True)
    served.close()
    assert "[hidden] { display: none !important; }" in style  # a fieldset's display no longer shows it


def test_a_virtual_player_without_a_level_plays_normal(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    seats = {"1": {"device": "phone"}, "2": {"device": "virtual"}, "3": {"device": "phone"},
             "4": {"device": "phone"}}
    started = command(referee, app, command="new_game", setup={"players": PLAYERS, "length": "short"},
                      seats=seats, replacing=table.game_id)
    assert started.status_code == 200, started.get_json()
    assert table.seat_devices()[2] == {"device": "virtual", "level": "normal"}
    assert command(referee, app, command="move_seat", seat=3, device={"device": "virtual"}).status_code == 200
    assert table.seat_devices()[3] == {"device": "virtual", "level": "normal"}


def test_after_a_zargos_game_the_wizard_still_offers_a_colour_of_its_own_to_each_seat(app: Flask, table: Table) -> None:
    """Issue 35: after one Zargos game every hidden colour field took the last game's "colour" (Zargos's
    "player 1"…, none of its colours): all held the first, and the page refused every new Zargos game
    ("Pick another colour for each player.")."""
    referee = as_referee(app)
    seats = {str(s): {"device": "phone"} for s in range(3)}
    started = command(referee, app, command="new_game", game="zargos", setup={"players": 3}, seats=seats,
                      replacing=table.game_id)
    assert started.status_code == 200, started.get_json()
    page = referee.get("/referee").get_data(as_text=True)
    rows = re.findall(r'<select name="colour-\d+">(.*?)</select>', page, re.S)
    chosen = [re.findall(r'<option value="([^"]+)" selected>', row) for row in rows]
    assert len(rows) == 6 and all(len(c) == 1 for c in chosen), chosen
    assert len({c[0] for c in chosen}) == len(chosen), chosen


def test_the_wizard_starts_a_game_while_virtual_players_play_on(app: Flask, table: Table) -> None:
    """Issue 35: a new game depended on every move of the game under way, so on a table whose virtual players
    decide at once the wizard's request was refused as stale (409) at every try. Which game it sets aside is
    what it says (`replacing`): it stays good until another game takes the table."""
    referee = as_referee(app)
    seen = table.version
    advance(table, random.Random(2), past_placement=True)  # the game under way moves on meanwhile
    assert table.version > seen
    seats = {str(s): {"device": "phone"} for s in range(2)}
    started = command(referee, app, command="new_game", game="zargos", setup={"players": 2}, seats=seats,
                      replacing=table.game_id, version=seen)
    assert started.status_code == 200, started.get_json()
    again = command(referee, app, command="new_game", game="zargos", setup={"players": 2}, seats=seats,
                    replacing=table.game_id, version=seen)  # the page of before that game: another took the table
    assert again.status_code == 409


def test_the_names_typed_in_the_wizard_are_kept_for_a_game_whose_setup_holds_none(app: Flask, table: Table) -> None:
    """Issue 35: Zargos's set-up names nobody, so the names typed in the wizard were lost ("Player 1".. on every
    page). The table keeps them with the game (its state, so a restart keeps them too) and names its players."""
    referee = as_referee(app)
    seats = {str(s): {"device": "phone"} for s in range(3)}
    started = command(referee, app, command="new_game", game="zargos", setup={"players": 3}, seats=seats,
                      replacing=table.game_id, names={"0": "Ann", "2": "Cy"})
    assert started.status_code == 200, started.get_json()
    assert table.players() == [(0, "", "Ann"), (1, "", None), (2, "", "Cy")]
    page = referee.get("/referee").get_data(as_text=True)
    decide = re.search(r'<select id="decide-seat">(.*?)</select>', page, re.S)
    assert decide and "1 — Ann" in decide[1] and "3 — Cy" in decide[1], decide
    stored = Table.open(table._store, default_pack_text())  # the same store opened again, as after a restart
    assert stored.players() == table.players()
    refused = command(referee, app, command="new_game", game="zargos", setup={"players": 2}, seats=seats,
                      replacing=table.game_id, names={"0": "x" * 50})
    assert refused.status_code == 422 and table.players()[0][2] == "Ann"


def test_the_wizard_offers_the_levels_of_the_game_chosen(app: Flask, table: Table) -> None:
    """Issue 35: the wizard offered the levels of the table's game (Xidit's easy and strong) for a Zargos game,
    whose virtual players play at normal only: the table refused them."""
    referee = as_referee(app)
    zargos = referee.get("/referee?game=zargos").get_data(as_text=True)
    assert re.findall(r'<option value="(\w+)"', re.findall(r'<select name="level-0">(.*?)</select>', zargos, re.S)[0]) \
        == ["normal"]
    xidit = referee.get("/referee").get_data(as_text=True)
    assert re.findall(r'<option value="(\w+)"', re.findall(r'<select name="level-0">(.*?)</select>', xidit, re.S)[0]) \
        == ["easy", "normal", "strong"]
