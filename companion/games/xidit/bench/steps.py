"""The table's chore: how many steps a year of a complete game gives the people at the table."""

from __future__ import annotations

from companion.bench.figure import Figure
from companion.games.xidit.agents.play import game_seeds, play, random_setup
from companion.games.xidit.rules.board import Board
from companion.table.steps import MAX_LINES, game_steps


def steps_per_year(board: Board, games: int) -> list[Figure]:
    """Steps per year at 4 players (long and short games together), and the longest step seen."""
    steps = years = longest = 0
    for n, seed in enumerate(game_seeds(13, games)):
        game = play(board, random_setup(4, n % 2 == 1, seed), seed)
        found = game_steps(board, game.setup, game.actions)
        steps += len(found)
        years += game.setup.years
        longest = max(longest, max(len(s.lines) for s in found))
    return [Figure("table: steps per year of a complete 4-player game", steps / years, "steps/year", games,
                   "≤ 10 steps/year", "long and short games alternately; setup and scoring included"),
            Figure("table: lines of the longest step", longest, "lines", games, f"≤ {MAX_LINES} lines")]
