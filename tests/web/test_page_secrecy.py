"""Secrecy of the pages: at decision points of whole simulated games, the public pages and map are drawn
from the public view only and a seat's page from that seat's view only (views that tests/secrecy.py
already checks), and the drawn pages carry none of the secrets spec §3 names."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.table.table import Table
from tests.secrecy import forbidden_in
from tests.table.support import new_table, next_inputs
from web import create_app
from web.phone import PhoneBoxes

from .conftest import PIN, as_seat

PUBLIC_PAGES = ("/", "/part/table", "/map.svg", "/scoring", "/part/scoring", "/referee")


class Readers:
    """Which views the pages ask the table for, in the test's own thread (the boxes' threads aside)."""

    def __init__(self, table: Table) -> None:
        self.asked: list[str] = []
        self._view = table.view
        self._thread = threading.get_ident()

    def __call__(self, reader: str = "referee") -> dict[str, Any]:
        if threading.get_ident() == self._thread:
            self.asked.append(reader)
        return self._view(reader)


def bastion_label(svg: str) -> str:
    start = svg.index('<g class="region-label" data-region="9">')
    return svg[start:svg.index("</g>", start)]


@pytest.mark.parametrize("players", [3, 4])
def test_public_and_seat_pages_show_no_secret(tmp_path: Path, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(tmp_path / "p.db", players=players, seed=11 + players)
    table.start()
    app: Flask = create_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {1}))
    readers = Readers(table)
    monkeypatch.setattr(table, "view", readers)
    public, seat = app.test_client(), as_seat(app, 1)
    rng = random.Random(players)
    checked = step = 0
    while table.game is not None and table.game.outcome() is None:
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)
        step += 1
        if step % 3:
            continue
        game = table.game
        readers.asked.clear()
        pages = {url: public.get(url).get_data(as_text=True) for url in PUBLIC_PAGES}
        assert set(readers.asked) == {"public"}, readers.asked
        assert forbidden_in(table.view("public"), None, game) == []
        readers.asked.clear()
        mine = seat.get("/part/seat").get_data(as_text=True)
        seat_map = seat.get("/map.svg").get_data(as_text=True)
        assert set(readers.asked) == {"seat:1"}, readers.asked
        for url, page in pages.items():
            assert 'class="gold"' not in page and "data-unit=" not in page, url
            assert "seat/1?t=" not in page, url
            if game.state.phase in ("place", "program"):
                assert 'class="order o-' not in page, url
        svg = pages["/map.svg"]
        if not game.state.fame_scored:
            label = bastion_label(svg)
            assert "bard-count" not in label and 'class="chip"' not in label
            total = sum(game.state.bards[table.board.bastion() or 0].values())
            assert f"hidden bards: {total}" in label
            own = game.state.bards[table.board.bastion() or 0].get(1, 0)
            assert f"yours: {own}" in bastion_label(seat_map)
        me = game.state.players[1]
        assert f'<dd class="gold">{me.gold}</dd>' in mine
        assert len(re.findall(r'<dd class="gold">', mine)) == 1  # no other player's gold
        if game.state.phase == "program":
            assert mine.count('class="order o-') in (0, 6)  # this seat's own draft at most
        checked += 1
    table.stop()
    assert checked > 20
