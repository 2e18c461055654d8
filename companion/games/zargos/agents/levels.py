"""Zargos's virtual players by level, each deciding from its own seat's view and the choice awaited from
it (what that seat's phone shows), never from the game:

- `random`: the engine's random player (`random_agent.py`), shown the map and what the view says of the
  board and of this turn's cards played;
- `normal`: weighs attacks by the dice odds, holds kingdoms, goes for Zargos late (`normal.py`).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, Protocol

from companion.games.zargos.rules import Board
from companion.games.zargos.rules.actions import Action
from companion.games.zargos.rules.choices import Choice

from .normal import NormalAgent
from .random_agent import RandomAgent
from .reading import Seen

LEVELS = ("random", "normal")


class Agent(Protocol):
    @property
    def level(self) -> str: ...

    def decide(self, view: dict[str, Any], choice: Choice) -> Action: ...


def lent_game(board: Board, land: dict[str, tuple[str, int]], played: frozenset[tuple[int, str, str]]) -> Any:
    """What the random player reads of a game, made from a view: the map, the holdings, and the cards
    already played this turn (12.8, Z-20)."""
    state = SimpleNamespace(land=land, window_played={(card, target) for _, card, target in played},
                            war={(seat, target.partition(":")[2]) for seat, card, target in played
                                 if card == "vent_de_guerre"})
    return SimpleNamespace(board=board, state=state)


class RandomLevel:
    level = "random"

    def __init__(self, board: Board, seed: int) -> None:
        self.board = board
        self.player = RandomAgent(random.Random(seed))

    def decide(self, view: dict[str, Any], choice: Choice) -> Action:
        seen = Seen.of(self.board, view, choice.seat)
        return self.player.move(lent_game(self.board, seen.land, seen.played), choice)


def make_agent(level: str, board: Board, seed: int) -> Agent:
    """The agent of a level, deterministic for `seed`; an unknown level is a ValueError."""
    if level == "random":
        return RandomLevel(board, seed)
    if level == "normal":
        return NormalAgent(board, seed)
    raise ValueError(f"unknown agent level {level!r}: use one of {', '.join(LEVELS)}")
