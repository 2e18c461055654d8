"""The table's steps while a game is played: a step stays to do until someone at the table says it is done
(or the referee skips it, which the log tells with who did), however far the game has gone; the to-do
shows the oldest first, with its year; a view lists the steps to do and the last few done, never the
whole game; with pace "wait for the table" nothing is revealed or decided past a step not done. Over Xidit's
years, orders and census (moved from tests/table/test_table_steps.py; Zargos's: tests/games/zargos/table/
test_steps_stay.py; the toy's pace hold: tests/table/test_any_game.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.table.drafts import set_program
from companion.store import Store
from companion.table import Acknowledge, Decide, Refused, Rollback, Seal, SetPace, Table
from companion.table.views import RECENT, TODO_LISTED
from tests.engine import engine
from tests.table.support import new_table, next_inputs


def part(table: Table, reader: str = "public") -> dict[str, Any]:
    found: dict[str, Any] = table.view(reader)["table"]
    return found


def todo(table: Table, reader: str = "public") -> list[dict[str, Any]]:
    return [s for s in part(table, reader)["steps"] if not s["done"]]


def play_until(table: Table, rng: random.Random, done: Any) -> None:
    while table.playing() and not done():
        commands = next_inputs(table, rng)
        assert commands, "nobody to play"
        for command in commands:
            table.handle(command)


def test_nobody_ticking_every_step_stays_to_do_oldest_first_and_views_stay_small(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=4, seed=21)
    rng = random.Random(21)
    told: dict[int, tuple[int, str]] = {}  # every step ever listed: its year and kind
    while table.playing():
        for command in next_inputs(table, rng):
            table.handle(command)
            now = part(table)
            assert now["acknowledged"] == 0  # the game moving on does no step
            steps = now["steps"]
            assert steps[0]["n"] == 0 and not steps[0]["done"]  # the oldest step not done comes first
            assert len(steps) <= TODO_LISTED + RECENT and now["steps_total"] >= len(steps)
            for step in steps:
                told.setdefault(step["n"], (step["year"], step["kind"]))
    total = part(table)["steps_total"]
    assert total > TODO_LISTED + RECENT  # a whole game: the view lists a window of it
    # Tapped one by one, every step of the game comes up, in order, each once, none lost.
    years = []
    for n in range(total):
        first = todo(table)[0]
        assert first["n"] == n
        assert first["heading"] == f"Year {first['year']} · {first['title']}"
        years.append((first["year"], first["kind"]))
        table.handle(Acknowledge(n + 1))
    assert todo(table) == []
    kinds_by_year: dict[int, set[str]] = {}
    for year, kind in years:
        kinds_by_year.setdefault(year, set()).add(kind)
    # Every year's orders are there, census years' too (a census year once showed none of its six orders).
    assert all("order" in kinds for year, kinds in kinds_by_year.items() if year > 1 or "census" in kinds)
    assert any("census" in kinds and "order" in kinds for kinds in kinds_by_year.values())
    assert years == sorted(years, key=lambda yk: yk[0])  # oldest first: never a year back


def test_locking_the_next_year_keeps_the_last_years_orders_and_its_end(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=4, seed=8)
    rng = random.Random(8)
    play_until(table, rng, lambda: engine(table).state.year == 2 and table.phase() == "program")
    play_until(table, rng, lambda: engine(table).state.year == 3 or table.phase() != "program")
    year_one = [s for s in todo(table) if s["year"] == 1]
    assert [s["title"] for s in year_one if s["kind"] == "order"][:6] == [f"Order {k} of 6" for k in range(1, 7)]
    assert any(s["kind"] == "year_end" and s["title"] == "End of year 1" for s in year_one)
    assert todo(table)[0]["heading"].startswith("Year 1 · Set up")


def test_the_referee_skips_a_step_and_the_log_says_who(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=4)
    with pytest.raises(Refused):
        table.handle(Acknowledge(1, skip=True, by="player"))
    assert todo(table)[0]["n"] == 0
    table.handle(Acknowledge(1))
    table.handle(Acknowledge(2, skip=True, by="referee"))
    steps = part(table)["steps"]
    assert steps[0]["done"] and steps[0]["ticked"] and "skipped" not in steps[0]
    assert steps[1]["done"] and not steps[1]["ticked"] and steps[1]["skipped"] == "referee"
    assert todo(table)[0]["n"] == 2
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), table.board_text)
    assert part(again)["steps"][1]["skipped"] == "referee" and todo(again)[0]["n"] == 2


def test_wait_for_the_table_holds_the_reveal_until_the_last_step_is_done(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=4, pace="orders")
    rng = random.Random(4)
    for n in range(len(table.steps())):
        table.handle(Acknowledge(n + 1))
    while table.phase() == "place":  # each placement is a step, done before the next one is taken
        for command in next_inputs(table, rng):
            table.handle(command)
        waiting = part(table, "seat:1").get("waiting")
        if table.phase() == "place":
            assert waiting is not None and waiting["text"] == "Waiting for the table to finish: Year 1 · " \
                                                              "Place the Idrakys"
            with pytest.raises(Refused, match="Waiting for the table to finish"):
                seat = engine(table).legal()[0].seat
                table.handle(Decide(seat, {"type": "place", "seat": seat, "city": 1}))
            table.handle(Acknowledge(len(table.steps())))
    assert part(table).get("waiting") is not None  # the placement's step is still to do
    seats = sorted(engine(table).state.players)
    for seat in seats:  # locking goes on while the table works
        table.handle(set_program(seat, ("wait",) * 6))
        answer = table.handle(Seal(seat))
    assert answer.get("waiting") is True and table.phase() == "program"
    for seat in seats:
        view = table.view(f"seat:{seat}")
        assert view["table"]["waiting"]["heading"] == "Year 1 · Place the Idrakys"
        assert view["table"]["locked"] == seats
    answer = table.handle(Acknowledge(len(table.steps())))
    assert answer.get("revealed") is True and table.round() == 2
    assert table.view("public")["year"] == 2 and todo(table)[0]["title"] == "Order 1 of 6"


def test_a_held_reveal_goes_on_when_the_pace_stops_waiting(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=4)
    rng = random.Random(4)
    play_until(table, rng, lambda: table.phase() == "program")
    table.handle(SetPace("orders"))
    seats = sorted(engine(table).state.players)
    for seat in seats:
        table.handle(set_program(seat, ("wait",) * 6))
        table.handle(Seal(seat))
    assert table.phase() == "program" and next_inputs(table, rng) == []
    assert table.handle(SetPace("decisions")).get("revealed") is True
    assert table.round() == 2  # all waited: the year went by


def test_a_rollbacks_steps_stay_to_do_after_the_game_goes_on(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=4)
    rng = random.Random(4)
    play_until(table, rng, lambda: table.actions() >= 8)
    table.handle(Acknowledge(len(table.steps())))
    keep = table.actions() - 3
    table.handle(Rollback(keep, confirm=True, seen=len(table._entries)))
    restore = [s for s in todo(table) if s["kind"] == "restore"]
    assert restore and restore[0]["title"] == "Put the pieces back"
    play_until(table, rng, lambda: table.actions() >= keep + 4)
    assert todo(table)[0]["n"] == restore[0]["n"]  # still first to do: the game went on, the pieces did not


def test_the_board_as_of_the_step_to_do_is_the_year_of_that_step(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=4, seed=8)
    rng = random.Random(8)
    play_until(table, rng, lambda: engine(table).state.year == 2)
    first_order = next(s for s in todo(table) if s["kind"] == "order")
    table.handle(Acknowledge(first_order["n"]))
    assert todo(table)[0]["heading"] == "Year 1 · Order 1 of 6"
    past = table.as_of("public")
    assert past is not None and past["year"] == 1 and past["phase"] == "resolution"
    assert table.view("public")["year"] == 2
    moved = [line for line in todo(table)[0]["lines"] if "→" in line["text"]]
    assert moved  # an order that moves an Idrakys: the board as of the step shows it moved, now's would too
    table.handle(Acknowledge(table.view("public")["table"]["steps_total"]))
    assert table.as_of("public") is None  # nothing left to do: the board is the game's present


def test_steps_and_what_is_done_survive_a_restart(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=4, seed=8)
    rng = random.Random(8)
    while table.actions() < 30:
        for command in next_inputs(table, rng):
            table.handle(command)
    table.handle(Acknowledge(len(table.steps()) - 1))
    before = table.view("public")["table"]["steps"]
    table.stop()

    again = Table.open(Store(tmp_path / "t.db"), table.board_text)
    after = again.view("public")["table"]["steps"]
    assert [(s["title"], s["lines"], s["done"]) for s in after] == [(s["title"], s["lines"], s["done"]) for s in before]
    assert [s for s in after if not s["done"]] != []
