"""Steps per round: how many steps the physical table is told a round (issue 29), through the Zargos table
part's own steps (`table/steps.py`: the events of each move grouped as a table told them would be)."""

from __future__ import annotations

from collections import Counter

from companion.agents.match import agents_for, play_match
from companion.agents.simulate import game_seeds
from companion.bench.figure import Figure
from companion.games.zargos.agents import AGENTS
from companion.games.zargos.rules import Board, Game
from companion.table.steps import MAX_LINES, Step, game_steps


def table_steps(game: Game) -> list[Step]:
    """Every step of a played game, as a table told it move by move would have listed them."""
    return game_steps(game.board, game.setup, game.history, "zargos")


def steps_per_round(board: Board, games: int) -> list[Figure]:
    """Complete 4-player games of four normal agents, the Pi rolling and dealing: the steps of each round
    (the set-up, round 0, apart), their mean and the most in one round, and the longest step."""
    per_round: list[int] = []
    setup: list[int] = []
    longest = 0
    for seed in game_seeds(31, games):
        game = play_match(AGENTS, board, AGENTS.setup(4, {}, seed), agents_for(AGENTS, board, ("normal",) * 4, seed),
                          seed)
        assert isinstance(game, Game)
        steps = table_steps(game)
        rounds = Counter(step.round for step in steps)
        setup.append(rounds.pop(0, 0))
        per_round += rounds.values()
        longest = max(longest, *(len(step.lines) for step in steps))
    return [Figure("table: steps per round of a complete 4-player game (mean)", sum(per_round) / len(per_round),
                   "steps/round", games, note=f"{len(per_round)} rounds; the set-up apart: "
                                              f"{sum(setup) / len(setup):.0f} steps"),
            Figure("table: steps in the busiest round", max(per_round), "steps", games),
            Figure("table: lines of the longest step", longest, "lines", games, f"≤ {MAX_LINES} lines")]
