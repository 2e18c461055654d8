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
from companion.sim.simulate import game_seeds, play, play_uniform, random_setup


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


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


BENCHMARKS: list[tuple[Callable[[Board, int], Figure], int]] = [
    (engine_games_per_second, 300), (planned_games_per_second, 200), (replay_time, 50),
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
