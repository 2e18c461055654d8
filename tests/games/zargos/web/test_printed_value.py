"""A capital's printed value the table learns in play (10.2; issue 29: "can be typed then"): when a kingdom is
first completed and the pack does not know its value, the game asks the table, even when the Pi rolls and
deals (the Pi never invents what is printed on the board); the referee's page and every seat's page ask it,
naming the kingdom; the answer is in the record and replays."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import replay_json
from companion.table import Table
from tests.games.zargos.table.support import new_game, play
from tests.web.conftest import PIN, as_referee, as_seat, web_app
from web.phone import PhoneBoxes

BOARD = default_pack()


def asked(table: Table) -> Any:
    return table.view("public")["table"]["asking"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = new_game(tmp_path / "z.db", 3, seed=5)  # the Pi rolls and deals (the default)
    table.start()
    play(table, until=lambda t: (a := asked(t)) is not None and a["kind"] == "value")
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))


def test_10_2_the_pi_never_draws_a_printed_value_the_table_types_it(app: Flask, table: Table) -> None:
    view = table.view("referee")
    assert view["table"]["chance"] == "pi" and view["awaiting"] == []  # the game waits for the table alone
    kingdom = view["chance"]["params"]["kingdom"]
    assert BOARD.kingdoms[kingdom].value is None and kingdom not in view["values"]
    question = asked(table)
    name = BOARD.kingdoms[kingdom].name
    assert question["prompt"] == f"What value is printed on the capital of {name}?"
    # The referee's page and a seat's page ask it, with one button a value.
    referee = as_referee(app).get("/referee").get_data(as_text=True)
    assert html.escape(question["prompt"]) in referee and 'data-command="tell"' in referee
    seat = as_seat(app, 2).get("/seat/3").get_data(as_text=True)
    assert html.escape(question["prompt"]) in seat and re.search(r"data-ztell='7'>7<", seat)
    # Typed on the seat's page (its `tell`): the count goes on with it, the record holds it, and it replays.
    client = as_seat(app, 2)
    told = client.post("/api/command", json={"command": "tell", "outcome": 7, "question": question["question"],
                                             "version": table.version})
    assert told.status_code == 200 and table.view("referee")["values"][kingdom] == 7
    record = as_referee(app).get("/api/record").get_json()
    assert {"type": "chance", "kind": "value", "outcome": 7} in record["moves"]
    assert replay_json(BOARD, record).view("referee")["values"][kingdom] == 7
    assert [e for e in table.view("public")["log"] if e["event"] == "value"][-1] == \
        {"event": "value", "kingdom": kingdom, "value": 7}
