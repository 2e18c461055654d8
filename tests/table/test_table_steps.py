"""The table's steps while a game is played: the to-do holds one year at most, the log every step, and a
step is done when someone says so or when the game moves past it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.table import Acknowledge, Decide, Refused, Table
from tests.engine import engine

from .support import new_table, next_inputs


def todo(table: Table, reader: str = "public") -> list[dict[str, object]]:
    return [s for s in table.view(reader)["table"]["steps"] if not s["done"]]


def test_nobody_ticking_the_to_do_never_holds_more_than_the_current_year(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=4, seed=21)
    rng = random.Random(21)
    most = 0
    while table.playing():
        for command in next_inputs(table, rng):
            table.handle(command)
            pending = todo(table)
            years = {s["year"] for s in pending}
            assert len(years) <= 1, years
            year = engine(table).state.year
            assert years <= {year, year - 1}
            most = max(most, len(pending))
    assert 0 < most <= 16
    # The log holds every step that happened, in order, done by the game moving on though nobody ticked.
    steps = table.view("public")["table"]["steps"]
    assert [s["n"] for s in steps] == list(range(len(table.steps())))
    done = [s for s in steps if s["done"]]
    assert len(done) >= len(steps) - 6 and not any(s["ticked"] for s in steps)
    assert {s["kind"] for s in steps} >= {"setup", "place", "order", "year_end", "census", "scoring"}


def test_done_marks_the_current_step_and_the_log_shows_it_ticked(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=4)
    first = todo(table)[0]
    assert first["kind"] == "setup" and first["n"] == 0
    table.handle(Acknowledge(1))
    steps = table.view("public")["table"]["steps"]
    assert steps[0]["done"] and steps[0]["ticked"] and todo(table)[0]["n"] == 1


def test_in_orders_pace_the_next_decision_waits_for_done(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=4, pace="orders")
    first = engine(table).state.turn_order()[0]
    place = {"type": "place", "seat": first, "city": 5}
    with pytest.raises(Refused):
        table.handle(Decide(first, place))
    for step in todo(table):
        table.handle(Acknowledge(int(str(step["n"])) + 1))
    assert not table.paused()
    table.handle(Decide(first, place))
    assert table.paused()  # the placement is a step of its own, to be done before the next decision


def test_steps_and_what_is_done_survive_a_restart(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=4, seed=8)
    rng = random.Random(8)
    while table.actions() < 30:
        for command in next_inputs(table, rng):
            table.handle(command)
    table.handle(Acknowledge(len(table.steps()) - 1))
    before = table.view("public")["table"]["steps"]
    table.stop()
    from companion.store import Store

    again = Table.open(Store(tmp_path / "t.db"), table.board_text)
    after = again.view("public")["table"]["steps"]
    assert [(s["title"], s["lines"], s["done"]) for s in after] == [(s["title"], s["lines"], s["done"]) for s in before]
