"""The engine's test players, for Xidit's tests and bench: whole games of random legal decisions, played
by the agents harness's loop (companion.agents.simulate) as `companion simulate` plays them."""

from __future__ import annotations

from typing import cast

from companion.agents import simulate
from companion.agents.simulate import game_seeds
from companion.games.xidit.rules import Game, Setup
from companion.games.xidit.rules.board import Board

from .kit import AGENTS
from .simulation import random_setup

__all__ = ["game_seeds", "play", "play_uniform", "random_setup"]


def play(board: Board, setup: Setup, agent_seed: int) -> Game:
    """Plays one game to its end with random legal decisions, programs often planned toward tiles."""
    return cast(Game, simulate.play(AGENTS, board, setup, agent_seed))


def play_uniform(board: Board, setup: Setup, agent_seed: int) -> Game:
    """Plays one game with uniformly random legal decisions (no route planning)."""
    return cast(Game, simulate.play(AGENTS, board, setup, agent_seed, planned=False))
