"""No game is lost by a tap: a game under way is replaced only by a command that names it, is then set
aside (listed with its date, players and round), and can be resumed where it was or exported. On the tests'
toy game (tests/games/toy): six seats, three rounds."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from companion.store import Store
from companion.table import ImportGame, NewGame, Refused, ResumeGame, Rollback, Table
from tests.engine import engine

from .support import advance_toy, new_toy_table

pytestmark = pytest.mark.usefixtures("toy_with_agents")
THREE = NewGame({"players": 3, "rounds": 1, "teams": False, "seed": 4}, game="toy", names={0: "Zoé", 1: "Bob"})


def test_a_new_game_over_a_game_under_way_must_name_it(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", seed=3)
    advance_toy(table, random.Random(3), 20)
    first, before = table.game_id, engine(table).view("referee")
    for replacing in (None, 99):
        with pytest.raises(Refused, match="Game 1 is under way"):
            table.handle(replace(THREE, replacing=replacing))
        with pytest.raises(Refused, match="Game 1 is under way"):
            table.handle(ImportGame(table.record(), replacing=replacing))
        assert table.game_id == first and engine(table).view("referee") == before
    assert table.set_aside() == []


def test_a_game_set_aside_is_listed_resumed_where_it_was_and_exported(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", seed=3)
    advance_toy(table, random.Random(3), 40)
    table.handle(Rollback(35, confirm=True))
    first, view, record = table.game_id, engine(table).view("referee"), table.record()
    table.handle(replace(THREE, replacing=first))
    second = table.game_id
    assert second != first and table.actions() == 0
    [listed] = table.set_aside()
    assert listed["game"] == first and listed["actions"] == 35 and listed["year"] == view["round"] > 1
    assert len(listed["players"]) == 6
    assert table.record_of(first) == record  # exported as it was, rollback applied

    with pytest.raises(Refused, match="Game 2 is under way"):
        table.handle(ResumeGame(first))
    table.handle(ResumeGame(first, replacing=second))
    assert table.game_id == first and engine(table).view("referee") == view
    [aside] = table.set_aside()
    assert aside["game"] == second and [p["name"] for p in aside["players"]] == ["Zoé", "Bob", None]
    with pytest.raises(Refused, match="no game 7 set aside"):
        table.handle(ResumeGame(7, replacing=first))
    # The resumed game is the one a restart opens; the other stays aside.
    version = table.version
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), table.board_text, game="toy")
    assert again.game_id == first and engine(again).view("referee") == view and again.version > version
    assert [g["game"] for g in again.set_aside()] == [second]
    again.stop()


def test_a_finished_game_is_replaced_without_naming_it(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3, seed=5)
    advance_toy(table, random.Random(5), 10_000)
    assert not table.playing()
    table.handle(THREE)
    assert table.set_aside() == []  # a game over is not set aside: it is over
