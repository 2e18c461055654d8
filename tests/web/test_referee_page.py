"""The referee page for the moment: what needs the referee first, New game first when no game runs,
decisions in words, and a blind referee sees neither secrets nor seat links."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import BoxStatus, Table

from .conftest import PIN, as_referee, web_app


def test_what_needs_the_referee_comes_first_in_words(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    page = referee.get("/referee").get_data(as_text=True)
    assert "Needs you now" not in page and "to place their Idrakys" in page and "to decide: place" not in page
    seat = next(s for s, _, _ in table.players() if (table.legal(s) or (0, []))[1])  # the one placing now
    table.submit(BoxStatus(seat, "serial", False)).result(timeout=10)
    page = referee.get("/referee").get_data(as_text=True)
    now = page.index("Needs you now")
    assert now < page.index("Settings") and now < page.index("To do at the table")
    assert "cannot decide at the table (to place their Idrakys)" in page and f'data-decide-for="{seat}"' in page
    assert "is disconnected: plug it in again" in page


def test_a_blind_referee_gets_no_seat_link(app: Flask) -> None:
    referee = as_referee(app)
    assert "seat-link" in referee.get("/referee").get_data(as_text=True)
    assert referee.get("/api/links").status_code == 200
    referee.post("/api/blind", json={"on": True})
    assert "seat-link" not in referee.get("/referee").get_data(as_text=True)
    assert referee.get("/api/links").status_code == 403


def test_with_no_game_new_game_comes_first(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "empty.db"), default_pack_text())
    app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, None)
    page = as_referee(app).get("/referee").get_data(as_text=True)
    assert page.index('id="wizard"') < page.index("Settings")
    table.stop()
