"""Virtual players for Zargos: a random agent that picks among the legal moves, `play`, which drives a game
to its end with agents for every seat and the Pi's dice and draws (seeded) for every chance node, and the
levels the harness offers (`AGENTS`: random and normal)."""

from __future__ import annotations

from .kit import AGENTS, ZargosAgents
from .random_agent import RandomAgent, play

__all__ = ["AGENTS", "RandomAgent", "ZargosAgents", "play"]
