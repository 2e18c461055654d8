"""How a game is created: the number of players, how many peoples each runs, and the readings the table
chose where the text leaves a choice (Z-06, Z-14)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import BadRecord

OPTIONS: dict[str, tuple[str, ...]] = {
    "kingdom_cards": ("supply", "setup_holder"),  # Z-06: default, the capital cards go to a common supply
    "master_draw": ("draw_five", "fill_to_five"),  # Z-14: default, the Master draws 5 then keeps 5
}


@dataclass(frozen=True)
class Setup:
    players: int
    peoples_each: int = 0  # 0: as the rules give (2.4): two at 2-3 players, one at 4-6
    options: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise BadRecord(f"Zargos is played by 2 to 6 players (2.1), not {self.players}")
        each = self.peoples_each or (2 if self.players <= 3 else 1)
        allowed = {2: (2, 3), 3: (2,)}.get(self.players, (1,))
        if each not in allowed:
            raise BadRecord(f"at {self.players} players each runs {' or '.join(map(str, allowed))} "
                            f"peoples (2.4, 15.1), not {each}")
        object.__setattr__(self, "peoples_each", each)
        for name, value in self.options:
            if value not in OPTIONS.get(name, ()):
                raise BadRecord(f"unknown option {name}={value}")

    def option(self, name: str) -> str:
        return dict(self.options).get(name, OPTIONS[name][0])


def setup_to_json(setup: Setup) -> dict[str, Any]:
    return {"players": setup.players, "peoples_each": setup.peoples_each, "options": dict(setup.options)}


def setup_from_json(data: Any) -> Setup:
    if not isinstance(data, dict):
        raise BadRecord("the setup must be an object with players, peoples_each and options")
    players, each, options = data.get("players"), data.get("peoples_each", 0), data.get("options", {})
    if not isinstance(players, int) or not isinstance(each, int) or not isinstance(options, dict):
        raise BadRecord("setup: players and peoples_each must be whole numbers, options an object")
    return Setup(players, each, tuple(sorted((str(k), str(v)) for k, v in options.items())))
