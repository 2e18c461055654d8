"""Virtual players for Zargos: a random agent that picks among the legal moves, and `play`, which drives
a game to its end with agents for every seat and the Pi's dice and draws (seeded) for every chance node."""

from __future__ import annotations

from .random_agent import RandomAgent, play

__all__ = ["RandomAgent", "play"]
