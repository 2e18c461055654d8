"""The framework's virtual players for a game without agents of its own (`GameModule.agents` None): one
level, `random`, a legal move at random (the game's testing part's `random_move` when the harness lends the
game, else one of the choice's listed moves, `Choice.enumerate()`). Enough for a config's or `--agents`'
virtual seats, `companion simulate` and the tests to play a game of rules alone; a referee is offered no
random player (companion/table/seats.py: no opponent), so a game that wants virtual opponents writes agents.

A sealed move is keyed in as the framework's table part keys it (companion/table/default_part.py): one draft
of the move's fields, then locked."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .agents import AgentKit
from .move_words import HIDDEN

if TYPE_CHECKING:
    from .game import JSON, GameModule, Rules

RANDOM = "random"


def kit_of(game: GameModule) -> AgentKit:
    """The game's agents, or the framework's random player."""
    return game.agents if game.agents is not None else RandomKit(game)


class RandomPlayer:
    level = RANDOM

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: JSON, choice: Any) -> Any:
        return self.rng.choice(list(choice.enumerate()))


@dataclass
class Tally:
    """Who won how many of the games simulated."""

    players: int
    levels: tuple[str, ...]
    wins: dict[str, int] = field(default_factory=dict)

    def add(self, match: Any) -> None:
        result = match.result()
        for seat in result.winners if result is not None else ():
            self.wins[str(seat)] = self.wins.get(str(seat), 0) + 1

    def to_json(self) -> JSON:
        return {"players": self.players, "agents": list(self.levels), "wins": dict(sorted(self.wins.items()))}

    def lines(self) -> list[str]:
        return [f"{sum(self.wins.values())} games won, of {self.players} players"]


class RandomKit(AgentKit):
    levels = (RANDOM,)

    def __init__(self, game: GameModule) -> None:
        self._game = game

    @property
    def rules(self) -> Rules:
        rules: Rules = self._game.rules
        return rules

    @property
    def first_seat(self) -> int:  # type: ignore[override]
        return self._game.first_seat

    def make(self, level: str, pack: Any, seed: int) -> RandomPlayer:
        if level != RANDOM:
            raise ValueError(f"unknown level {level!r}: this game's only virtual player is {RANDOM!r}")
        return RandomPlayer(seed)

    def random_action(self, rng: random.Random, choice: Any, match: Any = None) -> Any:
        testing = self._game.testing
        if testing is not None and match is not None:
            return testing.random_move(match, choice, rng)
        return rng.choice(list(choice.enumerate()))

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> Any:
        rules, first = self._game.rules, self._game.first_seat
        seats = [(first + n, rules.colours[n % len(rules.colours)], None) for n in range(players)]
        return rules.default_setup(seats, options, seed)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Tally:
        return Tally(players, tuple(levels))

    def draft(self, action: Any, piece_by_piece: bool = False) -> tuple[JSON, ...]:
        return ({k: v for k, v in self._game.rules.move_to_json(action).items() if k not in HIDDEN},)
