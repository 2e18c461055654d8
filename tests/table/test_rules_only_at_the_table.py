"""A game made of rules alone at the table (issue 37): the toy of rules alone (tests/games/toy/bare.py) plays
on the framework's table part (companion/table/default_part.py) and its random player
(companion.core.random_agents): virtual players key it to its end, a sealed choice is keyed in as one of its
listed moves, a bad draft or a set-up typed in is refused in words and changes nothing, a rollback tells the
table to put the pieces back, and each move reads in words in the referee's history."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.agents import levels
from companion.agents.bots import Bots
from companion.core import registry
from companion.core.game import GameModule
from companion.core.random_agents import RandomKit
from companion.store import Store
from companion.table import EditDraft, NewGame, Refused, Rollback, Seal, Table
from companion.table.default_part import DefaultTable
from companion.table.game_parts import part_of
from companion.table.seats import game_levels
from tests.engine import engine
from tests.games.toy.bare import BARE, KEY


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> GameModule:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(BARE)
    return BARE


def bare_table(path: Path, **given: object) -> Table:
    table = Table.open(Store(path), "", game=KEY)
    table.handle(NewGame({"players": 3, "rounds": 1, "teams": False, "seed": 2}, game=KEY, **given))  # type: ignore[arg-type]
    return table


def test_the_framework_plays_a_game_without_table_part_or_agents(bare: GameModule) -> None:
    assert registry.load(KEY).agents is None and registry.load(KEY).table is None
    assert isinstance(part_of(KEY), DefaultTable) and part_of(KEY).chance_policy == "pi"
    assert isinstance(levels.kit(KEY), RandomKit) and game_levels(KEY) == ("random",)


def test_random_virtual_players_key_a_game_of_rules_alone_to_its_end(tmp_path: Path, bare: GameModule) -> None:
    table = bare_table(tmp_path / "t.db")
    table.start()
    moved = threading.Event()
    table.watch(lambda version: moved.set())
    bots = Bots(table, {0: "random", 1: "random", 2: "random"}, delay=0.0, seed=3, game=KEY)
    bots.start()
    try:
        while table.outcome() is None:
            assert moved.wait(30), "the virtual players stopped playing"
            moved.clear()
    finally:
        bots.stop()
        table.stop()
    record = table.record()
    assert record["format"] == "toy-bare-record/1" and any(m["type"] == "bid" for m in record["moves"])


def test_a_sealed_choice_is_keyed_in_as_one_of_its_moves_and_a_bad_one_is_refused(tmp_path: Path,
                                                                                bare: GameModule) -> None:
    table = bare_table(tmp_path / "t.db")
    version = table.version
    for change in ({"bid": 7}, {"bid": 1, "extra": 1}, {"seat": 0}):
        with pytest.raises(Refused, match="not one of the moves you may make now"):
            table.handle(EditDraft(0, change))
    with pytest.raises(Refused, match="Choose a move before locking it"):
        table.handle(Seal(0))
    assert table.version == version and engine(table).version == 0
    for seat, bid in ((0, 2), (1, 1), (2, 2)):
        table.handle(EditDraft(seat, {"bid": bid}))
        table.handle(Seal(seat))
    assert [m["bid"] for m in table.record()["moves"]] == [2, 1, 2]  # revealed together, once all were locked


def test_nothing_is_typed_at_set_up_and_a_rollback_puts_the_pieces_back(tmp_path: Path, bare: GameModule) -> None:
    with pytest.raises(Refused, match="nothing to type in at set-up"):
        bare_table(tmp_path / "typed.db", typed={"cards": [1]})
    table = bare_table(tmp_path / "t.db", chance="table")
    for seat in range(3):
        table.handle(EditDraft(seat, {"bid": seat}))
        table.handle(Seal(seat))
    said = [entry["text"] for entry in table.history()]
    assert said == ["Round 1 · Seat 3: bid 2.", "Round 1 · Seat 2: bid 1.", "Round 1 · Seat 1: bid 0."]  # newest first
    table.handle(Rollback(1, confirm=True))
    lines = [line["text"] for step in table.steps_json("referee") for line in step["lines"]]
    assert "Put the pieces back as the referee's page shows the game now." in lines
    assert "Seat 1: bid 0." in lines  # the move in words, its seat read from 1
