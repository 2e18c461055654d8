"""Rollback through the API: a confirm must carry what its preview saw, is refused with a fresh preview
once the game moved on. On the tests' toy game (Xidit's blind preview: tests/games/xidit/web/test_blind_rollback.py)."""

from __future__ import annotations

import random

from flask import Flask

from companion.table import Table
from tests.table.support import advance_toy

from .conftest import as_referee, command


def test_a_confirm_is_bound_to_its_preview(toy_app: Flask, toy_table: Table) -> None:
    app, table = toy_app, toy_table
    advance_toy(table, random.Random(9), 30)
    referee = as_referee(app)
    assert "Go back to before an action" in referee.get("/referee").get_data(as_text=True)
    keep = table.history()[3]["keep"]
    preview = command(referee, app, command="rollback", keep=keep).json
    assert preview["drops"] == 4 and len(preview["dropped"]) == 4
    assert command(referee, app, command="rollback", keep=keep, confirm=True).status_code == 400  # no `seen`
    stale = command(referee, app, command="rollback", keep=keep, confirm=True, seen=preview["seen"] - 1)
    assert stale.status_code == 422 and stale.json["preview"]["drops"] == 4 and table.actions() == keep + 4
    # An old page's version is refused too, and never applied.
    old = command(referee, app, command="rollback", keep=keep, confirm=True, seen=preview["seen"],
                  version=table.version - 1)
    assert old.status_code == 409 and table.actions() == keep + 4
    done = command(referee, app, command="rollback", keep=keep, confirm=True, seen=preview["seen"])
    assert done.status_code == 200 and table.actions() == keep
