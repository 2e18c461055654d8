"""A blind referee's rollback preview through the API carries no seat's secret: Xidit's restore lines name
no seat's screen (moved from tests/web/test_referee_rollback.py, which tests the API's rollback on the toy)."""

from __future__ import annotations

import random

from flask import Flask

from companion.table import Table
from tests.table.support import advance
from tests.web.conftest import as_referee, command


def test_a_blind_referee_previews_without_secrets(app: Flask, table: Table) -> None:
    advance(table, random.Random(9), actions=30)
    referee = as_referee(app)
    seeing = command(referee, app, command="rollback", keep=5).json["undo"]
    assert referee.post("/api/blind", json={"on": True}).status_code == 200
    blind = command(referee, app, command="rollback", keep=5).json["undo"]
    assert any("set your screen back to" in line for line in seeing)
    assert not any("set your screen back to" in line for line in blind)
