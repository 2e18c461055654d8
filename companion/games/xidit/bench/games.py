"""A game of Lords of Xidit as the benches start it: the table's NewGame with Xidit's two options."""

from __future__ import annotations

from typing import Any

from companion.agents.bots import new_game
from companion.core import registry
from companion.table import NewGame


def new_game_command(players: list[tuple[int, str, str | None]], length: str, neutral: str, seed: int,
                     seats: dict[str, Any] | None = None) -> NewGame:
    return new_game(registry.load("xidit"), players, {"length": length, "neutral": neutral}, seed, seats)
