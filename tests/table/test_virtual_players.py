"""Virtual players at the table (issue: virtual players worth sitting down with): the table's own seats
are played by the agents of their levels, each shown only its own seat's view. On the tests' toy game
(tests/games/toy, seats from 0); Xidit's levels at a table: tests/games/xidit/table/test_levels_at_the_table.py."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from companion.agents.bots import Bots, next_commands

from .support import decide_and_apply, new_toy_table

pytestmark = pytest.mark.usefixtures("toy_with_agents")


def test_a_three_seat_game_with_two_virtual_players_and_one_phone_plays_to_the_end(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3, seed=11)
    table.start()
    moved = threading.Event()
    table.watch(lambda version: moved.set())
    bots = Bots(table, {1: "greedy", 2: "random"}, delay=0.0, seed=3)
    bots.start()
    phone = random.Random(8)  # seat 0 keys its bids and turns as its phone sends them
    try:
        while table.outcome() is None:
            commands = next_commands(table, phone, {0}, game="toy")
            for command in commands:
                table.submit(command).result(timeout=30)
            if not commands:
                assert moved.wait(30), "the virtual players stopped playing"
                moved.clear()
    finally:
        bots.stop()
        table.stop()
    outcome = table.outcome()
    assert outcome is not None
    assert table.round() is not None and table.actions() > 15


def test_a_virtual_player_is_handed_its_own_seat_view_only(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", players=4, seed=5)  # the bids: every seat is awaited
    try:
        for seats in ({1}, {2, 3}):
            awaited = table.awaited(seats)
            assert awaited is not None
            choice, view = awaited
            assert choice.seat in seats
            assert view["reader"] == f"seat:{choice.seat}"
            others = [p for p in view["players"] if p["seat"] != choice.seat]
            assert others and all("hand" not in p and "bid" not in p for p in others)
    finally:
        table.stop()


def test_no_seat_awaited_from_seats_that_have_nothing_to_decide(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3, seed=5)
    try:
        assert table.awaited(set()) is None
        assert table.awaited({9}) is None
    finally:
        table.stop()


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_every_level_can_sit_at_the_table(tmp_path: Path, level: str) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3, seed=7)
    bots = Bots(table, {0: level, 1: level, 2: level}, delay=0.0, seed=1)
    try:
        decide_and_apply(table, bots, 6)  # the bids, then the first turns: decided and accepted
        assert table.actions() >= 3
    finally:
        table.stop()


def test_a_seat_taken_from_the_virtual_players_while_they_decide_stops_nothing(tmp_path: Path) -> None:
    """The referee moves a seat back to its phone at the moment its virtual player looks at the table:
    that decision is still made with the level it was started with, and the players' thread goes on."""
    table = new_toy_table(tmp_path / "m.db", players=3, seed=11)
    bots = Bots(table, {0: "random", 1: "random", 2: "random"}, delay=0.0, seed=3)
    awaited = table.awaited_in_game

    def moved_meanwhile(seats: set[int]) -> object:
        found = awaited(seats)
        bots.play({})  # from the referee's thread, between looking and deciding
        return found

    table.awaited_in_game = moved_meanwhile  # type: ignore[method-assign,assignment]
    assert bots.decide() != []
    table.awaited_in_game = awaited  # type: ignore[method-assign]
    assert bots.decide() == []  # no seat is played any more
    table.stop()

