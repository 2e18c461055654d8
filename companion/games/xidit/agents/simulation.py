"""Xidit's side of `companion simulate`: its setups and its summary of games (winners, values per category,
colossus awakenings). The loops are the agents harness's (companion.agents.simulate)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.games.xidit.rules import Game, Seat, Setup
from companion.games.xidit.rules.terms import CATEGORIES, PLAYER_COLOURS


def random_setup(players: int, short: bool, seed: int, neutral: str = "normal") -> Setup:
    """Seats 1 to `players` in the colours' order, a first player drawn from `seed`."""
    rng = random.Random(seed)
    return Setup(
        players=tuple(Seat(i + 1, PLAYER_COLOURS[i]) for i in range(players)),
        length="short" if short else "long",
        first_player=rng.randint(1, players),
        neutral=neutral if players == 3 else None,
        seed=seed,
    )


def options_of(short: bool, neutral: str = "normal") -> dict[str, str]:
    return {"length": "short" if short else "long", "neutral": neutral}


@dataclass
class Summary:
    players: int
    short: bool
    games: int = 0
    winners: Counter[str] = field(default_factory=Counter)
    totals: dict[str, float] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0.0))
    awakenings: int = 0
    games_with_awakening: int = 0
    actions: int = 0
    agents: tuple[str, ...] = ()  # one level per seat when the games are between agents

    def add(self, game: Game) -> None:
        self.games += 1
        outcome = game.outcome()
        assert outcome is not None
        self.winners["neutral" if outcome.neutral_won else str(outcome.winner)] += 1
        for rnd in game.state.rounds:
            self.totals[rnd.category] += sum(rnd.values.values()) / len(rnd.values)
        self.awakenings += game.state.awakenings
        self.games_with_awakening += game.state.awakenings > 0
        self.actions += len(game.actions)

    def to_json(self) -> dict[str, Any]:
        n = max(self.games, 1)
        return {
            "players": self.players, "length": "short" if self.short else "long", "games": self.games,
            "winners": dict(sorted(self.winners.items())),
            "average_values": {c: round(v / n, 2) for c, v in self.totals.items()},
            "awakenings": self.awakenings, "games_with_awakening": self.games_with_awakening,
            "average_actions": round(self.actions / n, 1),
        } | self._agents_json()

    def _agents_json(self) -> dict[str, Any]:
        if not self.agents:
            return {}
        seats = [str(s) for s in range(1, len(self.agents) + 1)]
        wins = {s: self.winners[s] for s in seats}
        if self.players == 3:
            wins["neutral"] = self.winners["neutral"]
        return {"agents": list(self.agents), "wins_by_seat": wins}

    def lines(self) -> list[str]:
        data = self.to_json()
        wins = ", ".join(f"seat {k}: {v}" if k != "neutral" else f"neutral: {v}" for k, v in data["winners"].items())
        avg = ", ".join(f"{c} {v}" for c, v in data["average_values"].items())
        played = (f"{data['length']} games between agents ({', '.join(self.agents)})" if self.agents
                  else f"random {data['length']} games")
        return [
            f"{self.games} {played} with {self.players} players, all played to the end",
            f"winners: {wins}",
            f"average value per player: {avg}",
            f"colossus awakenings: {self.awakenings} in all, in {self.games_with_awakening} games",
            f"people's decisions per game: {data['average_actions']}",
        ]
