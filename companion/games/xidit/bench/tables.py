"""Table figures: from an input to the views published, and resuming a whole game from the store."""

from __future__ import annotations

import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.agents.bots import next_commands
from companion.bench.figure import Figure, percentile
from companion.games.xidit.bench.games import new_game_command
from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.rules.board import Board
from companion.store import Store
from companion.table import Table


def _played_table(board: Board, path: Path, players: int = 5) -> Any:
    """A table on a fresh store with a complete long game played through its queue."""
    table = Table.open(Store(path), default_pack_text())
    names: list[tuple[int, str, str | None]] = [
        (i + 1, c, None) for i, c in enumerate(("blue", "red", "green", "yellow", "black")[:players])]
    table.handle(new_game_command(names, "long", "normal", 7))
    return table


class _Arrival:
    """Times one change: from the submit until the last subscriber has received its view."""

    def __init__(self, samples: list[float]) -> None:
        self.samples = samples
        self.left = 0
        self.start = 0.0
        self.done = threading.Event()

    def expect(self, count: int) -> None:
        self.left, self.start = count, time.perf_counter()
        self.done.clear()

    def received(self, view: dict[str, Any]) -> None:
        self.left -= 1
        if self.left == 0:
            self.samples.append((time.perf_counter() - self.start) * 1000)
            self.done.set()


def input_to_views(board: Board, games: int) -> Figure:
    """From a command submitted to the loop until every subscriber (public + one per seat) has its view."""
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for n in range(games):
            table = _played_table(board, Path(folder) / f"latency{n}.db")
            readers = ["public"] + [f"seat:{s}" for s, _, _ in table.players()]
            arrival = _Arrival(samples)
            for reader in readers:  # each view made on the loop's thread after the change, as it is published
                table.watch(lambda version, reader=reader, table=table, arrival=arrival:
                            arrival.received(table.view(reader)))
            table.start()
            rng = random.Random(n)
            while table.playing():
                for command in next_commands(table, rng):
                    arrival.expect(len(readers))
                    table.submit(command).result()
                    arrival.done.wait(5)
            table.stop()
    return Figure("table: input to views published to 6 subscribers", percentile(samples, 50), "ms (p50)",
                  len(samples), "", f"p99 {percentile(samples, 99):.2f} ms; includes storing the action (fsync)")


def resume_time(board: Board, runs: int) -> Figure:
    samples = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "resume.db"
        table = _played_table(board, path)
        rng = random.Random(1)
        while table.playing():
            for command in next_commands(table, rng):
                table.handle(command)
        actions, game = table.actions(), table.game_id
        table.stop()  # closes the store
        with Store(path) as store:
            store.reopen(game)  # as if the last action were still to come
        for _ in range(runs):
            start = time.perf_counter()
            store = Store(path)
            Table.open(store, default_pack_text())
            samples.append((time.perf_counter() - start) * 1000)
            store.close()
    return Figure("table: resume a complete 12-year 5-player game from the store", statistics.median(samples),
                  "ms (median)", runs, "≤ 100 ms", f"{actions} actions; p99 {percentile(samples, 99):.2f} ms")
