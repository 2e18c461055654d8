"""Games between agents: each decision is asked of the agent of the awaited seat, with that seat's view
and legal choice only."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.xidit.rules import Game, Setup
from companion.games.xidit.rules import actions as a
from companion.games.xidit.rules.board import Board

from .levels import Agent, make_agent


def ask(game: Game, agent: Agent, seat: int) -> a.Action:
    """What `agent`, sitting at `seat`, does now: it is shown that seat's view and choice, nothing else."""
    return agent.decide(game.view(f"seat:{seat}"), game.legal(seat)[0])


def agents_for(board: Board, levels: Sequence[str], seed: int) -> dict[int, Agent]:
    """One agent per seat (seats from 1), each with its own seed drawn from `seed`."""
    return {seat: make_agent(level, board, seed * 7919 + seat) for seat, level in enumerate(levels, start=1)}


def play_match(board: Board, setup: Setup, agents: dict[int, Agent]) -> Game:
    """Plays one game to its end; when several seats are awaited (programs, census), the first in
    turn order decides first."""
    game = Game(board, setup)
    while game.outcome() is None:
        seat = game.legal()[0].seat
        game.push(ask(game, agents[seat], seat))
    return game
