"""The toy game's agents (companion.core.agents.AgentKit): a random player and a greedy one, so the agents
harness, `companion simulate` and the table's virtual players can be shown to work on a game that is not
Xidit, through the registry and the contract alone. An agent decides from its seat's view and choice only."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.agents import AgentKit

from .module import ToyRules
from .moves import Answer, AnswerChoice, Bid, BidChoice, Choice, Move, ToySetup, Turn
from .rules import ToyMatch

RULES = ToyRules()


class Greedy:
    """Bids high, plays its best card when it holds one worth more than a roll's average, blocks big rolls."""

    level = "greedy"

    def decide(self, view: dict[str, Any], choice: Choice) -> Move:
        if isinstance(choice, BidChoice):
            return Bid(choice.seat, max(choice.bids))
        if isinstance(choice, AnswerChoice):
            blocks = view["die"] is not None and view["die"] >= 4 and choice.hand
            return Answer(choice.seat, min(choice.hand) if blocks else None)
        best = max(choice.hand, default=0)
        return Turn(choice.seat, "play", best) if best >= 4 else Turn(choice.seat, "roll")


class RandomAgent:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], choice: Choice) -> Move:
        return self.rng.choice(choice.enumerate())


@dataclass
class Summary:
    players: int
    levels: tuple[str, ...]
    wins: dict[str, int] = field(default_factory=dict)

    def add(self, match: ToyMatch) -> None:
        result = match.result()
        assert result is not None
        for seat in result.winners:
            self.wins[str(seat)] = self.wins.get(str(seat), 0) + 1

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "agents": list(self.levels), "wins": dict(sorted(self.wins.items()))}

    def lines(self) -> list[str]:
        return [f"{sum(self.wins.values())} wins in toy games of {self.players} players"]


class ToyAgents(AgentKit):
    levels = ("random", "greedy")
    rules = RULES
    first_seat = RULES.first_seat  # 0: the toy numbers its seats from 0, as Zargos does

    def make(self, level: str, pack: Any, seed: int) -> Greedy | RandomAgent:
        if level == "greedy":
            return Greedy()
        if level == "random":
            return RandomAgent(seed)
        raise ValueError(f"unknown level {level!r}")

    def random_action(self, rng: random.Random, choice: Choice, match: Any = None) -> Move:
        return rng.choice(choice.enumerate())

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> ToySetup:
        return RULES.default_setup([(seat, RULES.colours[seat], None) for seat in range(players)], options, seed)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, tuple(levels))

    def draft(self, action: Move, piece_by_piece: bool = False) -> tuple[dict[str, Any], ...]:
        if not isinstance(action, Bid):
            raise ValueError("only a bid is sealed in the toy game")
        return ({"bid": action.bid},)
