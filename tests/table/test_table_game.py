"""A whole game driven through the table's input queue, as boxes and phones would drive it."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.xidit.rules import Game, record_from_json
from companion.games.xidit.table.drafts import set_order
from companion.store import Store
from companion.table import (
    Acknowledge,
    Decide,
    ImportGame,
    Refused,
    Rollback,
    Seal,
    SetLanguage,
    SetPace,
    Table,
    Unseal,
)
from companion.table.steps import game_steps
from tests.engine import engine, instructions

from .support import advance, new_table, next_inputs


def play_through_queue(table: Table, seed: int) -> None:
    rng = random.Random(seed)
    table.start()
    while table.playing():
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=30)


def test_a_whole_game_through_the_queue_ends_with_the_right_winner_and_instructions(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=11)
    seen: list[int] = []
    table.watch(seen.append)
    play_through_queue(table, seed=11)
    table.stop()
    game = engine(table)
    assert game.outcome() is not None
    # The same record replayed by the engine alone gives the same winner and the same instructions.
    record = record_from_json(table.record())
    alone = Game.replay(table.board, record.setup, record.actions)
    assert alone.outcome() == game.outcome()
    expected = game_steps(table.board, record.setup, record.actions)
    assert [s.to_json("en", -1) for s in table.steps()] == [s.to_json("en", -1) for s in expected]
    # Every change was told to the watchers, in order.
    assert seen == sorted(seen) and len(seen) == len(set(seen)) and seen[-1] == table.version


def test_every_acknowledged_action_is_in_the_store(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    rng = random.Random(3)
    for _ in range(40):
        for command in next_inputs(table, rng):
            answer = table.handle(command)
            with Store(tmp_path / "t.db") as store:
                stored = store.load(table.game_id or 0)
            assert len(stored.entries) == table.stored()
            assert answer["version"] == table.version


def test_programming_shows_who_locked_never_what(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=2)
    rng = random.Random(2)
    advance(table, rng, past_placement=True)
    for slot, order in enumerate(["red", "action", "black", "wait", "action", "blue"]):
        table.handle(set_order(1, slot, order))
    table.handle(Seal(1))
    public, other = table.view("public"), table.view("seat:2")
    mine = table.view("seat:1")
    assert [p["locked"] for p in public["players"]] == [True, False, False, False]
    for view in (public, other):
        assert "draft" not in view["table"] and "drafts" not in view["table"]
        assert all("program" not in p for p in view["players"])
    assert mine["table"]["draft"] == ["red", "action", "black", "wait", "action", "blue"]
    with pytest.raises(Refused):
        table.handle(set_order(1, 0, "blue"))  # locked: unlock first
    table.handle(Unseal(1))
    table.handle(set_order(1, 0, "blue"))
    assert table.view("seat:1")["table"]["draft"][0] == "blue"


def test_a_refused_command_changes_nothing(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=4)
    before = table.view("referee")
    for bad in (set_order(1, 9, "red"), set_order(1, 0, "fly"), set_order(7, 0, "red"), Seal(2),
                Decide(1, {"type": "reward", "seat": 1, "take": ["gold"]}), Decide(1, {"type": "nope", "seat": 1}),
                Decide(2, {"type": "place", "seat": 1, "city": 3}), Rollback(0, True, by="seat:1"),
                SetPace("fast")):
        with pytest.raises(Refused):
            table.handle(bad)
        assert table.view("referee") == before


def test_an_illegal_decision_names_its_rule(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=4)
    first = engine(table).state.turn_order()[0]
    table.handle(Decide(first, {"type": "place", "seat": first, "city": 5}))
    second = engine(table).state.turn_order()[1]
    with pytest.raises(Refused) as refused:
        table.handle(Decide(second, {"type": "place", "seat": second, "city": 5}))
    assert refused.value.rule == "§2"


def test_rollback_then_continue_equals_a_game_without_the_rolled_back_actions(tmp_path: Path) -> None:
    table = new_table(tmp_path / "a.db", seed=8)
    rng = random.Random(8)
    advance(table, rng, actions=30)
    keep = 17
    preview = table.handle(Rollback(keep))
    assert preview["confirm"] is False and table.actions() >= 30
    done = table.handle(Rollback(keep, confirm=True))
    assert done["confirm"] is True and done["undo"]
    assert table.actions() == keep
    # Continue differently, then compare with a game that never had the rolled-back actions.
    rng2 = random.Random(99)
    for _ in range(10):
        for command in next_inputs(table, rng2):
            table.handle(command)
    record = record_from_json(table.record())
    clean = Game.replay(table.board, record.setup, record.actions)
    assert clean.view("referee") == engine(table).view("referee")
    # Nothing was deleted: the store keeps the rolled-back actions and the marker.
    with Store(tmp_path / "a.db") as store:
        stored = store.load(table.game_id or 0)
    assert {"type": "rollback", "keep": keep} in stored.entries
    assert len(stored.entries) > len(record.actions)
    # And a table reopened on that store is exactly where this one is.
    again = Table.open(Store(tmp_path / "a.db"), table.board_text)
    assert again.has_game() and engine(again).view("referee") == engine(table).view("referee")
    assert [i.text("en", -1) for i in instructions(again)] == [i.text("en", -1) for i in instructions(table)]


def test_the_referee_decides_for_a_player_whose_box_is_dead(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=4)
    first = engine(table).state.turn_order()[0]
    table.handle(Decide(first, {"type": "place", "seat": first, "city": 5}, by="referee"))
    with Store(tmp_path / "t.db") as store:
        stored = store.load(table.game_id or 0)
    assert stored.entries[-1] == {"type": "place", "seat": first, "city": 5, "by": "referee"}
    assert record_from_json(table.record()).actions[-1].seat == first


def test_in_orders_pace_decisions_wait_for_the_table(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=4, pace="orders")
    first = engine(table).state.turn_order()[0]
    assert table.view("referee")["table"]["paused"] is True  # the setup instructions are not done yet
    with pytest.raises(Refused):
        table.handle(Decide(first, {"type": "place", "seat": first, "city": 5}))
    table.handle(Acknowledge(len(table.steps())))
    table.handle(Decide(first, {"type": "place", "seat": first, "city": 5}))


def test_half_entered_programs_survive_a_restart(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=6)
    rng = random.Random(6)
    advance(table, rng, past_placement=True)
    table.handle(set_order(2, 0, "red"))
    table.handle(set_order(2, 3, "action"))
    for slot in range(6):
        table.handle(set_order(3, slot, "wait"))
    table.handle(Seal(3))
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), table.board_text)
    assert again.view("seat:2")["table"]["draft"] == ["red", None, None, "action", None, None]
    assert again.view("referee")["table"]["locked"] == [3]
    assert again.version > table.version


def test_a_game_exported_then_imported_is_the_same_game(tmp_path: Path) -> None:
    table = new_table(tmp_path / "a.db", seed=12)
    rng = random.Random(12)
    advance(table, rng, actions=50)
    other = new_table(tmp_path / "b.db", seed=1)
    other.handle(ImportGame(table.record(), replacing=other.game_id))
    assert other.has_game() and table.has_game()
    assert engine(other).view("referee") == engine(table).view("referee")
    assert other.record() == table.record()
    # The imported game is stored: a restart finds it.
    again = Table.open(Store(tmp_path / "b.db"), other.board_text)
    assert again.has_game() and engine(again).view("referee") == engine(table).view("referee")


def test_importing_a_bad_record_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    table = new_table(tmp_path / "a.db", seed=12)
    before = table.view("referee")
    record = table.record()
    record["actions"] = [{"type": "place", "seat": 1, "city": 99}]
    for bad in ({"format": "nope"}, record):
        with pytest.raises(Refused):
            table.handle(ImportGame(bad))
        assert table.view("referee") == before


def test_the_language_is_a_setting(tmp_path: Path) -> None:
    table = new_table(tmp_path / "a.db", seed=12)
    table.handle(SetLanguage("fr"))
    assert "cité" in table.view("public")["table"]["instructions"][0]["text"]
    with pytest.raises(Refused):
        table.handle(SetLanguage("de"))


def test_a_smaller_new_game_does_not_stop_the_loop(tmp_path: Path) -> None:
    from tests.table.support import new_game_command

    table = new_table(tmp_path / "t.db", players=4, seed=2)
    seen: list[int] = []
    table.watch(lambda version: seen.append(table.view("seat:4")["version"]))
    table.start()
    three = new_game_command([(1, "blue", None), (2, "red", None), (3, "green", None)], "short", "normal", 3)
    table.submit(replace(three, replacing=table.game_id)).result(timeout=10)
    # Seat 4 has no view in a 3-player game; the loop goes on serving everyone else.
    answer = table.submit(SetPace("orders")).result(timeout=10)
    assert answer["version"] == table.version
    table.stop()
