"""`companion bench`: the performance figures the issues name, measured here and now.

Figures come from repeated runs on this machine; nothing here is asserted by a test.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.boards import default_pack_text
from companion.rules import Game
from companion.rules.board import Board
from companion.sim.simulate import game_seeds, play, play_uniform, random_setup
from companion.store import Store
from companion.table.bots import new_game_command, next_commands
from companion.table.table import Table


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    runs: int
    goal: str = ""
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": round(self.value, 3), "unit": self.unit, "runs": self.runs,
                "goal": self.goal, "note": self.note}


def machine() -> dict[str, Any]:
    return {"platform": platform.platform(), "machine": platform.machine(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "processor": platform.processor() or platform.machine()}


def _games_per_second(board: Board, games: int, planned: bool) -> float:
    seeds = game_seeds(2026, games)
    start = time.perf_counter()
    for s in seeds:
        if planned:
            play(board, random_setup(5, False, s), s)
        else:
            play_uniform(board, random_setup(5, False, s), s)
    return games / (time.perf_counter() - start)


def engine_games_per_second(board: Board, games: int) -> Figure:
    return Figure("engine: random complete 5-player long games (uniform random agent)",
                  _games_per_second(board, games, planned=False), "games/s", games,
                  "≥ 200 games/s on one core", "one process, one thread, agent time included")


def planned_games_per_second(board: Board, games: int) -> Figure:
    return Figure("engine: complete 5-player long games (planning agent, as `simulate`)",
                  _games_per_second(board, games, planned=True), "games/s", games, "",
                  "agent plans routes to tiles; most of the time is the agent's")


def replay_time(board: Board, runs: int) -> Figure:
    game = play(board, random_setup(5, False, 7), 7)
    actions = list(game.actions)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        Game.replay(board, game.setup, actions)
        samples.append((time.perf_counter() - start) * 1000)
    return Figure("engine: replay a complete 5-player long game from its record", statistics.median(samples),
                  "ms (median)", runs, "≤ 20 ms", f"{len(actions)} actions; p99 {percentile(samples, 99):.2f} ms")


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
            readers = ["public"] + [f"seat:{s}" for s in table.game.state.seats]
            arrival = _Arrival(samples)
            for reader in readers:
                table.subscribe(reader, arrival.received)
            table.start()
            rng = random.Random(n)
            while table.game.outcome() is None:
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
        while table.game.outcome() is None:
            for command in next_commands(table, rng):
                table.handle(command)
        actions = table.game.version
        table.store.reopen(table.game_id)  # as if the last action were still to come
        table.store.close()
        for _ in range(runs):
            start = time.perf_counter()
            store = Store(path)
            Table.open(store, default_pack_text())
            samples.append((time.perf_counter() - start) * 1000)
            store.close()
    return Figure("table: resume a complete 12-year 5-player game from the store", statistics.median(samples),
                  "ms (median)", runs, "≤ 100 ms", f"{actions} actions; p99 {percentile(samples, 99):.2f} ms")


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


BENCHMARKS: list[tuple[Callable[[Board, int], Figure], int]] = [
    (engine_games_per_second, 300), (planned_games_per_second, 200), (replay_time, 50),
    (input_to_views, 3), (resume_time, 20),
]


def run(board: Board, scale: float = 1.0) -> dict[str, Any]:
    """Every figure; `scale` shrinks the run counts (tests use a small one to check the plumbing)."""
    return {"machine": machine(),
            "figures": [bench(board, max(1, round(runs * scale))).to_json() for bench, runs in BENCHMARKS]}


def table(result: dict[str, Any]) -> list[str]:
    m = result["machine"]
    lines = [f"machine: {m['platform']} ({m['cpus']} cpus), Python {m['python']}"]
    for f in result["figures"]:
        goal = f"  goal {f['goal']}" if f["goal"] else ""
        note = f"  ({f['note']})" if f["note"] else ""
        lines.append(f"{f['name']}: {f['value']} {f['unit']} over {f['runs']} runs{goal}{note}")
    return lines
