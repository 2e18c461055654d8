"""Secrecy through the web: at every decision point of simulated games, the public and seat
endpoints and streams carry nothing that docs/formats.md's State view forbids, and a seat's screen is its own."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.xidit.rules import Phase
from companion.table import Table
from tests.engine import engine
from tests.secrecy import census_choices_in, forbidden_in
from tests.table.support import new_table, next_inputs
from web import stream as stream_module
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, web_app


class Listener:
    """Reads one SSE stream in a thread, keeping every view it carries."""

    def __init__(self, client: FlaskClient) -> None:
        self.views: list[dict[str, Any]] = []
        self.response = client.get("/api/stream", buffered=False)
        self.started = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        buffer = ""
        for chunk in self.response.response:  # type: ignore[attr-defined]
            self.started.set()
            buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
            while "\n\n" in buffer:
                block, buffer = buffer.split("\n\n", 1)
                lines = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line)
                if lines.get("event") == "view":
                    self.views.append(json.loads(lines["data"]))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_endpoint_or_stream_leaks_at_any_decision_point(tmp_path: Path, players: int,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream_module, "HEARTBEAT", 0.05)
    table: Table = new_table(tmp_path / "s.db", players=players, seed=players)
    table.start()
    app: Flask = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set(range(1, players + 1))))
    seats = list(engine(table).state.seats)
    clients = {None: app.test_client(), **{s: as_seat(app, s) for s in seats}}
    blind = as_referee(app)  # a referee who also plays: no secret on their page either
    assert blind.post("/api/blind", json={"on": True}).status_code == 200
    listeners = {who: Listener(c) for who, c in clients.items()}
    for listener in listeners.values():
        assert listener.started.wait(5)
    rng = random.Random(players)
    checked = censuses = 0
    while table.playing():
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)
        for who, client in clients.items():
            view = client.get("/api/view").get_json()
            assert forbidden_in(view, who, engine(table)) == [], who
            checked += 1
        if engine(table).state.phase == Phase.CENSUS:
            page = blind.get("/referee").get_data(as_text=True)
            assert census_choices_in(page, engine(table)) == []
            censuses += 1
        # A seat's screen shows that seat's box only: another seat cannot fetch it.
        assert clients[None].get("/api/box/screen.png").status_code == 404
    app.config["STREAMS"].close_all()
    table.stop()
    for who, listener in listeners.items():
        listener.thread.join(5)
        assert len(listener.views) > 20, who
        for view in listener.views:
            assert forbidden_in(view, who, None) == [], (who, view["version"])
            assert view["view"] == ("public" if who is None else f"seat:{who}")
    assert checked > 100 and censuses > 0
