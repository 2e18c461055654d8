"""Agent figures: how long each level takes to decide, programs apart from the other decisions (the
issue's limits: 200 ms p99 for a program, 50 ms for anything else, on this machine)."""

from __future__ import annotations

import time

from companion.agents.match import agents_for, ask
from companion.bench.figure import Figure, percentile
from companion.games.xidit.agents.kit import AGENTS
from companion.games.xidit.agents.levels import LEVELS
from companion.games.xidit.agents.play import game_seeds, random_setup
from companion.games.xidit.rules import Game
from companion.games.xidit.rules.board import Board

GOALS = {"program": "≤ 200 ms p99", "other": "≤ 50 ms p99"}
TABLE = ("strong", "normal", "easy", "random", "strong")  # every level at one 5-player table


def decision_times(board: Board, games: int) -> list[Figure]:
    """Whole 5-player long games with every level seated; each decision timed as its seat takes it."""
    samples: dict[tuple[str, str], list[float]] = {(lv, kind): [] for lv in LEVELS for kind in GOALS}
    for seed in game_seeds(2121, games):
        agents = agents_for(AGENTS, board, TABLE, seed)
        game = Game(board, random_setup(len(TABLE), False, seed))
        while game.outcome() is None:
            seat = game.legal()[0].seat
            start = time.perf_counter()
            action = ask(game, agents[seat], seat)
            elapsed = (time.perf_counter() - start) * 1000
            samples[agents[seat].level, "program" if action.type == "program" else "other"].append(elapsed)
            game.push(action)
    return [
        Figure(f"agents: {level} decides a {'program' if kind == 'program' else 'decision other than a program'}",
               percentile(found, 50), "ms p50", len(found), GOALS[kind],
               f"p99 {percentile(found, 99):.1f} ms, the view and choice of its seat included")
        for (level, kind), found in samples.items() if found
    ]
