"""Issue 26 item 9: a rollback into a census, then the census goes on; its steps are titled as the
census's ("Census (continued)"), never "Order 6 of 6 (continued)" or "Set up", in English and French."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.table import Acknowledge, Rollback
from tests.engine import engine
from tests.table.support import new_table, next_inputs

TITLE = {"en": "Census (continued)", "fr": "Recensement (suite)"}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_census_steps_after_a_rollback_are_titled_as_the_census(tmp_path: Path, language: str) -> None:
    table = new_table(tmp_path / "t.db", players=4, seed=5, language=language)
    rng = random.Random(5)
    while not (engine(table).state.phase.value == "census" and engine(table).state.census_unit >= 1):
        for command in next_inputs(table, rng):
            table.handle(command)
    table.handle(Acknowledge(table.view("public")["table"]["steps_total"]))  # the table is up to date
    keep = table.actions() - 1  # back into the census, before the choice that counted its first unit
    preview = table.handle(Rollback(keep))
    table.handle(Rollback(keep, confirm=True, seen=preview["seen"]))
    restore = [step for step in table.view("referee")["table"]["steps"] if step["kind"] == "restore"]
    assert restore, "the rollback's steps that put the pieces back are on the to-do"
    table.handle(Acknowledge(restore[-1]["n"] + 1))  # the table put the pieces back
    while engine(table).state.phase.value == "census":
        for command in next_inputs(table, rng):
            table.handle(command)
    steps = table.view("referee")["table"]["steps"]
    after = [step for step in steps if step["n"] > restore[-1]["n"] and step["kind"] != "year_end"]
    assert after and all(not step["done"] for step in after)
    assert [(step["kind"], step["title"]) for step in after] == [("census", TITLE[language])] * len(after)
