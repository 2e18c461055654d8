"""The referee's games through the API and page: a replacement names the game it sets aside, the set-aside
games are listed, resumed and exported, and names are checked by the server."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.table import Table

from .conftest import as_referee, as_seat, command

SETUP: dict[str, Any] = {"players": [{"seat": 1, "colour": "blue", "name": "Léa"}, {"seat": 2, "colour": "red"},
                                     {"seat": 3, "colour": "green"}], "length": "short", "neutral": "normal", "seed": 3}


def test_a_replacement_must_name_the_game_it_sets_aside(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    first = table.game_id
    page = referee.get("/referee").get_data(as_text=True)
    assert f'id="under-way" hidden data-game="{first}"' in page and "Games set aside" not in page
    refused = command(referee, app, command="new_game", setup=SETUP)
    assert refused.status_code == 422 and refused.json["under_way"] == first
    assert refused.json["error"] == f"Game {first} is under way: confirm that it is set aside first."
    assert command(referee, app, command="new_game", setup=SETUP, replacing="1").status_code == 400
    assert command(referee, app, command="new_game", setup=SETUP, replacing=first).status_code == 200
    second = table.game_id
    page = referee.get("/referee").get_data(as_text=True)
    assert "Games set aside" in page and f'data-resume="{first}"' in page
    assert f'href="/api/record?game={first}"' in page
    exported = referee.get(f"/api/record?game={first}")
    assert exported.status_code == 200 and exported.json["setup"]["players"][0]["name"] == "Ann"
    assert referee.get("/api/record?game=77").status_code == 404
    assert as_seat(app, 1).get(f"/api/record?game={first}").status_code == 403

    assert command(referee, app, command="resume", game=first, replacing=second).status_code == 200
    assert table.game_id == first
    assert f'data-resume="{second}"' in referee.get("/referee").get_data(as_text=True)


def test_the_referee_page_in_french_says_it_in_french(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    command(referee, app, command="language", language="fr")
    refused = command(referee, app, command="new_game", setup=SETUP)
    assert refused.json["error"] == (f"La partie {table.game_id} est en cours\u202f: "
                                     "confirmez d'abord qu'elle est mise de côté.")
    bad = {**SETUP, "players": [{**SETUP["players"][0], "name": "x" * 5000}, *SETUP["players"][1:]]}
    named = command(referee, app, command="new_game", setup=bad, replacing=table.game_id)
    assert named.status_code == 422 and named.json["error"] == "Un nom compte de 1 à 20 caractères imprimables."
