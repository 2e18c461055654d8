"""Secrecy campaign: at every decision point of 50 simulated games of each size, for the public and for
every seat, the view the API serves and the event a stream sends: zero forbidden values (spec §3,
ruling P-07). Pages are scanned at a smaller scale in tests/web/test_page_secrecy.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.table.bots import next_commands
from tests.secrecy import forbidden_in
from tests.table.support import new_table
from tests.web.conftest import PIN, as_seat
from web import create_app
from web.phone import PhoneBoxes
from web.stream import view_event as stream_event

from .results import record

GAMES = 50
TOTALS = {"views": 0, "forbidden": 0, "games": 0}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fifty_games_of_each_size_leak_nothing(tmp_path: Path, players: int) -> None:
    for n in range(GAMES):
        table = new_table(tmp_path / f"g{n}.db", players=players, length="short" if n % 2 else "long",
                          seed=players * 1000 + n)
        app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
        seats = list(table.game.state.seats)  # type: ignore[union-attr]
        clients = {None: app.test_client(), **{s: as_seat(app, s) for s in seats}}
        rng = random.Random(n)
        while table.game is not None and table.game.outcome() is None:
            for command in next_commands(table, rng):
                table.handle(command)
            for who, client in clients.items():
                # One game in five reads every view through the HTTP endpoint, the others straight from
                # the table (the endpoint serialises that same view); both are scanned.
                reader = "public" if who is None else f"seat:{who}"
                view = client.get("/api/view").get_json() if n % 5 == 0 else table.view(reader)
                found = forbidden_in(view, who, table.game)
                # What an event stream sends this reader now: the same text, checked as received.
                found += forbidden_in(json.loads(stream_event(*table.view_json(reader)).split("data: ", 1)[1]),
                                      who, table.game)
                TOTALS["views"] += 1
                TOTALS["forbidden"] += len(found)
                assert found == [], (players, n, who, found)
        TOTALS["games"] += 1
        table.store.close()
    record("secrecy", games=TOTALS["games"], views=TOTALS["views"], forbidden=TOTALS["forbidden"])
