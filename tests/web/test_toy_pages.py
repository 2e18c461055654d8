"""The toy game (tests/games/toy) at the table renders the framework's pages with no game template at all
(issue 37): the framework's generic parts, reading nothing of the toy's view but through the page's context,
at its start, with a chance question the table tells, with a sealed bid awaited, and over."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.core import registry
from tests.games.toy import GAME as TOY
from tests.table.test_shared_toy import new_toy, step
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, web_app


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    yield


def pages(app: Flask, referee: FlaskClient, seat: FlaskClient) -> dict[str, str]:
    got = {"table": app.test_client().get("/"), "referee": referee.get("/referee"),
           "scoring": referee.get("/scoring"), "seat": seat.get(f"/seat/{TOY.shown_seat(1)}")}
    assert {name: page.status_code for name, page in got.items()} == dict.fromkeys(got, 200)
    return {name: page.get_data(as_text=True) for name, page in got.items()}


def test_the_toy_plays_on_the_frameworks_pages_alone(tmp_path: Path) -> None:
    assert TOY.web is None  # no template, script or page part of its own
    table = new_toy(tmp_path / "toy.db", "table")
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        rng, told = random.Random(2), iter(int(n) for n in random.Random(3).choices(range(1, 7), k=10_000))
        seen = {"asked": False, "sealed": False}
        referee, seat = as_referee(app), as_seat(app, 1)
        while True:
            shown = pages(app, referee, seat)
            assert "Players" in shown["referee"] and "Round" in shown["table"]
            seen["asked"] |= 'id="asking"' in shown["table"]
            seen["sealed"] |= "programming" in shown["table"]
            if not step(table, rng, told):
                break
        assert seen == {"asked": True, "sealed": True}
        assert "Final ranking" in pages(app, referee, seat)["referee"]
    finally:
        table.stop()


def test_the_map_zoom_buttons_are_shown_only_for_a_game_that_draws_a_map(tmp_path: Path) -> None:
    """The toy brings no page parts: the framework's generic board says there is no map, and the table page
    offers no buttons to zoom it; Xidit's map has them."""
    from tests.table.support import new_table

    for table, zoomed in ((new_toy(tmp_path / "toy.db", "table"), False), (new_table(tmp_path / "x.db"), True)):
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        page = app.test_client().get("/").get_data(as_text=True)
        assert 'id="mapbox"' in page and ('data-zoom="in"' in page) is zoomed


def test_the_tables_log_heads_each_step_in_the_games_words_never_xidits_year(tmp_path: Path) -> None:
    """The log of steps done on the table page heads each with the step's own heading (the toy's "Round 1 ·",
    Xidit's "Year 1 ·"), never a word of one game on another's page."""
    from companion.table import Acknowledge
    from tests.table.support import new_table

    games = ((new_toy(tmp_path / "toy.db", "table"), "Round 1 ·"), (new_table(tmp_path / "x.db"), "Year 1 ·"))
    for table, said in games:
        table.handle(Acknowledge(1))  # the set-up step done: it goes to the log
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        page = app.test_client().get("/").get_data(as_text=True)
        log = page[page.index('data-n="0"'):]
        assert f'<span class="muted">{said}</span>' in log[:600], log[:600]
        if said.startswith("Round"):
            assert "Year" not in page
