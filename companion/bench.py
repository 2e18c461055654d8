"""`companion bench`: the performance figures the issues name, measured here and now.

Figures come from repeated runs on this machine; nothing here is asserted by a test.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.rules import Game
from companion.rules.board import Board
from companion.sim.simulate import game_seeds, play, random_setup


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


def engine_games_per_second(board: Board, games: int = 200) -> Figure:
    seeds = game_seeds(2026, games)
    start = time.perf_counter()
    for s in seeds:
        play(board, random_setup(5, False, s), s)
    elapsed = time.perf_counter() - start
    return Figure("engine: random complete 5-player long games", games / elapsed, "games/s", games,
                  "≥ 200 games/s on one core", "one process, one thread")


def replay_time(board: Board, runs: int = 50) -> Figure:
    game = play(board, random_setup(5, False, 7), 7)
    actions = list(game.actions)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        Game.replay(board, game.setup, actions)
        samples.append((time.perf_counter() - start) * 1000)
    return Figure("engine: replay a complete 5-player long game from its record", statistics.median(samples),
                  "ms (median)", runs, "≤ 20 ms", f"{len(actions)} actions; p99 {percentile(samples, 99):.2f} ms")


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


BENCHMARKS: list[Callable[[Board], Figure]] = [engine_games_per_second, replay_time]


def run(board: Board) -> dict[str, Any]:
    return {"machine": machine(), "figures": [bench(board).to_json() for bench in BENCHMARKS]}


def table(result: dict[str, Any]) -> list[str]:
    m = result["machine"]
    lines = [f"machine: {m['platform']} ({m['cpus']} cpus), Python {m['python']}"]
    for f in result["figures"]:
        goal = f"  goal {f['goal']}" if f["goal"] else ""
        note = f"  ({f['note']})" if f["note"] else ""
        lines.append(f"{f['name']}: {f['value']} {f['unit']} over {f['runs']} runs{goal}{note}")
    return lines
