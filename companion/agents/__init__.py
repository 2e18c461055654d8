"""The agents harness: virtual players for any game, through the game's `AgentKit` (companion.core.agents).

- `match`: games between agents, each shown only its own seat's view and choice;
- `simulate`: games without people played to the end and summed up (`companion simulate`);
- `bots`: the virtual players of a running table, keying in commands as a box does;
- `levels`: the levels a game's agents come in.

Nothing here imports a game: the game comes from the registry (companion.core.registry) or from the caller.
"""

from companion.core.agents import Agent, AgentKit, Summary

__all__ = ["Agent", "AgentKit", "Summary"]
