"""Zargos's side of `companion simulate`: what simulated games add up to (who won, with which people, in how
many rounds and moves)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.games.zargos.rules import Game


@dataclass
class Summary:
    players: int
    agents: tuple[str, ...] = ()  # one level per seat (seats from 0) when the games are between agents
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)  # by seat
    peoples: Counter[str] = field(default_factory=Counter)  # the winning people (14.1)
    rounds: int = 0
    moves: int = 0
    masters: int = 0  # games in which someone became Master of the Winds (9.9)

    def add(self, game: Game) -> None:
        result = game.result()
        self.games += 1
        if result is not None:
            self.wins[str(result.winners[0])] += 1
            self.peoples[str(result.detail["people"])] += 1
        self.rounds += game.state.round
        self.moves += len(game.history)
        self.masters += any(entry.get("event") == "master" for entry in game.state.log)

    def to_json(self) -> dict[str, Any]:
        n = max(self.games, 1)
        out: dict[str, Any] = {
            "players": self.players, "games": self.games,
            "wins": {str(s): self.wins[str(s)] for s in range(self.players)},
            "peoples": dict(sorted(self.peoples.items())),
            "average_rounds": round(self.rounds / n, 2), "average_moves": round(self.moves / n, 1),
            "games_with_a_master": self.masters}
        if self.agents:
            out["agents"] = list(self.agents)
            out["wins_by_level"] = {level: sum(self.wins[str(s)] for s, a in enumerate(self.agents) if a == level)
                                    for level in dict.fromkeys(self.agents)}
        return out

    def lines(self) -> list[str]:
        data = self.to_json()
        played = f"games between agents ({', '.join(self.agents)})" if self.agents else "random games"
        lines = [f"{self.games} {played} with {self.players} players, each to a victory (14.1)",
                 "wins by seat: " + ", ".join(f"seat {s}: {n}" for s, n in data["wins"].items()),
                 f"average rounds: {data['average_rounds']}, moves and rolls per game: {data['average_moves']}",
                 f"games with a Master of the Winds: {self.masters}"]
        if self.agents:
            lines.insert(2, "wins by level: " + ", ".join(f"{k}: {v}" for k, v in data["wins_by_level"].items()))
        return lines
