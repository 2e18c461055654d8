"""Zargos's steps at the table never pile up and never vanish (issue 29, "as for Xidit"; issue 26 item 1):
the same checks as Xidit's to-do (tests/games/xidit/table/test_steps_stay.py), run over whole Zargos games. A step
stays to do until someone at the table says it is done, however far the game goes; the to-do shows the
oldest first with its round; a view lists the steps to do and the last few done, never the whole game;
with pace "wait for the table" no decision is taken past a step not done; a rollback's "put the pieces
back" stays first; the steps and what is done survive a restart and the game's end."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.rules import action_to_json
from companion.store import Store
from companion.table import Acknowledge, Decide, Refused, Rollback, SetPace, Table
from companion.table.views import RECENT, TODO_LISTED
from tests.games.zargos.table.support import new_game, open_table, read_printed, step


def part(table: Table, reader: str = "public") -> dict[str, Any]:
    found: dict[str, Any] = table.view(reader)["table"]
    return found


def todo(table: Table, reader: str = "public") -> list[dict[str, Any]]:
    return [s for s in part(table, reader)["steps"] if not s["done"]]


def test_nobody_ticking_every_step_stays_to_do_oldest_first_to_the_end_and_after(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 2, seed=3)  # a game to its victory in 9 rounds, 169 steps
    agent = RandomAgent(random.Random(3))
    told: dict[int, tuple[int, str]] = {}
    while table.result() is None:
        assert step(table, agent) or read_printed(table, 0)
        now = part(table)
        assert now["acknowledged"] == 0  # the game moving on does no step
        steps = now["steps"]
        assert steps[0]["n"] == 0 and not steps[0]["done"]  # the oldest step not done comes first
        assert len(steps) <= TODO_LISTED + RECENT and now["steps_total"] >= len(steps)
        for listed in steps:
            assert told.setdefault(listed["n"], (listed["year"], listed["kind"]))[1] == listed["kind"]
    total = part(table)["steps_total"]
    assert total > TODO_LISTED + RECENT and total == len(table.steps())
    table.stop()
    # The game is over: its to-do is kept, after a restart too.
    table = open_table(tmp_path / "z.db")
    assert table.result() is not None and part(table)["steps_total"] == total and todo(table)[0]["n"] == 0
    rounds = []
    for n in range(total):  # tapped one by one, every step of the game comes up, in order, each once
        first = todo(table)[0]
        assert first["n"] == n
        assert first["heading"] == f"Round {first['year']} · {first['title']}"
        rounds.append(first["year"])
        if n == 0:  # the map as of the step being done (the set-up), not the game's end
            past = table.as_of("public")
            assert past is not None and past["round"] == 0 and past["winner"] is None
        table.handle(Acknowledge(n + 1))
    assert todo(table) == [] and rounds == sorted(rounds) and rounds[-1] >= 2
    assert table.as_of("public") is None  # nothing left to do: the board is the game's present
    table.stop()


def test_wait_for_the_table_takes_no_decision_past_a_step_not_done(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 3, seed=4)
    agent = RandomAgent(random.Random(4))
    table.handle(SetPace("orders"))
    waits = 0
    while table.view("public")["round"] < 2:
        if todo(table):
            waits += 1
            before = table.actions()
            assert not step(table, agent)  # nothing is offered to decide
            game = table._game  # the tests' hook to the engine (tests/engine.py): a legal move to try
            assert game is not None
            choice = game.awaited()[0]
            with pytest.raises(Refused, match="Waiting for the table to finish"):
                table.handle(Decide(choice.seat, action_to_json(agent.move(game, choice))))
            assert table.actions() == before
            waiting = part(table, "seat:1").get("waiting")
            assert waiting is not None and waiting["heading"] == todo(table)[0]["heading"]
            table.handle(Acknowledge(part(table)["steps_total"]))
        else:
            assert step(table, agent) or read_printed(table, 0)
    assert waits > 20
    table.stop()


def test_a_rollbacks_steps_stay_to_do_after_the_game_goes_on(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 3, seed=4)
    agent = RandomAgent(random.Random(4))
    while table.view("public")["round"] < 1 or table.view("public")["phase"] != "attack":
        assert step(table, agent) or read_printed(table, 0)
    for _ in range(6):
        assert step(table, agent) or read_printed(table, 0)
    table.handle(Acknowledge(part(table)["steps_total"]))
    keep = table.actions() - 3
    table.handle(Rollback(keep, confirm=True, seen=len(table._entries)))
    restore = [s for s in todo(table) if s["kind"] == "restore"]
    assert restore and restore[0]["title"] == "Put the pieces back"
    for _ in range(10):
        assert step(table, agent) or read_printed(table, 0)
    assert todo(table)[0]["n"] == restore[0]["n"]  # still first to do: the game went on, the pieces did not
    table.stop()


def test_steps_and_what_is_done_survive_a_restart(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 4, seed=8)
    agent = RandomAgent(random.Random(8))
    while table.view("public")["round"] < 2:
        assert step(table, agent) or read_printed(table, 0)
    table.handle(Acknowledge(len(table.steps()) - 3))
    before = part(table)["steps"]
    table.stop()
    again = Table.open(Store(tmp_path / "z.db"), table.board_text, game="zargos")
    after = part(again)["steps"]
    assert [(s["title"], s["lines"], s["done"]) for s in after] == [(s["title"], s["lines"], s["done"]) for s in before]
    assert [s for s in after if not s["done"]] != []
    again.stop()


def test_the_steps_a_done_tap_sealed_are_rebuilt_the_same_after_a_restart(tmp_path: Path) -> None:
    """Issue 35: a Done seals the open steps, so what the game tells next starts a step of its own. A restart
    rebuilt the steps without those seals: fewer of them, and the count of steps done no longer fitted (the
    to-do came back empty). It now seals them where the Done taps did."""
    table = new_game(tmp_path / "z.db", 3, seed=4)
    table.handle(SetPace("orders"))  # the game waits for each step: Done one at a time lets it go on
    agent = RandomAgent(random.Random(4))
    for _ in range(12):
        while step(table, agent) or read_printed(table, 0):
            pass
        table.handle(Acknowledge(part(table)["acknowledged"] + 1))
    while step(table, agent) or read_printed(table, 0):
        pass
    before = {reader: (part(table, reader), table.steps_json(reader)) for reader in ("public", "referee")}
    assert before["public"][0]["acknowledged"] == 12 and todo(table)
    table.stop()
    table = open_table(tmp_path / "z.db")
    for reader, (shown, steps) in before.items():
        assert table.steps_json(reader) == steps
        again = part(table, reader)
        assert {k: again[k] for k in ("steps", "acknowledged", "ticked", "steps_total")} == \
            {k: shown[k] for k in ("steps", "acknowledged", "ticked", "steps_total")}
