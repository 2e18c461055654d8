"""The table counts down Zargos's trading windows (companion/table/timed.py) with a fake clock: the set-up's
10 minutes (2.10, 2.11) and the 3 minutes after each deal (Z-21). When the time is up the table pushes
"time is up" once, stored in the clock's name; a restart finds the window with the time it had left; the
referee pauses, gives more time or closes it early, in the referee's name."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from companion.core import rebuild, registry
from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boards import default_pack_text
from companion.store import Store
from companion.table import Acknowledge, Countdown, NewGame, Refused, Rollback, SetPace, Table
from tests.engine import stored_log

from .support import BOARD, engine_view, play, read_printed, step


class Clock:
    """The table's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def open_table(path: Path, clock: Clock) -> Table:
    return Table.open(Store(path), default_pack_text(), game="zargos", clock=clock)


def at_trade(path: Path, clock: Clock) -> Table:
    table = open_table(path, clock)
    table.handle(NewGame({"players": 4, "seed": 3}, game="zargos"))
    play(table, 3, until=lambda t: t.phase() == "trade")
    return table


def time_ups(table: Table) -> list[dict[str, object]]:
    return [e for e in stored_log(table) if e.get("type") == "time_up"]


def test_when_the_ten_minutes_run_out_the_table_ends_the_trade_once(tmp_path: Path) -> None:
    # 2.10 "10 minutes, not one more", 2.11 "when the 10 minutes are up"
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    timer = table.view("public")["table"]["timer"]
    assert timer == {"window": "trade", "seconds": 600, "deadline": clock.now + 600, "left": 600,
                     "paused": False, "paused_by": None, "added": 0}
    assert table.view("seat:2")["table"]["timer"]["deadline"] == clock.now + 600  # every reader sees it
    clock.now += 599
    assert not table.tick() and table.phase() == "trade" and table.time_left() == 1
    clock.now += 1
    assert table.tick()
    assert table.phase() != "trade" and "timer" not in table.view("public")["table"]
    assert time_ups(table) == [{"type": "time_up", "seat": None, "window": "trade", "by": "clock"}]
    clock.now += 600
    assert not table.tick() and len(time_ups(table)) == 1  # pushed once
    assert table.history(1)[0]["text"].endswith("Time is up: trading is over.")


def test_a_restart_finds_the_window_with_the_time_it_had_left(tmp_path: Path) -> None:
    # 2.10: a yanked power cord loses nothing: the deadline is kept with the game
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    start = clock.now
    clock.now += 200
    table.stop()
    clock.now += 50  # the Pi restarts
    again = open_table(tmp_path / "z.db", clock)
    assert again.time_left() == 350 and again.view("public")["table"]["timer"]["deadline"] == start + 600
    clock.now = start + 600
    assert again.tick() and again.phase() != "trade"


def test_a_paused_window_keeps_its_time_across_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    clock.now += 100
    table.handle(Countdown("pause"))
    table.stop()
    clock.now += 5000
    again = open_table(tmp_path / "z.db", clock)
    timer = again.view("public")["table"]["timer"]
    assert timer["paused"] and timer["left"] == 500 and timer["paused_by"] == "referee"
    assert not again.tick() and again.phase() == "trade"


def test_a_deadline_further_than_the_window_a_clock_set_back_is_brought_within_it(tmp_path: Path) -> None:
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    table.stop()
    clock.now -= 86400  # a Pi without a clock battery starts a day behind
    again = open_table(tmp_path / "z.db", clock)
    assert again.time_left() == 600


def test_the_referee_pauses_gives_more_time_and_closes_early(tmp_path: Path) -> None:
    # 2.10 with the referee's hand on the clock; only the referee, and the clock once the time is up
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    with pytest.raises(Refused, match="Only the referee can do that"):
        table.handle(Countdown("pause", by="seat:1"))
    with pytest.raises(Refused, match="The time is not up yet"):
        table.handle(Countdown("close", by="clock"))
    with pytest.raises(Refused, match="Give 1 to 3600 more seconds"):
        table.handle(Countdown("extend", 0))
    with pytest.raises(Refused, match="paused, resumed, extended or closed"):
        table.handle(Countdown("stop"))
    clock.now += 100
    table.handle(Countdown("pause"))
    clock.now += 1000
    assert not table.tick() and table.time_left() == 500
    table.handle(Countdown("resume"))
    table.handle(Countdown("extend", 60))
    assert table.time_left() == 560 and table.view("public")["table"]["timer"]["seconds"] == 660
    table.handle(Countdown("close"))
    assert table.phase() != "trade"
    assert time_ups(table) == [{"type": "time_up", "seat": None, "window": "trade", "by": "referee"}]
    with pytest.raises(Refused, match="No timed window is open now"):
        table.handle(Countdown("pause"))


def test_the_players_all_done_before_the_time_end_the_window(tmp_path: Path) -> None:
    # 2.10: whichever comes first, everyone done or the time up
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    play(table, 3, until=lambda t: t.phase() != "trade")
    assert "timer" not in table.view("public")["table"]
    clock.now += 600
    assert not table.tick() and time_ups(table) == []


def test_the_magic_window_after_the_deal_is_counted_down_and_replays(tmp_path: Path) -> None:
    # Z-21: a 3-minute trade window after the distribution of 3.3; the record replays its end
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    clock.now += 600
    table.tick()
    play(table, 3, until=lambda t: t.phase() == "magic")
    timer = table.view("referee")["table"]["timer"]
    assert timer["window"] == "magic_trade" and timer["seconds"] == 180 and timer["deadline"] == clock.now + 180
    clock.now += 180
    assert table.tick() and table.phase() == "reinforce"
    record = table.record()
    assert [m["window"] for m in record["moves"] if m["type"] == "time_up"] == ["trade", "magic_trade"]
    replayed = rebuild.from_record(registry.load("zargos").rules, BOARD, record)
    assert engine_view(replayed.view("referee")) == engine_view(table.view("referee"))


def test_a_rollback_of_the_time_up_opens_the_window_again_and_before_it_ends_it(tmp_path: Path) -> None:
    # The referee takes back "time is up": the trading window opens again with its whole length (the
    # referee may close it at once); going back before the trade began leaves no window
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    opened = table.actions()
    clock.now += 600
    assert table.tick()
    clock.now += 30
    table.handle(Rollback(opened, confirm=True, seen=table.stored()))
    assert table.phase() == "trade" and table.view("public")["table"]["timer"]["deadline"] == clock.now + 600
    last_pick = max(n for n, m in enumerate(table.record()["moves"]) if m["type"] == "draft")
    table.handle(Rollback(last_pick, confirm=True, seen=table.stored()))
    assert table.phase() == "draft" and "timer" not in table.view("public")["table"]


def test_the_tables_loop_closes_the_window_by_itself(tmp_path: Path) -> None:
    clock = Clock()
    table = at_trade(tmp_path / "z.db", clock)
    table.tick_every = 0.05
    closed = threading.Event()
    table.watch(lambda version: closed.set() if table.phase() != "trade" else None)
    table.start()
    try:
        clock.now += 600
        assert closed.wait(10)
    finally:
        table.stop()
    assert len(time_ups(open_table(tmp_path / "z.db", clock))) == 1


def to_magic_held(path: Path, clock: Clock) -> Table:
    """A game whose magic window (Z-21) opens while the table still has steps to do, pace "wait for the
    table": each decision made once the table is done, the last one (the deal's) left undone."""
    table = at_trade(path, clock)
    clock.now += 600
    table.tick()
    table.handle(SetPace("orders"))
    agent = RandomAgent(random.Random(5))
    for _ in range(2000):
        if table.phase() == "magic":
            return table
        table.handle(Acknowledge(len(table.steps())))
        assert step(table, agent) or read_printed(table, 5)
    raise AssertionError("no magic window")


def test_the_magic_window_waits_for_the_table_and_starts_when_it_is_done(tmp_path: Path) -> None:
    # Z-21's 3 minutes are the players' to trade: while every phone waits for the table ("wait for the
    # table"), the clock does not run; it starts, whole, once the table has done its steps
    clock = Clock()
    table = to_magic_held(tmp_path / "z.db", clock)
    assert table.acknowledged() < len(table.steps())  # the phones are held
    timer = table.view("public")["table"]["timer"]
    assert timer["paused"] and timer["paused_by"] == "table" and timer["left"] == 180
    clock.now += 500
    assert not table.tick() and table.phase() == "magic" and table.time_left() == 180
    table.handle(Acknowledge(len(table.steps())))
    timer = table.view("public")["table"]["timer"]
    assert not timer["paused"] and timer["deadline"] == clock.now + 180
    clock.now += 179
    assert not table.tick() and table.phase() == "magic"
    clock.now += 1
    assert table.tick() and table.phase() != "magic"


def test_a_restart_while_the_table_is_held_keeps_the_window_whole(tmp_path: Path) -> None:
    # The minutes the table was held, and off, are not the players': the window is whole after the restart
    clock = Clock()
    table = to_magic_held(tmp_path / "z.db", clock)
    table.stop()
    clock.now += 300
    again = open_table(tmp_path / "z.db", clock)
    assert again.time_left() == 180
    again.handle(Acknowledge(len(again.steps())))
    assert again.view("public")["table"]["timer"]["deadline"] == clock.now + 180


def test_the_referees_pause_outlasts_the_tables_hold(tmp_path: Path) -> None:
    # A resume while the players are held does not start the clock; a pause of the referee's while they are
    # held is the referee's: the table being done does not start the window, the referee's resume does
    clock = Clock()
    table = to_magic_held(tmp_path / "z.db", clock)
    table.handle(Countdown("resume"))
    assert table.view("public")["table"]["timer"]["paused_by"] == "table"
    table.handle(Countdown("pause"))
    table.handle(Acknowledge(len(table.steps())))
    clock.now += 60
    assert table.view("public")["table"]["timer"]["paused_by"] == "referee" and table.time_left() == 180
    table.handle(Countdown("resume"))
    assert table.view("public")["table"]["timer"]["deadline"] == clock.now + 180
