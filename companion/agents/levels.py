"""The levels a game's virtual players come in, from its `AgentKit`: what a config and `--agents` may name,
and what a referee is offered (every level but `random`, a test agent and no opponent)."""

from __future__ import annotations

from companion.core import registry
from companion.core.agents import AgentKit
from companion.core.errors import CompanionError
from companion.core.game import GameModule

RANDOM = "random"


def kit(game: GameModule | str = registry.DEFAULT) -> AgentKit:
    """The game's agents; a game without virtual players is said in words."""
    module = registry.load(game) if isinstance(game, str) else game
    if module.agents is None:
        raise CompanionError(f"the game {module.key!r} has no virtual players")
    return module.agents


def levels(game: GameModule | str = registry.DEFAULT) -> tuple[str, ...]:
    """Every level of the game's agents, the random test agent first."""
    return tuple(kit(game).levels)


def seated(game: GameModule | str = registry.DEFAULT) -> tuple[str, ...]:
    """The levels a referee may seat."""
    return tuple(level for level in levels(game) if level != RANDOM)
