"""Engine figures: complete games per second, and replaying a recorded game."""

from __future__ import annotations

import statistics
import time

from companion.bench.figure import Figure, percentile
from companion.games.xidit.agents.play import game_seeds, play, play_uniform, random_setup
from companion.games.xidit.rules import Game
from companion.games.xidit.rules.board import Board


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
