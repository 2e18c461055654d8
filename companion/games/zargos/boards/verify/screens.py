"""The screens of the Zargos map's walk-through, shaped like what the owner has in front of them.

The list follows the owner's own answers: one screen per kingdom (its name, its provinces, which one holds
the capital, the value printed there), one for Zargos (the Forbidden City and its two rings), one naming
the sea spaces and the lake, then one per province named so far (its land borders, the sea spaces it
touches) and one per sea space (the sea spaces next to it), and a last screen of counts made on the board
(the cross-check). What the rules fix (1.6, 1.8, 9.3) fixes the counts: ten kingdoms, 57 provinces.

| kind | key | fields |
|---|---|---|
| kingdom | ``kingdom:3`` (1 to 10) | ``name``, ``provinces`` (names), ``capital`` (one of them), ``value`` (or null) |
| zargos | ``zargos`` | ``forbidden_city``, ``around`` (3 names), ``coastal`` (6 names) |
| seas | ``seas`` | ``seas`` (names, the lake left out), ``lake`` (its name) |
| province | ``province:<id>`` | ``borders`` (province names), ``seas`` (sea names, the lake included) |
| sea | ``sea:<id>`` | ``links`` (sea names) |
| count | ``count`` | ``coastal`` (provinces touching a sea space or the lake), ``lake`` (provinces touching the lake) |
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Final

KINGDOMS: Final = 10  # 1.6
PROVINCES: Final = 57  # 1.8: 47 outside Zargos, 10 in it
FIELDS: Final = {
    "kingdom": ("name", "provinces", "capital", "value"),
    "zargos": ("forbidden_city", "around", "coastal"),
    "seas": ("seas", "lake"),
    "province": ("borders", "seas"),
    "sea": ("links",),
    "count": ("coastal", "lake"),
}
# The owner's time a screen (an estimate: a person does the walk): a kingdom's names and value take a
# minute; a province's borders, read off the board, 25 s; a sea space's neighbours 15 s; the counts 90 s.
SECONDS: Final = {"kingdom": 60, "zargos": 45, "seas": 45, "province": 25, "sea": 15, "count": 90}
GOAL_MINUTES: Final = 45


@dataclass(frozen=True)
class Screen:
    key: str
    kind: str
    name: str = ""  # province and sea screens: the name the owner gave it
    index: int = 0  # kingdom screens: 1 to 10

    @property
    def fields(self) -> tuple[str, ...]:
        return FIELDS[self.kind]


def slug(name: str) -> str:
    """A pack id from a printed name: `Cité Interdite` → `cite-interdite`."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "x"


def fixed_screens() -> list[Screen]:
    return [*(Screen(f"kingdom:{i}", "kingdom", index=i) for i in range(1, KINGDOMS + 1)),
            Screen("zargos", "zargos"), Screen("seas", "seas")]


def estimate(seas: int) -> tuple[int, int]:
    """The number of screens and the owner's seconds for a board with `seas` sea spaces (the lake included)."""
    screens = KINGDOMS + 2 + PROVINCES + seas + 1
    seconds = (KINGDOMS * SECONDS["kingdom"] + SECONDS["zargos"] + SECONDS["seas"] + PROVINCES * SECONDS["province"]
               + seas * SECONDS["sea"] + SECONDS["count"])
    return screens, seconds
