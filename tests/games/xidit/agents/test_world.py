"""A sampled world agrees with the view it was drawn from: what the seat sees is kept, and its
awaited choice is rebuilt from the view and the choice alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.agents.match import agents_for
from companion.games.xidit.agents.kit import AGENTS
from companion.games.xidit.agents.play import random_setup
from companion.games.xidit.agents.world import sample_world
from companion.games.xidit.rules import Game
from companion.games.xidit.rules.board import Board

VARYING = ("version", "awaiting")  # a sampled world has no history, and nobody else's turn in it


def seat_one_moments(board: Board, players: int, seed: int) -> Iterator[Game]:
    """Every moment of a whole game where seat 1 is awaited, its agents of mixed levels."""
    levels = ("normal", "easy", "random", "easy", "random")[:players]
    agents = agents_for(AGENTS, board, levels, seed)
    game = Game(board, random_setup(players, True, seed))
    while game.outcome() is None:
        seat = game.legal()[0].seat
        if 1 in {c.seat for c in game.legal()}:
            yield game
        game.push(agents[seat].decide(game.view(f"seat:{seat}"), game.legal(seat)[0]))


def without(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in VARYING}


def test_a_sampled_world_shows_its_seat_what_the_game_shows(board: Board) -> None:
    checked = 0
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        for game in seat_one_moments(board, players, seed):
            view, choice = game.view("seat:1"), game.legal(1)[0]
            world = sample_world(board, view, 1, random.Random(checked), choice)
            assert without(world.view("seat:1")) == without(view)
            assert world.legal(1)[0] == choice
            checked += 1
    assert checked > 100
