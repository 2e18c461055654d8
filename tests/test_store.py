"""The store's schema: a store file written by an earlier version still opens, and its game resumes."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.rules import XiditError
from companion.games.xidit.table.drafts import set_order
from companion.store import WAL_PAGES, Store, StoreError
from companion.table import Seal, Table

from .table.support import advance, new_table

# The schema of the stores written before the table's state had its own table name: copied as it was.
OLD_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    board_pack TEXT NOT NULL,
    setup TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS log (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS drafts (
    game INTEGER NOT NULL REFERENCES games(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (game, key)
);
"""


def old_store(path: Path, rows_from: Path) -> None:
    """A store file in the old schema holding the rows of the store at `rows_from`."""
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("ATTACH DATABASE ? AS new", (str(rows_from),))
    for table, new_table_name in (("games", "games"), ("log", "log"), ("settings", "settings"),
                                  ("drafts", "table_state")):
        columns = ", ".join(row[1] for row in db.execute(f"PRAGMA main.table_info({table})"))
        db.execute(f"INSERT INTO main.{table} SELECT {columns} FROM new.{new_table_name}")
    db.commit()
    db.close()


def test_a_store_of_the_old_schema_opens_and_its_half_entered_programs_resume(tmp_path: Path) -> None:
    table = new_table(tmp_path / "new.db", seed=6)
    advance(table, random.Random(6), past_placement=True)
    table.handle(set_order(2, 0, "red"))
    table.handle(set_order(2, 3, "action"))
    for slot in range(6):
        table.handle(set_order(3, slot, "wait"))
    table.handle(Seal(3))
    old = tmp_path / "old.db"
    old_store(old, tmp_path / "new.db")

    store = Store(old)
    game = store.last_unfinished()
    assert game is not None
    assert store.load(game).table_state["table"]["locked"] == [3]
    again = Table.open(store, default_pack_text())
    assert again.view("seat:2")["table"]["draft"] == ["red", None, None, "action", None, None]
    assert again.view("referee")["table"]["drafts"]["3"] == ["wait"] * 6
    assert again.version > table.version
    # The file now has the current schema, and the state goes on being kept in it.
    again.handle(set_order(2, 1, "blue"))
    with closing(sqlite3.connect(old)) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "drafts" not in tables and "table_state" in tables
    with Store(old) as reopened:
        assert reopened.load(game).table_state["table"]["drafts"]["2"][1] == "blue"


def test_a_store_that_cannot_be_opened_is_the_companion_s_own_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(XiditError, match="cannot open the store") as caught:
        Store(tmp_path / "file" / "companion.db")
    assert isinstance(caught.value, StoreError)


def test_the_wal_stays_bounded_while_the_table_writes(tmp_path: Path) -> None:
    """A running table's writes are checkpointed into the database file: the WAL never outgrows a few MB."""
    store = Store(tmp_path / "w.db")
    game = store.new_game(default_pack_text(), {})
    wal = tmp_path / "w.db-wal"
    largest = 0
    for n in range(400):  # 100 KB each: 40 MB written in all
        store.set_table_state(game, "table", {"n": n, "filler": "x" * 100_000})
        largest = max(largest, wal.stat().st_size)
    frame = 24 + 4096
    assert largest <= 32 + (WAL_PAGES + 30) * frame
    store.close()
    with Store(tmp_path / "w.db") as reopened:
        assert reopened.load(game).table_state["table"]["n"] == 399


def test_each_stored_game_knows_its_game(tmp_path: Path) -> None:
    with Store(tmp_path / "c.db") as store:
        xidit = store.new_game("pack", {"players": []})
        other = store.new_game("", {"players": []}, game="tabletoy")
        assert (store.load(xidit).game, store.load(other).game) == ("xidit", "tabletoy")
    with Store(tmp_path / "c.db") as store:  # as stored, after a restart
        assert store.load(other).game == "tabletoy"


def test_a_damaged_store_keeps_which_game_each_game_is(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with Store(path) as store:
        game = store.new_game("", {"players": []}, game="tabletoy")
        for n in range(400):
            store.append(game, {"type": "bid", "n": n, "padding": "x" * 200})
    with path.open("r+b") as damaged:  # a page of its log is garbage
        damaged.seek(20 * 4096)
        damaged.write(b"garbage!" * 512)
    with Store(path) as store:
        assert store.warnings and store.load(game).game == "tabletoy"
