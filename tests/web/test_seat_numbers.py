"""Seats read from 1 on every page, whatever the game numbers them from (issue 29): Zargos counts its seats
from 0, Xidit from 1. The wizard offers the referee every seat of a Zargos game (its first too), shown as
players read them ("Player 1".."Player N"), and sends the game's own numbers; Xidit's wizard looks as before."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from companion.core import registry
from companion.store import Store
from companion.table import NewGame, Table
from web.auth import SHORT, seat_token
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, command, web_app


def options(page: str, select: str) -> list[tuple[str, str]]:
    """(value, text) of each option of the select named or id'd `select`."""
    found = re.search(rf'<select (?:id|name)="{select}"[^>]*>(.*?)</select>', page, re.S)
    assert found, select
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', found.group(1))


def test_the_zargos_wizard_offers_every_seat_from_player_1_and_sends_the_games_numbers(tmp_path: Path) -> None:
    zargos = registry.load("zargos")
    table = Table.open(Store(tmp_path / "z.db"), zargos.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": 3, "seed": 4}, game="zargos"))
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        referee = as_referee(app)
        page = referee.get("/referee").get_data(as_text=True)
        # Six players at most (2.1): seats 0 to 5 of the game, read as 1 to 6; seat 0 is offered.
        assert options(page, "w-referee")[1:] == [
            (str(s), f"Yes: the referee plays seat {s + 1}") for s in range(6)]
        assert options(page, "seat-0") == [(str(s), str(s + 1)) for s in range(6)]
        assert "<b class=\"seat-name\">Player 1</b>" in page and "<b class=\"seat-name\">Player 3</b>" in page
        # Each seat's link and its QR code are named as the players read them.
        assert "A new link for seat 1:" in page and "The link of seat 1" in page and "The link of seat 0" not in page
        # Decide for a player: the players as they are read, never the game's seat 0.
        assert [text.split(" — ")[0] for _, text in options(page, "decide-seat")] == ["1", "2", "3"]

        # The referee plays the game's first seat: every page calls it seat 1, as it reads "Player 1".
        setup = {"players": 3, "seed": 5}
        assert command(referee, app, command="new_game", game="zargos", setup=setup, replacing=table.game_id,
                       referee_seat=0).status_code == 200
        assert table.referee_plays() == 0
        public = app.test_client().get("/").get_data(as_text=True)
        assert "The referee plays seat 1 too" in public and "seat 0" not in public
        again = as_referee(app).get("/referee").get_data(as_text=True)
        assert re.search(r'<option value="0" selected>Yes: the referee plays seat 1</option>', again)
    finally:
        table.stop()


def test_the_xidit_wizard_reads_as_before(app: Flask, table: Table) -> None:
    page = as_referee(app).get("/referee").get_data(as_text=True)
    assert options(page, "w-referee")[1:] == [(str(s), f"Yes: the referee plays seat {s}") for s in range(1, 6)]
    assert options(page, "seat-0") == [(str(s), str(s)) for s in range(1, 6)]
    assert "seat-name" not in page  # each row chooses its seat and colour, as before
    assert [text.split(" — ")[0] for _, text in options(page, "decide-seat")] == ["1", "2", "3", "4"]


def test_a_zargos_seat_link_reads_its_seat_from_1(tmp_path: Path) -> None:
    """Issue 35: /seat/0 was Zargos's "Player 1". A link carries the seat as people read it, in every game:
    /seat/1 (and the box's short /S/1/…) is Player 1, the game's seat 0."""
    zargos = registry.load("zargos")
    table = Table.open(Store(tmp_path / "z.db"), zargos.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": 3}, game="zargos"))
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        links = as_referee(app).get("/api/links").get_json()["seats"]
        assert [(link["seat"], link["url"].split("?")[0]) for link in links] == \
            [(0, "/seat/1"), (1, "/seat/2"), (2, "/seat/3")]
        phone = app.test_client()
        assert phone.get(links[0]["url"]).headers["Location"].endswith("/seat/1")
        page = phone.get("/seat/1").get_data(as_text=True)
        assert 'data-seat="0"' in page and 'href="/seat/1"' in page
        assert app.test_client().get(links[0]["url"].replace("/seat/1", "/seat/0")).status_code == 403
        short = seat_token(app.config["SECRET_KEY"], table.game_id, 1)[:SHORT].upper()
        assert app.test_client().get(f"/S/2/{short}").headers["Location"].endswith("/seat/2")
    finally:
        table.stop()
