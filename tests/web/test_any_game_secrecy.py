"""Secrecy through the web for any game (issue 29): a short Zargos game, the Pi dealing its cards, played by
random seats at the table; at every decision point of its set-up and first round and at every tenth after, each reader
(the public, every seat, a blind referee) gets its view over HTTP, its stream's events and every page it can
open, and none carries another seat's hand or secret draw. The views and events are judged by the game's own
oracle (`GameModule.testing.forbidden`); the pages by what the oracle proves of the views: a page is drawn
from its own reader's view and no other, and no value the referee sees that the reader's view leaves out
(a card's id, or its name in English or French) is on it."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.core import registry
from companion.games.zargos.agents import RandomAgent
from companion.i18n import word
from companion.store import Store
from companion.table import NewGame, Table
from tests.games.zargos.table.support import read_printed, step
from web import stream as stream_module
from web.phone import PhoneBoxes
from web.stream import view_event as stream_event

from .conftest import PIN, as_referee, as_seat, web_app

ZARGOS = registry.load("zargos")
# Every page a reader can open: its live parts at each point scanned, the whole pages (which hold the same live
# part), the map and the scoring at every fifth (they draw on the same view). The referee's part lists the game's
# history, which costs the table a replay (45 ms a Zargos game): at every fifth too.
LIVE = {"public": ("/part/table",), "seat": ("/part/seat", "/part/table"), "referee": ("/part/table",)}
WHOLE = {"public": ("/", "/map.svg", "/scoring", "/part/scoring"),
         "seat": ("/seat/{seat}",  # a link reads its seat from 1
                 "/", "/map.svg", "/part/scoring"),
         "referee": ("/part/referee", "/referee", "/", "/map.svg", "/part/scoring")}


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


class Readers:
    """Records which views are asked of the table while one reader's pages are drawn (in the test's thread: the
    streams' threads read their own readers' views meanwhile)."""

    def __init__(self, table: Table) -> None:
        self.asked: set[str] = set()
        self._view = table.view
        self._thread = threading.get_ident()

    def __call__(self, reader: str = "referee") -> dict[str, Any]:
        if threading.get_ident() == self._thread:
            self.asked.add(reader)
        return self._view(reader)


def values(found: Any) -> set[str]:
    """Every text a view holds, its table part and reader aside (see `lines` for the table's steps)."""
    if isinstance(found, dict):
        return set().union(*(values(v) for k, v in found.items() if k not in ("table", "reader")))
    if isinstance(found, list):
        return set().union(*(values(v) for v in found))
    return {found} if isinstance(found, str) else set()


def lines(view: dict[str, Any]) -> set[str]:
    """The lines of the table's steps as this reader reads them (a card dealt is named in its player's form)."""
    part = view.get("table") or {}
    return {line["text"] for step in part.get("steps") or [] for line in step["lines"]} | \
        {line["text"] for line in part.get("instructions") or []}


def hidden(referee: set[str], referee_lines: set[str], view: dict[str, Any]) -> set[str]:
    """How a page could print what the referee sees and this reader's view leaves out: a value as a quoted
    string or an element's whole text, its word in each language (a card's name) likewise, and the referee's
    form of a step's line as it is."""
    own = values(view)
    missing = {v for v in referee - own if not v.isdigit()}
    named = missing | {word(lang, v) for v in missing for lang in ("en", "fr")}
    return {f"{a}{v}{b}" for v in named - own for a, b in (('"', '"'), ("&#34;", "&#34;"), (">", "<"))} \
        | (referee_lines - lines(view))


def oracle(reader: str) -> str:
    """The reader a client's views are of: a blind referee reads the public's."""
    return "public" if reader == "public:blind" else reader


def scan(table: Table, clients: dict[str, FlaskClient], readers: Readers, whole: bool) -> list[str]:
    found: list[str] = []
    referee = table.view("referee")
    everything, referee_lines = values(referee), lines(referee)
    readers.asked.clear()
    for reader, client in clients.items():
        view = client.get("/api/view").get_json()
        found += [f"{reader} /api/view: {f}" for f in ZARGOS.testing.forbidden(view, oracle(reader), None)]
        event = json.loads(stream_event(*table.view_json(oracle(reader))).split("data: ", 1)[1])
        found += [f"{reader} stream: {f}" for f in ZARGOS.testing.forbidden(event, oracle(reader), None)]
        secret = hidden(everything, referee_lines, view)
        kind = "referee" if reader == "public:blind" else reader.partition(":")[0]
        number = int(reader[5:]) + 1 if reader.startswith("seat:") else ""  # a link reads its seat from 1
        urls = [u.format(seat=number) for u in LIVE[kind] + (WHOLE[kind] if whole else ())]
        for url in urls:
            readers.asked.clear()
            response = client.get(url)
            assert response.status_code == 200, (reader, url)
            page = response.get_data(as_text=True)
            if readers.asked - {oracle(reader)}:
                found.append(f"{reader} {url}: drawn from the views of {sorted(readers.asked)}")
            found += [f"{reader} {url}: {s!r}" for s in secret if s in page]
    return found


def test_a_short_zargos_game_leaks_nothing_through_views_pages_or_streams(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream_module, "HEARTBEAT", 0.05)
    table = Table.open(Store(tmp_path / "z.db"), ZARGOS.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": 3, "seed": 11}, game="zargos"))  # the Pi rolls and deals
    table.start()
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    readers = Readers(table)
    table.view = readers  # type: ignore[method-assign]
    blind = as_referee(app)  # a referee who plays too: no secret on their pages either
    assert blind.post("/api/blind", json={"on": True}).status_code == 200
    clients = {"public": app.test_client(), **{f"seat:{s}": as_seat(app, s) for s in range(3)}, "public:blind": blind}
    # Live streams for two readers (each carries the game's whole view at every change: five would cost the test
    # ten seconds); what every reader's stream would send is scanned at each point too (`stream_event`).
    listeners = {reader: Listener(clients[reader]) for reader in ("public", "seat:1")}
    assert all(listener.started.wait(5) for listener in listeners.values())
    agent = RandomAgent(random.Random(11))
    points = scanned = 0
    found: list[str] = []
    while table.result() is None and not found and (step(table, agent) or read_printed(table, 11)):
        points += 1
        if table.view("public")["round"] <= 1 or points % 10 == 0:
            found += scan(table, clients, readers, whole=scanned % 5 == 0)
            scanned += 1
    app.config["STREAMS"].close_all()
    table.stop()
    assert found == [], "\n".join(found)
    assert table.result() is not None and scanned > 50
    for reader, listener in listeners.items():
        listener.thread.join(5)
        assert len(listener.views) > 20, reader
        for view in listener.views:
            assert ZARGOS.testing.forbidden(view, oracle(reader), None) == [], (reader, view["version"])
