"""What the pack checker finds: one record per problem, and the line a person reads for it.

Code that acts on a problem (the walk-through ties each to the question where it is fixed) reads the
record's fields; only people read `line`, so a message can be reworded without breaking that code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    table: str  # the pack's table it is in: "pack", "city", "road", "region", "tile", "colossus", "variants"
    label: str  # how the line names where it is: "road[4] (between 5 and 12)", or the table as a whole
    message: str  # what is wrong, in English
    index: int | None = None  # the entry's place in its array of tables; None: the table as a whole
    id: int | None = None  # the entry's own id, for the tables that have one (city, region)
    field: str | None = None  # the key at fault, when it is one key
    kind: str | None = None  # what is wrong, for the few problems code acts on (see the constants below)
    other: int | None = None  # DUPLICATE: the earlier entry's index; CUT_OFF: the city they are cut off from
    cities: tuple[int, ...] = ()  # the cities concerned (CUT_OFF: the group cut off; NOT_A_LOOP: the border)

    @property
    def line(self) -> str:
        return f"{self.label}: {self.message}"


DUPLICATE = "duplicate"  # a second road between the same two cities
UNREACHED = "unreached"  # a city no road reaches
CUT_OFF = "cut-off"  # a group of cities no road joins to the rest
NOT_A_LOOP = "not-a-loop"  # warning: a region's border cities are not one closed loop of roads
NO_REGION = "no-region"  # warning: a city on the border of no region


class Problems:
    """The problems found so far, in the order found."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, problem: Problem) -> None:
        self.found.append(problem)
