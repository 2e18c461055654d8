"""A store that cannot be written (issue 27, item 4): a failed write changes nothing in memory, every
reader is told in words, nothing dies, the health says so, and the table saves again once it can. Played on
the tests' toy game (tests/games/toy): its sealed bids are drafts and locks as any game's sealed choice."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.agents.bots import Bots
from companion.boxes.controller import SeatController
from companion.boxes.generic import GenericBoxes
from companion.cli import main
from companion.core import registry
from companion.run import saving_status
from companion.store import Store, StoreError
from companion.table import Decide, EditDraft, NewGame, Refused, Seal, Table
from tests.engine import engine
from tests.faulty_store import FaultyStore, read_only
from tests.table.support import new_toy_table

pytestmark = pytest.mark.usefixtures("toy_with_agents")


def bid(seat: int, value: int) -> EditDraft:
    return EditDraft(seat, {"bid": value})


def faulty_table(path: Path, players: int = 4, store: FaultyStore | None = None) -> tuple[Table, FaultyStore]:
    store = store or FaultyStore(path)
    return new_toy_table(path, players, store=store), store


def test_a_write_the_store_refuses_changes_nothing_in_memory_and_every_reader_is_told(tmp_path: Path) -> None:
    table, store = faulty_table(tmp_path / "f.db")
    table.handle(bid(0, 2))
    table.handle(bid(1, 1))
    before = {reader: table.view(reader)["table"] for reader in ("referee", "seat:0", "seat:1", "public")}
    store.fault = "full"
    for command in (bid(1, 0), Seal(0), bid(2, 2)):
        with pytest.raises(Refused) as refused:
            table.handle(command)
        assert "cannot save" in refused.value.sentence and "free space" in refused.value.sentence
    for reader, part in before.items():
        now = table.view(reader)["table"]
        assert {k: v for k, v in now.items() if k != "saving"} == part, reader  # drafts, locks: as stored
        assert "cannot save" in now["saving"]["problem"]
    assert table.health()["saving"] == "cannot_save" and "disk is full" in table.health()["error"]
    # The card has room again: the next command is saved, and the words go away.
    store.fault = None
    table.handle(Seal(0))
    assert "saving" not in table.view("public")["table"] and table.health() == {"saving": "ok"}
    table.stop()
    reopened = Table.open(Store(tmp_path / "f.db"), "", game="toy")
    assert reopened.view("referee")["table"]["drafts"] == {"0": {"bid": 2}, "1": {"bid": 1}}
    assert reopened.view("referee")["table"]["locked"] == [0]
    reopened.stop()


def test_a_decision_the_store_refuses_is_taken_back(tmp_path: Path) -> None:
    table, store = faulty_table(tmp_path / "d.db")
    for seat in range(4):
        table.handle(bid(seat, 1))
        table.handle(Seal(seat))
    turn = engine(table).awaited()[0]
    actions, before = table.actions(), table.view("referee")
    store.fault = "full"
    with pytest.raises(Refused):
        table.handle(Decide(turn.seat, {"type": "turn", "seat": turn.seat, "do": "roll", "card": None}))
    with pytest.raises(Refused):
        table.handle(NewGame({"players": 2, "rounds": 1, "teams": False, "seed": 6}, game="toy"))  # nor a new game
    assert table.actions() == actions and engine(table).awaited() == [turn]
    assert {k: v for k, v in table.view("referee").items() if k not in ("version", "table")} == \
        {k: v for k, v in before.items() if k not in ("version", "table")}  # the die is not rolled
    store.fault = None
    table.stop()


def test_the_virtual_players_outlive_a_store_that_cannot_be_written(tmp_path: Path) -> None:
    table, store = faulty_table(tmp_path / "b.db", players=3)  # two rounds of three seats: 15 actions or more
    table.start()
    moved = threading.Event()
    table.watch(lambda version: moved.set())
    store.fault = "full"
    bots = Bots(table, {0: "random", 1: "random", 2: "random"}, delay=0, seed=3)
    bots.start()
    assert store.failed.wait(10), "no virtual player tried to act"
    assert bots._thread is not None and bots._thread.is_alive()
    assert table.actions() == 0
    store.fault = None
    reached = threading.Event()
    table.watch(lambda version: reached.set() if table.actions() >= 10 else None)
    assert reached.wait(30), "the virtual players did not play on once the store could be written"
    bots.stop()
    table.stop()


def test_the_table_does_not_start_on_a_store_it_cannot_write(tmp_path: Path) -> None:
    path = tmp_path / "ro.db"
    Store(path).close()
    with read_only(path), pytest.raises(StoreError) as refused:
        Store(path)
    assert "cannot be written" in str(refused.value) and "writable" in str(refused.value)


def test_the_service_status_and_a_player_s_box_say_the_table_cannot_save(tmp_path: Path) -> None:
    table, store = faulty_table(tmp_path / "s.db")
    said: list[str | None] = []
    table.on_saving = said.append
    box = SeatController(1, lambda: table.seat_snapshot(1), table.handle, language=lambda: table.language,
                         menus=GenericBoxes(registry.load("toy")))  # the toy has no box part: the generic one
    store.fault = "full"
    box.press("OK")  # a key: its command cannot be saved
    frame = box.frame()
    assert frame.title == "The table cannot save" and "free space" in " ".join(frame.lines)
    assert said and "disk is full" in (said[0] or "") and saving_status(said[0]).startswith("CANNOT SAVE")
    store.fault = None
    table.handle(bid(2, 1))
    assert said[-1] is None and box.frame().title != "The table cannot save"
    table.stop()


def test_companion_run_refuses_a_store_it_cannot_write_in_words(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ro.db"
    Store(path).close()
    with read_only(path):
        code = main(["run", "--store", str(path), "--port", "0", "--games", "1", "--all-bots"])
    said = capsys.readouterr().err
    assert code != 0 and "cannot be written" in said and "does not start" in said


class StateWriteFails(FaultyStore):
    """The action's write goes through and only the table's state after it is refused: the case a restart
    used to find half saved (a reveal stored with the drafts and locks of before it)."""

    def set_table_state(self, *args: Any, **kwargs: Any) -> None:
        if self.fault == "state":
            self.refused += 1
            raise sqlite3.OperationalError("database or disk is full")
        Store.set_table_state(self, *args, **kwargs)


def test_a_reveal_whose_state_cannot_be_saved_is_not_half_kept(tmp_path: Path) -> None:
    table, store = faulty_table(tmp_path / "s.db", store=StateWriteFails(tmp_path / "s.db"))
    for seat in (0, 1, 2, 3):
        table.handle(bid(seat, seat % 3))
    for seat in (0, 1, 2):
        table.handle(Seal(seat))
    before, actions = table.view("referee"), table.actions()
    store.fault = "state"
    with pytest.raises(Refused):
        table.handle(Seal(3))  # the last lock reveals the bids: actions, then the table's state
    now = table.view("referee")
    assert table.actions() == actions
    assert {k: v for k, v in now.items() if k not in ("version", "table")} == \
        {k: v for k, v in before.items() if k not in ("version", "table")}
    assert now["table"]["locked"] == [0, 1, 2] and now["table"]["steps"] == before["table"]["steps"]
    store.fault = None
    table.stop()
    reopened = Table.open(Store(tmp_path / "s.db"), "", game="toy")
    assert reopened.actions() == actions and reopened.view("referee")["table"]["locked"] == [0, 1, 2]
    reopened.stop()
