"""Issue 36, for Lords of Xidit as for Zargos: every field of every Xidit action is sent through the HTTP API the
pages use at its largest valid value and just past it. Past its bound a field is refused in words naming it,
before the rules read it, and the refusal never echoes what it refuses; at its bound it reaches the rules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games.xidit.rules.actions import BOUNDS, REGIONS, UNITS_MOST
from companion.games.xidit.rules.terms import BARDS_PER_PLAYER, ORDERS, PROGRAM_LENGTH, REWARDS, UNITS
from companion.table import Table
from tests.table.support import new_table
from tests.web.conftest import PIN, as_seat, web_app
from web.phone import PhoneBoxes


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = new_table(tmp_path / "x.db", players=4, seed=9)
    table.start()
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {1, 2}))


def whole(key: str) -> tuple[int, int]:
    least, most = BOUNDS[key]
    return most, most + 1


# Each action's fields: (largest valid, just past it); whole numbers from the actions' own bounds.
LARGEST: dict[str, dict[str, tuple[Any, Any]]] = {
    "place": {"city": whole("city")},
    "floor": {"city": whole("city")},
    "program": {"orders": ([ORDERS[0]] * PROGRAM_LENGTH, [ORDERS[0]] * (PROGRAM_LENGTH + 1))},
    "reward": {"take": (list(REWARDS), [*REWARDS, REWARDS[0]]),
               "bards": ({str(r): BARDS_PER_PLAYER for r in range(1, REGIONS + 1)},
                         {str(r): BARDS_PER_PLAYER for r in range(1, REGIONS + 2)})},
    "colossus": {"fight": (True, "yes"), "needs": whole("needs"),
                 "units": ({u: UNITS_MOST for u in UNITS}, {u: UNITS_MOST + 1 for u in UNITS})},
    "neutral": {"track": ("fame", "x" * 100_000)},
    "census": {"unit": ("mage", "x" * 100_000), "reveal": whole("reveal")},
    "census_bards": {"bards": ({str(r): BARDS_PER_PLAYER for r in range(1, REGIONS + 1)},
                               {"1": BARDS_PER_PLAYER + 1})},
}


def test_every_field_of_every_action_at_its_bound_and_past_it(app: Flask, table: Table) -> None:
    seat = as_seat(app, 1)
    for kind, fields in LARGEST.items():
        action = {"type": kind, "seat": 1, **{k: v for k, (v, _) in fields.items()}}
        for key, (_, past) in [*fields.items(), ("seat", whole("seat"))]:
            before = table.view("referee")
            answer = seat.post("/api/command", json={"command": "decide", "seat": 1, "version": table.version,
                                                     "action": {**action, key: past}})
            error = (answer.get_json(silent=True) or {}).get("error", "")
            assert answer.status_code in (400, 403, 422) and key in error, (kind, key, error)
            assert len(error) < 300, (kind, key)  # never an echo of what it refuses
            assert table.view("referee") == before
        answer = seat.post("/api/command", json={"command": "decide", "seat": 1, "version": table.version,
                                                 "action": action})
        error = (answer.get_json(silent=True) or {}).get("error", "")
        assert "must be" not in error and "bad count" not in error, (kind, error)  # the rules' say, if refused
