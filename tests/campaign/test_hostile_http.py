"""Hostile HTTP campaign: property-based requests against every route of the app, in every role: never
a 5xx, and a rejected request changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.table import Table
from tests.table.support import new_table
from tests.web.conftest import PIN, as_referee, as_seat, web_app
from web.phone import PhoneBoxes

from .results import record

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
COMMANDS = ["set_order", "set_program", "lock", "unlock", "decide", "rollback", "acknowledge", "pace", "new_game",
            "import", "language", "nonsense"]
KEYS = ["command", "seat", "slot", "order", "orders", "action", "keep", "confirm", "upto", "pace", "setup", "record",
        "language", "version", "pin", "token", "key", "frame", "on"]
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"command": st.sampled_from(COMMANDS)},
                          optional={k: json_values for k in KEYS if k != "command"}),
    st.dictionaries(st.sampled_from(KEYS), json_values, max_size=6),
)
STATS = {"requests": 0, "rejected": 0, "server_errors": 0, "changed_by_rejected": 0}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, Table, dict[str, FlaskClient]]]:
    table = new_table(Path(tmp_path_factory.mktemp("http")) / "h.db", players=4, seed=5)
    table.start()
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {1, 2}))
    clients = {"public": app.test_client(), "seat": as_seat(app, 1), "referee": as_referee(app)}
    yield app, table, clients
    table.stop()
    record("hostile_http", tried=STATS["requests"], rejected=STATS["rejected"],
           server_errors=STATS["server_errors"], lost=STATS["changed_by_rejected"])


def routes(app: Flask) -> list[tuple[str, str]]:
    found = []
    for rule in app.url_map.iter_rules():
        path = rule.rule.replace("<int:seat>", "1").replace("<path:filename>", "x.css").replace("<seat>", "1")
        found += [(method, path) for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return found


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_request_crashes_or_changes_anything_when_rejected(world: Any, data: st.DataObject) -> None:
    app, table, clients = world
    method, path = data.draw(st.sampled_from(routes(app) + [("GET", "/api/nowhere"), ("PUT", "/api/command")]))
    client = clients[data.draw(st.sampled_from(sorted(clients)))]
    body = data.draw(bodies)
    query = data.draw(st.dictionaries(st.sampled_from(["t", "since", "seat", "x"]), st.text(max_size=12), max_size=2))
    raw = data.draw(st.booleans())
    before = table.view("referee")
    if raw:
        answer = client.open(path, method=method, query_string=query, data=data.draw(st.binary(max_size=200)),
                             content_type=data.draw(st.sampled_from(["application/json", "text/plain", "x/y"])))
    else:
        if isinstance(body, dict) and "version" in body and data.draw(st.booleans()):
            body["version"] = table.version  # sometimes a current version, to get past the 409
        answer = client.open(path, method=method, query_string=query, json=body)
    if path == "/api/stream" and answer.status_code == 200:
        answer.close()
    STATS["requests"] += 1
    if answer.status_code >= 500:
        STATS["server_errors"] += 1
    assert answer.status_code < 500, (method, path, body, answer.data[:300])
    if answer.status_code >= 400:
        STATS["rejected"] += 1
        if table.view("referee") != before:
            STATS["changed_by_rejected"] += 1
        assert table.view("referee") == before, (method, path, body)
