"""The web app's own connection to the store's file (its sign-ins) closes when the table stops: nothing is left
to the garbage collector, which Python 3.13 warns of (an error in the tests) and which would hold the file open
after the table has let it go."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.store import Sessions
from tests.table.support import new_toy_table
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, web_app

pytestmark = pytest.mark.usefixtures("toy_with_agents")  # the same for every game: on the toy


def test_the_sign_ins_close_with_the_table(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3, seed=4)
    table.start()
    app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    as_referee(app)  # a sign-in, kept through that connection
    sessions: Sessions = app.config["SESSIONS"]
    assert sessions.end_all("referee") == 1
    table.stop()
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        sessions.end_all("referee")
