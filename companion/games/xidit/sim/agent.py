"""Old name of `companion.games.xidit.agents.random_player` (see the package's docstring)."""

from companion.games.xidit.agents.random_player import (
    ORDER_WEIGHTS,
    PLANNED,
    USEFUL,
    decide,
    planned_program,
    random_split,
    random_units,
    routes,
)

__all__ = ["ORDER_WEIGHTS", "PLANNED", "USEFUL", "decide", "planned_program", "random_split", "random_units",
           "routes"]
