"""The virtual players by level. Each decides from its own seat's view and the choice awaited from it
(what that seat's phone shows: `Game.view("seat:N")` and `Game.legal(N)`), never from the game.

- `random`: random legal decisions (the engine's test agent, `play_uniform`'s);
- `easy`: the planning agent of `.random_player`: walks to the nearest useful tile;
- `normal`: the planning agent's programs, every other decision weighed with the evaluation;
- `strong`: the same decisions, and programs searched: candidates played through the year in sampled
  worlds.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from companion.games.xidit.rules import actions as a
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import Choice, ProgramChoice

from . import decisions
from . import random_player as easy
from .search import Budget, choose_program
from .world import sample_world


class Agent(Protocol):
    level: str

    def decide(self, view: dict[str, Any], choice: Choice) -> a.Action:
        """A legal action for `choice`, from what the seat of `choice` sees in `view`."""
        ...


class RandomAgent:
    level = "random"

    def __init__(self, board: Board, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], choice: Choice) -> a.Action:
        return easy.decide(self.rng, choice)


class EasyAgent:
    level = "easy"

    def __init__(self, board: Board, seed: int) -> None:
        self.board, self.rng = board, random.Random(seed)

    def decide(self, view: dict[str, Any], choice: Choice) -> a.Action:
        # The planning agent reads only its own seat and the public board from a state; a sampled
        # world gives it one without anything the view hides.
        world = sample_world(self.board, view, choice.seat, random.Random(self.rng.getrandbits(64)), choice)
        return easy.decide(self.rng, choice, world.state)


class SearchAgent:
    def __init__(self, board: Board, seed: int, level: str, budget: Budget) -> None:
        self.board, self.rng, self.level, self.budget = board, random.Random(seed), level, budget

    def decide(self, view: dict[str, Any], choice: Choice) -> a.Action:
        if isinstance(choice, ProgramChoice):
            return a.Program(choice.seat, choose_program(self.board, view, choice, self.rng, self.budget))
        world = sample_world(self.board, view, choice.seat, random.Random(self.rng.getrandbits(64)), choice)
        return decisions.decide(self.board, world.state, choice)


# normal searches nothing: its programs are the planning agent's, its other decisions are weighed.
BUDGETS = {"normal": Budget(worlds=0, candidates=0), "strong": Budget(worlds=6, candidates=8)}
LEVELS = ("random", "easy", "normal", "strong")


def make_agent(level: str, board: Board, seed: int) -> Agent:
    """The agent of a level, deterministic for `seed`; an unknown level is a ValueError."""
    if level == "random":
        return RandomAgent(board, seed)
    if level == "easy":
        return EasyAgent(board, seed)
    if level in BUDGETS:
        return SearchAgent(board, seed, level, BUDGETS[level])
    raise ValueError(f"unknown agent level {level!r}: use one of {', '.join(LEVELS)}")
