"""Issue 37: the framework's final ranking says the end from the game's `Result` (its teams and reason), on the
referee's page, the table view (the TV) and a player's page, for a toy game (tests/games/toy) with no page part
of its own: a team that wins, and nobody winning."""

from __future__ import annotations

from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

from companion.core import registry
from companion.table import Acknowledge
from tests.games.toy import GAME as TOY_AT_THE_TABLE
from tests.table.test_team_results import finished_toy
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, seat_page, web_app


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    yield


def final_pages(tmp_path: Path, bids: tuple[int, ...], *, teams: bool) -> dict[str, str]:
    table = finished_toy(tmp_path / "t.db", bids, teams=teams)
    table.handle(Acknowledge(len(table.steps_json("referee"))))  # the TV shows the end once its steps are done
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        got = {"referee": as_referee(app).get("/referee"), "table": app.test_client().get("/"),
               "seat": as_seat(app, 1).get(seat_page(app, 1)), "scoring": app.test_client().get("/scoring")}
        assert {name: page.status_code for name, page in got.items()} == dict.fromkeys(got, 200)
        return {name: unescape(page.get_data(as_text=True)) for name, page in got.items()}
    finally:
        table.stop()


def test_a_team_win_and_its_reason_are_on_every_page(tmp_path: Path) -> None:
    pages = final_pages(tmp_path, (2, 1, 0, 0), teams=True)
    for name in ("referee", "table", "seat"):
        page = pages[name]
        assert "Final ranking" in page and "Team A wins: Ann and Cy" in page, name
        assert '<p class="result-reason">Team A scored the most points: 2.</p>' in page, name
        assert 'class="won" data-seats="0 2"' in page and 'data-seats="1 3"><b>Team B</b>' in page, name
    assert "Team A wins: Ann and Cy" in pages["scoring"]


def test_nobody_winning_is_on_every_page(tmp_path: Path) -> None:
    pages = final_pages(tmp_path, (1, 1), teams=False)
    for name in ("referee", "table", "seat", "scoring"):
        assert "Nobody wins" in pages[name] and "Nobody scored a point: nobody wins." in pages[name], name
        assert "★" not in pages[name], name
