"""A finished game stays (issue 26, item 2): at game over the table keeps the game and its final scoring
on every page until the referee starts another, a restart shows it again, and it can be exported. Only a
run told to play a number of games with virtual players alone goes on to the next by itself."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from companion.agents.bots import Bots
from companion.config import Config, PlayerConfig
from companion.games.xidit.boards import default_pack_text
from companion.run import run
from companion.store import Store
from companion.table import Acknowledge, Command, NewGame, Refused, Table

from .support import new_toy_table

VIRTUAL = tuple(PlayerConfig(s, c, box="bot", level="random") for s, c in ((1, "blue"), (2, "red"), (3, "green")))


def finished_games(path: Path) -> list[tuple[int, int]]:
    with closing(sqlite3.connect(path)) as db:
        return [(int(i), int(f)) for i, f in db.execute("SELECT id, finished FROM games ORDER BY id")]


class Turns(threading.Event):
    """The run's loop waits on its stop event between two looks at the table: this one lets it look
    `turns` times once `ready` is set (no real waiting), then stops it."""

    def __init__(self, ready: threading.Event, turns: int = 8) -> None:
        super().__init__()
        self.ready, self.turns = ready, turns

    def wait(self, timeout: float | None = None) -> bool:
        if not self.is_set():
            assert self.ready.wait(120), "the virtual players did not finish their game"
            self.turns -= 1
            if self.turns <= 0:
                self.set()
        return self.is_set()


def play_to_the_end(table: Table, send: Callable[[Command], object] | None = None) -> None:
    """Plays the 3-seat game under way to its end with random legal choices (`send`: how each command goes
    to the table; by default at once, on a table whose loop is not running)."""
    bots = Bots(table, {1: "random", 2: "random", 3: "random"}, delay=0.0, seed=4)
    while table.outcome() is None:
        for command in bots.decide():
            (send or table.handle)(command)
    (send or table.handle)(Acknowledge(len(table.steps())))  # the table did all it was told, as it went


def test_a_game_played_to_its_end_stays_after_game_over_and_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    over = threading.Event()

    def stored(n: int) -> None:
        if (1, 1) in finished_games(path):
            over.set()

    config = Config(players=VIRTUAL, store=path, options=(("length", "short"),), web_port=-1, bot_delay=0.0)
    assert run(config, Turns(over), on_stored=stored) == 0
    assert finished_games(path) == [(1, 1)], "no new game started by itself at game over"

    # Restarted: the finished game is shown again, with its final scoring; none starts by itself.
    assert run(config, Turns(over)) == 0
    assert finished_games(path) == [(1, 1)]
    table = Table.open(Store(path), default_pack_text())
    try:
        assert table.game_id == 1 and table.outcome() is not None
        view = table.view("public")
        assert view["phase"] == "over" and len(view["scoring"]["rounds"]) == 3
        assert table.record()["format"] == "xidit-record/1"
    finally:
        table.stop()


def test_a_finished_game_exports_after_the_referee_starts_another(tmp_path: Path, toy_with_agents: object) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3, seed=6)  # the toy game: exporting is any game's
    bots = Bots(table, {0: "random", 1: "random", 2: "random"}, delay=0.0, seed=4)
    while table.outcome() is None:
        for command in bots.decide():
            table.handle(command)
    record = table.record()
    first = table.game_id
    assert first is not None
    table.handle(NewGame({"players": 3, "rounds": 1, "teams": False, "seed": 1}, game="toy"))
    assert table.game_id != first
    assert table.record_of(first) == record
    assert [g["game"] for g in table.finished()] == [first]
    try:
        table.record_of(99)
    except Refused as refused:
        assert "no such game" in str(refused)
    else:
        raise AssertionError("a game that does not exist is not exported")
    table.stop()
