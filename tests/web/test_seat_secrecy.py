"""The touch seat page and its map, scanned at every step of a game played input by input: each seat
sees its own draft and path only, the public none, and no order of anyone before the reveal."""

from __future__ import annotations

import random
from pathlib import Path

from companion.table import Table
from tests.engine import engine
from tests.secrecy import forbidden_in_pages
from tests.table.support import new_table, next_inputs
from web import create_app
from web.phone import PhoneBoxes

from .conftest import PIN, as_seat


def test_the_seat_pages_and_their_maps_show_the_readers_own_secrets_only(tmp_path: Path) -> None:
    table: Table = new_table(tmp_path / "s.db", players=3, seed=3)
    table.start()
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {1, 2, 3}))
    seats = list(engine(table).state.seats)
    clients = {None: app.test_client(), **{s: as_seat(app, s) for s in seats}}
    bastion = table.board.bastion() or 0
    rng = random.Random(3)
    paths = 0
    for _ in range(120):
        if not table.playing():
            break
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)
            for who, client in clients.items():
                urls = ["/", "/part/table"] if who is None else [f"/seat/{who}", "/part/seat"]
                pages = {url: client.get(url).get_data(as_text=True) for url in urls}
                assert forbidden_in_pages(pages, who, engine(table), bastion) == [], (who, table.version)
                paths += sum('data-path-seat="' in page for page in pages.values())
    table.stop()
    assert paths > 10  # the programs' paths were drawn, and checked
