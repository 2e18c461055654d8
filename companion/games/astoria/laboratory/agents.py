"""The Laboratory's virtual players (companion.core.agents.AgentKit): "random", which makes an object
whenever it can and otherwise picks an action kind, then a move of that kind, at random (the testing part's
random move); and "normal", the sensible alchemist (sensible.py: it completes its cards and keeps the other
team's Flask empty), the level a referee is offered."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.agents import AgentKit

from .module import RULES
from .rules import LabChoice, LabMatch, LabSetup
from .rules.moves import Move
from .sensible import SensibleAgent
from .testing import TESTING


class RandomAgent:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], choice: LabChoice) -> Move:
        return TESTING.random_move(None, choice, self.rng)  # type: ignore[no-any-return]


@dataclass
class Summary:
    players: int
    levels: tuple[str, ...]
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    ends: dict[str, int] = field(default_factory=dict)

    def add(self, match: LabMatch) -> None:
        result = match.result()
        assert result is not None
        self.games += 1
        team = result.reason_params.get("team", "draw")
        self.wins[str(team)] = self.wins.get(str(team), 0) + 1
        reason = str(match.state.reason)
        self.ends[reason] = self.ends.get(reason, 0) + 1

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "agents": list(self.levels), "games": self.games,
                "wins": dict(sorted(self.wins.items())), "ends": dict(sorted(self.ends.items()))}

    def lines(self) -> list[str]:
        wins = ", ".join(f"{k} {v}" for k, v in sorted(self.wins.items()))
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.ends.items()))
        return [f"{self.games} Laboratory games of {self.players} players: wins {wins}; ended by {ends}"]


class LaboratoryAgents(AgentKit):
    levels = ("random", "normal")
    rules = RULES
    first_seat = 1

    def make(self, level: str, pack: Any, seed: int) -> RandomAgent | SensibleAgent:
        if level == "random":
            return RandomAgent(seed)
        if level == "normal":
            return SensibleAgent(pack, seed)
        raise ValueError(f"unknown level {level!r}: the Laboratory has {', '.join(self.levels)}")

    def random_action(self, rng: random.Random, choice: LabChoice, match: Any = None) -> Move:
        return TESTING.random_move(match, choice, rng)  # type: ignore[no-any-return]

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> LabSetup:
        return RULES.default_setup([(seat, "", None) for seat in range(1, players + 1)], options, seed)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, tuple(levels))

    def draft(self, action: Move, piece_by_piece: bool = False) -> tuple[dict[str, Any], ...]:
        raise ValueError("the Laboratory has no sealed choice")


AGENTS = LaboratoryAgents()
