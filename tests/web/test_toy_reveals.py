"""Issue 37: what a game shows to chosen seats (companion.core.game.Reveal, companion/table/reveals.py), through
the doors people use: the API's view and the event stream of each reader, the pages, the `seen_reveal` request,
and a restart. On the tests' toy game (tests/games/toy): a card drawn is shown to its drawer alone (T-10, kept
until read); each seat that may block a roll is shown its cards until it answers (T-11, held by the game);
the bids are shown to everyone (T-12). Every view is also judged by the toy's secrecy oracle."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Decide, EditDraft, NewGame, Seal, Table, Tell
from tests.games.toy import GAME as TOY_AT_THE_TABLE
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app

ORACLE = TOY_AT_THE_TABLE.testing


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    yield


def open_table(path: Path) -> Table:
    return Table.open(Store(path), default_pack_text())


def streamed(client: FlaskClient) -> dict[str, Any]:
    """The first view the reader's event stream sends (the table as it is now)."""
    response = client.get("/api/stream", buffered=False)
    try:
        text = ""
        for chunk in response.response:  # type: ignore[attr-defined]
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            for block in text.split("\n\n")[:-1]:
                fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line)
                if fields.get("event") == "view":
                    return json.loads(fields["data"])  # type: ignore[no-any-return]
        raise AssertionError("the stream sent no view")
    finally:
        response.close()


class Readers:
    """A client per reader, signed in as people sign in: the public, each seat, the referee, a blind referee."""

    def __init__(self, app: Flask) -> None:
        blind = as_referee(app)
        assert blind.post("/api/blind", json={"on": True}).get_json() == {"blind": True}
        self.clients = {"public": app.test_client(), "seat:0": as_seat(app, 0), "seat:1": as_seat(app, 1),
                        "seat:2": as_seat(app, 2), "referee": as_referee(app), "blind": blind}

    def reveals(self) -> dict[str, list[str]]:
        """The keys of the reveals each reader's API view and stream show (the same, or the test fails), each
        view judged by the toy's secrecy oracle (a blind referee reads the public's)."""
        out = {}
        for reader, client in self.clients.items():
            view, event = client.get("/api/view").get_json(), streamed(client)
            assert view == event, reader
            oracle = "public" if reader == "blind" else reader
            assert ORACLE.forbidden(view, oracle, None) == [], reader
            out[reader] = [r["key"] for r in view["table"].get("reveals", ())]
        return out


def bid_all(table: Table, seats: int) -> None:
    for seat in range(seats):
        table.handle(EditDraft(seat, {"bid": seat % 3}))
        table.handle(Seal(seat))


def test_a_card_drawn_is_shown_to_its_drawer_alone_until_read_after_a_restart_too(tmp_path: Path) -> None:
    table = open_table(tmp_path / "t.db")
    table.handle(NewGame({"players": 3, "rounds": 1, "seed": 5}, game="toy", chance="table",
                         names={0: "Ann", 1: "Bob", 2: "Cy"}))
    bid_all(table, 3)
    table.handle(Decide(0, {"type": "turn", "seat": 0, "do": "draw", "card": None}))
    table.handle(Tell(4, by="seat:0"))
    drawn = f"draw:{table.actions()}"
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        readers = Readers(app)
        shown = readers.reveals()
        # T-12 to everyone, T-10 to seat 0 and the referee alone: never the public, the TV or a blind referee
        assert shown == {"public": ["bids:1"], "seat:0": ["bids:1", drawn], "seat:1": ["bids:1"],
                         "seat:2": ["bids:1"], "referee": ["bids:1", drawn], "blind": ["bids:1"]}
        link = TOY_AT_THE_TABLE.shown_seat  # a seat's page is at its number as people read it
        seat0 = readers.clients["seat:0"].get(f"/seat/{link(0)}").get_data(as_text=True)
        assert "You drew a 4." in seat0 and f'data-reveal="{drawn}"' in seat0
        for reader in ("public", "seat:1", "blind"):
            page = readers.clients[reader].get("/").get_data(as_text=True)
            assert "You drew a 4." not in page and drawn not in page, reader
        assert "You drew a 4." not in readers.clients["seat:1"].get(f"/seat/{link(1)}").get_data(as_text=True)
        for url in ("/referee", "/part/referee", "/part/table", "/scoring"):  # a blind referee's pages: never
            assert "You drew a 4." not in readers.clients["blind"].get(url).get_data(as_text=True), url
        referee = readers.clients["referee"].get("/part/referee").get_data(as_text=True)
        assert "You drew a 4." in referee and "(shown to Ann)" in referee  # the full referee knows every secret
        # another seat cannot read it away, nor can the public
        refused = command(readers.clients["seat:1"], app, command="seen_reveal", reveal=drawn)
        assert refused.status_code == 422 and "That was not shown to you." in json.dumps(refused.get_json())
        assert command(readers.clients["public"], app, command="seen_reveal", reveal=drawn).status_code == 403
    finally:
        table.stop()

    table = open_table(tmp_path / "t.db")  # a restart: still shown, to the same readers
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        readers = Readers(app)
        assert readers.reveals()["seat:0"] == ["bids:1", drawn]
        assert readers.reveals()["seat:1"] == ["bids:1"]
        answer = command(readers.clients["seat:0"], app, command="seen_reveal", reveal=drawn)
        assert answer.status_code == 200 and answer.get_json()["over"] is True
        shown = readers.reveals()
        assert shown["seat:0"] == ["bids:1"] and shown["referee"] == ["bids:1"]  # read: over for everyone
        command(readers.clients["referee"], app, command="seen_reveal", reveal="bids:1")  # dismissed for all
        assert set(map(tuple, readers.reveals().values())) == {()}
    finally:
        table.stop()
    table = open_table(tmp_path / "t.db")
    assert table.view("seat:0")["table"].get("reveals") is None  # and stays read
    table.stop()


def seat_0_drew_a_4(tmp_path: Path) -> Table:
    """A 3-player toy game whose table tells chance, the bids made, seat 0's draw told by seat 0: a 4."""
    table = open_table(tmp_path / "t.db")
    table.handle(NewGame({"players": 3, "rounds": 1, "seed": 5}, game="toy", chance="table"))
    bid_all(table, 3)
    table.handle(Decide(0, {"type": "turn", "seat": 0, "do": "draw", "card": None}))
    table.handle(Tell(4, by="seat:0"))
    return table


def test_what_a_seat_may_block_with_is_shown_to_it_while_the_game_holds_it(tmp_path: Path) -> None:
    table = seat_0_drew_a_4(tmp_path)
    table.handle(Decide(1, {"type": "turn", "seat": 1, "do": "roll", "card": None}))
    table.handle(Tell(6, by="referee"))  # seat 0 holds a card: it may block the roll (T-11)
    held = [r for r in table.view("seat:0")["table"]["reveals"] if r["key"].startswith("block:")]
    assert [r["text"] for r in held] == ["You may block the roll with: 4."]
    assert not any(r["key"].startswith("block:") for reader in ("public", "seat:1", "seat:2")
                   for r in table.view(reader)["table"].get("reveals", ()))
    table.stop()
    table = open_table(tmp_path / "t.db")  # a restart keeps it while the game holds it
    assert any(r["key"] == held[0]["key"] for r in table.view("seat:0")["table"]["reveals"])
    table.handle(Decide(0, {"type": "answer", "seat": 0, "card": None}))  # it passes: the game no longer holds it
    assert not any(r["key"] == held[0]["key"] for reader in ("seat:0", "referee")
                   for r in table.view(reader)["table"].get("reveals", ()))
    table.stop()


def test_the_oracle_finds_a_reveal_shown_to_another_reader(tmp_path: Path) -> None:
    table = seat_0_drew_a_4(tmp_path)
    assert ORACLE.forbidden(table.view("seat:0"), "seat:0", None) == []
    assert f"the reveal draw:{table.actions()} shown to [0]" in ORACLE.forbidden(table.view("seat:0"), "seat:1", None)
    assert f"the reveal draw:{table.actions()} shown to [0]" in ORACLE.forbidden(table.view("referee"), "public", None)
    table.stop()
