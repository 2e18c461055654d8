"""The table plays a game it does not know (tests/table/toy.py, found through the registry like Xidit): its
sealed choices through the game's drafts, its chance drawn by the Pi or told by the table, a secret draw told
only by its seat, its steps, a restart, an import and an export; an unknown game is refused in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import (
    Acknowledge,
    Decide,
    EditDraft,
    ImportGame,
    Lock,
    NewGame,
    Refused,
    Rollback,
    SetPace,
    Table,
    Tell,
    Unlock,
)
from tests.engine import stored_log

from .toy import TOY, setup

BIDS = {1: 2, 2: 3, 3: 1}  # seat 2 bids highest: it draws


def open_table(path: Path) -> Table:
    return Table.open(Store(path), default_pack_text())


def new_toy(path: Path, chance: str | None) -> Table:
    table = open_table(path)
    table.handle(NewGame(setup(), game=TOY, chance=chance))
    return table


def bid_all(table: Table, bids: dict[int, int] = BIDS) -> None:
    for seat, value in bids.items():
        table.handle(EditDraft(seat, {"value": value}))
        table.handle(Lock(seat))


def play(table: Table, told: list[Any] | None) -> None:
    """Two rounds: everyone bids, the drawer keeps the points; with `told`, the table tells each outcome."""
    outcomes = iter(told or [])
    for _ in range(2):
        bid_all(table)
        if told is not None:
            table.handle(Tell(next(outcomes), by="seat:1"))  # a public die: any seat may say it
            table.handle(Tell(next(outcomes), by="seat:2"))  # a secret draw: only its drawer
        table.handle(Decide(2, {"type": "keep", "seat": 2, "keep": True}))


def outcomes_of(record: dict[str, Any]) -> list[Any]:
    return [m["outcome"] for m in record["moves"] if m["type"] == "chance"]


def test_the_pi_rolling_and_the_table_telling_give_the_same_game(tmp_path: Path) -> None:
    by_pi = new_toy(tmp_path / "pi.db", "pi")
    play(by_pi, None)
    record = by_pi.record()
    drawn = outcomes_of(record)
    assert len(drawn) == 4 and not by_pi.playing()
    assert [e["by"] for e in stored_log(by_pi) if e["type"] == "chance"] == ["pi"] * 4

    by_table = new_toy(tmp_path / "table.db", "table")
    play(by_table, drawn)
    assert by_table.record() == record
    assert by_table.view("referee")["players"] == by_pi.view("referee")["players"]
    assert [e["by"] for e in stored_log(by_table) if e["type"] == "chance"] == ["seat:1", "seat:2"] * 2


def test_the_pi_draws_in_the_transaction_of_the_move_that_led_to_it(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "pi.db", "pi")
    bid_all(table)
    # The last lock revealed the bids; the die and the card were drawn and stored with it, in one go.
    log = stored_log(table)
    assert [e["type"] for e in log] == ["bid", "bid", "bid", "chance", "chance"]
    stored = Store(tmp_path / "pi.db").load(table.game_id or 0)
    assert stored.entries == log and stored.game == TOY


def test_a_toy_game_resumes_after_a_restart_with_its_drafts_and_its_chance(tmp_path: Path) -> None:
    path = tmp_path / "toy.db"
    table = new_toy(path, "pi")
    bid_all(table)
    table.handle(Decide(2, {"type": "keep", "seat": 2, "keep": False}))
    table.handle(EditDraft(1, {"value": 3}))
    table.handle(Lock(1))
    table.handle(EditDraft(3, {"value": 2}))
    before = {reader: table.view(reader) for reader in ("referee", "public", "seat:1", "seat:3")}
    record, steps = table.record(), [s.to_json("en", -1) for s in table.steps()]
    table.stop()

    again = open_table(path)
    assert again.game_key == TOY and again.record() == record
    assert [s.to_json("en", -1) for s in again.steps()] == steps
    for reader, view in before.items():
        assert {k: v for k, v in again.view(reader).items() if k != "version"} == \
            {k: v for k, v in view.items() if k != "version"}
    assert again.seat_snapshot(3).draft == {"value": 2} and again.seat_snapshot(3).sealed
    assert again.view("seat:3")["table"]["draft"] == {"value": 2} and again.view("public")["table"]["locked"] == [1]
    again.handle(Lock(3))
    again.handle(EditDraft(2, {"value": 1}))
    again.handle(Lock(2))  # the last lock reveals: the Pi draws, as it would have without the restart
    assert len(outcomes_of(again.record())) == 4 and again.record()["moves"][6:9] == [
        {"type": "bid", "seat": 1, "value": 3}, {"type": "bid", "seat": 2, "value": 1},
        {"type": "bid", "seat": 3, "value": 2}]


def test_a_secret_draw_is_told_only_by_its_seat_or_the_referee(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "table")
    bid_all(table)
    table.handle(Tell(4, by="seat:3"))  # the die is public: any seat says it
    with pytest.raises(Refused, match="Only seat 2 may say what it drew"):
        table.handle(Tell("gold", by="seat:1"))
    with pytest.raises(Refused, match="Only seat 2 may say what it drew"):
        table.handle(Tell("gold", by="player"))
    with pytest.raises(Refused, match="cannot be there"):
        table.handle(Tell("silver", by="seat:2"))
    table.handle(Tell("gold", by="seat:2"))
    assert table.view("seat:2")["cards"] == [{"round": 1, "seat": 2, "card": "gold"}]
    assert "gold" not in json.dumps(table.view("public")) and "gold" not in json.dumps(table.view("seat:1"))
    line = next(line for line in table.steps()[-1].lines if line.seat == 2)
    assert line.text("en", None) == "Seat 2 keeps their card hidden."
    assert line.text("en", 2) == "Seat 2 keeps their gold card hidden."
    # The referee may tell a secret draw too (a box that died): in a fresh round.
    table.handle(Decide(2, {"type": "keep", "seat": 2, "keep": True}))
    bid_all(table)
    table.handle(Tell(6))
    table.handle(Tell("lead"))
    assert outcomes_of(table.record()) == [4, "gold", 6, "lead"]


def test_a_sealed_choice_is_held_by_the_table_until_every_seat_locks(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "table")
    table.handle(EditDraft(1, {"value": 2}))
    with pytest.raises(Refused, match="Key in a bid before locking"):
        table.handle(Lock(2))
    table.handle(Lock(1))
    with pytest.raises(Refused, match="Your bid is locked"):
        table.handle(EditDraft(1, {"value": 3}))
    with pytest.raises(Refused, match="A bid is keyed in and locked"):
        table.handle(Decide(3, {"type": "bid", "seat": 3, "value": 1}))
    assert "bid" not in json.dumps(table.view("seat:3")["players"][0])  # seat 1's bid stays behind its screen
    assert table.view("seat:1")["table"]["draft"] == {"value": 2}
    assert [p["locked"] for p in table.view("public")["players"]] == [True, False, False]
    table.handle(Unlock(1))
    table.handle(EditDraft(1, {"value": 3}))
    bid_all(table, {2: 1, 3: 1, 1: 3})
    assert [p["bid"] for p in table.view("public")["players"]] == [3, 1, 1]
    assert table.view("public")["table"]["asking"]["kind"] == "dice"
    with pytest.raises(Refused, match="Bids are made only at the start of a round"):
        table.handle(EditDraft(1, {"value": 1}))


def test_with_pace_wait_for_the_table_the_reveal_waits_for_the_steps(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "pi")
    table.handle(SetPace("orders"))
    bid_all(table)
    assert table.actions() == 0 and table.paused()  # the set-up step is not done: the bids wait
    table.handle(Acknowledge(len(table.steps())))
    assert table.actions() == 5  # three bids, the die and the card


def test_a_toy_game_rolls_back_imports_and_exports(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "pi")
    play(table, None)
    record = table.record()
    assert table.record_of(table.game_id or 0) == record
    table.handle(Rollback(3, confirm=True))
    assert table.actions() == 5  # back before the die: the Pi draws it again, as the seed says
    assert outcomes_of(table.record()) == outcomes_of(record)[:2]

    other = open_table(tmp_path / "other.db")
    other.handle(ImportGame(record))
    assert other.game_key == TOY and other.record() == record and not other.playing()


def test_an_unknown_game_is_refused_in_words(tmp_path: Path) -> None:
    table = open_table(tmp_path / "x.db")
    with pytest.raises(Refused, match="There is no game chess on this table: the games are .*xidit"):
        table.handle(NewGame(setup(), game="chess"))
    with pytest.raises(Refused, match="Chance is drawn by one of pi, table"):
        table.handle(NewGame(setup(), game=TOY, chance="dice"))
    assert not table.has_game()


def test_a_stored_game_of_a_game_this_companion_lacks_leaves_the_table_empty(tmp_path: Path) -> None:
    with Store(tmp_path / "x.db") as store:
        store.new_game("", {"players": []}, game="nosuchgame")
    table = open_table(tmp_path / "x.db")
    assert not table.has_game() and table.game_key == "xidit"
    table.handle(NewGame(setup(), game=TOY))  # and the table still starts games
    assert table.game_key == TOY


def test_a_seat_outside_the_game_cannot_tell_a_roll(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "table")
    bid_all(table)
    with pytest.raises(Refused, match="There is no seat 7 in this game"):
        table.handle(Tell(3, by="seat:7"))
    assert table.record()["moves"][3:] == []
