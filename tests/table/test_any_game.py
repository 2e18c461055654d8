"""The table runs a game it does not know (the shared toy, tests/games/toy, with its table part table.py),
found through the registry by the key stored with the game: its sealed bid through the game's drafts (locks,
refusals, the reveal, the pace hold), chance drawn by the Pi in the transaction of the move that led to it,
a rollback, an import and an export; an unknown game is refused in words, and a stored game of a game the
companion lacks leaves the table empty."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import (
    Acknowledge,
    Decide,
    EditDraft,
    ImportGame,
    NewGame,
    Refused,
    Rollback,
    Seal,
    SetPace,
    Table,
    Tell,
    Unseal,
)
from tests.engine import stored_log
from tests.games.toy import GAME as TOY

SETUP = {"players": 3, "rounds": 1, "teams": False, "seed": 5}


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    yield


def open_table(path: Path) -> Table:
    return Table.open(Store(path), default_pack_text())


def new_toy(path: Path, chance: str | None = None) -> Table:
    table = open_table(path)
    table.handle(NewGame(dict(SETUP), game="toy", chance=chance))
    return table


def bid_all(table: Table, bids: tuple[int, ...] = (1, 2, 0)) -> None:
    for seat, bid in enumerate(bids):
        table.handle(EditDraft(seat, {"bid": bid}))
        table.handle(Seal(seat))


def roll(table: Table, seat: int) -> None:
    table.handle(Decide(seat, {"type": "turn", "seat": seat, "do": "roll", "card": None}))


def test_the_pi_draws_in_the_transaction_of_the_move_that_led_to_it(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "pi.db")  # the toy's own policy: the Pi rolls
    bid_all(table)
    roll(table, 0)
    # The roll and its die were stored together, the die marked as the Pi's.
    log = stored_log(table)
    assert [(e["type"], e.get("by")) for e in log[3:]] == [("turn", None), ("chance", "pi")]
    with Store(tmp_path / "pi.db") as store:
        stored = store.load(table.game_id or 0)
    assert stored.entries == log and stored.game == "toy"
    # Its seed and the game's length make the draw: a restart resumes the same game, drawing nothing again.
    table.stop()
    again = open_table(tmp_path / "pi.db")
    assert stored_log(again) == log
    assert again.record()["moves"] == [{k: v for k, v in e.items() if k != "by"} for e in log]


def test_a_sealed_choice_is_held_by_the_table_until_every_seat_locks(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "table")
    table.handle(EditDraft(0, {"bid": 2}))
    with pytest.raises(Refused, match="Key in a bid before locking"):
        table.handle(Seal(1))
    with pytest.raises(Refused, match="A bid is one of 0, 1, 2"):
        table.handle(EditDraft(1, {"bid": 7}))
    table.handle(Seal(0))
    with pytest.raises(Refused, match="Your bid is locked"):
        table.handle(EditDraft(0, {"bid": 1}))
    with pytest.raises(Refused, match="A bid is keyed in and locked"):
        table.handle(Decide(1, {"type": "bid", "seat": 1, "bid": 1}))
    assert table.view("seat:0")["table"]["draft"] == {"bid": 2}
    assert "draft" not in table.view("seat:1")["table"] and '"bid": 2' not in json.dumps(table.view("seat:1"))
    assert [p["locked"] for p in table.view("public")["players"]] == [True, False, False]
    assert table.actions() == 0  # nothing reaches the game before the last lock
    table.handle(Unseal(0))
    table.handle(EditDraft(0, {"bid": 1}))
    bid_all(table, (1, 1, 2))
    assert [p["revealed_bid"] for p in table.view("public")["players"]] == [1, 1, 2]
    with pytest.raises(Refused, match="Bids are made only at the start of a round"):
        table.handle(EditDraft(0, {"bid": 0}))


def test_with_pace_wait_for_the_table_the_reveal_waits_for_the_steps(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db")
    table.handle(SetPace("orders"))
    bid_all(table)
    assert table.actions() == 0 and table.paused()  # the set-up step is not done: the bids wait
    table.handle(Acknowledge(len(table.steps())))
    assert table.actions() == 3


def test_the_referee_or_any_seat_tells_a_public_roll_but_no_seat_outside_the_game(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "table")
    bid_all(table)
    roll(table, 0)
    with pytest.raises(Refused, match="There is no seat 8 in this game"):  # the toy's seat 7, read from 1
        table.handle(Tell(3, by="seat:7"))
    with pytest.raises(Refused, match="cannot be there: choose one of 1, 2, 3, 4, 5, 6"):
        table.handle(Tell(9, by="seat:2"))
    table.handle(Tell(3, by="seat:2"))
    assert stored_log(table)[-1] == {"type": "chance", "outcome": 3, "by": "seat:2"}
    assert [p["score"] for p in table.view("public")["players"]] == [1 + 3, 2, 0]  # nobody could block it
    table.handle(Decide(1, {"type": "turn", "seat": 1, "do": "roll", "card": None}))
    table.handle(Tell(5))  # the referee tells it too
    assert stored_log(table)[-1] == {"type": "chance", "outcome": 5, "by": "referee"}


def test_a_toy_game_rolls_back_imports_and_exports(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db")
    bid_all(table)
    roll(table, 0)
    for seat in (1, 2):  # the others may block the roll: they hold no card yet, so the turn goes on
        table.handle(Decide(seat, {"type": "turn", "seat": seat, "do": "draw", "card": None}))
    record = table.record()
    assert table.record_of(table.game_id or 0) == record and len(record["moves"]) == 9
    table.handle(Rollback(4, confirm=True))  # back to just after the roll: the Pi rolls it again, the same
    assert table.record()["moves"] == record["moves"][:5]
    put_back = next(step for step in table.steps() if step.kind == "restore")
    assert put_back.lines[0].text("en", -1) == "Put the scores back: 1, 2, 0."

    other = open_table(tmp_path / "other.db")
    other.handle(ImportGame(record))
    assert other.game_key == "toy" and other.record() == record


def test_an_unknown_game_is_refused_in_words(tmp_path: Path) -> None:
    table = open_table(tmp_path / "x.db")
    with pytest.raises(Refused, match="There is no game chess on this table: the games are .*xidit"):
        table.handle(NewGame(dict(SETUP), game="chess"))
    with pytest.raises(Refused, match="Chance is drawn by one of pi, table"):
        table.handle(NewGame(dict(SETUP), game="toy", chance="dice"))
    assert not table.has_game()


def test_a_stored_game_of_a_game_this_companion_lacks_leaves_the_table_empty(tmp_path: Path) -> None:
    with Store(tmp_path / "x.db") as store:
        store.new_game("", {"players": []}, game="nosuchgame")
    table = open_table(tmp_path / "x.db")
    assert not table.has_game() and table.game_key == "xidit"
    table.handle(NewGame(dict(SETUP), game="toy"))  # and the table still starts games
    assert table.game_key == "toy"


def test_a_tell_while_nothing_is_rolled_or_drawn_is_refused(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "table")
    with pytest.raises(Refused, match="The game is not waiting for a roll or a draw"):
        table.handle(Tell(3, by="seat:1"))
    assert table.actions() == 0


def test_games_of_a_game_this_companion_lacks_are_left_out_of_the_lists(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db")
    with Store(tmp_path / "toy.db") as store:
        store.set_aside(store.new_game("", {"players": []}, game="nosuchgame"))
    first = table.game_id
    table.handle(NewGame(dict(SETUP), game="toy", replacing=first))
    assert [g["game"] for g in table.set_aside()] == [first]
