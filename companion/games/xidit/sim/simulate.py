"""Old name of Xidit's simulation helpers (see the package's docstring)."""

from companion.games.xidit.agents.play import game_seeds, play, play_uniform
from companion.games.xidit.agents.simulation import Summary, random_setup

__all__ = ["Summary", "game_seeds", "play", "play_uniform", "random_setup"]
