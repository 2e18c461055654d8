"""The levels a game's virtual players come in, from its `AgentKit`: what a config and `--agents` may name,
and what a referee is offered (every level but `random`, a test agent and no opponent)."""

from __future__ import annotations

from companion.core import registry
from companion.core.agents import AgentKit
from companion.core.game import GameModule
from companion.core.random_agents import kit_of

RANDOM = "random"


def kit(game: GameModule | str = registry.DEFAULT) -> AgentKit:
    """The game's agents, or the framework's random player for a game without (companion.core.random_agents)."""
    return kit_of(registry.load(game) if isinstance(game, str) else game)


def levels(game: GameModule | str = registry.DEFAULT) -> tuple[str, ...]:
    """Every level of the game's agents, the random test agent first."""
    return tuple(kit(game).levels)


def seated(game: GameModule | str = registry.DEFAULT) -> tuple[str, ...]:
    """The levels a referee may seat."""
    return tuple(level for level in levels(game) if level != RANDOM)
