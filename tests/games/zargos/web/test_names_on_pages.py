"""Issue 35: a Zargos game started from the wizard with names names its players by them on every page of
Zargos's own (the table view's peoples and hands, the seat page, the referee's form of what the table states)
and in the referee's lists of games, where a seat nobody named reads "Player N", translated, never the
lower-case "player N" the table used as a Zargos player's colour."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from companion.table import SetLanguage, Table
from tests.games.zargos.table.support import play
from tests.web.conftest import as_referee, as_seat, command


def zargos_with_names(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    seats = {str(s): {"device": "phone"} for s in range(3)}
    started = command(referee, app, command="new_game", game="zargos", setup={"players": 3}, seats=seats,
                      replacing=table.game_id, names={"0": "Ann", "2": "Cy"})
    assert started.status_code == 200, started.get_json()
    play(table, seed=3, until=lambda t: len(t.view("public")["peoples"]) == 6)  # every people chosen


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(("language", "player"), [("en", "Player"), ("fr", "Joueur")])
def test_zargos_pages_name_the_players_as_typed(app: Flask, table: Table, language: str, player: str) -> None:
    zargos_with_names(app, table)
    table.handle(SetLanguage(language))
    pages = {"table": text(app.test_client().get("/").get_data(as_text=True)),
             "seat": text(as_seat(app, 2).get("/part/seat").get_data(as_text=True)),
             "referee": text(as_referee(app).get("/part/referee").get_data(as_text=True))}  # not the wizard
    for name, page in pages.items():
        assert f"{player} 1" not in page and f"{player} 3" not in page, name
    heading = "Peoples" if language == "en" else "Peuples"
    peoples = pages["table"][pages["table"].index(heading):]
    assert "Ann" in peoples and "Cy" in peoples and f"{player} 2" in peoples
    assert "Cy" in pages["seat"].split("·")[0]  # the seat page says whose it is
    assert "Ann" in pages["referee"]


def test_the_games_set_aside_name_zargos_players_from_1_in_capitals(app: Flask, table: Table) -> None:
    zargos_with_names(app, table)
    referee = as_referee(app)
    seats = {str(s): {"device": "phone"} for s in range(2)}
    again = command(referee, app, command="new_game", game="zargos", setup={"players": 2}, seats=seats,
                    replacing=table.game_id)
    assert again.status_code == 200, again.get_json()
    page = text(referee.get("/referee").get_data(as_text=True))
    aside = page[page.index("Games set aside"):page.index("Game records")]
    assert "Ann, Player 2, Cy" in aside, aside
